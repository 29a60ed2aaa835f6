"""`zxdeck replay FILE`: a saved game or a `--log` file, move by move, forward and back.

`load_frames(path, catalog)` turns the file into frames, one per move, each with
the field as it stood after it and the narration of what happened. A save is
rebuilt from its seed and actions; a log (JSON Lines) from its header line and
its `action` lines, and every event of the rebuilt game is compared with the
log's, counts included. Either way the file is first checked against this
zxdeck and the catalog (`zxdeck.engine.replay.check_record`): a file that would
replay into another game is refused with the reason (exit 2), never shown.
`ReplayViewer` is the core's viewer (zxdeck.terminal.viewer: the keys, `KEYS`, and the loop,
in Japanese like the game) drawing Z/X's field; `transcript(frames)` is the whole game as text.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.text import Text

from zxdeck.catalog.source import CardSource
from zxdeck.errors import ZxError
from zxdeck.games.zx.engine import Action, Game, describe
from zxdeck.games.zx.play.screen import Layout, render
from zxdeck.terminal.viewer import HELP, KEYS, transcript
from zxdeck.terminal.viewer import ReplayViewer as CoreViewer

# Layouts of the field from the most detailed to the most compact (see zxdeck.play.screen).
VIEW_LAYOUTS = (
    (False, "list", "list"), (False, "list", "count"), (False, "columns", "count"),
    (False, "flow", "count"), (True, "columns", "count"), (True, "flow", "count"),
    (True, "count", "count"),
)


@dataclass
class Frame:
    """One step of a replay: a title, what happened, and the game after it."""

    title: str
    turn: int
    news: list[str] = field(default_factory=list)
    game: Game | None = None
    names: tuple[str, str] = ("P1", "P2")  # what players 1 and 2 are called


def _read(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise ZxError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise ZxError(f"{path}: not a saved game or log (a directory)") from None
    except UnicodeDecodeError:
        raise ZxError(f"{path}: not a saved game or log (not a text file)") from None
    except OSError as exc:
        raise ZxError(f"{path}: cannot read: {exc.strerror}") from None


def load_frames(path: str | Path, catalog: CardSource,
                notes: list[str] | None = None) -> tuple[list[Frame], int]:
    """The frames of a saved game or a log file, and the side to show (the person's in a saved
    game). Harmless differences with the file's zxdeck or catalog are appended to `notes`."""
    path = Path(path)
    text = _read(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        data = None
    if isinstance(data, dict) and ("header" in data or "format" in data):
        play = data.get("play") if isinstance(data.get("play"), dict) else None
        human = play.get("human", 0) if play else None
        names = (("あなた", "相手") if human != 1 else ("相手", "あなた")) if play else ("P1", "P2")
        return _frames(path, data, catalog, None, notes, names), human if human in (0, 1) else 0
    data, events = _read_log(path, text)
    return _frames(path, data, catalog, events, notes), 0


def _read_log(path: Path, text: str) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]]]:
    """A log as a record (its header line's game + its actions) and its events (line, record)."""
    events: list[tuple[int, dict[str, Any]]] = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ZxError(f"{path}: line {n}: neither a saved game nor a JSON Lines log ({exc.msg})") \
                from None
        if not isinstance(rec, dict) or "event" not in rec:
            raise ZxError(f"{path}: line {n}: not a game log line (no \"event\")")
        events.append((n, rec))
    if not events:
        raise ZxError(f"{path}: empty file")
    first = events[0][1]
    if first.get("event") != "header" or not isinstance(first.get("game"), dict):
        raise ZxError(f"{path}: refused: the log has no header line (written by an older zxdeck, "
                      "before logs recorded the catalog, rules revision and moves): it cannot be "
                      "replayed")
    data = {**first["game"], "header": first.get("header")}
    data["actions"] = [rec.get("action") for _, rec in events if rec.get("event") == "action"]
    return data, events[1:]


def _frames(path: Path, data: dict[str, Any], catalog: CardSource,
            events: list[tuple[int, dict[str, Any]]] | None, notes: list[str] | None,
            names: tuple[str, str] = ("P1", "P2")) -> list[Frame]:
    """Replay a record move by move into frames; with `events` (a log), check each event.
    `names`: what players 1 and 2 are called (あなた / 相手 in a person's game)."""
    from zxdeck.games.zx.engine.log import narration
    from zxdeck.games.zx.engine.replay import (
        IncompatibleRecord,
        actions_of,
        check_end,
        check_record,
        new_game,
    )

    news: list[str] = []
    checker = _LogChecker(path, events) if events is not None else None

    def listener(g: Game, event: str, d: dict[str, Any]) -> None:
        news.extend(narration(g, event, d))
        if checker is not None:
            checker.logger(g, event, d)

    try:
        found = check_record(data, catalog)
        if notes is not None:
            notes.extend(found)
        g = new_game(data, catalog, listener)
        frames = [Frame("対戦開始", g.turn, news[:], g.clone(), names)]
        for i, action in enumerate(actions_of(data)):
            if action not in g.legal_actions():
                raise IncompatibleRecord(f"move {i + 1} ({action}) is not legal there: the file "
                                         "does not replay with this zxdeck")
            title = f"{names[g.current_player()]}: {_action_text(action, g)}"
            news.clear()
            g.apply(action)
            frames.append(Frame(title, g.turn, news[:], g.clone(), names))
        if checker is not None:
            checker.finish()
        else:
            check_end(g, data)
    except IncompatibleRecord as exc:
        raise IncompatibleRecord(f"{path}: refused: {exc.message}") from None
    except ZxError as exc:
        raise ZxError(exc.message if exc.message.startswith(str(path)) else f"{path}: {exc.message}") \
            from None
    except (KeyError, TypeError, ValueError) as exc:
        raise ZxError(f"{path}: damaged file ({type(exc).__name__}: {exc})") from None
    return frames


class _LogChecker:
    """Compares the events of the rebuilt game with a log's, line by line (event and counts)."""

    def __init__(self, path: Path, events: list[tuple[int, dict[str, Any]]]) -> None:
        from zxdeck.games.zx.engine.log import JsonlLogger

        self.path = path
        self.events = events
        self.pos = 0
        self.logger = JsonlLogger(_Sink(self.check))  # type: ignore[arg-type]

    def check(self, line: str) -> None:
        from zxdeck.games.zx.engine.replay import IncompatibleRecord

        got = json.loads(line)
        if self.pos >= len(self.events):
            return  # the log stops early (an interrupted game): what it has was checked
        n, want = self.events[self.pos]
        self.pos += 1
        if got.get("event") != want.get("event") or got.get("state") != want.get("state"):
            raise IncompatibleRecord(
                f"line {n}: the log has {want.get('event')} {json.dumps(want.get('state'))}, this "
                f"zxdeck replays {got.get('event')} {json.dumps(got.get('state'))}: not the same game")

    def finish(self) -> None:
        from zxdeck.games.zx.engine.replay import IncompatibleRecord

        if self.pos < len(self.events):
            n, want = self.events[self.pos]
            raise IncompatibleRecord(f"line {n}: the log goes on ({want.get('event')}) where this "
                                     "zxdeck's replay of its moves stops: not the same game")


class _Sink:
    """A file-like object that hands each written line to a function."""

    def __init__(self, fn: Callable[[str], None]) -> None:
        self.fn = fn

    def write(self, text: str) -> int:
        for line in text.splitlines():
            if line.strip():
                self.fn(line)
        return len(text)


def _action_text(action: Action, g: Game) -> str:
    d = g.decision
    if action.kind == "done" and d is not None and d[0] == "pick" and not d[6]:
        from zxdeck.games.zx.engine.describe import purpose_label

        return f"しない ({purpose_label(d[2])})"
    return describe(action, g)


class ReplayViewer(CoreViewer):
    """The core's viewer (zxdeck.terminal.viewer) with Z/X's field: the most detailed layout
    of the field that fits the room left."""

    def board(self, frame: Frame, room: int | None) -> list[Text]:
        if frame.game is None:
            return []
        me = self.viewer
        labels = (frame.names[me], frame.names[1 - me])
        lines: list[Text] = []
        for layout in VIEW_LAYOUTS if room is not None else VIEW_LAYOUTS[:1]:
            lines = render(frame.game, me, labels=labels, layout=Layout(self.cols, *layout)).lines
            if room is None or len(lines) <= room:
                break
        return lines


__all__ = ["Frame", "HELP", "KEYS", "ReplayViewer", "load_frames", "transcript"]
