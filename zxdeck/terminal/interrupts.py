"""How a terminal game of any game stops: Ctrl-C, and the signals that end a terminal (SIGTERM,
SIGHUP) taken as Ctrl-C, so that the game is saved and the resume command printed whichever
way it stops; and a person's input read without ever failing on bytes that are not UTF-8.
"""

from __future__ import annotations

import contextlib
import signal
import sys
from collections.abc import Iterator
from typing import Any

__all__ = ["Terminated", "stops_like_ctrl_c", "tolerant_stdin"]


class Terminated(KeyboardInterrupt):
    """SIGTERM / SIGHUP: stops the game like Ctrl-C, and is never taken as a cancelled hint."""


def _raise_terminated(signum: int, frame: Any) -> None:
    raise Terminated


@contextlib.contextmanager
def stops_like_ctrl_c() -> Iterator[None]:
    """While in the block, SIGTERM and SIGHUP raise `Terminated` (a KeyboardInterrupt); the
    handlers before are put back after. Outside the main thread (some test runners) nothing is
    installed: the autosave after every move still protects the game."""
    old = {}
    for sig in (signal.SIGTERM, getattr(signal, "SIGHUP", None)):
        if sig is not None:
            with contextlib.suppress(ValueError):
                old[sig] = signal.signal(sig, _raise_terminated)
    try:
        yield
    finally:
        for sig, handler in old.items():
            signal.signal(sig, handler)


def tolerant_stdin() -> None:
    """Bytes of the person's input that are not UTF-8 become U+FFFD, never an exception."""
    with contextlib.suppress(AttributeError, ValueError, OSError):
        sys.stdin.reconfigure(errors="replace")  # type: ignore[union-attr]
