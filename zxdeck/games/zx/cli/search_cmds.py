"""`zxdeck search`, `zxdeck card` and `zxdeck db path|build|info`: thin click layers over
zxdeck.catalog.query, zxdeck.catalog.present and zxdeck.catalog.db.

Heavy modules (sqlite_utils, tabulate, rapidfuzz, yaml) are imported only by the
code paths that need them, so a warm `zxdeck search` stays fast.
"""

from __future__ import annotations

import json

import click

from zxdeck.cli import AppContext, examples_epilog, pass_app
from zxdeck.cli.app import QueryCommand
from zxdeck.cli.fastpath import SEARCH_FORMATS, SEARCH_SORTS

SEARCH_HELP = """Find cards with a Scryfall-like query (docs/SEARCH.md).

\b
Terms are ANDed; `or` between terms; `-` negates; parentheses group.
  word  "two words"      name, English name, card number or text contains it
  name:W  n:W  n:/re/    name contains (Japanese or English); /regex/
  !"exact name"          the name is exactly this
  id:B01                 card number starts with (id=B01-001: exactly)
  type:zx  t:ex          zx event player zx_ex zx_ob shift event_ex;
                         ex = zx_ex or event_ex
  color:red  c:r         r u w b g colorless
  cost<=3  power>=7000   = : < <= > >= !=  (cost/color: not player cards;
                         power: Z/X, Z/X EX, Z/X OB only)
  race:W  r:W            one of the races contains it
  is:ig  not:ig          ignition evol_seed life_recovery(lr) void_bringer(vb)
                         start_card(start) gate_card(gate)
  player:NAME            belongs to that player card
  text:W  o:W  o:/re/    rules text contains it

Matching ignores case and width, and katakana matches hiragana.
A query may start with a negated term: zxdeck search -is:ig c:red
"""


@click.command(
    "search",
    cls=QueryCommand,
    help=SEARCH_HELP,
    short_help="Find cards with a Scryfall-like query.",
    epilog=examples_epilog([
        "zxdeck search c:red t:zx --limit 5",
        "zxdeck search 'c:u is:lr'",
        "zxdeck search -is:ig c:red t:zx --sort power --reverse",
        "zxdeck search 't:zx (c:r or c:g) cost>=7' --format ids",
        "zxdeck search 'o:/ダメージ/' --format csv",
    ], "The full guide: docs/SEARCH.md."),
    context_settings={"ignore_unknown_options": True, "help_option_names": ["--help"]},
)
@click.argument("query", nargs=-1, type=click.UNPROCESSED)
@click.option("--format", "fmt", type=click.Choice(list(SEARCH_FORMATS)), default="table",
              show_default=True,
              help="json: card objects of the catalog format; csv: lists joined with ';', no abilities; "
                   "ids: one card number a line.")
@click.option("--sort", type=click.Choice(list(SEARCH_SORTS)), default="id",
              show_default=True, help="Sort key (then card number).")
@click.option("--reverse", is_flag=True, help="Reverse the order.")
@click.option("--limit", type=click.IntRange(min=0), default=None, help="At most N cards.")
@click.pass_context
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
    from zxdeck.games.zx.fast import search_cards

    search_cards(ctx.find_object(AppContext), query, fmt, sort, reverse, limit, echo=click.echo)


@click.command("card", short_help="Show one card in full.",
               epilog=examples_epilog([
                   "zxdeck card ZX01-004",
                   "zxdeck card 熔岩の火蜥蜴ティアガン",
                   "zxdeck card tiagan lava salamander   # English name, several words",
                   "zxdeck card ZX01-004 --format json",
               ]))
@click.argument("id_or_name", nargs=-1, required=True)
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="json: the card object (an array when several cards share the name).")
@pass_app
def card_cmd(app: AppContext, id_or_name: tuple[str, ...], fmt: str) -> None:
    """Show one card in full, by card number, name or English name (several words are joined)."""
    from zxdeck.catalog.db import open_db
    from zxdeck.games.zx.catalog.present import card_details, lookup_card

    db = open_db(app.cards)
    try:
        cards = lookup_card(db, " ".join(id_or_name))
    finally:
        db.close()
    if fmt == "json":
        data = [c.to_dict() for c in cards]
        click.echo(json.dumps(data[0] if len(data) == 1 else data, ensure_ascii=False, indent=2,
                              default=str))
    else:
        click.echo("\n\n".join(card_details(c) for c in cards))


@click.group("db", invoke_without_command=True,
             short_help="The SQLite cache of the catalog: path, build, info.",
             epilog=examples_epilog([
                 "zxdeck db info",
                 "zxdeck db path",
                 "zxdeck db build",
                 "zxdeck --cards my_cards.yaml db info --format json",
             ]))
@click.pass_context
def db_group(ctx: click.Context) -> None:
    """The SQLite cache of the catalog (docs/DATABASE.md): where it is, rebuild it, what it holds."""
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


@db_group.command("path", short_help="Print the cache database file.",
                  epilog=examples_epilog(["zxdeck db path", 'sqlite3 "$(zxdeck db path)" .tables']))
@pass_app
def db_path_cmd(app: AppContext) -> None:
    """Print the cache database file of the current catalog (built or not)."""
    from zxdeck.catalog.db import db_path

    click.echo(str(db_path(app.cards)))


@db_group.command("build", short_help="Rebuild the cache database now.",
                  epilog=examples_epilog(["zxdeck db build",
                                          "zxdeck --cards my_cards.yaml db build"]))
@pass_app
def db_build_cmd(app: AppContext) -> None:
    """Rebuild the cache database from the catalog YAML now."""
    from zxdeck.catalog.db import open_db

    db = open_db(app.cards, rebuild=True)
    try:
        count = db.execute("SELECT count(*) FROM cards")[0][0]
        where = db.path or "memory (the cache folder is not writable)"
        click.echo(f"built {where}: {count} cards from {db.catalog_path} in {db.build_seconds:.2f} s")
    finally:
        db.close()


@db_group.command("info", short_help="What the cache holds.",
                  epilog=examples_epilog(["zxdeck db info", "zxdeck db info --format json"]))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@pass_app
def db_info_cmd(app: AppContext, fmt: str) -> None:
    """What the cache holds: catalog path, digest, size, card counts by type and color."""
    from zxdeck.catalog.db import open_db
    from zxdeck.games.zx.catalog.present import format_info

    db = open_db(app.cards)
    try:
        info = db.info()
    finally:
        db.close()
    click.echo(json.dumps(info, ensure_ascii=False, indent=2) if fmt == "json" else format_info(info))


def register(group: click.Group) -> None:
    """Add this module's commands to `group`."""
    group.add_command(search_cmd)
    group.add_command(card_cmd)
    group.add_command(db_group)
