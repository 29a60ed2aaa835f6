"""Battle (B-1..B-9)."""

from __future__ import annotations

from battle_cards import IG, LR, RED, SMALL, VB
from scenario import FILLER, Table, zx

from zxdeck.engine import PLAYER
from zxdeck.engine.synth import event


def test_b1_attack_declaration(table: Table) -> None:
    """B-1: a rebooted Z/X attacks an adjacent opponent Z/X or the player; it is slept."""
    g = table.g
    table.to_main()
    me = table.add(RED, 0, "field", 3)
    slept = table.add(RED, 0, "field", 5, slept=True)
    foe = table.add(SMALL, 1, "field", 6)
    assert {a.b for a in table.legal("attack") if a.a == me} == {foe}
    assert not [a for a in table.legal("attack") if a.a == slept]
    table.act("attack", me, foe)
    assert g.slept[me] == 1 and g.battle == (me, foe, 0)


def test_b2_player_target_conditions(table: Table) -> None:
    """B-2: the player only from a square adjacent to their player square, not guarded, no OB."""
    g = table.g
    table.to_main()
    far = table.add(RED, 0, "field", 3)
    near = table.add(RED, 0, "field", 4)
    assert PLAYER not in {a.b for a in table.legal("attack") if a.a == far}
    assert PLAYER in {a.b for a in table.legal("attack") if a.a == near}
    guard = table.add(SMALL, 1, "field", 7)
    targets = {a.b for a in table.legal("attack") if a.a == near}
    assert PLAYER not in targets and guard in targets
    g.squares[7] = -1
    g.players[1].trash.append(guard)
    ob = table.add(zx("T-OB", "青の覇王", "blue", 0, 7000, ctype="zx_ob"), 1, "field", 2)
    assert ob >= 0
    g._legal = None
    assert PLAYER not in {a.b for a in table.legal("attack") if a.a == near}  # O-4


def test_b3_battle_event_step_alternates(table: Table) -> None:
    """B-3: attacker first, then the defender; an action gives the other a new chance; two passes end it."""
    g = table.g
    table.to_main()
    me = table.add(RED, 0, "field", 4)
    foe = table.add(SMALL, 1, "field", 5)
    guard = event("T-GD", "青の盾", "blue", 0, timing="battle", abilities=[
        {"kind": "event", "effects": [{"do": "power", "amount": 5000, "target": "attack_target"}]}])
    ev = table.add(guard, 1, "hand")
    table.act("attack", me, foe)
    assert table.kind == "battle" and g.current_player() == 0
    table.pass_()
    assert table.kind == "battle" and g.current_player() == 1
    table.act("play", ev, -1)
    assert g.power(foe) == 8000
    assert table.kind == "battle" and g.current_player() == 0  # the attacker may answer
    table.pass_()
    assert g.current_player() == 1
    table.pass_()
    assert table.kind == "main"
    assert g.on_field(foe) and g.damage[foe] == 5000  # 5000 < 8000: survives


def test_b4_attacker_gone_no_damage(table: Table) -> None:
    """B-4: if the attacker has left the field, the damage step is skipped."""
    g = table.g
    table.to_main()
    me = table.add(RED, 0, "field", 4)
    table.add(FILLER, 1, "life")
    bounce = event("T-BN", "青の波", "blue", 0, timing="battle", abilities=[
        {"kind": "event", "effects": [{"do": "bounce", "target": "attacker"}]}])
    ev = table.add(bounce, 1, "hand")
    life = len(g.players[1].life)
    table.act("attack", me, PLAYER)
    table.pass_()
    table.act("play", ev, -1)
    table.pass_battle()
    assert table.kind == "main"
    assert me in g.players[0].hand and len(g.players[1].life) == life


def test_b5_damage_adds_up_over_the_turn(table: Table) -> None:
    """B-5: damage = attacker's power, adds up over the turn, destroyed when >= power, to the charge."""
    g = table.g
    table.to_main()
    a1 = table.add(RED, 0, "field", 3)
    a2 = table.add(RED, 0, "field", 5)
    foe = table.add(zx("T-M", "青の盾兵", "blue", 3, 8000), 1, "field", 4)
    table.act("attack", a1, foe)
    table.pass_battle()
    assert g.damage[foe] == 5000 and g.on_field(foe)
    assert a1 not in g.damage  # the attacker takes none
    table.act("attack", a2, foe)
    table.pass_battle()
    assert not g.on_field(foe) and foe in g.players[1].charge


def test_b5_damage_removed_at_end_of_turn(table: Table) -> None:
    """B-5, P-6: damage adds up over one turn only."""
    g = table.g
    table.to_main()
    a1 = table.add(RED, 0, "field", 3)
    foe = table.add(zx("T-M", "青の盾兵", "blue", 3, 8000), 1, "field", 4)
    table.act("attack", a1, foe)
    table.pass_battle()
    table.end_turn()
    assert foe not in g.damage


def test_b6_life_without_icon_goes_to_charge(table: Table) -> None:
    """B-6: the attacker chooses a life card; without the icon it goes to the defender's charge."""
    g = table.g
    table.to_main()
    lives = table.set_life(1, [FILLER, FILLER, IG])
    me = table.add(RED, 0, "field", 4)
    table.act("attack", me, PLAYER)
    table.pass_battle()
    assert table.kind == "pick:life_hit" and g.current_player() == 0
    table.pick(0)
    assert lives[0] in g.players[1].charge and len(g.players[1].life) == 2


def test_b6_life_with_icon_may_be_played(table: Table) -> None:
    """B-6: with the ignition icon the defender may play it for free, placed by L-1..L-5."""
    g = table.g
    table.to_main()
    lives = table.set_life(1, [FILLER, IG])
    me = table.add(RED, 0, "field", 4)
    table.act("attack", me, PLAYER)
    table.pass_battle()
    table.pick(1)
    assert table.kind == "pick:life_play" and g.current_player() == 1
    squares = {a.a for a in table.legal("pick")}
    assert 1 not in squares and 4 not in squares  # L-1, L-2
    table.pick(6)
    assert g.squares[6] == lives[1]


def test_b6_life_recovery_when_life_not_more(table: Table) -> None:
    """B-6: Life Recovery: if the defender's life <= the attacker's, the top deck card goes to life."""
    g = table.g
    table.to_main()
    table.set_life(1, [FILLER, LR])
    table.set_life(0, [FILLER, FILLER])
    me = table.add(RED, 0, "field", 4)
    table.act("attack", me, PLAYER)
    table.pass_battle()
    table.pick(1)
    table.pick(6)
    assert len(g.players[1].life) == 2  # 1 left + 1 recovered


def test_b6_life_recovery_not_when_more_life(table: Table) -> None:
    """B-6: no Life Recovery when the defender has more life than the attacker."""
    g = table.g
    table.to_main()
    table.set_life(1, [FILLER, FILLER, FILLER, LR])
    table.set_life(0, [FILLER])
    me = table.add(RED, 0, "field", 4)
    table.act("attack", me, PLAYER)
    table.pass_battle()
    table.pick(3)
    table.pick(6)
    assert len(g.players[1].life) == 3


def test_b6_void_bringer(table: Table) -> None:
    """B-6: Void Bringer: the defender chooses a Z/X on a square and puts it into its owner's trash."""
    g = table.g
    table.to_main()
    table.set_life(1, [FILLER, VB])
    table.set_life(0, [FILLER, FILLER])
    me = table.add(RED, 0, "field", 4)
    other = table.add(RED, 0, "field", 0)
    table.act("attack", me, PLAYER)
    table.pass_battle()
    table.pick(1)
    table.pick(6)
    assert table.kind == "pick:void_bringer" and g.current_player() == 1
    table.pick(other)
    assert other in g.players[0].trash and not g.on_field(other)


def test_b6_declined_life_card_goes_to_charge(table: Table) -> None:
    """B-6: a life card with the icon that the defender does not play goes to the charge, no LR."""
    g = table.g
    table.to_main()
    lives = table.set_life(1, [FILLER, LR])
    me = table.add(RED, 0, "field", 4)
    table.act("attack", me, PLAYER)
    table.pass_battle()
    table.pick(1)
    table.done()
    assert lives[1] in g.players[1].charge and len(g.players[1].life) == 1


def test_b7_life_recovery_from_last_life_saves(table: Table) -> None:
    """B-7 ruling: zero life is checked after the damage step, so LR from the last life card saves."""
    g = table.g
    table.to_main()
    table.set_life(1, [LR])
    table.set_life(0, [FILLER])
    me = table.add(RED, 0, "field", 4)
    table.act("attack", me, PLAYER)
    table.pass_battle()  # one life card: the choice is forced
    assert len(g.players[1].life) == 0 and table.kind == "pick:life_play"
    table.pick(6)
    assert not g.is_over() and len(g.players[1].life) == 1


def test_b7_last_life_without_recovery_loses(table: Table) -> None:
    """B-7, W-1: with the last life card gone and no recovery, the defender loses after the step."""
    g = table.g
    table.to_main()
    table.set_life(1, [FILLER])
    me = table.add(RED, 0, "field", 4)
    table.act("attack", me, PLAYER)
    table.pass_battle()
    assert g.is_over() and g.winner == 0 and g.reason == "life"


def test_b8_battle_ends_back_to_main(table: Table) -> None:
    """B-8: after the battle the main phase goes on."""
    g = table.g
    table.to_main()
    me = table.add(RED, 0, "field", 4)
    table.act("attack", me, PLAYER)
    table.pass_battle()
    table.pick(0)
    assert g.battle is None and table.kind == "main" and g.phase == "main"


def test_b9_several_attacks_each_zx_once(table: Table) -> None:
    """B-9: any number of attacks, each by a different rebooted Z/X."""
    g = table.g
    table.to_main()
    a = table.add(RED, 0, "field", 4)
    b = table.add(RED, 0, "field", 6)
    table.act("attack", a, PLAYER)
    table.pass_battle()
    table.pick(0)
    assert not [x for x in table.legal("attack") if x.a == a]
    table.act("attack", b, PLAYER)
    table.pass_battle()
    table.pick(0)
    assert len(g.players[1].life) == 2
    assert not table.legal("attack")


def test_b6_life_trigger_and_event_from_life(table: Table) -> None:
    """B-6: a `life` trigger fires on reveal; an event played from life resolves, then goes to the trash."""
    g = table.g
    table.to_main()
    shout = zx("T-LT", "叫びの兵", "blue", 1, 1000, abilities=[
        {"kind": "auto", "trigger": "life", "effects": [{"do": "gain_counter", "counter": "melody", "n": 1}]}])
    bolt = event("T-LB", "反撃の雷", "blue", 2, ignition=True, abilities=[
        {"kind": "event", "effects": [{"do": "destroy", "target": "attacker"}]}])
    lives = table.set_life(1, [FILLER, shout, bolt])
    me = table.add(RED, 0, "field", 4)
    table.act("attack", me, PLAYER)
    table.pass_battle()
    table.pick(1)
    assert g.players[1].counters["melody"] == 1 and lives[1] in g.players[1].charge
    g.slept[me] = 0
    g._legal = None
    table.act("attack", me, PLAYER)
    table.pass_battle()
    table.pick(1)
    assert table.kind == "pick:life_play_event" and g.current_player() == 1
    table.pick(lives[2])
    assert lives[2] in g.players[1].trash and not g.on_field(me) and me in g.players[0].charge


def test_b6_void_bringer_on_an_ex_sends_it_to_the_dunamis(table: Table) -> None:
    """B-6, X-5: a Z/X EX chosen by Void Bringer goes face up to its owner's dunamis, not the trash."""
    g = table.g
    table.to_main()
    table.set_life(1, [FILLER, VB])
    table.set_life(0, [FILLER, FILLER])
    ex = table.add(zx("X-1", "覇竜", "red", 5, 9000, ctype="zx_ex"), 0, "field", 4)
    table.act("attack", ex, PLAYER)
    table.pass_battle()
    table.pick(1)
    table.pick(6)
    table.pick(ex)
    assert ex in g.players[0].dunamis and g.face_up[ex] == 1 and ex not in g.players[0].trash


def test_enter_via_life_trigger(table: Table) -> None:
    """A-2 `enter` with `via: life` fires only when the card is played from life (B-6)."""
    g = table.g
    table.to_main()
    guard = zx("T-VL", "生命の守護者", "blue", 2, 4000, ignition=True, abilities=[
        {"kind": "auto", "trigger": "enter", "via": "life", "effects": [{"do": "draw", "n": 2}]}])
    table.set_life(1, [FILLER, guard])
    me = table.add(RED, 0, "field", 4)
    table.act("attack", me, PLAYER)
    table.pass_battle()
    table.pick(1)
    table.pick(8)
    assert len(g.players[1].hand) == 2


def test_b3_activated_abilities_in_the_battle_event_step_unless_main_only() -> None:
    """B-3 (ruling): an activated ability without a timing may be used in the battle event step by
    either player (here the attacker's own and then the defender's); one restricted to the main
    phase (`timing: main`, 【メイン】) is not offered there, but is in the main phase."""
    def scholar(cid: str, timing: str | None) -> object:
        ab = {"kind": "activated", "cost": {"sleep_self": True}, "effects": [{"do": "draw", "n": 1}]}
        if timing:
            ab["timing"] = timing
        return zx(cid, "学者", "blue", 1, 1000, abilities=[ab])

    t = Table()
    t.to_main()
    g = t.g
    mine = t.add(scholar("T-S0", None), 0, "field", 3)
    main_only = t.add(scholar("T-SM", "main"), 0, "field", 5)
    theirs = t.add(scholar("T-S1", None), 1, "field", 6)
    atk = t.add(zx("T-AT", "攻め手", "red", 1, 5000), 0, "field", 4)
    g._legal = None
    assert {a.a for a in t.legal("ability")} == {mine, main_only}  # main phase: both
    t.act("attack", atk, PLAYER)
    assert t.kind == "battle" and t.who == 0
    assert {a.a for a in t.legal("ability")} == {mine}  # not the main-phase-only one
    hand0 = len(g.players[0].hand)
    t.act("ability", mine, 0)
    assert g.slept[mine] == 1 and len(g.players[0].hand) == hand0 + 1
    assert t.kind == "battle" and t.who == 1
    assert {a.a for a in t.legal("ability")} == {theirs}  # the defender's, in the opponent's turn
    hand1 = len(g.players[1].hand)
    t.act("ability", theirs, 0)
    assert g.slept[theirs] == 1 and len(g.players[1].hand) == hand1 + 1


def test_b6_void_bringer_cannot_choose_a_zx_the_opponents_effects_cannot_choose(table: Table) -> None:
    """B-6 (ruling): Void Bringer is an effect of the revealed card, so the attacker's Z/X that
    "cannot be chosen by the opponent's effects" is not a choice; the attacker's other Z/X and the
    defender's own are."""
    g = table.g
    table.to_main()
    table.set_life(1, [FILLER, VB])
    table.set_life(0, [FILLER, FILLER])
    warded = zx("T-WD", "結界の騎士", "red", 2, 5000, abilities=[
        {"kind": "continuous", "effects": [{"do": "protect", "from": "effects"}]}])
    me = table.add(warded, 0, "field", 4)
    other = table.add(RED, 0, "field", 0)
    own = table.add(SMALL, 1, "field", 8)
    table.act("attack", me, PLAYER)
    table.pass_battle()
    table.pick(1)
    table.pick(6)
    assert table.kind == "pick:void_bringer" and g.current_player() == 1
    assert table.picks() == {other, own, g.squares[6]}
    assert me not in table.picks()
    table.pick(other)
    assert other in g.players[0].trash and g.on_field(me)
