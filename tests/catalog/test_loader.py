"""Catalog loading and checking (INTERFACES.md section 1; ZX_RULES T-1..T-10)."""

from __future__ import annotations

import pytest

from zxdeck.catalog.loader import parse_catalog
from zxdeck.errors import CatalogError

GOOD = """
cards:
  - id: T01-001
    name: 紅蓮の剣士
    name_en: Crimson Swordsman
    type: zx
    color: red
    cost: 3
    power: 5000
    races: [ドラゴン]
    icons: [ignition]
    text: "ライフリカバリー"
    rarity: SR
  - id: T01-002
    name: 青葉
    type: player
"""


def test_good_catalog_loads_with_keywords_from_text() -> None:
    """T-10: a card counts as Life Recovery when its text names the keyword."""
    cards = parse_catalog(GOOD.encode())
    assert [c.id for c in cards] == ["T01-001", "T01-002"]
    card = cards[0]
    assert card.ignition and card.life_recovery and not card.void_bringer
    assert card.races == ("ドラゴン",)
    assert card.extra == {"rarity": "SR"}  # unknown keys kept and ignored
    assert cards[1].color == "colorless" and cards[1].cost == 0


@pytest.mark.parametrize(
    ("yaml_text", "needle"),
    [
        ("cards:\n  - {id: A, name: a, type: zx}\n  - {id: A, name: b, type: zx}\n", "card A: duplicate id"),
        ("cards:\n  - {id: A, name: a, type: monster}\n", "unknown type 'monster'"),
        ("cards:\n  - {id: A, name: a, type: zx, color: purple}\n", "unknown color 'purple'"),
        ("cards:\n  - {id: A, name: a, type: zx, cost: three}\n", "cost must be an integer"),
        ("cards:\n  - {id: A, name: a, type: zx, cost: -1}\n", "cost must be an integer"),
        ("cards:\n  - {id: A, name: a, type: zx, icons: [shiny]}\n", "icons must be a subset"),
        ("cards:\n  - {name: a, type: zx}\n", "line 2: missing required key 'id'"),
        ("cards: [\n", "YAML error"),
        ("- !!python/object/apply:os.system ['echo hi']\n", "YAML tag '!!python/object/apply:os.system'"),
        ("just text\n", "a catalog is a mapping with a 'cards' list"),
    ],
)
def test_broken_catalog_is_refused_with_the_problem(yaml_text: str, needle: str) -> None:
    with pytest.raises(CatalogError) as info:
        parse_catalog(yaml_text.encode(), "x.yaml")
    assert "x.yaml" in str(info.value)
    assert needle in str(info.value)
    assert info.value.exit_code == 2


def test_every_problem_is_reported_at_once() -> None:
    text = "cards:\n  - {id: A, name: a, type: bad}\n  - {id: B, name: b, type: zx, color: pink}\n"
    with pytest.raises(CatalogError) as info:
        parse_catalog(text.encode(), "x.yaml")
    assert len(info.value.problems) == 2


def test_yaml_syntax_error_names_the_line() -> None:
    """The fast parser's syntax errors still name the YAML line (INTERFACES.md section 1)."""
    text = "cards:\n  - id: A\n    name: [unclosed\n"
    with pytest.raises(CatalogError) as info:
        parse_catalog(text.encode(), "x.yaml")
    assert "x.yaml: line" in str(info.value)


def test_python_tags_are_refused_never_executed(tmp_path) -> None:
    """A `!!python` tag anywhere in the file is a YAML error; nothing is executed."""
    marker = tmp_path / "pwned"
    text = f"cards:\n  - id: A\n    name: !!python/object/apply:os.system ['touch {marker}']\n    type: zx\n"
    with pytest.raises(CatalogError, match=r"x.yaml: line 3: YAML tag '!!python/object/apply:os.system'"):
        parse_catalog(text.encode(), "x.yaml")
    assert not marker.exists()


def test_fast_and_safe_loaders_read_the_builtin_catalog_alike(monkeypatch) -> None:
    """yaml-rs (fast path) and PyYAML's safe loader give the same cards for the built-in catalog."""
    from zxdeck import safeyaml
    from zxdeck.catalog import loader

    data = loader.builtin_catalog_path().read_bytes()
    fast = parse_catalog(data)
    monkeypatch.setattr(safeyaml, "USE_YAML_RS", False)
    safe = parse_catalog(data)
    assert len(fast) > 250
    assert fast == safe
    assert [c.abilities for c in fast] == [c.abilities for c in safe]


# ---------------------------------------------------------------- hostile YAML (a catalog is a user's file too)


def _bomb(key: str, width: int = 9, levels: int = 9) -> str:
    lines = ["a0: &a0 [" + ",".join(['"lol"'] * width) + "]"]
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * width) + "]")
    lines.append(f"{key}: [*a{levels - 1}]")
    return "\n".join(lines) + "\n"


@pytest.fixture(params=[True, False], ids=["yaml-rs", "pyyaml"])
def parser(request, monkeypatch) -> bool:
    """Both readers of zxdeck.safeyaml: yaml-rs, and PyYAML's safe loader with the same rules."""
    from zxdeck import safeyaml

    monkeypatch.setattr(safeyaml, "USE_YAML_RS", request.param)
    return request.param


@pytest.mark.parametrize("levels", [6, 9])
def test_alias_bomb_catalog_is_refused_before_expanding(parser: bool, levels: int) -> None:
    """An alias bomb (9**9 strings from 444 bytes; 9**6 stays under yaml-rs's own replay limit) is
    refused at its first anchor, on both parsers, whatever the parser would have expanded."""
    with pytest.raises(CatalogError) as info:
        parse_catalog(_bomb("cards", levels=levels).encode(), "bomb.yaml")
    assert str(info.value).startswith("bomb.yaml: line ")
    assert "anchors and aliases" in str(info.value) and info.value.exit_code == 2


def test_anchor_or_alias_inside_a_card_is_refused() -> None:
    text = "cards:\n  - &c {id: A, name: a, type: zx}\n  - {id: B, name: b, type: zx, races: *r}\n"
    with pytest.raises(CatalogError, match=r"x.yaml: line 2: YAML anchors and aliases"):
        parse_catalog(text.encode(), "x.yaml")


def test_deeply_nested_catalog_is_one_clear_error(parser: bool) -> None:
    """1,000 levels of `[` in a card: a CatalogError naming the file and line, never a RecursionError."""
    text = "cards:\n  - id: A\n    name: a\n    type: zx\n    abilities: " + "[" * 1000 + "]" * 1000 + "\n"
    with pytest.raises(CatalogError) as info:
        parse_catalog(text.encode(), "deep.yaml")
    assert str(info.value).startswith("deep.yaml: line ") and info.value.exit_code == 2


def test_ampersand_and_star_in_card_text_are_text() -> None:
    """`&` and `*` in names and texts are not anchors: such a catalog reads normally."""
    text = 'cards:\n  - {id: "A&B", name: "R&D*", type: zx, text: "power *2 & more"}\n'
    assert parse_catalog(text.encode())[0].name == "R&D*"


def test_e2_an_event_ex_has_no_timing_of_its_own() -> None:
    """E-2, T-2: an event keeps its `timing`; an Event EX's `timing` (an older catalog's) is ignored:
    every Event EX has the rules' timing (main phase or battle), and writing the card omits it."""
    cards = parse_catalog(b"""cards:
  - {id: E1, name: a, type: event, color: red, cost: 1, timing: battle}
  - {id: E2, name: b, type: event_ex, color: red, cost: 1, timing: main}
  - {id: E3, name: c, type: event_ex, color: red, cost: 1, timing: whenever}
  - {id: E4, name: d, type: event_ex, color: red, cost: 1}
""")
    ev, *exs = cards
    assert ev.timing == "battle" and ev.to_dict()["timing"] == "battle"
    assert [c.timing for c in exs] == ["any", "any", "any"]
    assert all("timing" not in c.to_dict() for c in exs)


# ---------------------------------------------------------------- one reading of YAML (zxdeck.safeyaml)

ONE_CARD = "cards:\n  - id: A\n    name: a\n    type: zx\n    cost: 010\n    name_en: NO\n    text: {text}\n"


def test_a_bang_in_text_reads_exactly_as_without(parser: bool) -> None:
    """A ` !` in a card's text once switched the whole file to a YAML 1.1 reader (`cost: 010` became
    8, `name_en: NO` was dropped): the file reads the same whatever its text holds."""
    plain = parse_catalog(ONE_CARD.format(text="すごい").encode(), "x.yaml")
    bang = parse_catalog(ONE_CARD.format(text="すごい !").encode(), "x.yaml")
    assert (plain[0].cost, plain[0].name_en) == (10, "NO")
    assert (bang[0].cost, bang[0].name_en) == (10, "NO")
    assert plain[0].text + " !" == bang[0].text


@pytest.mark.parametrize("bang", [False, True], ids=["plain", "with-bang"])
def test_a_key_given_twice_is_an_error_naming_both_lines(parser: bool, bang: bool) -> None:
    """A key given twice in a card was silently the last value: now an error naming both lines,
    on both readers and whether or not the file holds a ` !`."""
    text = "cards:\n  - id: A\n    name: a\n    type: zx\n    cost: 1\n    cost: 2\n"
    text += "  - {id: B, name: b !, type: zx}\n" if bang else ""
    with pytest.raises(CatalogError) as info:
        parse_catalog(text.encode(), "x.yaml")
    assert str(info.value) == "x.yaml: line 6: key 'cost' given twice (lines 5 and 6); keep one"
    assert info.value.exit_code == 2


def test_a_top_level_key_given_twice_is_an_error() -> None:
    text = "cards:\n  - {id: A, name: a, type: zx}\ncards:\n  - {id: B, name: b, type: zx}\n"
    with pytest.raises(CatalogError, match=r"key 'cards' given twice \(lines 1 and 3\)"):
        parse_catalog(text.encode(), "x.yaml")


@pytest.mark.parametrize("tag", ["!!str 010", "!foo x", "!!binary aGk=", "! x"])
def test_every_tag_is_refused_alike(parser: bool, tag: str) -> None:
    """yaml-rs ignored tags and PyYAML refused only unknown ones: every tag is refused, both ways."""
    text = f"cards:\n  - id: A\n    name: {tag}\n    type: zx\n"
    with pytest.raises(CatalogError, match=r"x.yaml: line 3: YAML tag .* is not allowed here"):
        parse_catalog(text.encode(), "x.yaml")


@pytest.mark.parametrize("scalar", [
    "010", "0o10", "0x1F", "0b101", "-010", "+5", "1_000", "1,000", "1.5", "1e3", "-1.5e-3", ".5", "5.", ".inf",
    "-.Inf", ".nan", "NaN", "true", "True", "FALSE", "yes", "no", "on", "off", "NO", "y", "null", "Null", "~", "",
    "2021-01-01", "2021-02-30", "12:30:00", "1:20", "_1", "1_", "0x_1", "1._5", "._5", "1e3_", "08", "09.5",
    "+.inf", "+inf", "0o8", "0b2", "'010'", '"yes"', "123456789012345678901234567890", "1e400", "=", "<<",
])
def test_both_readers_give_the_same_value(monkeypatch, scalar: str) -> None:
    """yaml-rs and the PyYAML fallback resolve every plain scalar alike (YAML 1.2 core schema)."""
    import math

    from zxdeck import safeyaml

    values = []
    for fast in (True, False):
        monkeypatch.setattr(safeyaml, "USE_YAML_RS", fast)
        values.append(safeyaml.load_document(f"v: {scalar}\n", "x.yaml", CatalogError, 20)["v"])
    fast_value, safe_value = values
    assert type(fast_value) is type(safe_value)
    if isinstance(fast_value, float) and math.isnan(fast_value):
        assert math.isnan(safe_value)
    else:
        assert fast_value == safe_value


def test_the_moz_catalog_reads_alike_on_both_readers(monkeypatch) -> None:
    from zxdeck import safeyaml
    from zxdeck.catalog.loader import builtin_data_dir

    data = (builtin_data_dir() / "moz" / "cards.yaml").read_bytes()
    monkeypatch.setattr(safeyaml, "USE_YAML_RS", True)
    fast = safeyaml.load_document(data, "moz.yaml", CatalogError, 200)
    monkeypatch.setattr(safeyaml, "USE_YAML_RS", False)
    assert safeyaml.load_document(data, "moz.yaml", CatalogError, 200) == fast


@pytest.mark.parametrize("text", ["? [1, 2]\n: x\n", "{[1]: 2}\n", "? {a: 1}\n: x\n"])
def test_a_list_or_mapping_as_a_key_is_one_clear_error(parser: bool, text: str) -> None:
    doc = "cards:\n  - id: A\n    name: a\n    type: zx\n    extra:\n      " + text.replace("\n", "\n      ")
    with pytest.raises(CatalogError) as info:
        parse_catalog(doc.encode(), "x.yaml")
    assert str(info.value) == "x.yaml: line 6: a key must be a single value, not a list or mapping"


def test_an_integer_of_5000_digits_is_one_clear_error(parser: bool) -> None:
    text = "cards:\n  - id: A\n    name: a\n    type: zx\n    cost: " + "9" * 5000 + "\n"
    with pytest.raises(CatalogError) as info:
        parse_catalog(text.encode(), "x.yaml")
    assert str(info.value) == "x.yaml: line 5: a number of more than 4,300 digits; quote it if it is text"


def test_a_second_document_is_refused(parser: bool) -> None:
    text = "cards:\n  - {id: A, name: a, type: zx}\n---\ncards: []\n"
    with pytest.raises(CatalogError, match=r"x.yaml: line 3: a second YAML document"):
        parse_catalog(text.encode(), "x.yaml")


def test_nesting_between_the_limit_and_yaml_rs_own_is_refused_alike(parser: bool) -> None:
    """230 levels: under yaml-rs's own limit (about 255) but over the catalog's 200: refused on
    both readers (the fast one checks the values it read)."""
    text = "cards:\n  - id: A\n    name: a\n    type: zx\n    abilities: " + "[" * 230 + "]" * 230 + "\n"
    with pytest.raises(CatalogError) as info:
        parse_catalog(text.encode(), "deep.yaml")
    assert "deep.yaml" in str(info.value) and "nested more than 200 levels deep" in str(info.value)
