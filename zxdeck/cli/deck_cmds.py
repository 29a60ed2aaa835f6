"""The core's deck commands, for every game: `validate`, `stats`, `regulations`, `deck
export|code|diff` (and `deck validate|stats`), `draw`.

`register(group, game)` makes them for a game from its deck parts (the object its `DECKS`
names, protocol `zxdeck.game_api.DeckParts`): the words of their help, the options the game has
beyond the common ones (`features`), and the bodies (read a deck, validate, stats, regulations,
deck code, diff sections, openings and odds). A command or sub-command whose body the game does
not supply says so in one line (exit 2).

Every DECK argument is a deck file, `-` (standard input) or a deck code of the game (`zxd1_...`
for Z/X, `mzd1_...` for MOZ; zxdeck.decks.code and docs/DECKS.md).

Like every zxdeck/cli module, this one imports only click, the standard library and zxdeck.cli
at module level; the game's parts and the library are imported when a command is made or runs.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import click

from zxdeck.cli import AppContext, pass_app
from zxdeck.cli.app import AliasChoice, user_errors
from zxdeck.cli.fastpath import COLOR_MODES, DECK_FORMATS, VALIDATE_FORMATS
from zxdeck.errors import EXIT_USAGE, ZxError

# The part constant of a game's module that names its deck parts (`"module:name"`).
PART = "DECKS"


def deck_parts(game: str) -> Any:
    """The deck parts of the game `game` (the object its `DECKS` names, imported now), or None
    when the game names none."""
    import importlib

    from zxdeck.games import game_module

    spec = getattr(game_module(game), PART, None)
    if not spec:
        return None
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)


def warn(message: str) -> None:
    """A warning line on stderr, as every command writes one."""
    click.echo(f"zxdeck: warning: {message}", err=True)


def texts(parts: Any, path: str) -> dict[str, Any]:
    """The click keywords of the command `path` (`deck code`): its summary, help and epilog."""
    found = dict(parts.texts.get(path, {}))
    return {"short_help": found.get("short_help"), "help": found.get("help"), "epilog": found.get("epilog")}


def has(parts: Any, feature: str) -> bool:
    """Whether the game's commands have the optional option or sub-command `feature`."""
    return feature in getattr(parts, "features", ())


def option_help(parts: Any, name: str, default: str) -> str:
    """The help of an option (`draw --seed`): the game's words, else the common ones."""
    return getattr(parts, "option_help", {}).get(name, default)


def unavailable(name: str, game: str, what: str) -> click.Command:
    """A command that says in one line that `game` cannot serve it (exit 2)."""

    @click.command(name, context_settings={"ignore_unknown_options": True, "allow_extra_args": True,
                                           "help_option_names": []},
                   add_help_option=False, short_help=f"Not available for --game {game}.")
    def refused() -> None:
        click.echo(f"zxdeck: error: `{what}` is not available for --game {game} (its game parts "
                   f"have no {name})", err=True)
        raise SystemExit(EXIT_USAGE)

    return refused


def serves(parts: Any, *methods: str) -> bool:
    """Whether the parts have every body `methods` names."""
    return parts is not None and all(callable(getattr(parts, m, None)) for m in methods)


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


# The `--date` option of the commands that pick a regulation (games with dated regulations).
date_option = click.option(
    "--date", "day", type=Day(), default=None, metavar="YYYY-MM-DD",
    help="Check as of this day: the regulation and banned / restricted list in force then (default: today).",
)

# The `--deck-format` option of every command that reads a deck file.
deck_format_option = click.option(
    "--deck-format", type=click.Choice(list(DECK_FORMATS)), default="auto",
    show_default=True, help="Deck file format; auto chooses by extension (.yaml/.yml/.json).",
)


def _when(flag: bool, decorator: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return decorator if flag else (lambda f: f)


def make_validate(parts: Any) -> click.Command:
    dated = has(parts, "validate --date")

    @click.command("validate", **texts(parts, "validate"))
    @click.argument("decks", nargs=-1, required=True, metavar="DECK...")
    @click.option("--format", "fmt", type=AliasChoice(VALIDATE_FORMATS[:2], VALIDATE_FORMATS[2:]), default="text",
                  show_default=True, help="Report format; json: one object per deck (an array for several).")
    @click.option("--regulation", "-r", metavar="NAME|FILE", default=None,
                  help=option_help(parts, "validate --regulation", "Regulation name or a regulation YAML file."))
    @_when(dated, date_option)
    @deck_format_option
    @click.option("--color", type=click.Choice(list(COLOR_MODES)), default="auto",
                  show_default=True, help="Colors in the human report (auto: terminal only; NO_COLOR disables).")
    @pass_app
    @user_errors
    def validate_cmd(app: AppContext, *, decks: tuple[str, ...], fmt: str, regulation: str | None,
                     day: Any = None, deck_format: str, color: str) -> None:
        parts.validate(app, decks, fmt, regulation, day, deck_format, color, echo=click.echo)

    return validate_cmd


def make_stats(parts: Any) -> click.Command:
    many = getattr(parts, "stats_many", False)
    with_card = has(parts, "stats --card")

    @click.command("stats", **texts(parts, "stats"))
    @(click.argument("decks", nargs=-1, required=True, metavar="DECK...") if many
      else click.argument("decks", nargs=1, metavar="DECK", callback=lambda c, p, v: (v,)))
    @click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
    @_when(with_card, click.option("--card", "card", metavar="CARD", default=None,
                                   help="Also the opening-hand odds of this card (number or name)."))
    @deck_format_option
    @pass_app
    @user_errors
    def stats_cmd(app: AppContext, decks: tuple[str, ...], fmt: str, deck_format: str,
                  card: str | None = None) -> None:
        import json

        out = [parts.stats(app, path, fmt, card, deck_format, warn) for path in decks]
        if fmt == "json":
            click.echo(json.dumps(out[0] if len(out) == 1 else out, ensure_ascii=False, indent=2))
        else:
            for text in out:
                click.echo(text)

    return stats_cmd


def make_regulations(parts: Any) -> click.Command:
    dated = has(parts, "regulations --date")

    @click.command("regulations", **texts(parts, "regulations"))
    @click.argument("names", nargs=-1, metavar="[NAME|FILE]...")
    @click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
    @_when(has(parts, "regulations --history"), click.option(
        "--history", is_flag=True,
        help="By format and date, with the dated banned / restricted lists and which is in force."))
    @_when(dated, date_option)
    @user_errors
    def regulations_cmd(names: tuple[str, ...], fmt: str, history: bool = False, day: Any = None) -> None:
        text = parts.regulations(names, fmt, history, day)
        if text:
            click.echo(text)

    return regulations_cmd


def make_export(parts: Any) -> click.Command:
    @click.command("export", **texts(parts, "deck export"))
    @click.argument("deck", metavar="DECK")
    @click.option("--format", "fmt", type=click.Choice(["text", "json", "yaml"]), default="text",
                  show_default=True)
    @click.option("--output", "-o", type=click.Path(dir_okay=False, writable=True), default=None,
                  help="Write to this file instead of standard output.")
    @deck_format_option
    @pass_app
    @user_errors
    def export_cmd(app: AppContext, deck: str, fmt: str, output: str | None, deck_format: str) -> None:
        text = parts.export(app, deck, fmt, deck_format)
        if output:
            try:
                with open(output, "w", encoding="utf-8", newline="\n") as fh:
                    fh.write(text)
            except OSError as exc:
                raise ZxError(f"{output}: cannot write: {exc.strerror or exc}", EXIT_USAGE) from None
        else:
            click.echo(text, nl=False)

    return export_cmd


def make_code(parts: Any) -> click.Command:
    @click.command("code", **texts(parts, "deck code"))
    @click.argument("deck", metavar="DECK")
    @deck_format_option
    @pass_app
    @user_errors
    def code_cmd(app: AppContext, deck: str, deck_format: str) -> None:
        click.echo(parts.encode(app, deck, deck_format))

    return code_cmd


def make_diff(parts: Any) -> click.Command:
    @click.command("diff", **texts(parts, "deck diff"))
    @click.argument("deck_a", metavar="A")
    @click.argument("deck_b", metavar="B")
    @click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
    @deck_format_option
    @pass_app
    @user_errors
    def diff_cmd(app: AppContext, deck_a: str, deck_b: str, fmt: str, deck_format: str) -> None:
        import json

        from zxdeck.decks.diff import render_diff

        decks = [parts.diff_read(app, deck_a, deck_format, warn), parts.diff_read(app, deck_b, deck_format, warn)]
        diff = parts.diff(*decks)
        click.echo(json.dumps(diff.to_dict(), ensure_ascii=False, indent=2) if fmt == "json"
                   else render_diff(diff))
        if not diff.same:
            sys.exit(1)

    return diff_cmd


# deck sub-command -> (the bodies it needs of the parts, the function that makes it)
DECK_SUBCOMMANDS: dict[str, tuple[tuple[str, ...], Callable[[Any], click.Command]]] = {
    "export": (("export",), make_export),
    "code": (("encode",), make_code),
    "diff": (("diff_read", "diff"), make_diff),
}


def make_deck_group(parts: Any, game: str, validate_cmd: click.Command, stats_cmd: click.Command) -> click.Group:
    @click.group("deck", invoke_without_command=True, **texts(parts, "deck"))
    @click.pass_context
    def deck_group(ctx: click.Context) -> None:
        if ctx.invoked_subcommand is None:
            click.echo(ctx.get_help())

    for name in getattr(parts, "deck_commands", ()):
        needs, make = DECK_SUBCOMMANDS[name]
        deck_group.add_command(make(parts) if serves(parts, *needs)
                               else unavailable(name, game, f"deck {name}"))
    deck_group.add_command(validate_cmd)
    deck_group.add_command(stats_cmd)
    return deck_group


def make_draw(parts: Any) -> click.Command:
    openings = has(parts, "draw openings")  # hands dealt as the game deals them; else --odds only
    mulligan = has(parts, "draw --mulligan")
    second = has(parts, "draw --second")
    illegal = has(parts, "draw --allow-illegal")

    @click.command("draw", **texts(parts, "draw"))
    @click.argument("deck", metavar="DECK")
    @click.option("--seed", type=int, default=0, show_default=True,
                  help=option_help(parts, "draw --seed", "Seed of the first opening."))
    @_when(openings, click.option("-n", "--openings", "count", type=click.IntRange(1, 10_000), default=1,
                                  show_default=True, help="Number of openings (seeds SEED, SEED+1, ...)."))
    @_when(mulligan, click.option("--mulligan", is_flag=True, help="Take the mulligan (S-7) and show the new hand."))
    @click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
    @deck_format_option
    @click.option("--odds", metavar="NAME,NAME:2", required=not openings,
                  help=option_help(parts, "draw --odds", "The cards wanted (NAME:COUNT for several copies)."))
    @click.option("--by-turn", "by_turn", type=int, default=1, show_default=True, metavar="T",
                  help=option_help(parts, "draw --by-turn", "By your own turn T (after its draw step)."))
    @_when(second, click.option("--second", is_flag=True,
                                help="With --odds: you go second (you draw on your first turn)."))
    @click.option("--sims", type=click.IntRange(0, 1_000_000), default=1000, show_default=True,
                  help=option_help(parts, "draw --sims", "Games set up by the engine to check the exact "
                                                         "figure (0: none)."))
    @_when(illegal, click.option("--allow-illegal", is_flag=True,
                                 help="Read a deck that breaks the deck rules (D)."))
    @pass_app
    @user_errors
    def draw_cmd(app: AppContext, deck: str, seed: int, fmt: str, deck_format: str, odds: str | None,
                 by_turn: int, sims: int, count: int = 1, mulligan: bool = False, second: bool = False,
                 allow_illegal: bool = False) -> None:
        options = {"seed": seed, "fmt": fmt, "deck_format": deck_format, "odds": odds, "by_turn": by_turn,
                   "sims": sims, "count": count, "mulligan": mulligan, "second": second,
                   "allow_illegal": allow_illegal}
        click.echo(parts.draw(app, deck, options, warn))

    return draw_cmd


def register(group: click.Group, game: str) -> None:
    """Add the deck commands of `game` to `group`, made from its deck parts; those it cannot
    serve say so in one line (exit 2)."""
    parts = deck_parts(game)
    validate_cmd = make_validate(parts) if serves(parts, "validate") else unavailable("validate", game, "validate")
    stats_cmd = make_stats(parts) if serves(parts, "stats") else unavailable("stats", game, "stats")
    group.add_command(validate_cmd)
    group.add_command(stats_cmd)
    group.add_command(make_regulations(parts) if serves(parts, "regulations")
                      else unavailable("regulations", game, "regulations"))
    group.add_command(make_deck_group(parts, game, validate_cmd, stats_cmd) if parts is not None
                      else unavailable("deck", game, "deck"))
    group.add_command(make_draw(parts) if serves(parts, "draw") else unavailable("draw", game, "draw"))
