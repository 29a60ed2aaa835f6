"""bench/pinned_hard/: the frozen copy of the old `hard` (issue 25) that bench/hard_vs_pinned.py
plays the new one against must play exactly as the old one. The tree keeps the old search
(`search=halving`, with the current model, heuristic and evaluation): while those are
unchanged the two give the same searches and the same games; a change to the heuristic or
the evaluation shows up here (the copy keeps the old ones)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from zxdeck.agents.heuristic import HeuristicAgent
from zxdeck.agents.mcts import MctsAgent
from zxdeck.engine import Game
from zxdeck.engine.rng import Rng

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "examples" / "decks"


@pytest.fixture(scope="module")
def pinned():
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import pinned_hard
    finally:
        sys.path.remove(str(ROOT / "bench"))
    return pinned_hard


@pytest.fixture(scope="module")
def specs():
    from zxdeck.catalog import open_catalog
    from zxdeck.deck import read_deck
    from zxdeck.engine.decks import spec_from_deck

    cat = open_catalog(None)
    return {c: spec_from_deck(read_deck(str(DECKS / f"{c}.txt"), cat)) for c in ("red", "blue")}


def old_hard(seed: int, budget: int) -> MctsAgent:
    return MctsAgent(seed, budget=budget, search="halving", horizon=1, width=4)


def test_pinned_copy_is_the_old_hard_level(pinned) -> None:
    agent = pinned.pinned_hard(5)
    assert pinned.SPEC == "mcts:budget=800,search=halving,horizon=1,width=4"
    assert (agent.budget, agent.search, agent.horizon, agent.width) == (800, "halving", 1, 4)
    assert type(agent.model).__module__ == "pinned_hard.zx_search"


def test_pinned_copy_searches_as_the_halving_search(pinned, specs) -> None:
    g = Game(specs["red"], specs["blue"], seed=3)
    agents = (HeuristicAgent(1), HeuristicAgent(2))
    compared = 0
    while not g.is_over() and compared < 4:
        if g.decision_kind() == "main" and len(g.legal_actions()) >= 3:
            a = pinned.pinned_hard(9, budget=24).candidates(g, Rng(11))
            b = old_hard(9, 24).candidates(g, Rng(11))
            assert [(c.action, c.win, c.playouts, c.prior) for c in a] == \
                [(c.action, c.win, c.playouts, c.prior) for c in b]
            compared += 1
        g.apply(agents[g.current_player()].choose(g))
    assert compared == 4


def test_pinned_copy_plays_the_same_game(pinned, specs) -> None:
    def game(agent) -> list:
        g = Game(specs["blue"], specs["red"], seed=12)
        players = (agent, HeuristicAgent(4))
        while not g.is_over():
            g.apply(players[g.current_player()].choose(g))
        return [str(a) for a in g.history]

    moves = game(pinned.pinned_hard(21, budget=6))
    assert len(moves) > 20
    assert moves == game(old_hard(21, 6))
