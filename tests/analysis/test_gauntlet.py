"""`zxdeck gauntlet DECK FIELD` (zxdeck.analysis.field): the field file, the weighted win rate and
its interval, common random numbers, --jobs, --resume, and MOZ."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from zxdeck.analysis.field import field_rate, read_field
from zxdeck.errors import ZxError
from zxdeck.sim.stats import Z95, Tally, wilson

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "examples" / "decks"
RED, BLUE, GREEN = (str(DECKS / f"{c}.txt") for c in ("red", "blue", "green"))


def zx(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "zxdeck", *args], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)


def tally(a: int, b: int, draws: int = 0) -> Tally:
    t = Tally()
    for winner, n in (("a", a), ("b", b), (None, draws)):
        for _ in range(n):
            t.add({"winner": winner, "first": "a", "reason": "life", "turns": 3, "decisions": 5})
    return t


def test_field_from_a_folder_and_from_a_yaml_file(tmp_path: Path) -> None:
    folder = read_field(str(DECKS))
    assert [f.name for f in folder] == ["black", "blue", "green", "red", "white"]
    assert all(f.share == 0.2 for f in folder)
    shutil.copy(RED, tmp_path / "red.txt")  # a deck beside the field file
    (tmp_path / "field.yaml").write_text(
        f"decks:\n  - deck: {BLUE}\n    share: 0.3\n  - deck: {GREEN}\n    share: 0.9\n"
        "  - deck: red.txt\n", encoding="utf-8")
    f = read_field(str(tmp_path / "field.yaml"))
    assert [x.name for x in f] == ["blue", "green", "red"]
    assert f[2].path == str(tmp_path / "red.txt")  # relative to the field file
    # shares over 1 already: the deck without one gets the mean of the others, then all are scaled
    assert [round(x.share, 6) for x in f] == [round(v / 1.8, 6) for v in (0.3, 0.9, 0.6)]
    assert math.isclose(sum(x.share for x in f), 1.0)
    (tmp_path / "two.yaml").write_text(f"decks:\n  - deck: {BLUE}\n    share: 0.25\n  - {GREEN}\n")
    assert [x.share for x in read_field(str(tmp_path / "two.yaml"))] == [0.25, 0.75]


@pytest.mark.parametrize(("text", "message"), [
    ("decks: 3\n", "expected `decks:`"),
    ("decks: []\n", "expected `decks:`"),
    ("decks:\n  - share: 0.2\n", "deck 1: expected `deck: FILE`"),
    ("decks:\n  - deck: a.txt\n    share: 0\n", "share must be a number above 0, not 0"),
    ("decks:\n  - deck: a.txt\n    weight: 2\n", "unknown key 'weight'"),
    ("decks: [a.txt\n", "YAML error"),
])
def test_bad_field_files_are_one_line_errors(tmp_path: Path, text: str, message: str) -> None:
    p = tmp_path / "f.yaml"
    p.write_text(text)
    with pytest.raises(ZxError, match=message) as err:
        read_field(str(p))
    assert str(err.value).startswith(str(p)) and "\n" not in str(err.value)
    with pytest.raises(ZxError, match="folder of decks, a deck file or a YAML file"):
        read_field(str(tmp_path / "field.md"))
    assert read_field(str(DECKS / "red.txt"))[0].share == 1.0  # one deck: a field of one


def test_the_field_rate_and_its_interval_by_hand() -> None:
    t1, t2 = tally(6, 4), tally(2, 7, 1)  # 0.6 of 10, 0.25 of 10
    rate, (lo, hi) = field_rate([t1, t2], [0.25, 0.75])
    assert rate == pytest.approx(0.25 * 0.6 + 0.75 * 0.25)
    se = [(h - lw) / (2 * Z95) for lw, h in (wilson(6, 10), wilson(2.5, 10))]
    half = Z95 * math.sqrt((0.25 * se[0]) ** 2 + (0.75 * se[1]) ** 2)
    assert (lo, hi) == pytest.approx((rate - half, rate + half))
    assert field_rate([t1, Tally()], [0.5, 0.5]) == (None, None)  # a deck of the field unplayed
    assert field_rate([tally(10, 0)], [1.0])[1][1] == 1.0  # kept inside [0, 1]


def test_gauntlet_is_sim_against_each_deck_on_the_same_seeds(tmp_path: Path) -> None:
    (tmp_path / "field.yaml").write_text(f"decks:\n  - deck: {BLUE}\n    share: 0.3\n"
                                         f"  - deck: {GREEN}\n    share: 0.7\n")
    out = tmp_path / "run"
    g1 = zx("gauntlet", RED, str(tmp_path / "field.yaml"), "-n", "6", "--seed", "4", "--jobs", "1",
            "--format", "json", "--out", str(out))
    g2 = zx("gauntlet", RED, str(tmp_path / "field.yaml"), "-n", "6", "--seed", "4", "--jobs", "2",
            "--format", "json")
    assert g1.returncode == 0 and g2.returncode == 0, g1.stderr + g2.stderr
    d1, d2 = json.loads(g1.stdout), json.loads(g2.stdout)
    d1.pop("timing"), d2.pop("timing")
    d1.pop("manifest"), d2.pop("manifest")
    assert d1 == d2
    blue, green = d1["field"]
    assert (blue["deck"], blue["share"], green["share"]) == ("blue", 0.3, 0.7)
    assert d1["win_rate"] == round(0.3 * blue["win_rate"] + 0.7 * green["win_rate"], 4)
    assert d1["interval"][0] <= d1["win_rate"] <= d1["interval"][1]
    # against blue it is `sim RED BLUE` on the same seed: the same games
    s = json.loads(zx("sim", RED, BLUE, "-n", "6", "--seed", "4", "--jobs", "1", "--format", "json").stdout)
    assert (blue["wins"], blue["losses"], blue["win_rate"]) == (s["a"]["wins"], s["b"]["wins"], s["win_rate"])
    # the same seeds for every opponent (common random numbers)
    recs = [json.loads(x) for x in (out / "games.jsonl").read_text().splitlines()]
    seeds = {}
    for r in recs:
        seeds.setdefault(r["match"], []).append(r["seed"])
    assert list(seeds) == ["red vs blue", "red vs green"] and seeds["red vs blue"] == seeds["red vs green"]
    # resume after a stop: the same result
    lines = (out / "games.jsonl").read_text(encoding="utf-8").splitlines(keepends=True)
    (out / "games.jsonl").write_text("".join(lines[:5]), encoding="utf-8")  # a stop after 5 games
    (out / "result.json").unlink()
    again = zx("gauntlet", "--resume", str(out), "--format", "json")
    assert again.returncode == 0, again.stderr
    d3 = json.loads(again.stdout)
    assert d3["field"] == d1["field"] and d3["win_rate"] == d1["win_rate"]
    table = zx("gauntlet", RED, str(tmp_path / "field.yaml"), "-n", "2", "--jobs", "1")
    assert "Expected win rate against the field" in table.stdout


def test_gauntlet_errors_and_moz() -> None:
    r = zx("gauntlet", RED)
    assert r.returncode == 2 and "give a deck and a field" in r.stderr
    r = zx("gauntlet", RED, str(DECKS / "nothing.yaml"))
    assert r.returncode == 2 and "no such file or folder" in r.stderr and "Traceback" not in r.stderr
    moz = ROOT / "examples" / "moz"
    m = zx("--game", "moz", "gauntlet", str(moz / "shell_dragons.txt"), str(moz), "-n", "2", "--format", "csv")
    assert m.returncode == 0, m.stderr
    rows = m.stdout.splitlines()
    assert rows[0] == "opponent,share,games,win_rate,low,high" and rows[-1].startswith("(field),1.0,8,")


def test_a_resumed_gauntlet_never_runs_the_manifests_bot(tmp_path: Path) -> None:
    """A `bot:` agent in a run's manifest is a command line: --resume runs it only when it is
    typed again (as `sim --resume`), else exit 2 saying which option to give."""
    run = tmp_path / "run"
    bot = f"bot:{sys.executable} {ROOT / 'examples' / 'bots' / 'random_bot.py'}"
    r = zx("gauntlet", RED, BLUE, "-n", "2", "--jobs", "1", "--field-ai", bot, "--out", str(run))
    assert r.returncode == 0, r.stderr
    r = zx("gauntlet", "--resume", str(run))
    assert r.returncode == 2 and "--field-ai is a bot" in r.stderr and "Traceback" not in r.stderr
    r = zx("gauntlet", "--resume", str(run), "--field-ai", bot, "--format", "json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["games"] == 2
