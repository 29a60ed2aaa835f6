"""Property tests: random text and bytes never crash the parser or the validator."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zxdeck.deck import parse_bytes, parse_text, validate
from zxdeck.deck.model import ERROR, WARNING
from zxdeck.errors import DeckFileError

_FRAGMENTS = st.sampled_from([
    "4 ", "x4 ", " x2", "×", "Dunamis", "[Player]", "Player: ", "Main:", "#", "T01-002", "T05-010",
    "炎の竜", "Flame Dragon", "P01-001", "-1 ", "0 ", "99999999 ", "\n", "\r\n", "４", "　", "[", "]",
])
_LINES = st.lists(st.one_of(_FRAGMENTS, st.text(max_size=12)), max_size=40).map("".join)
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _check_result(result) -> None:
    assert result.valid == (not result.errors)
    for p in result.errors:
        assert p.severity == ERROR and p.code and p.message
    for p in result.warnings:
        assert p.severity == WARNING
    assert isinstance(result.to_dict()["counts"]["main"], int)


@SETTINGS
@given(text=_LINES)
def test_random_text_parses_and_validates(catalog, text) -> None:
    deck = parse_text(text, catalog)
    for entry in deck.entries:
        assert 1 <= entry.count <= 999
    _check_result(validate(deck))
    _check_result(validate(deck, "v2"))


@SETTINGS
@given(data=st.binary(max_size=400), fmt=st.sampled_from(["text", "yaml", "json"]))
def test_random_bytes_are_read_or_refused_cleanly(catalog, data, fmt) -> None:
    try:
        deck = parse_bytes(data, catalog, "fuzz", fmt)
    except DeckFileError as exc:
        assert exc.exit_code == 2 and str(exc).startswith("fuzz")
        return
    _check_result(validate(deck))


@SETTINGS
@given(doc=st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=10) | _FRAGMENTS,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(
        st.sampled_from(["main", "dunamis", "player", "card", "count", "deck", "x"]), inner, max_size=4),
    max_leaves=20,
))
def test_random_json_structures(catalog, doc) -> None:
    import json

    try:
        deck = parse_bytes(json.dumps(doc).encode(), catalog, "fuzz.json", "json")
    except DeckFileError as exc:
        assert exc.exit_code == 2
        return
    _check_result(validate(deck))
