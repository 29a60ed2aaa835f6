"""Save files of terminal games: the engine's replay record (header, seed, decks, actions) plus who plays.

A save file is the JSON of `zxdeck.engine.replay.record(game, header)` with one
more key, `"play"`: the person's side, the computer's agent name, budget and
seed, the state of the agent's random generator (so a resumed game continues
exactly as it would have), and the log file. `zxdeck replay` reads it too.
It is rewritten (atomically) after every whole move, so nothing is lost.

A save may come from someone else (docs/SECURITY.md): resuming it never runs a command and never
writes a path taken from it. An opponent that runs a program (`bot:COMMAND`) must be given again
on the command line (`load_game(..., ai=...)`; else `BotNotGiven`, exit 2), and the `log` it
names is only a note: the log goes where the person's `--log` says now.

Games are saved in the user's data folder (zxdeck.terminal.saves, the same for every game:
`saves_dir()`, platformdirs or `$ZXDECK_DATA_DIR`), so the printed resume command works from any
directory; `list_saves()` is what `zxdeck play --saves` prints.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zxdeck.catalog.source import CardSource
from zxdeck.errors import ZxError
from zxdeck.games.zx.engine import Game
from zxdeck.games.zx.engine.replay import IncompatibleRecord, record, replay
from zxdeck.games.zx.engine.rng import Rng
from zxdeck.terminal.saves import find_save, new_save_path, saves_dir, write_save
from zxdeck.terminal.saves import list_saves as _list_saves
from zxdeck.untrusted import BotNotGiven, resumed_agent


@dataclass
class PlaySetup:
    """Who plays a terminal game: the person's side and the computer opponent."""

    human: int = 0
    ai: str = "greedy"
    budget: int | None = None
    agent_seed: int = 0
    log: str | None = None
    conceded: bool = False


def default_save_path(seed: int) -> Path:
    """A new save file in `saves_dir()`: zxdeck-game-SEED-YYYYMMDD-HHMMSS.json (never an existing one)."""
    return new_save_path(f"zxdeck-game-{seed}")


def make_opponent(setup: PlaySetup) -> Any:
    """The computer agent of a game (mcts takes the budget)."""
    from zxdeck.agents import make_agent

    agent = make_agent(setup.ai, setup.agent_seed)
    if setup.budget is not None and hasattr(agent, "budget"):
        agent.budget = setup.budget
    return agent


def _rng_state(agent: Any) -> int | None:
    """The agent's generator state (one integer, zxdeck.engine.rng)."""
    rng = getattr(agent, "rng", None)
    return rng.getstate() if isinstance(rng, Rng) else None


def _set_rng_state(agent: Any, state: int | None) -> None:
    rng = getattr(agent, "rng", None)
    if state is not None and isinstance(rng, Rng):
        rng.setstate(state)


def save_data(game: Game, setup: PlaySetup, agent: Any,
              header: dict[str, Any] | None = None) -> dict[str, Any]:
    """The JSON of a save: the game's record and who plays (with the agent's generator state).
    Called between whole moves only (a position inside `apply` would not replay)."""
    data = record(game, header)
    data["play"] = {
        "human": setup.human, "ai": setup.ai, "budget": setup.budget,
        "agent_seed": setup.agent_seed, "agent_rng": _rng_state(agent), "log": setup.log,
        "conceded": setup.conceded,
    }
    return data


def save_game(path: str | Path, game: Game, setup: PlaySetup, agent: Any,
              header: dict[str, Any] | None = None) -> None:
    """Write the game and its players to `path` (atomically: a crash never leaves half a file)."""
    write_save(path, save_data(game, setup, agent, header))


def _not_a_save(path: Path, text: str) -> str:
    """Why a text that is not JSON is not a saved game (a --log file is named as such)."""
    first = text.lstrip().split("\n", 1)[0]
    try:
        rec = json.loads(first)
    except json.JSONDecodeError:
        return f"{path}: not a saved game (not JSON)"
    if isinstance(rec, dict) and "event" in rec:
        return (f"{path}: not a saved game: it is a game log (--log); "
                f"see it with: zxdeck replay {path}")
    return f"{path}: not a saved game"


def read_save(path: str | Path) -> dict[str, Any]:
    """The JSON of a save (or `play --save`) file; ZxError naming the file when it is not one."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise ZxError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise ZxError(f"{path}: not a saved game (a directory)") from None
    except OSError as exc:
        raise ZxError(f"{path}: cannot read: {exc.strerror}") from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ZxError(f"{path}: not a saved game (not a text file)") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise ZxError(_not_a_save(path, text)) from None
    if not isinstance(data, dict) or not ("header" in data or "format" in data):
        raise ZxError(f"{path}: not a saved game")
    if not isinstance(data.get("actions"), list) or not isinstance(data.get("decks"), list) \
            or len(data["decks"]) != 2:
        raise ZxError(f"{path}: damaged saved game (decks or actions missing)")
    return data


def opponent_of(path: str | Path, saved: str, given: str | None, option: str = "--ai2") -> str:
    """The agent a resumed game is played with (`zxdeck.untrusted.resumed_agent`): a saved agent
    that runs a program only when the person gives one again (BotNotGiven otherwise)."""
    return resumed_agent(path, saved, given, option)


def load_game(path: str | Path, catalog: CardSource, listener: Any = None,
              notes: list[str] | None = None, ai: str | None = None,
              data: dict[str, Any] | None = None) -> tuple[Game, PlaySetup, Any]:
    """Rebuild a saved game move by move, with its setup and its computer agent as they were.

    A save this zxdeck or catalog cannot replay faithfully is refused with the reason (exit 2);
    harmless differences (another catalog with the same cards) are appended to `notes`. `ai`:
    the agent the person gave on the command line (`opponent_of`: needed, and only taken, when
    the saved opponent runs a program). `data`: the save already read (`read_save(path)`).
    Nothing is started or opened before the whole save is checked and replayed."""
    data = read_save(path) if data is None else data
    info = data.get("play") or {}
    try:
        if not isinstance(info, dict):
            raise TypeError("play must be an object")
        log = info.get("log")
        setup = PlaySetup(
            human=int(info.get("human", 0)), ai=str(info.get("ai", "greedy")),
            budget=int(info["budget"]) if info.get("budget") is not None else None,
            agent_seed=int(info.get("agent_seed", 0)), log=log if isinstance(log, str) else None,
            conceded=bool(info.get("conceded", False)),
        )
        if setup.human not in (0, 1):
            raise ValueError("human must be 0 or 1")
        game = replay(data, catalog, listener, notes)
    except IncompatibleRecord as exc:
        raise IncompatibleRecord(f"{path}: refused: {exc.message}") from None
    except ZxError as exc:
        raise ZxError(f"{path}: {exc.message}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise ZxError(f"{path}: damaged saved game ({type(exc).__name__}: {exc})") from None
    setup.ai = opponent_of(path, setup.ai, ai)
    try:
        from zxdeck.agents import parse_agent

        parse_agent(setup.ai)  # a bad saved spec: one line, before any agent is made
    except ZxError as exc:
        raise ZxError(f"{path}: damaged saved game (play.ai: {exc.message})") from None
    agent = make_opponent(setup)
    try:
        _set_rng_state(agent, info.get("agent_rng"))
    except ValueError as exc:
        raise ZxError(f"{path}: damaged saved game (agent_rng: {exc})") from None
    return game, setup, agent


def list_saves(directory: Path | None = None) -> list[dict[str, Any]]:
    """The saved Z/X games of `directory` (default `saves_dir()`), newest first: path, time, decks,
    opponent, moves, turn and how it stands (zxdeck.terminal.saves.list_saves). Files that are
    not saves are listed as such."""
    return _list_saves("zx", save_summary, directory)


def save_summary(path: Path) -> dict[str, Any]:
    """What `play --saves` shows of a Z/X save: decks, opponent, moves, turn and status."""
    data = read_save(path)
    end = data.get("end") or {}
    info = data.get("play") or {}
    return dict(decks=[str(d.get("name") or "?") for d in data["decks"]], ai=info.get("ai"),
                moves=len(data["actions"]), turn=end.get("turn"), status=_status(end, info))


def _status(end: dict[str, Any], info: dict[str, Any]) -> str:
    human = int(info.get("human", 0)) if info else 0
    if info.get("conceded"):
        return "conceded"
    if not end.get("over"):
        return "in progress"
    winner = end.get("winner")
    if winner is None:
        return f"draw ({end.get('reason')})"
    who = "you won" if info and winner == human else f"p{winner + 1} won" if not info else "you lost"
    return f"{who} ({end.get('reason')})"


__all__ = ["BotNotGiven", "PlaySetup", "default_save_path", "find_save", "list_saves", "load_game",
           "make_opponent", "opponent_of", "read_save", "save_data", "save_game", "save_summary", "saves_dir",
           "write_save"]
