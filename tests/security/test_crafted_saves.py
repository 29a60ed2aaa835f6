"""Issue 20 section 1: a save, a replay or a log from someone else can only be read or refused.

Every file here is crafted the way an attacker would: a terminal-game save whose opponent is
`bot:COMMAND` (the command would create a marker file), a save naming a `log` path (a file that
must stay as it is), a damaged save naming one, a log whose header carries an agent. Resuming,
replaying or viewing them never runs the command and never writes the path; each test fails if
the marker appears or the file changes (docs/SECURITY.md).
"""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path

import pytest
from cli_main import run_main as zx

ROOT = Path(__file__).resolve().parents[2]
RED, BLUE = str(ROOT / "examples" / "decks" / "red.txt"), str(ROOT / "examples" / "decks" / "blue.txt")
PRECIOUS = "precious data, not a log\n"


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("ZXDECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("ZXDECK_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ZXDECK_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.delenv("ZXDECK_CARDS", raising=False)


def marker_bot(marker: Path) -> str:
    """A command line that creates `marker` when it runs."""
    return shlex.join([sys.executable, "-c", f"open({str(marker)!r}, 'w').close()"])


@pytest.fixture(scope="module")
def saved(tmp_path_factory) -> dict:
    """The JSON of a real terminal-game save (a few moves against greedy, then end of input)."""
    path = tmp_path_factory.mktemp("save") / "g.json"
    code, out, err = zx("play", "--p1", RED, "--p2", BLUE, "--seed", "4", "--save", str(path),
                        stdin="1\n1\n")
    assert code == 0, out + err
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["actions"] and not data["end"]["over"]
    return data


def craft(tmp_path: Path, data: dict, name: str = "crafted.json", **play) -> Path:
    data = json.loads(json.dumps(data))
    data["play"].update(play)
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


@pytest.mark.parametrize("form", ["bot:{cmd}", "bot --cmd {quoted}", "  bot:{cmd}"])
def test_a_saved_bot_never_runs_on_resume(tmp_path, saved, form):
    """`play.ai` = bot:COMMAND: --resume refuses in one line naming --ai2 (exit 2), runs nothing."""
    marker = tmp_path / "ran"
    cmd = marker_bot(marker)
    save = craft(tmp_path, saved, ai=form.format(cmd=cmd, quoted=shlex.quote(cmd)))
    code, out, err = zx("play", "--resume", str(save))
    assert code == 2, out + err
    assert not marker.exists()
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "--ai2 'bot:COMMAND'" in lines[0] and "never starts a program" in lines[0]
    assert "Traceback" not in out + err
    # another agent given instead of a program is refused too; nothing ran
    code, out, err = zx("play", "--resume", str(save), "--ai2", "greedy")
    assert code == 2 and "--ai2 'bot:COMMAND'" in err and not marker.exists()


def test_a_bot_given_again_by_the_person_plays(tmp_path, saved):
    """The person's own --ai2 'bot:...' plays the resumed game; the saved command never runs."""
    marker, mine = tmp_path / "ran", tmp_path / "mine"
    save = craft(tmp_path, saved, ai="bot:" + marker_bot(marker))
    my_bot = f"bot:{shlex.join([sys.executable, str(ROOT / 'examples' / 'bots' / 'random_bot.py')])}"
    code, out, err = zx("play", "--resume", str(save), "--ai2", my_bot)
    assert code == 0, out + err
    assert not marker.exists() and not mine.exists()
    assert "--ai2" in out  # the resume command it prints carries the person's bot again
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["play"]["ai"] == my_bot


def test_a_game_against_greedy_keeps_its_opponent(tmp_path, saved):
    save = craft(tmp_path, saved)
    code, out, err = zx("play", "--resume", str(save), "--ai2", "random")
    assert code == 2 and "would change it" in err
    code, out, err = zx("play", "--resume", str(save), "--ai2", "bot:" + marker_bot(tmp_path / "x"))
    assert code == 2 and not (tmp_path / "x").exists()


def test_a_saved_log_path_is_never_written(tmp_path, saved):
    """`play.log` names a file: resuming leaves it as it is (with a note); the log goes only where
    the person's --log says now, written in full."""
    victim = tmp_path / "victim.txt"
    victim.write_text(PRECIOUS, encoding="utf-8")
    save = craft(tmp_path, saved, log=str(victim))
    code, out, err = zx("play", "--resume", str(save))
    assert code == 0, out + err
    assert victim.read_text(encoding="utf-8") == PRECIOUS
    said = " ".join((out + err).split())  # the note is wrapped to the screen
    assert "is not written" in said and "--log FILE" in said
    mine = tmp_path / "mine.jsonl"
    code, out, err = zx("play", "--resume", str(save), "--log", str(mine))
    assert code == 0, out + err
    assert victim.read_text(encoding="utf-8") == PRECIOUS
    events = [json.loads(x) for x in mine.read_text(encoding="utf-8").splitlines()]
    assert events[0]["seq"] == 0 and sum(e["event"] == "action" for e in events) == len(saved["actions"])
    assert f"--log {mine}" in out


@pytest.mark.parametrize("damage", ["bad_move", "bad_end", "bad_human", "bad_ai", "bad_play"])
def test_a_damaged_save_is_refused_before_anything_is_opened(tmp_path, saved, damage):
    """The whole save is checked (moves, final position, setup) before the --log file is opened or
    an agent made: a refused save leaves the person's --log file and the saved path untouched."""
    victim, mine = tmp_path / "victim.txt", tmp_path / "mine.jsonl"
    victim.write_text(PRECIOUS, encoding="utf-8")
    mine.write_text(PRECIOUS, encoding="utf-8")
    data = json.loads(json.dumps(saved))
    data["play"]["log"] = str(victim)
    if damage == "bad_move":
        data["actions"].append(["attack", 999, 999])
    elif damage == "bad_end":
        data["end"]["state"] = "0" * 16
    elif damage == "bad_human":
        data["play"]["human"] = 7
    elif damage == "bad_ai":
        data["play"]["ai"] = "nosuchagent"
    else:
        data["play"] = ["bot:" + marker_bot(tmp_path / "ran")]
    save = tmp_path / "damaged.json"
    save.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = zx("play", "--resume", str(save), "--log", str(mine))
    assert code == 2, out + err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in out + err
    assert victim.read_text(encoding="utf-8") == PRECIOUS
    assert mine.read_text(encoding="utf-8") == PRECIOUS
    assert not (tmp_path / "ran").exists()


def test_replays_read_a_crafted_save_and_log_only(tmp_path, saved):
    """`zxdeck replay` and `play --replay` of a save naming a bot and a log path: shown, nothing
    run, nothing written; a log whose header line carries such keys too."""
    marker, victim = tmp_path / "ran", tmp_path / "victim.txt"
    victim.write_text(PRECIOUS, encoding="utf-8")
    save = craft(tmp_path, saved, ai="bot:" + marker_bot(marker), log=str(victim))
    log = tmp_path / "g.jsonl"
    code, out, err = zx("play", "--replay", str(save), "--log", str(log), "-q")
    assert code == 0, out + err
    lines = log.read_text(encoding="utf-8").splitlines()
    head = json.loads(lines[0])
    head["play"] = {"ai": "bot:" + marker_bot(marker), "log": str(victim)}
    head["header"]["log"] = str(victim)
    log.write_text("\n".join([json.dumps(head)] + lines[1:]) + "\n", encoding="utf-8")
    for args in (["replay", str(save), "--all"], ["replay", str(log), "--all"],
                 ["replay", str(save), "--at", "1", "--all"], ["play", "--replay", str(save), "-q"]):
        code, out, err = zx(*args)
        assert code == 0, (args, out + err)
        assert not marker.exists() and victim.read_text(encoding="utf-8") == PRECIOUS


def test_saves_list_shows_a_crafted_agent_without_running_it(tmp_path, saved):
    folder = tmp_path / "data" / "saves"
    folder.mkdir(parents=True)
    marker = tmp_path / "ran"
    craft(folder, saved, ai="bot:" + marker_bot(marker) + " \x1b[2J\x1b]0;title\x07")
    code, out, err = zx("play", "--saves")
    assert code == 0 and "crafted.json" in out and not marker.exists()
    assert "\x1b" not in out and "\x07" not in out  # a terminal escape from the file is not sent


def test_every_agent_that_runs_a_program_is_known_as_one():
    """Every agent whose setting is a command line (`raw`, as bot:COMMAND) is one that a saved
    game never starts (zxdeck.untrusted.PROGRAM_AGENTS), in the registry of every game."""
    from zxdeck.agents import AGENTS
    from zxdeck.games.moz.agents import AGENTS as MOZ_AGENTS
    from zxdeck.untrusted import PROGRAM_AGENTS, program_agent

    raw = {name for name, info in AGENTS.items() if info.raw}
    assert raw and raw <= PROGRAM_AGENTS
    assert "bot" in MOZ_AGENTS and all(program_agent(f"{name}:x") for name in raw)
    assert not any(program_agent(name) for name, info in AGENTS.items() if not info.raw)
