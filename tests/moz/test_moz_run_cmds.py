"""`zxdeck --game moz sim` made by the core from MOZ's run parts (zxdeck/games/moz/runs.py): its
report says who went first in round 1 (by speed, R-3) and how that player did."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MOZ = ROOT / "examples" / "moz"
SHELL, DUSK = (str(MOZ / f"{n}.txt") for n in ("shell_dragons", "dusk_minus"))


def moz(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "zxdeck", "--game", "moz", *args],
                          capture_output=True, text=True, timeout=300, cwd=ROOT)


@pytest.mark.rule("R-3")
def test_sim_report_says_how_the_first_player_of_round_one_did() -> None:
    """R-3: speed decides who goes first in each round; the report counts the matches the first
    player of round 1 won, as the JSON's `first` does (the seats are paired, the speeds are not)."""
    args = ("sim", SHELL, DUSK, "-n", "8", "--ai", "random", "--seed", "3", "--jobs", "1")
    table, data = moz(*args), moz(*args, "--format", "json")
    assert table.returncode == 0 and data.returncode == 0, table.stderr + data.stderr
    first = json.loads(data.stdout)["first"]
    assert first["games"] == 8
    line = (f"The first player of round 1 (by speed, R-3) won {first['wins']} of 8 matches "
            f"({100 * first['win_rate']:.1f} %).")
    lines = table.stdout.splitlines()
    assert line in lines
    assert lines[lines.index(line) - 1].startswith("The round's first player won")


def test_sim_report_of_no_match_has_no_round_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no match played (a run stopped at once) there is no round-1 figure to give."""
    import zxdeck.sim.report as report
    from zxdeck.games.moz.runs import RUNS

    text = "A\nThe round's first player won 0 of 0 rounds"
    monkeypatch.setattr(report, "render_sim", lambda result: text)
    assert RUNS.render_sim({"first": {"games": 0, "wins": 0, "win_rate": None}}) == text
    played = RUNS.render_sim({"first": {"games": 2, "wins": 1, "win_rate": 0.5}})
    assert played.splitlines()[-1] == "The first player of round 1 (by speed, R-3) won 1 of 2 matches (50.0 %)."
