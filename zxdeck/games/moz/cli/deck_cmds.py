"""MOZ's deck commands: `regulations`, `stats`, `deck diff` (thin layers over
zxdeck.games.moz.deck.regulation, zxdeck.games.moz.deck.stats and the core's zxdeck.decks.diff).

MOZ has no deck code: Z/X's (zxdeck/games/zx/deck/code.py) packs Z/X's three sections and card
numbers, and no MOZ code format exists to share with it, so `deck` has `diff` only.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from zxdeck.cli import AppContext, examples_epilog, pass_app


def _user_errors(func):  # noqa: ANN001, ANN202 - the decorator of zxdeck.cli.app
    from zxdeck.cli.app import user_errors as wrap

    return wrap(func)


deck_format_option = click.option(
    "--deck-format", type=click.Choice(["auto", "text", "yaml", "json"]), default="auto", show_default=True,
    help="Deck file format; auto chooses by extension (.yaml/.yml/.json).")


def _bound(minimum: int | None, maximum: int | None) -> str:
    if minimum is not None and minimum == maximum:
        return f"exactly {minimum}"
    if minimum is not None and maximum is not None:
        return f"{minimum} to {maximum}"
    return f"at least {minimum}" if minimum is not None else f"at most {maximum}"


def _what(what: str) -> str:
    return what.replace("named {name}", "of each name").replace("with power {power}", "of each power")


@click.command("regulations", short_help="List the MOZ regulations and their deck rules.",
               epilog=examples_epilog([
                   "zxdeck --game moz regulations",
                   "zxdeck --game moz regulations --format json glyphwar",
                   "zxdeck --game moz validate --regulation my_rules.yaml examples/moz/shell_dragons.txt",
               ], "A regulation is a YAML file of limits (data/moz/regulations/glyphwar.yaml shows the "
                  "form). Exit status 0, or 2 for a name or file that is not a regulation."))
@click.argument("names", nargs=-1, metavar="[NAME|FILE]...")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@_user_errors
def regulations_cmd(names: tuple[str, ...], fmt: str) -> None:
    """List the built-in MOZ regulations (or the named ones / regulation files) with their deck
    rules; use one with `zxdeck --game moz validate --regulation NAME`."""
    import json

    from zxdeck.games.moz.deck.regulation import DEFAULT, list_regulations, load_regulation

    regs = [load_regulation(n) for n in names] if names else list_regulations()
    if fmt == "json":
        click.echo(json.dumps([{"name": r.name, "title": r.title, "source": r.source, "default": r.name == DEFAULT,
                                "limits": [limit.to_dict() for limit in r.limits]} for r in regs],
                              ensure_ascii=False, indent=2))
        return
    for r in regs:
        click.echo(f"{r.name}{' (default)' if r.name == DEFAULT else ''}: {r.title}")
        if r.source:
            click.echo(f"    source: {r.source}")
        width = max(5, *(len(limit.rule) for limit in r.limits))
        for limit in r.limits:
            click.echo(f"    {limit.rule:<{width}} {_what(limit.what)}: {_bound(limit.minimum, limit.maximum)}")


def _load(app: AppContext, path: str, deck_format: str) -> Any:
    """The deck file read with MOZ's catalog (zxdeck.games.moz.deck.parse.read_deck); a line that is not
    understood or an unknown card is refused in one line (exit 2)."""
    from zxdeck.errors import DeckFileError
    from zxdeck.games.moz.catalog.loader import open_catalog
    from zxdeck.games.moz.deck.parse import read_deck

    deck = read_deck(path, open_catalog(app.cards or None), None if deck_format == "auto" else deck_format)
    for p in deck.problems:
        if p.code in ("parse-error", "unknown-card"):
            where = f"line {p.line}: " if p.line else ""
            raise DeckFileError(f"{deck.source}: {where}{p.code} {p.message}")
    return deck


@click.command("stats", short_help="MOZ deck statistics: pile, attributes, powers, opening odds.",
               epilog=examples_epilog([
                   "zxdeck --game moz stats examples/moz/shell_dragons.txt",
                   "zxdeck --game moz stats --format json examples/moz/dusk_minus.txt",
               ], "An illegal deck gets its statistics with a warning. Exit status 0, or 2 for a file "
                  "that cannot be read or has an unknown card."))
@click.argument("decks", nargs=-1, required=True, metavar="DECK...")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@deck_format_option
@pass_app
@_user_errors
def stats_cmd(app: AppContext, decks: tuple[str, ...], fmt: str, deck_format: str) -> None:
    """The summoner pile (levels, speeds, the attribute of each face), the zone by kind, the beasts
    by attribute, sub-attribute and power, and the odds of holding a beast for each summon
    attribute and a help for the bottom face in the opening hand of 7 (S-3) and by your turn 4."""
    import json

    from zxdeck.games.moz.deck.parse import validate
    from zxdeck.games.moz.deck.stats import deck_stats, render_stats

    out: list[dict[str, Any]] = []
    for path in decks:
        deck = _load(app, path, deck_format)
        result = validate(deck)
        if result.errors:
            n, first = len(result.errors), result.errors[0]
            rule = f" [{first.rule}]" if first.rule else ""
            click.echo(f"zxdeck: warning: {deck.source} is not a legal deck ({n} error{'s' * (n != 1)}, "
                       f"the first: {first.code}{rule} {first.message})", err=True)
        cards = [e.card for e in deck.entries if e.card is not None for _ in range(e.count)]
        stats = deck_stats(cards)
        if fmt == "json":
            out.append({"deck": deck.source, "game": "moz", **stats})
        else:
            click.echo(render_stats(stats, deck.source))
    if fmt == "json":
        click.echo(json.dumps(out[0] if len(out) == 1 else out, ensure_ascii=False, indent=2))


@click.group("deck", short_help="MOZ deck files: diff.",
             epilog=examples_epilog(["zxdeck --game moz deck diff examples/moz/shell_dragons.txt "
                                     "examples/moz/dusk_minus.txt"],
                                    "MOZ has no deck code (no MOZ code format exists to share with Z/X's)."))
def deck_group() -> None:
    """MOZ deck files: compare two decks (`diff`)."""


@deck_group.command("diff", short_help="Cards added, removed and changed between two MOZ decks.",
                    epilog=examples_epilog([
                        "zxdeck --game moz deck diff examples/moz/shell_dragons.txt my_shell.txt",
                        "zxdeck --game moz deck diff old.txt new.txt --format json",
                    ], "Every summoner counts in the pile, every other card in the zone (D-2), "
                       "whatever header it is written under."))
@click.argument("deck_a", metavar="A")
@click.argument("deck_b", metavar="B")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@deck_format_option
@pass_app
@_user_errors
def diff_cmd(app: AppContext, deck_a: str, deck_b: str, fmt: str, deck_format: str) -> None:
    """Cards added, removed and changed from MOZ deck A to deck B, in the summoner pile and the
    zone.

    Exit status: 0 the decks hold the same cards, 1 they differ, 2 could not run.
    """
    import json

    from zxdeck.decks.diff import diff_decks, render_diff
    from zxdeck.games.moz.catalog.model import Summoner

    def section_of(entry: Any) -> str:  # D-2: the pile holds the summoners, the zone the rest
        return "summoners" if isinstance(entry.card, Summoner) else "zone"

    decks = [_load(app, deck_a, deck_format), _load(app, deck_b, deck_format)]
    diff = diff_decks(decks[0], decks[1], ("summoners", "zone"), section_of)
    click.echo(json.dumps(diff.to_dict(), ensure_ascii=False, indent=2) if fmt == "json"
               else render_diff(diff))
    if not diff.same:
        sys.exit(1)


def register(group: click.Group) -> None:
    """Add the MOZ regulations, stats and deck commands to `group`."""
    for command in (regulations_cmd, stats_cmd, deck_group):
        group.add_command(command)
