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

import click

from zxdeck import __version__
from zxdeck.cli.context import AppContext

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
    "games": "games_cmds",
    "bot": "bot_cmds",
}
# Commands that work the same for every game (they do not read cards).
GAME_NEUTRAL = frozenset({"games"})


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
        game = _game_option(ctx)
        if game != "zx" and cmd_name not in GAME_NEUTRAL:
            own = _game_command(game, cmd_name)
            if own is not _EVERY_COMMAND:
                return own
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


def _game_option(ctx: click.Context) -> str:
    """The game key of `--game` / $ZXDECK_GAME: `zx` without importing anything, else checked
    against the registry (zxdeck.games); a key that names no game is a usage error (exit 2)."""
    root = ctx.find_root()
    raw = root.params.get("game") or "zx"
    if raw == "zx":
        return "zx"
    from zxdeck.games import GAMES

    key = raw.strip().casefold()
    if key not in GAMES:
        raise click.BadParameter(f"unknown game {raw!r} (games: {', '.join(GAMES)}; see `zxdeck games`)",
                                 ctx=root, param_hint="'--game'")
    return key


_EVERY_COMMAND = click.Command("every")  # _game_command: the game has the commands of zxdeck/cli


def _game_command(game: str, cmd_name: str) -> click.Command | None:
    """The command `cmd_name` of another game than Z/X: from the game's own modules (its
    `COMMANDS`), or one that says the command is not available for that game (exit 2)."""
    from zxdeck.games import game_module

    module = game_module(game)
    table = getattr(module, "COMMANDS", None)
    if table is None:
        return _EVERY_COMMAND
    if cmd_name in table:
        group = click.Group()
        importlib.import_module(table[cmd_name]).register(group)
        return group.commands.get(cmd_name)
    if cmd_name not in COMMANDS:
        return None  # click says "No such command"
    available = ", ".join(sorted({*table, *GAME_NEUTRAL}))

    @click.command(cmd_name, context_settings={"ignore_unknown_options": True, "allow_extra_args": True,
                                               "help_option_names": []},
                   add_help_option=False)
    def unavailable() -> None:
        click.echo(f"zxdeck: error: `{cmd_name}` is not available for --game {game} yet "
                   f"(available for {game}: {available})", err=True)
        raise SystemExit(2)

    return unavailable
