"""Every card of the built-in MOZ catalog is played by the engine: random matches between decks
that together hold the whole catalog, with the engine's invariants checked at every decision
(N-5: effects come from the catalog's `abilities`; N-6, V-6)."""

from __future__ import annotations

from moz_invariants import Watch

from zxdeck.games.moz.catalog.loader import load_catalog
from zxdeck.games.moz.engine import Game
from zxdeck.rng import Rng

MATCHES = 48


def decks(seed: int) -> tuple[list, list]:
    """Two 55-card decks (5 summoners, 50 others) cut from the catalog at an offset that moves
    with the seed, so that the matches together use every card."""
    cards = list(load_catalog())
    summoners = [c for c in cards if c.type == "summoner"]
    others = [c for c in cards if c.type != "summoner"]
    out = []
    for side in range(2):
        start = (seed * 2 + side)
        pile = [summoners[(start * 5 + k) % len(summoners)] for k in range(5)]
        zone = [others[(start * 50 + k) % len(others)] for k in range(50)]
        out.append(pile + zone)
    return out[0], out[1]


def test_the_matches_use_every_card() -> None:
    used = {c.id for seed in range(MATCHES) for deck in decks(seed) for c in deck}
    assert used == {c.id for c in load_catalog()}


def test_every_catalog_card_plays_under_the_invariants() -> None:
    reasons: dict[str, int] = {}
    for seed in range(MATCHES):
        d1, d2 = decks(seed)
        g = Game(d1, d2, seed=seed, record=False)
        rng = Rng(seed ^ 0xCA7)
        watch = Watch(seed, hidden_every=11)
        watch(g)
        while not g.is_over():
            actions = g.legal_actions()
            g.apply(actions[rng.randbelow(len(actions))])
            watch(g)
        reasons[g.reason] = reasons.get(g.reason, 0) + 1
    assert sum(reasons.values()) == MATCHES and set(reasons) <= {"vp", "deck_out", "turn_limit"}
