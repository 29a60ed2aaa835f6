"""The bot protocol (docs/BOTS.md) over the game API, with MOZ: the example Python bot as an
agent of `--game moz sim`, and `--game moz bot` driven by a program through its pipes. The
observations a bot gets hide the opponent's hand (N-3); the same seed gives the same match (N-4)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from zxdeck.agents.random_agent import RandomAgent
from zxdeck.games import adapter
from zxdeck.games.moz.catalog.loader import open_catalog
from zxdeck.sim.seeds import agent_seed

ROOT = Path(__file__).resolve().parents[2]
SHELL = "examples/moz/shell_dragons.txt"
DUSK = "examples/moz/dusk_minus.txt"
BOT = f"bot:{sys.executable} examples/bots/random_bot.py"


def moz(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "zxdeck", "--game", "moz", *args], capture_output=True,
                          text=True, timeout=300, cwd=ROOT, **kw)


def test_sim_with_the_python_example_bot_is_reproducible() -> None:
    """N-4: the bot seeds itself from hello, so the same run gives the same games."""
    args = ("sim", SHELL, DUSK, "-n", "4", "--ai1", "random", "--ai2", BOT, "--format", "json")
    r1, r2 = moz(*args), moz(*args)
    assert r1.returncode == 0, r1.stderr
    d1, d2 = json.loads(r1.stdout), json.loads(r2.stdout)
    d1.pop("timing"), d2.pop("timing")
    assert d1 == d2
    assert d1["games"] == 4 and d1["a"]["wins"] + d1["b"]["wins"] + d1["draws"] == 4
    assert d1["b"]["agent"] == BOT


def test_tournament_of_agents_with_a_bot() -> None:
    r = moz("tournament", "--agents", f"random,{BOT}", "--deck", SHELL, "-n", "2", "--format", "json",
            "--jobs", "1")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["entrants"] == ["random", BOT]


HOST = """
import json, subprocess, sys
zx = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
for line in zx.stdout:
    msg = json.loads(line)
    print(line, end="", flush=True)
    if msg["type"] == "hello":
        zx.stdin.write(json.dumps({"type": "ready", "name": "first"}) + "\\n")
    elif msg["type"] == "observation":
        zx.stdin.write(json.dumps({"id": msg["id"], "action": 0}) + "\\n")
    zx.stdin.flush()
zx.stdin.close()
sys.exit(zx.wait())
"""


def test_zxdeck_moz_bot_through_its_pipes_plays_the_same_match_as_the_engine() -> None:
    """N-3: each observation shows the bot's own hand and only the size of the opponent's;
    N-4: the match is the one the engine plays with the same seed and choices."""
    cmd = [sys.executable, "-m", "zxdeck", "--game", "moz", "bot", "--deck", SHELL, "--vs", DUSK,
           "--ai", "random", "--seed", "5", "--seat", "p2"]
    done = subprocess.run([sys.executable, "-c", HOST, *cmd], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    messages = [json.loads(line) for line in done.stdout.splitlines()]
    hello, *middle, over = messages
    assert hello["type"] == "hello" and hello["game"] == "moz" and hello["player"] == 1
    observations = [m for m in middle if m["type"] == "observation"]
    assert observations and len(observations) == len(middle)
    for m in observations:
        assert m["player"] == 1 and m["prompt"]
        players = m["observation"]["players"]
        assert isinstance(players[1]["hand"], list) and isinstance(players[0]["hand"], int)
        assert players[0]["hand_iids"] is None
        assert [a["index"] for a in m["legal_actions"]] == list(range(len(m["legal_actions"])))
        assert all(a["text"] for a in m["legal_actions"])
    assert over["type"] == "game_over"
    assert "bot as p2: 1 match" in done.stderr

    class First:
        def choose(self, game):  # noqa: ANN001, ANN202
            return game.legal_actions()[0]

    rules = adapter("moz")
    catalog = open_catalog(None)
    p1 = rules.load_deck(str(ROOT / DUSK), catalog).setup
    p2 = rules.load_deck(str(ROOT / SHELL), catalog).setup
    game = rules.new_game(p1, p2, 5, rules.default_turn_limit)
    agents = [RandomAgent(agent_seed(5, 0)), First()]
    while not game.is_over():
        game.apply(agents[game.current_player()].choose(game))
    assert over["winner"] == game.winner and over["turns"] == game.turn
    assert over["reason"] == game.reason
    assert over["result"] == ("win" if game.winner == 1 else "loss" if game.winner == 0 else "draw")
    assert sum(1 for a in game.history if a) >= len(observations)


def test_a_bot_breaking_the_protocol_is_one_error_line() -> None:
    bad = f"bot:{sys.executable} -c \"import sys; sys.stdin.readline(); print('hello?', flush=True)\""
    r = moz("sim", SHELL, DUSK, "-n", "2", "--ai2", bad)
    assert r.returncode == 2
    assert "which is not JSON" in r.stderr and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1, r.stderr
    r = moz("sim", SHELL, DUSK, "-n", "2", "--ai2", "bot:no-such-program-here")
    assert r.returncode == 2 and "cannot start 'no-such-program-here'" in r.stderr
