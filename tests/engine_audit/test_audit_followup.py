"""Follow-up of the engine audit: rule edge cases the audit found and left open.

B-4 (an attacker that left the field and came back), `destroyed` conditions checked at the
event (A-2), X-3 awakening conditions carried out in full, and declined optional 【ターン1】
abilities (A-2 once_per_turn). Each scenario acts only through legal_actions() / apply().
"""

from __future__ import annotations

import pytest
from audit_helpers import FILLER, Table, event, zx

from zxdeck.engine import PLAYER


@pytest.fixture
def t() -> Table:
    """A fresh table at player 0's first turn, main phase (see audit_helpers.Table)."""
    table = Table()
    table.to_main()
    return table


RED = zx("F-R", "赤の剣士", "red", 2, 5000)
BLUE = zx("F-B", "青の小兵", "blue", 1, 3000)


def _empty_trash(t: Table, p: int = 0) -> None:
    """Move p's trash (the cards Table cleared from hand and resources) into the deck."""
    ps = t.g.players[p]
    ps.deck[:0] = ps.trash
    ps.trash.clear()


# ---------------------------------------------------------------------- B-4


def _bounce_and_replay(name: str, who: str) -> object:
    """A battle event: return `who` (attacker / attack_target) to its owner's hand, then its owner...

    ...plays it again at once from the hand (play_free), so the same card is back on a square."""
    return event(f"F-RP-{who}", name, "colorless", 0, timing="battle", abilities=[
        {"kind": "event", "effects": [
            {"do": "bounce", "target": who},
            {"do": "play_free", "from": "hand", "filter": {"name": "赤の剣士" if who == "attacker"
                                                          else "青の小兵"}}]}])


def test_b4_attacker_bounced_and_replayed_is_a_new_object_no_life_damage(t: Table) -> None:
    """B-4: the attacker was bounced and played again during the battle event step: it is a new
    object, the attacker has left the field, so the battle ends without damage (no life lost)."""
    g = t.g
    t.set_life(1, [FILLER, FILLER])
    a = t.add(RED, 0, "field", 4)
    ev = t.add(_bounce_and_replay("帰還", "attacker"), 0, "hand")
    t.act("attack", a, PLAYER)
    t.act("play", ev, -1)
    t.pick(a)  # play_free: the bounced attacker
    t.pick(4)  # back on its square
    assert g.on_field(a) and not g.slept[a]  # L-5: it came back rebooted
    t.pass_battle()
    assert t.kind == "main", t.kind  # no life_hit pick: the damage step was skipped
    assert len(g.players[1].life) == 2 and g.battle is None


def test_b4_replayed_attacker_deals_no_damage_to_a_zx(t: Table) -> None:
    """B-4/B-5: the same against a Z/X target: the replayed card is not the attacker any more."""
    g = t.g
    a = t.add(RED, 0, "field", 4)
    foe = t.add(BLUE, 1, "field", 5)
    ev = t.add(_bounce_and_replay("帰還", "attacker"), 0, "hand")
    t.act("attack", a, foe)
    t.act("play", ev, -1)
    t.pick(a)
    t.pick(4)
    t.pass_battle()
    assert t.kind == "main" and g.on_field(foe) and g.damage.get(foe, 0) == 0


def test_b4_attacker_word_names_nothing_after_the_attacker_came_back(t: Table) -> None:
    """B-4 (target words name nothing once the Z/X has left): after the attacker was bounced and
    replayed, a defender's "damage the attacker" event does not reach the new object."""
    g = t.g
    a = t.add(RED, 0, "field", 4)
    foe = t.add(BLUE, 1, "field", 5)
    ev = t.add(_bounce_and_replay("帰還", "attacker"), 0, "hand")
    hit = t.add(event("F-HIT", "迎撃", "colorless", 0, timing="battle", abilities=[
        {"kind": "event", "effects": [{"do": "damage", "amount": 9000, "target": "attacker"}]}]), 1, "hand")
    t.act("attack", a, foe)
    t.act("play", ev, -1)
    t.pick(a)
    t.pick(4)
    t.act("play", hit, -1)
    assert g.on_field(a) and g.damage.get(a, 0) == 0


def test_b4_b5_target_bounced_and_replayed_takes_no_damage(t: Table) -> None:
    """B-5 with B-4's reasoning: a target that left the field and came back is a new object, not the
    attack target: it takes no damage."""
    g = t.g
    a = t.add(RED, 0, "field", 4)
    foe = t.add(BLUE, 1, "field", 5)
    ev = t.add(_bounce_and_replay("退避", "attack_target"), 1, "hand")
    t.act("attack", a, foe)
    t.pass_()
    t.act("play", ev, -1)
    t.pick(foe)
    t.pick(5)
    assert g.on_field(foe)
    t.pass_battle()
    assert t.kind == "main" and g.on_field(foe) and g.damage.get(foe, 0) == 0


def test_b4_attacker_still_there_deals_damage(t: Table) -> None:
    """B-4/B-5 control: an attacker that never left deals its damage as usual."""
    g = t.g
    a = t.add(RED, 0, "field", 4)
    foe = t.add(BLUE, 1, "field", 5)
    t.act("attack", a, foe)
    t.pass_battle()
    assert not g.on_field(foe) and foe in g.players[1].charge


# ---------------------------------------------------------------------- destroyed conditions


def _destroy_own(t: Table, *after: dict) -> None:
    """Player 0 casts an event destroying one of their own Z/X, then carrying out `after`."""
    t.cast({"do": "destroy", "target": {"side": "self"}}, *after)


def test_a2_destroyed_has_force_checked_on_the_field(t: Table) -> None:
    """A-2 (docs/ABILITIES.md engine ruling): a `destroyed` trigger's condition is checked when the
    Z/X is destroyed, with its last state on the field: its forces count (Z-6 sends them to the
    trash as it leaves)."""
    g = t.g
    card = zx("F-HF", "鎧の戦士", "red", 2, 5000, abilities=[
        {"kind": "auto", "trigger": "destroyed", "condition": {"has_force": 1},
         "effects": [{"do": "draw", "n": 1}]}])
    u = t.add(card, 0, "field", 3)
    f = t.add(FILLER, 0, "trash")
    g.players[0].trash.remove(f)
    g.forces[u] = (f,)
    hand = len(g.players[0].hand)
    _destroy_own(t)
    assert u in g.players[0].charge and f in g.players[0].trash
    assert len(g.players[0].hand) == hand + 1


def test_a2_destroyed_without_force_does_not_trigger(t: Table) -> None:
    """A-2 control: without a force at the time it is destroyed the ability does not trigger."""
    g = t.g
    card = zx("F-HF", "鎧の戦士", "red", 2, 5000, abilities=[
        {"kind": "auto", "trigger": "destroyed", "condition": {"has_force": 1},
         "effects": [{"do": "draw", "n": 1}]}])
    t.add(card, 0, "field", 3)
    hand = len(g.players[0].hand)
    _destroy_own(t)
    assert len(g.players[0].hand) == hand


def test_a2_destroyed_condition_about_the_controller_at_the_time(t: Table) -> None:
    """A-2: the condition holds at the moment of destruction (life 2 or less) and the same event then
    raises the life to 3 before the trigger resolves: the ability still resolves."""
    g = t.g
    t.set_life(0, [FILLER, FILLER])
    card = zx("F-LA", "背水の戦士", "red", 2, 5000, abilities=[
        {"kind": "auto", "trigger": "destroyed", "condition": {"life_at_most": 2},
         "effects": [{"do": "draw", "n": 1}]}])
    t.add(card, 0, "field", 3)
    hand = len(g.players[0].hand)
    _destroy_own(t, {"do": "life_recover", "n": 1})
    assert len(g.players[0].life) == 3
    assert len(g.players[0].hand) == hand + 1


def test_a2_destroyed_own_zx_counts_the_card_itself(t: Table) -> None:
    """A-2: `own_zx` counts the destroyed card itself (its last state on the field)."""
    g = t.g
    card = zx("F-OZ", "孤高の竜", "red", 2, 5000, races=("ドラゴン",), abilities=[
        {"kind": "auto", "trigger": "destroyed", "condition": {"own_zx": {"min": 1, "filter": {"race": "ドラゴン"}}},
         "effects": [{"do": "draw", "n": 1}]}])
    t.add(card, 0, "field", 3)
    hand = len(g.players[0].hand)
    _destroy_own(t)
    assert len(g.players[0].hand) == hand + 1


def test_a2_other_triggers_still_check_again_on_resolution(t: Table) -> None:
    """A-2 (unchanged for other triggers): an `enter` ability's condition is checked again when it
    resolves: an event raising the life after the Z/X entered stops it."""
    g = t.g
    t.set_life(0, [FILLER, FILLER])
    card = zx("F-EN", "背水の新兵", "red", 0, 3000, abilities=[
        {"kind": "auto", "trigger": "enter", "condition": {"life_at_most": 2},
         "effects": [{"do": "draw", "n": 1}]}])
    c = t.add(card, 0, "hand")
    hand = len(g.players[0].hand) - 1
    t.cast({"do": "play_free", "from": "hand", "filter": {"name": "背水の新兵"}},
           {"do": "life_recover", "n": 1})
    t.pick(c)
    t.pick(3)
    assert g.on_field(c) and len(g.players[0].life) == 3
    assert len(g.players[0].hand) == hand
