"""zxdeck.catalog.abilities.check_abilities and the loader refusing malformed abilities (exit 2)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from zxdeck.catalog import abilities as schema
from zxdeck.catalog.abilities import check_abilities
from zxdeck.catalog.cardtext import render_text
from zxdeck.catalog.loader import parse_catalog
from zxdeck.cli import main
from zxdeck.errors import EXIT_USAGE, CatalogError

DRAW = {"do": "draw", "n": 1}


def zx(*abilities: Any, **kw: Any) -> dict[str, Any]:
    base = {"id": "ZZ-001", "name": "検査", "type": "zx", "color": "blue", "cost": 2, "power": 3000}
    return base | kw | {"abilities": list(abilities)}


GOOD = [
    zx(),
    zx({"kind": "auto", "trigger": "enter", "via": "hand", "optional": True, "effects": [DRAW]}),
    zx({"kind": "activated", "cost": {"sleep_self": True, "counters": {"counter": "melody", "n": 2}},
        "timing": "any", "effects": [{"do": "bounce", "target": {"side": "any", "count": 2, "upto": True}}]}),
    zx({"kind": "continuous", "condition": {"own_zx": {"min": 2, "filter": {"race": "機械"}}, "zero_optima": 2},
        "effects": [{"do": "protect", "from": "attack"}]}),
    zx({"kind": "auto", "trigger": "milled", "effects": [DRAW]}, icons=["evol_seed"]),
    zx({"kind": "descent", "count": 1, "filter": {}}, type="zx_ex"),
    zx({"kind": "event", "effects": [DRAW]}, {"kind": "event", "label": "B", "effects": [DRAW]}, type="event_ex"),
    zx({"kind": "shift", "dunamis_face_up": 0, "target": {"type": ["zx_ob"]}}, type="shift"),
]


@pytest.mark.parametrize("raw", GOOD, ids=range(len(GOOD)))
def test_well_formed_abilities_pass(raw: dict[str, Any]) -> None:
    assert check_abilities(raw) == []


BAD: list[tuple[dict[str, Any], str]] = [
    (zx({"kind": "passive", "effects": [DRAW]}), "ability #1: unknown kind 'passive'"),
    (zx({"kind": "auto", "trigger": "entered", "effects": [DRAW]}), "ability #1: unknown trigger 'entered'"),
    (zx({"kind": "auto", "effects": [DRAW]}), "missing required key 'trigger'"),
    (zx({"kind": "auto", "trigger": "enter", "effects": []}), "'effects' must be a non-empty list"),
    (zx({"kind": "auto", "trigger": "enter", "effects": [{"do": "drawn"}]}), "effect #1: unknown primitive"),
    (zx({"kind": "auto", "trigger": "enter", "effects": [{"do": "damage", "target": "self"}]}),
     "missing required parameter 'amount'"),
    (zx({"kind": "auto", "trigger": "enter", "effects": [{"do": "draw", "n": "2"}]}), "n must be an integer"),
    (zx({"kind": "auto", "trigger": "enter", "effects": [{"do": "draw", "count": 2}]}), "unknown parameter 'count'"),
    (zx({"kind": "auto", "trigger": "attack", "via": "hand", "effects": [DRAW]}), "'via' is only allowed"),
    (zx({"kind": "auto", "trigger": "milled", "effects": [DRAW]}), "needs the evol_seed icon"),
    (zx(icons=["evol_seed"]) | {"abilities": [{"kind": "auto", "trigger": "enter", "effects": [DRAW]}]},
     "evol_seed icon needs an auto ability with trigger 'milled'"),
    (zx({"kind": "continuous", "effects": [DRAW]}), "continuous ability may only use power / protect"),
    (zx({"kind": "auto", "trigger": "enter", "effects": [{"do": "protect", "from": "attack"}]}),
     "'protect' is only allowed in a continuous"),
    (zx({"kind": "activated", "cost": {}, "effects": [DRAW]}), "cost: must not be empty"),
    (zx({"kind": "activated", "cost": {"tap": True}, "effects": [DRAW]}), "unknown cost 'tap'"),
    (zx({"kind": "continuous", "condition": {"life": 2}, "effects": [{"do": "protect", "from": "attack"}]}),
     "unknown condition 'life'"),
    (zx({"kind": "auto", "trigger": "enter", "condition": {"lv": {"race": "竜"}}, "effects": [DRAW]}),
     "lv missing 'n'"),
    (zx({"kind": "auto", "trigger": "enter", "effects": [{"do": "destroy", "target": "opponent"}]}),
     "target must be one of attack_target, attacker, self"),
    (zx({"kind": "auto", "trigger": "enter", "effects": [{"do": "destroy", "target": {"filter": {"cost": 3}}}]}),
     "unknown filter key 'cost'"),
    (zx({"kind": "auto", "trigger": "enter", "effects": [
        {"do": "destroy", "target": {"all": True, "count": 2}}]}), "'all' excludes"),
    (zx({"kind": "auto", "trigger": "enter", "effects": [{"do": "gain_counter", "counter": "coin"}]}),
     "counter must be one of"),
    (zx({"kind": "event", "effects": [DRAW]}), "'event' abilities belong to event / event_ex cards"),
    (zx({"kind": "event", "effects": [DRAW]}, type="event_ex"), "needs exactly 2 'event' abilities"),
    (zx({"kind": "descent", "count": 1, "filter": {}}, {"kind": "idealize", "counter": "melody", "n": 2},
        type="zx_ex"), "exactly one of descent / awakening / idealize"),
    (zx({"kind": "descent", "count": 0, "filter": {}}, type="zx_ex"), "descent: count must be an integer >= 1"),
    (zx({"kind": "idealize", "counter": "dream_key", "n": 2}), "'idealize' is only for zx_ex cards"),
    (zx({"kind": "auto", "trigger": "enter", "effects": [DRAW]}, type="shift"), "needs exactly one 'shift'"),
    (zx({"kind": "shift", "dunamis_face_up": 1, "target": "self"}, type="shift"), "shift: target must be a mapping"),
    (zx({"kind": "auto", "trigger": "enter", "effects": [DRAW]}, type="event"), "trigger milled / life"),
    (zx({"kind": "continuous", "effects": [{"do": "protect", "from": "attack"}]}, type="event"),
     "an event has only 'event' (★) abilities"),
    (zx("draw a card"), "ability #1: an ability must be a mapping"),
]


@pytest.mark.parametrize(("raw", "expected"), BAD, ids=[e for _, e in BAD])
def test_malformed_abilities_are_reported_with_card_and_index(raw: dict[str, Any], expected: str) -> None:
    problems = check_abilities(raw)
    assert any(expected in p for p in problems), problems
    assert all(p.startswith("card ZZ-001: ") for p in problems)


def test_every_problem_of_a_card_is_reported() -> None:
    raw = zx({"kind": "auto", "trigger": "enter", "effects": [{"do": "drawn"}]},
             {"kind": "activated", "cost": {"tap": True}, "effects": [DRAW]})
    problems = check_abilities(raw)
    assert len(problems) == 2 and "ability #1" in problems[0] and "ability #2" in problems[1]


def _catalog(*cards: dict[str, Any]) -> bytes:
    return yaml.safe_dump({"cards": list(cards)}, allow_unicode=True).encode()


def test_loader_refuses_a_catalog_with_malformed_abilities() -> None:
    """INTERFACES.md 1: a catalog with malformed abilities is refused naming file, card and problem (exit 2)."""
    data = _catalog(zx(), zx({"kind": "auto", "trigger": "entered", "effects": [DRAW]}, id="ZZ-002"))
    with pytest.raises(CatalogError) as info:
        parse_catalog(data, "bad.yaml")
    assert info.value.exit_code == EXIT_USAGE
    assert "bad.yaml: card ZZ-002: ability #1: unknown trigger 'entered'" in str(info.value)


def test_loader_accepts_cards_without_abilities_key() -> None:
    """ABILITIES.md: a card with no `abilities` key plays as a vanilla card."""
    raw = zx()
    del raw["abilities"]
    (card,) = parse_catalog(_catalog(raw), "ok.yaml")
    assert card.abilities is None


def test_cli_exits_2_with_one_line_for_malformed_abilities(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The CLI prints the refusal without a traceback and exits 2."""
    bad = tmp_path / "cards.yaml"
    bad.write_bytes(_catalog(zx({"kind": "auto", "trigger": "enter", "effects": [{"do": "explode"}]})))
    deck = tmp_path / "deck.txt"
    deck.write_text("1 ZZ-001\n", encoding="utf-8")
    with pytest.raises(SystemExit) as info:
        main(["--cards", str(bad), "validate", str(deck)])
    assert info.value.code == EXIT_USAGE
    err = capsys.readouterr().err
    assert "card ZZ-001: ability #1: effect #1: unknown primitive do: 'explode'" in err
    assert "Traceback" not in err


# --- property: every ability the checker accepts can be rendered ------------------------------

FILTERS = st.fixed_dictionaries({}, optional={
    "type": st.lists(st.sampled_from(["zx", "zx_ex", "zx_ob", "event"]), min_size=1, max_size=2),
    "color": st.sampled_from(["red", "blue", "colorless"]), "race": st.sampled_from(["ドラゴン", "天使"]),
    "name": st.just("紅蓮の剣士ジーク"), "max_cost": st.integers(0, 9), "min_cost": st.integers(0, 9),
    "max_power": st.integers(0, 9).map(lambda n: n * 1000), "min_power": st.integers(0, 9).map(lambda n: n * 1000),
    "area": st.sampled_from(sorted(schema.AREAS)), "state": st.sampled_from(sorted(schema.STATES)),
    "other": st.booleans(), "has_force": st.integers(1, 3), "ignition": st.booleans(),
})
SELECTORS = st.one_of(
    st.fixed_dictionaries({}, optional={"side": st.sampled_from(sorted(schema.SIDES)), "count": st.integers(1, 3),
                                        "upto": st.booleans(), "filter": FILTERS}),
    st.fixed_dictionaries({"all": st.just(True)}, optional={"side": st.sampled_from(sorted(schema.SIDES)),
                                                            "filter": FILTERS}),
)
TARGETS = st.one_of(st.sampled_from(sorted(schema.TARGET_WORDS)), SELECTORS)
N = st.integers(1, 4)
PARAMS = {
    "n": N, "who": st.sampled_from(sorted(schema.WHO)), "amount": st.integers(1, 6).map(lambda n: n * 1000),
    "target": TARGETS, "slept": st.booleans(), "random": st.booleans(), "filter": FILTERS,
    "counter": st.sampled_from(sorted(schema.COUNTERS)),
}
CHOICES = {  # parameters whose values depend on the primitive
    ("search", "to"): ["hand", "resource", "square"], ("retrieve", "to"): ["hand", "resource", "deck_bottom"],
    ("retrieve", "from"): ["trash", "charge"], ("play_free", "from"): ["hand", "trash", "charge", "deck_top"],
    ("protect", "from"): ["attack", "effects"],
}


def effect(do: str) -> st.SearchStrategy[dict[str, Any]]:
    required, params = schema.PRIMITIVES[do]

    def strat(name: str) -> st.SearchStrategy[Any]:
        if (do, name) in CHOICES:
            return st.sampled_from(CHOICES[do, name])
        if do == "power" and name == "amount":
            return st.sampled_from([-3000, -1000, 1000, 5000])
        return PARAMS[name]

    return st.fixed_dictionaries({"do": st.just(do), **{k: strat(k) for k in required}},
                                 optional={k: strat(k) for k in params if k not in required})


EFFECTS = st.lists(st.sampled_from(sorted(set(schema.PRIMITIVES) - {"protect"})).flatmap(effect), min_size=1,
                   max_size=3)
CONT_EFFECTS = st.lists(st.sampled_from(["power", "protect"]).flatmap(effect), min_size=1, max_size=2)
CONDITIONS = st.fixed_dictionaries({}, optional={
    "zero_optima": N, "lv": st.fixed_dictionaries({"race": st.just("天使"), "n": N}), "has_force": N,
    "counters": st.fixed_dictionaries({"counter": PARAMS["counter"], "n": N}),
    "own_zx": st.fixed_dictionaries({"min": N}, optional={"filter": FILTERS}), "life_at_most": st.integers(0, 4),
    "player": st.just("青葉千歳"), "dunamis_face_up": N,
})
COSTS = st.fixed_dictionaries({}, optional={
    "sleep_self": st.just(True), "pay": N, "discard": N, "force": N, "charge": N,
    "counters": st.fixed_dictionaries({"counter": PARAMS["counter"], "n": N}),
}).filter(bool)
AUTO = st.fixed_dictionaries(
    {"kind": st.just("auto"), "trigger": st.sampled_from(sorted(schema.TRIGGERS - {"milled"})), "effects": EFFECTS},
    optional={"condition": CONDITIONS, "cost": COSTS, "optional": st.booleans(), "once_per_turn": st.booleans()})
ACTIVATED = st.fixed_dictionaries(
    {"kind": st.just("activated"), "cost": COSTS, "effects": EFFECTS},
    optional={"condition": CONDITIONS, "timing": st.sampled_from(["main", "battle", "any"]),
              "once_per_turn": st.booleans()})
CONTINUOUS = st.fixed_dictionaries({"kind": st.just("continuous"), "effects": CONT_EFFECTS},
                                   optional={"condition": CONDITIONS})


@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(AUTO, ACTIVATED, CONTINUOUS), max_size=3))
def test_every_valid_zx_ability_renders(abilities: list[dict[str, Any]]) -> None:
    """The checker and the renderer share the tables: what the checker accepts, the renderer can say."""
    raw = zx(*abilities)
    assert check_abilities(raw) == []
    text = render_text(raw)
    assert len(text.splitlines()) == len(abilities) and "None" not in text


@settings(max_examples=60, deadline=None)
@given(st.lists(st.fixed_dictionaries({"kind": st.just("event"), "effects": EFFECTS},
                                      optional={"condition": CONDITIONS, "label": st.just("A")}),
                min_size=2, max_size=2))
def test_every_valid_event_ex_renders(abilities: list[dict[str, Any]]) -> None:
    raw = zx(*abilities, type="event_ex")
    assert check_abilities(raw) == []
    assert render_text(raw).count("★") == 2


@settings(max_examples=100, deadline=None)
@given(st.one_of(AUTO, ACTIVATED), st.sampled_from(["kind", "effects", "trigger", "cost"]),
       st.sampled_from([None, "", 3, "bogus", [], {"do": "nothing"}]))
def test_a_broken_key_is_always_reported(ability: dict[str, Any], key: str, value: Any) -> None:
    """Replacing a required part of a valid ability by garbage never passes the checker."""
    if key not in ability:
        return
    broken = dict(ability) | {key: value}
    assert check_abilities(zx(broken)) != []


JUNK = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-3, 3), st.sampled_from(
        ["auto", "enter", "draw", "self", "kind", "effects", "do", "target", "opponent", "milled", "melody"])),
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.sampled_from(["kind", "trigger", "effects", "do", "target", "filter", "cost", "condition",
                                         "n", "via", "side", "counter", "from", "to", "label", "count"]),
                        inner, max_size=4)),
    max_leaves=12)


@settings(max_examples=200, deadline=None)
@given(st.lists(JUNK, max_size=3), st.sampled_from(["zx", "event", "event_ex", "zx_ex", "shift", "player"]))
def test_the_checker_never_crashes_on_junk(abilities: list[Any], ctype: str) -> None:
    """Any YAML value in `abilities` gives a list of problems, never an exception."""
    problems = check_abilities(zx(*abilities, type=ctype))
    assert isinstance(problems, list) and all(p.startswith("card ZZ-001: ") for p in problems)
