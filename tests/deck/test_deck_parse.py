"""Reading deck files (INTERFACES.md section 2): syntax, encodings, YAML/JSON, and bad input."""

from __future__ import annotations

import json

import pytest
from deck_testdata import LEGAL_DECK, codes

from zxdeck.deck import parse_bytes, parse_text, read_deck, validate
from zxdeck.deck.parse import MAX_BYTES
from zxdeck.errors import DeckFileError


def _main(deck) -> list[tuple[str, int]]:
    return [(e.card.id if e.card else e.text, e.count) for e in deck.main]


@pytest.mark.parametrize(
    "line",
    ["4 T01-002", "4x T01-002", "4X T01-002", "x4 T01-002", "T01-002 x4", "炎の竜 x4", "炎の竜×4",
     "4 x 炎の竜", "４　Ｔ０１－００２", "４ｘ　炎の竜", "4 flame dragon", "4 FLAME   DRAGON",
     "4 Ｆｌａｍｅ　Ｄｒａｇｏｎ", "4 t01-002", "4 炎の竜  # trailing comment", "炎の竜 4枚", "4枚 炎の竜",
     "\t4\tT01-002  ", "- 4 T01-002", "・4x 炎の竜",
     "Flame Dragon×4", "flame dragon x 4", "T01-002*4"],
)
def test_card_line_forms(catalog, line) -> None:
    """Section 2: count forms, full-width digits/letters/spaces, English names, case, comments."""
    deck = parse_text(line, catalog)
    assert deck.problems == []
    assert _main(deck) == [("T01-002", 4)]


def test_card_without_count_is_one_copy(catalog) -> None:
    deck = parse_text("T01-002\n炎の竜\n", catalog)
    assert _main(deck) == [("T01-002", 1), ("T01-002", 1)]


@pytest.mark.parametrize(
    "header",
    ["Dunamis", "dunamis:", "DUNAMIS :", "[Dunamis]", "[ dunamis ]", "Dunamis (2)", "デュナミス", "ダイナミス:",
     "Dunamis deck (2枚)", "【デュナミス】"],
)
def test_section_headers(catalog, header) -> None:
    """Section 2: headers are case-insensitive, colon optional, alone or in brackets."""
    deck = parse_text(f"Main:\n4 T01-002\n{header}\n2 T05-001\n[Deck]\n1 T01-003\n", catalog)
    assert deck.problems == []
    assert [(e.section, e.card.id, e.count) for e in deck.entries] == [
        ("main", "T01-002", 4), ("dunamis", "T05-001", 2), ("main", "T01-003", 1)]


def test_player_line_and_player_section(catalog) -> None:
    """Section 2 / D-15: `Player: NAME` (name, English name or number) or a [Player] section."""
    for text in ("Player: 青葉千歳", "player: chitose aoba", "PLAYER:P01-001", "[Player]\n青葉千歳",
                 "Player\n1 青葉千歳"):
        deck = parse_text(text + "\n[Main]\n1 T01-002\n", catalog)
        assert deck.problems == [], text
        assert deck.player_card is not None and deck.player_card.id == "P01-001", text
        assert _main(deck) == [("T01-002", 1)], text


def test_player_line_does_not_end_the_current_section(catalog) -> None:
    deck = parse_text("Dunamis:\n1 T05-001\nPlayer: 青葉千歳\n1 T05-002\n", catalog)
    assert [(e.section, e.card.id) for e in deck.entries] == [
        ("dunamis", "T05-001"), ("player", "P01-001"), ("dunamis", "T05-002")]


def test_comments_and_blank_lines(catalog) -> None:
    deck = parse_text("# whole line\n\n   \n＃ full-width comment\n4 T01-002 # four\n", catalog)
    assert deck.problems == [] and _main(deck) == [("T01-002", 4)]


def test_name_prefers_a_card_of_the_section_type(catalog) -> None:
    """A name shared by two cards: the number wins; reprints with the same rules are not ambiguous."""
    deck = parse_text("4 紅蓮の剣士ジーク\n", catalog)
    assert deck.main[0].card.name == "紅蓮の剣士ジーク" and deck.problems == []


def test_unknown_card_has_line_and_suggestions(catalog) -> None:
    """unknown-card: line and up to 3 suggestions ranked by similarity (name, English, number)."""
    deck = parse_text("# x\n4 紅蓮の剣士ジーグ\n2 Flame Dragn\n1 T01-00Z\n", catalog)
    assert codes(deck.problems) == ["unknown-card"] * 3
    jp, en, num = deck.problems
    assert jp.line == 2 and jp.suggestions[0] == "紅蓮の剣士ジーク"
    assert en.line == 3 and en.suggestions[0] == "Flame Dragon"
    assert num.suggestions and num.suggestions[0].startswith("T01-00")
    assert all(len(p.suggestions) <= 3 for p in deck.problems)
    assert "did you mean" in jp.hint


def test_parse_error_lines(catalog) -> None:
    """parse-error: a line that is neither a card line nor a header, with its line number."""
    deck = parse_text("4 T01-002\nthis is not a card line\n[Sideboard]\n4\n", catalog)
    assert codes(deck.problems) == ["parse-error"] * 3
    assert [p.line for p in deck.problems] == [2, 3, 4]


@pytest.mark.parametrize("count", ["0", "-1", "99999999", "+0"])
def test_bad_counts_are_parse_errors(catalog, count) -> None:
    """A count of 0, -1 or 99999999 is one clear parse-error on its line (deck invalid, exit 1)."""
    deck = parse_text(f"4 T01-002\n{count} T01-003\n", catalog)
    assert codes(deck.problems) == ["parse-error"]
    assert deck.problems[0].line == 2 and "out of range" in deck.problems[0].message


def test_very_long_line_is_a_parse_error_and_fast(catalog) -> None:
    deck = parse_text("4 T01-002\n" + "ア" * 100_000 + "\n", catalog)
    assert codes(deck.problems) == ["parse-error"]
    assert "100000 characters" in deck.problems[0].message


def test_many_bad_lines_are_capped(catalog) -> None:
    deck = parse_text("garbage line\n" * 5000, catalog)
    assert len(deck.problems) <= 101
    assert "more lines" in deck.problems[-1].message


# ---------------------------------------------------------------- encodings (files in tmp_path)


def test_cp932_file(catalog, tmp_path) -> None:
    """Section 2: Shift_JIS / CP932 files from Windows (with CRLF)."""
    path = tmp_path / "sjis.txt"
    path.write_bytes(LEGAL_DECK.replace("4 T01-002", "4 炎の竜").replace("\n", "\r\n").encode("cp932"))
    deck = read_deck(path, catalog)
    assert deck.encoding == "cp932" and deck.problems == []
    assert validate(deck).valid


def test_utf8_bom_crlf_file(catalog, tmp_path) -> None:
    """Section 2: UTF-8 with BOM and CRLF line ends."""
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + LEGAL_DECK.replace("\n", "\r\n").encode("utf-8"))
    deck = read_deck(path, catalog)
    assert deck.encoding == "utf-8-sig" and deck.problems == []
    assert validate(deck).valid


def test_utf16_file_from_notepad(catalog, tmp_path) -> None:
    path = tmp_path / "u16.txt"
    path.write_bytes(LEGAL_DECK.replace("\n", "\r\n").encode("utf-16"))
    assert validate(read_deck(path, catalog)).valid


def test_bom_before_first_header(catalog, tmp_path) -> None:
    path = tmp_path / "bomheader.txt"
    path.write_bytes(b"\xef\xbb\xbfPlayer: \xe9\x9d\x92\xe8\x91\x89\xe5\x8d\x83\xe6\xad\xb3\n")
    deck = read_deck(path, catalog)
    assert deck.problems == [] and deck.player_card.id == "P01-001"


# ---------------------------------------------------------------- YAML and JSON decks


def test_yaml_deck_with_lines(catalog, tmp_path) -> None:
    """YAML decks: {player, main: [{card, count}], dunamis}; problems keep their YAML line."""
    path = tmp_path / "deck.yaml"
    path.write_text(
        "player: 青葉千歳\nmain:\n  - {card: T01-002, count: 4}\n  - card: Red Archer\n    count: 2\n"
        "  - 3x T01-004\n  - {card: no such card}\n  - {card: T01-005, count: 0}\n"
        "dunamis:\n  - {card: T05-001, count: 2}\n",
        encoding="utf-8",
    )
    deck = read_deck(path, catalog)
    assert _main(deck) == [("T01-002", 4), ("T01-003", 2), ("T01-004", 3), ("no such card", 1)]
    assert [(e.card.id, e.count) for e in deck.dunamis] == [("T05-001", 2)]
    assert deck.player_card.id == "P01-001"
    assert [(p.code, p.line) for p in deck.problems] == [("unknown-card", 7), ("parse-error", 8)]


def test_json_deck_and_plain_list(catalog, tmp_path) -> None:
    path = tmp_path / "deck.json"
    path.write_text(json.dumps({"player": "P01-001", "main": [{"card": "T01-002", "count": 4}],
                                "dunamis": ["2 T05-001"]}), encoding="utf-8")
    deck = read_deck(path, catalog)
    assert _main(deck) == [("T01-002", 4)] and deck.dunamis[0].count == 2
    listed = tmp_path / "list.json"
    listed.write_text(json.dumps(["T01-002", "T01-002", "T01-003"]), encoding="utf-8")
    assert _main(read_deck(listed, catalog)) == [("T01-002", 1), ("T01-002", 1), ("T01-003", 1)]


@pytest.mark.parametrize(
    ("name", "content", "needle"),
    [
        ("bad.json", "{not json", "JSON error"),
        ("bad.yaml", "main: [\n", "YAML error"),
        ("evil.yaml", "!!python/object/apply:os.system ['echo hi']\n", "line 1: YAML tag '!!python/object"),
        ("scalar.yaml", "just a string\n", "is a mapping"),
        ("hugeint.json", '{"main": [{"card": "T01-002", "count": ' + "9" * 5000 + "}]}",
         "line 1: a number of more than 4,300 digits"),
        ("hugeint.yaml", "main:\n  - {card: T01-002, count: " + "9" * 5000 + "}\n",
         "line 2: a number of more than 4,300 digits"),
    ],
)
def test_broken_structured_decks_cannot_be_read(catalog, tmp_path, name, content, needle) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(DeckFileError) as info:
        read_deck(path, catalog)
    assert needle in str(info.value) and name in str(info.value) and info.value.exit_code == 2


def test_structured_bad_entries_are_parse_errors(catalog, tmp_path) -> None:
    path = tmp_path / "deck.json"
    path.write_text(json.dumps({"main": [{"count": 4}, [1, 2], {"card": "T01-002", "count": "four"}]}))
    deck = read_deck(path, catalog)
    assert codes(deck.problems) == ["parse-error"] * 3
    assert deck.problems[0].message.startswith("main[0]: ")


# ---------------------------------------------------------------- files that cannot be read (exit 2)


def test_missing_file(catalog, tmp_path) -> None:
    with pytest.raises(DeckFileError, match="not found") as info:
        read_deck(tmp_path / "nope.txt", catalog)
    assert info.value.exit_code == 2


def test_folder(catalog, tmp_path) -> None:
    with pytest.raises(DeckFileError, match="is a folder"):
        read_deck(tmp_path, catalog)


def test_binary_file(catalog, tmp_path) -> None:
    path = tmp_path / "image.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4)
    with pytest.raises(DeckFileError, match="binary"):
        read_deck(path, catalog)


def test_undecodable_bytes(catalog, tmp_path) -> None:
    path = tmp_path / "bad.txt"
    path.write_bytes(b"4 T01-002\n4 \xff\xfe\xfd\x80\x80\n")
    with pytest.raises(DeckFileError, match=r"line 2: cannot decode byte 0x"):
        read_deck(path, catalog)


def test_file_over_one_mebibyte_is_refused_without_reading_it(catalog, tmp_path) -> None:
    path = tmp_path / "huge.txt"
    with path.open("wb") as fh:
        fh.truncate(8 * MAX_BYTES)  # sparse: 8 MiB
    with pytest.raises(DeckFileError, match="MiB"):
        read_deck(path, catalog)


def test_empty_file_is_one_deck_level_error(catalog, tmp_path) -> None:
    """An empty file reads as a deck with no cards: one main-size error (D-1), exit 1."""
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    result = validate(read_deck(path, catalog))
    assert codes(result.errors) == ["main-size"] and result.warnings == []
    assert "no cards" in result.errors[0].message and result.exit_code == 1


def test_too_many_lines_is_not_a_deck(catalog) -> None:
    """Thousands of card lines: one clear message (exit 2) instead of thousands of errors."""
    with pytest.raises(DeckFileError, match="5,001 non-empty lines") as info:
        parse_text("1 T01-002\n" * 5001, catalog, "big.txt")
    assert info.value.exit_code == 2 and str(info.value).startswith("big.txt")


def test_suggestions_are_budgeted(catalog) -> None:
    """At most 30 unknown cards get suggestions; the same typo twice is ranked once."""
    text = "".join(f"1 炎の竜z{i % 40}z\n" for i in range(60))
    deck = parse_text(text, catalog)
    with_suggestions = [p for p in deck.problems if p.suggestions]
    distinct = {p.message for p in with_suggestions}
    assert len(distinct) == 30 and len(with_suggestions) == 50  # 20 repeats reuse a ranking
    assert all(p.suggestions[0] == "炎の竜" for p in with_suggestions)


def test_ambiguous_name_is_a_warning_naming_the_choice(catalog) -> None:
    """Two different cards share a name (one with the ignition icon): the first is used, with a warning."""
    deck = parse_text("4 蒼の騎士\n", catalog)
    assert deck.main[0].card.id == "T01-006"
    assert [(p.code, p.severity, p.line) for p in deck.problems] == [("ambiguous-name", "warning", 1)]
    assert "T01-040" in deck.problems[0].message
    assert parse_text("4 T01-040\n", catalog).problems == []  # the number chooses


def test_section_type_decides_between_same_named_cards(catalog) -> None:
    """炎の竜 is a Z/X and a Z/X EX: the main deck gets the Z/X, the dunamis the Z/X EX, no warning."""
    deck = parse_text("4 炎の竜\nDunamis:\n1 炎の竜\n", catalog)
    assert [e.card.id for e in deck.entries] == ["T01-002", "T05-030"] and deck.problems == []


@pytest.mark.parametrize("line", ["4 T01-002 炎の竜", "4x T01-002 Flame Dragon", "T01-002 炎の竜 x4"])
def test_number_followed_by_its_name(catalog, line) -> None:
    """Decklists often give the number and the name: accepted when the name is that card's."""
    deck = parse_text(line, catalog)
    assert deck.problems == [] and _main(deck) == [("T01-002", 4)]


def test_number_followed_by_another_name_is_unknown(catalog) -> None:
    deck = parse_text("4 T01-002 赤の射手\n", catalog)
    assert codes(deck.problems) == ["unknown-card"]


def test_cp932_wave_dash_matches_the_catalog_name(tmp_path) -> None:
    """Section 2: CP932 0x8160 decodes to FULLWIDTH TILDE; it still finds a name written with 〜."""
    from zxdeck.catalog.loader import catalog_from_cards
    from zxdeck.catalog.model import Card

    cards = catalog_from_cards([Card(id="W-1", name="夢〜ゆめ〜の竜", type="zx")])
    path = tmp_path / "wave.txt"
    path.write_bytes("4 夢〜ゆめ〜の竜\n".encode("shift_jis"))
    assert b"\x81\x60" in path.read_bytes()
    deck = read_deck(path, cards)
    assert deck.problems == [] and deck.main[0].card.id == "W-1"


# ---------------------------------------------------------------- hostile YAML / JSON decks (exit 2)


def alias_bomb(key: str = "main", width: int = 9, levels: int = 9) -> str:
    """A few hundred bytes of YAML whose aliases expand to width**levels strings ("billion laughs")."""
    lines = ["a0: &a0 [" + ",".join(['"lol"'] * width) + "]"]
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * width) + "]")
    lines.append(f"{key}: [*a{levels - 1}]")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        ("main: " + "[" * 1000 + "]" * 1000 + "\n", "nested more than"),
        ("main:\n  - " + "[" * 1000 + '"T01-002"' + "]" * 1000 + "\n", "nested more than"),
        ("main:\n  - {card: " + "{a: " * 1000 + "1" + "}" * 1000 + "}\n", "nested more than"),
        ("main:\n" + "".join(" " * (2 * i + 2) + "-\n" for i in range(300)) + " " * 602 + "x\n",
         "nested more than"),
    ],
)
def test_deeply_nested_yaml_deck_is_one_clear_error(catalog, tmp_path, content, needle) -> None:
    """`main: [[[[...]]]]` 1,000 levels deep: a DeckFileError naming the file (exit 2), no RecursionError."""
    path = tmp_path / "deep.yaml"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(DeckFileError) as info:
        read_deck(path, catalog)
    assert needle in str(info.value) and str(info.value).startswith(str(path))
    assert info.value.exit_code == 2 and "\n" not in str(info.value)


def test_deeply_nested_json_deck_is_one_clear_error(catalog, tmp_path) -> None:
    """JSON that json.loads accepts (900 levels) but that is no deck: refused the same way."""
    for depth in (900, 5000):
        path = tmp_path / f"deep{depth}.json"
        path.write_text('{"main": ' + "[" * depth + "]" * depth + "}", encoding="utf-8")
        with pytest.raises(DeckFileError, match="nested") as info:
            read_deck(path, catalog)
        assert info.value.exit_code == 2


def test_yaml_alias_bomb_deck_is_refused_before_expanding(catalog, tmp_path) -> None:
    """A 444-byte YAML deck whose aliases expand to 9**9 strings: refused at its first anchor
    (line 1), never expanded (expanding it would not finish in any test run)."""
    path = tmp_path / "bomb.yaml"
    path.write_text(alias_bomb(), encoding="utf-8")
    assert path.stat().st_size < 500
    with pytest.raises(DeckFileError) as info:
        read_deck(path, catalog)
    message = str(info.value)
    assert message.startswith(f"{path}: line 1:") and "anchors and aliases" in message
    assert info.value.exit_code == 2


@pytest.mark.parametrize(
    "content",
    [
        "main:\n  - &x {card: T01-002, count: 4}\n",  # an anchor alone
        "main:\n  - {card: T01-002, count: 4}\ndunamis: *x\n",  # an undefined alias
        "base: &b T01-002\nmain:\n  - *b\n",
    ],
)
def test_any_anchor_or_alias_in_a_yaml_deck_is_refused(catalog, content) -> None:
    with pytest.raises(DeckFileError, match="anchors and aliases") as info:
        parse_bytes(content.encode(), catalog, "a.yaml", "yaml")
    assert info.value.exit_code == 2


def test_yaml_deck_with_ampersand_and_star_in_text_still_reads(catalog) -> None:
    """`&` and `*` inside names or comments are text, not anchors."""
    deck = parse_bytes(b'# R&D *draft*\nmain:\n  - "4 T01-002"  # x*4 & more\n  - "2 *T01-003"\n',
                       catalog, "ok.yaml", "yaml")
    assert [e.count for e in deck.entries][:1] == [4]
