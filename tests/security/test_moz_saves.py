"""Issue 20 sections 1 and 5 for MOZ's terminal match (`zxdeck --game moz play`).

A crafted save naming `bot:COMMAND` never runs it (the command would create a marker file):
`--resume` asks for `--ai2 'bot:...'` again (one line, exit 2) and `replay` only reads it.
A new match is saved after every move in the data folder under a new name, never over another
match's save; Ctrl-C saves the last whole move with the agents' generators from before their
decision, so the resumed match is the match never interrupted (N-4: same seed, decks, agents).
"""

from __future__ import annotations

import builtins
import json
import shlex
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from zxdeck.cli import main

ROOT = Path(__file__).resolve().parents[2]
A = str(ROOT / "examples" / "moz" / "shell_dragons.txt")
B = str(ROOT / "examples" / "moz" / "dusk_minus.txt")
WATCHED = ("/zxdeck/games/moz/engine/", "/zxdeck/games/moz/agents/", "/zxdeck/agents/")


@pytest.fixture(autouse=True)
def private_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("ZXDECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("ZXDECK_DATA_DIR", str(tmp_path / "data"))
    for name in ("ZXDECK_CARDS", "ZXDECK_MOZ_CARDS", "ZXDECK_GAME"):
        monkeypatch.delenv(name, raising=False)


def moz(*args: str, stdin: str = "") -> tuple[int, str, str]:
    runner = CliRunner()
    with runner.isolation(input=stdin) as (out, err, _):
        try:
            main(["--game", "moz", *args])
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    return code, out.getvalue().decode(), err.getvalue().decode()


def marker_bot(marker: Path) -> str:
    return "bot:" + shlex.join([sys.executable, "-c", f"open({str(marker)!r}, 'w').close()"])


@pytest.fixture
def save(tmp_path) -> Path:
    path = tmp_path / "g.json"
    code, out, err = moz("play", "--p1", A, "--p2", B, "--ai2", "random", "--save", str(path),
                         stdin="1\n1\n1\nq\n")
    assert code == 0, out + err
    return path


def test_a_saved_bot_never_runs(tmp_path, save):
    marker = tmp_path / "ran"
    data = json.loads(save.read_text(encoding="utf-8"))
    data["agents"][1] = marker_bot(marker)
    save.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = moz("play", "--resume", str(save), stdin="q\n")
    assert code == 2 and not marker.exists(), out + err
    assert len(err.strip().splitlines()) == 1 and "--ai2 'bot:COMMAND'" in err
    code, out, err = moz("replay", str(save))
    assert code == 0 and not marker.exists(), out + err
    mine = "bot:" + shlex.join([sys.executable, str(ROOT / "examples" / "bots" / "random_bot.py")])
    code, out, err = moz("play", "--resume", str(save), "--ai2", mine, stdin="q\n")
    assert code == 0 and not marker.exists(), out + err
    assert "--ai2" in out  # the resume command carries the person's bot again


@pytest.mark.parametrize("agents,human", [(["human"], 0), (["human", 3], 0), (["human", "random"], 5),
                                          (["random", "random"], 0), ("bot:x", 0)])
def test_a_damaged_save_is_refused_in_one_line(tmp_path, save, agents, human):
    data = json.loads(save.read_text(encoding="utf-8"))
    data["agents"], data["human"] = agents, human
    save.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = moz("play", "--resume", str(save), stdin="q\n")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in out + err


def test_autosave_in_the_data_folder_never_over_another_save(tmp_path, save):
    code, out, err = moz("play", "--p1", A, "--p2", B, "--ai2", "random", "--save", str(save),
                         stdin="q\n")
    assert code == 2 and "already exists" in err  # --save over another match: refused
    stray = Path.cwd() / "moz-save.json"
    before = stray.exists()
    names = []
    for _ in range(2):
        code, out, err = moz("play", "--p1", A, "--p2", B, "--ai2", "random", stdin="1\n")
        assert code == 0, out + err
        line = next(x for x in out.splitlines() if "続きから:" in x)
        path = Path(shlex.split(line.split("続きから: ", 1)[1].rstrip(")"))[-1])
        assert path.parent == tmp_path / "data" / "saves" and path.exists()
        names.append(path)
    assert names[0] != names[1]
    assert stray.exists() == before  # nothing written to the working directory


def first_choice(prompt: str) -> str:
    return "1"


class Cut:
    """sys.settrace hook: KeyboardInterrupt at the `at`-th call of a watched function."""

    def __init__(self, at: int | None) -> None:
        self.at, self.calls = at, 0

    def __call__(self, frame, event, arg):  # noqa: ANN001, ANN204
        if event == "call" and any(w in frame.f_code.co_filename.replace("\\", "/") for w in WATCHED):
            self.calls += 1
            if self.calls == self.at:
                sys.settrace(None)
                raise KeyboardInterrupt
        return None


def traced_play(monkeypatch, cut: Cut, *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr(builtins, "input", first_choice)
    old = sys.gettrace()
    sys.settrace(cut)
    try:
        return moz(*args)
    finally:
        sys.settrace(old)


@pytest.mark.slow
def test_ctrl_c_anywhere_resumes_into_the_same_match(tmp_path, monkeypatch):
    """Ctrl-C inside the engine's moves and the heuristic's look-ahead, at points spread over the
    match: exit 130, the save of the last whole move, and --resume plays the very same match."""
    base = ["--p1", A, "--p2", B, "--ai2", "heuristic", "--seed", "3"]
    # counted on the second of two plays: the first fills the engine's and the heuristic's caches,
    # so that every play after it (the cut ones) makes the same calls
    for name in ("warm.json", "ref.json"):
        ref = tmp_path / name
        count = Cut(None)
        code, out, err = traced_play(monkeypatch, count, "play", *base, "--save", str(ref))
        assert code == 0, out + err
    moves = json.loads(ref.read_text(encoding="utf-8"))["actions"]
    assert count.calls > 100 and len(moves) > 10
    for n in range(8):
        at = 1 + (2 * n + 1) * count.calls // 16
        path = tmp_path / f"cut{n}.json"
        code, out, err = traced_play(monkeypatch, Cut(at), "play", *base, "--save", str(path))
        assert code == 130, (at, out + err)
        assert "中断しました (Ctrl-C)" in out and "--resume" in out
        code, out, err = moz("play", "--resume", str(path))
        assert code == 0, (at, out + err)
        assert json.loads(path.read_text(encoding="utf-8"))["actions"] == moves, f"Ctrl-C at call {at}"
