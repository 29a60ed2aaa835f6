"""The search of zxdeck/agents/mcts.py on another game's API alone (MOZ), with a model of that
game plugged in: legal moves to the end, deterministic for a seed (N-4), both searches."""

from __future__ import annotations

import math

import pytest
from moz_fixture import fixture_deck

from zxdeck.agents.mcts import GameModel, MctsAgent
from zxdeck.games.moz.agents import make_agent
from zxdeck.games.moz.engine import Game


class VpModel(GameModel):
    """MOZ for the search: positions scored by the VP difference, the horizon counted in rounds."""

    def value(self, g: Game, p: int) -> float:
        if g.is_over():
            return super().value(g, p)
        return 1.0 / (1.0 + math.exp(-(g.vp[p] - g.vp[1 - p]) / 8.0))

    leaf_value = value

    def turn(self, g: Game) -> int:
        return g.round


def play(search: str, seed: int) -> Game:
    g = Game(fixture_deck(seed % 7), fixture_deck((seed * 3 + 1) % 7), seed=seed, record=False)
    agents = [MctsAgent(seed * 2 + 1, budget=8, search=search, horizon=0, width=4, model=VpModel),
              make_agent("random", seed * 2 + 2)]
    while not g.is_over():
        act = agents[g.current_player()].choose(g)
        assert act in g.legal_actions()
        g.apply(act)
    return g


@pytest.mark.parametrize("search", ["ucb", "halving"])
def test_generic_search_plays_moz_to_the_end_and_replays(search: str) -> None:
    """N-4: the same seed, decks and agents give the same match; every move is legal."""
    g = play(search, 2)
    assert g.is_over()
    assert g.history == play(search, 2).history


def test_default_model_needs_nothing_but_the_game_api() -> None:
    g = Game(fixture_deck(0), fixture_deck(1), seed=5, record=False)
    agent = MctsAgent(1, budget=6, search="halving", width=3, model=GameModel)
    while not g.is_over() and len(g.legal_actions()) == 1:
        g.apply(g.legal_actions()[0])
    found = agent.candidates(g, agent.rng)
    assert {c.action for c in found} == set(g.legal_actions())
    assert sum(c.playouts for c in found) >= 1
