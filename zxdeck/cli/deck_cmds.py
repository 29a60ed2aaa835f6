"""Deck commands: `validate`, `stats`, `regulations`, `deck export` (thin layers over zxdeck.deck).

Library imports stay inside the commands so that `zxdeck --help` and the other
commands start fast.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import Any

import click

from zxdeck.cli import AppContext, examples_epilog, pass_app
from zxdeck.errors import EXIT_OK, EXIT_USAGE, ZxError

REGULATION_HELP = "Regulation name (see `zxdeck regulations`; default: current) or a regulation YAML file."


def _user_errors(func: Callable[..., Any]) -> Callable[..., Any]:
    """ZxError -> one line on stderr and its exit status, also under click's own runner (tests).

    With --debug the error propagates (to `main`, which shows the traceback).
    """

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except ZxError as exc:
            ctx = click.get_current_context()
            app = ctx.find_object(AppContext)
            if app is not None and app.debug:
                raise
            click.echo(f"zxdeck: error: {exc.message}", err=True)
            sys.exit(exc.exit_code)  # SystemExit: click.Exit would be swallowed by main()

    return wrapper


def _regulation(name: str | None):  # noqa: ANN202 - Regulation, imported lazily
    from zxdeck.deck.regulation import load_regulation

    return load_regulation(name)


# The `--deck-format` option of every command that reads a deck file.
deck_format_option = click.option(
    "--deck-format", type=click.Choice(["auto", "text", "yaml", "json"]), default="auto",
    show_default=True, help="Deck file format; auto chooses by extension (.yaml/.yml/.json).",
)


VALIDATE_EPILOG = examples_epilog(
    [
        "zxdeck validate examples/decks/blue.txt",
        "zxdeck validate examples/decks/*.txt               # several decks",
        "zxdeck validate --format json examples/decks/illegal/red_broken.txt",
        "zxdeck validate --regulation v2 examples/decks/red.txt",
        "zxdeck --cards my_cards.yaml validate my_deck.txt   # another catalog",
        "cat my_deck.txt | zxdeck validate -                 # standard input",
    ],
    "Each problem names its rule, such as [D-4]; `zxdeck rules D-4` prints the rule "
    "(docs/RULES.md). The error codes are those of the interface specification.",
)


@click.command("validate", epilog=VALIDATE_EPILOG,
               short_help="Check decks against the construction rules (D-1..D-16).")
@click.argument("decks", nargs=-1, required=True, metavar="DECK...")
@click.option("--format", "fmt", type=click.Choice(["human", "text", "json"]), default="human",
              show_default=True, help="Report format (text is the same as human).")
@click.option("--regulation", "-r", metavar="NAME|FILE", default=None, help=REGULATION_HELP)
@deck_format_option
@click.option("--color", type=click.Choice(["auto", "always", "never"]), default="auto",
              show_default=True, help="Colors in the human report (auto: terminal only; NO_COLOR disables).")
@pass_app
@_user_errors
def validate_cmd(app: AppContext, decks: tuple[str, ...], fmt: str, regulation: str | None,
                 deck_format: str, color: str) -> None:
    """Check deck files against the deck construction rules (D-1..D-16).

    Every problem is reported in one run, with its line and rule. Exit status:
    0 valid (warnings allowed), 1 invalid, 2 could not run. Several files may be
    given (`-` reads standard input); with --format json the output is then a
    JSON array.
    """
    from zxdeck.deck.parse import read_deck
    from zxdeck.deck.report import render_human, render_json, use_color
    from zxdeck.deck.validate import validate

    reg = _regulation(regulation)
    catalog = app.card_source()
    single = len(decks) == 1
    results: list = []
    status = EXIT_OK
    colored = use_color(sys.stdout, color)
    for path in decks:
        try:
            deck = read_deck(path, catalog, deck_format)
        except ZxError as exc:
            if single:
                raise
            click.echo(f"zxdeck: error: {exc.message}", err=True)
            status = max(status, exc.exit_code)
            results.append({"deck": path, "valid": False, "counts": None,
                            "errors": [{"code": "unreadable", "message": exc.message, "line": None}],
                            "warnings": []})
            if fmt != "json":
                click.echo(f"{path}: could not read ({exc.message})")
            continue
        result = validate(deck, reg)
        results.append(result)
        status = max(status, result.exit_code)
        if fmt != "json":
            if len(results) > 1:
                click.echo()
            click.echo(render_human(result, colored), color=colored)
    if fmt == "json":
        click.echo(render_json(results, single))
    if status != EXIT_OK:
        sys.exit(status)


@click.command("stats", short_help="Deck statistics: curve, colors and opening-hand odds.",
               epilog=examples_epilog([
                   "zxdeck stats examples/decks/blue.txt",
                   "zxdeck stats examples/decks/blue.txt --card ZX01-074   # one card's odds",
                   "zxdeck stats --format json examples/decks/red.txt",
               ]))
@click.argument("deck", metavar="DECK")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--card", "card", metavar="CARD", default=None,
              help="Also the opening-hand odds of this card (number or name).")
@deck_format_option
@pass_app
@_user_errors
def stats_cmd(app: AppContext, deck: str, fmt: str, card: str | None, deck_format: str) -> None:
    """Deck statistics: types, colors, cost curve, ignition density and exact odds."""
    import json

    from zxdeck.deck.parse import read_deck
    from zxdeck.deck.stats import deck_stats, render_stats

    catalog = app.card_source()
    parsed = read_deck(deck, catalog, deck_format)
    stats = deck_stats(parsed, catalog, card)
    if fmt == "json":
        click.echo(json.dumps(stats, ensure_ascii=False, indent=2))
    else:
        click.echo(render_stats(stats))


@click.command("regulations", short_help="List the built-in regulations.",
               epilog=examples_epilog([
                   "zxdeck regulations",
                   "zxdeck regulations --format json",
                   "zxdeck validate --regulation v2 examples/decks/red.txt",
               ]))
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@_user_errors
def regulations_cmd(fmt: str) -> None:
    """List the built-in regulations (use one with `validate --regulation NAME`)."""
    import json

    from zxdeck.deck.regulation import DEFAULT, list_regulations

    regs = list_regulations()
    if fmt == "json":
        click.echo(json.dumps([r.to_dict() for r in regs], ensure_ascii=False, indent=2))
        return
    for r in regs:
        mark = " (default)" if r.name == DEFAULT else ""
        click.echo(f"{r.name}{mark}: {r.title}")
        click.echo(f"    date {r.date or 'unknown'}; main {r.main_size}, ignition {r.ignition}, "
                   f"dunamis 0-{r.dunamis_max} ({', '.join(sorted(r.dunamis_types))}), "
                   f"restricted cards {len(r.card_limits)}")
        click.echo(f"    source: {r.source}")


@click.group("deck", invoke_without_command=True,
             short_help="Deck files: export (validate and stats too).",
             epilog=examples_epilog([
                 "zxdeck deck export examples/decks/red.txt --format yaml",
                 "zxdeck deck validate examples/decks/red.txt   # same as zxdeck validate",
             ]))
@click.pass_context
def deck_group(ctx: click.Context) -> None:
    """Deck files: export (and `validate` / `stats` as sub-commands too)."""
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


@deck_group.command("export", short_help="Write a deck back in canonical form.",
                    epilog=examples_epilog([
                        "zxdeck deck export examples/decks/red.txt",
                        "zxdeck deck export my_deck.txt --format json -o my_deck.json",
                    ]))
@click.argument("deck", metavar="DECK")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "yaml"]), default="text",
              show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Write to this file instead of standard output.")
@deck_format_option
@pass_app
@_user_errors
def export_cmd(app: AppContext, deck: str, fmt: str, output: str | None, deck_format: str) -> None:
    """Write DECK back in a canonical form (card numbers and names, merged and sorted)."""
    from zxdeck.deck.export import export_deck
    from zxdeck.deck.parse import read_deck

    text = export_deck(read_deck(deck, app.card_source(), deck_format), fmt)
    if output:
        try:
            with open(output, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
        except OSError as exc:
            raise ZxError(f"{output}: cannot write: {exc.strerror or exc}", EXIT_USAGE) from None
    else:
        click.echo(text, nl=False)


deck_group.add_command(validate_cmd)
deck_group.add_command(stats_cmd)

def register(group: click.Group) -> None:
    """Add this module's commands to `group`."""
    for command in (validate_cmd, stats_cmd, regulations_cmd, deck_group):
        group.add_command(command)
