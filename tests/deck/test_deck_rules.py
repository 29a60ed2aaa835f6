"""Deck construction rules D-1..D-16 (ZX_RULES.md section 2), one or more tests per rule."""

from __future__ import annotations

from deck_testdata import codes, replace_line

from zxdeck.deck import deck_from_cards, validate


def test_legal_deck_is_valid(check, legal_deck) -> None:
    """D-1..D-15: the fixture deck satisfies every rule, with no warning."""
    result = check(legal_deck)
    assert result.valid, [p.to_dict() for p in result.errors]
    assert result.warnings == []
    assert result.counts == {
        "main": 50, "ignition": 20, "life_recovery": 2, "void_bringer": 0, "dunamis": 16,
        "dunamis_ob": 4, "dunamis_non_ob": 12, "start_card": 4, "player": "青葉千歳",
    }


def test_d1_main_size_too_few(check, legal_deck) -> None:
    """D-1: exactly 50 cards; 49 is an error that says found against allowed."""
    result = check(replace_line(legal_deck, "4 T01-011", "3 T01-011"))
    assert codes(result.errors) == ["main-size"]
    err = result.errors[0]
    assert err.rule == "D-1" and err.found == 49 and err.allowed == "exactly 50"
    assert "49 of exactly 50" in err.message and err.line is None
    assert "add 1 card" in err.hint


def test_d1_main_size_too_many(check, legal_deck) -> None:
    """D-1: 51 cards is an error too."""
    result = check(replace_line(legal_deck, "2 T01-016", "3 T01-016"))
    assert codes(result.errors) == ["main-size"]
    assert result.errors[0].found == 51


def test_d2_main_card_type(check, legal_deck) -> None:
    """D-2: only zx and event in the main deck; a Z/X EX there is reported on its line."""
    deck = replace_line(legal_deck, "2 T01-016", "2 T05-003")
    result = check(deck)
    assert codes(result.errors) == ["main-card-type"]
    err = result.errors[0]
    assert err.rule == "D-2" and err.line == deck.splitlines().index("2 T05-003") + 1
    assert "Dunamis" in err.hint


def test_d8_player_card_in_main_deck_is_a_type_error(check, legal_deck) -> None:
    """D-8 (and D-2): the player card is not part of the deck."""
    result = check(replace_line(legal_deck, "2 T01-016", "1 T01-016\n1 P01-002"))
    assert codes(result.errors) == ["main-card-type"]
    assert "D-8" in result.errors[0].hint and "Player:" in result.errors[0].hint


def test_d3_copy_limit_counts_card_numbers_with_the_same_name(check, legal_deck) -> None:
    """D-3: at most 4 of a name; different card numbers with the same name count together."""
    deck = replace_line(legal_deck, "4 T01-001", "3 T01-001\n2 T01-101")
    result = check(replace_line(deck, "4 T01-002", "3 T01-002"))
    assert codes(result.errors) == ["copy-limit"]
    err = result.errors[0]
    assert err.rule == "D-3" and err.name == "紅蓮の剣士ジーク" and err.found == 5
    assert err.to_dict()["name"] == "紅蓮の剣士ジーク"
    assert err.lines == [3, 4]


def test_d3_lines_add_up(check, legal_deck) -> None:
    """D-3: the same card on several lines adds up (2 + 3 = 5 copies)."""
    deck = replace_line(legal_deck, "4 T01-011", "2 T01-011\n3 炎の守護者")
    result = check(replace_line(deck, "2 T01-016", "1 T01-016"))
    assert codes(result.errors) == ["copy-limit"]
    assert result.errors[0].found == 5


def test_d3_names_compare_after_nfkc() -> None:
    """D-3: names compare after NFKC (full-width and half-width forms are one name)."""
    from zxdeck.catalog.model import Card

    a = Card(id="X-1", name="ＡＢＣ竜", type="zx", icons=frozenset({"ignition"}))
    b = Card(id="X-2", name="ABC竜", type="zx", icons=frozenset({"ignition"}))
    result = validate(deck_from_cards([(a, 3), (b, 2)]))
    assert "copy-limit" in codes(result.errors)


def test_d4_ignition_count_too_few(check, legal_deck) -> None:
    """D-4: exactly 20 ignition cards; 19 is 'ignition cards: 19 of exactly 20'."""
    result = check(replace_line(legal_deck, "4 T01-005", "3 T01-005\n1 T01-030"))
    assert codes(result.errors) == ["ignition-count"]
    err = result.errors[0]
    assert err.rule == "D-4" and "ignition cards: 19 of exactly 20" in err.message


def test_d4_ignition_count_too_many(check, legal_deck) -> None:
    """D-4: 21 ignition cards is an error too."""
    result = check(replace_line(legal_deck, "4 T01-018", "3 T01-018\n1 T01-006"))
    assert codes(result.errors) == ["ignition-count"]
    assert result.counts["ignition"] == 21


def test_d5_life_recovery_limit(check, legal_deck) -> None:
    """D-5: at most 4 Life Recovery cards (by keyword or by the text ライフリカバリー)."""
    deck = replace_line(legal_deck, "2 T01-016", "4 T01-016\n1 T01-020")
    deck = replace_line(deck, "4 T01-018", "1 T01-018")
    result = check(deck)
    assert codes(result.errors) == ["life-recovery-limit"]
    err = result.errors[0]
    assert err.rule == "D-5" and err.found == 5 and "of at most 4" in err.message


def test_d5_four_life_recovery_is_fine(check, legal_deck) -> None:
    """D-5: exactly 4 is allowed."""
    deck = replace_line(legal_deck, "2 T01-016", "2 T01-016\n2 T01-020")
    result = check(replace_line(deck, "4 T01-018", "2 T01-018"))
    assert result.valid and result.counts["life_recovery"] == 4


def test_d6_void_bringer_limit(check, legal_deck) -> None:
    """D-6: at most 4 Void Bringer cards (text 'Void Bringer' counts too)."""
    deck = replace_line(legal_deck, "4 T01-018", "3 T01-017\n2 T01-021")
    deck = replace_line(deck, "4 T01-019", "3 T01-019")
    result = check(deck)
    assert codes(result.errors) == ["void-bringer-limit"]
    assert result.errors[0].rule == "D-6" and result.counts["void_bringer"] == 5


def test_d7_no_start_card_is_a_warning_only(check, legal_deck) -> None:
    """D-7: without a Start Card Z/X the deck stays valid, with a no-start-card warning."""
    result = check(replace_line(legal_deck, "4 T01-010", "2 T01-020\n2 T01-021"))
    assert result.valid
    assert codes(result.warnings) == ["no-start-card"]
    assert result.warnings[0].rule == "D-7"


def test_d9_dunamis_size(check, legal_deck) -> None:
    """D-9: at most 16 dunamis cards (17 also breaks D-13 here, both are reported)."""
    result = check(legal_deck + "1 T05-003\n")
    assert codes(result.errors) == ["dunamis-size", "dunamis-non-ob-limit"]
    assert result.errors[0].rule == "D-9" and "17 of at most 16" in result.errors[0].message


def test_d9_empty_dunamis_is_fine(check, legal_deck) -> None:
    """D-9: 0 dunamis cards is allowed."""
    result = check(legal_deck.split("Dunamis:")[0])
    assert result.valid and result.counts["dunamis"] == 0


def test_d10_dunamis_card_type(check, legal_deck) -> None:
    """D-10: only zx_ex, zx_ob, shift and event_ex in the dunamis."""
    deck = replace_line(legal_deck, "2 T05-005", "1 T05-005\n1 T01-011")
    result = check(deck)
    assert codes(result.errors) == ["dunamis-card-type"]
    err = result.errors[0]
    assert err.rule == "D-10" and err.line == deck.splitlines().index("1 T01-011") + 1
    assert "main deck" in err.hint


def test_d11_dunamis_copy_limit(check, legal_deck) -> None:
    """D-11: at most 4 of a name in the dunamis (has `name`)."""
    deck = replace_line(legal_deck, "4 T05-002", "3 T05-002\n1 T05-001")
    result = check(deck)
    assert codes(result.errors) == ["dunamis-copy-limit"]
    err = result.errors[0]
    assert err.rule == "D-11" and err.name == "天使の降臨" and err.found == 5


def test_d12_dunamis_ob_limit(check, legal_deck) -> None:
    """D-12: at most 4 Z/X OB cards."""
    deck = replace_line(legal_deck, "2 T05-005", "1 T05-005")
    deck = replace_line(deck, "2 T05-011", "3 T05-011")
    result = check(deck)
    assert codes(result.errors) == ["dunamis-ob-limit"]
    assert result.errors[0].rule == "D-12" and result.counts["dunamis_ob"] == 5


def test_d13_dunamis_non_ob_limit(check, legal_deck) -> None:
    """D-13: at most 12 cards that are not Z/X OB."""
    deck = replace_line(legal_deck, "2 T05-010", "1 T05-010")
    deck = replace_line(deck, "2 T05-005", "3 T05-005")
    result = check(deck)
    assert codes(result.errors) == ["dunamis-non-ob-limit"]
    assert result.errors[0].rule == "D-13" and result.counts["dunamis_non_ob"] == 13


def test_d14_ob_of_another_player(check, legal_deck) -> None:
    """D-14: with a player card named, every Z/X OB must belong to it."""
    deck = replace_line(legal_deck, "2 T05-011", "1 T05-011\n1 T05-012")
    result = check(deck)
    assert codes(result.errors) == ["ob-player-mismatch"]
    err = result.errors[0]
    assert err.rule == "D-14" and "上柚木綾瀬" in err.message and err.line is not None


def test_d14_ob_without_a_player_card(check, legal_deck) -> None:
    """D-14 with D-15: without a player card (a nameless one) no Z/X OB has its own player card."""
    result = check(legal_deck.replace("Player: 青葉千歳\n", ""))
    assert codes(result.errors) == ["ob-player-mismatch", "ob-player-mismatch"]
    assert codes(result.warnings) == ["event-ex-player-mismatch"]


def test_d14_ruling_event_ex_of_another_player_is_a_warning(check, legal_deck) -> None:
    """D-14 ruling: an Event EX of another player card is a warning, not an error."""
    deck = replace_line(legal_deck, "2 T05-020", "1 T05-020\n1 T05-021")
    result = check(deck)
    assert result.valid
    assert codes(result.warnings) == ["event-ex-player-mismatch"]
    assert result.warnings[0].rule == "D-14"


def test_d15_two_player_cards(check, legal_deck) -> None:
    """D-15: at most one player card."""
    result = check("Player: 上柚木綾瀬\n" + legal_deck)
    assert "player-card" in codes(result.errors)
    err = next(p for p in result.errors if p.code == "player-card")
    assert err.rule == "D-15" and err.found == 2


def test_d15_player_line_must_name_a_player_card(check, legal_deck) -> None:
    """D-15: `Player:` naming a card that is not a player card is a player-card error."""
    result = check(legal_deck.replace("Player: 青葉千歳", "Player: T01-010"))
    assert "player-card" in codes(result.errors)
    assert "not a player card" in next(p for p in result.errors if p.code == "player-card").message


def test_d15_no_player_card_is_fine(check, legal_deck) -> None:
    """D-15: the player card is optional (a deck without Z/X OB needs none)."""
    deck = legal_deck.replace("Player: 青葉千歳\n", "").replace("2 T05-010\n2 T05-011\n", "")
    deck = replace_line(deck, "2 T05-020", "2 T05-006")
    result = check(deck)
    assert result.valid and result.warnings == []
    assert result.counts["player"] is None


def test_d16_v2_regulation_dunamis_of_ten_zx_ex_only(check, legal_deck) -> None:
    """D-16: the ver. 2.0 regulation allows at most 10 dunamis cards, all Z/X EX."""
    result = check(legal_deck, "v2")
    assert result.regulation.name == "v2"
    # 16 cards (too many) and every shift / Z/X OB / Event EX line is of a wrong type.
    assert codes(result.errors) == ["dunamis-size"] + ["dunamis-card-type"] * 4
    assert {p.rule for p in result.errors} == {"D-16"}
    assert "16 of at most 10" in result.errors[0].message


def test_d16_v2_accepts_ten_zx_ex(check, legal_deck) -> None:
    """D-16: 10 Z/X EX and the main deck rules unchanged are valid under v2, not under current."""
    deck = legal_deck.split("Dunamis:")[0] + "Dunamis:\n4 T05-001\n4 T05-002\n2 T05-003\n"
    assert check(deck, "v2").valid
    assert check(deck + "1 T05-004\n", "v2").errors[0].code == "dunamis-size"


def test_all_violations_reported_in_one_run(check, legal_deck) -> None:
    """D-1..D-15: every rule broken at once, every error reported (not only the first)."""
    deck = (
        "Player: 上柚木綾瀬\nPlayer: T01-010\n"
        "5 T01-001\n1 T05-003\n5 T01-016\n5 T01-017\n1 nonsense card name\n"
        "Dunamis:\n4 T05-010\n1 T05-011\n5 T05-001\n4 T05-002\n4 T05-003\n1 T01-011\n"
    )
    result = check(deck)
    assert set(codes(result.errors)) == {
        "unknown-card", "main-size", "main-card-type", "copy-limit", "ignition-count",
        "life-recovery-limit", "void-bringer-limit", "dunamis-size", "dunamis-card-type",
        "dunamis-copy-limit", "dunamis-ob-limit", "dunamis-non-ob-limit", "player-card",
    }
    assert codes(result.warnings) == ["no-start-card"]


def test_regulation_card_limits_restrict_and_ban(catalog, legal_deck, tmp_path) -> None:
    """D-3 with a regulation's card_limits: a restricted name allows fewer copies; 0 bans it."""
    from pathlib import Path

    from zxdeck.deck import load_regulation, parse_text

    text = Path(load_regulation("current").path or "").read_text(encoding="utf-8").replace(
        "card_limits: {}", "card_limits: {T01-001: 1, 炎の竜: 0}").replace("name: current", "name: test")
    path = tmp_path / "test.yaml"
    path.write_text(text, encoding="utf-8")
    result = validate(parse_text(legal_deck, catalog), load_regulation(str(path)))
    assert codes(result.errors) == ["copy-limit", "copy-limit"]
    by_name = {p.name: p for p in result.errors}
    assert "restricted" in by_name["紅蓮の剣士ジーク"].message
    assert "at most 1" in by_name["紅蓮の剣士ジーク"].message
    assert "banned" in by_name["炎の竜"].message
