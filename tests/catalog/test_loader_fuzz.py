"""Property tests: any YAML a user gives as a catalog is read or refused with one CatalogError, and
anchors / aliases are refused exactly when the YAML has them (PyYAML's emitter writes them for
objects that appear twice)."""

from __future__ import annotations

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zxdeck.catalog.loader import parse_catalog
from zxdeck.errors import CatalogError

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

_FRAGMENTS = st.sampled_from([
    "cards:", "\n", "  ", "- ", "id: ", "name: ", "type: zx", "&a ", "*a", "&b", "*b", "[", "]",
    "{", "}", ", ", ": ", "!!map ", "!!python/object ", "'", '"', "A", "1", "<<: *a", "---", "#",
])
_TEXTS = st.lists(st.one_of(_FRAGMENTS, st.text(max_size=6)), max_size=60).map("".join)


@SETTINGS
@given(text=_TEXTS)
def test_random_yaml_is_read_or_refused_cleanly(text: str) -> None:
    try:
        cards = parse_catalog(text.encode(), "fuzz.yaml")
    except CatalogError as exc:
        assert exc.exit_code == 2 and str(exc).split("\n")[0].count("fuzz.yaml") <= 1
        return
    assert isinstance(cards, list)


_CARD = st.fixed_dictionaries({
    "id": st.from_regex(r"[A-Z]{1,3}-[0-9]{1,3}", fullmatch=True),
    "name": st.text(alphabet="赤青竜&*ab", min_size=1, max_size=6),
    "type": st.just("zx"),
})


@SETTINGS
@given(cards=st.lists(_CARD, min_size=1, max_size=6, unique_by=lambda c: c["id"]),
       shared=st.lists(st.integers(0, 5), max_size=3), tag=st.booleans())
def test_anchors_refused_exactly_when_the_yaml_has_them(cards: list, shared: list, tag: bool) -> None:
    """Cards that share one `races` list object are dumped with an anchor and aliases: refused;
    the same cards with copies of the list are read."""
    races = ["竜"]
    for i in shared:
        if i < len(cards):
            cards[i]["races"] = races  # the same list object: yaml.dump writes &id001 / *id001
    text = ("!!map\n" if tag else "") + yaml.safe_dump({"cards": cards}, allow_unicode=True)
    aliased = sum(1 for c in cards if c.get("races") is races) >= 2
    assert ("&id" in text) == aliased
    try:
        got = parse_catalog(text.encode(), "x.yaml")
    except CatalogError as exc:
        assert aliased and "anchors and aliases" in str(exc)
        return
    assert not aliased and [c.id for c in got] == [c["id"] for c in cards]
