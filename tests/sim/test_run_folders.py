"""Run folders (`--out DIR`, `--resume DIR`) of sim and tournament, for Z/X and MOZ: a folder
from someone else can only be read or refused. Its manifest never runs a command (a `bot:`
agent is asked for again on the command line), a changed record or manifest is refused naming
the line or key, one writer per folder (a lock naming its holder)."""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
RED, BLUE = (str(ROOT / "examples" / "decks" / f"{c}.txt") for c in ("red", "blue"))
SHELL, FLAME = (str(ROOT / "examples" / "moz" / f"{n}.txt") for n in ("shell_dragons", "flame_thunder"))
SH_BOT = f"sh {ROOT / 'examples' / 'bots' / 'first_bot.sh'}"


def zx(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "zxdeck", *args], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)


def one_line_error(r: subprocess.CompletedProcess, *parts: str) -> None:
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    for part in parts:
        assert part in r.stderr, r.stderr


def rewrite_manifest(folder: Path, edit: Any) -> None:
    """Edit a run's manifest as an attacker would: and seal it again, as the tool does (its
    checksums are there against mistakes, not forgery): what a crafted folder may hold."""
    from zxdeck.sim.store import sealed, unsealed

    path = folder / "manifest.json"
    data = unsealed(json.loads(path.read_text(encoding="utf-8")))
    edit(data)
    path.write_text(json.dumps(sealed(data), ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


def unplayed(folder: Path) -> None:
    """As if the run had been interrupted before its first game."""
    (folder / "games.jsonl").write_bytes(b"")
    (folder / "result.json").unlink(missing_ok=True)


def marker_bot(tmp_path: Path) -> tuple[str, Path]:
    marker = tmp_path / "marker"
    return f"bot:sh -c {shlex.quote(f'touch {marker}')}", marker


# --- a manifest's bot is never run


SIM_RUNS = {
    "zx": (("sim", RED, BLUE, "--ai1", "random", "--ai2", "random"), ()),
    "moz": (("sim", SHELL, FLAME, "--ai1", "random", "--ai2", "random"), ("--game", "moz")),
}


def test_a_crafted_sim_manifest_with_a_bot_never_runs_it_for_either_game(tmp_path: Path) -> None:
    for game, (args, prefix) in SIM_RUNS.items():
        out = tmp_path / game
        made = zx(*prefix, *args, "-n", "2", "--jobs", "1", "--turn-limit", "4", "--out", str(out))
        assert made.returncode == 0, made.stderr
        bot, marker = marker_bot(tmp_path / game)
        (tmp_path / game).mkdir(exist_ok=True)

        def to_bot(m: dict[str, Any], bot: str = bot) -> None:
            m["b"]["agent"] = {"spec": bot, "name": "bot"}

        rewrite_manifest(out, to_bot)
        unplayed(out)
        r = zx(*prefix, "sim", "--resume", str(out), "--jobs", "1")
        one_line_error(r, "the run's --ai2 is a bot", "give --ai2 ", "again to resume it")
        assert not marker.exists(), game
        # a bot spelled the other way (bot --cmd ...) is a bot too
        rewrite_manifest(out, lambda m: m["b"].update(agent={"spec": "bot --cmd 'sh x'", "name": "x"}))
        one_line_error(zx(*prefix, "sim", "--resume", str(out)), "the run's --ai2 is a bot")


def test_a_crafted_tournament_manifest_with_a_bot_never_runs_it_for_either_game(
        tmp_path: Path) -> None:
    for game, prefix, decks in (("zx", (), (RED, BLUE)), ("moz", ("--game", "moz"), (SHELL, FLAME))):
        out = tmp_path / game
        made = zx(*prefix, "tournament", *decks, "--ai", "random", "-n", "2", "--jobs", "1",
                  "--turn-limit", "4", "--out", str(out))
        assert made.returncode == 0, made.stderr
        (tmp_path / game).mkdir(exist_ok=True)
        bot, marker = marker_bot(tmp_path / game)

        def to_bot(m: dict[str, Any], bot: str = bot) -> None:
            for e in m["entrants"]:
                e["agent"] = {"spec": bot, "name": "bot"}

        rewrite_manifest(out, to_bot)
        unplayed(out)
        r = zx(*prefix, "tournament", "--resume", str(out), "--jobs", "1")
        one_line_error(r, "the run has a bot", "give --ai ", "again to resume it")
        assert not marker.exists(), game
        r = zx(*prefix, "tournament", "--resume", str(out), "--ai", "random")
        one_line_error(r, "--ai does not match the run's agents")
        assert not marker.exists(), game


def test_resuming_a_run_with_a_bot_takes_it_again_from_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ("sim", RED, BLUE, "--ai1", f"bot:{SH_BOT}", "--ai2", "random", "-n", "4",
            "--turn-limit", "6", "--jobs", "1", "--format", "json")
    whole = zx(*args, "--out", str(out))
    assert whole.returncode == 0, whole.stderr
    games = out / "games.jsonl"
    full = games.read_bytes()
    games.write_bytes(b"".join(full.splitlines(keepends=True)[:1]))
    (out / "result.json").unlink()
    r = zx("sim", "--resume", str(out), "--format", "json")
    one_line_error(r, f"{out}: the run's --ai1 is a bot", f"give --ai1 {shlex.quote('bot:' + SH_BOT)}")
    r = zx("sim", "--resume", str(out), "--format", "json", "--ai1", "bot:sh other.sh")
    one_line_error(r, "cannot resume")
    r = zx("sim", "--resume", str(out), "--format", "json", "--ai1", f"bot:{SH_BOT}")
    assert r.returncode == 0, r.stderr
    assert games.read_bytes() == full
    first, again = json.loads(whole.stdout), json.loads(r.stdout)
    first.pop("timing"), again.pop("timing")
    assert first == again


def test_resuming_an_agent_ladder_with_a_bot_takes_the_list_again(tmp_path: Path) -> None:
    out = tmp_path / "run"
    agents = f"random,bot:{SH_BOT}"
    whole = zx("tournament", "--agents", agents, "--deck", RED, "-n", "2", "--turn-limit", "6",
               "--jobs", "1", "--out", str(out))
    assert whole.returncode == 0, whole.stderr
    unplayed(out)
    one_line_error(zx("tournament", "--resume", str(out)), "the run has a bot",
                   f"give --agents {shlex.quote(agents)}")
    one_line_error(zx("tournament", "--resume", str(out), "--agents", "random,random"),
                   "--agents does not match the run's agents")
    r = zx("tournament", "--resume", str(out), "--agents", agents)
    assert r.returncode == 0, r.stderr
    assert r.stdout == whole.stdout or "Ranking" in r.stdout
