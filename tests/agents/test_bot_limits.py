"""A bot cannot hang or crash a run (docs/BOTS.md, "A bot that misbehaves"): every exchange is
bounded in time and size, writes too; the bot is ended with its whole process group; the error
is one line naming the bot and the question; Ctrl-C always stops a run. Each misbehaving bot is
a mode of tests/agents/bots/misbehaving_bot.py, with short deadlines so that each test is fast."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from zxdeck.agents import make_agent
from zxdeck.agents.bot import MAX_LINE, BotError
from zxdeck.agents.match import play_game
from zxdeck.engine.synth import synthetic_deck

ROOT = Path(__file__).resolve().parents[2]
RED, BLUE = (str(ROOT / "examples" / "decks" / f"{c}.txt") for c in ("red", "blue"))
BAD_BOT = f"{sys.executable} {ROOT / 'tests' / 'agents' / 'bots' / 'misbehaving_bot.py'}"

pytestmark = pytest.mark.skipif(os.name != "posix", reason="the bounded pipes are POSIX's")


def decks():
    return synthetic_deck("red", "R"), synthetic_deck("blue", "B")


def alive(pid: int) -> bool:
    """Whether process `pid` runs (a zombie, dead but not yet reaped, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")


def gone(pids: list[int], within: float = 5.0) -> bool:
    end = time.monotonic() + within
    while time.monotonic() < end:
        if not any(alive(p) for p in pids):
            return True
        time.sleep(0.05)
    return False


def pids_in(path: Path, n: int, within: float = 60.0) -> list[int]:
    end = time.monotonic() + within
    while time.monotonic() < end:
        if path.exists():
            pids = [int(x) for x in path.read_text().split()]
            if len(pids) >= n:
                return pids
        time.sleep(0.05)
    raise AssertionError(f"{path}: fewer than {n} bots started")


def fails(mode: str, timeout_ms: int = 300) -> tuple[str, float]:
    """Play a game against the misbehaving bot `mode`: its error (one line) and the seconds."""
    bot = make_agent(f"bot --cmd '{BAD_BOT} {mode}' --timeout {timeout_ms}", 0)
    t = time.monotonic()
    with pytest.raises(BotError) as info:
        play_game(*decks(), (bot, "random"), seed=1)
    seconds = time.monotonic() - t
    message = info.value.message
    assert message.startswith(f"bot '{BAD_BOT} {mode}' (player 1): "), message
    assert "\n" not in message and bot.channel is None  # one line; its program was stopped
    return message, seconds


def test_a_bot_that_stops_reading_its_input_cannot_hold_a_write() -> None:
    message, seconds = fails("deaf")
    assert "stopped reading its input (observation message " in message
    assert "could not be sent within 300 ms" in message
    assert seconds < 30


def test_half_a_line_then_nothing_is_an_error_after_the_deadline() -> None:
    message, seconds = fails("half")
    assert "sent half a line ('{\"act') and nothing more within 300 ms while answering " \
           "observation 1" in message
    assert seconds < 10


def test_a_100_mb_answer_without_a_newline_is_refused_at_1_mib() -> None:
    message, seconds = fails("flood", 5000)
    assert f"sent a line longer than {MAX_LINE} bytes while answering observation 1" in message
    assert seconds < 20


def test_a_100_mb_answer_costs_no_more_memory_than_a_line() -> None:
    """In a process of its own (the most memory it ever used is then this game's)."""
    code = f"""
import resource
from zxdeck.agents import make_agent
from zxdeck.agents.bot import BotError
from zxdeck.agents.match import play_game
from zxdeck.engine.synth import synthetic_deck
d = synthetic_deck("red", "R"), synthetic_deck("blue", "B")
play_game(*d, (make_agent("random", 0), "random"), seed=1)
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
try:
    play_game(*d, (make_agent("bot --cmd '{BAD_BOT} flood' --timeout 5000", 0), "random"), seed=1)
except BotError as exc:
    print(exc)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before)
"""
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                       cwd=ROOT)
    assert r.returncode == 0, r.stderr
    error, grown_kib = r.stdout.strip().splitlines()
    assert "sent a line longer than" in error
    assert int(grown_kib) < 40 * 1024  # was 390 MB for 100 MB


def test_json_nested_100000_levels_is_one_line_naming_the_bot_and_the_question() -> None:
    message, _ = fails("deep", 5000)
    assert "answered observation 1 with JSON nested too deeply ('[[[[" in message
    assert "RecursionError" not in message


def test_a_doubled_answer_is_not_taken_for_the_next_question() -> None:
    message, _ = fails("double", 5000)
    assert ("answered observation 1 twice: the second line '{\"action\": 0}' came when no "
            "question was open") in message


def test_a_child_the_bot_forked_holding_its_pipes_ends_with_the_game(tmp_path: Path) -> None:
    pidfile = tmp_path / "pids"
    bot = make_agent(f"bot --cmd '{BAD_BOT} forks {pidfile}' --timeout 5000", 0)
    t = time.monotonic()
    g = play_game(*decks(), (bot, "random"), seed=1, turn_limit=4)
    assert g.is_over() and time.monotonic() - t < 30
    (child,) = pids_in(pidfile, 1)
    assert gone([child])


def test_a_misbehaving_bot_in_sim_stops_the_run_naming_the_game_and_the_bot() -> None:
    r = subprocess.run([sys.executable, "-m", "zxdeck", "sim", RED, BLUE, "-n", "2", "--jobs", "1",
                        "--ai2", f"bot --cmd '{BAD_BOT} half' --timeout 300"],
                       capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.startswith("zxdeck: error: game 0 (seed "), r.stderr
    assert f"bot '{BAD_BOT} half' (player 2): sent half a line" in r.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_a_run_whose_bots_never_answer(tmp_path: Path, jobs: str) -> None:
    """Bots that wait for ever (--timeout 0) in every game in progress: one Ctrl-C stops the
    run with --jobs 1; with workers the first asks them to finish their games and the second
    ends them. The bots are ended with it."""
    pidfile = tmp_path / "pids"
    proc = subprocess.Popen(
        [sys.executable, "-m", "zxdeck", "sim", RED, BLUE, "-n", "8", "--jobs", jobs,
         "--ai1", f"bot --cmd '{BAD_BOT} mute {pidfile}' --timeout 0"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        bots = pids_in(pidfile, int(jobs))
        time.sleep(0.5)  # each is waited on
        proc.send_signal(signal.SIGINT)
        if jobs != "1":
            time.sleep(1.0)
            assert proc.poll() is None  # its workers are finishing their games
            proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130, err
    assert "zxdeck: interrupted after 0 new games" in err and "Traceback" not in err
    assert gone(bots)


def children(pid: int) -> list[int]:
    out = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == pid:
            out.append(int(stat.parent.name))
    return out


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_kill_9_of_sim_ends_its_workers_and_their_bots(tmp_path: Path) -> None:
    pidfile = tmp_path / "pids"
    proc = subprocess.Popen(
        [sys.executable, "-m", "zxdeck", "sim", RED, BLUE, "-n", "8", "--jobs", "2",
         "--ai1", f"bot --cmd '{BAD_BOT} mute {pidfile}' --timeout 0"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        bots = pids_in(pidfile, 2)
        workers = [p for p in children(proc.pid) if p not in bots]
        assert len(workers) >= 2
        proc.kill()
        proc.wait(timeout=10)
        assert gone(workers + bots, within=10)
    finally:
        if proc.poll() is None:
            proc.kill()
