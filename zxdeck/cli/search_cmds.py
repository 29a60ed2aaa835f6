"""The core's catalog look-up commands, for every game: `search`, `card` and `db path|build|info`.

`register(group, game)` makes them for a game from its deck parts (`DECKS`, protocol
`zxdeck.game_api.DeckParts`): the words of their help, the sort keys of `search`, and the bodies
(the search over the game's cache, a card looked up by number or name and shown in full, the
cache's file, rebuild and contents). Heavy modules (sqlite_utils, tabulate, rapidfuzz, yaml) are
imported only by the code paths that need them, so a warm `zxdeck search` stays fast.
"""

from __future__ import annotations

import json
from typing import Any

import click

from zxdeck.cli import AppContext, pass_app
from zxdeck.cli.app import QueryCommand, user_errors
from zxdeck.cli.deck_cmds import deck_parts, option_help, serves, texts, unavailable
from zxdeck.cli.fastpath import SEARCH_FORMATS

FORMAT_HELP = "json: card objects of the catalog format; ids: one id a line."


def make_search(parts: Any) -> click.Command:
    @click.command("search", cls=QueryCommand, **texts(parts, "search"),
                   context_settings={"ignore_unknown_options": True, "help_option_names": ["--help"]})
    @click.argument("query", nargs=-1, type=click.UNPROCESSED)
    @click.option("--format", "fmt", type=click.Choice(list(SEARCH_FORMATS)), default="table",
                  show_default=True, help=option_help(parts, "search --format", FORMAT_HELP))
    @click.option("--sort", type=click.Choice(list(parts.search_sorts)), default="id",
                  show_default=True, help=option_help(parts, "search --sort", "Sort key (then id)."))
    @click.option("--reverse", is_flag=True, help="Reverse the order.")
    @click.option("--limit", type=click.IntRange(min=0), default=None, help="At most N cards.")
    @click.pass_context
    @user_errors
    def search_cmd(ctx: click.Context, query: tuple[str, ...], fmt: str, sort: str, reverse: bool,
                   limit: int | None) -> None:
        if query == ("-h",):  # -h is not an option here (a query may start with "-"), but help is meant
            click.echo(ctx.get_help())
            return
        for arg in query:  # "-term" is a query term, but "--word" is a mistyped or misplaced option
            if arg.startswith("--") and len(arg) > 2:
                hint = " (global options go before the command: zxdeck --cards PATH search ...)" \
                    if arg.split("=")[0] in ("--cards", "--debug") else ""
                raise click.UsageError(f"no such option: {arg}{hint}", ctx)
        parts.search(ctx.find_object(AppContext), query, fmt, sort, reverse, limit, echo=click.echo)

    return search_cmd


def make_card(parts: Any) -> click.Command:
    @click.command("card", **texts(parts, "card"))
    @click.argument("id_or_name", nargs=-1, required=True)
    @click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
                  show_default=True, help=option_help(
                      parts, "card --format", "json: the card object (an array when several cards share the name)."))
    @pass_app
    @user_errors
    def card_cmd(app: AppContext, id_or_name: tuple[str, ...], fmt: str) -> None:
        cards = parts.cards(app, " ".join(id_or_name))
        if fmt == "json":
            data = [parts.card_dict(c) for c in cards]
            click.echo(json.dumps(data[0] if len(data) == 1 else data, ensure_ascii=False, indent=2,
                                  default=str))
        else:
            click.echo("\n\n".join(parts.card_text(c) for c in cards))

    return card_cmd


def make_db(parts: Any) -> click.Group:
    @click.group("db", invoke_without_command=True, **texts(parts, "db"))
    @click.pass_context
    def db_group(ctx: click.Context) -> None:
        if ctx.invoked_subcommand is None:
            click.echo(ctx.get_help())

    if serves(parts, "db_path"):
        @db_group.command("path", **texts(parts, "db path"))
        @pass_app
        @user_errors
        def db_path_cmd(app: AppContext) -> None:
            click.echo(parts.db_path(app))

    @db_group.command("build", **texts(parts, "db build"))
    @pass_app
    @user_errors
    def db_build_cmd(app: AppContext) -> None:
        click.echo(parts.db_build(app))

    @db_group.command("info", **texts(parts, "db info"))
    @click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
    @pass_app
    @user_errors
    def db_info_cmd(app: AppContext, fmt: str) -> None:
        info, text = parts.db_info(app)
        click.echo(json.dumps(info, ensure_ascii=False, indent=2) if fmt == "json" else text)

    return db_group


def register(group: click.Group, game: str) -> None:
    """Add `search`, `card` and `db` of `game` to `group`, made from its deck parts; those it
    cannot serve say so in one line (exit 2)."""
    parts = deck_parts(game)
    group.add_command(make_search(parts) if serves(parts, "search") else unavailable("search", game, "search"))
    group.add_command(make_card(parts) if serves(parts, "cards", "card_dict", "card_text")
                      else unavailable("card", game, "card"))
    group.add_command(make_db(parts) if serves(parts, "db_build", "db_info") else unavailable("db", game, "db"))
