"""bench/hard_vs_pinned.py (issue 25): the score counts complete pairs only, with its Wilson
interval and both agents' CPU a searched decision; the wall bound stops the run and keeps the
JSON file. (A real run plays whole games: `--pairs 1 --budget-new 20 --budget-old 20`, docs/AI.md.)"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def hvp():
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        return importlib.import_module("hard_vs_pinned")
    finally:
        sys.path.remove(str(ROOT / "bench"))


def game(pair: int, seat: int, points: float, new: list[float], old: list[float]) -> dict:
    return {"pair": pair, "new_seat": seat, "new_points": points, "cpu_new": new, "cpu_old": old,
            "cpu_game_new": sum(new), "cpu_game_old": sum(old)}


def test_summary_counts_complete_pairs_only(hvp) -> None:
    games = [game(0, 0, 1.0, [0.1, 0.2], [0.8, 1.0]), game(0, 1, 0.5, [0.3], [1.2]),
             game(1, 0, 0.0, [9.0], [9.0]),  # its other game never finished: left out
             game(2, 1, 1.0, [0.2], [0.9]), game(2, 0, 1.0, [0.2], [0.7])]
    s = hvp.summary(games, 3)
    assert (s["pairs_done"], s["games"], s["new_points"], s["score"]) == (2, 4, 3.5, 0.875)
    assert (s["pairs_won"], s["pairs_split"], s["pairs_lost"]) == (2, 0, 0)  # 1.5 and 2 points
    lo, hi = s["wilson95"]
    assert 0.0 < lo < 0.875 < hi <= 1.0
    assert s["cpu_new"]["decisions"] == 5 and s["cpu_new"]["median"] == 0.2
    assert s["cpu_old"]["median"] == 0.9 and s["cpu_median_ratio"] == round(0.2 / 0.9, 4)


def test_wall_bound_stops_and_keeps_the_file(hvp, tmp_path, capsys) -> None:
    out = tmp_path / "r.json"
    code = hvp.main(["--pairs", "2", "--workers", "1", "--budget-new", "2", "--budget-old", "2",
                     "--max-seconds", "0.01", "--out", str(out)])
    data = json.loads(out.read_text(encoding="utf-8"))
    assert code == 1 and "no complete pair" in capsys.readouterr().out
    assert data["meta"]["stopped_by_max_seconds"] is True and data["summary"]["games"] == 0
    assert data["meta"]["new_spec"].startswith("mcts:") and "search=race" in data["meta"]["new_spec"]


def test_merge_adds_up_runs_and_refuses_other_agents(hvp, tmp_path, capsys) -> None:
    meta = {"seed": 250000, "new_spec": "x", "budget_new": None, "budget_old": None, "wall_seconds": 5}
    a, b, c = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "c.json"
    a.write_text(json.dumps({"meta": meta, "games": [game(0, 0, 1.0, [0.1], [0.5]),
                                                     game(0, 1, 1.0, [0.1], [0.5])]}))
    b.write_text(json.dumps({"meta": meta, "games": [game(1, 0, 0.0, [0.1], [0.5]),
                                                     game(1, 1, 0.5, [0.1], [0.5]),
                                                     game(0, 0, 0.0, [0.1], [0.5])]}))  # seen in a
    out = tmp_path / "all.json"
    assert hvp.main(["--merge", str(a), str(b), "--out", str(out)]) == 0
    s = json.loads(out.read_text())["summary"]
    assert (s["pairs_done"], s["games"], s["new_points"]) == (2, 4, 2.5)
    assert "2.5/4 = 62.5%" in capsys.readouterr().out
    c.write_text(json.dumps({"meta": dict(meta, new_spec="y"), "games": []}))
    assert hvp.main(["--merge", str(a), str(c), "--out", str(out)]) == 2
    assert "other seeds or agents" in capsys.readouterr().err
