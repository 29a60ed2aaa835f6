"""`zxdeck optimize --out/--resume/--card-stats` (Z/X and MOZ): a race stopped after some games
(its games.jsonl cut at several points, or a real Ctrl-C) and resumed prints the same ranking,
byte for byte, as a race never stopped, for --jobs 1 and --jobs 2; the card statistics are those
of the games the race used; a resumed run never runs a manifest's bot unless it is typed again."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "examples" / "decks"
MOZ = ROOT / "examples" / "moz"
RED, BLUE = str(DECKS / "red.txt"), str(DECKS / "blue.txt")
TRIES = ["--try", "-2 火の粉払い +2 紅蓮の業火", "--try", "-1 火の粉払い +1 紅蓮の業火",
         "--try", "-1 無いカード +1 火の粉払い"]  # the last one is illegal: listed again on resume


def zx(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "zxdeck", *args], capture_output=True, text=True,
                          timeout=300, cwd=cwd)


def cut(run: Path, to: Path, lines: int) -> None:
    """A copy of the run folder `run` as if it had been stopped after its first `lines` games."""
    shutil.copytree(run, to)
    (to / "result.json").unlink()
    (to / "run.lock").unlink(missing_ok=True)
    kept = (run / "games.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)[:lines]
    (to / "games.jsonl").write_text("".join(kept), encoding="utf-8")


def test_a_resumed_race_ranks_byte_for_byte_as_one_never_stopped(tmp_path: Path) -> None:
    run = tmp_path / "run"
    args = ["optimize", RED, *TRIES, "--field", BLUE, "-n", "12", "--card-stats"]
    whole = zx(*args, "--jobs", "1", "--out", str(run))
    assert whole.returncode == 0, whole.stderr
    assert "left out (illegal): -1 無いカード +1 火の粉払い" in whole.stdout
    assert "Cards of original" in whole.stdout and "Cards of -2 火の粉払い +2 紅蓮の業火" in whole.stdout
    two = zx(*args, "--jobs", "2")
    assert two.returncode == 0 and two.stdout == whole.stdout  # nothing depends on the workers
    manifest = json.loads((run / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["kind"] == "optimize" and manifest["card_stats"] is True
    assert manifest["changes"] == [TRIES[1], TRIES[3], TRIES[5]]
    result = (run / "result.json").read_text(encoding="utf-8")
    d = json.loads(result)
    games = (run / "games.jsonl").read_text(encoding="utf-8").splitlines()
    assert d["games_played"] == len(games) < d["full_budget"]
    # the card statistics are those of the games each deck played in the race
    per_deck = {c["deck"]: c["games"] for c in d["card_stats"]}
    assert per_deck == {"original": d["original"]["games"],
                        **{r["candidate"]: r["games"] for r in d["ranking"]}}
    for lines in (0, 1, 7, 20, len(games) - 1, len(games)):
        part = tmp_path / f"cut{lines}"
        cut(run, part, lines)
        again = zx("optimize", "--resume", str(part), "--jobs", "2" if lines % 2 else "1")
        assert again.returncode == 0, again.stderr
        assert again.stdout == whole.stdout, lines
        assert (part / "result.json").read_text(encoding="utf-8") == result, lines
        assert len((part / "games.jsonl").read_text(encoding="utf-8").splitlines()) == len(games)


def test_a_race_stopped_with_ctrl_c_resumes_to_the_same_ranking(tmp_path: Path) -> None:
    run = tmp_path / "run"
    args = ["optimize", RED, *TRIES[:4], "--field", BLUE, "-n", "200", "--format", "json"]
    proc = subprocess.Popen([sys.executable, "-m", "zxdeck", *args, "--jobs", "1", "--out", str(run)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    games = run / "games.jsonl"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if games.exists() and games.read_bytes().count(b"\n") >= 20:
            break
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert f"resume with: zxdeck optimize --resume {run}" in err
    assert json.loads(out)["stopped"] == "interrupted"
    assert not (run / "result.json").exists()
    resumed = zx("optimize", "--resume", str(run), "--jobs", "2", "--format", "json")
    assert resumed.returncode == 0, resumed.stderr
    page = tmp_path / "resumed.html"
    assert zx("optimize", "--resume", str(run), "--html", str(page)).returncode == 0
    # the page of a resumed race names the command that plays its games, not the --resume
    command = page.read_text(encoding="utf-8").split('<pre id="command">')[1].split("</pre>")[0]
    assert command.startswith("zxdeck optimize ") and "--resume" not in command and "--out" not in command
    assert "-n 200" in command and "--jobs" not in command
    whole = zx(*args, "--jobs", "1")
    assert whole.returncode == 0 and resumed.stdout == whole.stdout
    assert json.loads(whole.stdout)["stopped"] != "interrupted"


def test_resume_refusals(tmp_path: Path) -> None:
    run = tmp_path / "run"
    bot = f"bot:{sys.executable} {ROOT / 'examples' / 'bots' / 'random_bot.py'}"
    r = zx("optimize", RED, *TRIES[:2], "-n", "2", "--jobs", "1", "--field-ai", bot, "--out", str(run))
    assert r.returncode == 0, r.stderr
    r = zx("optimize", "--resume", str(run))
    assert r.returncode == 2 and "--field-ai is a bot" in r.stderr and "Traceback" not in r.stderr
    r = zx("optimize", "--resume", str(run), "--field-ai", bot)
    assert r.returncode == 0, r.stderr
    r = zx("optimize", "--resume", str(run), "--field-ai", bot, "--card-stats")
    assert r.returncode == 2 and "played without --card-stats" in r.stderr
    r = zx("optimize", RED, "--resume", str(run))
    assert r.returncode == 2 and "give none of them" in r.stderr
    r = zx("optimize", RED, *TRIES[:2], "-n", "2", "--out", str(run))
    assert r.returncode == 2 and "already holds a run" in r.stderr
    sim = tmp_path / "sim"
    assert zx("sim", RED, BLUE, "-n", "2", "--jobs", "1", "--out", str(sim)).returncode == 0
    r = zx("optimize", "--resume", str(sim))
    assert r.returncode == 2 and f"holds a Z/X sim run: use zxdeck sim --resume {sim}" in r.stderr
    r = zx("optimize")
    assert r.returncode == 2 and "give a deck" in r.stderr


def test_moz_optimize_resumes_the_same(tmp_path: Path) -> None:
    run = tmp_path / "run"
    args = ["--game", "moz", "optimize", str(MOZ / "shell_dragons.txt"), "--try", "-1 潮騒の竜 +1 紅蓮の甲虫",
            "--try", "-1 珊瑚の狼 +1 深淵の狼", "-n", "6", "--ai", "random", "--card-stats"]
    whole = zx(*args, "--out", str(run))
    assert whole.returncode == 0, whole.stderr
    assert "Cards of original" in whole.stdout
    lines = (run / "games.jsonl").read_text(encoding="utf-8").count("\n")
    part = tmp_path / "part"
    cut(run, part, lines // 2)
    again = zx("--game", "moz", "optimize", "--resume", str(part), "--jobs", "2")
    assert again.returncode == 0, again.stderr
    assert again.stdout == whole.stdout
    r = zx("optimize", "--resume", str(run))  # Z/X's optimize on a MOZ run
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert f"holds a MOZ optimize run: use zxdeck --game moz optimize --resume {run}" in r.stderr
    r = zx("--game", "moz", "optimize", "--resume", str(tmp_path / "nothing"))
    assert r.returncode == 2 and "no manifest.json" in r.stderr


def test_stored_games_are_checked_before_the_race_takes_them() -> None:
    """A resumed race takes a stored game only as the next game of its match, on its seed;
    a stored game the race never asks for is named (the folder holds another run)."""
    import pytest

    from zxdeck.analysis.optimize import RoundRunner
    from zxdeck.errors import ZxError
    from zxdeck.sim.core import Match
    from zxdeck.sim.seeds import game_seed
    from zxdeck.sim.stats import Tally

    m = Match(None, 7, 2, "original vs blue")  # type: ignore[arg-type]
    good = [{"match": m.key, "index": i, "seed": game_seed(7, i), "winner": "a", "first": "a",
             "turns": 3, "decisions": 9} for i in range(3)]
    runner = RoundRunner("local", 1, stored=good)
    taken = runner._take_stored(m, Tally())
    assert [r["index"] for r in taken] == [0, 1]  # the round's 2 games, the third one kept
    assert runner.leftover() == "games.jsonl: line 3"
    with pytest.raises(ZxError, match="line 1: expected game 0 of original vs blue, found 1"):
        RoundRunner("local", 1, stored=good[1:])._take_stored(m, Tally())
    with pytest.raises(ZxError, match="line 2: game 1 of original vs blue has seed 5, not this run's"):
        RoundRunner("local", 1, stored=[good[0], {**good[1], "seed": 5}])._take_stored(m, Tally())
    with pytest.raises(ZxError, match="line 1: not a game record of this run"):
        RoundRunner("local", 1, stored=[{**good[0], "winner": "c"}])._take_stored(m, Tally())
    whole = RoundRunner("local", 1, stored=good[:2])
    assert len(whole._take_stored(m, Tally())) == 2 and whole.leftover() is None
