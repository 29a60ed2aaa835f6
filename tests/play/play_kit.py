"""Helpers of the terminal-play tests: paths, a scripted person, a captured screen.

Imported as `from play_kit import ...` (a unique module name: test folders are not
packages, so `conftest` would be ambiguous). The fixtures are in conftest.py.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterable
from pathlib import Path

from rich.console import Console

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "examples" / "decks"


def capture_console() -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, width=80, force_terminal=False, color_system=None, highlight=False,
                   soft_wrap=True), buf


class Person:
    """A scripted person: answers prompts from `lines`; then `fallback(prompt)` or end of input.

    A line "^C" raises KeyboardInterrupt (Ctrl-C). `prompts` records every prompt seen.
    """

    def __init__(self, lines: Iterable[str] = (), fallback: Callable[[str], str] | None = None) -> None:
        self.lines = list(lines)
        self.fallback = fallback
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.lines:
            line = self.lines.pop(0)
            if line == "^C":
                raise KeyboardInterrupt
            return line
        if self.fallback is not None:
            return self.fallback(prompt)
        raise EOFError


def choices_in(prompt: str) -> int:
    """N of a prompt '選択 1-N (help)> ' (0 for other prompts)."""
    m = re.search(r"1-(\d+)", prompt)
    return int(m.group(1)) if m else 0
