"""`zxdeck --game moz replay FILE` in the core's viewer (zxdeck.terminal.viewer): a MOZ log or
save as frames, one per move, each with the board after it and the Japanese narration of what
happened as the viewer's seat may know it (N-3), stepped forward and back in a terminal, or
printed whole with `--all`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from zxdeck.games.moz.engine import Game
from zxdeck.games.moz.play.session import board_lines, describe_ja, narrate
from zxdeck.terminal.viewer import ReplayViewer


@dataclass
class Frame:
    """One step of a MOZ replay: who did what, the turn after it, what happened, the match."""

    title: str
    turn: int
    news: list[str] = field(default_factory=list)
    game: Game | None = None


def load_frames(record: Any, viewer: int) -> list[Frame]:
    """The frames of a checked record (zxdeck.games.moz.engine.log: `read_log_record`,
    `read_save_record`, already replayed once), told to seat `viewer`."""
    g = record.start(record=True)
    assert g.records is not None
    seen = 0

    def news() -> list[str]:
        nonlocal seen
        recs = g.records[seen:] if g.records is not None else []
        seen += len(recs)
        return [t for t in (narrate(g, r, viewer) for r in recs) if t]

    names = ("あなた (p1)", "相手 (p2)") if viewer == 0 else ("相手 (p1)", "あなた (p2)")
    frames = [Frame("対戦開始", g.turn, news(), g.clone())]
    for action in record.actions:
        title = f"{names[g.current_player()]}: {describe_ja(g, action)}"
        g.apply(action)
        frames.append(Frame(title, g.turn, news(), g.clone()))
    return frames


class MozViewer(ReplayViewer):
    """The core's viewer with MOZ's board: the full one when it fits, else the compact one."""

    def board(self, frame: Frame, room: int | None) -> list[str]:
        if frame.game is None:
            return []
        lines = board_lines(frame.game, self.viewer, self.cols)
        if room is not None and len(lines) > room:
            lines = board_lines(frame.game, self.viewer, self.cols, compact=True)
        return lines


__all__ = ["Frame", "MozViewer", "load_frames"]
