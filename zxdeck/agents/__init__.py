"""Computer players. `make_agent(name, seed)` builds one from the registry (`AGENTS`).

An agent has `choose(game) -> Action` returning one of `game.legal_actions()`
for `game.current_player()`. Agents are deterministic for a given seed. Add a
new one with `register("name", factory)` where `factory(seed) -> agent`.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from typing import Protocol

from zxdeck.engine import Action, Game
from zxdeck.errors import ZxError


class Agent(Protocol):
    name: str

    def choose(self, game: Game) -> Action: ...


AGENTS: dict[str, Callable[[int], Agent]] = {}


def register(name: str, factory: Callable[[int], Agent]) -> None:
    """Add an agent factory `factory(seed) -> Agent` under `name`."""
    AGENTS[name] = factory


def make_agent(name: str, seed: int = 0) -> Agent:
    """An agent by registry name (ZxError naming the known ones otherwise)."""
    factory = AGENTS.get(name)
    if factory is None:
        raise ZxError(f"unknown agent {name!r} (known: {', '.join(sorted(AGENTS))})")
    return factory(seed)


def agent_summary(name: str) -> str:
    """One line about agent `name`, for `zxdeck play --help`: the first line of its module's
    docstring when that line is "The `name` agent: ..." (without that prefix), else of its
    factory's own docstring."""
    factory = AGENTS[name]
    module_doc = getattr(sys.modules.get(factory.__module__), "__doc__", None) or ""
    first = module_doc.strip().split("\n")[0].strip()
    m = re.match(r"The `[^`]+` agent:\s*(.+)", first)
    if m:
        return m.group(1)
    own = factory.__dict__.get("__doc__") if isinstance(factory, type) else factory.__doc__
    return (own or module_doc).strip().split("\n")[0].strip()


def _register_builtin() -> None:
    from zxdeck.agents.greedy import GreedyAgent
    from zxdeck.agents.mcts import MctsAgent
    from zxdeck.agents.random_agent import RandomAgent

    register("random", RandomAgent)
    register("greedy", GreedyAgent)
    register("mcts", MctsAgent)


_register_builtin()

__all__ = ["AGENTS", "Agent", "agent_summary", "make_agent", "register"]
