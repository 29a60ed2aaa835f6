"""`zxdeck --game moz search` through MOZ's SQLite cache and the shared query language: every
keyword and alias, comparisons, negation, or / and, sorts, against a plain Python filter over the
built-in catalog; each query runs as SQL with the trigram index, as SQL with instr() only and as
the Python evaluator, which must agree. Rule ids: the fields are those of MOZ_RULES.md K-1..K-17
and the deck rules that name them (D-8 levels, D-9 power-100 dragons, D-11..D-17 limit groups).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from zxdeck.catalog.query import count, search, search_ids
from zxdeck.errors import EXIT_USAGE, QueryError
from zxdeck.games.moz.catalog.loader import open_db
from zxdeck.games.moz.catalog.schema import SCHEMA, SORTS
from zxdeck.games.moz.catalog.search import matches, parse_query
from zxdeck.games.moz.catalog.search import search as py_search


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory):  # noqa: ANN201 - CatalogDB
    mp = pytest.MonkeyPatch()
    mp.setenv("ZXDECK_CACHE_DIR", str(tmp_path_factory.mktemp("cache")))
    mp.delenv("ZXDECK_MOZ_CARDS", raising=False)
    handle = open_db(None)
    yield handle
    handle.close()
    mp.undo()


@pytest.fixture(scope="module")
def cards(db) -> list:  # noqa: ANN001
    return db.cards()


def _reading(c: object) -> str:
    return str(dict(c.extra).get("reading", ""))  # type: ignore[attr-defined]


def _attrs(c: object) -> tuple:
    if c.type == "summoner":  # type: ignore[attr-defined]
        return tuple(c.summon_attributes)  # type: ignore[attr-defined]
    return (getattr(c, "attribute", None),)


SUPPORTS = ("help", "special", "help_special", "reverse", "attribute_change")
S, B = "summoner", "beast"
CASES: list[tuple[str, Callable[[object], bool]]] = [
    # type / t and kind / k (K-1..K-8)
    ("t:s", lambda c: c.type == S), ("type:summoner", lambda c: c.type == S), ("t:召喚師", lambda c: c.type == S),
    ("t:b", lambda c: c.type == B), ("t:support", lambda c: c.type in SUPPORTS),
    ("t:hs", lambda c: c.type == "help_special"), ("k:ac", lambda c: c.type == "attribute_change"),
    ("kind:reverse", lambda c: c.type == "reverse"), ("kind:help", lambda c: c.type == "help"),
    ("t!=b", lambda c: c.type != B),
    # level / lv, speed / spd, age: summoners only (K-9, D-8)
    ("lv>=7", lambda c: c.type == S and c.level >= 7), ("level=5", lambda c: c.type == S and c.level == 5),
    ("lv<2", lambda c: c.type == S and c.level < 2), ("lv!=3", lambda c: c.type == S and c.level != 3),
    ("spd<=2", lambda c: c.type == S and c.speed <= 2), ("speed > 3", lambda c: c.type == S and c.speed > 3),
    ("age>=30", lambda c: c.type == S and c.age is not None and c.age >= 30),
    ("-age>=30", lambda c: not (c.type == S and c.age is not None and c.age >= 30)),
    # power / pow: beasts only (K-12, D-9)
    ("pow=100", lambda c: c.type == B and c.power == 100), ("power>150", lambda c: c.type == B and c.power > 150),
    ("pow<0", lambda c: c.type == B and c.power < 0), ("-pow<=100", lambda c: not (c.type == B and c.power <= 100)),
    # attribute / attr / a: a beast's, an attribute change card's, any face of a summoner (K-10, K-13)
    ("a:貝", lambda c: "貝" in _attrs(c)), ("attr:炎 t:ac", lambda c: c.type == "attribute_change" and c.attribute == "炎"),
    ("attribute:風 t:s", lambda c: c.type == S and "風" in c.summon_attributes),
    # sub / sa / sub_attribute, English or Japanese (K-14, Y-4)
    ("sub:dragon", lambda c: c.type == B and c.sub_attribute == "dragon"),
    ("sa:竜", lambda c: c.type == B and c.sub_attribute == "dragon"),
    ("sub_attribute:fish", lambda c: c.type == B and c.sub_attribute == "fish"),
    ("sub:dragon pow=100", lambda c: c.type == B and c.sub_attribute == "dragon" and c.power == 100),  # D-9
    # group / g (D-11..D-17, Y-3), sex (K-9)
    ("g:sp_seal", lambda c: c.limit_group == "sp_seal"), ("g:天災", lambda c: c.limit_group == "natural_disaster"),
    ("g:none t:sp", lambda c: c.type == "special" and not c.limit_group),
    ("g!=none", lambda c: bool(c.limit_group)),
    ("sex:f", lambda c: c.type == S and c.sex == "female"), ("sex:男", lambda c: c.type == S and c.sex == "male"),
    # or / and / negation / parentheses
    ("(sub:fish or sub:bird) pow>=150", lambda c: c.type == B and c.sub_attribute in ("fish", "bird")
     and c.power >= 150),
    ("t:s (lv=1 OR lv=7)", lambda c: c.type == S and c.level in (1, 7)),
    ("-(t:b or t:s)", lambda c: c.type in SUPPORTS),
    ("t:b -sub:dragon -sub:beast", lambda c: c.type == B and c.sub_attribute not in ("dragon", "beast")),
    # words, name, text, id, exact name, regex
    ("dragon", lambda c: "dragon" in (c.name + c.name_en + _reading(c) + c.id + c.text).lower()),
    ("o:guard", lambda c: "guard" in c.text.lower()), ("n:しおさい", lambda c: _reading(c).startswith("しおさい")),
    ("id:MOZ-S00", lambda c: c.id.startswith("MOZ-S00")), ("id=MOZ-B001", lambda c: c.id == "MOZ-B001"),
    ('!"Surf Dragon"', lambda c: c.name_en == "Surf Dragon"),
    ("n:/^surf/", lambda c: c.name_en.lower().startswith("surf")),
    ("o:/power [0-9]+/ -t:b", lambda c: c.type != B and __import__("re").search("power [0-9]+", c.text.lower())),
]


@pytest.mark.parametrize(("query", "expected"), CASES, ids=[q for q, _ in CASES])
def test_sql_and_python_agree_with_a_plain_filter(db, cards: list, query: str, expected) -> None:  # noqa: ANN001
    want = sorted(c.id for c in cards if expected(c))
    assert want, f"{query} should find something in the built-in catalog"
    node = parse_query(query)
    assert search_ids(db, node, fts=True) == want
    assert search_ids(db, node, fts=False) == want
    assert [c.id for c in search(db, node)] == want
    assert count(db, node) == len(want)
    assert sorted(c.id for c in cards if matches(node, c)) == want


@pytest.mark.parametrize("sort", list(SORTS))
@pytest.mark.parametrize("reverse", [False, True])
def test_sorts_agree_with_python(db, cards: list, sort: str, reverse: bool) -> None:  # noqa: ANN001
    for query in ("", "t:s", "t:b pow>=100", "a:貝"):
        want = [c.id for c in py_search(cards, query, sort=sort, reverse=reverse, limit=7)]
        assert search_ids(db, query, sort=sort, reverse=reverse, limit=7) == want, (query, sort, reverse)


def test_the_cache_has_moz_tables_and_its_own_folder(db) -> None:  # noqa: ANN001
    assert db.schema is SCHEMA and db.path is not None and db.path.parent.name == "moz"
    assert db.fts  # the trigram index of the core's tables
    assert dict(db.execute("SELECT key, value FROM meta"))["game"] == "moz"


@pytest.mark.parametrize(("query", "message"), [
    ("lvl>3", "did you mean 'lv'?"), ("knd:r", "did you mean 'kind'?"), ("atribute:貝", "did you mean 'attribute'?"),
    ("k:beast", "unknown k: value 'beast'"), ("sex:x", "unknown sex: value 'x'"),
    ("pow>=strong", "is not a whole number"), ("t:s or", "'or' needs a term on both sides"),
    ("c:red", "unknown keyword 'c'"), ("n:/[/", "bad regular expression"),
])
def test_bad_queries_are_one_clear_error(query: str, message: str) -> None:
    with pytest.raises(QueryError) as caught:
        parse_query(query)
    assert message in caught.value.message and caught.value.exit_code == EXIT_USAGE
    assert "\n" not in caught.value.message


def test_a_missing_sort_is_refused(db) -> None:  # noqa: ANN001
    with pytest.raises(QueryError, match="unknown sort 'cost'"):
        search_ids(db, "", sort="cost")


def test_the_schema_fields_cover_every_keyword() -> None:
    """Every keyword of the language names a field the SQL and Python evaluators know."""
    for field in set(SCHEMA.language.keywords.values()):
        assert field in SCHEMA.fields, field
