"""T-4: a Z/X EX is also a Z/X (and O-3: so is a Z/X OB); T-6: a Shift stacks on a Z/X.

Every rule and card text that speaks of a Z/X includes a Z/X EX: the `type: [zx]` of a filter
(a Shift's 剣臨器, a target, a condition, a descent, a search or play from a zone) takes one.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from dunamis_cards import EX_DEFAULT, OB, PC
from scenario import FILLER, Table, zx

from zxdeck.catalog.model import type_matches
from zxdeck.engine import DeckSpec
from zxdeck.engine.abilities import card_matches, condition_holds, unit_matches
from zxdeck.engine.effects import candidates

ROOT = Path(__file__).resolve().parents[2]
GREEN_EX = zx("X-G", "翠の覇竜", "green", 5, 11000, ctype="zx_ex")
SHIFT_ZX = zx("H-ZX", "剣臨・翠緑弓", "green", 0, 0, ctype="shift", races=("剣臨",), abilities=[
    {"kind": "shift", "dunamis_face_up": 1, "target": {"type": ["zx_ob", "zx"], "color": "green",
                                                       "min_cost": 4}}])


def test_t4_type_zx_takes_zx_ex_and_zx_ob_but_not_the_reverse() -> None:
    """T-4, O-3: `zx` in a filter takes zx, zx_ex and zx_ob; `zx_ex` / `zx_ob` only themselves."""
    assert type_matches("zx_ex", ("zx",)) and type_matches("zx_ob", ("zx",)) and type_matches("zx", ("zx",))
    assert not type_matches("zx", ("zx_ex",)) and not type_matches("zx_ex", ("zx_ob",))
    assert not type_matches("event", ("zx",)) and not type_matches("shift", ("zx",))
    assert card_matches(GREEN_EX, {"type": ["zx"]}) and card_matches(GREEN_EX, {"type": "zx"})
    assert not card_matches(FILLER, {"type": ["zx_ex"]})


def test_t4_h2_shift_naming_zx_ob_or_zx_accepts_a_zx_ex() -> None:
    """T-4, H-2: a Shift whose 剣臨器 names "Z/X OB / Z/X" (green, cost 4 or more) may stack on a
    green Z/X EX of cost 5; not on a green Z/X of cost 3."""
    t = Table()
    t.to_main()
    g = t.g
    ex = t.add(GREEN_EX, 0, "field", 3)
    small = t.add(zx("G-3", "翠の射手", "green", 3, 5000), 0, "field", 5)
    t.add(EX_DEFAULT, 0, "dunamis", face_up=True)  # 剣臨条件: one face-up dunamis card
    sh = t.add(SHIFT_ZX, 0, "dunamis")
    g._legal = None
    assert {(a.a, a.b) for a in t.legal("shift")} == {(sh, ex)}
    assert small not in {a.b for a in t.legal("shift")}
    t.act("shift", sh, ex)
    assert g.shift_on[ex] == sh


def test_t4_builtin_emerald_bow_stacks_on_a_zx_ex() -> None:
    """T-4, H-2 with the built-in cards: 剣臨・翠緑弓 (EX01-024, 剣臨器 "your green Z/X OB / Z/X of
    cost 4 or more") accepts 世界樹の守護神ユグド (EX01-021, a green Z/X EX of cost 7)."""
    from zxdeck.catalog import load_catalog

    cat = {c.id: c for c in load_catalog(ROOT / "data" / "cards.yaml")}
    bow, yugdo = cat["EX01-024"], cat["EX01-021"]
    assert bow.type == "shift" and yugdo.type == "zx_ex" and yugdo.color == "green"
    t = Table()
    t.to_main()
    g = t.g
    ex = t.add(yugdo, 0, "field", 4)
    t.add(EX_DEFAULT, 0, "dunamis", face_up=True)
    sh = t.add(bow, 0, "dunamis")
    g._legal = None
    assert [(a.a, a.b) for a in t.legal("shift")] == [(sh, ex)]


def test_t4_targets_conditions_and_descent_count_a_zx_ex() -> None:
    """T-4: a target "opponent's Z/X", a condition "you have a Z/X" and a descent "destroy one Z/X"
    (all `type: [zx]`) each take a Z/X EX on the field."""
    t = Table()
    t.to_main()
    g = t.g
    mine = t.add(GREEN_EX, 0, "field", 3)
    theirs = t.add(GREEN_EX, 1, "field", 5)
    flt = {"type": ["zx"]}
    assert unit_matches(g, theirs, flt, 0, -1)
    assert candidates(g, 0, -1, {"side": "opponent", "filter": flt}) == [theirs]
    assert condition_holds(g, 0, -1, {"own_zx": {"min": 1, "filter": flt}})
    big = zx("X-DZ", "翠の神竜", "green", 5, 13000, ctype="zx_ex", abilities=[
        {"kind": "descent", "count": 1, "filter": {"type": ["zx"], "color": "green"}}])
    t.resources(0, "green", 5)
    dz = t.add(big, 0, "dunamis")
    g._legal = None
    t.act("ex", dz)  # the only candidate is the Z/X EX: destroyed for the descent
    assert mine in g.players[0].dunamis and g.face_up[mine] == 1 and t.kind == "pick:ex_square"
    t.pick(3)
    assert g.squares[3] == dz


def test_t4_destroy_target_naming_zx_hits_an_opponents_zx_ex() -> None:
    """T-4: an event "destroy one of your opponent's Z/X" may choose a Z/X EX, which then goes face
    up into its owner's dunamis (X-5)."""
    t = Table()
    t.to_main()
    g = t.g
    ex = t.add(GREEN_EX, 1, "field", 5)
    other = t.add(FILLER, 1, "field", 3)
    t.cast({"do": "destroy", "target": {"side": "opponent", "filter": {"type": ["zx"]}}})
    assert t.kind == "pick:target:destroy" and t.picks() == {ex, other}
    t.pick(ex)
    assert ex in g.players[1].dunamis and g.face_up[ex] == 1


def test_o3_a_zx_ob_is_a_zx_for_a_filter() -> None:
    """O-3 (with T-4): a Z/X OB on the field is a Z/X for a `type: [zx]` filter."""
    t = Table(deck1=DeckSpec(main=(FILLER,) * 40, player=PC, name="pc"))
    t.to_main()
    g = t.g
    ob = g.add_card(OB, 0, "field", 4)
    assert unit_matches(g, ob, {"type": ["zx"]}, 0, -1)
    assert not unit_matches(g, ob, {"type": ["zx_ex"]}, 0, -1)


@pytest.mark.parametrize("body", ["zx", "zx_ex"])
def test_t6_shift_stacks_on_a_zx_and_lends_name_color_races(body: str) -> None:
    """T-6, H-3: a Shift is stacked on a Z/X (not only a Z/X OB) that its 剣臨器 allows: the Z/X
    under it keeps its power and gains the Shift's name, color and races."""
    shift = zx("H-R", "剣臨・紅焔剣", "red", 0, 0, ctype="shift", races=("剣臨",), abilities=[
        {"kind": "shift", "dunamis_face_up": 1, "target": {"type": ["zx"]}}])
    t = Table()
    t.to_main()
    g = t.g
    u = t.add(zx("G-5", "翠の重騎士", "green", 5, 8000, ctype=body), 0, "field", 3)
    t.add(EX_DEFAULT, 0, "dunamis", face_up=True)
    sh = t.add(shift, 0, "dunamis")
    g._legal = None
    assert not unit_matches(g, u, {"color": "red"}, 0, -1)
    t.act("shift", sh, u)
    assert g.shift_on[u] == sh and g.power(u) == 8000
    assert unit_matches(g, u, {"color": "red"}, 0, -1) and unit_matches(g, u, {"race": "剣臨"}, 0, -1)
    assert unit_matches(g, u, {"name": "剣臨・紅焔剣"}, 0, -1)
