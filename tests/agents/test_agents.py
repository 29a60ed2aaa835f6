"""Computer players: registry, determinism, legality, and greedy beating random."""

from __future__ import annotations

from pathlib import Path

import pytest

from zxdeck.agents import AGENTS, make_agent, register
from zxdeck.agents.match import play_game
from zxdeck.engine import Game
from zxdeck.errors import ZxError

ROOT = Path(__file__).resolve().parents[2]
COLORS = ("red", "blue", "white", "black", "green")


@pytest.fixture(scope="module")
def specs():
    from zxdeck.catalog import load_catalog
    from zxdeck.deck import read_deck
    from zxdeck.engine.decks import spec_from_deck

    cat = load_catalog(ROOT / "data" / "cards.yaml")
    return {c: spec_from_deck(read_deck(ROOT / "examples" / "decks" / f"{c}.txt", cat)) for c in COLORS}


def test_registry() -> None:
    assert {"random", "greedy"} <= set(AGENTS)
    with pytest.raises(ZxError, match="unknown agent"):
        make_agent("nope")

    class First:
        name = "first"

        def __init__(self, seed: int) -> None:
            pass

        def choose(self, game: Game):
            return game.legal_actions()[0]

    register("first", First)
    assert make_agent("first", 1).name == "first"
    del AGENTS["first"]


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_agents_are_deterministic(specs, name: str) -> None:
    a = play_game(specs["red"], specs["blue"], (name, name), seed=21)
    b = play_game(specs["red"], specs["blue"], (name, name), seed=21)
    assert a.history == b.history and a.winner == b.winner


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_agents_choose_legal_actions(specs, name: str) -> None:
    g = Game(specs["white"], specs["black"], seed=5)
    agent = make_agent(name, 5)
    while not g.is_over():
        action = agent.choose(g)
        assert action in g.legal_actions()
        g.apply(action)


def test_greedy_beats_random_at_least_90_percent(specs) -> None:
    """200 seeded games, greedy as player 1 in half and player 2 in the other half, all deck pairs."""
    wins = 0
    for seed in range(200):
        d1, d2 = specs[COLORS[seed % 5]], specs[COLORS[(seed // 5) % 5]]
        greedy_first = seed % 2 == 0
        agents = ("greedy", "random") if greedy_first else ("random", "greedy")
        g = play_game(d1, d2, agents, seed=seed)
        if g.winner == (0 if greedy_first else 1):
            wins += 1
    rate = wins / 200
    print(f"greedy vs random: {wins}/200 = {rate:.1%}")
    assert rate >= 0.90, rate
