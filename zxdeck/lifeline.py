"""Processes that end with the one that started them: the workers of a run and the bots they run.

- `set_parent_death_signal(sig)`: Linux's PR_SET_PDEATHSIG (via ctypes): the kernel sends `sig`
  to this process when its parent (the thread that started it) dies, even by kill -9.
- `die_with_parent(parent)`: that, and everywhere a thread that looks for the parent every
  second (the portable fallback); either way `end_now()`.
- `at_abrupt_end(fn)`: what `end_now()` runs before the process leaves (the bot agent ends its
  bots' process groups), also from a signal handler.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

_CLEANUPS: list[Callable[[], None]] = []


def at_abrupt_end(fn: Callable[[], None]) -> Callable[[], None]:
    """Run `fn` when this process is ended by `end_now` (a decorator too)."""
    _CLEANUPS.append(fn)
    return fn


def end_now(code: int = 128 + signal.SIGTERM) -> None:
    """Run the `at_abrupt_end` functions and leave at once with exit status `code`."""
    try:
        for fn in list(_CLEANUPS):
            with contextlib.suppress(BaseException):
                fn()
    finally:
        os._exit(code)


_PRCTL: list[Any] = []  # libc's prctl once looked up (None where there is none)


def _prctl() -> Any:
    if not _PRCTL:
        found = None
        if sys.platform.startswith("linux"):
            try:
                import ctypes

                found = ctypes.CDLL(None, use_errno=True).prctl
            except (OSError, AttributeError):
                found = None
        _PRCTL.append(found)
    return _PRCTL[0]


def parent_death_signal_available() -> bool:
    """Whether `set_parent_death_signal` works here (looked up now, so that a child just forked
    can call it without importing anything)."""
    return _prctl() is not None


def set_parent_death_signal(sig: int = signal.SIGTERM) -> bool:
    """Linux: `sig` is sent to this process when its parent dies. False where it cannot be set."""
    prctl = _prctl()
    return prctl is not None and prctl(1, int(sig)) == 0  # PR_SET_PDEATHSIG


def die_with_parent(parent: int, every: float = 1.0) -> None:
    """This process ends (`end_now`) when `parent` does: the parent death signal, and a thread
    that checks every `every` seconds that the parent is still this process's parent."""
    set_parent_death_signal(signal.SIGTERM)
    if os.getppid() != parent:  # it died before the signal was set
        end_now()

    def watch() -> None:
        while True:
            time.sleep(every)
            if os.getppid() != parent:
                end_now()

    threading.Thread(target=watch, daemon=True, name="zxdeck-parent-watch").start()


__all__ = ["at_abrupt_end", "die_with_parent", "end_now", "parent_death_signal_available",
           "set_parent_death_signal"]
