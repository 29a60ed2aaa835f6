"""Deck lists as players paste them (docs/DECKS.md): the shop recipe and blog layouts.

The files of examples/decks/layouts/ are written as they come out of a browser:
full-width brackets with the rarity inside, ■ markers, × and x counts, blank
lines, trailing spaces, CRLF. Each must read to exactly the cards of the
matching zxdeck-format example and be valid (D-1..D-15: the IG section and the
rest of the main deck add up to the main deck, D-1 and D-4 count them together).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from zxdeck.catalog.loader import builtin_catalog_path, load_catalog
from zxdeck.deck import parse_bytes, parse_text, read_deck, validate

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "decks"
LAYOUTS = {"shop_recipe.txt": "blue.txt", "blog.txt": "red.txt"}


@pytest.fixture(scope="module")
def builtin():
    return load_catalog(builtin_catalog_path())


def _cards(deck) -> dict[str, dict[str, int]]:
    return {section: {cid: n for cid, (_, n) in deck.counted(section).items()}
            for section in ("main", "dunamis", "player")}


def _codes(deck) -> list[str]:
    return [p.code for p in deck.problems]


@pytest.mark.parametrize("layout_file", sorted(LAYOUTS))
def test_d1_d4_layout_file_reads_as_its_canonical_deck_and_is_valid(builtin, layout_file) -> None:
    """D-1/D-4: the IG section and the other main sections add up to one main deck of 50, 20 IG."""
    pasted = read_deck(EXAMPLES / "layouts" / layout_file, builtin)
    canonical = read_deck(EXAMPLES / LAYOUTS[layout_file], builtin)
    assert pasted.problems == []
    assert _cards(pasted) == _cards(canonical)
    result = validate(pasted)
    assert result.valid and result.warnings == []
    assert result.counts["main"] == 50 and result.counts["ignition"] == 20


@pytest.mark.parametrize("layout_file", sorted(LAYOUTS))
def test_layout_file_in_cp932_with_crlf_reads_the_same(builtin, layout_file) -> None:
    text = (EXAMPLES / "layouts" / layout_file).read_text(encoding="utf-8")
    text = text.replace("‹", "〈").replace("›", "〉")  # not in CP932; Shift_JIS pages use 〈 〉
    data = text.replace("\r\n", "\n").replace("\n", "\r\n").encode("cp932")
    deck = parse_bytes(data, builtin, "pasted.txt")
    assert deck.encoding == "cp932" and deck.problems == []
    assert _cards(deck) == _cards(read_deck(EXAMPLES / LAYOUTS[layout_file], builtin))


def test_d15_issue_example_player_header_holds_only_the_player_line(builtin) -> None:
    """D-15: after `プレイヤー` only the player line is a player card; `3 ‹RIG...>` is main deck."""
    deck = parse_text("プレイヤー\n■‹SR蒼井ミナト>\n3 ‹RIGオーバーブースト・青>\n", builtin)
    assert deck.problems == []
    assert _cards(deck) == {"main": {"ZX01-111": 3}, "dunamis": {}, "player": {"PR01-002": 1}}


def test_d15_player_section_returns_to_the_section_before(builtin) -> None:
    deck = parse_text("デュナミス\n2 OB01-004\nプレイヤー\n蒼井ミナト\n2 OB01-005\n", builtin)
    assert _cards(deck) == {"main": {}, "dunamis": {"OB01-004": 2, "OB01-005": 2},
                            "player": {"PR01-002": 1}}


@pytest.mark.parametrize("line", [
    "4 ‹R鋼鉄の装甲少女アズゼル>", "4 ‹R鋼鉄の装甲少女アズゼル›", "4 〈SR鋼鉄の装甲少女アズゼル〉",
    "4 ＜C鋼鉄の装甲少女アズゼル＞", "4 <UC鋼鉄の装甲少女アズゼル>", "４　《SR鋼鉄の装甲少女アズゼル》",
    "‹R鋼鉄の装甲少女アズゼル> ×4", "〈SR鋼鉄の装甲少女アズゼル〉x4", "4x ‹Z/XR鋼鉄の装甲少女アズゼル>",
    "■4 ‹R鋼鉄の装甲少女アズゼル>", "4 ‹鋼鉄の装甲少女アズゼル>", "4 「PR鋼鉄の装甲少女アズゼル」",
    "SR鋼鉄の装甲少女アズゼル×4", "鋼鉄の装甲少女アズゼル ×4", "鋼鉄の装甲少女アズゼルx4",
    "4 ‹RZX01-074>", "4 ‹R鋼鉄の装甲少女アズゼル>   ", "・鋼鉄の装甲少女アズゼル×４",
])
def test_bracketed_and_rarity_entries(builtin, line) -> None:
    deck = parse_text(line, builtin)
    assert deck.problems == []
    assert _cards(deck)["main"] == {"ZX01-074": 4}


def test_rarity_is_stripped_only_when_the_rest_names_a_card(builtin) -> None:
    """`RIGオーバーブースト・青`: R is the rarity, IG belongs to the name; an unknown name keeps
    its message short (without the rarity) and gets suggestions."""
    deck = parse_text("3 ‹RIGオーバーブースト・青>\n2 ‹SR鋼鉄の装甲少女アズゼノレ>\n", builtin)
    assert _codes(deck) == ["unknown-card"]
    problem = deck.problems[0]
    assert problem.line == 2 and "'鋼鉄の装甲少女アズゼノレ'" in problem.message
    assert problem.suggestions[0] == "鋼鉄の装甲少女アズゼル"


@pytest.mark.parametrize("header", [
    "IG", "■IG（20枚）", "【イグニッション】", "イグニッション枠", "<IG>", "◆IGカード 20枚", "IG:", "Ignition",
    "■イグニッション(20)",
])
def test_ignition_headers_open_the_main_deck(builtin, header) -> None:
    """D-4: an IG section is part of the main deck; a card without the icon under it is a warning."""
    deck = parse_text(f"{header}\n4 ZX01-074\n3 ZX01-076\n", builtin)
    assert _cards(deck)["main"] == {"ZX01-074": 4, "ZX01-076": 3}
    mismatch = [p for p in deck.problems if p.code == "section-mismatch"]
    assert [p.line for p in mismatch] == [3] and mismatch[0].severity == "warning"
    assert not [p for p in deck.problems if p.severity == "error"]


@pytest.mark.parametrize(("header", "section"), [
    ("メインデッキ", "main"), ("■メインデッキ（30枚）", "main"), ("メイン枠", "main"), ("スタートカード", "main"),
    ("ZXEX", "dunamis"), ("Z/X EX", "dunamis"), ("エクストラ", "dunamis"), ("エクストラ枠（14枚）", "dunamis"),
    ("デュナミス", "dunamis"), ("■ZXOB", "dunamis"), ("[Dunamis]", "dunamis"), ("【デュナミス】", "dunamis"),
    ("プレイヤー", "player"), ("■プレイヤー", "player"), ("Player", "player"), ("プレイヤー枠", "player"),
])
def test_section_headers_of_every_layout(builtin, header, section) -> None:
    deck = parse_text(f"Deck:\n4 ZX01-074\n{header}\n1 ZX01-057\n", builtin)
    assert deck.entries[-1].section == section and deck.entries[0].section == "main"


def test_start_card_header_warns_about_a_card_without_start_card(builtin) -> None:
    """D-7: a card under スタートカード that is not a Start Card Z/X is a warning, still counted."""
    deck = parse_text("スタートカード\n1 蒼雷機兵シオノス\n1 氷刃砲台ラグナ\n", builtin)
    assert _cards(deck)["main"] == {"ZX01-057": 1, "ZX01-076": 1}
    assert [(p.code, p.line) for p in deck.problems] == [("section-mismatch", 3)]


@pytest.mark.parametrize("header", ["■サイドデッキ", "[Side]", "【サイド】", "メモ枠", "Sideboard:", "◆その他"])
def test_unknown_header_is_an_error_naming_it_and_its_cards_are_not_counted(builtin, header) -> None:
    deck = parse_text(f"4 ZX01-074\n{header}\n4 ZX01-076\n2 ZX01-077\nデュナミス\n2 OB01-004\n", builtin)
    assert _codes(deck) == ["parse-error"]
    problem = deck.problems[0]
    assert problem.line == 2 and problem.severity == "error"
    shown = header.strip("[]【】") if header[0] in "[【" else header
    assert shown in problem.message and "lines 3-4" in problem.message and "not counted" in problem.message
    assert _cards(deck) == {"main": {"ZX01-074": 4}, "dunamis": {"OB01-004": 2}, "player": {}}
    assert not validate(deck).valid


def test_lines_under_an_unknown_header_still_report_their_problems(builtin) -> None:
    deck = parse_text("■サイド\n4 鋼鉄の装甲少女アズゼノレ\nnot a card line at all\n", builtin)
    assert [(p.code, p.line) for p in deck.problems] == [
        ("parse-error", 1), ("unknown-card", 2), ("parse-error", 3)]


def test_a_marked_card_name_is_a_card_not_a_header(builtin) -> None:
    deck = parse_text("■蒼雷機兵シオノス\n◆4 ZX01-074\n", builtin)
    assert deck.problems == [] and _cards(deck)["main"] == {"ZX01-057": 1, "ZX01-074": 4}


def test_header_count_that_does_not_match_is_a_warning(builtin) -> None:
    deck = parse_text("IG（20枚）\n4 ZX01-074\n3 ZX01-069\nメイン（3枚）\n3 ZX01-076\n", builtin)
    assert [(p.code, p.line, p.found) for p in deck.problems] == [("section-count", 1, 7)]
    assert "says 20 cards; 7 are listed" in deck.problems[0].message


def test_deck_name_line_is_kept_not_read_as_a_card(builtin) -> None:
    for line in ("デッキ名：青単アズールギア", "Deck name: 青単アズールギア", "タイトル: 青単アズールギア"):
        deck = parse_text(f"{line}\n4 ZX01-074\n", builtin)
        assert deck.problems == [] and deck.name == "青単アズールギア", line


BLOG = ("【デッキレシピ】赤単アグロで大会優勝しました！\n{deck}\n最後まで読んでいただきありがとうございました。\n"
        "詳しくは https://example.com/zx\nHope this helps everyone.\n")


def test_prose_around_a_pasted_list_is_a_warning_naming_its_line(builtin) -> None:
    """A blog post's title, closing sentences, a link: `ignored-line` warnings, and the deck is
    read as if they were not there (the friction: `parse-error` made a legal deck invalid)."""
    plain = (EXAMPLES / "red.txt").read_text(encoding="utf-8")
    deck = parse_text(BLOG.format(deck=plain), builtin)
    n = len(plain.splitlines())
    assert [(p.code, p.line, p.severity) for p in deck.problems] == [
        ("ignored-line", 1, "warning"), ("ignored-line", n + 3, "warning"),  # n + 2: a blank line
        ("ignored-line", n + 4, "warning"), ("ignored-line", n + 5, "warning")]
    assert deck.problems[0].message == "ignored, not a card line: '【デッキレシピ】赤単アグロで大会優勝しました!'"
    assert [(e.card.id, e.count) for e in deck.entries] == \
        [(e.card.id, e.count) for e in parse_text(plain, builtin).entries]
    assert validate(deck).valid


@pytest.mark.parametrize("line", ["4 紅蓮の剣士ジーグ", "熔岩の火蜥蜴ティアガソ", "not a card line at all",
                                  "赤単アグロ"])
def test_a_line_that_may_be_a_card_stays_a_parse_error(builtin, line) -> None:
    (problem,) = parse_text(line + "\n", builtin).problems
    assert problem.code in ("parse-error", "unknown-card") and problem.severity != "warning"


def test_player_line_naming_no_player_card_says_so_with_close_names(builtin) -> None:
    """`Player: 緑川ハルカZ` is an unknown player card with "did you mean", not "not a card line"."""
    (problem,) = parse_text("Player: 緑川ハルカZ\n", builtin).problems
    assert (problem.code, problem.line) == ("unknown-card", 1)
    assert problem.message == "no player card with number or name '緑川ハルカZ'"
    assert problem.suggestions == ["緑川ハルカ"] and problem.hint == "did you mean '緑川ハルカ'?"


def test_deck_diff_of_a_pasted_blog_list_works_and_warns(tmp_path) -> None:
    from click.testing import CliRunner

    from zxdeck.cli import cli

    red = EXAMPLES / "red.txt"
    blog = tmp_path / "blog.txt"
    blog.write_text(BLOG.format(deck=red.read_text(encoding="utf-8")), encoding="utf-8")
    result = CliRunner().invoke(cli, ["deck", "diff", str(red), str(blog)])
    assert result.exit_code == 0, result.output
    assert "main: no change" in result.stdout
    assert result.stderr.startswith(f"zxdeck: warning: {blog}: line 1: ignored, not a card line: ")
    assert result.stderr.count("\n") == 4
