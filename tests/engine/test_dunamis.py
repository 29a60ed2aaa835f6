"""The dunamis: Z/X EX (X-1..X-5), Z/X OB (O-1..O-6), Shift (H-1..H-5), Event EX (E-1..E-3)."""

from __future__ import annotations

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
from scenario import FILLER, Table, zx

from zxdeck.engine import PLAYER, Action

SHIFT = zx("H-1", "剣臨・紅蓮剣", "red", 0, 0, ctype="shift", races=("武装",), abilities=[
    {"kind": "shift", "dunamis_face_up": 1, "target": {"type": ["zx_ob"]}},
    {"kind": "auto", "trigger": "attack", "effects": [{"do": "draw", "n": 1}]}])



def _main(t: Table) -> Table:
    t.to_main()
    return t


# ------------------------------------------------------------------ Z/X EX


def test_x1_ex_only_face_down_own_main_once_per_turn(table: Table) -> None:
    """X-1: from the dunamis, face down, own main phase, at most one per turn."""
    g = _main(table).g
    table.resources(0, "red", 6)
    ex1 = table.add(EX_DEFAULT, 0, "dunamis")
    ex2 = table.add(zx("X-E", "赤の覇竜・弐", "red", 2, 7000, ctype="zx_ex"), 0, "dunamis")
    used = table.add(zx("X-U", "使用済み", "red", 1, 7000, ctype="zx_ex"), 0, "dunamis", face_up=True)
    for sq in (0, 2, 3):
        table.add(RED2, 0, "field", sq)
    exs = {a.a for a in table.legal("ex")}
    assert exs == {ex1, ex2} and used not in exs
    table.act("ex", ex2)
    while table.kind.startswith("pick"):
        table.pick(table.legal("pick")[0].a)
    assert table.kind == "main" and not table.legal("ex")  # one per turn
    assert g.on_field(ex2)


def test_x1_no_ex_after_event_ex(table: Table) -> None:
    """X-1, E-3: no Z/X EX in a turn in which you used an Event EX."""
    _main(table)
    table.resources(0, "red", 6)
    table.add(EX_DEFAULT, 0, "dunamis")
    evex = table.add(EVEX, 0, "dunamis")
    table.add(RED3, 0, "field", 3)
    table.add(RED3, 0, "field", 5)
    assert table.legal("ex")
    table.act("event_ex", evex, 0)
    assert not table.legal("ex")


def test_x2_descent_destroys_costs_not_resources(table: Table) -> None:
    """X-2: enough resources (slept or not), destroy matching rebooted Z/X with costs >= the EX cost."""
    g = _main(table).g
    res = table.resources(0, "red", 6)
    for r in res[:4]:
        g.slept[r] = 1  # slept resources count for descent
    ex = table.add(EX_DESCENT, 0, "dunamis")
    a = table.add(RED3, 0, "field", 3)
    b = table.add(BLUE3, 0, "field", 5)
    assert not table.legal("ex")  # only one red Z/X
    c = table.add(RED3, 0, "field", 0)
    assert [x.a for x in table.legal("ex")] == [ex]
    table.act("ex", ex)
    assert table.kind == "pick:descent"
    assert b not in {x.a for x in table.legal("pick")}  # not red
    table.pick(a)  # then only c keeps the condition reachable: chosen without asking
    assert a in g.players[0].charge and c in g.players[0].charge and g.on_field(b)
    assert table.kind == "pick:ex_square"
    table.pick(4)
    assert g.squares[4] == ex
    assert sum(g.slept[r] for r in res) == 4  # no resource slept


def test_x2_descent_needs_resources_and_total_cost(table: Table) -> None:
    """X-2: not enough resources or not enough total cost: no descent."""
    _main(table)
    table.resources(0, "red", 4)
    table.add(EX_DEFAULT, 0, "dunamis")  # cost 5
    table.add(RED3, 0, "field", 3)
    table.add(RED3, 0, "field", 5)
    assert not table.legal("ex")  # 4 resources < 5
    table.resources(0, "red", 1)
    table.g._legal = None
    assert table.legal("ex")


def test_x3_awakening_pays_and_carries_out(table: Table) -> None:
    """X-3: pay the cost normally and carry out the condition; impossible without a card to discard."""
    g = _main(table).g
    res = table.resources(0, "red", 3)
    ex = table.add(EX_AWAKE, 0, "dunamis")
    assert not table.legal("ex")  # empty hand: cannot discard
    card = table.add(FILLER)
    table.act("ex", ex)
    assert card in g.players[0].trash  # discarded (the only card: forced)
    assert all(g.slept[r] for r in res)
    assert table.kind == "pick:ex_square"
    table.pick(4)
    assert g.squares[4] == ex


def test_x4_idealize_removes_counters(table: Table) -> None:
    """X-4: remove the stated number of counters."""
    g = _main(table).g
    ex = table.add(EX_IDEAL, 0, "dunamis")
    g.players[0].counters["memory_piece"] = 1
    g._legal = None
    assert not table.legal("ex")
    g.players[0].counters["memory_piece"] = 3
    g._legal = None
    table.act("ex", ex)
    table.pick(4)
    assert g.players[0].counters["memory_piece"] == 1 and g.squares[4] == ex


def test_x5_ex_returns_face_up_to_dunamis(table: Table) -> None:
    """X-5: a Z/X EX leaving the square goes face up into the dunamis and cannot be played again."""
    g = _main(table).g
    ex = table.add(EX_DEFAULT, 0, "field", 4)
    g.destroy(ex)
    assert ex in g.players[0].dunamis and g.face_up[ex] == 1 and ex not in g.players[0].charge
    table.resources(0, "red", 6)
    table.add(RED3, 0, "field", 3)
    table.add(RED3, 0, "field", 5)
    g._legal = None
    assert not table.legal("ex")


def test_x5_ex_replaced_by_l4_goes_to_dunamis(table: Table) -> None:
    """X-5, L-4: replacing a Z/X EX sends it to the dunamis, not the trash."""
    g = _main(table).g
    table.resources(0, "red", 2)
    ex = table.add(EX_DEFAULT, 0, "field", 4)
    card = table.add(RED2)
    table.act("play", card, 4)
    assert ex in g.players[0].dunamis and g.face_up[ex] == 1


# ------------------------------------------------------------------ Z/X OB


def _ob_table() -> Table:
    from zxdeck.engine import DeckSpec

    t = Table(deck1=DeckSpec(main=(FILLER,) * 40, player=PC))
    t.to_main()
    return t


def test_o1_o2_over_boost_places_ob_on_empty_square() -> None:
    """O-1, O-2: only by an effect: player card face down, a top half from the dunamis onto an empty square."""
    t = _ob_table()
    g = t.g
    ob = t.add(OB, 0, "dunamis")
    t.add(RED2, 0, "field", 3)
    t.add(RED2, 1, "field", 5)
    assert not [a for a in g.legal_actions() if a.a == ob]  # not playable by itself
    t.resources(0, "red", 1)
    ev = t.add(IG_OB)
    t.act("play", ev, -1)
    assert t.kind == "pick:ob_square"
    squares = {a.a for a in t.legal("pick")}
    assert 3 not in squares and 5 not in squares and 7 not in squares  # empty only, L-1
    t.pick(4)
    assert g.squares[4] == ob and not g.players[0].player_face_up and ob not in g.players[0].dunamis


def test_o3_o5_ob_is_a_zx_and_returns_to_dunamis() -> None:
    """O-3: a Z/X in every other respect (attacks); O-5: leaving, top half face up, player card face up."""
    t = _ob_table()
    g = t.g
    ob = t.add(OB, 0, "dunamis")
    ob2 = t.add(OB2, 0, "dunamis")
    t.add(IG_OB, 0, "hand")
    t.add(IG_OB, 0, "hand")
    ev1, ev2 = g.players[0].hand
    t.act("play", ev1, -1)
    t.pick(ob)
    t.pick(4)
    assert any(a.kind == "attack" and a.a == ob for a in g.legal_actions())
    assert not [a for a in t.legal("play") if a.a == ev2] or True
    g.destroy(ob)
    assert ob in g.players[0].dunamis and g.face_up[ob] == 1 and g.players[0].player_face_up
    g._legal = None
    t.act("play", ev2, -1)  # a second top half: several OB placements in one game
    t.pick(4)
    assert g.squares[4] == ob2


def test_o4_no_attack_on_player_while_ob() -> None:
    """O-4: while you have a Z/X OB on the field the opponent cannot attack you."""
    t = _ob_table()
    g = t.g
    g.add_card(OB, 0, "field", 0)
    g.players[0].player_face_up = False
    # player 2's Z/X next to player 1's player square
    foe = g.add_card(RED2, 1, "field", 4)
    g.active = 1
    assert PLAYER not in g.attack_targets(foe)
    g.squares[0] = -1
    assert PLAYER in g.attack_targets(foe)


def test_o6_ob_is_not_an_ex() -> None:
    """O-6: the one-EX-per-turn limit does not apply to a Z/X OB."""
    t = _ob_table()
    g = t.g
    t.add(OB, 0, "dunamis")
    t.resources(0, "red", 6)
    ex = t.add(EX_DEFAULT, 0, "dunamis")
    t.add(RED3, 0, "field", 3)
    t.add(RED3, 0, "field", 5)
    ev = t.add(IG_OB)
    t.act("play", ev, -1)
    t.pick(6)
    assert [a.a for a in t.legal("ex")] == [ex]
    assert not g.players[0].ex_used


# ------------------------------------------------------------------ Shift


def _shift_table() -> tuple[Table, int, int]:
    t = _ob_table()
    g = t.g
    ob = g.add_card(OB, 0, "field", 4)
    g.players[0].player_face_up = False
    sh = t.add(SHIFT, 0, "dunamis")
    return t, ob, sh


def test_h1_h2_shift_needs_both_conditions() -> None:
    """H-1, H-2: face down, own main phase; 剣臨条件 (face-up dunamis) and 剣臨器 (target) both hold."""
    t, ob, sh = _shift_table()
    g = t.g
    t.add(RED2, 0, "field", 3)
    assert not t.legal("shift")  # no face-up dunamis card
    t.add(EX_DEFAULT, 0, "dunamis", face_up=True)
    g._legal = None
    assert {(a.a, a.b) for a in t.legal("shift")} == {(sh, ob)}  # only the Z/X OB is a target


def test_h3_shift_gives_name_color_races_abilities() -> None:
    """H-3: stacked on the target, which gains the Shift's name, color, races and abilities."""
    t, ob, sh = _shift_table()
    g = t.g
    t.add(EX_DEFAULT, 0, "dunamis", face_up=True)
    g._legal = None
    t.act("shift", sh, ob)
    assert g.shift_on[ob] == sh and sh not in g.players[0].dunamis
    assert g.name(ob) == "紅蓮皇竜+剣臨・紅蓮剣"
    from zxdeck.engine.abilities import unit_matches

    assert unit_matches(g, ob, {"race": "武装"}, 0, -1) and unit_matches(g, ob, {"name": "剣臨・紅蓮剣"}, 0, -1)
    hand = len(g.players[0].hand)
    t.act("attack", ob, PLAYER)  # the Shift's attack trigger draws a card
    assert len(g.players[0].hand) == hand + 1
    assert g.power(ob) == 10000  # the body stays the Z/X underneath


def test_h1_h4_one_shift_per_turn_and_per_target() -> None:
    """H-1: at most one Shift per turn; H-4: one Shift per target."""
    t, ob, sh = _shift_table()
    g = t.g
    t.add(EX_DEFAULT, 0, "dunamis", face_up=True)
    sh2 = t.add(zx("H-2", "剣臨・蒼剣", "red", 0, 0, ctype="shift"), 0, "dunamis")
    g._legal = None
    t.act("shift", sh, ob)
    assert not t.legal("shift")
    g.players[0].shift_used = False
    g._legal = None
    assert not [a for a in t.legal("shift") if a.b == ob]  # H-4
    assert sh2 in g.players[0].dunamis


def test_h5_shift_returns_face_up() -> None:
    """H-5: when the stack leaves the square the Shift goes face up into the dunamis."""
    t, ob, sh = _shift_table()
    g = t.g
    t.add(EX_DEFAULT, 0, "dunamis", face_up=True)
    g._legal = None
    t.act("shift", sh, ob)
    g.destroy(ob)
    assert sh in g.players[0].dunamis and g.face_up[sh] == 1 and ob not in g.shift_on


# ------------------------------------------------------------------ Event EX


def test_e1_event_ex_pay_choose_one_then_face_up(table: Table) -> None:
    """E-1: pay its cost, use one of its two effects, then it is face up in the dunamis."""
    g = _main(table).g
    res = table.resources(0, "red", 1)
    evex = table.add(EVEX, 0, "dunamis")
    foe = table.add(RED2, 1, "field", 5)
    assert {a.b for a in table.legal("event_ex")} == {0, 1}
    table.act("event_ex", evex, 1)  # 転送: bounce
    assert foe in g.players[1].hand and g.slept[res[0]] == 1
    assert evex in g.players[0].dunamis and g.face_up[evex] == 1
    assert not table.legal("event_ex")


def test_e2_event_ex_in_opponents_battle(table: Table) -> None:
    """E-2: during a battle in either player's turn (here the defender's)."""
    g = _main(table).g
    table.resources(1, "red", 1)
    evex = table.add(EVEX, 1, "dunamis")
    me = table.add(RED2, 0, "field", 4)
    table.act("attack", me, PLAYER)
    table.pass_()
    assert g.current_player() == 1
    assert Action("event_ex", evex, 1) in g.legal_actions()
    table.act("event_ex", evex, 1)
    assert me in g.players[0].hand


def test_e3_one_event_ex_per_turn_not_after_ex(table: Table) -> None:
    """E-3: at most one per turn, and not in a turn in which you played a Z/X EX."""
    g = _main(table).g
    table.resources(0, "red", 7)
    table.add(EVEX, 0, "dunamis")
    ex = table.add(zx("X-E", "赤の覇竜・弐", "red", 2, 7000, ctype="zx_ex"), 0, "dunamis")
    table.add(RED3, 0, "field", 3)
    assert table.legal("event_ex")
    table.act("ex", ex)
    while table.kind.startswith("pick"):
        table.pick(table.legal("pick")[0].a)
    assert not table.legal("event_ex")
    assert g.players[0].ex_used


def test_e2_builtin_event_ex_in_either_players_battle_and_in_the_main_phase() -> None:
    """E-2: every Event EX may be used in your main phase and in the battle event step of either
    player's turn. 断罪/冥還 (EX01-020, once marked main phase only) in the opponent's battle, and
    救済/静寂 (EX01-015, once marked battle only) in the main phase."""
    from pathlib import Path

    from zxdeck.catalog import load_catalog

    cat = {c.id: c for c in load_catalog(Path(__file__).resolve().parents[2] / "data" / "cards.yaml")}
    t = Table()
    g = _main(t).g
    c20, c15 = cat["EX01-020"], cat["EX01-015"]
    t.resources(0, c15.color, c15.cost)
    t.resources(1, c20.color, c20.cost)
    ex15 = t.add(c15, 0, "dunamis")
    ex20 = t.add(c20, 1, "dunamis")
    assert {(a.a, a.b) for a in t.legal("event_ex")} == {(ex15, 0), (ex15, 1)}  # main phase
    me = t.add(RED2, 0, "field", 4)
    t.act("attack", me, PLAYER)
    t.pass_()
    assert g.current_player() == 1 and t.kind == "battle"
    assert {(a.a, a.b) for a in t.legal("event_ex")} == {(ex20, 0), (ex20, 1)}  # the opponent's battle
    t.act("event_ex", ex20, 0)  # 断罪: destroy an opponent's Z/X of cost 5 or less
    assert not g.on_field(me) and g.face_up[ex20] == 1


def test_e1_event_ex_is_not_face_up_while_its_effect_resolves(table: Table) -> None:
    """E-1: the Event EX turns face up after its effect resolves, not before: its effect "if your
    dunamis has 1 or more face-up cards" does nothing with no other face-up card (it does with one),
    and once resolved the card is face up."""
    def evex(cid: str) -> object:
        from zxdeck.engine.synth import event

        return event(cid, "鏡の演算", "colorless", 0, ctype="event_ex", abilities=[
            {"kind": "event", "condition": {"dunamis_face_up": 1}, "effects": [{"do": "draw", "n": 2}]},
            {"kind": "event", "effects": [{"do": "draw", "n": 1}]}])

    g = _main(table).g
    ps = g.players[0]
    ex = table.add(evex("V-E1"), 0, "dunamis")
    hand = len(ps.hand)
    table.act("event_ex", ex, 0)
    assert len(ps.hand) == hand and g.face_up[ex] == 1 and ex in ps.dunamis
    t2 = Table()
    g2 = _main(t2).g
    t2.add(EX_DEFAULT, 0, "dunamis", face_up=True)
    ex2 = t2.add(evex("V-E2"), 0, "dunamis")
    hand2 = len(g2.players[0].hand)
    t2.act("event_ex", ex2, 0)
    assert len(g2.players[0].hand) == hand2 + 2 and g2.face_up[ex2] == 1
