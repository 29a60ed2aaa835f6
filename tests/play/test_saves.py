"""Saves, --save files and --log files carry a header (issue 10 part 3, INTERFACES §5): they are
checked against this zxdeck and the catalog before anything is replayed; a file that would replay
into another game is refused with the reason (exit 2); saves live in the user's data folder."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys

import pytest
from click.testing import CliRunner
from play_kit import DECKS, ROOT

from zxdeck import __version__
from zxdeck.cli import cli
from zxdeck.engine.replay import FORMAT_VERSION, RULES_REVISION

RED, BLUE = str(DECKS / "red.txt"), str(DECKS / "blue.txt")
BUILTIN = ROOT / "data" / "cards.yaml"


def run(args: list[str], stdin: str = "") -> tuple[int, str, str]:
    res = CliRunner().invoke(cli, args, input=stdin)
    err = str(res.exception) if res.exception is not None and not isinstance(res.exception, SystemExit) else ""
    code = getattr(res.exception, "exit_code", res.exit_code) if err else res.exit_code
    return code, res.output, err


def zxdeck(*args: str, cwd=None, stdin: str = "") -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "zxdeck", *args], input=stdin, capture_output=True,
                          text=True, cwd=cwd or ROOT, timeout=120, env=os.environ.copy())


def catalog_copy(tmp_path):
    path = tmp_path / "cards.yaml"
    shutil.copyfile(BUILTIN, path)
    return path


def edit_card(path, card_id: str, old: str, new: str) -> None:
    """Change one line of a card's entry in a catalog file (the first `old` after its id)."""
    text = path.read_text(encoding="utf-8")
    at = text.index(f"id: {card_id}")
    end = text.index(old, at)
    path.write_text(text[:end] + new + text[end + len(old):], encoding="utf-8")


def test_save_and_log_carry_the_header(tmp_path):
    cards = catalog_copy(tmp_path)
    save, log = tmp_path / "g.json", tmp_path / "g.jsonl"
    code, _, err = run(["--cards", str(cards), "play", "--auto", "--seed", "2", "--p1", RED, "--p2", BLUE,
                        "-q", "--save", str(save), "--log", str(log)])
    assert code == 0, err
    digest = hashlib.sha256(cards.read_bytes()).hexdigest()
    data = json.loads(save.read_text(encoding="utf-8"))
    first = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert first["event"] == "header" and first["seq"] == 0
    for header, kind in ((data["header"], "zxdeck-game"), (first["header"], "zxdeck-log")):
        assert header == {"format": kind, "format_version": FORMAT_VERSION, "zxdeck": __version__,
                          "catalog_sha256": digest, "regulation": "current",
                          "rules_revision": RULES_REVISION}
    assert first["game"]["seed"] == data["seed"] == 2 and first["game"]["decks"] == data["decks"]
    assert set(data["cards"]) == {c for d in data["decks"] for c in d["main"] + d["dunamis"]} | {
        d["player"] for d in data["decks"] if d["player"]}
    actions = [json.loads(x)["action"] for x in log.read_text(encoding="utf-8").splitlines()
               if json.loads(x)["event"] == "action"]
    assert actions == data["actions"]
    assert data["end"]["moves"] == len(data["actions"]) and data["end"]["over"] is True


def test_a_save_made_today_is_refused_cleanly_after_the_catalog_changes(tmp_path):
    """Issue 10: a terminal game saved with one catalog, resumed or replayed after a card of the
    game changed, is refused with the reason and exit status 2: never replayed into another game.
    The save and its log are left as they were. A change to a card the game does not use is only
    a note: the game resumes."""
    cards = catalog_copy(tmp_path)
    save, log = tmp_path / "s.json", tmp_path / "s.jsonl"
    code, out, err = run(["--cards", str(cards), "play", "--p1", RED, "--p2", BLUE, "--seed", "5",
                          "--save", str(save), "--log", str(log)], "1\n1\n2\n")
    assert code == 0, err
    saved, logged = save.read_bytes(), log.read_bytes()
    assert json.loads(saved)["actions"]

    # a card of the game (the red start card's power) changes
    edit_card(cards, "ZX01-001", "power: 2000", "power: 2500")
    for args in (["play", "--resume", str(save)], ["replay", str(save), "--all"],
                 ["replay", str(log), "--all"], ["play", "--replay", str(save)]):
        code, out, err = run(["--cards", str(cards), *args], "2\n" * 50)
        assert code == 2, (args, out, err)
        assert "refused" in err and "ZX01-001" in err and "changed" in err, err
        assert "+----" not in out  # nothing of the game was drawn
    assert save.read_bytes() == saved and log.read_bytes() == logged
    r = zxdeck("--cards", str(cards), "play", "--resume", str(save), stdin="")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "Traceback" not in r.stderr
    assert r.stderr.startswith(f"zxdeck: error: {save}: refused: ")

    # back to the card as it was, and a change to a card neither deck holds: resumed, with a note
    edit_card(cards, "ZX01-001", "power: 2500", "power: 2000")
    edit_card(cards, "ZX01-004", "power: 4000", "power: 4500")  # not in red.txt or blue.txt
    code, out, err = run(["--cards", str(cards), "play", "--resume", str(save)], "")
    assert code == 0, err
    words = " ".join(out.split())
    assert f"zxdeck: note: {save}: played with another catalog" in words and "unchanged" in words
    assert len(json.loads(save.read_text(encoding="utf-8"))["actions"]) >= len(json.loads(saved)["actions"])


@pytest.mark.parametrize("change, reason", [
    (lambda d: d["header"].update(rules_revision=RULES_REVISION + 1), "rules revision"),
    (lambda d: d["header"].update(format_version=FORMAT_VERSION + 1), "upgrade zxdeck"),
    (lambda d: d["end"].update(state="0" * 16), "gives another game"),
    (lambda d: d.update(actions=d["actions"] + [["keep", -1, -1]]), "not legal"),
    (lambda d: d.pop("header") and d.update(format="zxdeck-replay-1"), "older zxdeck"),
    (lambda d: d["header"].update(game="moz"), "a record of the game 'moz', not 'zx' (choose it with --game moz)"),
])
def test_incompatible_saves_are_refused_with_the_reason(tmp_path, change, reason):
    save = tmp_path / "g.json"
    code, _, err = run(["play", "--auto", "--seed", "3", "--p1", RED, "--p2", BLUE, "-q", "--save", str(save)])
    assert code == 0, err
    data = json.loads(save.read_text(encoding="utf-8"))
    change(data)
    save.write_text(json.dumps(data), encoding="utf-8")
    for args in (["replay", str(save), "--all"], ["play", "--replay", str(save)],
                 ["play", "--resume", str(save)]):
        code, out, err = run(args)
        assert code == 2 and reason in err and str(save) in err, (args, err)


def test_a_moz_save_or_log_given_to_zx_names_its_game(tmp_path):
    """A MOZ match's save or log replayed without --game moz: one line naming the game to choose,
    not that its first card is missing from the Z/X catalog."""
    moz = ROOT / "examples" / "moz"
    save, log = tmp_path / "m.json", tmp_path / "m.jsonl"
    code, _, err = run(["--game", "moz", "play", "--auto", "--seed", "3", "--p1", str(moz / "dusk_minus.txt"),
                        "--p2", str(moz / "flame_thunder.txt"), "--save", str(save), "--log", str(log)])
    assert code == 0, err
    for args in (["replay", str(save), "--all"], ["replay", str(log), "--all"],
                 ["play", "--resume", str(save)]):
        code, _, err = run(args)
        assert code == 2 and "a record of the game 'moz', not 'zx' (choose it with --game moz)" in err, (args, err)
        assert "not in the catalog" not in err


def test_another_zxdeck_version_with_the_same_rules_is_a_note(tmp_path):
    save = tmp_path / "g.json"
    code, _, _ = run(["play", "--auto", "--seed", "3", "--p1", RED, "--p2", BLUE, "-q", "--save", str(save)])
    data = json.loads(save.read_text(encoding="utf-8"))
    data["header"]["zxdeck"] = "0.0.1"
    save.write_text(json.dumps(data), encoding="utf-8")
    r = zxdeck("replay", str(save), "--all")
    assert r.returncode == 0 and "note:" in r.stderr and "zxdeck 0.0.1" in r.stderr


def test_saves_go_to_the_data_folder_and_resume_from_anywhere(tmp_path):
    """Without --save the game is saved in the user's data folder; the printed resume command
    works from any directory, `--resume NAME` finds a save by name, `play --saves` lists them."""
    here = tmp_path / "somewhere"
    here.mkdir()
    r = zxdeck("play", "--p1", RED, "--p2", BLUE, "--seed", "4", cwd=here, stdin="1\n")
    assert r.returncode == 0, r.stderr
    assert not list(here.iterdir())
    line = next(x for x in r.stdout.splitlines() if x.startswith("続きから: "))
    command = line.split(": ", 1)[1].split()
    assert command[:3] == ["zxdeck", "play", "--resume"] and os.path.isabs(command[3])
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    r2 = zxdeck(*command[1:], cwd=elsewhere, stdin="2\n")
    assert r2.returncode == 0 and "続きから" in r2.stdout, r2.stderr
    name = os.path.basename(command[3])
    r3 = zxdeck("play", "--saves", cwd=elsewhere)
    assert r3.returncode == 0 and name in r3.stdout and "in progress" in r3.stdout
    assert "red.txt vs blue.txt" in r3.stdout and "against greedy" in r3.stdout
    r4 = zxdeck("play", "--resume", name.removesuffix(".json"), cwd=elsewhere, stdin="")
    assert r4.returncode == 0 and name in r4.stdout


def test_no_saves_yet(tmp_path):
    r = zxdeck("play", "--saves")
    assert r.returncode == 0 and r.stdout.startswith("no saved games in ")


def test_save_and_log_never_write_over_another_file(tmp_path):
    """`--save`/`--log` naming a deck list (a slip of the option) is refused before the game, the
    file intact; a folder, or a folder that is not there: one line too. A zxdeck save or log of
    an earlier game, or an empty file, is written over as before."""
    deck = tmp_path / "red.txt"
    shutil.copy(RED, deck)
    before = deck.read_bytes()
    game = ["play", "--auto", "--seed", "3", "--p1", RED, "--p2", BLUE, "-q"]
    for option in ("--save", "--log"):
        r = zxdeck(*game, option, str(deck))
        assert r.returncode == 2 and r.stdout == "", r.stderr
        assert f"exists and is not a zxdeck save or log: {option} never writes over" in r.stderr
        assert r.stderr.count("\n") == 1 and deck.read_bytes() == before
        r = zxdeck(*game, option, str(tmp_path))
        assert r.returncode == 2 and "is a folder, not a file" in r.stderr and "Traceback" not in r.stderr
        r = zxdeck(*game, option, str(tmp_path / "no" / "g.json"))
        assert r.returncode == 2 and "no folder" in r.stderr
    save, log = tmp_path / "g.json", tmp_path / "g.jsonl"
    log.write_text("", encoding="utf-8")
    for seed in ("3", "4"):  # the second game writes over the first one's save and log
        r = zxdeck("play", "--auto", "--seed", seed, "--p1", RED, "--p2", BLUE, "-q",
                   "--save", str(save), "--log", str(log))
        assert r.returncode == 0, r.stderr
        assert json.loads(save.read_text(encoding="utf-8"))["seed"] == int(seed)
