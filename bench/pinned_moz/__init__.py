"""A frozen copy of MOZ's `heuristic` (the level `normal`) as it was before issue 21's speed-up
(commit b76bb7a), so that the new heuristic can be measured against it in the same process
(bench/bench_moz_agents.py: `pinned` is an agent spec there).

Only the engine is shared with the current tree (a faster engine must give the same games);
`game.py` is the engine of that commit, for the speed baseline only (`--speed`).
Do not edit these files: they must keep playing exactly as the old heuristic."""

from __future__ import annotations

from .heuristic import HeuristicAgent


def pinned_heuristic(seed: int = 0) -> HeuristicAgent:
    """The old MOZ heuristic for `seed`."""
    return HeuristicAgent(seed)
