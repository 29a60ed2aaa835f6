"""The click group of `zxdeck`, its global options and the context every command gets.

Commands live in the modules of `COMMANDS` and are imported only when they run (or are listed
by `--help`): `zxdeck validate` never imports the search or game code. Each module has a
`register(group)` that adds its commands; a new command module adds its command names here.
Start-up rule: modules under zxdeck/cli/ import only click, the standard library and other
zxdeck.cli modules at module level, and library code inside the command functions
(tests/cli/test_startup.py checks it).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

import click

from zxdeck import __version__

if TYPE_CHECKING:
    from pathlib import Path

    from zxdeck.catalog.loader import Catalog
    from zxdeck.catalog.source import CardSource

# Command name -> the module of zxdeck/cli that registers it.
COMMANDS: dict[str, str] = {
    "search": "search_cmds",
    "card": "search_cmds",
    "db": "search_cmds",
    "validate": "deck_cmds",
    "stats": "deck_cmds",
    "regulations": "deck_cmds",
    "deck": "deck_cmds",
    "draw": "deck_cmds",
    "play": "play_cmds",
    "replay": "replay_cmds",
    "sim": "sim_cmds",
    "tournament": "sim_cmds",
    "rules": "rules_cmds",
    "catalog": "catalog_cmds",
}


class AppContext:
    """What every command gets from the global options."""

    def __init__(self, cards: tuple[str, ...] = (), debug: bool = False) -> None:
        self.cards = cards  # --cards, in order; empty: $ZXDECK_CARDS or the built-in catalog
        self.debug = debug
        self._catalog: Catalog | None = None

    def __repr__(self) -> str:
        return f"AppContext(cards={self.cards!r}, debug={self.debug!r})"

    @property
    def cards_path(self) -> Path:
        from zxdeck.catalog.paths import catalog_path

        return catalog_path(self.cards)

    def catalog(self) -> Catalog:
        """The catalog, loaded once per process (through the SQLite cache when it is available)."""
        if self._catalog is None:
            from zxdeck.catalog import open_catalog

            self._catalog = open_catalog(self.cards)
        return self._catalog

    def card_source(self) -> CardSource:
        """Card look-ups by number or name for commands that read decks or saved games: the
        catalog when it is already loaded, else indexed queries on the SQLite cache (a deck
        names a few dozen cards; loading a 50,000-card catalog whole costs about a second)."""
        if self._catalog is not None:
            return self._catalog
        from zxdeck.catalog.source import open_card_source

        return open_card_source(self.cards)


pass_app = click.make_pass_decorator(AppContext)


def examples_epilog(examples: list[str], note: str = "") -> str:
    """The epilog of a command's --help: its example command lines kept verbatim (click's
    `\\b` marker stops the rewrapping), then an optional note that click may rewrap.

    Every command has one; tests/cli/test_help.py parses each example with the real options.
    """
    text = "\b\nExamples:\n" + "\n".join(f"  {line}" for line in examples)
    return f"{text}\n\n{note}" if note else text


MAIN_EPILOG = examples_epilog(
    [
        "zxdeck validate examples/decks/*.txt",
        "zxdeck search 'c:red t:zx cost>=5'",
        "zxdeck card ZX01-004",
        "zxdeck play --auto --p1 examples/decks/red.txt --p2 examples/decks/blue.txt",
        "zxdeck sim examples/decks/red.txt examples/decks/blue.txt -n 2000",
        "zxdeck rules B-6",
    ],
    "`zxdeck COMMAND --help` shows a command's options and examples; rule ids such as "
    "B-6 in reports and messages are explained by `zxdeck rules ID`.",
)


class LazyGroup(click.Group):
    """A group that imports a command's module (`COMMANDS`) the first time the command is needed."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(set(super().list_commands(ctx)) | set(COMMANDS))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)
        if command is None and cmd_name in COMMANDS:
            module = importlib.import_module(f"zxdeck.cli.{COMMANDS[cmd_name]}")
            module.register(self)
            command = super().get_command(ctx, cmd_name)
        return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]},
             invoke_without_command=True, epilog=MAIN_EPILOG)
@click.option(
    "--cards",
    metavar="PATH",
    multiple=True,
    help="Card catalog YAML to use instead of the built-in one (also $ZXDECK_CARDS, several "
         "separated by ':'). Give it more than once to add catalogs: later ones add cards or "
         "override cards with the same number; `builtin` names the built-in catalog.",
)
@click.option("--debug", is_flag=True, help="Show the full traceback of errors.")
@click.version_option(__version__, "--version", prog_name="zxdeck")
@click.pass_context
def cli(ctx: click.Context, cards: tuple[str, ...], debug: bool) -> None:
    """zxdeck: card search, deck validation and the full Z/X game at the terminal."""
    ctx.obj = AppContext(cards=cards, debug=debug)
    if ctx.invoked_subcommand is None:  # `zxdeck` alone: the help, and success
        click.echo(ctx.get_help())
        ctx.exit(0)
