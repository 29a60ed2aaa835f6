"""`zxdeck play` (a person at the terminal), `--resume`, and `zxdeck replay`, through the CLI."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from click.testing import CliRunner
from play_kit import DECKS, ROOT

from zxdeck.cli import cli
from zxdeck.errors import ZxError

RED, BLUE = str(DECKS / "red.txt"), str(DECKS / "blue.txt")


def run(args: list[str], stdin: str = "") -> tuple[int, str]:
    res = CliRunner().invoke(cli, args, input=stdin, catch_exceptions=False)
    return res.exit_code, res.output


def test_play_a_whole_game_through_stdin(tmp_path):
    """Issue 5: typing numbers (2 is always legal: forced choices are never asked) and wrong lines."""
    save = tmp_path / "g.json"
    lines = []
    for i in range(3000):
        lines.append(["2", "2", "nonsense", "2", "99", "board", "2", "card 1", "2"][i % 9])
    code, out = run(["play", "--p1", RED, "--p2", BLUE, "--seed", "3", "--save", str(save)],
                    "\n".join(lines) + "\n")
    assert code == 0
    assert "対戦終了" in out
    assert "は選択肢でもコマンドでもありません" in out
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["header"]["format"] == "zxdeck-game" and data["actions"]
    # replaying the finished game: every move, and it ends with the result
    code, text = run(["replay", str(save), "--all"])
    assert code == 0
    assert text.count("\n") > len(data["actions"])
    assert "対戦終了" in text


def test_interrupted_then_resumed_through_the_cli(tmp_path):
    """Ctrl-D (end of input) saves and prints the resume command; --resume goes on to the end."""
    save = tmp_path / "s.json"
    code, out = run(["play", "--p1", RED, "--p2", BLUE, "--seed", "5", "--save", str(save),
                     "--log", str(tmp_path / "s.jsonl")], "1\n2\n")
    assert code == 0
    log = tmp_path / "s.jsonl"
    assert f"zxdeck play --resume {save} --log {log}" in out  # the log is the person's option
    n_saved = len(json.loads(save.read_text(encoding="utf-8"))["actions"])
    code, out = run(["play", "--resume", str(save), "--log", str(log)], "\n".join(["2"] * 3000) + "\n")
    assert code == 0
    assert "対戦終了" in out
    data = json.loads(save.read_text(encoding="utf-8"))
    assert len(data["actions"]) > n_saved
    # the log was written again in full on resume, ending with game_over
    log = [json.loads(x) for x in (tmp_path / "s.jsonl").read_text(encoding="utf-8").splitlines()]
    assert log[0]["event"] in ("game_start", "setup_done") or log[0]["seq"] == 0
    assert log[-1]["event"] == "game_over"
    # resuming a finished game says so
    code, out = run(["play", "--resume", str(save)])
    assert code == 0 and "終わっています" in out


def test_resume_errors_are_one_line(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    from zxdeck.engine.replay import make_header

    old = tmp_path / "old.json"
    old.write_text(json.dumps({"format": "zxdeck-replay-1", "seed": 1, "decks": [
        {"main": ["ZX01-001"]}, {"main": ["ZX01-001"]}], "actions": []}), encoding="utf-8")
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"header": make_header(), "seed": 1, "decks": [
        {"main": ["NOPE-1"]}, {"main": ["NOPE-1"]}], "cards": {"NOPE-1": "0"}, "actions": []}),
        encoding="utf-8")
    binary = tmp_path / "binary.json"
    binary.write_bytes(bytes(range(256)))
    log = tmp_path / "log.jsonl"
    log.write_text('{"seq": 0, "event": "header"}\n{"seq": 1, "event": "draw"}\n', encoding="utf-8")
    other = tmp_path / "other.json"
    other.write_text('{"name": "not a game"}', encoding="utf-8")
    for path, msg in ((tmp_path / "missing.json", "no such file"), (bad, "not a saved game"),
                      (wrong, "NOPE-1"), (binary, "not a saved game (not a text file)"),
                      (log, "not a saved game: it is a game log"), (other, "not a saved game"),
                      (old, "written by an older zxdeck"), (tmp_path, "not a saved game")):
        res = CliRunner().invoke(cli, ["play", "--resume", str(path)])
        assert isinstance(res.exception, ZxError), res.output
        assert res.exception.exit_code == 2 and msg in str(res.exception)
        assert str(path) in str(res.exception)
    r = subprocess.run([sys.executable, "-m", "zxdeck", "play", "--resume", str(bad)],
                       capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and "not a saved game" in r.stderr


def test_replay_steps_forward_and_back(tmp_path):
    save = tmp_path / "a.json"
    code, _ = run(["play", "--auto", "--seed", "2", "--p1", RED, "--p2", BLUE, "-q", "--save", str(save)])
    assert code == 0
    n = len(json.loads(save.read_text(encoding="utf-8"))["actions"])
    code, out = run(["replay", str(save)], "\n\nb\n5\nt 2\nxyz\n99999\ne\n\nq\n")
    assert code == 0
    heads = [line.split()[1] for line in out.splitlines() if line.startswith("手 ")]
    assert heads[:5] == [f"{k}/{n}" for k in (0, 1, 2, 1, 5)]
    assert heads[-1] == f"{n}/{n}"
    assert "最後の手です" in out and "手は 0 から" in out
    # --at N --all: the board at move N
    code, out = run(["replay", str(save), "--all", "--at", "10"])
    assert code == 0 and f"手 10/{n}" in out and "+----" in out
    res = CliRunner().invoke(cli, ["replay", str(save), "--all", "--at", str(n + 1)])
    assert isinstance(res.exception, ZxError) and res.exception.exit_code == 2


def test_replay_a_log_file_draws_the_field_like_a_save(tmp_path):
    """Issue 10: a --log file replays like the save of the same game: the same moves, the field
    drawn at each; a log without its header (an older zxdeck) is refused, and so is a log whose
    events this zxdeck does not replay identically."""
    log, save = tmp_path / "g.jsonl", tmp_path / "g.json"
    code, _ = run(["play", "--auto", "--seed", "4", "--p1", RED, "--p2", BLUE, "-q", "--log", str(log),
                   "--save", str(save)])
    assert code == 0
    n = len(json.loads(save.read_text(encoding="utf-8"))["actions"])
    code, from_log = run(["replay", str(log), "--all"])
    code2, from_save = run(["replay", str(save), "--all"])
    assert code == code2 == 0 and from_log == from_save
    code, out = run(["replay", str(log)], "e\nb\n")
    assert code == 0
    assert f"手 {n}/{n}" in out and f"手 {n - 1}/{n}" in out
    assert "+----" in out and "対戦終了" in out
    assert "game_over" not in out and "n=" not in out  # words, not event names
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"seq": 0, "event": "x"}\nnot json\n', encoding="utf-8")
    res = CliRunner().invoke(cli, ["replay", str(broken)])
    assert isinstance(res.exception, ZxError) and "line 2" in str(res.exception)
    lines = log.read_text(encoding="utf-8").splitlines()
    headless = tmp_path / "headless.jsonl"
    headless.write_text("\n".join(lines[1:]) + "\n", encoding="utf-8")
    res = CliRunner().invoke(cli, ["replay", str(headless)])
    assert res.exception.exit_code == 2 and "no header" in str(res.exception)
    # a log whose counts this zxdeck does not reproduce: refused, naming the line
    k = next(i for i, x in enumerate(lines) if json.loads(x)["event"] == "draw")
    rec = json.loads(lines[k])
    rec["state"]["p1"]["hand"] += 1
    lines[k] = json.dumps(rec, ensure_ascii=False)
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(lines) + "\n", encoding="utf-8")
    res = CliRunner().invoke(cli, ["replay", str(tampered)])
    assert res.exception.exit_code == 2 and f"line {k + 1}" in str(res.exception)
    assert "not the same game" in str(res.exception)


@pytest.mark.skipif(os.name != "posix", reason="pipes")
def test_real_process_stdin_and_no_color(tmp_path):
    """A real process reading a pipe: plain text (no escape codes) since output is not a terminal;
    bytes that are not UTF-8 and escape sequences typed by mistake only get the hint."""
    save = tmp_path / "p.json"
    r = subprocess.run([sys.executable, "-m", "zxdeck", "play", "--p1", RED, "--p2", BLUE,
                        "--seed", "8", "--save", str(save)],
                       input=b"\xff\xfe\n\x1b[31mred\n1\nhelp\n2\n", capture_output=True,
                       cwd=ROOT, env={**os.environ, "NO_COLOR": "1"}, timeout=60)
    out, err = r.stdout.decode("utf-8"), r.stderr.decode("utf-8")
    assert r.returncode == 0, err
    assert not err
    assert "\x1b[" not in out
    assert out.count("は選択肢でもコマンドでもありません") == 2
    assert "遊び方" in out and "--resume" in out
    assert save.exists()


def test_level_is_the_computer_of_player_2(tmp_path):
    """`--level easy` is `--ai2 easy` (greedy-v1): the same game; with another --ai2, one error."""
    runs = []
    for extra in (["--level", "easy"], ["--ai2", "easy"], ["--ai2", "greedy-v1"]):
        save = tmp_path / f"{len(runs)}.json"
        code, out = run(["play", "--auto", "--p1", RED, "--p2", BLUE, "--seed", "4", "-q",
                         "--save", str(save), *extra])
        assert code == 0, out
        runs.append(json.loads(save.read_text(encoding="utf-8"))["actions"])
    assert runs[0] == runs[1] == runs[2]
    res = CliRunner().invoke(cli, ["play", "--p1", RED, "--p2", BLUE, "--level", "hard",
                                   "--ai2", "random"])
    assert isinstance(res.exception, ZxError) and res.exception.exit_code == 2
    assert "give --level hard or --ai2 random, not both" in str(res.exception)


def test_replay_viewer_keys_and_prompt_at_every_width(tmp_path):
    """Issue 11: the viewer's key list (`?`) puts each key on the line of what it does at any
    width (no `t` / `N` split), its prompt stays on one line from 60 columns, each frame fits the
    terminal; `zxdeck replay --help` lists every key (t N, s, e)."""
    import io

    from rich.console import Console
    from wcwidth import wcswidth

    from zxdeck.catalog import open_catalog
    from zxdeck.play.replay_view import HELP, KEYS, ReplayViewer, load_frames

    save = tmp_path / "k.json"
    code, _ = run(["play", "--auto", "--seed", "3", "--p1", RED, "--p2", BLUE, "-q", "--save", str(save)])
    assert code == 0
    frames, viewer = load_frames(save, open_catalog(None))
    for cols, rows in ((60, 24), (80, 30), (100, 40)):
        buf = io.StringIO()
        console = Console(file=buf, width=300, force_terminal=False, color_system=None,
                          highlight=False, soft_wrap=True)
        prompts: list[str] = []
        screens: list[str] = []
        answers = iter(["?", "t 2", "e", "q"])

        def answer(prompt: str, buf: io.StringIO = buf, prompts: list[str] = prompts,
                   screens: list[str] = screens, answers=answers) -> str:
            prompts.append(prompt)
            screens.append(buf.getvalue())
            buf.seek(0)
            buf.truncate()
            return next(answers)

        assert ReplayViewer(frames, viewer, console, answer, size=(cols, rows - 1)).run() == 0
        assert all(wcswidth(p) + 6 <= cols for p in prompts), prompts
        assert screens[1].rstrip("\n").split("\n") == HELP.split("\n")
        for key, what in KEYS:
            assert any(key in line and what in line for line in HELP.split("\n")), key
        for text in (screens[0], screens[2], screens[3]):
            lines = text.rstrip("\n").split("\n")
            assert len(lines) + 1 <= rows and all(wcswidth(x) <= cols for x in lines), text
    help_text = CliRunner().invoke(cli, ["replay", "--help"], terminal_width=100).output
    for key in ("Enter or n", "b ", "N ", "t N", "s ", "e ", "help or ?", "q "):
        assert key in help_text.split("Keys while viewing")[1], key
