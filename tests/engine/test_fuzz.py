"""Fuzz: 1,000 seeded games with the built-in example decks, every invariant checked at every decision.

Invariants (tests/support/invariants.py), at every decision of every kind: every card exactly once
in some zone and in its owner's zones (conservation), charge <= 4 unless its Z-5 choice is being
made, no R-1 / Z-5 process waiting below another decision, A-9 (no trigger waiting when a player
gets priority), a legal action whenever the game runs; hand <= 6 at each turn end (P-6); every game
ends (R-2, W-3). Chunks run in parallel under pytest-xdist.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from invariants import play_checked

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
