"""A progress bar on stderr (rich) with the ETA and the running result; only on a terminal."""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from zxdeck.sim.runner import Scheduler


class ProgressBar:
    """Called by the scheduler after each batch of results; started at its first call (after the
    worker processes are forked) and stopped by `close()`."""

    def __init__(self, describe: Callable[[Scheduler], str], stream: Any = None) -> None:
        self.describe = describe
        self.stream = stream if stream is not None else sys.stderr
        self._progress: Any = None
        self._task: Any = None

    @staticmethod
    def wanted(stream: Any = None) -> bool:
        stream = stream if stream is not None else sys.stderr
        try:
            return stream.isatty()
        except (AttributeError, ValueError):
            return False

    def __call__(self, sched: Scheduler) -> None:
        if self._progress is None:
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
                TimeRemainingColumn,
            )

            self._progress = Progress(
                TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                TextColumn("games"), TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(),
                console=Console(file=self.stream), transient=True, refresh_per_second=4)
            self._progress.start()
            self._task = self._progress.add_task(self.describe(sched), total=sched.total)
        self._progress.update(self._task, completed=sched.done, total=sched.total,
                              description=self.describe(sched))

    def close(self) -> None:
        if self._progress is not None:
            self._progress.stop()
            self._progress = None


def sim_description(sched: Scheduler) -> str:
    t = sched.tallies[0]
    if not t.games:
        return "A -"
    lo, hi = t.interval()
    return f"A {100 * t.win_rate():.1f}% [{100 * lo:.1f}-{100 * hi:.1f}]"


def tournament_description(sched: Scheduler) -> str:
    done = sum(1 for f, lim in zip(sched.front, sched.limit) if f >= lim)
    return f"pairings {done}/{len(sched.matches)}"


__all__ = ["ProgressBar", "sim_description", "tournament_description"]
