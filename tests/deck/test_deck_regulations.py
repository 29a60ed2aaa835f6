"""Regulations with dates, dated banned / restricted lists, and the sealed format (zxdeck.deck.regulation).

The lists restrict the copy limits of D-3 (main deck) and D-11 (dunamis); the
sealed regulation replaces D-1's 50 by 40, D-4's exact 20 by at most 16, and
D-9's 16 by 8.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zxdeck.catalog.loader import builtin_catalog_path, load_catalog
from zxdeck.deck import read_deck, validate
from zxdeck.deck.regulation import (
    RegulationError,
    list_regulations,
    load_regulation,
    parse_regulation,
    regulation_for,
)
from zxdeck.deck.report import render_human

ROOT = Path(__file__).resolve().parents[2]
LEAGUE = ROOT / "examples" / "regulations" / "store_league.yaml"
DECKS = ROOT / "examples" / "decks"


@pytest.fixture(scope="module")
def builtin():
    return load_catalog(builtin_catalog_path())


@pytest.fixture(scope="module")
def red(builtin):
    return read_deck(DECKS / "red.txt", builtin)


@pytest.fixture(scope="module")
def blue(builtin):
    return read_deck(DECKS / "blue.txt", builtin)


def _copy_errors(result) -> list[tuple[str, str, str]]:
    return [(p.code, p.name, p.rule) for p in result.errors if p.code.endswith("copy-limit")]


def test_d3_the_list_in_force_is_the_newest_on_or_before_the_day(red, blue) -> None:
    """D-3 / D-11 with dated lists: before the first list nothing is limited; then each list,
    complete as of its date, replaces the one before."""
    league = load_regulation(LEAGUE)
    assert [cl.date for cl in league.lists] == ["2022-04-01", "2022-10-01"]
    before = league.at(dt.date(2022, 3, 31))
    assert before.active_list is None and validate(red, before).valid and validate(blue, before).valid
    april = league.at(dt.date(2022, 4, 1))
    assert april.active_list.date == "2022-04-01"
    assert _copy_errors(validate(red, april)) == [("copy-limit", "IGオーバーブースト・赤", "D-3")]
    assert validate(blue, april).valid
    october = league.at(dt.date(2023, 1, 1))
    assert october.active_list.title == "10月の改訂"
    assert _copy_errors(validate(blue, october)) == [
        ("copy-limit", "鋼鉄の装甲少女アズゼル", "D-3"), ("dunamis-copy-limit", "蒼穹機神アズールギア", "D-11")]


def test_d3_errors_name_the_list_and_its_date(red, blue) -> None:
    result = validate(blue, load_regulation(LEAGUE).at(dt.date(2022, 12, 1)))
    banned = next(p for p in result.errors if p.name == "鋼鉄の装甲少女アズゼル")
    assert banned.message == ("banned: 鋼鉄の装甲少女アズゼル (ZX01-074), 4 in the main deck (by the list of "
                              "2022-10-01 (10月の改訂) of regulation store-league)")  # D-3: "banned" first
    assert banned.hint == "remove the card"
    text = render_human(result)
    assert text.splitlines()[0].endswith("(2 errors, 0 warnings; regulation store-league, list of 2022-10-01)")
    doc = result.to_dict()
    assert doc["regulation_list"] == {"date": "2022-10-01", "title": "10月の改訂"}
    assert "regulation_list" not in validate(red).to_dict()  # unchanged without a list


def test_regulation_own_card_limits_and_a_list_both_apply(builtin, red, tmp_path) -> None:
    """D-3: the lowest limit wins, and the message names where it comes from."""
    text = LEAGUE.read_text(encoding="utf-8").replace("card_limits: {}", "card_limits: {IGオーバーブースト・赤: 1}")
    path = tmp_path / "both.yaml"
    path.write_text(text, encoding="utf-8")
    result = validate(red, load_regulation(path).at(dt.date(2022, 5, 1)))
    (problem,) = [p for p in result.errors if p.code == "copy-limit"]
    assert "of at most 1 (restricted in regulation store-league)" in problem.message


def test_regulation_for_a_date_picks_the_one_in_force() -> None:
    assert regulation_for(None, dt.date(2021, 1, 30)).name == "current"
    assert regulation_for(None, None).name == "current"
    with pytest.raises(RegulationError, match="no constructed regulation is known to be in force on 2020-01-01 "
                                              r".*current, from 2021-01-30\); undated, maybe in force then: v2 "
                                              r"\(e.g. --regulation v2 --date 2020-01-01\)"):
        regulation_for(None, dt.date(2020, 1, 1))
    with pytest.raises(RegulationError, match="takes effect on 2022-01-01, after 2021-06-01"):
        regulation_for(str(LEAGUE), dt.date(2021, 6, 1))
    assert regulation_for("v2", dt.date(2000, 1, 1)).name == "v2"  # undated: never refused by date
    assert regulation_for(str(LEAGUE), dt.date(2022, 5, 1)).active_list.date == "2022-04-01"


def test_validate_without_a_day_applies_todays_list(red) -> None:
    league = load_regulation(LEAGUE)
    assert league.on is None
    result = validate(red, league)
    assert result.regulation.on == dt.date.today().isoformat()
    assert result.regulation.active_list is not None and not result.valid  # both lists are in the past


def test_sealed_format_is_data_40_card_main_deck_dunamis_of_8(builtin, red) -> None:
    """The sealed regulation: D-1's 50 becomes 40, D-4's exact 20 at most 16, D-9's 16 becomes 8."""
    sealed = load_regulation("sealed")
    assert (sealed.format, sealed.main_size, sealed.dunamis_max) == ("sealed", 40, 8)
    assert sealed.ignition is None and sealed.ignition_max == 16
    assert sealed.copy_limit == 4 and sealed.life_recovery_max == 4  # the other rules as today
    deck = read_deck(DECKS / "sealed" / "red.txt", builtin)
    ok = validate(deck, "sealed")
    assert ok.valid and ok.counts["main"] == 40 and ok.counts["dunamis"] == 8
    assert "ignition 16 (max 16)" in render_human(ok) and "main 40/40" in render_human(ok)
    assert not validate(deck).valid  # 40 cards is not a constructed deck (D-1)
    bad = validate(red, "sealed")
    assert {(p.code, p.rule) for p in bad.errors} == {
        ("main-size", "sealed"), ("ignition-count", "sealed"), ("dunamis-size", "sealed")}
    assert next(p for p in bad.errors if p.code == "ignition-count").message == "ignition cards: 20 of at most 16"


def test_builtin_regulations_formats_and_dates() -> None:
    regs = {r.name: r for r in list_regulations()}
    assert set(regs) >= {"current", "v2", "sealed"}
    assert regs["current"].format == regs["v2"].format == "constructed"
    assert regs["current"].date == "2021-01-30" and regs["v2"].date is None


@pytest.mark.parametrize(("change", "needle"), [
    ({"date": "2021-13-01"}, "date must be a date YYYY-MM-DD"),
    ({"lists": [{"title": "x"}]}, "lists[0] must be a mapping with a date"),
    ({"lists": [{"date": "2022-01-01"}, {"date": "2022-01-01"}]}, "two lists take effect on 2022-01-01"),
    ({"lists": [{"date": "2022-01-01", "restricted": {"X": 0}}]}, "restricted maps a card number or name to a count >= 1"),
    ({"lists": [{"date": "2022-01-01", "banned": "X"}]}, "banned is a list"),
    ({"lists": [{"date": "2022-01-01", "bannd": ["X"]}]}, "unknown key 'bannd'"),
    ({"lists": {"date": "2022-01-01"}}, "lists is a list"),
    ({"format": ""}, "format must be a name"),
    ({"main": {"size": 40, "ignition": None, "ignition_max": -1}}, "main.ignition_max must be an integer >= 0"),
])
def test_broken_regulation_files_name_the_problem(change, needle) -> None:
    doc = {"name": "x", **change}
    with pytest.raises(RegulationError) as info:
        parse_regulation(yaml.safe_dump(doc, allow_unicode=True), "reg.yaml")
    assert needle in str(info.value) and str(info.value).startswith("reg.yaml") and "\n" not in str(info.value)


def test_cli_validate_date_and_regulations_history(tmp_path) -> None:
    from click.testing import CliRunner

    from zxdeck.cli import cli

    env = {"ZXDECK_CACHE_DIR": str(tmp_path / "cache")}

    def run(*args: str):
        return CliRunner().invoke(cli, list(args), env=env)

    red = str(DECKS / "red.txt")
    assert run("validate", "-r", str(LEAGUE), "--date", "2022-03-01", red).exit_code == 0
    late = run("validate", "-r", str(LEAGUE), "--date", "2022-05-01", "--format", "json", red)
    assert late.exit_code == 1 and json.loads(late.stdout)["regulation_list"]["date"] == "2022-04-01"
    early = run("validate", "--date", "2019-05-01", red)
    assert early.exit_code == 2 and "no constructed regulation is known to be in force" in early.stderr
    assert run("validate", "--date", "2022-13-01", red).exit_code == 2
    history = run("regulations", "--history")
    assert history.exit_code == 0
    lines = history.stdout.splitlines()
    assert lines[0] == "constructed" and "sealed" in lines
    assert any(line.strip().startswith("2021-01-30") and line.endswith("[in force]") for line in lines)
    dated = run("regulations", "--history", "--date", "2022-05-01", str(LEAGUE)).stdout
    assert "list 2022-04-01 4月の制限: banned none; restricted IGオーバーブースト・赤 2  [in force on 2022-05-01]" in dated
    assert "list 2022-10-01 10月の改訂: banned ZX01-074; restricted IGオーバーブースト・赤 2, 蒼穹機神アズールギア 1\n" in dated + "\n"
    docs = json.loads(run("regulations", "--format", "json", "sealed").stdout)
    assert docs[0]["main"]["size"] == 40 and docs[0]["dunamis"]["max_size"] == 8


_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=8) | st.dates().map(str)
    | st.sampled_from(["2022-04-01", "zx", "zx_ex", "ZX01-001"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
        st.sampled_from(["date", "title", "banned", "restricted", "size", "types", "ignition", "ignition_max",
                         "max_size", "copy_limit", "X"]), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(doc=st.dictionaries(
    st.sampled_from(["name", "title", "date", "format", "lists", "main", "dunamis", "card_limits",
                     "player_max", "rule_ids"]), _VALUES, max_size=7).map(lambda d: {"name": "fuzz", **d}))
def test_random_regulation_files_load_or_fail_cleanly(red, doc) -> None:
    """Every file either loads (and validates a deck without crashing) or is one clean error."""
    try:
        reg = parse_regulation(yaml.safe_dump(doc, allow_unicode=True), "fuzz.yaml")
    except RegulationError as exc:
        assert str(exc).startswith("fuzz.yaml") and "\n" not in str(exc)
        return
    result = validate(red, reg.at(dt.date(2022, 6, 1)))
    assert result.valid == (not result.errors)
    render_human(result)


def test_d2_d10_a_regulation_that_allows_no_type(red) -> None:
    """D-2 / D-10 with an empty list of types (found by the fuzz test above): an error, no crash."""
    reg = parse_regulation(yaml.safe_dump({"name": "none", "main": {"types": []},
                                           "dunamis": {"types": []}}), "none.yaml")
    result = validate(red, reg)
    messages = {p.code: p.message for p in result.errors}
    assert messages["main-card-type"].endswith("the main deck holds no cards")
    assert messages["dunamis-card-type"].endswith("the dunamis holds no cards")


@pytest.mark.parametrize("types", [[["zx"]], [{"zx": 1}], [1], ["zx", "dragon"]])
def test_d2_a_regulation_types_list_of_non_type_keys_is_one_error(types) -> None:
    """D-2: `main.types` holding lists, mappings or unknown keys (found by the fuzz test): a RegulationError."""
    with pytest.raises(RegulationError, match=r"bad\.yaml: main\.types must be a list of "):
        parse_regulation(yaml.safe_dump({"name": "bad", "main": {"types": types}}), "bad.yaml")


def test_validate_with_date_names_the_regulation_in_force_that_day(red, capsys) -> None:
    """--date without --regulation: the report says which regulation was in force that day
    (both the click-free path and click's)."""
    from zxdeck.cli import main

    deck = str(ROOT / "examples" / "decks" / "red.txt")
    for args in (["validate", "--date", "2022-05-01", deck], ["validate", deck, "--date=2022-05-01", "--color", "never"]):
        main(args)
        first = capsys.readouterr().out.splitlines()[0]
        assert first == f"{deck}: VALID (0 errors, 0 warnings; regulation current in force on 2022-05-01)"
    main(["validate", "-r", "current", "--date", "2022-05-01", deck])  # named: as before
    assert capsys.readouterr().out.splitlines()[0].endswith("; regulation current)")
    result = validate(red, regulation_for(None, dt.date(2022, 5, 1)))
    assert "in force on" not in render_human(result).splitlines()[0]


@pytest.mark.parametrize(("text", "expected"), [
    ("name: x\nformat: constructed\nmain_types: [zx, event\nfoo: 1\n",
     "line 4: YAML error: did not find expected ',' or ']' (while parsing a flow sequence that starts on line 3)"),
    ('name: x\nformat: "constructed\n',
     "line 3: YAML error: found unexpected end of stream (while scanning a quoted scalar that starts on line 2)"),
    ("name: x\n  format: a\n", "line 2: YAML error: mapping values are not allowed in this context"),
])
def test_a_broken_regulation_yaml_names_file_line_and_cause(tmp_path, text, expected) -> None:
    """As the catalog loader does: the file, the line and the cause, not PyYAML's bare context
    (`while parsing a flow sequence`)."""
    path = tmp_path / "broken.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RegulationError) as info:
        load_regulation(str(path))
    assert info.value.message == f"{path}: {expected}"
