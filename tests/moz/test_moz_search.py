"""`zxdeck --game moz search`: the Z/X query language with MOZ's keywords (checked against a
plain Python filter over the catalog)."""

from __future__ import annotations

import pytest

from zxdeck.catalog.query import parse as zx_parse
from zxdeck.errors import QueryError
from zxdeck.games.moz.catalog.loader import MozCatalog, load_catalog
from zxdeck.games.moz.catalog.search import parse_query, search


@pytest.fixture(scope="module")
def cards() -> list:
    return list(load_catalog())


def ids(found: list) -> list[str]:
    return [c.id for c in found]


@pytest.mark.parametrize(("query", "expected"), [
    ("t:s lv>=7", lambda c: c.type == "summoner" and c.level >= 7),  # D-8's levels
    ("level=5", lambda c: c.type == "summoner" and c.level == 5),
    ("speed < 3", lambda c: c.type == "summoner" and c.speed < 3),
    ("sub:dragon pow=100", lambda c: c.type == "beast" and c.sub_attribute == "dragon" and c.power == 100),  # D-9
    ("sa:竜 power:100", lambda c: c.type == "beast" and c.sub_attribute == "dragon" and c.power == 100),
    ("pow<0", lambda c: c.type == "beast" and c.power < 0),
    ("a:貝 t:b", lambda c: c.type == "beast" and c.attribute == "貝"),
    ("a:貝 t:s", lambda c: c.type == "summoner" and "貝" in c.summon_attributes),
    ("a:炎 t:ac", lambda c: c.type == "attribute_change" and c.attribute == "炎"),
    ("t:support -t:special", lambda c: c.type in ("help", "help_special", "reverse", "attribute_change")),
    ("g:sp_seal", lambda c: c.limit_group == "sp_seal"),  # D-17
    ("g:天災", lambda c: c.limit_group == "natural_disaster"),  # D-11
    ("g:none t:sp", lambda c: c.type == "special" and not c.limit_group),
    ("sex:f age>=30", lambda c: c.type == "summoner" and c.sex == "female" and c.age is not None and c.age >= 30),
    ("(sub:fish or sub:bird) pow>=150", lambda c: c.type == "beast" and c.sub_attribute in ("fish", "bird")
     and c.power >= 150),
    ("o:guard", lambda c: "guard" in c.text.lower()),
    ("dragon", lambda c: "dragon" in (c.name_en + c.text + c.id).lower()),
    ("n:しおさい", lambda c: dict(c.extra).get("reading", "").startswith("しおさい")),
])
def test_queries_match_a_plain_filter(cards: list, query: str, expected) -> None:  # noqa: ANN001
    want = [c.id for c in cards if expected(c)]
    assert want, f"{query} should find something in the built-in catalog"
    assert ids(search(cards, query)) == sorted(want)


def test_sorting_and_limits(cards: list) -> None:
    by_level = search(cards, "t:s", sort="level", reverse=True, limit=3)
    assert [c.level for c in by_level] == sorted((c.level for c in cards if c.type == "summoner"), reverse=True)[:3]
    assert len(search(cards, "", limit=0)) == 0
    assert len(search(cards, "")) == len(cards)


@pytest.mark.parametrize(("query", "message"), [
    ("lvl>3", "did you mean 'lv'?"),
    ("t:wizard", "unknown t: value 'wizard'"),
    ("g:meteor", "unknown g: value 'meteor'"),
    ("level>=high", "is not a whole number"),
    ("(t:s", "unbalanced '('"),
])
def test_bad_queries_point_at_the_term(query: str, message: str) -> None:
    with pytest.raises(QueryError, match=message.replace("(", r"\(").replace("?", r"\?")):
        parse_query(query)


def test_zx_keywords_are_not_moz_keywords_and_the_reverse() -> None:
    with pytest.raises(QueryError):
        parse_query("c:red")
    with pytest.raises(QueryError):
        zx_parse("lv>=3")


def test_a_catalog_object_searches_too() -> None:
    catalog: MozCatalog = load_catalog()
    assert ids(search(catalog, "id=MOZ-B001")) == ["MOZ-B001"]
