"""A MOZ match at the terminal stops as Z/X's does (zxdeck.terminal.interrupts): SIGTERM or
SIGHUP (the terminal closed) saves the last whole move and prints the command that resumes it
(N-4), as Ctrl-C does; the resumed match goes on from there."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
A = str(REPO / "examples" / "moz" / "shell_dragons.txt")
B = str(REPO / "examples" / "moz" / "dusk_minus.txt")


@pytest.mark.skipif(not hasattr(signal, "SIGHUP"), reason="POSIX signals")
@pytest.mark.parametrize("sig", [signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM)])
def test_a_signal_saves_the_match_and_prints_the_resume_command(tmp_path: Path, sig: int) -> None:
    env = {**os.environ, "NO_COLOR": "1", "ZXDECK_GAME": "moz", "ZXDECK_DATA_DIR": str(tmp_path)}
    save = tmp_path / "m.json"
    proc = subprocess.Popen([sys.executable, "-m", "zxdeck", "play", "--p1", A, "--p2", B, "--ai2", "random",
                             "--seed", "5", "--save", str(save)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=REPO)
    assert proc.stdin is not None
    proc.stdin.write("1\n")  # one move of the person, then the session waits for the next
    proc.stdin.flush()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:  # the autosave after the first move
        if save.exists() and json.loads(save.read_text(encoding="utf-8") or "{}").get("actions"):
            break
        time.sleep(0.2)
    time.sleep(1.0)  # at the prompt
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "Traceback" not in err
    line = next(x for x in out.splitlines() if x.startswith("中断しました"))
    assert f"保存しました: {save}" in line and f"zxdeck --game moz play --resume {save}" in line
    moves = len(json.loads(save.read_text(encoding="utf-8"))["actions"])
    assert moves >= 1
    again = subprocess.run([sys.executable, "-m", "zxdeck", "play", "--resume", str(save)], input="q\n",
                           capture_output=True, text=True, env=env, cwd=REPO, timeout=120)
    assert again.returncode == 0 and "あなた (p1)" in again.stdout, again.stderr
    assert len(json.loads(save.read_text(encoding="utf-8"))["actions"]) >= moves


def test_auto_piped_into_head_finishes_the_match_and_its_log(tmp_path: Path) -> None:
    """`play --auto ... | head`: the printing stops, the match goes on (N-4) and its log is whole,
    as for Z/X (zxdeck.terminal.output)."""
    log = tmp_path / "m.jsonl"
    env = {**os.environ, "NO_COLOR": "1", "ZXDECK_GAME": "moz"}
    proc = subprocess.Popen([sys.executable, "-m", "zxdeck", "play", "--auto", "--seed", "3", "--p1", A,
                             "--p2", B, "--ai1", "random", "--ai2", "random", "--log", str(log)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=REPO)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # the reader is gone
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 0, err
    assert first.startswith("round 1:") and "Traceback" not in err
    lines = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    assert lines[-1]["event"] == "game_over"
