"""MOZ agents: random, heuristic (knows the combos) and mcts, over the engine's API only."""

from __future__ import annotations

import pytest
from moz_fixture import fixture_deck

from zxdeck.errors import ZxError
from zxdeck.games.moz.agents import AgentFactory, make_agent
from zxdeck.games.moz.agents.heuristic import combo_potential
from zxdeck.games.moz.engine import Game


def play(a: str, b: str, seed: int) -> Game:
    g = Game(fixture_deck(seed % 7), fixture_deck((seed * 3 + 1) % 7), seed=seed, record=False)
    agents = [make_agent(a, seed * 2 + 1), make_agent(b, seed * 2 + 2)]
    while not g.is_over():
        act = agents[g.current_player()].choose(g)
        assert act in g.legal_actions()
        g.apply(act)
    return g


def test_heuristic_beats_random_in_a_seeded_match() -> None:
    """bench/bench_moz_agents.py measures it over many more games (docs/MOZ.md)."""
    wins = 0
    for seed in range(30):
        swap = seed % 2
        g = play("random", "heuristic", seed) if swap else play("heuristic", "random", seed)
        wins += g.winner == (1 if swap else 0)
    assert wins >= 25


def test_agents_are_deterministic_for_a_seed() -> None:
    """N-4: the same seed, decks and agents give the same match."""
    for spec in ("random", "heuristic", "mcts:8"):
        assert play(spec, "random", 3).history == play(spec, "random", 3).history


def test_mcts_plays_legal_moves_to_the_end() -> None:
    g = play("mcts:6", "heuristic", 1)
    assert g.is_over()


def test_combo_potential_sees_a_combo_in_the_hand() -> None:
    """C-2, C-5: the heuristic's estimate needs a help for the bottom and matching beasts."""
    g = Game(fixture_deck(0), fixture_deck(1), seed=0)
    while g.round == 0:
        g.apply(g.legal_actions()[0])
    assert combo_potential(g, 0) in (1, 2, 3, 4, 5, 6)


def test_bad_agent_specs_are_one_clear_error() -> None:
    with pytest.raises(ZxError, match="unknown MOZ agent"):
        make_agent("greedy")
    with pytest.raises(ZxError, match="budget"):
        AgentFactory("mcts:zero")
    assert AgentFactory("mcts:5").make(1).budget == 5
