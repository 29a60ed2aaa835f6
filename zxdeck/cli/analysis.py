"""What the many-games commands of every game share for the deck-building analyses of
`zxdeck.analysis`: the `--card-stats` option, its resume rule and its output.

Click only at module level; `zxdeck.analysis` is imported when a run reports.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from zxdeck.errors import ZxError

F = TypeVar("F", bound=Callable[..., Any])

CARD_STATS_HELP = ("Per card of the deck(s): games in which it was drawn and played, the win rate "
                   "then and when not drawn, with 95 % intervals (docs/ANALYSIS.md); with "
                   "--format csv, one row per card instead of the games.")


def card_stats_option(command: F) -> F:
    """`--card-stats` (the parameter `card_stats`)."""
    return click.option("--card-stats", "card_stats", is_flag=True, help=CARD_STATS_HELP)(command)


def resumed_card_stats(stored: dict[str, Any], asked: bool, resume_dir: str) -> bool:
    """Whether a resumed run keeps card statistics: those of its manifest; asking for them on a
    run played without is a one-line error (its games have no card record)."""
    had = bool(stored.get("card_stats", False))
    if asked and not had:
        raise ZxError(f"{resume_dir}: the run was played without --card-stats: its games have no "
                      "card record (start a new run with --card-stats)")
    return had


def cards_keep(cards: Any, keep: Callable[[list[dict[str, Any]]], None] | None
               ) -> Callable[[list[dict[str, Any]]], None]:
    """A records sink that feeds `cards` (`zxdeck.analysis.cards.RunCards`), then `keep`."""

    def sink(records: list[dict[str, Any]]) -> None:
        cards.feed(0, records)
        if keep is not None:
            keep(records)

    return sink


def emit_card_stats(decks: list[dict[str, Any]], fmt: str) -> None:
    """Print card statistics (the `card_stats` of a result) as a table or CSV."""
    from zxdeck.analysis.cards import card_stats_csv, render_card_stats

    text = card_stats_csv(decks) if fmt == "csv" else render_card_stats(decks)
    click.echo(text.rstrip("\n"))
