"""`zxdeck deck diff A B` (zxdeck.deck.diff): added, removed and changed cards per section."""

from __future__ import annotations

import json

import pytest
from deck_testdata import LEGAL_DECK, replace_line

from zxdeck.deck import parse_text
from zxdeck.deck.diff import diff_decks, render_diff
from zxdeck.errors import ZxError

CHANGED = replace_line(LEGAL_DECK, "4 T01-013", "2 T01-013")
CHANGED = replace_line(CHANGED, "4 T01-014", "2 T01-030")  # T01-014 out, T01-030 in
CHANGED = replace_line(CHANGED, "Player: 青葉千歳", "Player: 上柚木綾瀬")
CHANGED = replace_line(CHANGED, "2 T05-011", "2 T05-011\n1 千歳の守護竜の影")  # unknown card


def test_diff_of_a_deck_with_itself_is_empty(catalog) -> None:
    deck = parse_text(LEGAL_DECK, catalog, "a.txt")
    diff = diff_decks(deck, parse_text(LEGAL_DECK.replace("4 T01-001", "T01-001 x4"), catalog, "b.txt"))
    assert diff.same and all(s.same for s in diff.sections)
    assert "main: no change" in render_diff(diff)


def test_diff_sections_added_removed_changed(catalog) -> None:
    diff = diff_decks(parse_text(LEGAL_DECK, catalog, "a.txt"), parse_text(CHANGED, catalog, "b.txt"))
    by = {s.section: s for s in diff.sections}
    assert by["player"].added == [("P01-002", "上柚木綾瀬", 1)]
    assert by["player"].removed == [("P01-001", "青葉千歳", 1)]
    assert by["main"].added == [("T01-030", "緑の若芽", 2)]
    assert by["main"].removed == [("T01-014", "烈火の騎士", 4)]
    assert by["main"].changed == [("T01-013", "火の鳥", 4, 2)]
    assert by["main"].total == (50, 46)
    assert [(n, k) for _, n, k in by["dunamis"].added] == [("千歳の守護竜の影", 1)]
    doc = diff.to_dict()
    assert doc["same"] is False and doc["sections"]["dunamis"]["added"][0]["card"] is None
    text = render_diff(diff)
    assert "main: 1 added, 1 removed, 1 changed (50 -> 46 cards)" in text
    assert "  ~ 4 -> 2 T01-013  火の鳥" in text and "  + 1 (unknown)  千歳の守護竜の影" in text


def test_diff_refuses_a_deck_with_a_line_it_cannot_read(catalog) -> None:
    with pytest.raises(ZxError) as info:
        diff_decks(parse_text(LEGAL_DECK, catalog, "a.txt"),
                   parse_text(LEGAL_DECK + "what is this\n", catalog, "b.txt"))
    assert info.value.exit_code == 2 and "b.txt" in str(info.value) and "line" in str(info.value)


def test_cli_diff_exit_status_and_json(run_cli, tmp_path) -> None:
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text(LEGAL_DECK, encoding="utf-8")
    b.write_text(CHANGED, encoding="utf-8")
    assert run_cli("deck", "diff", str(a), str(a)).exit_code == 0
    result = run_cli("deck", "diff", "--format", "json", str(a), str(b))
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert doc["sections"]["main"]["changed"] == [{"card": "T01-013", "name": "火の鳥", "from": 4, "to": 2}]
    assert run_cli("deck", "diff", str(a), str(tmp_path / "missing.txt")).exit_code == 2
