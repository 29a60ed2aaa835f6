"""bench/bench_games.py: every game's agents side by side (issue 25, section 4).

Only the tool is checked (no speed is asserted): one small run prints a row per game with
figures, MOZ's ratio against Z/X, and a bad argument is a one-line error.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench" / "bench_games.py"


def test_one_small_run_prints_every_game() -> None:
    res = subprocess.run([sys.executable, str(BENCH), "--games", "2", "--normal-games", "1", "--runs", "1"],
                         capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stderr
    rows = {line.split()[0]: line.split() for line in res.stdout.splitlines()
            if len(line.split()) == 8 and line.split()[0] in ("zx", "moz")}
    assert set(rows) == {"zx", "moz"}
    assert rows["zx"][5] == "normal"
    for row in rows.values():
        assert float(row[1].replace(",", "")) > 0  # random games/s
        assert re.fullmatch(r"[\d,.]+x", row[-1])  # normal's CPU a decision against random's
    assert re.search(r"^moz random games/s against zx's: [\d.]+x \(wall\), [\d.]+x \(CPU\)$", res.stdout, re.M)


def test_unknown_game_is_one_line() -> None:
    res = subprocess.run([sys.executable, str(BENCH), "--game", "chess"], capture_output=True, text=True,
                         timeout=120)
    assert res.returncode == 1
    assert res.stderr.strip() == "bench_games: unknown game 'chess' (games: zx, moz)"
