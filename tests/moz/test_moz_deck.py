"""MOZ deck construction: each rule D-1..D-18 of MOZ_RULES.md section 2, its error code and keys."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from zxdeck.decks.parse import parse_text as core_parse_text
from zxdeck.games.moz.catalog.loader import MozCatalog, load_catalog, parse_catalog
from zxdeck.games.moz.deck.parse import MozValidation, parse_text, read_deck, render_json, validate

ROOT = Path(__file__).resolve().parents[2]
LEGAL = sorted((ROOT / "examples" / "moz").glob("*.txt"))
BASE = ROOT / "examples" / "moz" / "shell_dragons.txt"


@pytest.fixture(scope="module")
def cat() -> MozCatalog:
    return load_catalog()


def check(cat: MozCatalog, text: str) -> MozValidation:
    """Validate a deck text as `read_deck` reads it (with the MOZ part headers)."""
    return validate(parse_text(text, cat, "deck.txt"))


def codes(result: MozValidation) -> list[str]:
    return [p.code for p in result.errors]


def base_lines() -> list[str]:
    return BASE.read_text(encoding="utf-8").splitlines()


def pick(cat: MozCatalog, **want: object) -> list[str]:
    return [c.id for c in cat if all(getattr(c, k, None) == v for k, v in want.items())]


def with_summoners(cat: MozCatalog, ids: list[str]) -> str:
    """The base deck with its five summoners replaced by `ids`."""
    zone = [line for line in base_lines() if line.startswith("1 ") and
            (found := cat.lookup(line[2:].split("#")[0].strip())) and found[0].type != "summoner"]
    return "\n".join([*(f"1 {i}" for i in ids), *zone])


@pytest.mark.parametrize("path", LEGAL, ids=[p.name for p in LEGAL])
def test_example_decks_are_legal(cat: MozCatalog, path: Path) -> None:
    """D-1..D-18 all hold for every example deck (at least four of them)."""
    assert len(LEGAL) >= 4
    result = validate(read_deck(path, cat))
    assert result.valid, [p.message for p in result.errors]
    assert result.counts["summoners"] == 5 and result.counts["zone"] == 50


def test_d1_exactly_five_summoners(cat: MozCatalog) -> None:
    result = check(cat, "\n".join([*base_lines(), f"1 {pick(cat, type='summoner', level=2)[-1]}"]))
    problem = next(p for p in result.errors if p.code == "summoner-count")
    assert problem.rule == "D-1" and problem.extra["count"] == 6


def test_d2_zone_of_exactly_fifty(cat: MozCatalog) -> None:
    lines = [line for line in base_lines() if line.strip()][:-1]  # one zone card less
    result = check(cat, "\n".join(lines))
    problem = next(p for p in result.errors if p.code == "zone-size")
    assert problem.rule == "D-2" and problem.extra["count"] == 49


def test_d2_parts_are_split_by_type_not_by_header(cat: MozCatalog) -> None:
    """D-2 ruling: summoners listed among the zone cards still belong to the pile."""
    lines = base_lines()
    summoners = [x for x in lines[:8] if x.startswith("1 ")]
    rest = [x for x in lines if x not in summoners]
    assert check(cat, "\n".join([*rest, *summoners])).valid


def test_d3_singleton_by_name_with_lines(cat: MozCatalog) -> None:
    lines = base_lines()
    result = check(cat, "\n".join([*lines, lines[10]]))
    problem = next(p for p in result.errors if p.code == "copy-limit")
    assert problem.rule == "D-3" and problem.name and problem.lines == [11, len(lines) + 1]


def test_d3_same_name_under_two_ids_counts_together_after_nfkc(tmp_path: Path) -> None:
    data = ("cards:\n"
            "  - {id: A-1, name: ＡＢ竜, type: beast, attribute: 貝, sub_attribute: dragon, power: 100}\n"
            "  - {id: A-2, name: AB竜, type: beast, attribute: 貝, sub_attribute: dragon, power: 150}\n").encode()
    cat = MozCatalog(parse_catalog(data, "x.yaml"))
    result = validate(parse_text("1 A-1\n1 A-2\n", cat, "d.txt"))
    assert "copy-limit" in codes(result)


def test_d4_d5_hints_swap_only_summoners_the_pile_has(cat: MozCatalog) -> None:
    """D-4/D-5 short with five summoners of other levels: swap one; with no summoner at all
    (an empty file): add them, as D-1 says (a hint never swaps summoners that are not there)."""
    ids = [*pick(cat, type="summoner", level=5)[:3], *pick(cat, type="summoner", level=6)[:2]]
    full = check(cat, with_summoners(cat, ids))
    hints = {p.code: p.hint for p in full.errors}
    assert hints["low-level-summoner"] == "swap 1 summoner of the pile for summoners of level 1 or 2"
    empty = check(cat, "")
    hints = {p.code: p.hint for p in empty.errors}
    assert hints["summoner-count"] == "add 5 summoners"
    assert hints["low-level-summoner"] == "add 1 summoner of level 1 or 2"
    assert hints["mid-level-summoner"] == "add 1 summoner of level 3 or 4"
    assert not any("swap" in (p.hint or "") for p in empty.errors)


@pytest.mark.parametrize(("levels", "expected"), [
    ([2, 2, 3, 3, 3], []),  # the text's legal example
    ([5, 5, 5, 6, 6], ["low-level-summoner", "mid-level-summoner", "level5-limit", "level6-limit"]),
    ([1, 3, 7, 8, 9], ["level7-limit"]),  # levels >= 7 count together (D-8)
    ([1, 2, 4, 4, 4], []),  # levels 1 to 4 have no upper limit
])
def test_d4_to_d8_summoner_levels(cat: MozCatalog, levels: list[int], expected: list[str]) -> None:
    """D-4 (a level 1-2), D-5 (a level 3-4), D-6 (one 5), D-7 (one 6), D-8 (one 7+)."""
    used: dict[int, int] = {}
    ids = []
    for level in levels:
        ids.append(pick(cat, type="summoner", level=level)[used.get(level, 0)])
        used[level] = used.get(level, 0) + 1
    result = check(cat, with_summoners(cat, ids))
    assert [c for c in codes(result) if c not in ("summoner-count", "zone-size")] == expected
    rules = {"low-level-summoner": "D-4", "mid-level-summoner": "D-5", "level5-limit": "D-6",
             "level6-limit": "D-7", "level7-limit": "D-8"}
    for p in result.errors:
        assert p.rule == rules[p.code]
    if "level7-limit" in expected:
        assert next(p for p in result.errors if p.code == "level7-limit").extra["count"] == 3


def test_d9_d10_and_groups_in_the_broken_example(cat: MozCatalog) -> None:
    """D-9 (six power-100 dragons), D-10 (13 beasts of power 100), D-11, D-12, D-15 (group-limit with
    `group`), D-16 (barrier + blockman 4), D-17 (sp_seal 3): all reported in one run."""
    result = validate(read_deck(ROOT / "examples" / "moz" / "illegal" / "broken_limits.txt", cat))
    found = {(p.code, p.rule, json.dumps(p.extra, sort_keys=True)) for p in result.errors}
    assert found == {
        ("dragon100-limit", "D-9", '{"count": 6}'),
        ("same-power-limit", "D-10", '{"count": 13, "power": 100}'),
        ("group-limit", "D-11", '{"count": 2, "group": "natural_disaster"}'),
        ("group-limit", "D-12", '{"count": 2, "group": "devils_deed"}'),
        ("group-limit", "D-15", '{"count": 2, "group": "change_same_kind"}'),
        ("barrier-blockman-limit", "D-16", '{"count": 4}'),
        ("sp-seal-limit", "D-17", '{"count": 3}'),
    }


def test_d13_d14_and_both_kinds_of_change_are_separate(cat: MozCatalog) -> None:
    """D-13 heavens_miracle, D-14 send_back: at most 1 each; D-15: one change_same_kind and one
    change_any_attribute together are legal."""
    base = [line for line in base_lines() if line.strip()]
    extra = [*pick(cat, limit_group="heavens_miracle"), *pick(cat, limit_group="send_back")[:2]]
    text = "\n".join([*base[:-len(extra)], *(f"1 {i}" for i in extra)])
    result = check(cat, text)
    groups = {p.extra.get("group"): p.rule for p in result.errors if p.code == "group-limit"}
    assert groups == {"heavens_miracle": "D-13", "send_back": "D-14"}
    change = [pick(cat, limit_group="change_same_kind")[0], pick(cat, limit_group="change_any_attribute")[0]]
    ok = check(cat, "\n".join([*base[:-2], *(f"1 {i}" for i in change)]))
    assert "group-limit" not in codes(ok)


def test_d18_groups_come_only_from_limit_group(tmp_path: Path) -> None:
    """A card named like a group but without `limit_group` is in no group (D-18)."""
    data = ("cards:\n" + "".join(
        f"  - {{id: N-{i}, name: 天災{i}, type: special, text: 天災 SP封じ}}\n" for i in range(3))).encode()
    cat = MozCatalog(parse_catalog(data, "x.yaml"))
    result = validate(parse_text("1 N-0\n1 N-1\n1 N-2\n", cat, "d.txt"))
    assert not {"group-limit", "sp-seal-limit"} & set(codes(result))


def test_unknown_cards_and_parse_errors_come_with_lines_and_hints(cat: MozCatalog) -> None:
    result = check(cat, "\n".join([*base_lines(), "1 潮騒の竜王", "this is not a card line"]))
    unknown = next(p for p in result.errors if p.code == "unknown-card")
    assert unknown.suggestions == ["潮騒の竜"] and unknown.line == len(base_lines()) + 1
    assert any(p.code == "parse-error" for p in result.errors)


def test_the_moz_part_headers_are_read_and_lines_kept(cat: MozCatalog) -> None:
    """D-2: the part headers may be written; they open the pile and the zone."""
    result = validate(read_deck(BASE, cat))
    assert result.valid
    text = "【召喚師】\n" + BASE.read_text(encoding="utf-8").replace("Zone:", "[ゾーン]")
    result = check(cat, text)
    assert result.valid and all(p.code != "parse-error" for p in result.deck.problems)
    assert {e.section for e in result.deck.entries if e.card.type == "summoner"} == {"summoners"}
    assert {e.section for e in result.deck.entries if e.card.type != "summoner"} == {"zone"}
    plain = validate(core_parse_text(text, cat, "d.txt"))  # without MOZ's headers: unknown headers
    headers = [i for i, line in enumerate(text.splitlines(), 1) if line in ("【召喚師】", "Summoners:", "[ゾーン]")]
    assert len(headers) == 3
    assert [p.line for p in plain.errors if "unknown section" in p.message] == headers


def test_other_games_headers_are_unknown_sections_in_a_moz_deck(cat: MozCatalog) -> None:
    """D-2: a MOZ deck has only the pile and the zone; a Z/X header is not one of them."""
    text = BASE.read_text(encoding="utf-8") + "[Dunamis]\n1 潮騒の竜\nゾーン (2)\n1 潮騒の竜\n"
    problems = check(cat, text).deck.problems
    n = len(base_lines())
    unknown = [p for p in problems if p.code == "parse-error"]
    assert [(p.line, p.message) for p in unknown] == [
        (n + 1, f"unknown section [Dunamis]; the cards under it (line {n + 2}) are not counted")]
    assert "Summoners, 召喚師, Zone, ゾーン (docs/MOZ.md)" in (unknown[0].hint or "")
    assert [(p.code, p.line) for p in problems if p.severity == "warning"] == [("section-count", n + 3)]


def test_json_report_has_the_keys_of_the_error_table(cat: MozCatalog) -> None:
    result = validate(read_deck(ROOT / "examples" / "moz" / "illegal" / "too_many_high_levels.txt", cat))
    data = json.loads(render_json([result], single=True))
    assert data["valid"] is False and data["game"] == "moz"
    by_code = {e["code"]: e for e in data["errors"]}
    assert by_code["zone-size"]["count"] == 51 and by_code["zone-size"]["rule"] == "D-2"
    assert by_code["copy-limit"]["name"] and by_code["unknown-card"]["suggestions"]
    assert by_code["level5-limit"]["count"] == 2 and by_code["level6-limit"]["count"] == 2
    assert {"low-level-summoner", "mid-level-summoner"} <= set(by_code)


def test_load_deck_gives_the_engine_its_55_cards(cat: MozCatalog) -> None:
    """D-1, D-2: 5 summoners and 50 zone cards, one entry per copy; illegal or unreadable decks
    are one error line (exit 2)."""
    from zxdeck.errors import DeckFileError
    from zxdeck.games.moz.deck.parse import load_deck

    cards = load_deck(BASE, cat)
    assert len(cards) == 55 and sum(c.type == "summoner" for c in cards) == 5
    illegal = ROOT / "examples" / "moz" / "illegal" / "broken_limits.txt"
    with pytest.raises(DeckFileError, match=r"broken_limits.txt: dragon100-limit \[D-9\]"):
        load_deck(illegal, cat)
    assert len(load_deck(illegal, cat, legal=False)) == 55
    typo = ROOT / "examples" / "moz" / "illegal" / "too_many_high_levels.txt"
    with pytest.raises(DeckFileError, match="line 41: unknown-card"):
        load_deck(typo, cat, legal=False)


def test_yaml_and_json_decks_with_summoners_and_zone(cat: MozCatalog, tmp_path: Path) -> None:
    """D-1, D-2 on a structured deck: `summoners` and `zone` lists, entries as ids, names or
    {card, count}; the same cards as the text deck."""
    text_cards = [e.card.id for e in read_deck(BASE, cat).entries]
    summoners = [i for i in text_cards if i.startswith("MOZ-S")]
    zone = [i for i in text_cards if not i.startswith("MOZ-S")]
    doc = {"name": "shell", "summoners": summoners, "zone": [{"card": zone[0], "count": 1}, *zone[1:]]}
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    result = validate(read_deck(path, cat))
    assert result.valid and result.counts["summoners"] == 5 and result.counts["zone"] == 50
    yaml_path = tmp_path / "deck.yaml"
    yaml_path.write_text("summoners:\n" + "".join(f"  - {i}\n" for i in summoners) + "zone:\n"
                         + "".join(f"  - 1 {i}\n" for i in zone[:-1]) + "  - 1 潮騒の竜王\n", encoding="utf-8")
    bad = validate(read_deck(yaml_path, cat))
    unknown = next(p for p in bad.errors if p.code == "unknown-card")
    assert unknown.line == 2 + len(summoners) + len(zone) and "zone-size" in codes(bad)
