"""MOZ computer players: `make_agent("random" | "heuristic" | "mcts[:BUDGET]", seed)`.

An agent has `choose(game) -> Action` returning one of `game.legal_actions()`; the same seed
gives the same choices. These agents use only the MOZ engine's API (no Z/X code).
"""

from __future__ import annotations

from typing import Any, Protocol

from zxdeck.errors import ZxError
from zxdeck.games.moz.engine import Action, Game

AGENTS = {
    "random": "uniform over the legal actions",
    "heuristic": "knows the combos; looks one decision ahead",
    "mcts": "tree search over dealt hidden cards; mcts:N sets the budget (iterations, default 200)",
}


class Agent(Protocol):
    name: str

    def choose(self, game: Game) -> Action: ...


def make_agent(spec: str, seed: int = 0) -> Any:
    """An agent from its spec (`random`, `heuristic`, `mcts`, `mcts:400`); ZxError otherwise."""
    name, _, arg = spec.strip().partition(":")
    if name == "random" and not arg:
        from zxdeck.games.moz.agents.random_agent import RandomAgent

        return RandomAgent(seed)
    if name == "heuristic" and not arg:
        from zxdeck.games.moz.agents.heuristic import HeuristicAgent

        return HeuristicAgent(seed)
    if name == "mcts":
        from zxdeck.games.moz.agents.mcts import MctsAgent

        if not arg:
            return MctsAgent(seed)
        if not arg.isdigit() or int(arg) < 1:
            raise ZxError(f"agent mcts: the budget must be a positive integer, not {arg!r}")
        return MctsAgent(seed, budget=int(arg))
    raise ZxError(f"unknown MOZ agent {spec!r} (agents: {', '.join(AGENTS)}; mcts:N sets its budget)")


class AgentFactory:
    """A picklable factory `make(seed)` for a spec (what zxdeck.sim's sides need)."""

    def __init__(self, spec: str) -> None:
        make_agent(spec)  # refuse a bad spec before any game
        self.spec = spec

    def make(self, seed: int) -> Any:
        return make_agent(self.spec, seed)

    def __str__(self) -> str:
        return self.spec
