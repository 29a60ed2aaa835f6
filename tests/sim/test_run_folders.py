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


# --- a changed record or manifest is refused, naming the line or key


def finished_run(tmp_path: Path, name: str = "run") -> tuple[Path, subprocess.CompletedProcess]:
    out = tmp_path / name
    r = zx("sim", RED, BLUE, "--ai1", "random", "--ai2", "random", "-n", "4", "--turn-limit", "6",
           "--jobs", "1", "--format", "json", "--out", str(out))
    assert r.returncode == 0, r.stderr
    (out / "result.json").unlink()  # as if interrupted after its last game
    return out, r


def edit_line(out: Path, n: int, edit: Any) -> None:
    games = out / "games.jsonl"
    lines = games.read_text(encoding="utf-8").splitlines(keepends=True)
    rec = json.loads(lines[n - 1])
    edit(rec)
    lines[n - 1] = json.dumps(rec) + "\n"
    games.write_text("".join(lines), encoding="utf-8")


def test_a_record_edited_by_hand_is_refused_naming_its_line(tmp_path: Path) -> None:
    out, whole = finished_run(tmp_path)
    games = out / "games.jsonl"
    original = games.read_bytes()
    edits = {
        "winner": (2, lambda r: r.update(winner="b" if r["winner"] == "a" else "a")),
        "turns": (3, lambda r: r.update(turns=r["turns"] + 1)),
        "seats": (1, lambda r: r.update(seats=r["seats"][::-1])),
        "a new key": (4, lambda r: r.update(note="x")),
    }
    for what, (n, edit) in edits.items():
        games.write_bytes(original)
        edit_line(out, n, edit)
        r = zx("sim", "--resume", str(out), "--format", "json")
        one_line_error(r, f"games.jsonl: line {n}: changed since the run wrote it")
        assert r.stdout == "", what
    lines = original.splitlines(keepends=True)
    for what, text, n in [("a line removed", lines[0] + lines[2] + lines[3], 2),
                          ("two lines swapped", lines[1] + lines[0] + lines[2] + lines[3], 1),
                          ("a line doubled", lines[0] + lines[1] + lines[1] + lines[2], 3),
                          ("not JSON", lines[0] + b"{oops\n", 2),
                          ("a 5,000-digit number", lines[0] + b'{"index": ' + b"9" * 5000 + b"}\n", 2)]:
        games.write_bytes(text)
        one_line_error(zx("sim", "--resume", str(out)), f"games.jsonl: line {n}: "), what
    games.write_bytes(original)  # the untouched folder still resumes, to the same result
    r = zx("sim", "--resume", str(out), "--format", "json")
    assert r.returncode == 0, r.stderr
    a, b = json.loads(r.stdout), json.loads(whole.stdout)
    a.pop("timing"), b.pop("timing")
    assert a == b


def test_a_manifest_edited_by_hand_is_refused_naming_its_key(tmp_path: Path) -> None:
    out, _ = finished_run(tmp_path)
    path = out / "manifest.json"
    original = path.read_text(encoding="utf-8")

    def edit(change: Any) -> subprocess.CompletedProcess:
        data = json.loads(original)
        change(data)
        path.write_text(json.dumps(data, indent=2), encoding="utf-8")
        return zx("sim", "--resume", str(out))

    for key, change in [("turn_limit", lambda m: m.update(turn_limit=3)),
                        ("games", lambda m: m.update(games=400)),
                        ("precision", lambda m: m.update(precision=0.1)),
                        ("a", lambda m: m["a"]["agent"].update(spec="greedy"))]:
        one_line_error(edit(change), f"manifest.json: key '{key}' was changed since the run wrote it")
    one_line_error(edit(lambda m: m.pop("b")), "key 'b' was removed")
    one_line_error(edit(lambda m: m.update(extra=1)), "key 'extra' was added")
    one_line_error(edit(lambda m: m.pop("checksums")), "has no checksums",
                   "start the run again with --out")
    one_line_error(edit(lambda m: m.update(checksums=[])), "has no checksums")
    path.write_text('{"format": "zxdeck-sim/1", "seed": ' + "9" * 5000 + "}", encoding="utf-8")
    one_line_error(zx("sim", "--resume", str(out)), "manifest.json: not a run manifest")


def test_a_forged_manifest_of_the_wrong_shape_is_one_line_not_an_internal_error(
        tmp_path: Path) -> None:
    """Checksums recomputed (a forger can): every key --resume reads is still checked."""
    out, _ = finished_run(tmp_path)
    original = (out / "manifest.json").read_bytes()
    for key, change in [("seed", lambda m: m.update(seed="0")),
                        ("games", lambda m: m.update(games=-4)),
                        ("turn_limit", lambda m: m.pop("turn_limit")),
                        ("allow_illegal", lambda m: m.update(allow_illegal=1)),
                        ("a", lambda m: m.update(a=5)),
                        ("b.agent", lambda m: m["b"].pop("agent")),
                        ("a.path", lambda m: m["a"].update(path=["x"])),
                        ("precision", lambda m: m.update(precision="high"))]:
        (out / "manifest.json").write_bytes(original)
        rewrite_manifest(out, change)
        one_line_error(zx("sim", "--resume", str(out)), f"not a sim run manifest: {key} must be")


def test_a_forged_record_that_cannot_be_counted_is_one_line(tmp_path: Path) -> None:
    """Its chain recomputed (a forger can): the values the tallies read are still checked."""
    from zxdeck.sim.store import chained, manifest_sum, unsealed

    out, _ = finished_run(tmp_path)
    games = out / "games.jsonl"
    original = games.read_text(encoding="utf-8").splitlines()
    for key, value in [("winner", "c"), ("turns", "many"), ("first", 3), ("decisions", -1),
                       ("reason", ["life"])]:
        chain = manifest_sum(unsealed(json.loads((out / "manifest.json").read_text())))
        lines = []
        for n, line in enumerate(original):
            rec = json.loads(line)
            rec.pop("chain")
            if n == 1:
                rec[key] = value
            chain = chained(chain, rec)
            lines.append(json.dumps({**rec, "chain": chain}) + "\n")
        games.write_text("".join(lines), encoding="utf-8")
        one_line_error(zx("sim", "--resume", str(out)),
                       f"games.jsonl: line 2: not a game record of this run ({key} is ")


# --- one writer per folder


def test_a_second_writer_is_refused_naming_the_holder_and_a_dead_one_holds_nothing(
        tmp_path: Path) -> None:
    import os
    import signal
    import socket
    import time

    from zxdeck.sim.store import RunDir

    out = tmp_path / "run"
    bot = f"bot --cmd '{sys.executable} {ROOT / 'tests' / 'agents' / 'bots' / 'misbehaving_bot.py'} mute {tmp_path / 'pid'}' --timeout 0"
    first = subprocess.Popen([sys.executable, "-m", "zxdeck", "sim", RED, BLUE, "-n", "4", "--jobs", "1",
                              "--ai1", bot, "--out", str(out)], cwd=ROOT,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        end = time.monotonic() + 60
        while not (tmp_path / "pid").exists() and time.monotonic() < end:
            time.sleep(0.05)  # the run has started its first game (which waits for ever)
        holder = f"pid {first.pid} on {socket.gethostname()} since "
        for args in (("sim", "--resume", str(out), "--ai1", bot),
                     ("sim", RED, BLUE, "-n", "2", "--out", str(out))):
            r = zx(*args)
            one_line_error(r, f"{out}: the run is in use by {holder}", f"(zxdeck sim {RED} {BLUE}")
        assert (out / "games.jsonl").read_bytes() == b""  # nothing written by the second
        os.kill(first.pid, signal.SIGKILL)
        first.wait(timeout=10)
    finally:
        if first.poll() is None:
            first.kill()
    d = RunDir(out)
    d.lock()  # a process that died holds no lock
    d.release()
