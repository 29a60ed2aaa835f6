"""The search's canonical copy of a Z/X position (zxdeck.games.zx.agents.zx_search.canonical) keeps
the cards of the viewer's own pending pick where they are, as `Game.determinize` does.

A held-out run of `hard` against the pinned old `hard` crashed in the engine ("list.remove(x): x
not in list" in `_remove_from_deck`): the viewer's pick of the top card of its deck (C-2, play
free) was answered in a copy whose deck had been put in order, so the named card was no longer
on top. Every pending card pick of seeded games is checked here."""

from __future__ import annotations

from pathlib import Path

from zxdeck.agents.greedy import GreedyAgent
from zxdeck.engine import Game
from zxdeck.engine.rng import Rng
from zxdeck.games.zx.agents.zx_search import NON_CARD_PICKS_SET, canonical

DECKS = Path(__file__).resolve().parents[2] / "examples" / "decks"
COLORS = ("red", "blue", "white", "black", "green")


def _where(g: Game, iid: int) -> tuple[int, str, int] | None:
    for p, ps in enumerate(g.players):
        for zone in ("hand", "deck", "life", "trash", "dunamis"):
            cards = getattr(ps, zone)
            if iid in cards:
                return p, zone, cards.index(iid)
    return None


def own_card_picks(specs, games: int = 12):
    """Positions where the player to move answers a pick over cards (seeded greedy games)."""
    for k in range(games):
        g = Game(specs[COLORS[k % 5]], specs[COLORS[(k + 1) % 5]], seed=700 + k)
        agents = (GreedyAgent(k), GreedyAgent(k + 50))
        while not g.is_over():
            d = g.decision
            if d is not None and d[0] == "pick" and d[2] not in NON_CARD_PICKS_SET \
                    and d[1] == g.current_player():
                yield g
            g.apply(agents[g.current_player()].choose(g))


def test_the_viewers_pending_pick_names_the_same_cards_in_the_same_places(specs) -> None:
    seen = 0
    for g in own_card_picks(specs):
        me = g.current_player()
        c = canonical(g, me)
        for x in g.decision[3]:
            if isinstance(x, int):
                assert _where(c, x) == _where(g, x), (g.seed, g.decision[2], x)
        rng = Rng(g.seed)
        for _ in range(3):  # as the search does: a re-deal of the canonical copy, every answer
            det = c.determinize(me, rng)
            for a in det.legal_actions():
                det.clone().apply(a)
        seen += 1
    assert seen >= 10  # the games do reach such picks (searches, the top of the deck)
