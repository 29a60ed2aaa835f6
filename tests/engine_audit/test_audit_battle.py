"""Audit of battle (B-1..B-9), with O-4 and the placement rules used by B-6."""

from __future__ import annotations

import pytest
from battle_cards import BIG, IG, LR, RED, SMALL, VB
from scenario import FILLER, Table, event, zx

from zxdeck.engine import PLAYER
from zxdeck.engine.state import ADJACENT, PLAYER_SQUARE


@pytest.fixture
def t() -> Table:
    """A fresh table at player 0's first turn (see tests/support/scenario.py)."""
    return Table()


LR_EV = event("A-LRE", "癒しの光", "blue", 2, ignition=True, keywords=("life_recovery",),
              abilities=[{"kind": "event", "effects": [{"do": "draw", "n": 1}]}])


def _targets(t: Table, u: int) -> set[int]:
    return {a.b for a in t.legal("attack") if a.a == u}


def test_b1_z2_adjacency_from_every_square(t: Table) -> None:
    """B-1, Z-2: from each square a Z/X may attack exactly the enemy Z/X on the side-adjacent squares."""
    g = t.g
    t.to_main()
    for sq in range(9):
        if sq == PLAYER_SQUARE[1]:
            continue
        for s in range(9):
            g.squares[s] = -1
        me = t.add(RED, 0, "field", sq)
        foes = {}
        for s in range(9):
            if s != sq:
                foes[s] = t.add(SMALL, 1, "field", s)
        g._legal = None
        got = _targets(t, me)
        assert got == {foes[s] for s in ADJACENT[sq]}, sq  # player square guarded everywhere (B-2)


def test_b2_player_attack_from_adjacent_squares_only(t: Table) -> None:
    """B-2: the player card only from squares adjacent to the enemy player square (4, 6, 8)."""
    g = t.g
    t.to_main()
    for sq in range(9):
        if sq == PLAYER_SQUARE[1]:
            continue
        for s in range(9):
            g.squares[s] = -1
        me = t.add(RED, 0, "field", sq)
        g._legal = None
        assert (PLAYER in _targets(t, me)) == (sq in (4, 6, 8)), sq


def test_b2_player_guarded_by_zx_on_player_square(t: Table) -> None:
    """B-2: an enemy Z/X on the enemy player square (e.g. a start card) blocks attacks on the player."""
    t.to_main()
    me = t.add(RED, 0, "field", 6)
    guard = t.add(SMALL, 1, "field", 7, slept=True)
    assert _targets(t, me) == {guard}


def test_b2_o4_ob_anywhere_blocks_player_attack(t: Table) -> None:
    """B-2 / O-4: an enemy Z/X OB anywhere on the field (even far away) forbids attacking the player."""
    g = t.g
    t.to_main()
    me = t.add(RED, 0, "field", 4)
    ob = t.add(zx("A-OB", "覇王", "blue", 0, 7000, ctype="zx_ob"), 1, "field", 0)
    assert PLAYER not in _targets(t, me) and ob not in _targets(t, me)
    # my own OB does not protect my opponent
    g.squares[0] = -1
    t.add(zx("A-OB2", "覇王2", "red", 0, 7000, ctype="zx_ob"), 0, "field", 2)
    g._legal = None
    assert PLAYER in _targets(t, me)


def test_b1_attacker_must_be_rebooted_b9_once(t: Table) -> None:
    """B-1, B-9: a slept Z/X cannot attack; after attacking it is slept and cannot attack again."""
    g = t.g
    t.to_main()
    a = t.add(RED, 0, "field", 4)
    b = t.add(RED, 0, "field", 6)
    t.act("attack", a, PLAYER)
    t.pass_battle()
    while t.kind.startswith("pick:life_hit"):
        t.pick(0)
    while t.kind != "main":
        g.apply(g.legal_actions()[-1])
    assert not [x for x in t.legal("attack") if x.a == a]
    assert [x for x in t.legal("attack") if x.a == b]


def test_b5_damage_accumulates_attacks_and_effects_reset_p6(t: Table) -> None:
    """B-5, P-6 2: damage from an effect and an attack add up in the turn; gone at end of turn."""
    g = t.g
    t.to_main()
    a = t.add(SMALL, 0, "field", 3)
    foe = t.add(zx("A-T", "硬い", "blue", 3, 7000), 1, "field", 6)
    t.cast({"do": "damage", "amount": 4000, "target": {"side": "opponent"}})
    assert g.damage[foe] == 4000 and g.on_field(foe)
    t.act("attack", a, foe)
    t.pass_battle()
    assert not g.on_field(foe) and foe in g.players[1].charge  # 4000 + 3000 >= 7000


def test_b5_damage_below_power_survives_and_resets(t: Table) -> None:
    """B-5, P-6 2: damage that did not destroy is removed at end of turn (next turn starts clean)."""
    g = t.g
    t.to_main()
    a = t.add(SMALL, 0, "field", 3)
    foe = t.add(zx("A-T", "硬い", "blue", 3, 7000), 1, "field", 6)
    t.act("attack", a, foe)
    t.pass_battle()
    assert g.damage.get(foe) == 3000
    t.end_turn()
    assert g.damage.get(foe, 0) == 0 and g.on_field(foe)


def test_b5_power_reduced_to_damage_destroys(t: Table) -> None:
    """B-5: a Z/X whose power is lowered to its damage (or below) is destroyed."""
    g = t.g
    t.to_main()
    foe = t.add(zx("A-T", "硬い", "blue", 3, 7000), 1, "field", 6)
    t.cast({"do": "damage", "amount": 3000, "target": {"side": "opponent"}})
    assert g.on_field(foe)
    t.cast({"do": "power", "amount": -4000, "target": {"side": "opponent"}})
    assert not g.on_field(foe) and foe in g.players[1].charge


def test_b5_until_end_of_turn_ends_after_end_triggers_p6(t: Table) -> None:
    """P-6 1..3: an end-of-turn trigger still sees this turn's power changes; they end afterwards."""
    g = t.g
    watcher = zx("A-W", "見張り", "red", 1, 3000, abilities=[
        {"kind": "auto", "trigger": "turn_end", "effects": [
            {"do": "damage", "amount": 6000, "target": {"side": "opponent"}}]}])
    t.to_main()
    w = t.add(watcher, 0, "field", 0)
    foe = t.add(zx("A-T", "硬い", "blue", 3, 5000), 1, "field", 6)
    t.cast({"do": "power", "amount": 2000, "target": {"side": "any", "filter": {"color": "blue"}}})
    assert g.power(foe) == 7000
    t.end_turn()
    # the trigger dealt 6000 to a 7000 Z/X (5000 without the bonus): it survives; then both end
    assert g.on_field(foe) and g.power(foe) == 5000 and g.damage.get(foe, 0) == 0 and g.on_field(w)


def test_b5_destroyed_goes_to_owner_charge_z5_owner_chooses(t: Table) -> None:
    """B-5, Z-5: the destroyed Z/X goes to its OWNER's charge; the owner (not the attacker) trims it to 4."""
    g = t.g
    t.to_main()
    ps1 = g.players[1]
    ps1.charge.clear()
    for _ in range(4):
        t.add(FILLER, 1, "charge")
    a = t.add(BIG, 0, "field", 3)
    foe = t.add(SMALL, 1, "field", 6)
    t.act("attack", a, foe)
    t.pass_battle()
    assert t.kind == "pick:charge_overflow" and t.who == 1
    assert foe in t.picks()
    t.pick(foe)
    assert foe in ps1.trash and len(ps1.charge) == 4 and foe not in g.players[0].charge


def test_b6_attacker_chooses_life_defender_plays(t: Table) -> None:
    """B-6: the attacker picks the life card; the defender decides to play it and picks the square."""
    g = t.g
    t.to_main()
    lives = t.set_life(1, [FILLER, IG, FILLER])
    a = t.add(RED, 0, "field", 4)
    t.act("attack", a, PLAYER)
    t.pass_battle()
    assert t.kind == "pick:life_hit" and t.who == 0 and t.picks() == {0, 1, 2}
    t.pick(lives.index(lives[1]))
    assert t.kind == "pick:life_play" and t.who == 1
    # L-1: never the enemy (player 0's) player square; L-2: not on player 0's attacker's square
    assert PLAYER_SQUARE[0] not in t.picks() and 4 not in t.picks()
    t.pick(8)
    assert g.squares[8] == lives[1]


def test_b6_life_zx_replaces_own_rebooted_l4_not_slept_l3(t: Table) -> None:
    """B-6 with L-3/L-4: the defender may put the life Z/X on its rebooted Z/X (that one goes to the trash)."""
    g = t.g
    t.to_main()
    lives = t.set_life(1, [IG])
    reb = t.add(SMALL, 1, "field", 8)
    slp = t.add(SMALL, 1, "field", 6, slept=True)
    a = t.add(RED, 0, "field", 4)
    t.act("attack", a, PLAYER)
    t.pass_battle()
    assert t.kind == "pick:life_play"
    assert 8 in t.picks() and 6 not in t.picks()
    t.pick(8)
    assert g.squares[8] == lives[0] and reb in g.players[1].trash and g.on_field(slp)


def test_b6_life_zx_with_no_legal_square_goes_to_charge(t: Table) -> None:
    """B-6, L-1..L-3: with no legal square the ignition Z/X cannot be played and goes to the charge."""
    g = t.g
    t.to_main()
    lives = t.set_life(1, [IG, FILLER])
    a = t.add(RED, 0, "field", 4)
    for sq in range(9):
        if sq not in (4, 1):
            t.add(SMALL, 1, "field", sq, slept=True) if g.squares[sq] < 0 else None
    # square 1 is player 0's player square (L-1); 4 holds the attacker (L-2); others slept own (L-3)
    # the player square 7 is now guarded: clear it to allow the attack, then fill it again slept
    g.squares[7] = -1
    g._legal = None
    t.act("attack", a, PLAYER)
    t.add(SMALL, 1, "field", 7, slept=True)
    t.pass_battle()
    t.pick(0)
    assert lives[0] in g.players[1].charge and lives[0] not in g.players[1].trash


def test_b6_event_from_life_resolves_then_trash(t: Table) -> None:
    """B-6: an ignition event from life resolves (for the defender) and goes to the trash."""
    g = t.g
    t.to_main()
    ev = event("A-EV", "雷", "blue", 3, ignition=True, abilities=[
        {"kind": "event", "effects": [{"do": "destroy", "target": {"side": "opponent"}}]}])
    lives = t.set_life(1, [ev, FILLER])
    a = t.add(RED, 0, "field", 4)
    t.act("attack", a, PLAYER)
    t.pass_battle()
    t.pick(0)
    assert t.kind == "pick:life_play_event" and t.who == 1
    t.pick(lives[0])
    assert not g.on_field(a) and a in g.players[0].charge  # destroyed the attacker (its owner's charge)
    assert lives[0] in g.players[1].trash and lives[0] not in g.players[1].charge


def test_b6_declined_ignition_card_goes_to_charge_not_trash(t: Table) -> None:
    """B-6: a declined ignition card goes to the defender's charge."""
    g = t.g
    t.to_main()
    lives = t.set_life(1, [IG, FILLER])
    a = t.add(RED, 0, "field", 4)
    t.act("attack", a, PLAYER)
    t.pass_battle()
    t.pick(0)
    t.done()
    assert lives[0] in g.players[1].charge


def test_b6_life_recovery_compares_after_card_left(t: Table) -> None:
    """B-6: defender 2 life -> 1 after the hit, attacker 1 life: 1 <= 1, Life Recovery applies."""
    g = t.g
    t.to_main()
    t.set_life(0, [FILLER])
    lives = t.set_life(1, [LR, FILLER])
    a = t.add(RED, 0, "field", 4)
    t.act("attack", a, PLAYER)
    t.pass_battle()
    t.pick(0)
    t.pick(8)
    assert g.squares[8] == lives[0]
    assert len(g.players[1].life) == 2  # 1 left + 1 recovered


def test_b6_life_recovery_not_when_defender_has_more(t: Table) -> None:
    """B-6: defender 3 -> 2 life, attacker 1: no Life Recovery."""
    g = t.g
    t.to_main()
    t.set_life(0, [FILLER])
    t.set_life(1, [LR, FILLER, FILLER])
    a = t.add(RED, 0, "field", 4)
    t.act("attack", a, PLAYER)
    t.pass_battle()
    t.pick(0)
    t.pick(8)
    assert len(g.players[1].life) == 2


def test_b6_life_recovery_only_if_played(t: Table) -> None:
    """B-6: a Life Recovery card that the defender declines to play gives no life (goes to the charge)."""
    g = t.g
    t.to_main()
    t.set_life(0, [FILLER])
    lives = t.set_life(1, [LR])
    a = t.add(RED, 0, "field", 4)
    t.act("attack", a, PLAYER)
    t.pass_battle()
    t.done()
    assert lives[0] in g.players[1].charge and g.is_over() and g.winner == 0


def test_b6_life_recovery_event_from_life(t: Table) -> None:
    """B-6: an ignition event with Life Recovery, played from life, recovers a life (1 <= 4)."""
    g = t.g
    t.to_main()
    lives = t.set_life(1, [LR_EV, FILLER])
    a = t.add(RED, 0, "field", 4)
    t.act("attack", a, PLAYER)
    t.pass_battle()
    t.pick(0)
    t.pick(lives[0])
    assert len(g.players[1].life) == 2 and lives[0] in g.players[1].trash


def test_b6_void_bringer_defender_chooses_any_zx(t: Table) -> None:
    """B-6: Void Bringer: the defender chooses a Z/X on a square (any side); it goes to its owner's trash."""
    g = t.g
    t.to_main()
    lives = t.set_life(1, [VB, FILLER])
    a = t.add(RED, 0, "field", 4)
    b = t.add(RED, 0, "field", 3)
    t.act("attack", a, PLAYER)
    t.pass_battle()
    t.pick(0)
    t.pick(8)
    assert t.kind == "pick:void_bringer" and t.who == 1
    assert {a, b, lives[0]} <= t.picks()
    t.pick(b)
    assert b in g.players[0].trash and not g.on_field(b) and b not in g.players[0].charge

def test_b7_last_life_recovery_saves(t: Table) -> None:
    """B-7: the last life card has Life Recovery and is played: the defender is saved."""
    g = t.g
    t.to_main()
    t.set_life(1, [LR])
    a = t.add(RED, 0, "field", 4)
    t.act("attack", a, PLAYER)
    t.pass_battle()
    t.pick(8)
    assert len(g.players[1].life) == 1 and not g.is_over()


def test_b4_attacker_bounced_in_battle_no_life_damage(t: Table) -> None:
    """B-4: the attacker left the field during the battle event step: no damage, no life lost."""
    g = t.g
    t.to_main()
    t.set_life(1, [FILLER, FILLER])
    a = t.add(RED, 0, "field", 4)
    bounce = event("A-BN", "送還", "blue", 0, timing="battle", abilities=[
        {"kind": "event", "effects": [{"do": "bounce", "target": "attacker"}]}])
    b = t.add(bounce, 1, "hand")
    t.act("attack", a, PLAYER)
    t.pass_()
    t.act("play", b, -1)
    t.pass_battle()
    assert t.kind == "main" and len(g.players[1].life) == 2 and a in g.players[0].hand


def test_b3_defender_event_with_cost_needs_color(t: Table) -> None:
    """B-3, C-1: the defender may play a battle event only if it can pay it with a color match."""
    t.to_main()
    a = t.add(RED, 0, "field", 4)
    foe = t.add(SMALL, 1, "field", 5)
    guard = event("A-GD", "盾", "blue", 1, timing="battle", abilities=[
        {"kind": "event", "effects": [{"do": "power", "amount": 5000, "target": "attack_target"}]}])
    ev = t.add(guard, 1, "hand")
    t.resources(1, "red", 2)
    t.act("attack", a, foe)
    t.pass_()
    assert ("play", ev, -1) not in [tuple(x) for x in t.legal()]
    t.resources(1, "blue", 1)
    t.g._legal = None
    assert ("play", ev, -1) in [tuple(x) for x in t.legal()]


def test_b9_zx_rebooted_by_an_effect_may_attack_again(t: Table) -> None:
    """B-1, B-9 (ruling in docs/ABILITIES.md): the attacker is any rebooted Z/X of yours, so one
    rebooted by an effect after attacking may attack again."""
    g = t.g
    t.to_main()
    a = t.add(RED, 0, "field", 3)
    foe = t.add(BIG, 1, "field", 6)
    t.act("attack", a, foe)
    t.pass_battle()
    assert not [x for x in t.legal("attack") if x.a == a]
    t.cast({"do": "reboot", "target": {"side": "self"}})
    assert [x for x in t.legal("attack") if x.a == a]
    t.act("attack", a, foe)
    t.pass_battle()
    assert not g.on_field(foe)  # 5000 + 5000 >= 9000: destroyed


def test_c2_life_card_played_free_without_resources(t: Table) -> None:
    """C-2, B-6: a Z/X from life costs nothing (the defender has no resources at all)."""
    g = t.g
    t.to_main()
    assert not g.players[1].resources
    lives = t.set_life(1, [zx("A-IG5", "青の大炎", "blue", 5, 9000, ignition=True), FILLER])
    a = t.add(RED, 0, "field", 4)
    t.act("attack", a, PLAYER)
    t.pass_battle()
    t.pick(0)
    t.pick(6)
    assert g.squares[6] == lives[0]


def test_l4_placing_on_own_ob_follows_o5(t: Table) -> None:
    """L-4, O-5: a Z/X placed on your own rebooted Z/X OB: the OB goes face up to the dunamis (not the
    trash) and the player card turns face up."""
    g = t.g
    t.to_main()
    t.resources(0, "red", 2)
    ob = t.add(zx("A-OB", "覇王", "red", 0, 7000, ctype="zx_ob"), 0, "field", 3)
    g.players[0].player_face_up = False
    c = t.add(RED, 0, "hand")
    t.act("play", c, 3)
    ps = g.players[0]
    assert g.squares[3] == c and ob in ps.dunamis and g.face_up[ob] and ob not in ps.trash
    assert ps.player_face_up


def test_r1_life_recovery_with_empty_deck_refreshes(t: Table) -> None:
    """B-6, R-1: Life Recovery needs the top card: an empty deck refreshes first (the opponent takes a
    life card), then the new top card goes to the life."""
    g = t.g
    t.to_main()
    ps1 = g.players[1]
    t.set_life(0, [FILLER])
    t.set_life(1, [LR, FILLER])
    ps1.trash.extend(ps1.deck)
    ps1.deck.clear()
    ps1.deck.append(ps1.trash.pop())  # one card left
    a = t.add(RED, 0, "field", 4)
    t.act("attack", a, PLAYER)
    t.pass_battle()
    t.pick(0)
    t.pick(8)
    # Life Recovery took the last deck card (deck empties -> refresh -> player 0 picks a life card)
    assert t.kind == "pick:refresh_life" and t.who == 0
    t.pick(0)
    assert len(ps1.life) == 1 and ps1.refreshes == 1 and ps1.deck


def test_b6_life_recovery_compares_before_the_cards_enter_triggers(t: Table) -> None:
    """B-6, A-9: Life Recovery compares the lives right after the revealed card left the life ("at
    this time", 001); the played Z/X's own enter trigger resolves after that comparison."""
    g = t.g
    t.to_main()
    lr_draw = zx("A-LRT", "癒しの竜", "blue", 2, 4000, ignition=True, keywords=("life_recovery",), abilities=[
        {"kind": "auto", "trigger": "enter", "effects": [{"do": "life_recover", "n": 1}]}])
    t.set_life(0, [FILLER])
    t.set_life(1, [lr_draw, FILLER])
    a = t.add(RED, 0, "field", 4)
    t.act("attack", a, PLAYER)
    t.pass_battle()
    t.pick(0)
    t.pick(8)
    # 1 life left <= 1: Life Recovery (+1), then the enter trigger (+1)
    assert len(g.players[1].life) == 3
