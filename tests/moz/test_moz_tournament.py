"""`zxdeck --game moz tournament`: the core's round robin over MOZ's game adapter. Paired seats,
the same bytes for any --jobs, agent ladders, resume, and bad input in one line."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MOZ = ROOT / "examples" / "moz"
SHELL, FLAME, DUSK = (str(MOZ / f"{n}.txt") for n in ("shell_dragons", "flame_thunder", "dusk_minus"))


def moz(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "zxdeck", "--game", "moz", *args], capture_output=True,
                          text=True, timeout=300, cwd=ROOT)


def _no_time(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith("Time:"))


def test_tournament_same_bytes_for_any_jobs_and_paired_seats(tmp_path: Path) -> None:
    """R-3: seats swapped within each pair (the same seed twice); results do not depend on --jobs."""
    args = ("tournament", SHELL, FLAME, DUSK, "-n", "6", "--seed", "4", "--ai", "random")
    r1 = moz(*args, "--jobs", "1", "--out", str(tmp_path / "j1"))
    r2 = moz(*args, "--jobs", "2", "--out", str(tmp_path / "j2"))
    assert r1.returncode == 0 and r2.returncode == 0, r1.stderr + r2.stderr
    assert _no_time(r1.stdout) == _no_time(r2.stdout)
    assert "3 entrants, 6 games a pairing (paired seats), seed 4" in r1.stdout
    g1 = (tmp_path / "j1" / "games.jsonl").read_bytes()
    assert g1 == (tmp_path / "j2" / "games.jsonl").read_bytes()
    records = [json.loads(line) for line in g1.decode().splitlines()]
    assert len(records) == 3 * 6
    by_match: dict[str, list[dict]] = {}
    for r in records:
        by_match.setdefault(r["match"], []).append(r)
    assert set(by_match) == {"shell_dragons vs flame_thunder", "shell_dragons vs dusk_minus",
                             "flame_thunder vs dusk_minus"}
    for games in by_match.values():
        for even, odd in zip(games[::2], games[1::2]):
            assert even["seed"] == odd["seed"]
            assert even["seats"] == ["a", "b"] and odd["seats"] == ["b", "a"]
            assert even["reason"] and even["turns"] > 0
    manifest = json.loads((tmp_path / "j1" / "manifest.json").read_text())
    assert manifest["game"] == "moz" and manifest["kind"] == "tournament"
    assert len(manifest["catalog_sha256"]) == 64 and manifest["rules_revision"] >= 1
    assert [e["name"] for e in manifest["entrants"]] == ["shell_dragons", "flame_thunder", "dusk_minus"]
    assert all(e["digest"].startswith("sha256:") for e in manifest["entrants"])
    j1 = json.loads((tmp_path / "j1" / "result.json").read_text())
    j1.pop("timing")
    assert j1["games"][0][1] == 6 and j1["complete"]


def test_tournament_agent_ladder_json() -> None:
    r = moz("tournament", "--agents", "random,heuristic", "--deck", SHELL, "-n", "8", "--jobs", "1",
            "--format", "json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["entrants"] == ["random", "heuristic"]
    assert d["games"][0][1] == 8
    assert d["manifest"]["entrants"][1]["agent"] == {"spec": "heuristic", "name": "heuristic"}


def test_tournament_resume_finishes_the_run(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ("tournament", SHELL, FLAME, "-n", "6", "--ai", "random", "--jobs", "1")
    whole = moz(*args, "--out", str(out))
    assert whole.returncode == 0, whole.stderr
    games = out / "games.jsonl"
    full = games.read_bytes()
    games.write_bytes(b"".join(full.splitlines(keepends=True)[:3]))
    (out / "result.json").unlink()
    again = moz("tournament", "--resume", str(out), "--jobs", "1")
    assert again.returncode == 0, again.stderr
    assert games.read_bytes() == full
    assert _no_time(again.stdout) == _no_time(whole.stdout)


def test_tournament_bad_input_is_one_line() -> None:
    for args, message in [
        (("tournament", SHELL), "at least 2 entrants"),
        (("tournament", SHELL, FLAME, "--ai", "greedy"), "unknown MOZ agent 'greedy'"),
        (("tournament", "--agents", "random,heuristic"), "--agents needs --deck"),
        (("tournament", SHELL, str(ROOT / "examples/moz/illegal/broken_limits.txt")), "D-"),
    ]:
        r = moz(*args)
        assert r.returncode == 2, (args, r.stdout, r.stderr)
        assert message in r.stderr and "Traceback" not in r.stderr
        assert len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_sim_same_games_for_any_jobs_and_resume(tmp_path: Path) -> None:
    """`--game moz sim` on the core's run machinery: --out/--resume, the same games for any --jobs."""
    args = ("sim", SHELL, FLAME, "-n", "8", "--seed", "9", "--ai1", "random", "--ai2", "heuristic")
    r1 = moz(*args, "--jobs", "1", "--out", str(tmp_path / "j1"), "--format", "json")
    r2 = moz(*args, "--jobs", "2", "--format", "json")
    assert r1.returncode == 0 and r2.returncode == 0, r1.stderr + r2.stderr
    d1, d2 = json.loads(r1.stdout), json.loads(r2.stdout)
    assert d1.pop("timing")["workers"] == 1 and d2.pop("timing")["workers"] == 2
    assert d1 == d2 and d1["games"] == 8
    assert d1["a"]["deck"] == "shell_dragons.txt" and d1["manifest"]["game"] == "moz"
    games = tmp_path / "j1" / "games.jsonl"
    full = games.read_bytes()
    seats = [json.loads(line)["seats"] for line in full.decode().splitlines()]
    assert seats == [["a", "b"], ["b", "a"]] * 4  # paired seats (R-3 then picks the first player)
    games.write_bytes(b"".join(full.splitlines(keepends=True)[:3]))
    again = moz("sim", "--resume", str(tmp_path / "j1"), "--format", "csv")
    assert again.returncode == 0, again.stderr
    assert games.read_bytes() == full
    assert len(again.stdout.strip().splitlines()) == 1 + 8  # header and one row per game
    other = moz("sim", "--resume", str(tmp_path / "j1"), "--turn-limit", "50")
    assert other.returncode == 2 and "no longer matches its manifest (turn_limit" in other.stderr
