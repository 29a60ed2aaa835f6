"""`zxdeck replay FILE`: a saved game or a `--log` JSON Lines file, move by move, forward and back.

`load_frames(path, catalog)` turns the file into frames: for a saved game
(seed + actions) one frame per action, with the field as it stood after it
and the narration of what happened; for a log file one frame per event with
both players' counts. `ReplayViewer` steps through them with typed commands
(Enter next, b back, a number to jump, t N for turn N, s / e start / end,
q quit); `transcript(frames)` is the whole game as text.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from zxdeck.catalog.source import CardSource
from zxdeck.engine import Action, Game, describe
from zxdeck.engine.replay import FORMAT
from zxdeck.errors import ZxError
from zxdeck.play.screen import WIDTH, render
from zxdeck.play.text import clean, fit, wrap

COUNT_KEYS = (("deck", "deck"), ("hand", "hand"), ("life", "life"), ("resource", "res"),
              ("charge", "charge"), ("trash", "trash"), ("field", "field"),
              ("dunamis_down", "dun_dn"), ("dunamis_up", "dun_up"))
HELP = ("Enter/n: next   b: back   N: go to move N   t N: turn N   s: start   e: end   "
        "q: quit")


@dataclass
class Frame:
    """One step of a replay: a title, what happened, and a board (saved games) or counts (logs)."""

    title: str
    turn: int
    news: list[str] = field(default_factory=list)
    game: Game | None = None
    state: dict[str, Any] | None = None


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ZxError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ZxError(f"{path}: cannot read: {exc}") from None


def load_frames(path: str | Path, catalog: CardSource) -> tuple[list[Frame], int]:
    """The frames of a saved game or a log file, and the side to show (the person's in a saved game)."""
    path = Path(path)
    text = _read(path)
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        data = None
    if isinstance(data, dict) and "format" in data:
        return _game_frames(path, data, catalog)
    return _log_frames(path, text), 0


def _game_frames(path: Path, data: dict[str, Any], catalog: CardSource) -> tuple[list[Frame], int]:
    from zxdeck.engine.log import narration
    from zxdeck.engine.replay import spec_from_json

    if data.get("format") != FORMAT:
        raise ZxError(f"{path}: unknown format {data.get('format')!r} (expected {FORMAT})")
    news: list[str] = []

    def listener(g: Game, event: str, d: dict[str, Any]) -> None:
        news.extend(narration(g, event, d))

    try:
        viewer = int((data.get("play") or {}).get("human", 0)) % 2
        p1, p2 = (spec_from_json(d, catalog) for d in data["decks"])
        g = Game(p1, p2, seed=data["seed"], turn_limit=data.get("turn_limit", 100),
                 first=data.get("first"), listener=listener)
        frames = [Frame("対戦開始", g.turn, news[:], g.clone())]
        for i, raw in enumerate(data["actions"]):
            action = Action.from_json(raw)
            if action not in g.legal_actions():
                raise ZxError(f"{path}: action {i + 1} ({action}) is not legal there")
            who = "P1" if g.current_player() == 0 else "P2"
            title = f"{who}: {_action_text(action, g)}"
            news.clear()
            g.apply(action)
            frames.append(Frame(title, g.turn, news[:], g.clone()))
    except ZxError as exc:
        raise ZxError(exc.message if exc.message.startswith(str(path)) else f"{path}: {exc.message}") \
            from None
    except (KeyError, TypeError, ValueError) as exc:
        raise ZxError(f"{path}: damaged saved game ({type(exc).__name__}: {exc})") from None
    return frames, viewer


def _action_text(action: Action, g: Game) -> str:
    d = g.decision
    if action.kind == "done" and d is not None and d[0] == "pick" and not d[6]:
        from zxdeck.engine.describe import PURPOSES

        return f"しない ({PURPOSES.get(d[2], d[2])})"
    return describe(action, g)


def _log_frames(path: Path, text: str) -> list[Frame]:
    frames = []
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
        frames.append(Frame(_event_line(rec), int(rec.get("turn", 0) or 0), [], None,
                            rec.get("state") if isinstance(rec.get("state"), dict) else None))
    if not frames:
        raise ZxError(f"{path}: empty file")
    return frames


def _event_line(rec: dict[str, Any]) -> str:
    """One log record in words: 'ターン 3 p1 main: attack 「X」 → player'."""
    parts = [f"ターン {rec.get('turn', '?')} {rec.get('active', '')} {rec.get('phase', '')}:",
             str(rec.get("event", ""))]
    if rec.get("player"):
        parts.append(str(rec["player"]))
    if rec.get("name"):
        parts.append(f"「{rec['name']}」")
    if rec.get("target_name"):
        parts.append(f"-> {rec['target_name']}")
    for key in ("amount", "total", "n"):
        if key in rec:
            parts.append(f"{key}={rec[key]}")
    if rec.get("event") == "game_over":
        parts.append(f"winner={rec.get('winner')} ({rec.get('reason')})")
    return clean(" ".join(parts))


def counts_table(state: dict[str, Any]) -> list[str]:
    """Both players' counts of a log line as a small aligned table."""
    head = "      " + "".join(fit(label, 7) for _, label in COUNT_KEYS)
    lines = [head.rstrip()]
    for p in ("p1", "p2"):
        st = state.get(p) or {}
        lines.append(f"  {p}  " + "".join(fit(str(st.get(k, "-")), 7) for k, _ in COUNT_KEYS))
    return [crop_line(x) for x in lines]


def crop_line(line: str) -> str:
    return fit(line, WIDTH).rstrip()


def transcript(frames: list[Frame]) -> list[str]:
    """The whole game as text lines: each move and what happened."""
    out: list[str] = []
    for i, fr in enumerate(frames):
        out += wrap(f"{i:>4} {fr.title}", WIDTH, "     ")
        for line in fr.news:
            out += wrap(f"       {line.strip()}", WIDTH, "         ")
    return out


class ReplayViewer:
    """Steps through frames with typed commands (see HELP)."""

    def __init__(self, frames: list[Frame], viewer: int = 0, console: Console | None = None,
                 input_fn: Callable[[str], str] = input) -> None:
        self.frames = frames
        self.viewer = viewer
        self.console = console or Console(highlight=False, soft_wrap=True)
        self.input_fn = input_fn
        self.pos = 0

    def out(self, text: str = "", style: str = "") -> None:
        for line in wrap(clean(text), WIDTH):
            self.console.print(Text(line, style=style))

    def show(self, i: int) -> None:
        """Draw frame i."""
        fr = self.frames[i]
        if self.console.is_terminal:
            self.console.clear()
        if fr.game is not None:
            for line in render(fr.game, self.viewer).lines:
                self.console.print(line)
        self.out(f"手 {i}/{len(self.frames) - 1}  {fr.title}", style="bold")
        for line in fr.news:
            self.out("  " + line.strip())
        if fr.state is not None:
            for line in counts_table(fr.state):
                self.out(line)

    def goto_turn(self, turn: int) -> int | None:
        return next((i for i, fr in enumerate(self.frames) if fr.turn >= turn), None)

    def run(self, start: int = 0) -> int:
        """Interactive stepping until q or end of input; returns the exit status (0)."""
        if self.input_fn is input:  # bytes that are not UTF-8 become U+FFFD, not an exception
            import contextlib
            import sys

            with contextlib.suppress(AttributeError, ValueError, OSError):
                sys.stdin.reconfigure(errors="replace")  # type: ignore[union-attr]
        last = len(self.frames) - 1
        self.pos = max(0, min(start, last))
        self.show(self.pos)
        while True:
            try:
                raw = self.input_fn(f"[{self.pos}/{last}] Enter=次 b=前 N=移動 t N=ターン q=終了> ")
            except (EOFError, KeyboardInterrupt):
                self.out()
                return 0
            except UnicodeDecodeError:
                raw = "?"
            import unicodedata

            text = unicodedata.normalize("NFKC", raw).strip().lower()
            words = text.split()
            new = self.pos
            if text in ("", "n", "next", "f"):
                new = self.pos + 1
                if new > last:
                    self.out("最後の手です (b で戻る、q で終了)。", "yellow")
                    continue
            elif text in ("b", "p", "back", "prev"):
                new = self.pos - 1
                if new < 0:
                    self.out("最初の手です。", "yellow")
                    continue
            elif text in ("s", "start"):
                new = 0
            elif text in ("e", "end"):
                new = last
            elif text in ("q", "quit", "exit"):
                return 0
            elif text in ("help", "h", "?"):
                self.out(HELP)
                continue
            elif text.isdigit() and text.isascii():
                new = int(text)
                if new > last:
                    self.out(f"手は 0 から {last} までです。", "yellow")
                    continue
            elif len(words) == 2 and words[0] == "t" and words[1].isdigit() and words[1].isascii():
                found = self.goto_turn(int(words[1]))
                if found is None:
                    self.out(f"ターン {words[1]} はありません。", "yellow")
                    continue
                new = found
            else:
                self.out(f"「{clean(raw.strip())[:20]}」? {HELP}", "yellow")
                continue
            self.pos = new
            self.show(new)


__all__ = ["Frame", "ReplayViewer", "counts_table", "load_frames", "transcript"]
