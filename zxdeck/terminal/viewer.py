"""The replay viewer of every game (`zxdeck replay FILE`): frames stepped with typed keys,
forward and back, in Japanese like the games' screens.

A game turns its save or log into frames (`ViewFrame`: a title, the turn, the narration of what
happened, and what the game needs to draw its board) and gives the viewer its board: a subclass
of `ReplayViewer` with `board(frame, room)`, the board after that move in at most `room` lines
(None: no limit). The viewer draws the board, the move and its news fitted to the terminal (the
news trimmed last), reads the keys (`KEYS`), and `transcript(frames)` is the whole game as text.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from rich.console import Console
from rich.text import Text

from zxdeck.termtext import clean, fit, width, wrap

WIDTH = 80  # the width off a terminal (pipes, tests)

# The keys of the viewer (also in `zxdeck replay --help`).
KEYS = (
    ("Enter / n", "次の手"),
    ("b", "前の手"),
    ("N (数字)", "N 手目へ"),
    ("t N", "ターン N の最初の手へ"),
    ("s", "最初へ"),
    ("e", "最後へ"),
    ("help / ?", "このキーの一覧"),
    ("q", "終了"),
)
# One key a line, so that no width ever splits a key ("t N") from what it does.
HELP = "キー:\n" + "\n".join(f"  {fit(k, 10)} {what}" for k, what in KEYS)
PROMPT = "[{pos}/{last}] Enter=次 b=前 N=手 t N=ターン s=最初 e=最後 q=終了> "
SHORT_PROMPT = "[{pos}/{last}] Enter=次 b=前 ?=キー q=終了> "  # narrow terminals (never wrapped)


class ViewFrame(Protocol):
    """One step of a replay: its title (who did what), the turn after it, and what happened."""

    title: str
    turn: int
    news: list[str]


def transcript(frames: Sequence[ViewFrame], cols: int = WIDTH) -> list[str]:
    """The whole game as text lines: each move and what happened."""
    out: list[str] = []
    for i, fr in enumerate(frames):
        out += wrap(f"{i:>4} {fr.title}", cols, "     ")
        for line in fr.news:
            out += wrap(f"       {line.strip()}", cols, "         ")
    return out


class ReplayViewer:
    """Steps through frames with typed keys (see KEYS). A game's viewer overrides `board`."""

    def __init__(self, frames: Sequence[Any], viewer: int = 0, console: Console | None = None,
                 input_fn: Callable[[str], str] = input,
                 size: tuple[int, int | None] | None = None) -> None:
        self.frames = frames
        self.viewer = viewer
        self.console = console or Console(highlight=False, soft_wrap=True)
        self.input_fn = input_fn
        self.pos = 0
        self.width, self.height = size if size is not None else (None, None)

    def board(self, frame: Any, room: int | None) -> list[Any]:
        """The board after `frame`'s move as the viewer's side sees it, in at most `room` lines
        when it can (None: the most detailed); lines are str or rich Text. None here: a game's
        viewer draws its own."""
        return []

    @property
    def cols(self) -> int:
        if self.width is not None:
            return self.width
        return max(60, min(100, self.console.size.width)) if self.console.is_terminal else WIDTH

    def out(self, text: str = "", style: str = "") -> None:
        for para in text.split("\n"):
            for line in wrap(clean(para), self.cols):
                self.console.print(Text(line, style=style))

    def show(self, i: int) -> None:
        """Draw frame i: the board after the move, then the move and what happened, in the most
        detailed board that fits the terminal (the news trimmed last)."""
        fr = self.frames[i]
        if self.console.is_terminal:
            self.console.clear()
        rows = self.console.size.height - 1 if self.console.is_terminal and self.height is None \
            else self.height
        head = wrap(clean(f"手 {i}/{len(self.frames) - 1}  {fr.title}"), self.cols)
        news = [x for line in fr.news for x in wrap(clean("  " + line.strip()), self.cols, "    ")]
        lines = self.board(fr, None if rows is None else rows - len(head) - min(len(news), 4))
        if rows is not None and len(lines) + len(head) + len(news) > rows:
            keep = max(1, rows - len(lines) - len(head) - 1)
            news = [f"  ... ({len(news) - keep} 行省略)"] + news[len(news) - keep:]
        for line in lines:
            self.console.print(line if isinstance(line, Text) else Text(line))
        for line in head:
            self.console.print(Text(line, style="bold"))
        for line in news:
            self.console.print(Text(line))

    def prompt(self, last: int) -> str:
        """The keys on the prompt line: all of them, or the short list when they would not fit
        on one line with room to type."""
        full = PROMPT.format(pos=self.pos, last=last)
        return full if width(full) + 6 <= self.cols else SHORT_PROMPT.format(pos=self.pos, last=last)

    def goto_turn(self, turn: int) -> int | None:
        return next((i for i, fr in enumerate(self.frames) if fr.turn >= turn), None)

    def run(self, start: int = 0) -> int:
        """Interactive stepping until q or end of input; returns the exit status (0)."""
        if self.input_fn is input:  # bytes that are not UTF-8 become U+FFFD, not an exception
            from zxdeck.terminal.interrupts import tolerant_stdin

            tolerant_stdin()
        last = len(self.frames) - 1
        self.pos = max(0, min(start, last))
        self.show(self.pos)
        while True:
            try:
                raw = self.input_fn(self.prompt(last))
            except (EOFError, KeyboardInterrupt):
                self.out()
                return 0
            except UnicodeDecodeError:
                raw = "?"
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
                self.out(f"「{clean(raw.strip())[:20]}」はキーではありません (? でキーの一覧)。", "yellow")
                continue
            self.pos = new
            self.show(new)


__all__ = ["HELP", "KEYS", "PROMPT", "SHORT_PROMPT", "ReplayViewer", "ViewFrame", "WIDTH", "transcript"]
