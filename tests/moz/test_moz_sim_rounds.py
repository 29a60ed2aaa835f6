"""The sim and tournament reports of MOZ count rounds: R-3 chooses the first player every round
(by speed; a coin flip on equal speed), so "won first / won second" by game misleads."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
A = "examples/moz/shell_dragons.txt"
B = "examples/moz/dusk_minus.txt"


def moz(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "zxdeck", "--game", "moz", *args], capture_output=True,
                          text=True, timeout=300, cwd=ROOT)


def test_r3_sim_reports_each_rounds_first_player_and_how_it_did() -> None:
    """R-3: every round's first player is counted, speed or coin flip, with the round's winner."""
    r = moz("sim", A, B, "-n", "6", "--ai1", "random", "--ai2", "random", "--format", "json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    rs = out["rounds"]
    assert rs["rounds"] > 6 and rs["by_speed"] + rs["coin_flip"] == rs["rounds"]
    assert rs["first_wins"] + rs["second_wins"] + rs["ties"] == rs["rounds"]
    sides = [out[s]["rounds"] for s in ("a", "b")]
    # every round has one first and one second player, one from each side
    assert sides[0]["first"]["rounds"] == sides[1]["second"]["rounds"]
    assert sides[0]["first"]["rounds"] + sides[1]["first"]["rounds"] == rs["rounds"]
    assert sides[0]["first"]["wins"] + sides[1]["first"]["wins"] == rs["first_wins"]
    assert sides[0]["second"]["wins"] + sides[1]["second"]["wins"] == rs["second_wins"]
    text = moz("sim", A, B, "-n", "6", "--ai1", "random", "--ai2", "random")
    assert "rounds won first" in text.stdout and "The player going first won" not in text.stdout
    assert f"The round's first player won {rs['first_wins']} of {rs['rounds']} rounds" in text.stdout


def test_r3_tournament_reports_the_rounds_line() -> None:
    r = moz("tournament", A, B, "-n", "4", "--ai", "random", "--format", "json")
    assert r.returncode == 0, r.stderr
    rs = json.loads(r.stdout)["rounds"]
    assert rs["first_wins"] + rs["second_wins"] + rs["ties"] == rs["rounds"] > 4
