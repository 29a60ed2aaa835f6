"""The `zxdeck` command line: click only. Each command is a thin layer over a library function.

Global options: `--cards PATH` (also `$ZXDECK_CARDS`) selects another catalog (given more
than once, later catalogs add to or override earlier ones; `builtin` is the built-in one),
`--debug` shows tracebacks, `--version`. Errors are one clear line on stderr
and a documented exit status (0 ok, 1 invalid deck, 2 could not run).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path

import click

from zxdeck import __version__
from zxdeck.catalog.loader import Catalog, catalog_path
from zxdeck.catalog.source import CardSource
from zxdeck.errors import EXIT_USAGE, ZxError


@dataclass
class AppContext:
    """What every command gets from the global options."""

    cards: tuple[str, ...] = ()  # --cards, in order; empty: $ZXDECK_CARDS or the built-in catalog
    debug: bool = False
    _catalog: Catalog | None = field(default=None, repr=False)

    @property
    def cards_path(self) -> Path:
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


@click.group(context_settings={"help_option_names": ["-h", "--help"]},
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


def _register() -> None:
    from zxdeck.cli import (
        catalog_cmds,
        deck_cmds,
        play_cmds,
        replay_cmds,
        rules_cmds,
        search_cmds,
        sim_cmds,
    )

    for module in (search_cmds, deck_cmds, play_cmds, replay_cmds, sim_cmds, rules_cmds, catalog_cmds):
        module.register(cli)


_register()


def _show_warning(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                  file: object = None, line: str | None = None) -> None:
    """Warnings (a damaged cache rebuilt, ...) are one line on stderr, like errors."""
    click.echo(f"zxdeck: warning: {message}", err=True)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the `zxdeck` console script and `python -m zxdeck`."""
    args = sys.argv[1:] if argv is None else argv
    debug = "--debug" in args
    if not debug:
        import warnings

        warnings.showwarning = _show_warning
    try:
        status = cli.main(args=args, prog_name="zxdeck", standalone_mode=False)
    except ZxError as exc:
        if debug:
            raise
        click.echo(f"zxdeck: error: {exc.message}", err=True)
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        click.echo("zxdeck: aborted", err=True)
        sys.exit(130)
    except click.ClickException as exc:
        exc.show()
        sys.exit(EXIT_USAGE if exc.exit_code == 1 else exc.exit_code)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        click.echo("zxdeck: interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
    except Exception as exc:  # never a traceback for the user unless --debug
        if debug:
            raise
        click.echo(
            f"zxdeck: internal error: {type(exc).__name__}: {exc} (run with --debug for the traceback)",
            err=True,
        )
        sys.exit(EXIT_USAGE)
    # Without standalone mode click returns the status of `ctx.exit(n)` instead of exiting.
    if isinstance(status, int) and status:
        sys.exit(status)
