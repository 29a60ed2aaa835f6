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


_YAML_FRAGMENTS = st.sampled_from([
    "main:", "dunamis:", "player: ", "\n", "  ", "- ", "card: ", "count: ", "4 T01-002", "T05-001",
    "&a ", "*a", "&b", "*b", "[", "]", "{", "}", ", ", ": ", "!!str ", "'", '"', "<<: *a", "---", "#",
])


@SETTINGS
@given(text=st.lists(st.one_of(_YAML_FRAGMENTS, st.text(max_size=6)), max_size=60).map("".join))
def test_random_yaml_decks_are_read_or_refused_cleanly(catalog, text) -> None:
    """YAML built from deck words, anchors, aliases and brackets: a deck or one DeckFileError."""
    try:
        deck = parse_bytes(text.encode(), catalog, "fuzz.yaml", "yaml")
    except DeckFileError as exc:
        assert exc.exit_code == 2 and str(exc).startswith("fuzz.yaml") and "\n" not in str(exc)
        return
    _check_result(validate(deck))


@SETTINGS
@given(entries=st.lists(st.sampled_from(["T01-002", "T01-003", "T05-001"]), min_size=1, max_size=8),
       shared=st.lists(st.integers(0, 7), max_size=3))
def test_yaml_deck_anchors_refused_exactly_when_present(catalog, entries, shared) -> None:
    """Entries that are the same mapping object are dumped with an anchor and aliases: refused;
    otherwise the deck reads with every entry."""
    import yaml

    items: list = [{"card": e, "count": 1} for e in entries]
    common = {"card": "T01-002", "count": 2}
    for i in shared:
        if i < len(items):
            items[i] = common
    text = yaml.safe_dump({"main": items})
    aliased = sum(1 for item in items if item is common) >= 2
    try:
        deck = parse_bytes(text.encode(), catalog, "d.yaml", "yaml")
    except DeckFileError as exc:
        assert aliased and "anchors and aliases" in str(exc)
        return
    assert not aliased and len(deck.entries) == len(items)
