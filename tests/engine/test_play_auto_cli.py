"""`zxdeck play` (INTERFACES.md section 5)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden"
ROOT = Path(__file__).resolve().parents[2]
KEYS = {"deck", "hand", "life", "resource", "charge", "trash", "field", "dunamis_down", "dunamis_up", "pending"}


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "zxdeck", "--cards", str(GOLDEN / "cards.yaml"), *args],
                          capture_output=True, text=True, timeout=120)


def test_play_auto_prints_and_logs(tmp_path) -> None:
    log = tmp_path / "game.jsonl"
    r = run("play", "--auto", "--seed", "1", "--p1", str(GOLDEN / "red.txt"), "--p2", str(GOLDEN / "blue.txt"),
            "--log", str(log))
    assert r.returncode == 0, r.stderr
    assert "ターン 1" in r.stdout and "対戦終了" in r.stdout
    lines = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    assert [x["seq"] for x in lines] == list(range(len(lines)))
    events = {x["event"] for x in lines}
    assert {"game_start", "turn_start", "draw", "resource", "play", "attack", "turn_end", "game_over"} <= events
    for x in lines:
        assert {"seq", "turn", "active", "phase", "event", "state"} <= set(x)
        assert x["active"] in ("p1", "p2")
        assert set(x["state"]) == {"p1", "p2"} and set(x["state"]["p1"]) == KEYS
        # INTERFACES 5: at every event a player's counts add up to their main deck plus dunamis
        assert lines[0]["event"] == "header" and lines[1]["event"] == "setup"  # a --log begins with its header
        setup = lines[1]["cards"]
        for who in ("p1", "p2"):
            assert sum(x["state"][who].values()) == len(setup[who]["deck"]) + len(setup[who]["dunamis"])
    assert lines[-1]["event"] == "game_over" and lines[-1]["winner"] in ("p1", "p2", None)
    assert lines[-1]["reason"]


def test_play_same_seed_same_game() -> None:
    args = ("play", "--auto", "--seed", "5", "--p1", str(GOLDEN / "white.txt"), "--p2", str(GOLDEN / "green.txt"),
            "--ai1", "random", "--ai2", "greedy")
    assert run(*args).stdout == run(*args).stdout


def test_play_turn_limit_draw(tmp_path) -> None:
    log = tmp_path / "g.jsonl"
    r = run("play", "--auto", "--seed", "3", "--p1", str(GOLDEN / "red.txt"), "--p2", str(GOLDEN / "blue.txt"),
            "--turn-limit", "1", "--log", str(log), "-q")
    assert r.returncode == 0
    last = json.loads(log.read_text(encoding="utf-8").splitlines()[-1])
    assert last["winner"] is None and last["reason"] == "turn_limit"


def test_play_illegal_deck_refused_unless_allowed(tmp_path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("4 ZX01-018\n" + (GOLDEN / "red.txt").read_text(encoding="utf-8"), encoding="utf-8")
    r = run("play", "--auto", "--p1", str(bad), "--p2", str(GOLDEN / "blue.txt"))
    assert r.returncode == 1 and "main-size" in r.stderr and "Traceback" not in r.stderr
    r = run("play", "--auto", "--allow-illegal", "-q", "--p1", str(bad), "--p2", str(GOLDEN / "blue.txt"))
    assert r.returncode == 0 and "winner" in r.stdout


def test_play_without_auto_saves_the_game_when_input_ends(tmp_path) -> None:
    """Without --auto a person plays; end of input saves the game in the user's data folder
    (never the current directory) and prints how to resume it, from any directory."""
    import os

    env = {**os.environ, "ZXDECK_DATA_DIR": str(tmp_path / "data"),
           "ZXDECK_CONFIG_DIR": str(tmp_path / "config")}
    here = tmp_path / "here"
    here.mkdir()
    r = subprocess.run(
        [sys.executable, "-m", "zxdeck", "--cards", str(GOLDEN / "cards.yaml"), "play",
         "--p1", str(GOLDEN / "red.txt"), "--p2", str(GOLDEN / "blue.txt")],
        capture_output=True, text=True, timeout=120, cwd=here, stdin=subprocess.DEVNULL, env=env,
    )
    assert r.returncode == 0, r.stderr
    assert not list(here.iterdir())
    saved = list((tmp_path / "data" / "saves").glob("zxdeck-game-*.json"))
    assert len(saved) == 1
    assert f"zxdeck play --resume {saved[0]}" in r.stdout
    assert "Traceback" not in r.stdout + r.stderr


def test_play_unknown_agent_and_missing_deck() -> None:
    r = run("play", "--auto", "--ai1", "alphazero", "--p1", str(GOLDEN / "red.txt"), "--p2", str(GOLDEN / "blue.txt"))
    assert r.returncode == 2 and "unknown agent" in r.stderr
    r = run("play", "--auto", "--p1", "nope.txt", "--p2", str(GOLDEN / "blue.txt"))
    assert r.returncode == 2 and "Traceback" not in r.stderr


def test_play_save_and_replay(tmp_path) -> None:
    from zxdeck.catalog import load_catalog
    from zxdeck.engine.replay import load

    save = tmp_path / "g.json"
    r = run("play", "--auto", "-q", "--seed", "8", "--p1", str(GOLDEN / "red.txt"), "--p2", str(GOLDEN / "blue.txt"),
            "--save", str(save))
    assert r.returncode == 0
    g = load(save, load_catalog(GOLDEN / "cards.yaml"))
    assert g.is_over() and f"turns: {g.turn}" in r.stdout


def test_play_replay_reproduces_the_log(tmp_path) -> None:
    """--save then --replay: the same narration and the same JSON Lines log."""
    save, log1, log2 = tmp_path / "g.json", tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a = run("play", "--auto", "--seed", "9", "--ai1", "random", "--p1", str(GOLDEN / "green.txt"),
            "--p2", str(GOLDEN / "white.txt"), "--save", str(save), "--log", str(log1))
    b = run("play", "--replay", str(save), "--log", str(log2))
    assert a.returncode == 0 and b.returncode == 0, b.stderr
    assert a.stdout == b.stdout and log1.read_text() == log2.read_text()
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "zxdeck-replay-1", "seed": 1}')
    r = run("play", "--replay", str(bad))
    assert r.returncode == 2 and "damaged saved game" in r.stderr
