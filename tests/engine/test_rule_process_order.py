"""Rule processes (Z-5 charge overflow, R-1 refresh) finish before anything else continues.

Regression tests of failures found by a load run: a charge of 5 while a destroyed trigger asked for
its target (the overflow card was chosen, but moving it to the trash waited below the trigger,
A-9), and a refresh's life card chosen only after the over drive / placement of the card that
emptied the deck. Constructed positions, independent of the random generator.
"""

from __future__ import annotations

from invariants import check_invariants
from scenario import FILLER, Table, zx

BIG = zx("RP-BIG", "巨人", "red", 1, 9000)
AVENGER = zx("RP-AV", "報復の竜", "blue", 1, 2000, abilities=[
    {"kind": "auto", "trigger": "destroyed", "effects": [
        {"do": "damage", "amount": 1000, "target": {"side": "opponent"}}]}])
IGZ = zx("RP-IG", "点火の竜", "red", 1, 3000, ignition=True)


def _four_charge(t: Table, p: int) -> list[int]:
    ps = t.g.players[p]
    ps.trash.extend(ps.charge)
    ps.charge.clear()
    return [t.add(FILLER, p, "charge") for _ in range(4)]


def test_z5_charge_trimmed_before_the_destroyed_trigger_resolves_a9() -> None:
    """Z-5, A-9, B-5: the destroyed Z/X is a fifth charge card: its owner's choice goes to the trash
    at once; the destroyed trigger (waiting meanwhile) then asks for its target with a charge of 4."""
    t = Table()
    g = t.g
    t.to_main()
    charge = _four_charge(t, 1)
    attacker = t.add(BIG, 0, "field", 4)
    other = t.add(BIG, 0, "field", 3)
    foe = t.add(AVENGER, 1, "field", 5)
    t.act("attack", attacker, foe)
    t.pass_battle()
    assert t.kind == "pick:charge_overflow" and t.who == 1 and g.triggers
    check_invariants(g)
    t.pick(charge[0])
    assert t.kind == "pick:target:damage" and t.who == 1
    assert len(g.players[1].charge) == 4 and charge[0] in g.players[1].trash
    check_invariants(g)
    t.pick(other)
    assert g.damage[other] == 1000 and t.kind == "main"
    check_invariants(g)


def test_z5_charge_trimmed_before_a_refresh_in_a_trigger_r1() -> None:
    """Z-5, R-1, A-9: after the overflow choice, a destroyed trigger that draws the last card makes a
    refresh: its life card is chosen with the charge already back at 4 (then it overflows again)."""
    t = Table()
    g = t.g
    t.to_main()
    drawer = zx("RP-DR", "遺言の竜", "blue", 1, 2000, abilities=[
        {"kind": "auto", "trigger": "destroyed", "effects": [{"do": "draw", "n": 1}]}])
    charge = _four_charge(t, 1)
    ps1 = g.players[1]
    ps1.trash.extend(ps1.deck[:-1])
    del ps1.deck[:-1]
    attacker = t.add(BIG, 0, "field", 4)
    foe = t.add(drawer, 1, "field", 5)
    t.act("attack", attacker, foe)
    t.pass_battle()
    assert t.kind == "pick:charge_overflow" and t.who == 1
    t.pick(charge[0])  # the filler copies are one option (interchangeable)
    assert t.kind == "pick:refresh_life" and t.who == 0
    assert len(ps1.charge) == 4
    check_invariants(g)
    t.pick(0)
    assert t.kind == "pick:charge_overflow" and t.who == 1 and len(ps1.charge) == 5
    t.pick(foe)
    assert len(ps1.charge) == 4 and foe in ps1.trash and t.kind == "main"
    check_invariants(g)


def test_r1_refresh_life_chosen_before_the_over_drive_p4() -> None:
    """R-1, P-4: the ignition reveal takes the last card of the deck: the refresh (the opponent puts a
    life card into the charge) happens before the over drive of the card just revealed is decided."""
    t = Table()
    g = t.g
    ps = g.players[0]
    ch = t.add(FILLER, 0, "charge")
    t.act("skip")
    ps.trash.extend(ps.deck)
    ps.deck.clear()
    ig = t.add(IGZ, 0, "deck")
    g._legal = None
    lives = list(ps.life)
    t.act("ignite", ch)
    assert t.kind == "pick:refresh_life" and t.who == 1
    check_invariants(g)
    t.pick(0)
    assert lives[0] in ps.charge and ps.refreshes == 1
    assert t.kind == "pick:overdrive" and t.who == 0
    t.pick(4)
    assert g.squares[4] == ig
    check_invariants(g)


def test_r1_refresh_life_chosen_before_the_searched_zx_is_placed() -> None:
    """R-1: a search puts the last card of the deck onto a square: the refresh's life card is chosen
    before the square is."""
    t = Table()
    g = t.g
    t.to_main()
    ps = g.players[0]
    ps.trash.extend(ps.deck)
    ps.deck.clear()
    target = t.add(IGZ, 0, "deck")
    t.cast({"do": "search", "n": 1, "to": "square", "filter": {"type": "zx"}})
    t.pick(target)
    assert t.kind == "pick:refresh_life" and t.who == 1
    check_invariants(g)
    t.pick(0)
    assert t.kind == "pick:square" and t.who == 0
    t.pick(4)
    assert g.squares[4] == target and t.kind == "main"
    check_invariants(g)



def test_r1_refresh_life_lost_before_an_enter_trigger_checks_its_condition() -> None:
    """R-1, A-2: the ignition reveal takes the last card of the deck; the refresh's life card is lost
    at that moment, so the over-driven Z/X's "if your life is 2 or less" enter trigger sees the new
    life (2 after 3) and resolves."""
    low = zx("RP-LOW", "背水の竜", "red", 1, 3000, ignition=True, abilities=[
        {"kind": "auto", "trigger": "enter", "condition": {"life_at_most": 2},
         "effects": [{"do": "gain_counter", "counter": "memory_piece", "n": 1}]}])
    t = Table()
    g = t.g
    ps = g.players[0]
    ch = t.add(FILLER, 0, "charge")
    t.act("skip")
    t.set_life(0, [FILLER] * 3)
    ps.trash.extend(ps.deck)
    ps.deck.clear()
    card = t.add(low, 0, "deck")
    g._legal = None
    t.act("ignite", ch)
    assert t.kind == "pick:refresh_life" and t.who == 1
    t.pick(0)
    assert len(ps.life) == 2 and t.kind == "pick:overdrive"
    t.pick(4)
    assert g.squares[4] == card and ps.counters.get("memory_piece", 0) == 1
    check_invariants(g)


def test_r1_no_refresh_no_trigger_control() -> None:
    """R-1 (control of the test above): with a card left below it, the life stays 3 and the same
    enter trigger does not fire."""
    low = zx("RP-LOW", "背水の竜", "red", 1, 3000, ignition=True, abilities=[
        {"kind": "auto", "trigger": "enter", "condition": {"life_at_most": 2},
         "effects": [{"do": "gain_counter", "counter": "memory_piece", "n": 1}]}])
    t = Table()
    g = t.g
    ps = g.players[0]
    ch = t.add(FILLER, 0, "charge")
    t.act("skip")
    t.set_life(0, [FILLER] * 3)
    ps.trash.extend(ps.deck[1:])
    del ps.deck[1:]
    card = t.add(low, 0, "deck")
    g._legal = None
    t.act("ignite", ch)
    assert t.kind == "pick:overdrive"
    t.pick(4)
    assert g.squares[4] == card and len(ps.life) == 3 and ps.counters.get("memory_piece", 0) == 0
