"""The `bot` agent and `zxdeck bot` (docs/BOTS.md): a program in any language plays over JSON
Lines. The protocol's messages, hidden information, determinism, timeouts with the default move,
and every way a bot can misbehave (one clear error naming it, never a traceback)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from zxdeck.agents import AGENTS, make_agent, parse_agent, parse_agents
from zxdeck.agents import bot as botmod
from zxdeck.agents.bot import BotAgent, BotError, StreamChannel
from zxdeck.agents.match import play_game
from zxdeck.engine.synth import synthetic_deck

ROOT = Path(__file__).resolve().parents[2]
RED, BLUE = (str(ROOT / "examples" / "decks" / f"{c}.txt") for c in ("red", "blue"))
PY_BOT = f"{sys.executable} {ROOT / 'examples' / 'bots' / 'random_bot.py'}"
SH_BOT = f"sh {ROOT / 'examples' / 'bots' / 'first_bot.sh'}"
JS_BOT = f"node {ROOT / 'examples' / 'bots' / 'random_bot.mjs'}"
BAD_BOT = f"{sys.executable} {ROOT / 'tests' / 'agents' / 'bots' / 'misbehaving_bot.py'}"


def decks() -> tuple[Any, Any]:
    return synthetic_deck("red", "R"), synthetic_deck("blue", "B")


def zx(*args: str, **kw: Any) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "zxdeck", *args], capture_output=True, text=True,
                          timeout=300, cwd=kw.pop("cwd", ROOT), **kw)


class ThreadBot:
    """A bot in a thread at the other end of two pipes: records every message, answers with
    `policy(message)` (None: no answer)."""

    def __init__(self, policy: Any) -> None:
        r1, w1 = os.pipe()  # engine -> bot
        r2, w2 = os.pipe()  # bot -> engine
        self.to_bot = open(w1, "w", encoding="utf-8")  # noqa: SIM115
        self.from_engine = open(r1, encoding="utf-8")  # noqa: SIM115
        self.to_engine = open(w2, "w", encoding="utf-8")  # noqa: SIM115
        reader = open(r2, encoding="utf-8")  # noqa: SIM115
        self.channel = StreamChannel(reader, self.to_bot, "thread-bot")
        self.messages: list[dict[str, Any]] = []
        self.lines: list[str] = []
        self.policy = policy
        threading.Thread(target=self.run, daemon=True).start()

    def wait_for(self, kind: str) -> None:
        """Until the bot has read a message of type `kind` (or 10 s)."""
        for _ in range(1000):
            if self.messages and self.messages[-1]["type"] == kind:
                return
            threading.Event().wait(0.01)

    def run(self) -> None:
        for line in self.from_engine:
            self.lines.append(line)
            msg = json.loads(line)
            self.messages.append(msg)
            answer = self.policy(msg)
            if answer is not None:
                self.to_engine.write(json.dumps(answer) + "\n")
                self.to_engine.flush()


def polite(msg: dict[str, Any]) -> dict[str, Any] | None:
    if msg["type"] == "hello":
        return {"type": "ready", "name": "thread"}
    if msg["type"] == "observation":
        return {"action": len(msg["legal_actions"]) - 1}
    return None


def test_specs_of_the_bot_agent_read_and_print_back() -> None:
    spec = parse_agent("bot:python3 my bot.py --fast")
    assert spec.name == "bot" and dict(spec.settings) == {"cmd": "python3 my bot.py --fast"}
    assert spec.label == "bot:python3 my bot.py --fast" and parse_agent(spec.label) == spec
    spec = parse_agent("bot --cmd 'python3 b.py' --timeout 250")
    assert dict(spec.settings) == {"cmd": "python3 b.py", "timeout": 250}
    assert parse_agent(spec.label) == spec  # what a run's manifest keeps for --resume
    assert [s.label for s in parse_agents("random,bot:sh b.sh x=1,greedy")] == [
        "random", "bot:sh b.sh x=1", "greedy"]
    assert AGENTS["bot"].settings[1].default == 5000
    with pytest.raises(BotError, match="give the command"):
        make_agent("bot")
    with pytest.raises(BotError, match=r"cannot start 'no-such-program-zx': not found"):
        make_agent("bot:no-such-program-zx --x")
    with pytest.raises(Exception, match="timeout must be >= 0"):
        parse_agent("bot --cmd sh --timeout -1")


def test_messages_are_compact_lines_with_the_type_first_and_observations_hide_the_opponent() -> None:
    """What the protocol promises a bot: hello, one observation per decision of its own player
    (with the legal actions numbered from 0), game_over; hidden information stays hidden."""
    tb = ThreadBot(polite)
    bot = BotAgent(seed=42, channel=tb.channel, timeout=0)
    g = play_game(*decks(), (bot, "random"), seed=5)
    tb.wait_for("game_over")
    assert all(line.startswith('{"type":"') and ": " not in line[:12] for line in tb.lines)
    kinds = [m["type"] for m in tb.messages]
    assert kinds[0] == "hello" and kinds[-1] == "game_over"
    assert set(kinds[1:-1]) == {"observation"}
    hello = tb.messages[0]
    assert hello == {"type": "hello", "protocol": 1, "engine": "zxdeck", "version": hello["version"],
                     "player": 0, "seed": 42, "deadline_ms": None}
    obs = tb.messages[1:-1]
    assert [m["id"] for m in obs] == list(range(1, len(obs) + 1))
    assert bot.decisions == len(obs) and bot.timeouts == 0
    for m in obs:
        assert m["player"] == 0 and m["observation"]["viewer"] == 0
        assert m["decision"] == m["observation"]["decision"]
        legal = m["legal_actions"]
        assert [a["index"] for a in legal] == list(range(len(legal)))
        assert all(set(a) == {"index", "kind", "a", "b", "text"} and a["text"] for a in legal)
        mine, theirs = m["observation"]["players"]
        assert isinstance(mine["hand"], list) and isinstance(theirs["hand"], int)  # hidden hand
        assert theirs["hand_iids"] is None
    over = tb.messages[-1]
    result = "draw" if g.winner is None else "win" if g.winner == 0 else "loss"
    assert over == {"type": "game_over", "winner": g.winner, "result": result,
                    "reason": g.reason, "turns": g.turn}


def test_the_python_example_bot_replays_the_same_game_from_the_same_seed() -> None:
    """Determinism through the protocol: the example bot seeds itself from hello."""
    p1, p2 = decks()
    games = [play_game(p1, p2, (make_agent(f"bot:{PY_BOT}", 7), "random"), seed=11)
             for _ in range(2)]
    assert games[0].history == games[1].history and games[0].over
    other = play_game(p1, p2, (make_agent(f"bot:{PY_BOT}", 8), "random"), seed=11)
    assert other.history != games[0].history  # the seed reaches the bot


class LastButEveryEighth:
    """What a bot that answers the last action, but too late every 8th time, must amount to:
    the first legal action (the default move) at each 8th decision."""

    name = "reference"

    def __init__(self) -> None:
        self.n = 0

    def choose(self, g: Any) -> Any:
        self.n += 1
        acts = g.legal_actions()
        return acts[0] if self.n % 8 == 0 else acts[-1]


@pytest.mark.parametrize("mode", ["slow", "slow_ids"])
def test_a_late_answer_plays_the_first_action_is_counted_and_is_not_taken_for_the_next(
        mode: str) -> None:
    p1, p2 = decks()
    # the 8th answer comes after 1.4 s: late for its own deadline (1 s), in time for the next
    # question's (sent about 1 s after the 8th, so 2 s after it), whatever the machine's load
    bot = make_agent(f"bot --cmd '{BAD_BOT} {mode}' --timeout 1000", 3)
    g = play_game(p1, p2, (bot, "random"), seed=2, turn_limit=4)
    want = play_game(p1, p2, (LastButEveryEighth(), "random"), seed=2, turn_limit=4)
    assert g.history == want.history
    assert bot.timeouts == bot.decisions // 8 > 0


def test_a_bot_that_answers_at_once_is_not_a_timeout() -> None:
    p1, p2 = decks()
    bot = make_agent(f"bot --cmd '{BAD_BOT} last' --timeout 2000", 3)
    g = play_game(p1, p2, (bot, "random"), seed=2, turn_limit=6)
    assert bot.timeouts == 0 and bot.decisions > 10 and g.over


@pytest.mark.parametrize(("mode", "message"), [
    ("garbage", "answered observation 1 with 'I think I will attack', which is not JSON"),
    ("not_object", "answered observation 1 with '[0]', which is not a JSON object"),
    ("bad_index", "chose action 99 at observation 1, but the legal actions are 0-"),
    ("bad_type", '"action" must be the index of a legal action (an integer)'),
    ("crash", "exited with status 3 instead of answering observation 1 (its last error output: "
              "Traceback: something went wrong in the bot)"),
    ("no_ready", "answered hello with 'observation'; expected {\"type\":\"ready\"}"),
    ("protocol2", "speaks protocol 2; zxdeck speaks protocol 1"),
    ("gives_up", "gave up: out of ideas"),
])
def test_a_bot_breaking_the_protocol_is_one_error_naming_it(mode: str, message: str) -> None:
    bot = make_agent(f"bot:{BAD_BOT} {mode}", 0)
    with pytest.raises(BotError) as info:
        play_game(*decks(), (bot, "random"), seed=1)
    assert info.value.message.startswith(f"bot '{BAD_BOT} {mode}' (player 1): ")
    assert message in info.value.message
    assert bot.channel is None  # its program was stopped


def test_a_bot_that_never_says_ready_is_an_error_after_the_hello_deadline(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(botmod, "HELLO_TIMEOUT_MS", 100)
    bot = make_agent(f"bot --cmd '{BAD_BOT} silent_hello' --timeout 100", 0)
    with pytest.raises(BotError, match=r"no answer to hello within 100 ms"):
        play_game(*decks(), (bot, "random"), seed=1)


def test_the_engine_tells_the_bot_about_an_error_in_json() -> None:
    tb = ThreadBot(lambda m: {"type": "ready"} if m["type"] == "hello" else {"action": -1})
    bot = BotAgent(channel=tb.channel, timeout=0)
    with pytest.raises(BotError, match="chose action -1"):
        play_game(*decks(), (bot, "random"), seed=1)
    tb.wait_for("error")
    assert tb.messages[-1] == {"type": "error", "message": tb.messages[-1]["message"]}
    assert "chose action -1 at observation 1" in tb.messages[-1]["message"]


def test_sim_between_the_python_example_bot_and_random_is_reproducible() -> None:
    args = ("sim", RED, BLUE, "--ai1", f"bot:{PY_BOT}", "--ai2", "random", "-n", "4",
            "--seed", "3", "--format", "json")
    r1, r2 = zx(*args, "--jobs", "1"), zx(*args, "--jobs", "2")
    assert r1.returncode == 0 and r2.returncode == 0, r1.stderr + r2.stderr
    assert r1.stderr == ""  # no timeouts, no notes
    d1, d2 = json.loads(r1.stdout), json.loads(r2.stdout)
    d1.pop("timing"), d2.pop("timing")
    assert d1 == d2 and d1["games"] == 4
    assert d1["a"]["agent"] == f"bot:{PY_BOT}"


def test_tournament_of_agents_with_a_bot() -> None:
    r = zx("tournament", "--agents", f"random,bot:{SH_BOT}", "--deck", RED, "-n", "2",
           "--jobs", "1", "--format", "json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["entrants"] == ["random", f"bot:{SH_BOT}"]


def test_sim_reports_timeouts_and_errors_in_one_line() -> None:
    r = zx("sim", RED, BLUE, "--ai1", f"bot --cmd '{BAD_BOT} slow' --timeout 300", "-n", "2",
           "--jobs", "1", "--turn-limit", "3")
    assert r.returncode == 0, r.stderr
    assert "zxdeck: note: the agent of bot --cmd" in r.stderr
    assert "did not answer in time" in r.stderr and "in 2 games" in r.stderr
    r = zx("sim", RED, BLUE, "--ai2", f"bot:{BAD_BOT} garbage", "-n", "2", "--jobs", "1")
    assert r.returncode == 2
    assert r.stderr.startswith("zxdeck: error: game 0 (seed ")
    assert f"failed: bot '{BAD_BOT} garbage' (player 2): answered observation 1 with" in r.stderr
    assert "Traceback" not in r.stderr and r.stdout == ""
    r = zx("sim", RED, BLUE, "--ai1", "bot:./nope.sh", "-n", "2")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr == "zxdeck: error: bot './nope.sh': cannot start './nope.sh': not found\n"


def test_play_auto_with_the_shell_bot_and_the_same_game_through_zxdeck_bot() -> None:
    """`play --auto --ai1 bot:sh first_bot.sh` and a program driving `zxdeck bot` (always the
    first action) play the same game: the two directions speak the same protocol."""
    played = zx("play", "--auto", "--seed", "4", "--p1", RED, "--p2", BLUE, "--ai1",
                f"bot:{SH_BOT}", "--ai2", "random", "-q")
    assert played.returncode == 0, played.stderr
    answers = []
    proc = subprocess.Popen([sys.executable, "-m", "zxdeck", "bot", "--deck", RED, "--vs", BLUE,
                             "--ai", "random", "--seed", "4"], cwd=ROOT, text=True,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdin is not None and proc.stdout is not None
    for line in proc.stdout:
        msg = json.loads(line)
        answers.append(msg)
        if msg["type"] in ("hello", "observation"):
            proc.stdin.write('{"action":0}\n' if msg["type"] == "observation" else "{}\n")
            proc.stdin.flush()
    proc.stdin.close()
    assert proc.wait(timeout=60) == 0
    over = answers[-1]
    winner = "draw" if over["winner"] is None else f"p{over['winner'] + 1}"
    assert played.stdout == f"winner: {winner} ({over['reason']}) turns: {over['turns']}\n"
    assert proc.stderr is not None
    assert proc.stderr.read().startswith("zxdeck: bot as p1: 1 game, won ")


def test_zxdeck_bot_errors_go_to_stderr_and_to_the_bot_as_json() -> None:
    r = zx("bot", "--deck", RED, "--vs", BLUE, input='{"type":"ready"}\nnonsense\n')
    assert r.returncode == 2
    last = json.loads(r.stdout.splitlines()[-1])
    assert last["type"] == "error" and "which is not JSON" in last["message"]
    assert r.stderr.startswith("zxdeck: error: bot stdin/stdout (player 1): answered observation 1")
    r = zx("bot", "--deck", RED, "--vs", BLUE, input="")
    assert r.returncode == 2
    assert r.stderr == ("zxdeck: error: bot stdin/stdout (player 1): closed its output (end of "
                        "file) instead of answering hello\n")


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_javascript_example_bot_plays_and_replays() -> None:
    args = ("play", "--auto", "--seed", "2", "--p1", RED, "--p2", BLUE, "--ai1", "greedy",
            "--ai2", f"bot:{JS_BOT}", "-q")
    r1, r2 = zx(*args), zx(*args)
    assert r1.returncode == 0, r1.stderr
    assert r1.stdout == r2.stdout and r1.stdout.startswith("winner: ")
