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
