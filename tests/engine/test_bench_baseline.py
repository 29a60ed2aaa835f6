"""bench/bench_engine.py --baseline: the side-by-side comparison of two engines (issue 13).

Only the tool is checked here (no speed is asserted): against this tree's own HEAD, every game's
action sequence must be reported identical, and the output names both engines and the ratio.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="needs a git checkout")
def test_baseline_head_plays_identical_games() -> None:
    res = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_engine.py"), "--baseline", "HEAD",
                          "--games", "3", "--runs", "2"], capture_output=True, text=True, timeout=300)
    assert res.returncode == 0, res.stderr
    assert "identical games: 6/6" in res.stdout
    assert "decisions/s" in res.stdout and "clone() us" in res.stdout


def test_baseline_unknown_revision_is_one_line() -> None:
    res = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_engine.py"), "--baseline",
                          "no-such-rev-zz", "--games", "1", "--runs", "1"], capture_output=True, text=True,
                         timeout=60)
    assert res.returncode == 1
    assert res.stderr.strip() == "bench_engine: unknown git revision 'no-such-rev-zz'"
