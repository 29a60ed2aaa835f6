"""MOZ game records: the JSON Lines log (`--game moz play --log`), saves, and `--game moz replay`,
with the header discipline of zxdeck.gamelog (format version, zxdeck version, catalog sha256,
rules revision; a changed card or another rules revision refused with one line, exit 2). N-4:
the seed, the decks and the actions give the same match again."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from zxdeck import __version__
from zxdeck.gamelog import FORMAT_VERSION, IncompatibleRecord
from zxdeck.games import adapter
from zxdeck.games.moz.catalog.loader import open_catalog
from zxdeck.games.moz.engine.log import read_log_record, replay_log, state_fingerprint

ROOT = Path(__file__).resolve().parents[2]
SHELL = str(ROOT / "examples/moz/shell_dragons.txt")
FLAME = str(ROOT / "examples/moz/flame_thunder.txt")


def moz(*args: str, cwd: Path = ROOT, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "zxdeck", "--game", "moz", *args], capture_output=True,
                          text=True, timeout=300, cwd=cwd, input=stdin)


@pytest.fixture(scope="module")
def logged(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("log") / "match.jsonl"
    r = moz("play", "--auto", "--seed", "3", "--p1", SHELL, "--p2", FLAME, "--ai1", "random", "--ai2",
            "random", "--log", str(path))
    assert r.returncode == 0, r.stderr
    return path


def test_the_log_has_a_header_every_move_and_the_end(logged: Path) -> None:
    """N-4: the log replays to the match played; every action line is a legal move."""
    lines = [json.loads(x) for x in logged.read_text(encoding="utf-8").splitlines()]
    head = lines[0]
    assert head["event"] == "header" and head["seq"] == 0
    h = head["header"]
    assert h["format"] == "zxdeck-log" and h["format_version"] == FORMAT_VERSION and h["game"] == "moz"
    assert h["zxdeck"] == __version__ and h["rules_revision"] == adapter("moz").rules_revision
    catalog = open_catalog(None)
    assert h["catalog_sha256"] == catalog.digest and len(catalog.digest) == 64
    game = head["game"]
    assert game["seed"] == 3 and game["turn_limit"] == 400 and len(game["decks"]) == 2
    assert set(game["cards"]) == {cid for d in game["decks"] for cid in d}
    assert [x["seq"] for x in lines] == list(range(len(lines)))
    assert lines[1]["event"] == "setup"
    actions = [x for x in lines if x["event"] == "action"]
    assert [a["move"] for a in actions] == list(range(1, len(actions) + 1))
    assert all(a["player"] in ("p1", "p2") and a["text"] and len(a["action"]) == 3 for a in actions)
    end = lines[-1]
    assert end["event"] == "game_over" and end["moves"] == len(actions)
    g = replay_log(logged, catalog)
    assert g.is_over()
    assert end["winner"] == (None if g.winner is None else ("p1", "p2")[g.winner])
    assert end["reason"] == g.reason and end["vp"] == g.vp and end["fingerprint"] == state_fingerprint(g)


def test_replay_prints_the_match_and_the_board_at_a_move(logged: Path) -> None:
    r = moz("replay", str(logged))
    assert r.returncode == 0, r.stderr
    lines = json.loads(logged.read_text(encoding="utf-8").splitlines()[-1])
    assert r.stdout.rstrip().splitlines()[-1].endswith(f"VP {lines['vp'][0]} - {lines['vp'][1]}")
    assert any(line.startswith("1. p") for line in r.stdout.splitlines())
    board = moz("replay", str(logged), "--at", "20", "--viewer", "p2")
    assert board.returncode == 0 and board.stdout.startswith("after move 20 of ")
    assert "p2 (you)" in board.stdout and "p1 (opponent)" in board.stdout
    bad = moz("replay", str(logged), "--at", "99999")
    assert bad.returncode == 2 and "has moves 0 to" in bad.stderr


def _rewrite(path: Path, out: Path, change) -> Path:  # noqa: ANN001
    lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
    change(lines)
    out.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")
    return out


def test_a_changed_card_or_rules_revision_is_refused_in_one_line(logged: Path, tmp_path: Path) -> None:
    """N-4: a record that would replay into another match is refused, never shown."""
    catalog = open_catalog(None)
    card = json.loads(logged.read_text(encoding="utf-8").splitlines()[0])["game"]["decks"][0][0]

    def changed_card(lines: list) -> None:
        lines[0]["game"]["cards"][card] = "0" * 16
        lines[0]["header"]["catalog_sha256"] = "f" * 64

    bad = _rewrite(logged, tmp_path / "card.jsonl", changed_card)
    with pytest.raises(IncompatibleRecord, match=f"card {card} changed since the game was played"):
        read_log_record(bad, catalog)
    r = moz("replay", str(bad))
    assert r.returncode == 2 and "is not the one it was played with" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr

    def other_rules(lines: list) -> None:
        lines[0]["header"]["rules_revision"] = 999

    r = moz("replay", str(_rewrite(logged, tmp_path / "rev.jsonl", other_rules)))
    assert r.returncode == 2 and "rules revision 999" in r.stderr

    def newer(lines: list) -> None:
        lines[0]["header"]["format_version"] = FORMAT_VERSION + 1

    r = moz("replay", str(_rewrite(logged, tmp_path / "new.jsonl", newer)))
    assert r.returncode == 2 and "upgrade zxdeck" in r.stderr

    def other_move(lines: list) -> None:
        moves = [x for x in lines if x["event"] == "action"]
        moves[0]["action"] = ["pick", 9999, -1]

    r = moz("replay", str(_rewrite(logged, tmp_path / "move.jsonl", other_move)))
    assert r.returncode == 2 and "move 1" in r.stderr and "not legal" in r.stderr

    zx_log = tmp_path / "zx.jsonl"
    zx = subprocess.run([sys.executable, "-m", "zxdeck", "play", "--auto", "--p1",
                         str(ROOT / "examples/decks/red.txt"), "--p2", str(ROOT / "examples/decks/blue.txt"),
                         "--log", str(zx_log), "-q"], capture_output=True, text=True, timeout=300)
    assert zx.returncode == 0, zx.stderr
    r = moz("replay", str(zx_log))
    assert r.returncode == 2 and "a record of the game 'zx', not 'moz'" in r.stderr


def test_a_save_carries_the_header_and_resumes(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    first = moz("play", "--p1", SHELL, "--p2", FLAME, "--ai2", "random", "--save", str(save),
                stdin="1\n1\n1\n1\ns\nq\n")
    assert first.returncode == 0, first.stderr
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["header"]["format"] == "zxdeck-game" and data["header"]["game"] == "moz"
    assert data["header"]["catalog_sha256"] == open_catalog(None).digest
    assert set(data["cards"]) == {cid for d in data["decks"] for cid in d}
    shown = moz("replay", str(save))
    assert shown.returncode == 0 and "not over after" in shown.stdout
    data["cards"][data["decks"][1][0]] = "0" * 16
    save.write_text(json.dumps(data), encoding="utf-8")
    again = moz("play", "--resume", str(save), stdin="q\n")
    assert again.returncode == 2 and "changed since the game was played" in again.stderr
    old = {k: v for k, v in data.items() if k not in ("header", "cards")} | {"format": 1}
    save.write_text(json.dumps(old), encoding="utf-8")
    r = moz("replay", str(save))
    assert r.returncode == 2 and "cannot be checked" in r.stderr


@pytest.mark.parametrize("name", ["game.json", "game.sav", "game.jsonl"])
def test_a_binary_file_is_one_line_naming_it_not_a_decode_error(tmp_path: Path, name: str) -> None:
    """`zxdeck --game moz replay` of a file that is not text says so in one line, exit 2, as
    Z/X's replay does (no codec message, no traceback)."""
    path = tmp_path / name
    path.write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(range(128, 256)) * 8)
    r = moz("replay", str(path))
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith(f"zxdeck: error: {path}: not a zxdeck ")
    assert lines[0].endswith("(not UTF-8 text)")
    assert "codec" not in r.stderr and "Traceback" not in r.stderr


def test_a_directory_given_to_replay_is_one_line(tmp_path: Path) -> None:
    r = moz("replay", str(tmp_path))
    assert r.returncode == 2 and r.stderr.strip() == f"zxdeck: error: {tmp_path}: not a zxdeck save or log (a directory)"
