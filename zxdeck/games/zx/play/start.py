"""A terminal game of Z/X started or resumed: what Z/X's SCREEN parts (parts.py) call.

`start_game(...)` and `resume_game(...)` return the exit status; `new_session` and
`open_session` make the session without running it (tests).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from rich.console import Console

from zxdeck.catalog.source import CardSource
from zxdeck.errors import ZxError
from zxdeck.games.zx.engine import Game
from zxdeck.games.zx.engine.state import DeckSpec
from zxdeck.games.zx.play.savefile import PlaySetup, default_save_path, load_game, make_opponent
from zxdeck.games.zx.play.session import PlaySession
from zxdeck.untrusted import printable


def _open_log(path: str | None, header: dict[str, Any] | None
              ) -> tuple[IO[str] | None, Callable[..., None] | None]:
    if not path:
        return None, None
    from zxdeck.games.zx.engine.log import JsonlLogger
    from zxdeck.games.zx.engine.replay import LOG_FORMAT

    try:
        f = open(path, "w", encoding="utf-8")  # noqa: SIM115 - closed by the caller
    except OSError as exc:
        raise ZxError(f"{path}: cannot write the log: {exc.strerror}") from None
    return f, JsonlLogger(f, header={**(header or {}), "format": LOG_FORMAT} if header else None)


def headers(catalog_digest: str | None, regulation: str = "current") -> dict[str, Any]:
    """The header of the save files of a game (`zxdeck.engine.replay.make_header`)."""
    from zxdeck.games.zx.engine.replay import make_header

    return make_header(catalog_digest=catalog_digest, regulation=regulation)


def new_session(p1: DeckSpec, p2: DeckSpec, ai: str = "greedy", seed: int = 0,
                turn_limit: int = 100, budget: int | None = None,
                save_path: str | Path | None = None, log: str | None = None,
                console: Console | None = None, input_fn: Callable[[str], str] = input,
                agent_seed: int | None = None, header: dict[str, Any] | None = None,
                **session_options: Any) -> PlaySession:
    """A new game, the person as player 1 against agent `ai`, ready to `run()` (then `close()`).

    `header`: what the save and the log record of this zxdeck and catalog (`headers()`);
    `session_options`: `size`, `settings` of `PlaySession`."""
    from zxdeck.sim.seeds import agent_seed as _agent_seed

    if log:
        log = str(Path(log).resolve())  # a resume from another directory writes the same file
    setup = PlaySetup(human=0, ai=ai, budget=budget,
                      agent_seed=_agent_seed(seed, 1) if agent_seed is None else agent_seed, log=log)
    agent = make_opponent(setup)
    header = header or headers(None)
    path = Path(save_path).resolve() if save_path else default_save_path(seed)
    log_file, logger = _open_log(log, header)
    session = PlaySession(None, agent, setup, path, console=console,  # type: ignore[arg-type]
                          input_fn=input_fn, header=header, **session_options)
    session.log_file = log_file
    session.extra_listener = logger
    try:
        session.g = Game(p1, p2, seed=seed, turn_limit=turn_limit, listener=session.listener)
    except BaseException:
        session.close()
        raise
    return session


def open_session(path: str | Path, catalog: CardSource, budget: int | None = None,
                 console: Console | None = None,
                 input_fn: Callable[[str], str] = input, regulation: str = "current",
                 notes: list[str] | None = None, ai: str | None = None, log: str | None = None,
                 **session_options: Any) -> PlaySession:
    """A saved game rebuilt move by move, ready to continue exactly where it stopped.

    The save may come from someone else (docs/SECURITY.md): it is read and checked in full
    (header, cards, every move, the final position, the agent) before any file is opened or any
    agent made. A save that this zxdeck or `catalog` cannot replay faithfully is refused (exit 2);
    harmless differences are appended to `notes`. `ai`: the opponent as the person gave it now
    (a saved opponent that runs a program, `bot:COMMAND`, is never started from the file: it must
    be given here, else `BotNotGiven`, exit 2). `log`: the person's `--log` now; the log path a
    save names is never written. With `log`, the log is written in full while the moves are
    replayed again, then the game goes on writing it.
    """
    from zxdeck.games.zx.engine.log import narration
    from zxdeck.games.zx.engine.replay import catalog_sha256, check_record, replay
    from zxdeck.games.zx.play.savefile import read_save

    path = Path(path).resolve()
    data = read_save(path)
    try:
        found = check_record(data, catalog)
    except ZxError as exc:
        raise type(exc)(f"{path}: refused: {exc.message}") from None
    if notes is not None:
        notes.extend(found)
    header = headers(catalog_sha256(catalog), regulation)
    lines: list[str] = []

    def narrate(g: Game, event: str, data: dict[str, Any]) -> None:
        lines.extend(narration(g, event, data))

    game, setup, agent = load_game(path, catalog, narrate, ai=ai, data=data)  # all checked
    if setup.log and not log and notes is not None:
        notes.append(f"the log it names ({printable(setup.log)}) is not written: a path is never "
                     "taken from a saved game; give --log FILE to write the log")
    setup.log = str(Path(log).resolve()) if log else None
    log_file, logger = _open_log(setup.log, header)
    if logger is not None:  # the log in full: the moves again, now with the logger
        lines.clear()

        def both(g: Game, event: str, data: dict[str, Any]) -> None:
            logger(g, event, data)
            narrate(g, event, data)

        try:
            game = replay(data, catalog, both)
        except BaseException:
            if log_file is not None:
                log_file.close()
            raise
    if budget is not None:
        setup.budget = budget
        if hasattr(agent, "budget"):
            agent.budget = budget
    session = PlaySession(game, agent, setup, path, console=console, input_fn=input_fn,
                          log_lines=lines, header=header, **{"catalog": catalog, **session_options})
    session.log_file = log_file
    session.extra_listener = logger
    session.shown = max(0, len(lines) - 8)  # remind the person of the last moves
    game.listener = session.listener
    return session


def start_game(p1: DeckSpec, p2: DeckSpec, **options: Any) -> int:
    """Play a new game at the terminal (options of `new_session`); returns the exit status."""
    session = new_session(p1, p2, **options)
    try:
        return session.run()
    finally:
        session.close()


def resume_game(path: str | Path, catalog: CardSource, budget: int | None = None,
                console: Console | None = None, input_fn: Callable[[str], str] = input,
                **options: Any) -> int:
    """Continue a saved game; returns the exit status."""
    notes: list[str] = []
    session = open_session(path, catalog, budget, console, input_fn, notes=notes, **options)
    for note in notes:
        session.out(f"zxdeck: note: {session.save_path}: {note}", "yellow")
    try:
        if session.g.over or session.setup.conceded:
            session.out(f"{path}: この対戦はもう終わっています。再生: zxdeck replay {path}")
            return 0
        return session.run()
    finally:
        session.close()


__all__ = ["PlaySession", "PlaySetup", "default_save_path", "headers", "new_session", "open_session",
           "resume_game", "start_game"]
