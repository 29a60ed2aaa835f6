"""Random MOZ matches with every invariant checked at every decision (N-6, N-3, N-7, V-6, W-1..W-3).

The suite plays 200 matches; `bench/fuzz_moz.py --games 1000` plays more (docs/MOZ.md records runs).
"""

from __future__ import annotations

from moz_fixture import fixture_deck
from moz_invariants import Watch

from zxdeck.games.moz.engine import Game
from zxdeck.rng import Rng

GAMES = 200


def play_random(seed: int, watch: Watch | None = None) -> Game:
    g = Game(fixture_deck(seed % 7), fixture_deck((seed * 3 + 1) % 7), seed=seed, record=False)
    rng = Rng(seed ^ 0x5EED)
    if watch:
        watch(g)
    while not g.is_over():
        acts = g.legal_actions()
        g.apply(acts[rng.randbelow(len(acts))])
        if watch:
            watch(g)
    return g


def test_random_matches_keep_every_invariant() -> None:
    """N-6 (conservation, faces), N-3 (hidden information), V-6 (VP never go down), N-8 (outcome)."""
    reasons: dict[str, int] = {}
    for seed in range(GAMES):
        g = play_random(seed, Watch(seed, hidden_every=7))
        assert g.is_over() and g.reason in ("vp", "deck_out", "turn_limit")  # N-8
        if g.reason == "vp":  # W-1
            assert g.winner is not None and g.vp[g.winner] >= 50
        reasons[g.reason] = reasons.get(g.reason, 0) + 1
    assert reasons.get("vp", 0) > GAMES // 2  # most matches end at 50 VP, as N-7 expects


def test_same_seed_same_match() -> None:
    """N-4: the same seed, decks and agents give the same match, move for move."""
    a, b = play_random(11), play_random(11)
    assert a.history == b.history and a.vp == b.vp
