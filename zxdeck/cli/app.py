"""The click group of `zxdeck`, its global options and the context every command gets.

Commands live in the modules of `COMMANDS` and are imported only when they run (or are listed
by `--help`): `zxdeck validate` never imports the search or game code. Each module has a
`register(group)` that adds its commands; a new command module adds its command names here.
Start-up rule: modules under zxdeck/cli/ import only click, the standard library and other
zxdeck.cli modules at module level, and library code inside the command functions
(tests/cli/test_startup.py checks it).
"""

from __future__ import annotations

import functools
import importlib
import sys
from collections.abc import Callable
from typing import Any

import click

from zxdeck import __version__
from zxdeck.cli.context import AppContext
from zxdeck.errors import ZxError

# The commands of the shell itself, the same for every game: command name -> the module that
# registers it. Every other command comes from the chosen game's `COMMANDS` (zxdeck.games).
COMMANDS: dict[str, str] = {
    "games": "zxdeck.cli.games_cmds",
}


pass_app = click.make_pass_decorator(AppContext)


def user_errors(func: Callable[..., Any]) -> Callable[..., Any]:
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


def examples_epilog(examples: list[str], note: str = "") -> str:
    """The epilog of a command's --help: its example command lines kept verbatim (click's
    `\\b` marker stops the rewrapping), then an optional note that click may rewrap.

    Every command has one; tests/cli/test_help.py parses each example with the real options.
    """
    text = "\b\nExamples:\n" + "\n".join(f"  {line}" for line in examples)
    return f"{text}\n\n{note}" if note else text


class AliasChoice(click.Choice):
    """A choice whose old spellings (`aliases`) are still accepted, as they are, but not shown in
    the help: `validate --format [text|json]` also takes `human`."""

    def __init__(self, choices: list[str] | tuple[str, ...], aliases: tuple[str, ...] = ()) -> None:
        super().__init__([*choices, *aliases])
        self.shown = list(choices)

    def get_metavar(self, *args: Any, **kwargs: Any) -> str:
        return "[" + "|".join(self.shown) + "]"


class QueryCommand(click.Command):
    """A command whose arguments may start with `-` (a search query: `-is:ig`), so `-h` is not
    an option click parses; the command itself answers a lone `-h` with its help, and the help
    lists it beside `--help`."""

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        option = super().get_help_option(ctx)
        if option is not None and "-h" not in option.opts and not getattr(option, "with_h", False):
            option.with_h = True  # type: ignore[attr-defined] # the option may be kept and asked again
            record = option.get_help_record

            def with_h(ctx: click.Context) -> tuple[str, str] | None:
                found = record(ctx)
                return (f"-h, {found[0]}", found[1]) if found else found

            option.get_help_record = with_h  # type: ignore[method-assign]
        return option


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _settings(info: Any) -> str:
    """The settings of an agent for the help: ` Settings: budget=200 (simulations...), ...`."""
    if not info.settings:
        return ""
    parts = [f"{s.name.replace('_', '-')}={s.default}" + (f" ({s.help})" if s.help else "")
             for s in info.settings]
    value = info.primary.upper() if info.raw and info.primary else "N"
    first = f" ({info.primary}: {info.name}:{value})" if info.primary else ""
    return f" Settings{first}: " + ", ".join(parts) + "."


# The option convention of the agents (tests/cli/test_conventions.py): `--ai AGENT` is the agent
# of every computer player a command has (sim, play, tournament, bot); a command with two seats
# also has `--ai1` / `--ai2`, each overriding `--ai` for its seat.
all_seats_ai_option = click.option(
    "--ai", "ai_all", default=None, metavar="AGENT",
    help="Agent of both players (--ai1 / --ai2 override it for one seat).")


def seat_agents(ctx: click.Context, ai_all: str | None, ai1: str, ai2: str) -> tuple[str, str]:
    """(agent of seat 1, of seat 2): `--ai` for a seat whose own option was not given."""
    if ai_all is None:
        return ai1, ai2

    def given(name: str) -> bool:
        source = ctx.get_parameter_source(name)
        return source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")

    return (ai1 if given("ai1") else ai_all), (ai2 if given("ai2") else ai_all)


class PlayCommand(click.Command):
    """A command whose --help lists the agents of the registry with their settings (`play`,
    `sim`, `tournament`; the registry is imported only for the help)."""

    agents_title = "Agents (--ai, --ai1, --ai2)"

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from zxdeck.agents import AGENTS, agent_summary

        with formatter.section(self.agents_title):
            formatter.write_dl([(name, _sentence(agent_summary(name)).rstrip(".") + "."
                                 + _settings(AGENTS[name])) for name in AGENTS])
        super().format_epilog(ctx, formatter)


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
    """A group that imports a command's module the first time the command is needed: the shell's
    own commands (`COMMANDS`), else those of the chosen game (its `COMMANDS`).

    Its help is the chosen game's: the commands that game has, each with its own summary, and the
    game's description and examples (its module's optional `HELP_DESCRIPTION`, `HELP_EXAMPLES`,
    `HELP_NOTE`; without them, the group's own text). `--help` is handled before `--game` has a
    value, so the game is read from the command line (or $ZXDECK_GAME) first (`parse_args`)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if ctx.parent is None:
            ctx.meta[_GAME_META] = _game_in_args(args)
        return super().parse_args(ctx, args)

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        description = getattr(_game_help_module(ctx), "HELP_DESCRIPTION", None)
        if description is None:
            super().format_help_text(ctx, formatter)
            return
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(description)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        module = _game_help_module(ctx)
        examples = getattr(module, "HELP_EXAMPLES", None)
        if examples is None:
            super().format_epilog(ctx, formatter)
            return
        epilog = examples_epilog(list(examples), getattr(module, "HELP_NOTE", ""))
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(epilog)

    def list_commands(self, ctx: click.Context) -> list[str]:
        game = _game_option(ctx)
        return sorted(set(super().list_commands(ctx)) | set(COMMANDS) | set(_game_commands(game)))

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None,
                                                                           list[str]]:
        """As click's, but "No such command" suggests the close names of every command of the
        game (click's own would know only the commands imported so far): `zxdeck valdiate` ->
        did you mean 'validate'?"""
        name = args[0] if args else ""
        if name and not name.startswith("-") and not ctx.resilient_parsing \
                and self.get_command(ctx, name) is None:
            import difflib

            near = difflib.get_close_matches(name, self.list_commands(ctx), n=3)
            hint = f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
            raise click.UsageError(f"no such command {name!r}{hint}", ctx)
        return super().resolve_command(ctx, args)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        command = super().get_command(ctx, cmd_name)  # the shell's, once registered
        if command is not None:
            return command
        if cmd_name not in COMMANDS:
            return _game_command(_game_option(ctx), cmd_name)
        importlib.import_module(COMMANDS[cmd_name]).register(self)
        return super().get_command(ctx, cmd_name)


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
@click.option(
    "--game",
    metavar="GAME",
    default="zx",
    envvar="ZXDECK_GAME",
    show_default=True,
    help="The game: zx (Z/X) or moz (The Miracle of the Zone); also $ZXDECK_GAME. "
         "`zxdeck games` lists the games and the commands each has.",
)
@click.option("--debug", is_flag=True, help="Show the full traceback of errors.")
@click.version_option(__version__, "--version", prog_name="zxdeck")
@click.pass_context
def cli(ctx: click.Context, cards: tuple[str, ...], game: str, debug: bool) -> None:
    """zxdeck: card search, deck validation and the full Z/X game at the terminal."""
    ctx.obj = AppContext(cards=cards, debug=debug, game=_game_option(ctx))
    if ctx.invoked_subcommand is None:  # `zxdeck` alone: the help, and success
        click.echo(ctx.get_help())
        ctx.exit(0)


_GAME_META = "zxdeck.game"  # ctx.meta key: the game named on the command line or $ZXDECK_GAME


def _game_in_args(args: list[str]) -> str | None:
    """The value of `--game` among the global options of `args` (before the command), else
    $ZXDECK_GAME, else None: what `--game` will be once parsed, known before `--help` runs."""
    import os

    found: str | None = None
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--":
            break
        if arg.startswith("--game="):
            found = arg.partition("=")[2]
        elif arg in ("--game", "--cards"):
            if arg == "--game" and index + 1 < len(args):
                found = args[index + 1]
            index += 1
        elif not arg.startswith("-"):
            break  # the command: what follows is its own
        index += 1
    return found if found is not None else os.environ.get("ZXDECK_GAME")


def _game_help_module(ctx: click.Context) -> Any:
    """The module that describes the chosen game (for the group's help)."""
    from zxdeck.games import game_module

    return game_module(_game_option(ctx))


def _game_option(ctx: click.Context) -> str:
    """The game key of `--game` / $ZXDECK_GAME: `zx` without importing anything, else checked
    against the registry (zxdeck.games); a key that names no game is a usage error (exit 2)."""
    root = ctx.find_root()
    raw = root.params.get("game") or root.meta.get(_GAME_META) or "zx"
    if raw == "zx":
        return "zx"
    from zxdeck.games import GAMES

    key = raw.strip().casefold()
    if key not in GAMES:
        raise click.BadParameter(f"unknown game {raw!r} (games: {', '.join(GAMES)}; see `zxdeck games`)",
                                 ctx=root, param_hint="'--game'")
    return key


def _game_commands(game: str) -> dict[str, str]:
    """The command table of a game (command name -> module path), from its descriptor module."""
    from zxdeck.games import game_module

    return game_module(game).COMMANDS


_GROUPS: dict[str, click.Group] = {}  # the commands of each game, registered on first use


def _game_command(game: str, cmd_name: str) -> click.Command | None:
    """The command `cmd_name` of the game `game`: from the module its `COMMANDS` names (a core
    command module, `zxdeck.cli.*`, has `register(group, game)` and makes the command from the
    game's parts; a game's own has `register(group)`), or one that says the command is not
    available for that game (exit 2) when another game has it."""
    table = _game_commands(game)
    if cmd_name in table:
        group = _GROUPS.setdefault(game, click.Group(game))
        if cmd_name not in group.commands:
            module = importlib.import_module(table[cmd_name])
            if table[cmd_name].startswith("zxdeck.cli."):
                module.register(group, game)  # a core command, made for this game from its parts
            else:
                module.register(group)  # a command of the game's own (zxdeck/games/KEY/cli/)
        return group.commands.get(cmd_name)
    from zxdeck.games import GAMES

    if not any(cmd_name in _game_commands(other) for other in GAMES):
        return None  # click says "No such command"
    available = ", ".join(sorted({*table, *COMMANDS}))

    @click.command(cmd_name, context_settings={"ignore_unknown_options": True, "allow_extra_args": True,
                                               "help_option_names": []},
                   add_help_option=False)
    def unavailable() -> None:
        click.echo(f"zxdeck: error: `{cmd_name}` is not available for --game {game} yet "
                   f"(available for {game}: {available})", err=True)
        raise SystemExit(2)

    return unavailable
