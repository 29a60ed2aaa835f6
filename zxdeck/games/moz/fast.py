"""MOZ's click-free `validate` and `search` (`zxdeck --game moz validate|search`, or with
$ZXDECK_GAME=moz): what zxdeck.cli.fastpath runs for MOZ (the game module's `FASTPATH`), and the
bodies the core's click commands (zxdeck.cli.deck_cmds, search_cmds, through zxdeck.games.moz.deck_parts)
call too, so both print the same.

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

VALIDATE_FORMATS = ("text", "json", "human")  # human: the old name of text, not shown
SEARCH_FORMATS = ("table", "json", "csv", "ids")
SEARCH_SORTS = ("id", "name", "type", "level", "speed", "power")  # zxdeck.games.moz.catalog.schema.SORTS
# The options of MOZ's `validate` taken here (it has no --date).
VALIDATE_OPTIONS: dict[str, tuple[str, tuple[str, ...] | None]] = {
    "--format": ("fmt", VALIDATE_FORMATS),
    "--regulation": ("regulation", None),
    "-r": ("regulation", None),
    "--deck-format": ("deck_format", ("auto", "text", "yaml", "json")),
    "--color": ("color", ("auto", "always", "never")),
}
VALIDATE_DEFAULTS: dict[str, Any] = {"fmt": "text", "deck_format": "auto", "color": "auto", "regulation": None}
SEARCH_OPTIONS: dict[str, tuple[str, tuple[str, ...] | str | None]] = {
    "--format": ("fmt", SEARCH_FORMATS),
    "--sort": ("sort", SEARCH_SORTS),
    "--reverse": ("reverse", None),
    "--limit": ("limit", "int"),
}
SEARCH_DEFAULTS: dict[str, Any] = {"fmt": "table", "sort": "id", "reverse": False, "limit": None}


def _catalog(app: AppContext):  # noqa: ANN202 - MozCatalog, imported lazily
    from zxdeck.games.moz.catalog.loader import open_catalog

    return open_catalog(app.cards or None)


def validate_decks(app: AppContext, decks: tuple[str, ...], fmt: str, deck_format: str, color: str,
                   echo: Callable[..., None] = echo, regulation: str | None = None) -> None:
    """The body of `zxdeck --game moz validate` (both paths): reports on stdout, exit 0 / 1 / 2.
    `regulation`: a built-in MOZ regulation's name or a YAML file (default glyphwar)."""
    from zxdeck.games.moz.deck.parse import read_deck, render_human, render_json, validate
    from zxdeck.games.moz.deck.regulation import load_regulation

    rules = load_regulation(regulation)  # a bad regulation file stops the run before any deck
    catalog = _catalog(app)
    report_decks(decks, lambda path: read_deck(path, catalog, deck_format), lambda deck: validate(deck, rules),
                 render_human, render_json,
                 fmt, color, echo, unreadable={"game": "moz"})


def search_cards(app: AppContext, query: tuple[str, ...], fmt: str, sort: str, reverse: bool,
                 limit: int | None, echo: Callable[..., None] = echo) -> None:
    """The body of `zxdeck --game moz search` (both paths): a bad query is refused before the
    catalog is opened; then SQL on MOZ's cache; the cards in the format asked."""
    from zxdeck.catalog.query import search_text
    from zxdeck.games.moz.catalog.loader import open_db
    from zxdeck.games.moz.catalog.search import format_cards, parse_query

    node = parse_query(query)
    out = search_text(lambda: open_db(app.cards or None), node, fmt, format_cards, sort=sort, reverse=reverse,
                      limit=limit)
    if out:
        echo(out)


def _parse_validate(args: list[str]) -> dict[str, Any] | None:
    return parse_validate(args, VALIDATE_OPTIONS, VALIDATE_DEFAULTS)


def _parse_search(args: list[str]) -> dict[str, Any] | None:
    return parse_search(args, SEARCH_OPTIONS, SEARCH_DEFAULTS)


# command -> (parser, body, whether the command itself turns a ZxError into its line and status)
FAST_COMMANDS: dict[str, tuple[Callable[[list[str]], dict[str, Any] | None], Callable[..., None], bool]] = {
    "validate": (_parse_validate, validate_decks, True),  # as the core's validate (zxdeck.cli.app.user_errors)
    "search": (_parse_search, search_cards, True),
}
