"""Fuzz: 1,000 seeded games with the built-in example decks, invariants checked after every action.

Invariants: every card exactly once in some zone and in its owner's zones (conservation), charge <= 4
at the player's decisions (Z-5), life >= 0, hand <= 6 at each turn end (P-6), a legal action
whenever the game runs, and every game ends (R-2, W-3). Chunks run in parallel under pytest-xdist.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from invariants import check_invariants

from zxdeck.agents import make_agent
from zxdeck.agents.match import agent_seed
from zxdeck.engine import Game

ROOT = Path(__file__).resolve().parents[2]
COLORS = ("red", "blue", "white", "black", "green")
PAIRS = (("random", "random"), ("greedy", "random"), ("random", "greedy"), ("greedy", "greedy"))
CHUNKS = 10
PER_CHUNK = 100


@pytest.fixture(scope="module")
def specs():
    from zxdeck.catalog import load_catalog
    from zxdeck.deck import read_deck
    from zxdeck.engine.decks import spec_from_deck

    cat = load_catalog(ROOT / "data" / "cards.yaml")
    return {c: spec_from_deck(read_deck(ROOT / "examples" / "decks" / f"{c}.txt", cat)) for c in COLORS}


def play_checked(g: Game, agents) -> int:
    ends: list[int] = []

    def listener(game: Game, event: str, data: dict) -> None:
        if event == "turn_end":
            ends.append(len(game.players[game.active].hand))

    g.listener = listener
    n = 0
    while not g.is_over():
        check_invariants(g)
        g.apply(agents[g.current_player()].choose(g))
        n += 1
        assert n < 20_000, "the game does not end"
    check_invariants(g)
    assert all(h <= 6 for h in ends), f"P-6: hand above 6 at a turn end: {max(ends)}"
    return n


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_fuzz_games(specs, chunk: int) -> None:
    reasons: dict[str, int] = {}
    for i in range(PER_CHUNK):
        seed = chunk * PER_CHUNK + i
        a, b = COLORS[seed % 5], COLORS[(seed // 5) % 5]
        kinds = PAIRS[seed % 4]
        agents = [make_agent(kinds[p], agent_seed(seed, p)) for p in (0, 1)]
        g = Game(specs[a], specs[b], seed=seed, turn_limit=100)
        play_checked(g, agents)
        assert g.reason in ("life", "card", "turn_limit")
        reasons[g.reason] = reasons.get(g.reason, 0) + 1
    assert reasons.get("life", 0) > PER_CHUNK // 2
