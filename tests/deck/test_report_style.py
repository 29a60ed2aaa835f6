"""The colored deck report (D-1..D-16 problems) uses click.style's very codes without importing click."""

from __future__ import annotations

import itertools

import click
import pytest

from zxdeck.deck import report
from zxdeck.deck.report import ansi_style


@pytest.mark.parametrize(("fg", "bold", "dim"), list(itertools.product(
    [None, *report._FG], [None, True, False], [None, True, False])))
def test_ansi_style_is_click_style(fg: str | None, bold: bool | None, dim: bool | None) -> None:
    assert ansi_style("日本 text", fg=fg, bold=bold, dim=dim) == click.style("日本 text", fg=fg, bold=bold, dim=dim)


def test_colored_report_is_the_one_click_style_gives(catalog, monkeypatch: pytest.MonkeyPatch) -> None:
    """D-1, D-3, D-4: an illegal deck's colored report, byte for byte the click.style one."""
    from pathlib import Path

    from zxdeck.deck.parse import read_deck
    from zxdeck.deck.validate import validate

    deck = Path(__file__).resolve().parents[2] / "examples" / "decks" / "illegal" / "red_broken.txt"
    result = validate(read_deck(deck, catalog), "current")
    ours = report.render_human(result, True)
    assert "\033[" in ours
    monkeypatch.setattr(report, "_styler", lambda color: click.style if color else (lambda text, **_: text))
    assert ours == report.render_human(result, True)
