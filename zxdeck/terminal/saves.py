"""Saves of terminal games, for every game: where they are kept, a new one's name, finding one by
name, writing one, listing a game's saves, and the command that resumes one.

Games are saved in the user's data folder (`saves_dir()`: platformdirs, or `$ZXDECK_DATA_DIR`),
so the printed resume command works from any directory. Every game keeps its own save format
(an outside surface, docs/INTERFACES.md); what this module reads of a save is only its header's
`game` (Z/X's saves predate the key: none means `zx`).
"""

from __future__ import annotations

import datetime as _dt
import json
import shlex
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from zxdeck.errors import ZxError
from zxdeck.gamelog import new_save_path, saves_dir, write_atomic

__all__ = ["find_save", "game_of", "list_saves", "new_save_path", "resume_command", "save_rows_text",
           "saves_dir", "write_save"]


def find_save(name: str | Path) -> Path:
    """`name` as given when that file exists, else the save of that name in `saves_dir()`."""
    path = Path(name)
    if path.exists() or path.parent != Path("."):
        return path
    for candidate in (saves_dir() / path.name, saves_dir() / f"{path.name}.json"):
        if candidate.exists():
            return candidate
    return path


def write_save(path: str | Path, data: Mapping[str, Any]) -> None:
    """Write a save's JSON to `path` atomically (a crash or Ctrl-C never leaves half a file);
    a one-line ZxError naming the file when it cannot be written."""
    try:
        write_atomic(path, json.dumps(data, ensure_ascii=False) + "\n")
    except OSError as exc:
        raise ZxError(f"{path}: cannot save the game: {exc.strerror}") from None


def game_of(path: Path) -> str | None:
    """The game a save file is of (its header's `game`; `zx` when the header has none), or None
    when the file is not a JSON object (the game's own reader says why)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    header = data.get("header")
    recorded = header.get("game", "zx") if isinstance(header, dict) else data.get("game", "zx")
    return recorded if isinstance(recorded, str) else None


def list_saves(game: str, summary: Callable[[Path], Mapping[str, Any]],
               directory: Path | None = None) -> list[dict[str, Any]]:
    """The saves of `game` in `directory` (default `saves_dir()`), newest first: path, time and
    what `summary(path)` (the game's) says: decks, ai, moves, turn, status. A save of another
    game is left out; a file that is not a save is listed as unreadable (the ZxError of `summary`)."""
    directory = directory or saves_dir()
    out = []
    for path in sorted(directory.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True):
        found = game_of(path)
        if found is not None and found != game:
            continue
        row: dict[str, Any] = {"path": path, "time": _dt.datetime.fromtimestamp(path.stat().st_mtime)}
        try:
            row.update(summary(path))
        except ZxError as exc:
            row.update(decks=[], ai=None, moves=None, turn=None, status=f"unreadable: {exc.message}")
        out.append(row)
    return out


def save_rows_text(rows: Iterable[Mapping[str, Any]], folder: Path, command: str) -> list[str]:
    """The lines of `play --saves`: the folder, then each save (name, time, status) and its decks,
    opponent and moves. `command`: how the game is played (`zxdeck`, `zxdeck --game moz`)."""
    from zxdeck.untrusted import plain  # what a save says is text, never a terminal escape

    rows = list(rows)
    if not rows:
        return [f"no saved games in {folder}"]
    lines = [f"saved games in {folder} (newest first; resume: {command} play --resume NAME):"]
    for row in rows:
        decks = " vs ".join(plain(d) for d in row["decks"]) or "-"
        moves = f"{row['moves']} moves, turn {plain(row['turn'])}" if row["moves"] is not None else ""
        ai = f"against {plain(row['ai'])}" if row["ai"] else ""
        stamp = row["time"].strftime("%Y-%m-%d %H:%M")
        detail = ", ".join(x for x in (decks, ai, moves) if x)
        lines.append(f"  {plain(row['path'].name, 200)}  {stamp}  {plain(row['status'], 200)}")
        if detail:
            lines.append(f"      {detail}")
    return lines


def resume_command(command: str, path: str | Path,
                   again: Iterable[tuple[str, str | None]] = ()) -> str:
    """The command line that resumes the save `path`, one line to copy: `command` (`zxdeck`,
    `zxdeck --game moz`) `play --resume PATH`, then the options `again` (option, value; those
    without a value are left out) that must be typed again: a save never gives a command line
    (an agent that runs a program, `bot:COMMAND`) nor a path to write (`--log`)."""
    more = "".join(f" {option} {shlex.quote(value)}" for option, value in again if value)
    return f"{command} play --resume {shlex.quote(str(path))}{more}"
