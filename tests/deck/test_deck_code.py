"""Deck codes (zxdeck.deck.code): round trips, damaged codes, and codes in place of deck files."""

from __future__ import annotations

import base64
import json
import string

import pytest
from deck_testdata import LEGAL_DECK
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zxdeck.deck import parse_text, read_deck, validate
from zxdeck.deck.code import (
    PREFIX,
    CodeEntry,
    canonical_text,
    decode_entries,
    encode_deck,
    encode_entries,
    is_deck_code,
)
from zxdeck.errors import DeckFileError, ZxError

SETTINGS = settings(max_examples=200, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])
ALPHABET = string.ascii_letters + string.digits + "-_"

_IDS = st.one_of(
    st.from_regex(r"[A-Z]{1,3}[0-9]{2}-[0-9]{3}[a-z]?", fullmatch=True),
    st.text(min_size=1, max_size=12),  # anything a catalog may use as a card number
)
_ENTRIES = st.lists(
    st.builds(CodeEntry, st.sampled_from(["main", "dunamis", "player"]), _IDS, st.integers(1, 999)),
    max_size=40,
)


def _totals(entries) -> dict[tuple[str, str], int]:
    out: dict[tuple[str, str], int] = {}
    for e in entries:
        out[(e.section, e.card_id)] = out.get((e.section, e.card_id), 0) + e.count
    return out


@SETTINGS
@given(entries=_ENTRIES)
def test_round_trip_of_any_card_numbers_and_counts(entries) -> None:
    totals = _totals(entries)
    if any(n > 999 for n in totals.values()):
        with pytest.raises(ValueError):
            encode_entries(entries)
        return
    code = encode_entries(entries)
    assert code.startswith(PREFIX) and is_deck_code(code)
    assert set(code[len(PREFIX):]) <= set(ALPHABET)  # URL-safe: nothing to escape in a URL
    decoded = decode_entries(code)
    assert _totals(decoded) == totals
    assert encode_entries(decoded) == code  # the same cards always give the same code


@SETTINGS
@given(entries=_ENTRIES.filter(lambda es: all(n <= 999 for n in _totals(es).values())),
       data=st.data())
def test_every_single_character_change_is_refused(entries, data) -> None:
    """A code with one character replaced, removed or added is an error, never another deck."""
    code = encode_entries(entries)
    i = data.draw(st.integers(len(PREFIX), len(code)), label="position")
    how = data.draw(st.sampled_from(["replace", "delete", "insert"]), label="change")
    ch = data.draw(st.sampled_from(ALPHABET), label="character")
    if how == "replace":
        if i == len(code) or code[i] == ch:
            return
        damaged = code[:i] + ch + code[i + 1:]
    elif how == "delete":
        if i == len(code):
            return
        damaged = code[:i] + code[i + 1:]
    else:
        damaged = code[:i] + ch + code[i:]
    with pytest.raises(DeckFileError) as info:
        decode_entries(damaged)
    message = str(info.value)
    assert "\n" not in message and "damaged" in message and info.value.exit_code == 2


@SETTINGS
@given(text=st.text(max_size=200))
def test_random_text_after_the_prefix_is_refused_cleanly(text) -> None:
    for candidate in (PREFIX + text, "zxd" + text, text):
        try:
            entries = decode_entries(candidate)
        except DeckFileError as exc:
            assert "\n" not in str(exc) and exc.exit_code == 2
        else:  # only a real code decodes: re-encoding gives it back
            assert encode_entries(entries) == candidate.strip()


@SETTINGS
@given(raw=st.binary(max_size=300))
def test_random_payload_bytes_are_refused_cleanly(raw) -> None:
    code = PREFIX + base64.urlsafe_b64encode(raw).decode().rstrip("=")
    try:
        entries = decode_entries(code)
    except DeckFileError as exc:
        assert "\n" not in str(exc)
    else:
        assert encode_entries(entries) == code


def test_damage_messages_say_what_is_wrong() -> None:
    code = encode_entries([CodeEntry("main", "T01-002", 4)])
    odd = code + "A" * ((1 - len(code) + len(PREFIX)) % 4)  # a base64 length that cannot be
    cases = {
        code[:-3] + ("A" if code[-3] != "A" else "B") + code[-2:]: "checksum",
        odd: "length",
        "zxd9_" + code[5:]: "version 9",
        PREFIX + "AAAA": "too short",
        code.replace("_", "!", 1) + "": "not a deck code",
    }
    for damaged, needle in cases.items():
        with pytest.raises(DeckFileError, match=needle):
            decode_entries(damaged)


def test_canonical_text_groups_by_prefix_and_escapes() -> None:
    entries = [CodeEntry("main", "ZX01-111", 3), CodeEntry("main", "ZX01-074", 4),
               CodeEntry("dunamis", "A,B*C", 1), CodeEntry("player", "PR01-002", 1),
               CodeEntry("main", "ZX01-074", 1), CodeEntry("main", "ZX01-74", 1)]
    assert canonical_text(entries) == "PPR01-:002\nMZX01-:074*5,111*3;ZX01-:74\nD:A%2CB%2AC"
    assert _totals(decode_entries(encode_entries(entries))) == _totals(entries)


def test_huge_numbers_in_a_body_are_refused_before_they_are_used() -> None:
    """A varint that claims a billion cards or a giant count stops at its bound."""
    import zlib

    body = b"\x00" + b"\xff" * 12 + b"\x01" + b"\x00"
    raw = body + zlib.crc32(b"").to_bytes(4, "big")
    with pytest.raises(DeckFileError, match="a number over"):
        decode_entries(PREFIX + base64.urlsafe_b64encode(raw).decode().rstrip("="))


def test_deck_round_trip_through_read_deck(catalog) -> None:
    deck = parse_text(LEGAL_DECK, catalog, "legal.txt")
    code = encode_deck(deck)
    again = read_deck(code, catalog)
    assert again.problems == []
    for section in ("main", "dunamis", "player"):
        assert {k: n for k, (_, n) in again.counted(section).items()} == \
               {k: n for k, (_, n) in deck.counted(section).items()}
    assert validate(again).valid
    assert again.source.startswith(PREFIX) and len(again.source) <= 16


def test_unknown_card_number_in_a_code_is_an_unknown_card_problem(catalog) -> None:
    code = encode_entries([CodeEntry("main", "T01-002", 4), CodeEntry("main", "B01-034", 2)])
    deck = read_deck(code, catalog)
    assert [p.code for p in deck.problems] == ["unknown-card"]
    assert "B01-034" in deck.problems[0].message and deck.problems[0].line is None


def test_deck_with_an_unreadable_line_gets_no_code(catalog) -> None:
    deck = parse_text("4 T01-002\n2 紅蓮の剣士ジーグ\n", catalog, "typo.txt")
    with pytest.raises(ZxError) as info:
        encode_deck(deck)
    assert info.value.exit_code == 1 and "line 2" in str(info.value)


@pytest.mark.parametrize(("arg", "is_code"), [
    ("zxd1_AbC-_9", True), (" zxd1_AbC ", True), ("zxd12_x", True), ("zxd1_", True),
    ("deck.txt", False), ("zxd1.txt", False), ("./zxd1_AbC", False), ("zxd1_AbC.txt", False),
    ("ZXD1_AbC", False), ("zxd_AbC", False), ("-", False),
])
def test_what_is_a_code_and_what_is_a_file_name(arg, is_code) -> None:
    assert is_deck_code(arg) is is_code


def test_cli_deck_code_and_every_deck_command_accepts_it(run_cli, tmp_path) -> None:
    path = tmp_path / "legal.txt"
    path.write_text(LEGAL_DECK, encoding="utf-8")
    result = run_cli("deck", "code", str(path))
    assert result.exit_code == 0
    code = result.stdout.strip()
    assert is_deck_code(code) and "\n" not in code
    assert run_cli("validate", code).exit_code == 0
    assert json.loads(run_cli("validate", "--format", "json", code).stdout)["valid"] is True
    assert run_cli("stats", code).exit_code == 0
    assert "4 T01-002" in run_cli("deck", "export", code).stdout
    assert run_cli("deck", "diff", str(path), code).exit_code == 0
    assert run_cli("deck", "code", code).stdout.strip() == code
    assert run_cli("draw", code).exit_code == 0


def test_cli_damaged_code_is_one_line_exit_2(run_cli) -> None:
    code = encode_entries([CodeEntry("main", "T01-002", 4)])
    result = run_cli("validate", code[:-2] + "zz")
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "damaged" in result.stderr and "Traceback" not in result.output


def test_cli_file_named_like_a_code_is_read_with_a_folder(run_cli, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "zxd1_mine").write_text(LEGAL_DECK, encoding="utf-8")
    assert run_cli("validate", "./zxd1_mine").exit_code == 0
    assert run_cli("validate", "zxd1_mine").exit_code == 2  # read as a (damaged) code
