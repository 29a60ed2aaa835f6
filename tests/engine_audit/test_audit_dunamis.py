"""Audit of the dunamis: Z/X EX (X-1..X-5), Z/X OB (O-1..O-6), Shift (H-1..H-5), Event EX (E-1..E-3)."""

from __future__ import annotations

import pytest
from dunamis_cards import (
    BLUE3,
    EVEX,
    EX_AWAKE,
    EX_DEFAULT,
    EX_DESCENT,
    EX_IDEAL,
    IG_OB,
    OB,
    OB2,
    PC,
    RED2,
    RED3,
)
from scenario import FILLER, DeckSpec, Table, event, zx

from zxdeck.engine import PLAYER

SHIFT = zx("AH-1", "剣臨・紅蓮剣", "red", 0, 0, ctype="shift", races=("武装",), abilities=[
    {"kind": "shift", "dunamis_face_up": 0, "target": {"type": ["zx_ob"]}}])
EVEX_MAIN = event("AV-2", "紅の演算", "red", 0, ctype="event_ex", timing="main", abilities=[
    {"kind": "event", "label": "a", "effects": [{"do": "draw", "n": 1}]},
    {"kind": "event", "label": "b", "effects": [{"do": "draw", "n": 2}]}])


@pytest.fixture
def t() -> Table:
    tt = Table()
    tt.to_main()
    return tt


def _ob_table() -> Table:
    tt = Table(deck1=DeckSpec(main=(FILLER,) * 40, player=PC))
    tt.to_main()
    return tt


def _finish_picks(t: Table) -> None:
    while t.kind.startswith("pick"):
        t.pick(t.legal("pick")[0].a)


def test_x2_descent_only_rebooted_own_matching(t: Table) -> None:
    """X-2: only your own REBOOTED Z/X matching the filter may be destroyed; slept/other colors/enemy no."""
    t.resources(0, "blue", 6)  # the count matters, not the color; no resource is slept
    t.add(EX_DESCENT, 0, "dunamis")
    r1 = t.add(RED3, 0, "field", 0)
    t.add(RED3, 0, "field", 2, slept=True)
    t.add(BLUE3, 0, "field", 3)
    t.add(RED3, 1, "field", 6)
    assert not t.legal("ex")  # only one rebooted red Z/X
    r3 = t.add(RED3, 0, "field", 5)
    t.g._legal = None
    ex = t.legal("ex")[0].a
    t.act("ex", ex)
    assert t.kind == "pick:descent" and t.picks() == {r1, r3}
    t.pick(r1)
    assert t.kind == "pick:ex_square"
    assert 0 in t.picks() and 5 in t.picks()  # r3 destroyed automatically (only choice), squares freed
    t.pick(5)
    g = t.g
    assert g.squares[5] == ex and r1 in g.players[0].charge and r3 in g.players[0].charge
    assert not any(g.slept[r] for r in g.players[0].resources)


def test_x2_descent_needs_resource_count_not_rebooted(t: Table) -> None:
    """X-2: the resources (slept or not) must number at least the cost; no payment."""
    for _ in range(5):
        t.add(FILLER, 0, "resources", slept=True)
    t.add(EX_DEFAULT, 0, "dunamis")
    t.add(RED3, 0, "field", 0)
    t.add(RED2, 0, "field", 2)
    assert t.legal("ex")  # 5 slept resources, cost 5, costs 3 + 2 = 5
    t.g.players[0].trash.append(t.g.players[0].resources.pop())
    t.g._legal = None
    assert not t.legal("ex")  # 4 resources < 5


def test_x2_descent_costs_must_add_up(t: Table) -> None:
    """X-2: destroyed Z/X costs must add up to at least the cost (3 + 2 < 6 for a count-2 EX)."""
    t.resources(0, "red", 6)
    t.add(EX_DESCENT, 0, "dunamis")
    t.add(RED3, 0, "field", 0)
    t.add(RED2, 0, "field", 2)
    assert not t.legal("ex")


def test_x1_ex_not_in_battle_and_not_twice(t: Table) -> None:
    """X-1: a Z/X EX only in the main phase (not in a battle event step), one per turn."""
    t.resources(0, "red", 5)
    t.add(EX_DEFAULT, 0, "dunamis")
    t.add(zx("AX-E", "弐", "red", 2, 7000, ctype="zx_ex"), 0, "dunamis")
    a = t.add(RED3, 0, "field", 4)
    t.add(RED3, 0, "field", 0)
    t.act("attack", a, PLAYER)
    assert t.kind == "battle" and not t.legal("ex")


def test_x1_event_ex_in_opponent_turn_does_not_block_own_ex() -> None:
    """X-1, E-3: an Event EX used in the opponent's turn does not forbid a Z/X EX in your own turn."""
    t = Table()
    g = t.g
    t.to_main()
    att = t.add(RED3, 0, "field", 4)
    t.add(EVEX, 1, "dunamis")
    t.resources(1, "red", 6)
    ex = t.add(EX_DEFAULT, 1, "dunamis")
    t.add(RED3, 1, "field", 6)
    t.add(RED3, 1, "field", 8)
    t.act("attack", att, PLAYER)
    t.pass_()
    evex = [a for a in t.legal("event_ex")]
    assert evex and t.who == 1
    t.act("event_ex", evex[0].a, 0)
    assert g.players[1].event_ex_used
    t.pass_battle()
    _finish_picks(t)
    t.end_turn()
    t.to_main()
    assert g.active == 1 and [a.a for a in t.legal("ex")] == [ex]


def test_e3_no_event_ex_after_zx_ex_same_turn(t: Table) -> None:
    """E-3: no Event EX (even in a battle of the same turn) after a Z/X EX this turn."""
    t.resources(0, "red", 8)
    ex = t.add(zx("AX-E", "弐", "red", 2, 7000, ctype="zx_ex"), 0, "dunamis")
    t.add(EVEX, 0, "dunamis")
    t.add(RED3, 0, "field", 0)
    assert t.legal("event_ex")
    t.act("ex", ex)
    _finish_picks(t)
    assert not t.legal("event_ex")
    att = t.g.squares[4] if t.g.squares[4] >= 0 else t.add(RED3, 0, "field", 4)
    t.g._legal = None
    t.act("attack", att, PLAYER)
    assert t.kind == "battle" and not t.legal("event_ex")


def test_e2_event_ex_timing_of_its_own_is_ignored_in_battle(t: Table) -> None:
    """E-2: an Event EX has no timing of its own: one built with `timing="main"` is still usable in
    the battle event step (the rules' timing, main phase or battle, holds for every Event EX)."""
    ev = t.add(EVEX_MAIN, 0, "dunamis")
    assert len(t.legal("event_ex")) == 2
    a = t.add(RED3, 0, "field", 4)
    t.g._legal = None
    t.act("attack", a, PLAYER)
    assert t.kind == "battle" and {(x.a, x.b) for x in t.legal("event_ex")} == {(ev, 0), (ev, 1)}


def test_e1_event_ex_face_up_and_not_reusable(t: Table) -> None:
    """E-1: after use the Event EX is face up in the dunamis and cannot be used again (next turn either)."""
    g = t.g
    ev = t.add(EVEX_MAIN, 0, "dunamis")
    hand = len(g.players[0].hand)
    t.act("event_ex", ev, 1)
    assert len(g.players[0].hand) == hand + 2 and g.face_up[ev] and ev in g.players[0].dunamis
    t.end_turn()
    t.to_main()
    t.end_turn()
    t.to_main()
    assert g.active == 0 and not t.legal("event_ex")


def test_x3_awakening_impossible_without_the_condition(t: Table) -> None:
    """X-3: the awakening condition (discard 1) must be possible: an empty hand forbids the EX."""
    g = t.g
    t.resources(0, "red", 3)
    ex = t.add(EX_AWAKE, 0, "dunamis")
    assert not t.legal("ex")
    h = t.add(RED2, 0, "hand")
    g._legal = None
    t.act("ex", ex)
    _finish_picks(t)
    assert g.on_field(ex) and h in g.players[0].trash
    assert all(g.slept[r] for r in g.players[0].resources)


def test_x4_idealize_removes_counters_no_payment(t: Table) -> None:
    """X-4: idealize removes the counters; no resource is slept."""
    g = t.g
    ex = t.add(EX_IDEAL, 0, "dunamis")
    g.players[0].counters["memory_piece"] = 1
    assert not t.legal("ex")
    g.players[0].counters["memory_piece"] = 3
    g._legal = None
    t.act("ex", ex)
    _finish_picks(t)
    assert g.on_field(ex) and g.players[0].counters["memory_piece"] == 1


@pytest.mark.parametrize("how", ["destroy", "bounce", "to_resource", "deck_bottom", "to_trash"])
def test_x5_ex_leaving_goes_face_up_to_dunamis(t: Table, how: str) -> None:
    """X-5: a Z/X EX leaving the square any way goes face up to its owner's dunamis; never replayable."""
    g = t.g
    ex = t.add(EX_DEFAULT, 1, "field", 6)
    t.cast({"do": how, "target": {"side": "opponent"}})
    ps = g.players[1]
    assert ex in ps.dunamis and g.face_up[ex]
    assert ex not in ps.hand + ps.deck + ps.resources + ps.trash + ps.charge


def test_x5_face_up_ex_cannot_be_played_again(t: Table) -> None:
    """X-5: a face-up Z/X EX in the dunamis is never offered."""
    t.resources(0, "red", 6)
    t.add(EX_DEFAULT, 0, "dunamis", face_up=True)
    t.add(RED3, 0, "field", 0)
    t.add(RED3, 0, "field", 2)
    t.g._legal = None
    assert not t.legal("ex")


def test_o2_over_boost_needs_an_empty_square() -> None:
    """O-2: the OB needs an EMPTY square (not even on your own rebooted Z/X); without one nothing happens."""
    tt = _ob_table()
    g = tt.g
    ob = tt.add(OB, 0, "dunamis")
    for sq in range(9):
        if sq != 7:
            tt.add(RED2, 0, "field", sq)
    ev = tt.add(IG_OB)
    tt.act("play", ev, -1)
    assert ob in g.players[0].dunamis and not g.face_up[ob] and g.players[0].player_face_up


def test_o2_only_with_player_card_face_up_o5_back() -> None:
    """O-2, O-5: while an OB is on the field (player card face down) no second OB; after it leaves, yes."""
    tt = _ob_table()
    g = tt.g
    ob = tt.add(OB, 0, "dunamis")
    ob2 = tt.add(OB2, 0, "dunamis")
    tt.act("play", tt.add(IG_OB), -1)
    tt.pick(ob)
    tt.pick(3)
    assert not g.players[0].player_face_up
    tt.act("play", tt.add(IG_OB), -1)
    assert ob2 in g.players[0].dunamis and not g.face_up[ob2]
    tt.cast({"do": "destroy", "target": {"side": "self"}})
    assert g.players[0].player_face_up and ob in g.players[0].dunamis and g.face_up[ob]
    assert ob not in g.players[0].charge


def test_o5_ob_with_shift_both_return_h5() -> None:
    """O-5, H-5: an OB with a Shift leaves: both go face up to the dunamis, player card face up."""
    tt = _ob_table()
    g = tt.g
    ob = tt.add(OB, 0, "dunamis")
    sh = tt.add(SHIFT, 0, "dunamis")
    tt.act("play", tt.add(IG_OB), -1)
    tt.pick(4)  # the only top half is taken without asking
    tt.act("shift", sh, ob)
    assert g.shift_on[ob] == sh
    tt.cast({"do": "bounce", "target": {"side": "self"}})
    ps = g.players[0]
    assert ob in ps.dunamis and sh in ps.dunamis and g.face_up[ob] and g.face_up[sh]
    assert ob not in ps.hand and ps.player_face_up and ob not in g.shift_on


def test_h1_one_shift_per_turn_h4_one_per_target() -> None:
    """H-1: one Shift per turn; H-4: one Shift per target; a new turn allows another."""
    tt = _ob_table()
    g = tt.g
    anyshift = zx("AH-2", "剣臨・汎", "red", 0, 0, ctype="shift")
    a = tt.add(RED2, 0, "field", 3)
    b = tt.add(RED2, 0, "field", 5)
    s1 = tt.add(anyshift, 0, "dunamis")
    tt.add(anyshift, 0, "dunamis")
    assert {x.b for x in tt.legal("shift")} == {a, b}
    tt.act("shift", s1, a)
    assert not tt.legal("shift")
    tt.end_turn()
    tt.to_main()
    tt.end_turn()
    tt.to_main()
    assert g.active == 0 and {x.b for x in tt.legal("shift")} == {b}


def test_h5_shift_returns_when_body_replaced_l4() -> None:
    """H-5, L-4: replacing a shifted Z/X: the body goes to the trash, the Shift face up to the dunamis."""
    tt = _ob_table()
    g = tt.g
    anyshift = zx("AH-2", "剣臨・汎", "red", 0, 0, ctype="shift")
    a = tt.add(RED2, 0, "field", 3)
    s1 = tt.add(anyshift, 0, "dunamis")
    tt.act("shift", s1, a)
    tt.resources(0, "red", 3)
    c = tt.add(RED3, 0, "hand")
    tt.act("play", c, 3)
    _finish_picks(tt)
    assert a in g.players[0].trash and s1 in g.players[0].dunamis and g.face_up[s1]


def test_o6_ob_and_zx_ex_same_turn() -> None:
    """O-6: placing a Z/X OB does not use up the one Z/X EX of the turn (and vice versa)."""
    tt = _ob_table()
    g = tt.g
    tt.resources(0, "red", 5)
    ex = tt.add(zx("AX-E", "弐", "red", 2, 7000, ctype="zx_ex"), 0, "dunamis")
    ob = tt.add(OB, 0, "dunamis")
    tt.add(RED3, 0, "field", 0)
    tt.act("ex", ex)
    _finish_picks(tt)
    assert g.on_field(ex)
    tt.act("play", tt.add(IG_OB), -1)
    _finish_picks(tt)
    assert g.on_field(ob)
