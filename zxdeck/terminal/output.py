"""Printing a game as it is played (`play --auto`, every game): a reader that stops early
(`| head`) stops the printing only; the game goes on to its end and its log and save are
written whole.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

__all__ = ["pipe_safe"]


def pipe_safe(out: Callable[[str], None]) -> Callable[[str], None]:
    """`out` (a line printer, e.g. click.echo) that, once the reader of stdout is gone
    (BrokenPipeError), prints nothing more: stdout goes to the null device from then on."""
    closed = False

    def say(line: str) -> None:
        nonlocal closed
        if closed:
            return
        try:
            out(line)
        except BrokenPipeError:  # `| head`: stop printing, finish the game and its log
            closed = True
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())

    return say
