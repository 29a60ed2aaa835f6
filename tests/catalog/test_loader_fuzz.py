"""Property tests: any YAML a user gives as a catalog is read or refused with one CatalogError, and
anchors / aliases are refused exactly when the YAML has them (PyYAML's emitter writes them for
objects that appear twice)."""

from __future__ import annotations

import pytest
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
       shared=st.lists(st.integers(0, 5), max_size=3), fast=st.booleans())
def test_anchors_refused_exactly_when_the_yaml_has_them(cards: list, shared: list, fast: bool) -> None:
    """Cards that share one `races` list object are dumped with an anchor and aliases: refused;
    the same cards with copies of the list are read; by yaml-rs and by PyYAML's reader alike."""
    from zxdeck import safeyaml

    races = ["竜"]
    for i in shared:
        if i < len(cards):
            cards[i]["races"] = races  # the same list object: yaml.dump writes &id001 / *id001
    text = yaml.safe_dump({"cards": cards}, allow_unicode=True)
    aliased = sum(1 for c in cards if c.get("races") is races) >= 2
    assert ("&id" in text) == aliased
    safeyaml.USE_YAML_RS = fast
    try:
        got = parse_catalog(text.encode(), "x.yaml")
    except CatalogError as exc:
        assert aliased and "anchors and aliases" in str(exc)
        return
    finally:
        safeyaml.USE_YAML_RS = True
    assert not aliased and [c.id for c in got] == [c["id"] for c in cards]


_SCALARS = st.sampled_from([
    "010", "NO", "yes", "1_0", ".5", "~", "null", "true", "0x1F", "2021-02-30", "-1", "1e3", "a !", "b", "'q'",
])
_YAML12 = st.lists(st.one_of(_FRAGMENTS, _SCALARS, st.text(max_size=4)), max_size=40).map("".join)


def _same(a: object, b: object) -> bool:
    if isinstance(a, float) and isinstance(b, float) and a != a:
        return b != b
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)  # type: ignore[index]
    if isinstance(a, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))  # type: ignore[arg-type]
    return a == b


@SETTINGS
@given(text=_YAML12)
def test_both_readers_give_the_same_values_or_refuse(text: str) -> None:
    """zxdeck.safeyaml's two readers (yaml-rs, PyYAML's safe loader with the same rules): whatever
    both read, they read alike; neither reads a tag, an anchor or a key given twice."""
    from zxdeck import safeyaml

    results = []
    for fast in (True, False):
        safeyaml.USE_YAML_RS = fast
        try:
            results.append(("ok", safeyaml.load_document(text, "f.yaml", CatalogError, 50)))
        except CatalogError as exc:
            assert str(exc).startswith("f.yaml") and "\n" not in str(exc)
            results.append(("error", str(exc)))
        finally:
            safeyaml.USE_YAML_RS = True
    if results[0][0] == results[1][0] == "ok":
        assert _same(results[0][1], results[1][1])
    for kind, message in results:
        if kind == "error" and ("YAML tag" in message or "anchors" in message or "given twice" in message):
            assert results[0] == results[1]  # refused alike, with the same words


@pytest.mark.parametrize("char", ["\x85", "\u2028", "\u2029"])
def test_a_line_break_of_old_yaml_only_is_refused_by_both_readers_naming_the_line(char: str) -> None:
    """NEL, LS and PS break lines for PyYAML (YAML 1.1) but are text for yaml-rs (YAML 1.2): the
    same file would read two ways (hypothesis found '\\x85': a string for one, nothing for the
    other), so both refuse it in one line naming the line."""
    from zxdeck import safeyaml

    for fast in (True, False):
        safeyaml.USE_YAML_RS = fast
        try:
            with pytest.raises(CatalogError) as info:
                safeyaml.load_document(f"cards:\n- id: A{char}\n", "f.yaml", CatalogError, 50)
        finally:
            safeyaml.USE_YAML_RS = True
        assert str(info.value).startswith("f.yaml: line 2: the character U+")
