"""Z/X's parts for the core's terminal commands (`zxdeck play`, `zxdeck replay`:
zxdeck.cli.play_cmds): their words and options, and the game behind them (the session of
session.py, the saves of savefile.py, the replay viewer of replay_view.py). `SCREEN` is the object
zxdeck.games.zx names (zxdeck.game_api.GameScreen).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import click

from zxdeck.errors import ZxError
from zxdeck.terminal.words import CommandHelp, PlayRequest

PLAY_HELP = CommandHelp(
    summary="Play a game: you against the computer, or computer vs computer.",
    doc="Play a game of Z/X: computer vs computer with --auto, else you (player 1) vs --ai2.",
    examples=(
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
    ),
    note="Rule ids in the game's messages, such as (P-5) or (B-6), are explained by `zxdeck rules P-5`.",
)

PLAY_OPTIONS: dict[str, dict[str, Any]] = {
    "auto": {"help": "Two computer players play the whole game."},
    "seed": {"help": "Seed of the game (coin flip, shuffles, agents)."},
    "p1": {"help": "Deck file of player 1."},
    "p2": {"help": "Deck file of player 2."},
    "ai1": {"default": "greedy",
            "help": "Agent of player 1 (listed below), with settings: mcts:50 or 'mcts --budget 50'."},
    "ai2": {"default": "greedy", "help": "Agent of player 2."},
    "ai": {},
    "level": {"help": "The computer's level (player 2): the same as --ai2 LEVEL (docs/AI.md)."},
    "log": {"help": "Write the game as JSON Lines."},
    "turn-limit": {"default": 100, "help": "A longer game ends as a draw (W-3)."},
    "allow-illegal": {"help": "Play decks that break construction rules."},
    "regulation": {"help": "Regulation the decks are checked with (default: current; e.g. sealed)."},
    "allow-unscripted": {"help": "Play cards without machine-readable abilities (imported cards) as "
                                 "blank cards."},
    "save": {"help": "Save the game as seed + actions (replay)."},
    "quiet": {"help": "Print only the result."},
    "replay": {"help": "Show (and --log) a game saved with --save instead of playing a new one."},
    "resume": {"help": "Continue a terminal game saved by quit, Ctrl-C or Ctrl-D (a path, or a name "
                       "listed by --saves); with --log FILE its log, and --ai2 'bot:COMMAND' again for "
                       "a game against a program."},
    "saves": {"help": "List the saved terminal games (in the user's data folder) and exit."},
    "first": {"help": "Who goes first (--auto), instead of the seeded coin flip (S-5)."},
    "budget": {"help": "Simulations per decision of the mcts agent (default 200)."},
}

KEYS_HELP = """\b
Keys while viewing (type one and Enter):
  Enter or n   next move          b     previous move
  N            go to move N       t N   first move of turn N
  s            first move         e     last move
  help or ?    list the keys      q     quit (also Ctrl-D)"""

REPLAY_HELP = CommandHelp(
    summary="Step through a saved game or a --log file.",
    doc="Show a saved game (.json) or a --log file (.jsonl) move by move, with the field.\n\n"
        "    A file that this zxdeck or catalog would replay into another game is refused\n"
        "    with the reason (exit 2).",
    examples=(
        "zxdeck play --auto --seed 7 --p1 examples/decks/red.txt \\",
        "    --p2 examples/decks/blue.txt --save game.json -q",
        "zxdeck replay game.json              # step through it",
        "zxdeck replay game.json --all        # every move as text",
        "zxdeck replay game.json --at 40 --all --viewer p2",
        "zxdeck replay game.jsonl             # a --log file",
    ),
    note=KEYS_HELP,
)

REPLAY_OPTIONS: dict[str, dict[str, Any]] = {
    "all": {"help": "Print every move as text and exit."},
    "at": {"help": "Start at move N (with --all: print only the board at move N)."},
    "viewer": {"help": "Whose side of the field and hand to show (default: the person's)."},
}


def load_deck_spec(app: Any, path: str, allow_illegal: bool, label: str,
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


def catalog_digest(app: Any) -> str | None:
    """The sha256 of the catalog in use (recorded in saves and logs)."""
    from zxdeck.games.zx.engine.replay import catalog_sha256

    return catalog_sha256(app.card_source())


def run_interactive(app: Any, p1: Any, p2: Any, ai2: str, seed: int, turn_limit: int,
                    log: str | None, budget: int | None = None, save_path: str | None = None,
                    regulation: str | None = None) -> int:
    """The terminal mode: a person is player 1 against `ai2` (zxdeck.games.zx.play)."""
    from zxdeck.games.zx.play import headers, start_game
    from zxdeck.games.zx.play.settings import load_settings, settings_path

    return start_game(p1, p2, ai=ai2, seed=seed, turn_limit=turn_limit, budget=budget,
                      save_path=save_path, log=log,
                      header=headers(catalog_digest(app), regulation_name(regulation)),
                      settings=load_settings(), settings_file=settings_path(), catalog=app.card_source())


def make_printer(out: Callable[[str], None]) -> Callable[..., None]:
    """The listener of `play --auto` that prints the game's narration (zxdeck.games.zx.engine.log)."""
    from zxdeck.games.zx.engine.log import narrate
    from zxdeck.terminal.output import pipe_safe

    say = pipe_safe(out)  # `| head`: stop printing, finish the game and its log

    def printer(g: Any, event: str, data: dict[str, Any]) -> None:
        line = narrate(g, event, data)
        if line is not None:
            say(line)

    return printer


def _replay_file(app: Any, path: str, listener: Callable[..., None]) -> Any:
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


class ZxScreen:
    """Z/X at the terminal (zxdeck.game_api.GameScreen)."""

    command = "zxdeck"
    agents_in_help = True  # --help lists the agents of zxdeck.agents (PlayCommand)
    play_help = PLAY_HELP
    replay_help = REPLAY_HELP
    play_options: Mapping[str, Mapping[str, Any]] = PLAY_OPTIONS
    replay_options: Mapping[str, Mapping[str, Any]] = REPLAY_OPTIONS

    def save_summary(self, app: Any, path: Path) -> Mapping[str, Any]:
        from zxdeck.games.zx.play.savefile import save_summary

        return save_summary(path)

    def play(self, app: Any, r: PlayRequest) -> int | None:
        from zxdeck.agents import make_agent
        from zxdeck.games.zx.agents.match import agent_seed, play_game
        from zxdeck.games.zx.engine.log import JsonlLogger
        from zxdeck.games.zx.engine.replay import LOG_FORMAT, SAVE_FORMAT, make_header

        if r.resume_path:
            from zxdeck.games.zx.play import resume_game
            from zxdeck.games.zx.play.settings import load_settings, settings_path

            # A saved game never gives a command line (bot:) or a path to write: --ai2 and --log
            # come from the person typing them (docs/SECURITY.md).
            return resume_game(r.resume_path, app.card_source(), budget=r.budget,
                               regulation=regulation_name(r.regulation), settings=load_settings(),
                               settings_file=settings_path(), ai=r.given[1], log=r.log_path)
        if not r.replay_path:
            if not r.p1 or not r.p2:
                raise ZxError("give both decks: --p1 DECK --p2 DECK (or --replay FILE.json)")
            for name in (r.ai1, r.ai2):
                make_agent(name)  # unknown agent: exit 2 before reading decks
            spec1 = load_deck_spec(app, r.p1, r.allow_illegal, "p1", r.allow_unscripted, r.regulation)
            spec2 = load_deck_spec(app, r.p2, r.allow_illegal, "p2", r.allow_unscripted, r.regulation)
            if not r.auto:
                return run_interactive(app, spec1, spec2, r.ai2, r.seed, r.turn_limit, r.log_path,
                                       r.budget, r.save_path, r.regulation)
        listeners: list[Callable[..., None]] = []
        log_file = None
        if r.log_path:
            try:
                log_file = open(r.log_path, "w", encoding="utf-8")  # noqa: SIM115 - closed below
            except OSError as exc:
                raise ZxError(f"{r.log_path}: cannot write the log: {exc.strerror}") from None
            listeners.append(JsonlLogger(log_file, make_header(LOG_FORMAT, catalog_digest(app),
                                                               regulation_name(r.regulation))))
        if not r.quiet:
            listeners.append(make_printer(click.echo))

        def listener(g: Any, event: str, data: dict[str, Any]) -> None:
            for fn in listeners:
                fn(g, event, data)

        try:
            if r.replay_path:
                g = _replay_file(app, r.replay_path, listener)
            else:
                agents = (make_agent(r.ai1, agent_seed(r.seed, 0)), make_agent(r.ai2, agent_seed(r.seed, 1)))
                for agent in agents:  # --budget: simulations of the mcts agent
                    if r.budget is not None and hasattr(agent, "budget"):
                        agent.budget = r.budget
                g = play_game(spec1, spec2, agents, seed=r.seed, turn_limit=r.turn_limit, listener=listener,
                              first=None if r.first is None else int(r.first[1]) - 1)
        finally:
            if log_file is not None:
                log_file.close()
        if not r.replay_path:
            for n, agent in enumerate(agents):
                late = getattr(agent, "timeouts", 0)
                if late:
                    click.echo(f"zxdeck: note: the agent of p{n + 1} did not answer in time {late} "
                               f"time{'s' if late != 1 else ''}: the first legal action was played "
                               f"instead", err=True)
        if r.save_path:
            from zxdeck.games.zx.engine.replay import save

            save(g, r.save_path, make_header(SAVE_FORMAT, catalog_digest(app), regulation_name(r.regulation)))
        if r.quiet:
            w = "draw" if g.winner is None else f"p{g.winner + 1}"
            click.echo(f"winner: {w} ({g.reason}) turns: {g.turn}")
        return None

    def replay(self, app: Any, path: str, show_all: bool, at: int | None, viewer: int | None) -> None:
        from zxdeck.games.zx.play.replay_view import ReplayViewer, load_frames, transcript

        notes: list[str] = []
        frames, side = load_frames(path, app.card_source(), notes)
        for note in notes:
            click.echo(f"zxdeck: note: {path}: {note}", err=True)
        if viewer is not None:
            side = viewer
        last = len(frames) - 1
        if at is not None and not 0 <= at <= last:
            raise ZxError(f"--at {at}: {path} has moves 0 to {last}")
        view = ReplayViewer(frames, side)
        if show_all:
            if at is not None:
                view.show(at)
            else:
                for line in transcript(frames):
                    click.echo(line)
            return
        view.run(at or 0)


SCREEN = ZxScreen()
