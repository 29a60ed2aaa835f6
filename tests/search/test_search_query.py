"""The search language (INTERFACES.md section 4): every term and alias, combinations, errors.

Each query runs three ways and must agree: SQL with the FTS5 trigram index, SQL with
instr() only, and the plain-Python evaluator `matches` (zxdeck.catalog.query).
"""

from __future__ import annotations

import pytest
from search_data import ALL_IDS

from zxdeck.catalog.query import (
    All,
    And,
    Not,
    Or,
    Term,
    compile_query,
    count,
    filter_cards,
    parse,
    search,
    search_ids,
)
from zxdeck.errors import EXIT_USAGE, QueryError

RED = {"T01-001", "T01-002", "T01-010", "EX01-001"}
BLUE = {"T01-003", "T01-011"}
ZX = {"T01-001", "T01-002", "T01-003", "T01-004", "T01-005", "T01-006", "T01-012"}
PLAYERS = {"P01-001", "P01-002"}
NON_PLAYERS = set(ALL_IDS) - PLAYERS
COST2 = {"T01-003", "T01-010", "T01-012", "EV01-001"}

CASES: list[tuple[str, set[str]]] = [
    # color / c, every short form, Japanese, width and case
    ("c:red", RED), ("color:red", RED), ("c:r", RED), ("c:赤", RED), ("C:RED", RED),
    ("ｃ：ｒｅｄ", RED), ("c=red", RED),
    ("c:u", BLUE), ("c:blue", BLUE), ("c:w", {"T01-004", "OB01-001"}), ("c:b", {"T01-005"}),
    ("c:g", {"T01-006", "EV01-001"}), ("c:colorless", {"T01-012", "SH01-001"}),
    ("c:c", {"T01-012", "SH01-001"}), ("c!=red", set(ALL_IDS) - RED),
    # type / t
    ("t:zx", ZX), ("type:zx", ZX), ("t:event", {"T01-010", "T01-011"}), ("t:player", PLAYERS),
    ("t:zx_ex", {"EX01-001"}), ("t:ex", {"EX01-001", "EV01-001"}), ("t:zx_ob", {"OB01-001"}),
    ("t:ob", {"OB01-001"}), ("t:shift", {"SH01-001"}), ("t:event_ex", {"EV01-001"}),
    ("t:zx-ex", {"EX01-001"}), ("t!=zx", set(ALL_IDS) - ZX), ("t:ゼクス", ZX),
    ("t:イベント", {"T01-010", "T01-011"}), ("t:ゼクスエクストラ", {"EX01-001"}),
    ("t:zxex", {"EX01-001"}),
    # cost and power with every operator; players have no cost, only field cards have power
    ("cost=2", COST2), ("cost:2", COST2), ("cost!=2", NON_PLAYERS - COST2),
    ("cost<1", {"T01-006", "SH01-001"}), ("cost<=1", {"T01-006", "SH01-001", "T01-002", "T01-011"}),
    ("cost>5", {"EX01-001"}), ("cost>=5", {"T01-005", "EX01-001"}), ("cost >= 5", {"T01-005", "EX01-001"}),
    ("cost>=５", {"T01-005", "EX01-001"}), ("cost : 2", COST2), ("COST=2", COST2),
    ("power>=7000", {"T01-005", "EX01-001", "OB01-001"}), ("power<1000", {"T01-006"}),
    ("pow=5000", {"T01-001"}), ("power>99999999999999999999999", set()),
    # race / r (kana folded: ドラゴン finds どらごん)
    ("race:ドラゴン", {"T01-001", "T01-002", "EX01-001"}), ("r:どら", {"T01-001", "T01-002", "EX01-001"}),
    ("r:武人", {"T01-001"}), ("r:ゴン武", set()),  # never across two races
    # is: / not:
    ("is:ignition", {"T01-001"}), ("is:ig", {"T01-001"}), ("is:evol_seed", {"T01-003"}),
    ("is:es", {"T01-003"}), ("is:life_recovery", {"T01-002"}), ("is:lr", {"T01-002"}),
    ("is:void_bringer", {"T01-004"}), ("is:vb", {"T01-004"}), ("is:start_card", {"T01-006"}),
    ("is:start", {"T01-006"}), ("is:gate_card", {"T01-005"}), ("is:gate", {"T01-005"}),
    ("is:life-recovery", {"T01-002"}), ("not:ig", set(ALL_IDS) - {"T01-001"}),
    # player:
    ("player:青葉", {"OB01-001", "EV01-001"}), ("player:千歳", {"OB01-001", "EV01-001"}),
    # text / o
    ("o:ダメージ", {"T01-010"}), ("text:だめーじ", {"T01-010"}), ('o:"draw a card"', {"T01-005"}),
    ("o:かーど", {"T01-001"}), ("o:/\\d{4}/", {"T01-010"}), ("o:/^gate/", {"T01-005"}),
    # name / n / regex / exact
    ("n:千歳", {"P01-001", "OB01-001", "EV01-001"}), ("name:siegh", {"T01-001"}),
    ("n:SIEGH", {"T01-001"}), ("n:/^どらごん$/", {"T01-012"}), ("n:/ドラゴン/", {"T01-002", "T01-012"}),
    ("name:/^sky/", {"EX01-001"}), ("n:/^$/", {"T01-011", "T01-012", "P01-002", "OB01-001", "EV01-001", "SH01-001"}), ("n:/a\\/b/", set()), ("n=/^sky/", {"EX01-001"}),
    ("n!=/の/", set(ALL_IDS) - {"T01-001", "T01-002", "T01-003", "T01-004", "T01-006", "OB01-001",
                                "EV01-001", "SH01-001", "P01-002"}),
    ("!どらごん", {"T01-012"}), ('!"ドラゴン"', {"T01-012"}), ('!"siegh,  crimson swordsman"', {"T01-001"}),
    ('!"どらごんの"', set()), ('!"ＡＢＣカード"', {"T01-011"}),
    # id: prefix, id= exact
    ("id:t01", {i for i in ALL_IDS if i.startswith("T01")}), ("id:T01-01", {"T01-010", "T01-011", "T01-012"}),
    ("id=T01-001", {"T01-001"}), ("id=t01-00", set()), ("id:ｔ０１－００１", {"T01-001"}),
    # bare words and phrases: name, English name, card number or text
    ("ドラゴン", {"T01-002", "T01-012"}), ("どらごん", {"T01-002", "T01-012"}),
    ("dragon", {"T01-002", "EX01-001"}), ("DRAGON", {"T01-002", "EX01-001"}),
    ("ｄｒａｇｏｎ", {"T01-002", "EX01-001"}), ("abc", {"T01-011"}), ("ab", {"T01-011"}),
    ("t01-00", {"T01-001", "T01-002", "T01-003", "T01-004", "T01-005", "T01-006"}),
    ('"1枚引く"', {"T01-001"}), ('"sky dragon"', {"EX01-001"}), ("竜", {"EX01-001"}),
    ("nothing-like-this", set()), ("'; DROP TABLE cards;", set()),
    # combinations: AND, or (any case), negation, groups, precedence
    ("c:red t:zx", {"T01-001", "T01-002"}), ("c:red or c:blue", RED | BLUE),
    ("c:red OR c:blue", RED | BLUE), ("c:red Or c:blue", RED | BLUE),
    ("-c:red t:zx", ZX - RED), ("-is:ig c:red", RED - {"T01-001"}), ("--c:red", RED),
    ("(c:red or c:blue) cost<=2", {"T01-002", "T01-010", "T01-003", "T01-011"}),
    ("c:red t:zx or t:player", {"T01-001", "T01-002"} | PLAYERS),
    ("t:player or c:red t:zx", {"T01-001", "T01-002"} | PLAYERS),
    ("-(c:red or c:blue) t:zx", {"T01-004", "T01-005", "T01-006", "T01-012"}),
    ("((c:red))", RED), ("c:red (t:zx or t:event) -cost>=3", {"T01-002", "T01-010"}),
    ("", set(ALL_IDS)), ("   ", set(ALL_IDS)),
]


@pytest.mark.parametrize(("query", "expected"), CASES, ids=[c[0] or "<empty>" for c in CASES])
def test_query_finds_expected_cards(db, query: str, expected: set[str]) -> None:
    """Section 4: each term (and alias) finds exactly the expected fixture cards, in all three engines."""
    fts = search_ids(db, query)
    assert set(fts) == expected
    assert search_ids(db, query, fts=False) == fts
    assert sorted(c.id for c in filter_cards(db.cards(), query)) == sorted(fts)


def test_t10_keywords_named_in_the_text_count(db) -> None:
    """T-10 / section 1: a card whose text names Life Recovery (ライフリカバリー) or Gate Card
    counts as one for is:lr / is:gate even without `keywords`."""
    assert search_ids(db, "is:lr") == ["T01-002"]  # text: ライフリカバリー
    assert search_ids(db, "is:gate") == ["T01-005"]  # text: "Gate Card. Draw a card."
    assert search_ids(db, "is:vb") == ["T01-004"]  # keywords: [void_bringer]


def test_t9_colors_and_colorless(db) -> None:
    """T-9: five colors and colorless; player cards (T-3) have no color and no cost."""
    assert count(db, "c:colorless") == 2
    assert count(db, "t:player c:colorless") == 0
    assert count(db, "t:player cost=0") == 0
    assert count(db, "t:player -c:red") == 2


@pytest.mark.parametrize("query", ["n:/^どらごん$/", "o:/\\d{4}/", "n:/^$/ c:colorless", "-n:/の/ t:zx",
                                   "n!=/の/ or o:/gate/"])
def test_sql_regexp_function_agrees_with_the_python_regex_pass(db, query: str) -> None:
    """compile_query alone uses the registered REGEXP function; search() runs regexes in Python."""
    where, params = compile_query(parse(query))
    assert "regexp(" in where
    rows = db.execute(f"SELECT c.id FROM card_search AS c WHERE {where} ORDER BY c.rowid", params)
    assert [r[0] for r in rows] == search_ids(db, query)


def test_several_arguments_are_joined(db) -> None:
    """`zxdeck search c:red t:zx` = `zxdeck search "c:red t:zx"`."""
    assert parse(["c:red", "t:zx"]) == parse("c:red t:zx")
    assert search_ids(db, ["c:red", "t:zx"]) == search_ids(db, "c:red t:zx")


def test_and_binds_tighter_than_or() -> None:
    node = parse("a b or c")
    assert isinstance(node, Or)
    first, second = node.children
    assert isinstance(first, And) and [t.value for t in first.children] == ["a", "b"]
    assert second == Term("any", ":", "c", "c")
    assert parse("") == All()
    assert parse("-(a or b)") == Not(Or((Term("any", ":", "a", "a"), Term("any", ":", "b", "b"))))


def test_values_are_sql_parameters_never_sql_text(db) -> None:
    """Section 4: no query can change the database; values only travel as parameters."""
    evil = "x'); DROP TABLE cards; --"
    sql, params = compile_query(parse(f'"{evil}" n:"{evil}" r:"{evil}"'))
    assert "DROP" not in sql and "x'" not in sql
    assert any(evil.casefold() in str(p) for p in params)
    assert search_ids(db, f'"{evil}"') == []
    assert len(search_ids(db, "")) == len(ALL_IDS)  # the table is still there


def test_sort_limit_reverse(db) -> None:
    assert search_ids(db, "t:zx", sort="cost") == [
        "T01-006", "T01-002", "T01-003", "T01-012", "T01-001", "T01-004", "T01-005"]
    assert search_ids(db, "t:zx", sort="power", reverse=True)[:2] == ["T01-005", "T01-004"]
    assert search_ids(db, "t:zx", sort="color")[:2] == ["T01-001", "T01-002"]  # red first
    assert search_ids(db, "t:zx", sort="color")[-1] == "T01-012"  # colorless last
    assert search_ids(db, "", sort="id", limit=3) == sorted(ALL_IDS)[:3]
    assert search_ids(db, "", sort="id", reverse=True, limit=1) == [max(ALL_IDS)]
    assert search_ids(db, "", limit=0) == []
    names = [c.name for c in search(db, "t:zx", sort="name")]
    assert len(names) == len(ZX)
    with pytest.raises(QueryError, match="unknown sort"):
        search_ids(db, "", sort="rarity")


def test_search_returns_full_cards(db) -> None:
    (card,) = search(db, "id=T01-001")
    assert card.name_en == "Siegh, Crimson Swordsman"
    assert card.races == ("ドラゴン", "武人") and card.ignition
    assert card.abilities and card.abilities[0]["kind"] == "auto"
    assert card.extra == {"rarity": "SR"}


ERRORS: list[tuple[str, str]] = [
    ("foo:bar", "unknown keyword 'foo' in 'foo:bar' (valid: name/n, id, type/t, color/c"),
    ("colr:red", "unknown keyword 'colr' in 'colr:red' (did you mean 'color'? valid: name/n"),
    ("c:", "empty value in 'c:' (valid: red/r, blue/u"),
    ("t:", "empty value in 't:' (valid: zx, event"),
    ("is:", "empty value in 'is:'"),
    ("n:", "empty value in 'n:'"),
    ("id:", "empty card number in 'id:'"),
    ('o:""', "empty value in 'o:\"\"'"),
    ('""', "empty phrase"),
    ("cost>=abc", "'abc' in 'cost>=abc' is not a whole number"),
    ("power<", "empty value in 'power<': power needs a number"),
    ("cost=3.5", "not a whole number"),
    ("(c:red", "unbalanced '(': missing ')'"),
    ("c:red)", "unbalanced ')'"),
    ("(c:red or (t:zx)", "unbalanced '('"),
    ("()", "empty parentheses"),
    ("(", "unbalanced '('"),
    ("or c:red", "'or' needs a term on both sides"),
    ("c:red or", "'or' needs a term on both sides"),
    ("c:red or or t:zx", "'or' needs a term on both sides"),
    ("(or c:red)", "'or' needs a term on both sides"),
    ("(c:red or)", "'or' needs a term on both sides"),
    ("-", "'-' must be followed by a term"),
    ("- c:red", "'-' must be followed by a term"),
    ("c:red -", "'-' must be followed by a term"),
    ("-or", "'-' must be followed by a term or a group"),
    ("-)", "'-' must be followed by a term or a group"),
    ("c>red", "color takes ':', '=' or '!=', not '>'"),
    ("n<=x", "name takes ':', '=' or '!='"),
    ("t:monster", "unknown t: value 'monster' in 't:monster' (valid: zx, event, player, zx_ex"),
    ("c:purple", "unknown c: value 'purple'"),
    ("is:shiny", "unknown is: value 'shiny' in 'is:shiny' (valid: ignition/ig"),
    ("not:shiny", "unknown not: value 'shiny'"),
    ("name:/[/", "bad regular expression in 'name:/[/'"),
    ("o:/(?P<x/", "bad regular expression"),
    ("n://", "empty /regex/"),
    ("o:/abc", "unterminated /regex/"),
    ('"abc', "unterminated quote"),
    ('n:"abc', "unterminated quote"),
    ("!", "'!' must be followed by a name"),
    ('!""', "'!' must be followed by a name"),
    ("http://example.org", "unknown keyword 'http'"),
    ("a\udcff", "not valid text"),
    ("a\x00b", "NUL character"),
]


@pytest.mark.parametrize(("query", "needle"), ERRORS, ids=[e[0] for e in ERRORS])
def test_malformed_query_is_a_clean_error(query: str, needle: str) -> None:
    """Section 4: a malformed query is an error naming the bad term; exit status 2."""
    with pytest.raises(QueryError) as info:
        parse(query)
    assert needle in str(info.value)
    assert info.value.exit_code == EXIT_USAGE
    assert str(info.value).startswith("bad query: ")


def test_error_points_at_the_term() -> None:
    with pytest.raises(QueryError, match=r"at character 7\)"):
        parse("c:red zzz:1")
