"""Deck commands: `validate`, `stats`, `regulations`, `deck export|code|diff`, `draw` (thin layers
over zxdeck.deck and zxdeck.engine.opening).

Every DECK argument is a deck file, `-` (standard input) or a deck code (`zxd1_...`, see
zxdeck.deck.code and docs/DECKS.md).

Library imports stay inside the commands so that `zxdeck --help` and the other
commands start fast.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from zxdeck.cli import AppContext, examples_epilog, pass_app
from zxdeck.cli.app import AliasChoice
from zxdeck.cli.app import user_errors as _user_errors
from zxdeck.cli.fastpath import (
    COLOR_MODES,
    DECK_FORMATS,
    VALIDATE_FORMATS,
)
from zxdeck.errors import EXIT_USAGE, ZxError

REGULATION_HELP = "Regulation name (see `zxdeck regulations`; default: current) or a regulation YAML file."


class Day(click.ParamType):
    """A day written YYYY-MM-DD (a `datetime.datetime` at midnight, as click.DateTime gives); a
    wrong one says what is wrong with it (`month must be in 1..12`)."""

    name = "YYYY-MM-DD"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        import datetime as dt
        import re

        if isinstance(value, dt.datetime):
            return value
        text = str(value).strip()
        m = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})", text)
        if m is None:
            self.fail(f"{value!r} is not a day written YYYY-MM-DD (e.g. 2022-05-01)", param, ctx)
        try:
            return dt.datetime(int(m.group(1)), int(m.group(2)), int(m.group(3)))
        except ValueError as exc:
            self.fail(f"{value!r} is not a day: {exc}", param, ctx)


# The `--date` option of the commands that pick a regulation.
date_option = click.option(
    "--date", "day", type=Day(), default=None, metavar="YYYY-MM-DD",
    help="Check as of this day: the regulation and banned / restricted list in force then (default: today).",
)


# The `--deck-format` option of every command that reads a deck file.
deck_format_option = click.option(
    "--deck-format", type=click.Choice(list(DECK_FORMATS)), default="auto",
    show_default=True, help="Deck file format; auto chooses by extension (.yaml/.yml/.json).",
)


VALIDATE_EPILOG = examples_epilog(
    [
        "zxdeck validate examples/decks/blue.txt",
        "zxdeck validate examples/decks/*.txt               # several decks",
        "zxdeck validate --format json examples/decks/illegal/red_broken.txt",
        "zxdeck validate --regulation v2 examples/decks/red.txt",
        "zxdeck validate --regulation sealed examples/decks/sealed/red.txt",
        "zxdeck validate --date 2022-05-01 examples/decks/red.txt",
        "zxdeck --cards my_cards.yaml validate my_deck.txt   # another catalog",
        "cat my_deck.txt | zxdeck validate -                 # standard input",
    ],
    "Each problem names its rule, such as [D-4]; `zxdeck rules D-4` prints the rule "
    "(docs/RULES.md). The error codes are those of the interface specification.",
)


@click.command("validate", epilog=VALIDATE_EPILOG,
               short_help="Check decks against the construction rules (D-1..D-16).")
@click.argument("decks", nargs=-1, required=True, metavar="DECK...")
@click.option("--format", "fmt", type=AliasChoice(VALIDATE_FORMATS[:2], VALIDATE_FORMATS[2:]), default="text",
              show_default=True, help="Report format; json: one object per deck (an array for several).")
@click.option("--regulation", "-r", metavar="NAME|FILE", default=None, help=REGULATION_HELP)
@date_option
@deck_format_option
@click.option("--color", type=click.Choice(list(COLOR_MODES)), default="auto",
              show_default=True, help="Colors in the human report (auto: terminal only; NO_COLOR disables).")
@pass_app
@_user_errors
def validate_cmd(app: AppContext, decks: tuple[str, ...], fmt: str, regulation: str | None, day: Any,
                 deck_format: str, color: str) -> None:
    """Check deck files against the deck construction rules (D-1..D-16).

    Every problem is reported in one run, with its line and rule. Exit status:
    0 valid (warnings allowed), 1 invalid, 2 could not run. Several files may be
    given (`-` reads standard input); with --format json the output is then a
    JSON array.
    """
    from zxdeck.games.zx.fast import validate_decks

    validate_decks(app, decks, fmt, regulation, day, deck_format, color, echo=click.echo)


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

    from zxdeck.games.zx.deck.parse import read_deck
    from zxdeck.games.zx.deck.stats import deck_stats, render_stats

    catalog = app.card_source()
    parsed = main_deck_only(read_deck(deck, catalog, deck_format), "counted")
    stats = deck_stats(parsed, catalog, card)
    if fmt == "json":
        click.echo(json.dumps(stats, ensure_ascii=False, indent=2))
    else:
        click.echo(render_stats(stats))


def main_deck_only(parsed: Any, what: str) -> Any:
    """The deck `draw` / `stats` work on: when it breaks the construction rules, a warning on
    stderr with its first error, and without the main deck's cards of a type that cannot be in a
    main deck (D-2: a player card, a Z/X EX...), which are never dealt or counted."""
    from zxdeck.games.zx.catalog.model import MAIN_DECK_TYPES
    from zxdeck.games.zx.deck.validate import validate

    result = validate(parsed)
    if result.valid:
        return parsed
    first = result.errors[0]
    where = f"line {first.line}: " if first.line else ""
    rule = f" [{first.rule}]" if first.rule else ""
    n = len(result.errors)
    kept = [e for e in parsed.entries
            if not (e.section == "main" and e.card is not None and e.card.type not in MAIN_DECK_TYPES)]
    left = [e for e in parsed.entries if e not in kept]
    gone = ""
    if left:
        names = ", ".join(f"{e.count} {e.card.name} ({e.card.type})" for e in left)
        gone = f"; not {what}: {names}, not main deck cards (D-2)"
    click.echo(f"zxdeck: warning: {parsed.source} is not a legal deck ({n} error{'s' * (n != 1)}, the first: "
               f"{where}{first.code}{rule} {first.message}){gone}", err=True)
    return parsed.replace(entries=kept) if left else parsed


@click.command("regulations", short_help="List the regulations, their dates and card lists.",
               epilog=examples_epilog([
                   "zxdeck regulations",
                   "zxdeck regulations --history",
                   "zxdeck regulations --format json sealed",
                   "zxdeck validate --regulation v2 examples/decks/red.txt",
               ]))
@click.argument("names", nargs=-1, metavar="[NAME|FILE]...")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--history", is_flag=True,
              help="By format and date, with the dated banned / restricted lists and which is in force.")
@date_option
@_user_errors
def regulations_cmd(names: tuple[str, ...], fmt: str, history: bool, day: Any) -> None:
    """List the built-in regulations (or the named ones / regulation files).

    Use one with `validate --regulation NAME`; `validate --date YYYY-MM-DD` checks
    with the regulation and banned / restricted list in force that day.
    """
    import datetime as dt
    import json

    from zxdeck.games.zx.deck.regulation import DEFAULT, list_regulations, load_regulation

    on = day.date() if day is not None else dt.date.today()
    regs = [load_regulation(n).at(on) for n in names] if names else [r.at(on) for r in list_regulations()]
    if fmt == "json":
        click.echo(json.dumps([r.to_dict() for r in regs], ensure_ascii=False, indent=2))
        return
    if history:
        click.echo(_history(regs, on, day is not None))
        return
    for r in regs:
        mark = " (default)" if r.name == DEFAULT else ""
        click.echo(f"{r.name}{mark}: {r.title}")
        click.echo(f"    date {r.date or 'unknown'}; main {r.main_size}, ignition {r.ignition_text()}, "
                   f"dunamis 0-{r.dunamis_max} ({', '.join(sorted(r.dunamis_types))}), "
                   f"restricted cards {r.limited_cards}")
        click.echo(f"    source: {r.source}")


def _history(regs: list, on: Any, dated: bool) -> str:
    """`regulations --history`: each format, its regulations by date, their lists by date."""
    from zxdeck.games.zx.deck.regulation import DEFAULT, in_force

    when = f"in force on {on.isoformat()}" if dated else "in force"
    lines: list[str] = []
    for fmt in dict.fromkeys(r.format for r in regs):
        lines.append(fmt)
        current = in_force(regs, fmt, on)
        for r in sorted((r for r in regs if r.format == fmt), key=lambda r: r.date or ""):
            mark = " (default)" if r.name == DEFAULT else ""
            force = f"  [{when}]" if r is current else ""
            lines.append(f"  {r.date or 'date unknown':<12}  {r.name}{mark}: {r.title}{force}")
            for cl in r.lists:
                force = f"  [{when}]" if r.active_list is cl else ""
                banned = ", ".join(cl.banned) or "none"
                restricted = ", ".join(f"{k} {v}" for k, v in cl.restricted.items()) or "none"
                lines.append(f"      list {cl.date}{f' {cl.title}' if cl.title else ''}: banned {banned}; "
                             f"restricted {restricted}{force}")
    return "\n".join(lines)


@click.group("deck", invoke_without_command=True,
             short_help="Deck files and codes: export, code, diff.",
             epilog=examples_epilog([
                 "zxdeck deck export examples/decks/red.txt --format yaml",
                 "zxdeck deck code examples/decks/red.txt",
                 "zxdeck deck diff examples/decks/red.txt my_red.txt",
                 "zxdeck deck validate examples/decks/red.txt   # same as zxdeck validate",
             ]))
@click.pass_context
def deck_group(ctx: click.Context) -> None:
    """Deck files and codes: export, code, diff (and `validate` / `stats` as sub-commands too)."""
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
    from zxdeck.games.zx.deck.export import export_deck
    from zxdeck.games.zx.deck.parse import read_deck

    text = export_deck(read_deck(deck, app.card_source(), deck_format), fmt)
    if output:
        try:
            with open(output, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
        except OSError as exc:
            raise ZxError(f"{output}: cannot write: {exc.strerror or exc}", EXIT_USAGE) from None
    else:
        click.echo(text, nl=False)


@deck_group.command("code", short_help="Print a deck as a one-line deck code.",
                    epilog=examples_epilog([
                        "zxdeck deck code examples/decks/red.txt",
                        "zxdeck validate \"$(zxdeck deck code examples/decks/red.txt)\"",
                    ], "A code works wherever a deck file does; docs/DECKS.md describes it."))
@click.argument("deck", metavar="DECK")
@deck_format_option
@pass_app
@_user_errors
def code_cmd(app: AppContext, deck: str, deck_format: str) -> None:
    """Print DECK as a one-line deck code (zxd1_...), usable wherever a deck file is.

    The code holds card numbers and counts (versioned, with a checksum, URL-safe);
    the same cards always give the same code. Exit 1 when a line of DECK was not
    understood.
    """
    from zxdeck.games.zx.deck.code import encode_deck
    from zxdeck.games.zx.deck.parse import read_deck

    click.echo(encode_deck(read_deck(deck, app.card_source(), deck_format)))


@deck_group.command("diff", short_help="Cards added, removed and changed between two decks.",
                    epilog=examples_epilog([
                        "zxdeck deck diff examples/decks/red.txt my_red.txt",
                        "zxdeck deck diff old.txt new.txt --format json",
                    ]))
@click.argument("deck_a", metavar="A")
@click.argument("deck_b", metavar="B")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@deck_format_option
@pass_app
@_user_errors
def diff_cmd(app: AppContext, deck_a: str, deck_b: str, fmt: str, deck_format: str) -> None:
    """Cards added, removed and changed from deck A to deck B, per section.

    Exit status: 0 the decks hold the same cards, 1 they differ, 2 could not run.
    """
    import json

    from zxdeck.games.zx.deck.diff import diff_decks, render_diff
    from zxdeck.games.zx.deck.parse import read_deck

    catalog = app.card_source()
    decks = [read_deck(deck_a, catalog, deck_format), read_deck(deck_b, catalog, deck_format)]
    for parsed in decks:  # text around a pasted list: skipped, and said so
        for p in parsed.problems:
            if p.code == "ignored-line":
                click.echo(f"zxdeck: warning: {parsed.source}: line {p.line}: {p.message}", err=True)
    diff = diff_decks(*decks)
    click.echo(json.dumps(diff.to_dict(), ensure_ascii=False, indent=2) if fmt == "json"
               else render_diff(diff))
    if not diff.same:
        sys.exit(1)


MIN_OPENING = 11  # main deck cards `draw` needs: S-6 hand 4, S-8 life 4, S-9 resources 2, one left


@click.command("draw", short_help="Sample opening hands, life cards and resources of a deck.",
               epilog=examples_epilog([
                   "zxdeck draw examples/decks/red.txt",
                   "zxdeck draw examples/decks/red.txt --seed 7 -n 5",
                   "zxdeck draw examples/decks/blue.txt --mulligan --format json",
                   "zxdeck draw examples/decks/red.txt --odds \"火の粉払い,紅蓮の業火:2\" --by-turn 3 --second",
               ], "The game's own setup deals them (zxdeck rules S-6..S-9). --odds: the exact "
                  "probability of holding the cards by a turn, and its frequency in --sims setups "
                  "(docs/ANALYSIS.md)."))
@click.argument("deck", metavar="DECK")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first opening.")
@click.option("-n", "--openings", "count", type=click.IntRange(1, 10_000), default=1, show_default=True,
              help="Number of openings (seeds SEED, SEED+1, ...).")
@click.option("--mulligan", is_flag=True, help="Take the mulligan (S-7) and show the new hand.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@deck_format_option
@click.option("--odds", metavar="NAME,NAME:2",
              help="The odds of holding these cards (NAME:COUNT for several copies) by --by-turn.")
@click.option("--by-turn", "by_turn", type=int, default=1, show_default=True, metavar="T",
              help="With --odds: by your own turn T (after its draw, P-2).")
@click.option("--second", is_flag=True, help="With --odds: you go second (you draw on your first turn).")
@click.option("--sims", type=click.IntRange(0, 1_000_000), default=1000, show_default=True,
              help="With --odds: setups dealt by the game to check the exact figure (0: none).")
@pass_app
@_user_errors
def draw_cmd(app: AppContext, deck: str, seed: int, count: int, mulligan: bool, fmt: str,
             deck_format: str, odds: str | None = None, by_turn: int = 1, second: bool = False,
             sims: int = 1000) -> None:
    """Sample opening hands of DECK with life cards and resources, as the game deals them.

    The game's own setup deals them (S-2 Start Card, S-3 Gate Card, S-4 shuffle,
    S-6 four cards, S-8 four life cards, S-9 two resources): the same seed gives
    the same opening as `zxdeck play --seed` gives player 1 going first.
    """
    import json

    from zxdeck.games.zx.deck.parse import read_deck
    from zxdeck.games.zx.engine.decks import spec_from_deck
    from zxdeck.games.zx.engine.opening import deal_openings, render_openings

    parsed = main_deck_only(read_deck(deck, app.card_source(), deck_format), "dealt")
    spec = spec_from_deck(parsed)
    if not spec.main:
        raise ZxError(f"{parsed.source}: no main deck card to draw from")
    if len(spec.main) < MIN_OPENING:  # S-6, S-8, S-9 deal 10; an empty deck would be refreshed
        raise ZxError(f"{parsed.source}: {len(spec.main)} main deck cards are too few to deal an opening "
                      f"(4 in hand, 4 life, 2 resources and one left: at least {MIN_OPENING})")
    if odds:
        from zxdeck.games.zx.engine.opening import opening_odds, parse_odds, render_odds

        result = opening_odds(spec, parse_odds(odds), by_turn, second, sims, seed)
        if fmt == "json":
            click.echo(json.dumps({"deck": parsed.source, **result.to_dict()}, ensure_ascii=False,
                                  indent=2))
        else:
            click.echo(render_odds(result, parsed.source))
        return
    if second or by_turn != 1:
        raise ZxError("--by-turn and --second go with --odds")
    openings = deal_openings(spec, seed, count, mulligan)
    if fmt == "json":
        click.echo(json.dumps({"deck": parsed.source, "openings": [o.to_dict() for o in openings]},
                              ensure_ascii=False, indent=2))
    else:
        click.echo(render_openings(openings, parsed.source))


deck_group.add_command(validate_cmd)
deck_group.add_command(stats_cmd)


def register(group: click.Group) -> None:
    """Add this module's commands to `group`."""
    for command in (validate_cmd, stats_cmd, regulations_cmd, deck_group, draw_cmd):
        group.add_command(command)
