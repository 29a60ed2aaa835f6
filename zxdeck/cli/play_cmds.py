"""`zxdeck play` and `zxdeck replay`, for every game: the terminal game and the replay viewer.

The commands are the core's; a game is a plug-in. `register(group, game)` makes both commands
for `game` from its `SCREEN` parts (`zxdeck.game_api.GameScreen`, named in the game's descriptor
module and imported only when a command runs or shows its help): their words, the options the
game takes (with its help texts and defaults), and the game itself. The core does what is the
same for every game: the options (one set, in one order), `--saves` (the saves folder of
zxdeck.terminal.saves), `--level` against `--ai2`, `--ai` for both seats, checking the files
`--save` and `--log` would write before any game, and finding the save of `--resume` (a path or
a name in the saves folder).

`deck_check_options` is also the option set of the commands that check decks the way `play`
does (sim, tournament, gauntlet).

Like every zxdeck/cli module, this imports only click, the standard library and zxdeck.cli at
module level.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import Any

import click

from zxdeck.cli import AppContext, examples_epilog, pass_app
from zxdeck.cli.app import PlayCommand, all_seats_ai_option, seat_agents
from zxdeck.errors import ZxError


def deck_check_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """The options of `play`, `sim` and `tournament` that say how their decks are checked:
    --allow-illegal, --regulation/-r, --allow-unscripted (in this order in --help)."""
    command = click.option("--allow-unscripted", is_flag=True, help="Play cards without machine-readable "
                           "abilities (imported cards) as blank cards.")(command)
    command = click.option("--regulation", "-r", metavar="NAME|FILE", default=None,
                           help="Regulation the decks are checked with (default: current; e.g. sealed).")(command)
    return click.option("--allow-illegal", is_flag=True, help="Play decks that break construction rules.")(command)


# The options of `play`, in the order --help lists them: name -> (declarations, click settings).
# A game's `play_options` chooses which it takes and gives their help (and default, metavar).
PLAY_OPTIONS: dict[str, tuple[tuple[str, ...], dict[str, Any]]] = {
    "auto": (("--auto",), {"is_flag": True}),
    "seed": (("--seed",), {"type": int, "default": 0, "show_default": True}),
    "p1": (("--p1", "p1"), {"metavar": "DECK"}),
    "p2": (("--p2", "p2"), {"metavar": "DECK"}),
    "ai1": (("--ai1",), {"show_default": True}),
    "ai2": (("--ai2",), {"show_default": True}),
    "ai": ((), {}),  # --ai: zxdeck.cli.app.all_seats_ai_option, the same for every command
    "level": (("--level",), {"type": click.Choice(["easy", "normal", "hard"]), "default": None}),
    "log": (("--log", "log_path"), {"metavar": "FILE.jsonl"}),
    "turn-limit": (("--turn-limit",), {"type": click.IntRange(1), "show_default": True}),
    "allow-illegal": (("--allow-illegal",), {"is_flag": True}),
    "regulation": (("--regulation", "-r"), {"metavar": "NAME|FILE", "default": None}),
    "allow-unscripted": (("--allow-unscripted",), {"is_flag": True}),
    "save": (("--save", "save_path"), {"metavar": "FILE.json"}),
    "quiet": (("--quiet", "-q"), {"is_flag": True}),
    "replay": (("--replay", "replay_path"), {"metavar": "FILE.json"}),
    "resume": (("--resume", "resume_path"), {"metavar": "FILE.json"}),
    "saves": (("--saves", "list_saves_"), {"is_flag": True}),
    "first": (("--first",), {"type": click.Choice(["p1", "p2"]), "default": None}),
    "budget": (("--budget",), {"type": click.IntRange(1), "default": None}),
}

# The options of `replay`: name -> (declarations, click settings), in --help order.
REPLAY_OPTIONS: dict[str, tuple[tuple[str, ...], dict[str, Any]]] = {
    "all": (("--all", "show_all"), {"is_flag": True}),
    "at": (("--at", "at"), {"type": int, "default": None, "metavar": "N"}),
    "viewer": (("--viewer",), {"type": click.Choice(["p1", "p2"]), "default": None}),
}


def screen_parts(game: str) -> Any:
    """The `SCREEN` parts of `game` (zxdeck.game_api.GameScreen), imported now; None when the
    game has none."""
    import importlib

    from zxdeck.games import game_module

    spec = getattr(game_module(game), "SCREEN", None)
    if not spec:
        return None
    module, _, name = spec.partition(":")
    return getattr(importlib.import_module(module), name)


def _refusal(name: str, game: str) -> click.Command:
    """A command `game` cannot serve: one line, exit 2."""

    @click.command(name, context_settings={"ignore_unknown_options": True, "allow_extra_args": True},
                   add_help_option=False, short_help=f"(not available for --game {game})")
    def refused() -> None:
        click.echo(f"zxdeck: error: `{name}` is not available for --game {game}: the game has no "
                   f"terminal parts for it (SCREEN)", err=True)
        raise SystemExit(2)

    return refused


def _options(table: Mapping[str, tuple[tuple[str, ...], dict[str, Any]]],
             chosen: Mapping[str, Mapping[str, Any]]) -> list[Callable[..., Any]]:
    """The click option decorators of the options `chosen` (the game's), in the core's order."""
    made = []
    for name, (decls, settings) in table.items():
        if name not in chosen:
            continue
        if name == "ai":
            made.append(all_seats_ai_option)
            continue
        settings = {**settings, **chosen[name]}
        if "default" not in settings and not settings.get("is_flag"):
            settings.pop("show_default", None)
        made.append(click.option(*decls, **settings))
    return made


def _given(ctx: click.Context, name: str) -> bool:
    source = ctx.get_parameter_source(name)
    return source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")


def make_play(game: str, parts: Any) -> click.Command:
    """The `play` command of `game`, from its SCREEN parts."""
    words = parts.play_help
    chosen = parts.play_options

    @pass_app
    def play_cmd(app: AppContext, **opts: Any) -> None:
        from zxdeck.terminal.words import PlayRequest

        ctx = click.get_current_context()
        if opts.get("list_saves_"):
            print_saves(game, parts, app)
            return
        ai1, ai2 = opts.get("ai1") or "", opts.get("ai2") or ""
        given = [ai1 if _given(ctx, "ai1") else None, ai2 if _given(ctx, "ai2") else None]
        ai_all = opts.get("ai_all")
        if ai_all is not None:
            ai1, ai2 = seat_agents(ctx, ai_all, ai1, ai2)
            given = [ai1, ai2]
        level = opts.get("level")
        if level is not None:
            if _given(ctx, "ai2") and ai2 != level:
                raise ZxError(f"give --level {level} or --ai2 {ai2}, not both")
            ai2 = given[1] = level
        from zxdeck.gamelog import check_record_target

        for path, option in ((opts.get("save_path"), "--save"), (opts.get("log_path"), "--log")):
            if path:  # before any game: a typo never costs a game, nor overwrites a deck file
                check_record_target(path, option)
        resume = opts.get("resume_path")
        if resume:
            from zxdeck.terminal.saves import find_save

            resume = find_save(resume)
        request = PlayRequest(
            auto=opts.get("auto", False), seed=opts.get("seed", 0), p1=opts.get("p1"), p2=opts.get("p2"),
            ai1=ai1, ai2=ai2, given=(given[0], given[1]), level=level, log_path=opts.get("log_path"),
            turn_limit=opts.get("turn_limit", 0), allow_illegal=opts.get("allow_illegal", False),
            regulation=opts.get("regulation"), allow_unscripted=opts.get("allow_unscripted", False),
            save_path=opts.get("save_path"), quiet=opts.get("quiet", False),
            replay_path=opts.get("replay_path"), resume_path=resume, first=opts.get("first"),
            budget=opts.get("budget"))
        code = parts.play(app, request)
        if code:
            sys.exit(code)

    play_cmd.__doc__ = words.doc
    for option in reversed(_options(PLAY_OPTIONS, chosen)):
        play_cmd = option(play_cmd)
    cls = PlayCommand if getattr(parts, "agents_in_help", False) else click.Command
    return click.command("play", cls=cls, short_help=words.summary,
                         epilog=examples_epilog(list(words.examples), words.note))(play_cmd)


def print_saves(game: str, parts: Any, app: AppContext) -> None:
    """`play --saves`: the saves of `game` in the user's data folder, newest first."""
    from zxdeck.terminal.saves import list_saves, save_rows_text, saves_dir

    folder = saves_dir()
    rows = list_saves(game, lambda path: parts.save_summary(app, path)) if folder.is_dir() else []
    for line in save_rows_text(rows, folder, parts.command):
        click.echo(line)


def make_replay(game: str, parts: Any) -> click.Command:
    """The `replay` command of `game`, from its SCREEN parts."""
    words = parts.replay_help

    @click.argument("path", metavar="FILE")
    @pass_app
    def replay_cmd(app: AppContext, path: str, show_all: bool = False, at: int | None = None,
                   viewer: str | None = None) -> None:
        parts.replay(app, path, show_all, at, None if viewer is None else 0 if viewer == "p1" else 1)

    replay_cmd.__doc__ = words.doc
    for option in reversed(_options(REPLAY_OPTIONS, parts.replay_options)):
        replay_cmd = option(replay_cmd)
    epilog = examples_epilog(list(words.examples), words.note)
    return click.command("replay", short_help=words.summary, epilog=epilog)(replay_cmd)


def register(group: click.Group, game: str) -> None:
    """Add `play` and `replay` of `game` to `group`, made from the game's SCREEN parts (a game
    whose parts lack one gets a command that says so in one line, exit 2)."""
    parts = screen_parts(game)
    for name, needs, make in (("play", "play", make_play), ("replay", "replay", make_replay)):
        if parts is None or not callable(getattr(parts, needs, None)):
            group.add_command(_refusal(name, game))
        else:
            group.add_command(make(game, parts))
