"""What the engine keeps between decisions to spend less (issue 25): the per-player flags read
from the card table and the lethal check's kept inputs must follow every change that matters."""

from __future__ import annotations

import pytest
from scenario import Table, zx

from zxdeck.engine import PLAYER

RED = zx("T-R", "赤の剣士", "red", 2, 5000)
BIG = zx("T-M", "青の盾兵", "blue", 3, 8000)


@pytest.fixture
def t(table: Table) -> Table:
    table.to_main()
    return table


def _damaged_foe(t: Table) -> int:
    """An 8000 Z/X of player 1 with 5000 damage this turn (B-5), still on the field."""
    g = t.g
    me = t.add(RED, 0, "field", 3)
    foe = t.add(BIG, 1, "field", 4)
    t.act("attack", me, foe)
    t.pass_battle()
    assert g.damage[foe] == 5000 and g.on_field(foe)
    return foe


@pytest.mark.rule("B-5")
def test_b5_power_drop_after_the_damage_destroys(t: Table) -> None:
    """B-5: a damaged Z/X whose power drops to its damage later in the turn is destroyed, though
    the lethal checks between the tasks before saw the same damage."""
    g = t.g
    foe = _damaged_foe(t)
    t.cast({"do": "power", "amount": -3000, "target": {"side": "opponent"}})
    assert not g.on_field(foe) and foe in g.players[1].charge


@pytest.mark.rule("B-5", "A-3")
def test_b5_continuous_power_effect_arriving_destroys(t: Table) -> None:
    """B-5, A-3: a continuous power effect that arrives on the field after the damage counts at the
    next check (the field is part of what the check keeps)."""
    g = t.g
    foe = _damaged_foe(t)
    t.add(zx("T-AU", "呪いの王", "black", 3, 6000, abilities=[
        {"kind": "continuous", "effects": [{"do": "power", "amount": -3000, "target": {"side": "opponent"}}]}]),
        0, "field", 5)
    assert g.on_field(foe)  # no task has run since
    t.cast({"do": "draw", "n": 1})
    assert not g.on_field(foe) and foe in g.players[1].charge


@pytest.mark.rule("B-5", "A-3")
def test_b5_damage_below_the_lowest_power_then_condition_met(t: Table) -> None:
    """B-5, A-3: with a conditional continuous effect on the field, a check that did not need the
    power may be kept; when the condition comes to hold, the power read again destroys."""
    g = t.g
    t.add(zx("T-CU", "条件の呪い", "black", 3, 6000, abilities=[
        {"kind": "continuous", "condition": {"own_zx": {"min": 3}},
         "effects": [{"do": "power", "amount": -3000, "target": {"side": "opponent"}}]}]), 0, "field", 0)
    foe = _damaged_foe(t)  # 2 Z/X of player 0: the condition does not hold, 5000 < 8000
    assert g.on_field(foe)
    t.add(RED, 0, "field", 2)  # a third Z/X: the effect applies, 8000 - 3000 <= 5000
    t.cast({"do": "draw", "n": 1})
    assert not g.on_field(foe)


@pytest.mark.rule("B-1", "B-2")
def test_protect_added_to_a_game_without_it_counts(t: Table) -> None:
    """B-1, B-2: the attack targets leave out a Z/X that cannot be attacked, also when no card of
    the decks had that ability before it was added (the per-player flags follow `add_card`)."""
    g = t.g
    assert g.protecting == (False, False)
    me = t.add(RED, 0, "field", 4)
    shy = t.add(zx("T-P", "隠者", "blue", 2, 3000, abilities=[
        {"kind": "continuous", "effects": [{"do": "protect", "from": "attack"}]}]), 1, "field", 5)
    plain = t.add(BIG, 1, "field", 3)
    assert g.protecting == (False, True)
    targets = {a.b for a in t.legal("attack") if a.a == me}
    assert shy not in targets and plain in targets
    clone = g.clone()
    assert {a.b for a in clone.legal_actions() if a.kind == "attack" and a.a == me} == targets


@pytest.mark.rule("A-1", "A-2")
def test_activated_and_triggered_abilities_added_later_count(t: Table) -> None:
    """A-1: an activated ability of a Z/X added to a game whose decks have none is offered; A-2: so
    is a `turn_start` automatic ability triggered at its owner's next turn."""
    g = t.g
    assert g.activating == (frozenset(), frozenset()) and "turn_start" not in g.triggered[0]
    t.resources(0, "red", 1)
    user = t.add(zx("T-A", "術士", "red", 2, 4000, abilities=[
        {"kind": "activated", "cost": {"pay": 1}, "effects": [{"do": "draw", "n": 1}]}]), 0, "field", 3)
    assert g.activating == (frozenset({"any"}), frozenset())
    assert [a.a for a in t.legal("ability")] == [user]
    t.add(zx("T-S", "朝の使者", "red", 2, 4000, abilities=[
        {"kind": "auto", "trigger": "turn_start", "effects": [{"do": "draw", "n": 1}]}]), 1, "field", 6)
    assert "turn_start" in g.triggered[1] and "turn_start" not in g.triggered[0]
    hand = len(g.players[1].hand)
    t.end_turn()
    assert g.active == 1 and t.kind == "resource"
    assert len(g.players[1].hand) == hand + 2 + 1  # P-2 draws 2, the trigger 1


@pytest.mark.rule("B-2")
def test_player_attack_without_player_attacked_triggers(t: Table) -> None:
    """B-2: attacking the player works when neither deck has a `player_attacked` ability."""
    g = t.g
    assert "player_attacked" not in g.triggered[1]
    me = t.add(RED, 0, "field", 4)
    life = len(g.players[1].life)
    t.act("attack", me, PLAYER)
    t.pass_battle()
    assert t.kind == "pick:life_hit"
    t.pick(0)
    assert len(g.players[1].life) == life - 1
