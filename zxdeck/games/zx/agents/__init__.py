"""The computer players that know Z/X: `greedy`, `heuristic` and its evaluation, the difficulty
levels of the terminal game, and the search model (`zx_search`) the core's `mcts` uses on Z/X.

`agents(core)` lists the agents of Z/X for the registry (zxdeck.agents): the core's `random`,
`mcts` and `bot` among Z/X's own, in the order `zxdeck play --help` shows them. It is named by
`AGENT_REGISTRY` in zxdeck/games/zx/__init__.py and called the first time the registry is read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from zxdeck.agents import AgentInfo


def agents(core: dict[str, AgentInfo]) -> list[AgentInfo]:
    """The agents of Z/X, in order: `core` holds the core's (random, mcts, bot)."""
    from zxdeck.agents import make_info
    from zxdeck.games.zx.agents import levels
    from zxdeck.games.zx.agents.greedy import GreedyAgent
    from zxdeck.games.zx.agents.heuristic import HeuristicAgent

    return [
        core["random"],
        make_info("greedy-v1", GreedyAgent, help="greedy under its first name (the same one-decision heuristic), kept to measure "
                  "against (docs/AI.md)"),
        make_info("greedy", GreedyAgent, help="one-decision heuristic (the same agent as greedy-v1)"),
        make_info("heuristic", HeuristicAgent, help="every action scored with the shared evaluation"),
        core["mcts"],
        make_info("easy", levels.easy, help="level easy: " + levels.LEVELS["easy"]),
        make_info("normal", levels.normal, help="level normal: " + levels.LEVELS["normal"]),
        make_info("hard", levels.hard, help="level hard: " + levels.LEVELS["hard"]),
        core["bot"],
    ]


__all__ = ["agents"]
