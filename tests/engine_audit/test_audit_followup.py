"""Follow-up of the engine audit: rule edge cases the audit found and left open.

B-4 (an attacker that left the field and came back), `destroyed` conditions checked at the
event (A-2), X-3 awakening conditions carried out in full, and declined optional 【ターン1】
abilities (A-2 once_per_turn). Each scenario acts only through legal_actions() / apply().
"""

from __future__ import annotations

import pytest
from scenario import FILLER, Table, event, zx

from zxdeck.engine import PLAYER


@pytest.fixture
def t() -> Table:
    """A fresh table at player 0's first turn, main phase (see tests/support/scenario.py)."""
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


# ---------------------------------------------------------------------- X-3 awakening in full


def _ex(cid: str, *effects: dict) -> object:
    return zx(cid, "覚醒の王", "red", 1, 8000, ctype="zx_ex", abilities=[
        {"kind": "awakening", "effects": list(effects)}])


def _can_play_ex(t: Table, ex: int) -> bool:
    t.g._legal = None
    return any(a.a == ex for a in t.legal("ex"))


def test_x3_awakening_retrieve_takes_the_full_count(t: Table) -> None:
    """X-3: an awakening "retrieve 2 from the trash" must retrieve 2: no `done` before the second
    card, and with fewer than 2 matching cards the EX cannot be played."""
    g = t.g
    _empty_trash(t)
    t.resources(0, "red", 1)
    ex = t.add(_ex("F-X1", {"do": "retrieve", "from": "trash", "to": "hand", "n": 2}), 0, "dunamis")
    a = t.add(RED, 0, "trash")
    assert not _can_play_ex(t, ex)
    b = t.add(BLUE, 0, "trash")
    t.add(zx("F-G", "緑の兵", "green", 1, 1000), 0, "trash")
    assert _can_play_ex(t, ex)
    t.act("ex", ex)
    assert t.kind == "pick:retrieve" and not t.legal("done")
    t.pick(a)
    assert t.kind == "pick:retrieve" and not t.legal("done")
    t.pick(b)
    t.pick(4)  # ex_square
    assert g.on_field(ex) and a in g.players[0].hand and b in g.players[0].hand


def test_x3_awakening_search_needs_matching_cards(t: Table) -> None:
    """X-3: an awakening "search 1 blue card" cannot be escaped by finding nothing: without a match
    in the deck the EX cannot be played; with one, the search must take it."""
    g = t.g
    t.resources(0, "red", 1)
    ex = t.add(_ex("F-X2", {"do": "search", "filter": {"color": "blue"}, "n": 1, "to": "hand"}), 0, "dunamis")
    assert not _can_play_ex(t, ex)
    b1 = t.add(BLUE, 0, "deck")
    t.add(zx("F-B2", "青の魔導士", "blue", 2, 4000), 0, "deck")
    assert _can_play_ex(t, ex)
    t.act("ex", ex)
    assert t.kind == "pick:search" and not t.legal("done")
    t.pick(b1)
    t.pick(4)
    assert g.on_field(ex) and b1 in g.players[0].hand


def test_x3_awakening_upto_selector_is_the_full_count(t: Table) -> None:
    """X-3: an awakening "return up to 1 of your other Z/X to the hand" must return one: impossible
    with none, and no `done` when there is one to choose."""
    g = t.g
    t.resources(0, "red", 1)
    ex = t.add(_ex("F-X3", {"do": "bounce", "target": {"side": "self", "upto": True, "count": 1,
                                                        "filter": {"other": True}}}), 0, "dunamis")
    assert not _can_play_ex(t, ex)
    u1 = t.add(RED, 0, "field", 3)
    u2 = t.add(BLUE, 0, "field", 5)
    assert _can_play_ex(t, ex)
    t.act("ex", ex)
    assert t.kind == "pick:target:bounce" and not t.legal("done")
    t.pick(u1)
    t.pick(4)
    assert g.on_field(ex) and u1 in g.players[0].hand and g.on_field(u2)


def test_x3_awakening_alter_force_under_the_ex(t: Table) -> None:
    """X-3 with A-8: an awakening "alter force 2" puts exactly 2 cards of your trash under the Z/X
    EX being played (it enters with them); with fewer than 2 cards in the trash it cannot be played."""
    g = t.g
    _empty_trash(t)
    t.resources(0, "red", 1)
    ex = t.add(_ex("F-X4", {"do": "alter_force", "n": 2}), 0, "dunamis")
    a = t.add(RED, 0, "trash")
    assert not _can_play_ex(t, ex)
    b = t.add(BLUE, 0, "trash")
    t.add(BLUE, 0, "trash")
    assert _can_play_ex(t, ex)
    t.act("ex", ex)
    assert t.kind == "pick:alter_force" and not t.legal("done")
    t.pick(a)  # the second card is forced: the two blue cards left are interchangeable copies
    t.pick(4)
    forces = g.forces[ex]
    assert g.on_field(ex) and len(forces) == 2 and a in forces and g.cards[b] in [g.cards[f] for f in forces]
    assert len(g.players[0].trash) == 1


def test_x3_awakening_reboot_resources_full_count(t: Table) -> None:
    """X-3: an awakening "reboot up to 2 resources" must reboot 2: the cost (1) sleeps one and one more
    must already be slept; after it, all 3 resources are rebooted."""
    g = t.g
    ex = t.add(_ex("F-X5", {"do": "reboot_resources", "n": 2}), 0, "dunamis")
    t.resources(0, "red", 2)
    assert not _can_play_ex(t, ex)  # after paying, only 1 slept resource
    r = t.resources(0, "red", 1)
    g.slept[r[0]] = 1
    assert _can_play_ex(t, ex)
    t.act("ex", ex)
    while t.kind == "pay":
        t.act("pay", t.legal("pay")[0].a)
    while t.kind == "pick:reboot_resources":
        assert not t.legal("done")
        t.pick(t.legal("pick")[0].a)
    t.pick(4)
    assert g.on_field(ex)
    assert not any(g.slept[x] for x in g.players[0].resources)


def test_x3_awakening_play_free_must_play(t: Table) -> None:
    """X-3: an awakening "play a card from the trash for free" must play one: impossible without a
    playable card, and no `done` in the pick."""
    g = t.g
    _empty_trash(t)
    t.resources(0, "red", 1)
    ex = t.add(_ex("F-X6", {"do": "play_free", "from": "trash", "filter": {"max_cost": 2}}), 0, "dunamis")
    t.add(zx("F-BIG", "巨人", "red", 5, 9000), 0, "trash")
    assert not _can_play_ex(t, ex)
    c = t.add(RED, 0, "trash")
    t.add(BLUE, 0, "trash")
    assert _can_play_ex(t, ex)
    t.act("ex", ex)
    assert t.kind == "pick:play_free" and not t.legal("done")
    t.pick(c)
    t.pick(3)
    t.pick(4)
    assert g.on_field(ex) and g.on_field(c)


# ---------------------------------------------------------------------- once_per_turn declined


def _watcher(**extra: object) -> object:
    """A Z/X with an optional 【ターン1】 "when another Z/X of yours enters, you may draw 1"."""
    ab = {"kind": "auto", "trigger": "ally_enter", "optional": True, "once_per_turn": True,
          "effects": [{"do": "draw", "n": 1}]}
    ab.update(extra)
    return zx("F-W", "見張り", "red", 2, 4000, abilities=[ab])


def _play_ally(t: Table, sq: int) -> int:
    u = t.add(zx("F-A", "仲間", "colorless", 0, 1000), 0, "hand")
    t.act("play", u, sq)
    return u


def test_a2_once_per_turn_declined_is_not_used(t: Table) -> None:
    """A-2 once_per_turn: declining an optional 【ターン1】 ability (answering no) does not use it up;
    using it does."""
    g = t.g
    t.add(_watcher(), 0, "field", 4)
    hand = len(g.players[0].hand)
    _play_ally(t, 3)
    assert t.kind == "confirm:optional"
    t.no()
    assert t.kind == "main" and len(g.players[0].hand) == hand
    _play_ally(t, 5)
    assert t.kind == "confirm:optional"  # asked again: it was not used
    t.yes()
    assert len(g.players[0].hand) == hand + 1
    _play_ally(t, 0)
    assert t.kind == "main"  # used this turn: no more


def test_a2_once_per_turn_unpayable_cost_is_not_used(t: Table) -> None:
    """A-2 once_per_turn: an optional 【ターン1】 ability skipped because its cost cannot be paid is
    not used up either."""
    g = t.g
    t.add(_watcher(cost={"pay": 1}), 0, "field", 4)
    hand = len(g.players[0].hand)
    _play_ally(t, 3)
    assert t.kind == "main"  # no resource: skipped without asking
    t.resources(0, "red", 1)
    _play_ally(t, 5)
    assert t.kind == "confirm:optional"
    t.yes()
    assert len(g.players[0].hand) == hand + 1


def test_a2_once_per_turn_destroyed_ability_of_a_card_that_came_back(t: Table) -> None:
    """A-2 once_per_turn (per card on the field): a 【ターン1】 `destroyed` ability used as the Z/X was
    destroyed does not stop the same card, played again this turn, from using it when destroyed again."""
    g = t.g
    card = zx("F-PH", "不死鳥", "red", 2, 5000, abilities=[
        {"kind": "auto", "trigger": "destroyed", "once_per_turn": True, "effects": [{"do": "draw", "n": 1}]}])
    u = t.add(card, 0, "field", 3)
    hand = len(g.players[0].hand)
    t.cast({"do": "destroy", "target": {"side": "self"}})
    assert u in g.players[0].charge and len(g.players[0].hand) == hand + 1
    t.cast({"do": "play_free", "from": "charge", "filter": {"name": "不死鳥"}})
    t.pick(u)
    t.pick(3)
    assert g.on_field(u)
    t.cast({"do": "destroy", "target": {"side": "self"}})
    assert u in g.players[0].charge and len(g.players[0].hand) == hand + 2
