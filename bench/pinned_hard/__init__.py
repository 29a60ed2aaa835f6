"""A frozen copy of the `hard` level as it was before issue 25 (commit f103be2): the guided
search (`mcts:budget=800,search=halving,horizon=1,width=4`) with the Z/X model, the heuristic
and the evaluation of that commit, so that the new `hard` can be measured against it in the
same process (bench/hard_vs_pinned.py, bench/bench_levels.py --pinned).

Only the engine is shared with the current tree (its rules and move generation are the
same, and a faster engine must give the same games). Do not edit these files: they must keep
playing exactly as the old `hard` (tests/agents/test_pinned_hard.py checks it against the
`halving` search, which the tree keeps unchanged)."""

from __future__ import annotations

from .mcts import MctsAgent
from .zx_search import ZxModel

SPEC = "mcts:budget=800,search=halving,horizon=1,width=4"


def pinned_hard(seed: int = 0, budget: int = 800) -> MctsAgent:
    """The old `hard` for `seed` (`budget`: playouts a decision, 800 as it was)."""
    return MctsAgent(seed, budget=budget, search="halving", horizon=1, width=4, model=ZxModel)


__all__ = ["SPEC", "MctsAgent", "ZxModel", "pinned_hard"]
