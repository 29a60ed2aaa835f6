"""Result tables for any game's search: tabulate's "simple" layout, laid out here.

Importing tabulate (and, through it, importlib.metadata and wcwidth's tables) cost more than the
rest of a warm `zxdeck search`; tests/search/test_search_cli.py checks that both give the same
text.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

_ZERO_WIDTH = frozenset({"Mn", "Me", "Cf"})


def display_width(text: str) -> int:
    """Terminal columns of `text`: East Asian wide and full-width characters take two, combining
    marks and format characters none (what wcwidth gives for card text)."""
    width = 0
    for ch in text:
        if ch.isascii():
            width += 1
        elif unicodedata.category(ch) in _ZERO_WIDTH:
            continue
        else:
            width += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return width


def simple_table(headers: Sequence[str], rows: Sequence[Sequence[Any]], right: frozenset[str]) -> str:
    """tabulate's "simple" layout: columns two spaces apart, each as wide as its widest cell and at
    least its header plus two, a dashed line under the headers, cells stripped, no trailing spaces."""
    cells = [[str(v).strip() for v in row] for row in rows]
    widths = [max([display_width(h) + 2] + [display_width(row[i]) for row in cells])
              for i, h in enumerate(headers)]

    def line(values: Sequence[str]) -> str:
        out = []
        for header, value, width in zip(headers, values, widths):
            pad = " " * (width - display_width(value))
            out.append(pad + value if header in right else value + pad)
        return "  ".join(out).rstrip()

    return "\n".join([line(headers), line(["-" * w for w in widths]), *(line(row) for row in cells)])


def count_line(shown: int, total: int | None = None) -> str:
    """"5 cards", "1 card", or "5 of 64 cards" when `total` (the matches before a limit) is larger."""
    text = shown if total is None or total <= shown else f"{shown} of {total}"
    return f"{text} card" + ("" if (total or shown) == 1 else "s")


__all__ = ["count_line", "display_width", "simple_table"]
