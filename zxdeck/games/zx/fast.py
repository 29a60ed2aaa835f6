"""Z/X's click-free `validate` and `search` (what zxdeck.cli.fastpath runs for Z/X, and the bodies
the click commands call too): the game module names this module (`FASTPATH`).

Like the rest of the fast path, this module imports only the standard library and zxdeck's light
modules at module level.
"""

from __future__ import annotations

from zxdeck.cli.fastpath import echo, parse_search, parse_validate, report_decks

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from zxdeck.cli.context import AppContext


def _regulation(name: str | None, day: Any = None):  # noqa: ANN202 - Regulation, imported lazily
    """The regulation NAME (default current) as it stands on `day` (a datetime from --date; today
    when None); with --date alone, the regulation of the default format in force that day."""
    from zxdeck.games.zx.deck.regulation import regulation_for

    return regulation_for(name, day.date() if day is not None else None)


def validate_decks(app: AppContext, decks: tuple[str, ...], fmt: str, regulation: str | None, day: Any,
                   deck_format: str, color: str, echo: Callable[..., None] = echo) -> None:
    """The body of `zxdeck validate` (both paths): reports on stdout, exit status 0 / 1 / 2."""
    from zxdeck.games.zx.deck.parse import read_deck
    from zxdeck.games.zx.deck.report import render_human, render_json
    from zxdeck.games.zx.deck.validate import validate

    reg = _regulation(regulation, day)
    catalog = app.card_source()
    by_date = day is not None and regulation is None  # the report names the regulation of that day

    def human(result: Any, colored: bool = False) -> str:
        return render_human(result, colored, by_date=by_date)

    report_decks(decks, lambda path: read_deck(path, catalog, deck_format), lambda deck: validate(deck, reg),
                 human, render_json, fmt, color, echo)


def search_cards(app: AppContext, query: tuple[str, ...], fmt: str, sort: str, reverse: bool,
                 limit: int | None, echo: Callable[..., None] = echo) -> None:
    """The body of `zxdeck search` (both paths): the cards found, in the format asked."""
    from zxdeck.catalog.db import open_db
    from zxdeck.catalog.query import parse, search_text
    from zxdeck.games.zx.catalog.present import format_cards

    node = parse(query)  # a bad query is refused before the catalog is even opened
    out = search_text(lambda: open_db(app.cards), node, fmt, format_cards, sort=sort, reverse=reverse, limit=limit)
    if out:
        echo(out)


# command -> (parser, body, whether the command itself turns a ZxError into its line and status)
FAST_COMMANDS: dict[str, tuple[Callable[[list[str]], dict[str, Any] | None], Callable[..., None], bool]] = {
    "validate": (parse_validate, validate_decks, True),  # as the core's validate (zxdeck.cli.app.user_errors)
    "search": (parse_search, search_cards, False),  # zxdeck.cli.main does
}
