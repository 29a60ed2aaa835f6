"""bench/bench_engine.py --baseline: the side-by-side comparison of two engines (issue 13).

Only the tool is checked here (no speed is asserted): against this tree's own HEAD, every game's
action sequence must be reported identical, and the output names both engines and the ratio.
"""

from __future__ import annotations

import re
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


def _have_commit(rev: str) -> bool:
    return shutil.which("git") is not None and subprocess.run(
        ["git", "-C", str(ROOT), "cat-file", "-e", f"{rev}^{{commit}}"], capture_output=True).returncode == 0


@pytest.mark.skipif(not _have_commit("f103be2561cc973224a5ad12b605006e04b71d60"),
                    reason="needs the git history with the pinned baseline")
def test_pinned_issue25_baseline_plays_the_same_games() -> None:
    """The pinned name resolves to main before issue 25, and this tree plays its games exactly."""
    res = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_engine.py"), "--baseline",
                          "issue25-baseline", "--games", "10", "--runs", "1"], capture_output=True, text=True,
                         timeout=300)
    assert res.returncode == 0, res.stderr
    assert "baseline: issue25-baseline (f103be2561)" in res.stdout
    assert "identical games: 10/10" in res.stdout


def test_instructions_needs_a_baseline() -> None:
    res = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_engine.py"), "--instructions"],
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 2
    assert "--instructions needs --baseline REV" in res.stderr


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("valgrind") is None or shutil.which("git") is None or not (ROOT / ".git").exists(),
                    reason="needs valgrind and a git checkout")
def test_instructions_against_head_counts_and_plays_identical_games() -> None:
    """--instructions: both engines' instruction counts (callgrind) and the identical-games check."""
    res = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_engine.py"), "--baseline", "HEAD",
                          "--instructions", "--games", "1"], capture_output=True, text=True, timeout=900)
    assert res.returncode == 0, res.stderr
    assert "identical games: 1/1" in res.stdout
    counts = re.findall(r"^(baseline|current): [\d,]+ decisions, ([\d,]+) instructions", res.stdout, re.M)
    assert [k for k, _ in counts] == ["baseline", "current"]
    assert all(int(n.replace(",", "")) > 0 for _, n in counts)
