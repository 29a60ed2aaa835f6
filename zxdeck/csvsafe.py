"""CSV that a spreadsheet opens as text, never as formulas (every `--format csv` of zxdeck).

A cell read from a file zxdeck did not write (an imported card's name, a deck's name) may start
with `=`, `+`, `-`, `@`, a tab or a carriage return; a spreadsheet would run it as a formula
(`=HYPERLINK(...)`: "CSV injection"). As OWASP advises, such a text cell is written with a
leading `'`, which spreadsheets read as "this is text" and do not show. The prefix is added when
the row is written, after every normalization of the text, so nothing can strip it. Numbers
(int and float values, a negative win rate difference...) are written as they are.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import IO, Any

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """`value`, with a leading `'` when it is a text that a spreadsheet would read as a formula."""
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


def safe_row(row: Iterable[Any]) -> list[Any]:
    """Every cell of `row` through `safe_cell`."""
    return [safe_cell(v) for v in row]


class SafeWriter:
    """`csv.writer` whose rows go through `safe_row` (the same `writerow` / `writerows`)."""

    def __init__(self, out: IO[str], **options: Any) -> None:
        self._w = csv.writer(out, **options)

    def writerow(self, row: Iterable[Any]) -> Any:
        return self._w.writerow(safe_row(row))

    def writerows(self, rows: Iterable[Iterable[Any]]) -> None:
        for row in rows:
            self.writerow(row)


def writer(out: IO[str], **options: Any) -> SafeWriter:
    """A CSV writer for any output of zxdeck (options as `csv.writer`'s, e.g. lineterminator)."""
    return SafeWriter(out, **options)


__all__ = ["FORMULA_START", "SafeWriter", "safe_cell", "safe_row", "writer"]
