"""`zxdeck --game moz replay` in the core's viewer (zxdeck.terminal.viewer): the frames of a MOZ
log or save, the board after each move as the viewer's seat sees it (N-3), stepped with the
keys Z/X's viewer has, or printed whole with --all."""

from __future__ import annotations

import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console

from zxdeck.games.moz.catalog.loader import open_catalog
from zxdeck.games.moz.engine.log import read_log_record
from zxdeck.games.moz.play.replay_view import MozViewer, load_frames
from zxdeck.termtext import width

REPO = Path(__file__).resolve().parents[2]
A = str(REPO / "examples" / "moz" / "shell_dragons.txt")
B = str(REPO / "examples" / "moz" / "flame_thunder.txt")


def zxdeck(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "NO_COLOR": "1", "ZXDECK_GAME": "moz"}
    return subprocess.run([sys.executable, "-m", "zxdeck", *args], capture_output=True, text=True,
                          env=env, cwd=REPO, timeout=300)


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("replay") / "m.jsonl"
    r = zxdeck("play", "--auto", "--seed", "3", "--p1", A, "--p2", B, "--ai1", "random", "--ai2", "random",
               "--log", str(path), "-q")
    assert r.returncode == 0, r.stderr
    return path


def test_all_prints_every_move_as_the_viewer_may_know_it(log: Path) -> None:
    """N-3: a drawn card is named to its owner only, whichever seat views."""
    mine = zxdeck("replay", str(log), "--all")
    theirs = zxdeck("replay", str(log), "--all", "--viewer", "p2")
    assert mine.returncode == theirs.returncode == 0, mine.stderr + theirs.stderr
    moves = len(read_log_record(str(log), open_catalog(None), []).actions)
    numbers = [int(line.split()[0]) for line in mine.stdout.splitlines() if line[:4].strip().isdigit()]
    assert numbers == list(range(moves + 1))
    assert "あなた (p1): " in mine.stdout and "あなた (p2): " in theirs.stdout
    assert "あなたは「" in mine.stdout and "を引いた" in mine.stdout
    assert not any("相手は「" in line and "を引いた" in line for line in mine.stdout.splitlines())
    assert not any("相手は「" in line and "を引いた" in line for line in theirs.stdout.splitlines())


def test_without_a_terminal_the_listing_is_unchanged(log: Path) -> None:
    r = zxdeck("replay", str(log))
    assert r.returncode == 0 and r.stdout.splitlines()[-1].startswith(("p1 wins", "p2 wins", "tie"))


@pytest.mark.parametrize(("cols", "rows"), [(100, 40), (80, 30), (60, 24)])
def test_the_viewer_steps_with_the_keys_and_fits_the_screen(log: Path, cols: int, rows: int) -> None:
    frames = load_frames(read_log_record(str(log), open_catalog(None), []), 0)
    buf = StringIO()
    keys = iter(["30", "b", "t 5", "e", "", "s", "?", "zz", "q"])
    view = MozViewer(frames, 0, console=Console(file=buf, width=cols, force_terminal=False),
                     input_fn=lambda _prompt: next(keys), size=(cols, rows))
    shown: list[int] = []
    drawn = view.show

    def show(i: int) -> None:
        shown.append(i)
        before = len(buf.getvalue().splitlines())
        drawn(i)
        lines = buf.getvalue().splitlines()[before:]
        assert len(lines) <= rows and all(width(line) <= cols for line in lines)

    view.show = show  # type: ignore[method-assign]
    assert view.run(0) == 0
    first_of_turn_5 = next(i for i, fr in enumerate(frames) if fr.turn >= 5)
    assert shown == [0, 30, 29, first_of_turn_5, len(frames) - 1, 0]
    out = buf.getvalue()
    assert "最後の手です" in out and "キー:" in out and "「zz」はキーではありません" in out
