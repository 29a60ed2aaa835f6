"""`zxdeck play`: a whole game between computer players (`--auto`), with a JSON Lines log.

Without `--auto` a person plays player 1 at the terminal (`zxdeck.play`, through
`run_interactive` below); `--resume FILE` continues a saved terminal game.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
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


def load_deck_spec(app: AppContext, path: str, allow_illegal: bool, label: str,
                   allow_unscripted: bool = False, regulation: str | None = None) -> Any:
    """Read and validate a deck file or code; an illegal deck is refused with the validator's report
    (exit 1), and so is a deck with cards the engine cannot run (no machine-readable abilities)."""
    from zxdeck.games.zx.engine.decks import IllegalDeckError, load_game_deck

    try:
        return load_game_deck(path, app.card_source(), allow_illegal, label, allow_unscripted,
                              regulation)[0]
    except IllegalDeckError as exc:
        click.echo(exc.report, err=True)
        raise


def regulation_name(option: str | None = None) -> str:
    """The name of the regulation decks are validated against (recorded in saves and logs)."""
    from zxdeck.games.zx.deck.regulation import DEFAULT, load_regulation

    return load_regulation(option).name if option else DEFAULT


def catalog_digest(app: AppContext) -> str | None:
    """The sha256 of the catalog in use (recorded in saves and logs)."""
    from zxdeck.games.zx.engine.replay import catalog_sha256

    return catalog_sha256(app.card_source())


def run_interactive(app: AppContext, p1: Any, p2: Any, ai2: str, seed: int, turn_limit: int,
                    log: str | None, budget: int | None = None, save_path: str | None = None,
                    regulation: str | None = None) -> int:
    """The terminal mode: a person is player 1 against `ai2` (zxdeck.play)."""
    from zxdeck.games.zx.play import headers, start_game
    from zxdeck.games.zx.play.settings import load_settings, settings_path

    return start_game(p1, p2, ai=ai2, seed=seed, turn_limit=turn_limit, budget=budget,
                      save_path=save_path, log=log,
                      header=headers(catalog_digest(app), regulation_name(regulation)),
                      settings=load_settings(), settings_file=settings_path(), catalog=app.card_source())


def print_saves() -> None:
    """`zxdeck play --saves`: the saved games of the user's data folder, newest first."""
    from zxdeck.games.zx.play.savefile import list_saves, saves_dir
    from zxdeck.untrusted import plain  # what a save says is text, never a terminal escape

    folder = saves_dir()
    rows = list_saves() if folder.is_dir() else []
    if not rows:
        click.echo(f"no saved games in {folder}")
        return
    click.echo(f"saved games in {folder} (newest first; resume: zxdeck play --resume NAME):")
    for row in rows:
        decks = " vs ".join(plain(d) for d in row["decks"]) or "-"
        moves = f"{row['moves']} moves, turn {plain(row['turn'])}" if row["moves"] is not None else ""
        ai = f"against {plain(row['ai'])}" if row["ai"] else ""
        stamp = row["time"].strftime("%Y-%m-%d %H:%M")
        detail = ", ".join(x for x in (decks, ai, moves) if x)
        click.echo(f"  {plain(row['path'].name, 200)}  {stamp}  {plain(row['status'], 200)}")
        if detail:
            click.echo(f"      {detail}")


def make_printer(out: Callable[[str], None]) -> Callable[..., None]:
    from zxdeck.games.zx.engine.log import narrate

    closed = False

    def printer(g: Any, event: str, data: dict[str, Any]) -> None:
        nonlocal closed
        line = narrate(g, event, data)
        if line is not None and not closed:
            try:
                out(line)
            except BrokenPipeError:  # `| head`: stop printing, finish the game and its log
                closed = True
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, sys.stdout.fileno())

    return printer


PLAY_EPILOG = examples_epilog(
    [
        "zxdeck play --p1 my.txt --p2 examples/decks/red.txt     # you against greedy",
        "zxdeck play --p1 my.txt --p2 examples/decks/red.txt --level hard   # type hint in the game",
        "zxdeck play --p1 my.txt --p2 examples/decks/red.txt --ai2 mcts --budget 400",
        "zxdeck play --resume GAME.json    # continue after quit or Ctrl-C",
        "zxdeck play --saves               # the saved games",
        "zxdeck play --auto --seed 1 --p1 examples/decks/red.txt \\",
        "    --p2 examples/decks/blue.txt --log game.jsonl",
        "zxdeck play --auto --seed 7 --p1 examples/decks/red.txt \\",
        "    --p2 examples/decks/blue.txt --ai1 random --save game.json -q",
        "zxdeck play --replay game.json --log game.jsonl",
    ],
    "Rule ids in the game's messages, such as (P-5) or (B-6), are explained by "
    "`zxdeck rules P-5`.",
)


@click.command("play", cls=PlayCommand, epilog=PLAY_EPILOG,
               short_help="Play a game: you against the computer, or computer vs computer.")
@click.option("--auto", is_flag=True, help="Two computer players play the whole game.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the game (coin flip, shuffles, agents).")
@click.option("--p1", "p1", metavar="DECK", help="Deck file of player 1.")
@click.option("--p2", "p2", metavar="DECK", help="Deck file of player 2.")
@click.option("--ai1", default="greedy", show_default=True,
              help="Agent of player 1 (listed below), with settings: mcts:50 or 'mcts --budget 50'.")
@click.option("--ai2", default="greedy", show_default=True, help="Agent of player 2.")
@all_seats_ai_option
@click.option("--level", type=click.Choice(["easy", "normal", "hard"]), default=None,
              help="The computer's level (player 2): the same as --ai2 LEVEL (docs/AI.md).")
@click.option("--log", "log_path", metavar="FILE.jsonl", help="Write the game as JSON Lines.")
@click.option("--turn-limit", type=click.IntRange(1), default=100, show_default=True,
              help="A longer game ends as a draw (W-3).")
@deck_check_options
@click.option("--save", "save_path", metavar="FILE.json", help="Save the game as seed + actions (replay).")
@click.option("--quiet", "-q", is_flag=True, help="Print only the result.")
@click.option("--replay", "replay_path", metavar="FILE.json",
              help="Show (and --log) a game saved with --save instead of playing a new one.")
@click.option("--resume", "resume_path", metavar="FILE.json",
              help="Continue a terminal game saved by quit, Ctrl-C or Ctrl-D (a path, or a name "
                   "listed by --saves); with --log FILE its log, and --ai2 'bot:COMMAND' again for "
                   "a game against a program.")
@click.option("--saves", "list_saves_", is_flag=True,
              help="List the saved terminal games (in the user's data folder) and exit.")
@click.option("--first", type=click.Choice(["p1", "p2"]), default=None,
              help="Who goes first (--auto), instead of the seeded coin flip (S-5).")
@click.option("--budget", type=click.IntRange(1), default=None,
              help="Simulations per decision of the mcts agent (default 200).")
@pass_app
def play_cmd(app: AppContext, auto: bool, seed: int, p1: str | None, p2: str | None, ai1: str,
             ai2: str, log_path: str | None, turn_limit: int, allow_illegal: bool, regulation: str | None,
             allow_unscripted: bool, save_path: str | None, quiet: bool, replay_path: str | None,
             resume_path: str | None, list_saves_: bool, first: str | None,
             budget: int | None, level: str | None, ai_all: str | None) -> None:
    """Play a game of Z/X: computer vs computer with --auto, else you (player 1) vs --ai2."""
    ai1, ai2 = seat_agents(click.get_current_context(), ai_all, ai1, ai2)
    from zxdeck.agents import make_agent
    from zxdeck.games.zx.agents.match import agent_seed, play_game
    from zxdeck.games.zx.engine.log import JsonlLogger
    from zxdeck.games.zx.engine.replay import LOG_FORMAT, SAVE_FORMAT, make_header

    if list_saves_:
        print_saves()
        return
    source = click.get_current_context().get_parameter_source("ai2")
    ai2_given = source is not None and source.name != "DEFAULT"
    if level is not None:
        if ai2_given and ai2 != level:
            raise ZxError(f"give --level {level} or --ai2 {ai2}, not both")
        ai2, ai2_given = level, True
    from zxdeck.gamelog import check_record_target

    for path, option in ((save_path, "--save"), (log_path, "--log")):
        if path:  # before any game: a typo never costs a game, nor overwrites a deck file
            check_record_target(path, option)
    if resume_path:
        from zxdeck.games.zx.play import resume_game
        from zxdeck.games.zx.play.savefile import find_save
        from zxdeck.games.zx.play.settings import load_settings, settings_path

        # A saved game never gives a command line (bot:) or a path to write: --ai2 and --log
        # come from the person typing them (docs/SECURITY.md).
        sys.exit(resume_game(find_save(resume_path), app.card_source(), budget=budget,
                             regulation=regulation_name(regulation), settings=load_settings(),
                             settings_file=settings_path(), ai=ai2 if ai2_given else None,
                             log=log_path))
    if not replay_path:
        if not p1 or not p2:
            raise ZxError("give both decks: --p1 DECK --p2 DECK (or --replay FILE.json)")
        for name in (ai1, ai2):
            make_agent(name)  # unknown agent: exit 2 before reading decks
        spec1 = load_deck_spec(app, p1, allow_illegal, "p1", allow_unscripted, regulation)
        spec2 = load_deck_spec(app, p2, allow_illegal, "p2", allow_unscripted, regulation)
        if not auto:
            sys.exit(run_interactive(app, spec1, spec2, ai2, seed, turn_limit, log_path, budget,
                                     save_path, regulation))
    listeners: list[Callable[..., None]] = []
    log_file = None
    if log_path:
        try:
            log_file = open(log_path, "w", encoding="utf-8")  # noqa: SIM115 - closed below
        except OSError as exc:
            raise ZxError(f"{log_path}: cannot write the log: {exc.strerror}") from None
        listeners.append(JsonlLogger(log_file, make_header(LOG_FORMAT, catalog_digest(app),
                                                           regulation_name(regulation))))
    if not quiet:
        listeners.append(make_printer(click.echo))

    def listener(g: Any, event: str, data: dict[str, Any]) -> None:
        for fn in listeners:
            fn(g, event, data)

    try:
        if replay_path:
            g = _replay_file(app, replay_path, listener)
        else:
            agents = (make_agent(ai1, agent_seed(seed, 0)), make_agent(ai2, agent_seed(seed, 1)))
            for agent in agents:  # --budget: simulations of the mcts agent
                if budget is not None and hasattr(agent, "budget"):
                    agent.budget = budget
            g = play_game(spec1, spec2, agents, seed=seed, turn_limit=turn_limit, listener=listener,
                          first=None if first is None else int(first[1]) - 1)
    finally:
        if log_file is not None:
            log_file.close()
    if not replay_path:
        for n, agent in enumerate(agents):
            late = getattr(agent, "timeouts", 0)
            if late:
                click.echo(f"zxdeck: note: the agent of p{n + 1} did not answer in time {late} "
                           f"time{'s' if late != 1 else ''}: the first legal action was played "
                           f"instead", err=True)
    if save_path:
        from zxdeck.games.zx.engine.replay import save

        save(g, save_path, make_header(SAVE_FORMAT, catalog_digest(app), regulation_name(regulation)))
    if quiet:
        w = "draw" if g.winner is None else f"p{g.winner + 1}"
        click.echo(f"winner: {w} ({g.reason}) turns: {g.turn}")


def _replay_file(app: AppContext, path: str, listener: Callable[..., None]) -> Any:
    from zxdeck.games.zx.engine.replay import IncompatibleRecord, check_record, replay
    from zxdeck.games.zx.play.savefile import read_save

    data = read_save(path)
    try:
        for note in check_record(data, app.card_source()):
            click.echo(f"zxdeck: note: {path}: {note}", err=True)
        replay(data, app.card_source())  # checked to the end before the first line is printed
        return replay(data, app.card_source(), listener=listener)
    except IncompatibleRecord as exc:
        raise IncompatibleRecord(f"{path}: refused: {exc.message}") from None
    except ZxError as exc:
        raise ZxError(f"{path}: {exc.message}") from None


def register(group: click.Group) -> None:
    """Add this module's commands to `group`."""
    group.add_command(play_cmd)
