"""`zxdeck optimize` (zxdeck.analysis.optimize): changes, candidates checked, the paired difference
by hand, the race's plan, and the planted better candidate found the same for any --jobs."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from zxdeck.analysis.optimize import (
    Candidate,
    Scores,
    paired_difference,
    parse_change,
    render_race,
    schedule,
)
from zxdeck.errors import ZxError

ROOT = Path(__file__).resolve().parents[2]
RED, BLUE = (str(ROOT / "examples" / "decks" / f"{c}.txt") for c in ("red", "blue"))
OB = "+2 紅蓮皇竜オーバーブレイズ +2 焔刃覇王カグツチ"


def zx(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "zxdeck", *args], capture_output=True, text=True,
                          timeout=300, cwd=cwd)


def test_parse_change() -> None:
    assert parse_change("-2 火の粉払い +2 紅蓮の業火") == [(-2, "火の粉払い"), (2, "紅蓮の業火")]
    assert parse_change("+1 Fire Dragon -1 ZX01-040") == [(1, "Fire Dragon"), (-1, "ZX01-040")]
    assert parse_change("-1 A-2 B") == [(-1, "A-2 B")]  # a sign inside a name is the name's
    for bad, message in [("", "empty"), ("2 火の粉払い", "expected"), ("-2", "expected"),
                         ("+0 火の粉払い", "a count of 0")]:
        with pytest.raises(ZxError, match=message):
            parse_change(bad)


def test_changed_deck_removes_adds_and_refuses(zx_decks) -> None:
    from zxdeck.catalog import load_catalog
    from zxdeck.games.zx.deck import read_deck
    from zxdeck.games.zx.deck.variant import changed_deck

    cat = load_catalog(ROOT / "data" / "cards.yaml")
    deck = read_deck(RED, cat)
    before = {(e.card.id, e.section): e.count for e in deck.entries if e.card is not None}
    new = changed_deck(deck, [(-3, "火の粉払い"), (2, "紅蓮の業火"), (1, "ZX01-031"),
                              (1, "天焦竜皇ヴォルカディア")], cat)
    after = {(e.card.id, e.section): e.count for e in new.entries if e.card is not None}
    gone = [k for k in before if k not in after]
    assert len(gone) == 1 and cat.lookup("火の粉払い")[0].id == gone[0][0]
    fire = cat.lookup("紅蓮の業火")[0].id
    assert after[(fire, "main")] == before[(fire, "main")] + 2
    assert after[("ZX01-031", "main")] == 1
    volca = cat.lookup("天焦竜皇ヴォルカディア")[0]
    assert after[(volca.id, "dunamis")] == before.get((volca.id, "dunamis"), 0) + 1  # D-10
    assert before == {(e.card.id, e.section): e.count for e in deck.entries if e.card is not None}
    with pytest.raises(ZxError, match="cannot remove 4 copies, the deck has 3"):
        changed_deck(deck, [(-4, "火の粉払い")], cat)
    with pytest.raises(ZxError, match="no card of this name"):
        changed_deck(deck, [(1, "存在しないカード")], cat)


def test_schedule_doubles_up_to_the_budget() -> None:
    assert schedule(96, 6) == [12, 24, 48, 96]
    assert schedule(96, 3) == [24, 48, 96]
    assert schedule(10, 1) == [10]
    assert schedule(4, 8) == [2, 4]


def test_paired_difference_by_hand() -> None:
    x = Candidate("x", None, [Scores([1, 1, 0, 0.5]), Scores([1, 0])])
    y = Candidate("y", None, [Scores([1, 0, 0, 0.5, 1, 1]), Scores([0, 0])])
    d, lo, hi, n = paired_difference(x, y, [0.5, 0.5])
    assert n == 2  # the games both played against every field deck
    # deck 1: differences over games 0..1: 0, 1: the difference 1/2; the interval adds +1, -1:
    # mean 1/4 as its centre; deck 2: 1, 0 -> the same
    assert d == pytest.approx(0.5)  # the games' own: what the two win rates shown differ by
    d1 = [0, 1, 1, -1]
    m = sum(d1) / 4
    v = sum((t - m) ** 2 for t in d1) / 3
    se = math.sqrt(2 * 0.25 * v / 4)
    assert (lo, hi) == pytest.approx((max(-1, m - 1.959963984540054 * se), min(1, m + 1.959963984540054 * se)))
    # a difference of two win rates lies within -1..+1, and so does its interval
    won = Candidate("w", None, [Scores([1, 1])])
    lost = Candidate("l", None, [Scores([0, 0])])
    d, lo, hi, _ = paired_difference(won, lost, [1.0])
    assert d == 1.0 and -1 <= lo < d <= hi == 1.0
    d, lo, hi, _ = paired_difference(lost, won, [1.0])
    assert d == -1.0 and lo == -1.0 <= d < hi <= 1
    same = Candidate("s", None, [Scores([1, 0] * 10)])
    d, lo, hi, _ = paired_difference(same, same, [1.0])
    assert d == 0 and lo < 0 < hi  # never a zero-width interval
    assert paired_difference(Candidate("e", None, [Scores()]), same, [1.0]) is None


def test_optimize_finds_the_planted_better_candidate_the_same_for_any_jobs(tmp_path: Path) -> None:
    """The deck without its Z/X OB makes IG Over Boost a dead card (it puts an OB of the
    player onto the field: there is none); giving it the OB makes the card live."""
    lines = Path(RED).read_text(encoding="utf-8").splitlines()
    dead = [ln for ln in lines if not ln.startswith(("2 紅蓮皇竜オーバーブレイズ", "2x 焔刃覇王カグツチ"))]
    assert len(dead) == len(lines) - 2
    (tmp_path / "dead.txt").write_text("\n".join(dead) + "\n", encoding="utf-8")
    (tmp_path / "changes.txt").write_text(
        f"# candidates\n{OB}\n-3 火の粉払い +3 焦土の拳士エルガン\n\n-2 紅蓮の業火 +2 熔岩炎狼ソルガ\n"
        "-3 火の粉払い +3 紅蓮の業火   # 5 copies: illegal\n-1 無いカード +1 火の粉払い\n",
        encoding="utf-8")
    args = ["optimize", "dead.txt", "--candidates", "changes.txt", "--field", BLUE, "-n", "96",
            "--format", "json"]
    r1 = zx(*args, "--jobs", "1", cwd=tmp_path)
    r2 = zx(*args, "--jobs", "2", cwd=tmp_path)
    assert r1.returncode == 0 and r2.returncode == 0, r1.stderr + r2.stderr
    assert r1.stdout == r2.stdout  # nothing depends on the workers
    d = json.loads(r1.stdout)
    ranked = [r["candidate"] for r in d["ranking"]]
    assert ranked[0] == OB and len(ranked) == 3
    best = d["ranking"][0]
    assert best["eliminated_after_round"] is None and best["difference"] > 0
    assert best["interval"][0] <= best["difference"] <= best["interval"][1]
    assert [b["candidate"] for b in d["illegal"]] == ["-3 火の粉払い +3 紅蓮の業火", "-1 無いカード +1 火の粉払い"]
    assert "copy-limit" in d["illegal"][0]["errors"][0] and "no card" in d["illegal"][1]["errors"][0]
    spent = d["original"]["games"] + sum(r["games"] for r in d["ranking"])
    assert d["games_played"] == spent < d["full_budget"] == 4 * 96  # the race left games out
    assert d["original"]["difference"] == 0.0 and d["original"]["games"] == d["rounds"][-1]["games_per_opponent"]
    t = zx("optimize", "dead.txt", "--try", OB, "--try", "-2 紅蓮の業火 +2 熔岩炎狼ソルガ", "--field",
           BLUE, "-n", "8", "--jobs", "1", cwd=tmp_path)
    assert t.returncode == 0 and "vs orig." in t.stdout and OB in t.stdout


def test_optimize_errors() -> None:
    r = zx("optimize", RED)
    assert r.returncode == 2 and "give candidates" in r.stderr
    r = zx("optimize", RED, "--try", "-9 火の粉払い +9 紅蓮の業火")
    assert r.returncode == 2 and "no legal candidate" in r.stderr and "cannot remove 9" in r.stderr
    r = zx("optimize", RED, "--try", "x", "--confidence", "1.5")
    assert r.returncode == 2 and "--confidence" in r.stderr and "Traceback" not in r.stderr


def test_moz_optimize() -> None:
    moz = ROOT / "examples" / "moz"
    r = zx("--game", "moz", "optimize", str(moz / "shell_dragons.txt"), "--try", "-1 潮騒の竜 +1 紅蓮の甲虫",
           "--try", "-1 珊瑚の狼 +1 深淵の狼", "--try", "-1 潮騒の竜 +1 無いカード", "--try",
           "-1 潮騒の竜 +1 潮騒の竜", "-n", "4", "--ai", "random", "--format", "json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert {x["candidate"] for x in d["ranking"]} == {"-1 潮騒の竜 +1 紅蓮の甲虫", "-1 珊瑚の狼 +1 深淵の狼",
                                                     "-1 潮騒の竜 +1 潮騒の竜"}
    assert [b["candidate"] for b in d["illegal"]] == ["-1 潮騒の竜 +1 無いカード"]
    assert d["manifest"]["game"] == "moz" and d["original"]["games"] == 4


def test_a_players_bad_input_gets_one_clear_line(tmp_path: Path) -> None:
    """A --try naming an unknown card (with the names it may have meant), a field or candidates
    file that is missing, empty, binary or names a deck that is not there, a share that is not a
    number: one `zxdeck: error:` line naming the file and the problem, exit 2, no traceback."""
    shutil.copy(BLUE, tmp_path / "blue.txt")
    (tmp_path / "empty.yaml").write_text("", encoding="utf-8")
    (tmp_path / "comments.yaml").write_text("# nothing yet\n", encoding="utf-8")
    (tmp_path / "empty.txt").write_text(" \n", encoding="utf-8")
    (tmp_path / "binary.yaml").write_bytes(bytes(range(256)) * 2)
    (tmp_path / "binary.txt").write_bytes(b"\x95\xff\x00\x01" * 64)
    (tmp_path / "share.yaml").write_text("decks:\n  - deck: blue.txt\n    share: lots\n", encoding="utf-8")
    (tmp_path / "gone.yaml").write_text("decks:\n  - deck: green.txt\n", encoding="utf-8")
    try_ok = "--try=-2 火の粉払い +2 紅蓮の業火"

    def one_line(r: subprocess.CompletedProcess, *words: str) -> None:
        assert r.returncode == 2, r.stderr
        errors = [ln for ln in r.stderr.splitlines() if ln.startswith("zxdeck: error:")]
        assert len(errors) == 1 and "Traceback" not in r.stderr, r.stderr
        for w in words:
            assert w in errors[0], (w, r.stderr)

    r = zx("optimize", RED, "--try", "-1 火の粉払 +1 紅蓮の業火", cwd=tmp_path)
    one_line(r, "no legal candidate")
    assert "火の粉払: no card of this name or number in the catalog (did you mean '火の粉払い'?)" in r.stderr
    for field, words in [("nothing.yaml", ("nothing.yaml", "no such file or folder")),
                         ("nothing/", ("nothing/", "no such file or folder")),
                         ("empty.yaml", ("empty.yaml", "the file is empty")),
                         ("empty.txt", ("empty.txt", "the file is empty")),
                         ("comments.yaml", ("comments.yaml", "no decks in the file")),
                         ("binary.yaml", ("binary.yaml", "binary")),
                         ("binary.txt", ("binary.txt", "binary")),
                         ("share.yaml", ("share.yaml", "deck 1 (blue.txt)", "share must be a number",
                                         "'lots'")),
                         ("gone.yaml", ("gone.yaml", "deck 1", "green.txt", "deck file not found"))]:
        one_line(zx("optimize", RED, try_ok, "--field", field, "-n", "2", cwd=tmp_path), *words)
        one_line(zx("gauntlet", RED, field, "-n", "2", cwd=tmp_path), *words)
    for cands, words in [("nothing.txt", ("nothing.txt", "candidates file not found")),
                         ("empty.txt", ("empty.txt", "no candidate")),
                         ("binary.yaml", ("binary.yaml", "binary", "not a candidates file")),
                         (".", ("is a folder, not a candidates file",))]:
        one_line(zx("optimize", RED, "--candidates", cands, cwd=tmp_path), *words)


def _race(stopped: str, original_rate: float | None, name: str = "-2 紅蓮の業火 +2 熔岩炎狼ソルガ") -> dict:
    return {"confidence": 0.95, "seed": 0, "games_played": 9, "full_budget": 400, "stopped": stopped,
            "field": [1, 2, 3], "illegal": [{"candidate": "-3 火の粉払い +3 紅蓮の業火",
                                            "errors": ["copy-limit: main deck: 5 cards named 紅蓮の業火 "
                                                       "(ZX01-052) of at most 4"] * 2}],
            "original": {"win_rate": original_rate, "games": 3},
            "ranking": [{"candidate": name, "win_rate": None, "difference": None, "interval": None,
                         "games": 2, "eliminated_after_round": None},
                        {"candidate": "+1 x", "win_rate": 0.5, "difference": -1.0, "interval": [-1.0, 1.0],
                         "games": 300, "eliminated_after_round": 12}]}


def test_interrupted_race_fits_100_columns_and_says_why_a_value_is_missing() -> None:
    from zxdeck.termtext import width

    text = render_race(_race("interrupted", None, "+4 " + "紅蓮皇竜オーバーブレイズ" * 4))
    assert max(width(line) for line in text.splitlines()) <= 100, text
    assert "-100.0..+100.0" in text
    assert "win % -: no game yet against every field deck" in text
    assert "vs orig. / CI -:" in text and "--resume DIR" in text
    whole = render_race(_race("halving", 0.5))
    assert any(line.split()[:2] == ["original", "50.0"] for line in whole.splitlines())
    assert "vs orig. / CI -:" in whole and "interrupted" not in whole
