"""`zxdeck --game moz play` and `sim` (thin layers over zxdeck.games.moz.play.auto and .sim)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent.parent
A = str(REPO / "examples" / "moz" / "shell_dragons.txt")
B = str(REPO / "examples" / "moz" / "dusk_minus.txt")


def run(*args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "NO_COLOR": "1", "ZXDECK_GAME": "moz"}
    return subprocess.run([sys.executable, "-m", "zxdeck", *args], input=stdin, capture_output=True, text=True,
                          env=env, cwd=cwd or REPO, timeout=300)


def test_play_auto_is_the_same_match_for_the_same_seed() -> None:
    """N-4: same seed, decks and agents, same match."""
    one = run("play", "--auto", "--seed", "4", "--p1", A, "--p2", B, "--ai1", "heuristic", "--ai2", "random")
    two = run("play", "--auto", "--seed", "4", "--p1", A, "--p2", B, "--ai1", "heuristic", "--ai2", "random")
    assert one.returncode == 0 and one.stdout == two.stdout
    assert one.stdout.splitlines()[-1].startswith(("p1 wins", "p2 wins", "tie"))


def test_a_person_saves_and_resumes(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    first = run("play", "--p1", A, "--p2", B, "--ai2", "random", "--save", str(save), stdin="1\n1\n1\n1\nsave\n")
    assert first.returncode == 0 and "保存しました" in first.stdout
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["game"] == "moz" and len(data["actions"]) >= 4
    again = run("play", "--resume", str(save), stdin="q\n")
    assert again.returncode == 0 and "手札:" in again.stdout and "あなた (p1)" in again.stdout


def test_sim_json_has_the_interface_keys() -> None:
    done = run("sim", A, B, "-n", "4", "--ai1", "heuristic", "--ai2", "random", "--format", "json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["games"] == 4 and {"a", "b", "win_rate", "interval", "first", "seed"} <= set(result)


def test_bad_input_is_one_error_line_with_exit_2(tmp_path: Path) -> None:
    for args in (("sim", A, B, "--ai1", "greedy"), ("play", "--auto", "--p1", A),
                 ("play", "--resume", str(tmp_path / "none.json")), ("sim", A, str(tmp_path / "none.txt"))):
        done = run(*args)
        assert done.returncode == 2, args
        assert "Traceback" not in done.stderr and done.stderr.startswith("zxdeck: error:"), done.stderr
