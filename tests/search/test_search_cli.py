"""`zxdeck search`, `zxdeck card`, `zxdeck db` through the real entry point (INTERFACES.md section 4)."""

from __future__ import annotations

import csv
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_main import Run
from cli_main import run_cli as zx
from hypothesis import given, settings
from hypothesis import strategies as st
from search_data import ALL_IDS
from wcwidth import wcswidth

from zxdeck.catalog.db import cache_file, catalog_digest
from zxdeck.catalog.synthetic import synthetic_catalog_yaml


def ids(run: Run) -> list[str]:
    assert run.code == 0, run.err
    return run.out.split()


def test_search_formats(catalog_file: Path) -> None:
    cards = ["--cards", str(catalog_file)]
    assert ids(zx(*cards, "search", "c:red", "t:zx", "--format", "ids")) == ["T01-001", "T01-002"]
    data = json.loads(zx(*cards, "search", "id=T01-001", "--format", "json").out)
    assert data == [{
        "id": "T01-001", "name": "紅蓮の剣士ジーク", "name_en": "Siegh, Crimson Swordsman",
        "type": "zx", "color": "red", "cost": 3, "power": 5000, "races": ["ドラゴン", "武人"],
        "icons": ["ignition"], "keywords": [], "text": "【自】このカードが登場した時、カードを1枚引く。",
        "abilities": [{"kind": "auto", "trigger": "enter", "effects": [{"do": "draw", "n": 1}]}],
        "rarity": "SR",
    }]
    rows = list(csv.DictReader(io.StringIO(zx(*cards, "search", "t:ex", "--format", "csv").out)))
    assert [r["id"] for r in rows] == ["EV01-001", "EX01-001"]
    assert rows[1]["races"] == "ドラゴン" and rows[1]["power"] == "14000" and rows[0]["power"] == ""
    assert rows[0]["player"] == "青葉千歳" and rows[0]["timing"] == ""  # E-2: no timing of its own


def test_table_aligns_japanese_text(catalog_file: Path) -> None:
    run = zx("--cards", str(catalog_file), "search", "t:zx or t:event")
    assert run.code == 0
    lines = run.out.rstrip("\n").splitlines()
    assert lines[-1] == "9 cards"
    body = [line for line in lines[2:-1]]
    assert len(body) == 9
    # the type column starts at the same display column on every line (wide characters count 2)
    starts = {wcswidth(line[: line.index(" zx " if " zx " in line else " event ") + 1]) for line in body}
    assert len(starts) == 1
    assert any("紅蓮の剣士ジーク" in line for line in body)
    assert "IG" in next(line for line in body if line.startswith("T01-001"))


def test_leading_negated_term_is_a_term_not_an_option(catalog_file: Path) -> None:
    """Section 4: `zxdeck search -is:ig c:red` begins with a negated term."""
    run = zx("--cards", str(catalog_file), "search", "-is:ig", "c:red", "--format", "ids")
    assert ids(run) == ["EX01-001", "T01-002", "T01-010"]
    assert ids(zx("--cards", str(catalog_file), "search", "--format", "ids", "-c:red", "-t:player",
                  "-t:zx")) == ["EV01-001", "OB01-001", "SH01-001", "T01-011"]
    assert ids(zx("--cards", str(catalog_file), "search", "-hoge", "c:red", "--format", "ids")) == [
        "EX01-001", "T01-001", "T01-002", "T01-010"]


def test_several_arguments_equal_one(catalog_file: Path) -> None:
    one = zx("--cards", str(catalog_file), "search", "c:red or c:blue t:zx", "--format", "ids")
    many = zx("--cards", str(catalog_file), "search", "c:red", "or", "c:blue", "t:zx", "--format", "ids")
    assert ids(one) == ids(many) == ["EX01-001", "T01-001", "T01-002", "T01-003", "T01-010"]


def test_sort_reverse_limit(catalog_file: Path) -> None:
    run = zx("--cards", str(catalog_file), "search", "t:zx", "--sort", "power", "--reverse",
             "--limit", "3", "--format", "ids")
    assert ids(run) == ["T01-005", "T01-004", "T01-001"]
    assert ids(zx("--cards", str(catalog_file), "search", "--sort", "name", "--format", "ids")) != sorted(ALL_IDS)


def test_limited_table_says_how_many_matched(catalog_file: Path) -> None:
    run = zx("--cards", str(catalog_file), "search", "c:red", "--limit", "2")
    assert run.code == 0 and run.out.rstrip().splitlines()[-1] == "2 of 4 cards"
    run = zx("--cards", str(catalog_file), "search", "c:red", "--limit", "9")
    assert run.out.rstrip().splitlines()[-1] == "4 cards"
    run = zx("--cards", str(catalog_file), "search", "id=T01-001")
    assert run.out.rstrip().splitlines()[-1] == "1 card"


def test_no_result_is_exit_0(catalog_file: Path) -> None:
    run = zx("--cards", str(catalog_file), "search", "n:存在しない")
    assert run.code == 0 and run.out.strip() == "0 cards"
    run = zx("--cards", str(catalog_file), "search", "n:存在しない", "--format", "json")
    assert run.code == 0 and json.loads(run.out) == []


@pytest.mark.parametrize("query", ["foo:bar", "(c:red", "c:", "cost>=x", "c:red or", "n:/[/"])
def test_bad_query_is_one_line_and_exit_2(catalog_file: Path, query: str) -> None:
    run = zx("--cards", str(catalog_file), "search", query)
    assert run.code == 2
    assert run.out == ""
    assert run.err.startswith("zxdeck: error: bad query: ") and run.err.count("\n") == 1
    assert "Traceback" not in run.err


def test_bad_options_and_catalog_are_exit_2(catalog_file: Path, tmp_path: Path) -> None:
    assert zx("--cards", str(catalog_file), "search", "--format", "xml", "c:red").code == 2
    assert zx("--cards", str(catalog_file), "search", "--limit", "-1", "c:red").code == 2
    run = zx("--cards", str(tmp_path / "none.yaml"), "search", "c:red")
    assert run.code == 2 and "catalog file not found" in run.err


def test_misplaced_long_option_is_not_taken_as_a_query(catalog_file: Path) -> None:
    run = zx("search", "c:red", "--cards", str(catalog_file))
    assert run.code == 2 and "no such option: --cards" in run.err and "global options go before" in run.err
    run = zx("--cards", str(catalog_file), "search", "c:red", "--lmit", "3")
    assert run.code == 2 and "no such option: --lmit" in run.err


def test_search_help(catalog_file: Path) -> None:
    for flag in ("--help", "-h"):
        run = zx("search", flag)
        assert run.code == 0 and "Scryfall" in run.out and "--format" in run.out


def test_card_by_id_name_and_english_name(catalog_file: Path) -> None:
    for key in ("T01-001", "t01-001", "紅蓮の剣士ジーク", "紅蓮の剣士じーく", "siegh, crimson swordsman",
                "ＳＩＥＧＨ,  Crimson Swordsman"):
        run = zx("--cards", str(catalog_file), "card", key)
        assert run.code == 0, (key, run.err)
        assert run.out.startswith("T01-001  紅蓮の剣士ジーク\n")
    out = zx("--cards", str(catalog_file), "card", "T01-001").out
    for needle in ("type      zx (ゼクス)", "color     red (赤)", "cost      3", "power     5000",
                   "races     ドラゴン, 武人", "icons     ignition", "rarity    SR",
                   "  【自】このカードが登場した時、カードを1枚引く。", "abilities", "kind: auto"):
        assert needle in out, needle
    both_words = zx("--cards", str(catalog_file), "card", "Sky", "Dragon", "Emperor")
    assert both_words.code == 0 and both_words.out.startswith("EX01-001")


def test_card_json(catalog_file: Path) -> None:
    run = zx("--cards", str(catalog_file), "card", "P01-001", "--format", "json")
    assert json.loads(run.out) == {"id": "P01-001", "name": "青葉千歳", "name_en": "Chitose Aoba",
                                   "type": "player", "races": [], "icons": [], "keywords": [],
                                   "text": ""}


def test_card_did_you_mean(catalog_file: Path) -> None:
    run = zx("--cards", str(catalog_file), "card", "紅蓮の剣士ジーグ")
    assert run.code == 2
    assert "no card '紅蓮の剣士ジーグ'" in run.err and "did you mean: 紅蓮の剣士ジーク (T01-001)" in run.err
    run = zx("--cards", str(catalog_file), "card", "Siegh Crimson")
    assert run.code == 2 and "紅蓮の剣士ジーク (T01-001)" in run.err
    run = zx("--cards", str(catalog_file), "card", "zzzzqqqq")
    assert run.code == 2 and "zxdeck search" in run.err


def test_card_shared_name_shows_every_printing(tmp_path: Path) -> None:
    path = tmp_path / "reprint.yaml"
    path.write_text("cards:\n  - {id: A-1, name: 同名, type: zx}\n  - {id: B-1, name: 同名, type: zx}\n",
                    encoding="utf-8")
    run = zx("--cards", str(path), "card", "同名")
    assert run.code == 0 and run.out.startswith("A-1") and "\n\nB-1  同名" in run.out
    assert [c["id"] for c in json.loads(zx("--cards", str(path), "card", "同名", "--format", "json").out)] == [
        "A-1", "B-1"]


def test_db_path_build_info(catalog_file: Path, cache_dir: Path) -> None:
    expected = cache_file(catalog_digest(catalog_file.read_bytes()))
    run = zx("--cards", str(catalog_file), "db", "path")
    assert run.code == 0 and run.out.strip() == str(expected)
    assert not expected.exists()  # `db path` only tells
    run = zx("--cards", str(catalog_file), "db", "build")
    assert run.code == 0 and run.out.startswith(f"built {expected}: 15 cards from {catalog_file}")
    assert expected.is_file()
    run = zx("--cards", str(catalog_file), "db", "info")
    assert run.code == 0
    assert f"catalog   {catalog_file}" in run.out
    assert "cards     15" in run.out
    assert "by type   event 2, event_ex 1, player 2, shift 1, zx 7, zx_ex 1, zx_ob 1" in run.out
    assert "by color  red 4, blue 2, white 2, black 1, green 2, colorless 2" in run.out
    info = json.loads(zx("--cards", str(catalog_file), "db", "info", "--format", "json").out)
    assert info["digest"] == catalog_digest(catalog_file.read_bytes())
    assert info["size_bytes"] == expected.stat().st_size


def test_cards_from_the_environment(catalog_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ZXDECK_CARDS", str(catalog_file))
    assert ids(zx("search", "is:vb", "--format", "ids")) == ["T01-004"]


def test_whole_process_with_a_leading_negation(catalog_file: Path, cache_dir: Path) -> None:
    """A real process, as a shell runs it: cold (builds the cache), then warm."""
    env = {**os.environ, "ZXDECK_CACHE_DIR": str(cache_dir), "ZXDECK_CARDS": str(catalog_file)}
    for _ in range(2):
        proc = subprocess.run([sys.executable, "-m", "zxdeck", "search", "-is:ig", "c:red", "--format", "ids"],
                              capture_output=True, text=True, env=env, timeout=60)
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.split() == ["EX01-001", "T01-002", "T01-010"]
    proc = subprocess.run([sys.executable, "-m", "zxdeck", "search", "c:red)"],
                          capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 2 and proc.stderr.startswith("zxdeck: error: bad query")


def test_warm_search_imports_no_heavy_module(catalog_file: Path, cache_dir: Path) -> None:
    """A warm `zxdeck search --format ids` needs neither sqlite_utils nor tabulate nor rapidfuzz."""
    env = {**os.environ, "ZXDECK_CACHE_DIR": str(cache_dir), "ZXDECK_CARDS": str(catalog_file)}
    script = (
        "import sys\n"
        "from zxdeck.cli import main\n"
        "try:\n    main(['search', 'c:red', '--format', 'ids'])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in ('sqlite_utils', 'tabulate', 'rapidfuzz', 'rich') if m in sys.modules))\n"
    )
    subprocess.run([sys.executable, "-m", "zxdeck", "db", "build"], env=env, check=True, capture_output=True)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines()[-1] == "[]"


def _tabulate_simple(rows: list) -> str:
    from tabulate import tabulate

    from zxdeck.catalog.present import TABLE_HEADERS

    return tabulate(rows, headers=list(TABLE_HEADERS), tablefmt="simple", disable_numparse=True,
                    colalign=("left", "left", "left", "left", "right", "right", "left", "left"))


def test_result_table_is_tabulates_simple_layout() -> None:
    """The table is laid out without importing tabulate, exactly as tabulate (with wcwidth) lays
    it out: every card of the built-in catalog and of a synthetic one, in slices of many sizes."""
    from zxdeck.catalog import load_catalog
    from zxdeck.catalog.loader import parse_catalog
    from zxdeck.catalog.present import TABLE_HEADERS, TABLE_RIGHT, simple_table, table_rows

    for cards in (list(load_catalog()), parse_catalog(synthetic_catalog_yaml(1500, seed=2).encode())):
        for size in (1, 3, 40, len(cards)):
            for start in range(0, len(cards), max(size, 101)):
                rows = table_rows(cards[start:start + size])
                assert simple_table(TABLE_HEADERS, rows, TABLE_RIGHT) == _tabulate_simple(rows)


_NAME_CHARS = st.sampled_from(
    list("abcXYZ09 -・ー") + [chr(c) for c in range(0x3041, 0x3097)] + [chr(c) for c in range(0x30A1, 0x30FB)]
    + list("紅蓮剣士竜騎蒼天白銀黒影") + [chr(c) for c in range(0xFF10, 0xFF1A)] + [chr(c) for c in range(0xFF66, 0xFF9E)]
    + ["\u3099", "\u309a", "\u0301", "★", "☆", "①", "Ⅱ", "é"]
)


@settings(max_examples=200, deadline=None)
@given(rows=st.lists(st.tuples(*[st.text(_NAME_CHARS, max_size=12) for _ in range(8)]), min_size=1, max_size=6))
def test_result_table_matches_tabulate_on_any_card_like_text(rows: list) -> None:
    from zxdeck.catalog.present import TABLE_HEADERS, TABLE_RIGHT, simple_table

    rows = [list(r) for r in rows]
    assert simple_table(TABLE_HEADERS, rows, TABLE_RIGHT) == _tabulate_simple(rows)
