"""The MOZ commands of `zxdeck --game moz`: validate, search, card, db (thin layers over
zxdeck.games.moz.catalog.loader, .deck and .search).

Like zxdeck/cli, this module imports only click, the standard library and zxdeck.cli at module
level; the library is imported inside the commands.
"""

from __future__ import annotations

import click

from zxdeck.cli import AppContext, examples_epilog, pass_app
from zxdeck.cli.app import AliasChoice, QueryCommand
from zxdeck.errors import ZxError


def _catalog(app: AppContext):  # noqa: ANN202 - MozCatalog, imported lazily
    from zxdeck.games.moz.catalog.loader import open_catalog

    return open_catalog(app.cards or None)


def _user_errors(func):  # noqa: ANN001, ANN202 - the decorator of zxdeck.cli.app
    from zxdeck.cli.app import user_errors as wrap

    return wrap(func)


VALIDATE_EPILOG = examples_epilog(
    [
        "zxdeck --game moz validate examples/moz/shell_dragons.txt",
        "zxdeck --game moz validate examples/moz/*.txt",
        "zxdeck --game moz validate --format json examples/moz/illegal/too_many_high_levels.txt",
        "ZXDECK_GAME=moz zxdeck validate my_moz_deck.txt",
    ],
    "Each problem names its rule, such as [D-4] (docs/MOZ.md). Exit status: 0 valid, 1 invalid, "
    "2 could not run.",
)


@click.command("validate", epilog=VALIDATE_EPILOG, short_help="Check MOZ decks (D-1..D-18).")
@click.argument("decks", nargs=-1, required=True, metavar="DECK...")
@click.option("--format", "fmt", type=AliasChoice(["text", "json"], ("human",)), default="text",
              show_default=True, help="Report format; json: one object per deck (an array for several).")
@click.option("--deck-format", type=click.Choice(["auto", "text", "yaml", "json"]), default="auto",
              show_default=True, help="Deck file format; auto chooses by extension (.yaml/.yml/.json).")
@click.option("--color", type=click.Choice(["auto", "always", "never"]), default="auto", show_default=True,
              help="Colors in the human report (auto: terminal only; NO_COLOR disables).")
@click.option("--regulation", "-r", metavar="NAME|FILE", default=None,
              help="Deck rules: a built-in MOZ regulation (glyphwar, the default) or a YAML file of limits.")
@pass_app
@_user_errors
def validate_cmd(app: AppContext, decks: tuple[str, ...], fmt: str, deck_format: str, color: str,
                 regulation: str | None) -> None:
    """Check MOZ deck files against the deck construction rules (D-1..D-18).

    A deck is 5 summoners and a zone of 50 beasts and supports, written as card lines
    (count, then id or name) in any order. Every problem is reported in one run, with its
    line and rule. Several files may be given; with --format json the output is then an array.
    """
    from zxdeck.games.moz.fast import validate_decks

    validate_decks(app, decks, fmt, deck_format, color, click.echo, regulation=regulation)


SEARCH_HELP = """Find MOZ cards with the query language of `zxdeck search`, with MOZ's keywords.

\b
Terms are ANDed; `or` between terms; `-` negates; parentheses group.
  word  "two words"      name, English name, reading, id or text contains it
  name:W  n:W  n:/re/    name (Japanese, English or reading) contains it
  !"exact name"          the name is exactly this
  id:MOZ-B               id starts with (id=MOZ-B001: exactly)
  type:beast  t:s        summoner/s beast/b help/h special/sp help_special/hs
                         reverse/r attribute_change/ac; support = the five kinds
  level>=5  lv:1         summoners' level; speed/spd and age too
  power=100  pow<0       beasts' power
  attribute:貝  a:炎     beast, attribute change card, or any face of a summoner
  sub:dragon  sa:竜      beast sub-attribute: dragon male female beast fish bird insect
  group:sp_seal  g:天災  limit group (D-11..D-17); g:none
  sex:female             summoners (m, f)
  text:W  o:W            card text contains it
"""


@click.command("search", cls=QueryCommand, help=SEARCH_HELP, short_help="Find MOZ cards with a query.",
               epilog=examples_epilog([
                   "zxdeck --game moz search 'sub:dragon pow=100'",
                   "zxdeck --game moz search t:s 'lv>=6' --sort level",
                   "zxdeck --game moz search 'a:貝 (t:b or t:ac)' --format ids",
                   "zxdeck --game moz search g:sp_seal --format json",
               ], "The guide: docs/MOZ.md."),
               context_settings={"ignore_unknown_options": True, "help_option_names": ["--help"]})
@click.argument("query", nargs=-1, type=click.UNPROCESSED)
@click.option("--format", "fmt", type=click.Choice(["table", "json", "csv", "ids"]), default="table",
              show_default=True, help="json: card objects of the catalog format; ids: one id a line.")
@click.option("--sort", type=click.Choice(["id", "name", "type", "level", "speed", "power"]), default="id",
              show_default=True, help="Sort key (then id).")
@click.option("--reverse", is_flag=True, help="Reverse the order.")
@click.option("--limit", type=click.IntRange(min=0), default=None, help="At most N cards.")
@click.pass_context
@_user_errors
def search_cmd(ctx: click.Context, query: tuple[str, ...], fmt: str, sort: str, reverse: bool,
               limit: int | None) -> None:
    if query == ("-h",):  # -h is not an option here (a query may start with "-"), but help is meant
        click.echo(ctx.get_help())
        return
    for arg in query:
        if arg.startswith("--") and len(arg) > 2:
            raise click.UsageError(f"no such option: {arg}", ctx)
    from zxdeck.games.moz.fast import search_cards

    search_cards(ctx.find_object(AppContext), query, fmt, sort, reverse, limit, click.echo)


@click.command("card", short_help="Show one MOZ card in full.",
               epilog=examples_epilog([
                   "zxdeck --game moz card MOZ-B001",
                   "zxdeck --game moz card 潮騒の竜",
                   "zxdeck --game moz card surf dragon --format json",
               ]))
@click.argument("id_or_name", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@pass_app
@_user_errors
def card_cmd(app: AppContext, id_or_name: tuple[str, ...], fmt: str) -> None:
    """Show one card in full, by id, name or English name (several words are joined)."""
    import json

    from zxdeck.games.moz.catalog.search import card_details

    text = " ".join(id_or_name)
    catalog = _catalog(app)
    cards = catalog.find(text)
    if not cards:
        from zxdeck.catalog.suggest import suggest

        close = [s for s, _, _ in suggest(catalog, text)]
        hint = f" (did you mean {', '.join(repr(s) for s in close)}?)" if close else ""
        raise ZxError(f"no MOZ card with id or name {text!r}{hint}")
    if fmt == "json":
        data = [c.to_mapping() for c in cards]
        click.echo(json.dumps(data[0] if len(data) == 1 else data, ensure_ascii=False, indent=2, default=str))
    else:
        click.echo("\n\n".join(card_details(c) for c in cards))


@click.group("db", invoke_without_command=True, short_help="The SQLite cache of the MOZ catalog.",
             epilog=examples_epilog(["zxdeck --game moz db info", "zxdeck --game moz db build"]))
@click.pass_context
def db_group(ctx: click.Context) -> None:
    """The SQLite cache of the MOZ catalog: what it holds, rebuild it."""
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


@db_group.command("info", short_help="What the cache holds.",
                  epilog=examples_epilog(["zxdeck --game moz db info --format json"]))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@pass_app
@_user_errors
def db_info_cmd(app: AppContext, fmt: str) -> None:
    """The MOZ catalog(s), the cache file, and the cards by type."""
    import json

    from zxdeck.games.moz.catalog.loader import catalog_info

    info = catalog_info(_catalog(app))
    if fmt == "json":
        click.echo(json.dumps(info, ensure_ascii=False, indent=2))
        return
    click.echo(f"catalog:  {info['catalog']}")
    click.echo(f"database: {info['database']}")
    click.echo(f"digest:   {info['digest']}")
    click.echo(f"cards:    {info['cards']} ("
               + ", ".join(f"{k} {v}" for k, v in info["by_type"].items()) + ")")


@db_group.command("build", short_help="Rebuild the cache now.",
                  epilog=examples_epilog(["zxdeck --game moz db build"]))
@pass_app
@_user_errors
def db_build_cmd(app: AppContext) -> None:
    """Rebuild the cache of the MOZ catalog from its YAML now."""
    from zxdeck.games.moz.catalog.loader import open_catalog

    catalog = open_catalog(app.cards or None, rebuild=True)
    where = catalog.cache or "memory (the cache folder is not writable)"
    click.echo(f"built {where}: {len(catalog)} cards from {catalog.path}")


def register(group: click.Group) -> None:
    """Add the MOZ commands to `group`."""
    for command in (validate_cmd, search_cmd, card_cmd, db_group):
        group.add_command(command)
