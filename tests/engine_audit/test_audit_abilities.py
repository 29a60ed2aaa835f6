"""Audit of abilities (A-1..A-9) and the effect primitives, triggers, conditions and costs of ABILITIES.md."""

from __future__ import annotations

import pytest
from scenario import FILLER, Table, event, zx

from zxdeck.engine import PLAYER

RED = zx("A-R", "赤の剣士", "red", 2, 5000)
BLUE = zx("A-B", "青の兵", "blue", 3, 6000)


@pytest.fixture
def t() -> Table:
    tt = Table()
    tt.to_main()
    return tt


def _drawer(cid: str, trigger: str, n: int = 1, **extra) -> object:
    return zx(cid, cid, "red", 1, 3000, abilities=[
        {"kind": "auto", "trigger": trigger, "effects": [{"do": "draw", "n": n}], **extra}])


def test_a9_both_players_triggers_turn_player_first_each_orders_own(t: Table) -> None:
    """A-9: one effect destroys Z/X of both players: the turn player's triggers resolve first (ordered
    by them), then the other player orders theirs."""
    g = t.g
    order: list[int] = []
    g.listener = lambda game, ev, data: order.append(data["card"]) if ev == "ability" else None
    mine = [t.add(_drawer(f"M{i}", "destroyed"), 0, "field", sq) for i, sq in enumerate((0, 2))]
    theirs = [t.add(_drawer(f"T{i}", "destroyed"), 1, "field", sq) for i, sq in enumerate((6, 8))]
    t.cast({"do": "destroy", "target": {"side": "any", "all": True}})
    assert t.kind == "pick:trigger_order" and t.who == 0
    t.pick(1)  # my second trigger first
    assert t.kind == "pick:trigger_order" and t.who == 1
    t.pick(1)
    got = [c for c in order if c in mine + theirs]
    assert got == [mine[1], mine[0], theirs[1], theirs[0]]


def test_a9_new_trigger_during_resolution_goes_first(t: Table) -> None:
    """A-9: a trigger caused while another resolves resolves before the remaining ones."""
    g = t.g
    order: list[int] = []
    g.listener = lambda game, ev, data: order.append(data["card"]) if ev == "ability" else None
    # an enter trigger that destroys a Z/X with a destroyed trigger, while another enter trigger waits
    victim = t.add(_drawer("V", "destroyed"), 1, "field", 6)
    killer = zx("K", "K", "red", 0, 3000, abilities=[
        {"kind": "auto", "trigger": "enter", "effects": [{"do": "destroy", "target": {"side": "opponent"}}]},
        {"kind": "auto", "trigger": "enter", "effects": [{"do": "draw", "n": 1}]}])
    k = t.add(killer, 0, "hand")
    t.act("play", k, 3)
    assert t.kind == "pick:trigger_order"
    t.pick(0)  # destroy first
    assert order == [k, victim, k]


def test_a5_zero_optima_switches_on_and_off_and_destroys_when_off(t: Table) -> None:
    """A-5, A-3, B-5: the +4000 applies only with 2 ignition resources; losing one makes the damaged
    Z/X's power drop to its damage: destroyed."""
    g = t.g
    card = zx("A-ZO", "零", "blue", 2, 3000, abilities=[
        {"kind": "continuous", "condition": {"zero_optima": 2},
         "effects": [{"do": "power", "amount": 4000, "target": "self"}]}])
    u = t.add(card, 1, "field", 6)
    ig = zx("A-IGR", "火", "blue", 1, 1000, ignition=True)
    r1 = t.add(ig, 1, "resources")
    assert g.power(u) == 3000
    t.add(ig, 1, "resources")
    assert g.power(u) == 7000
    t.cast({"do": "damage", "amount": 5000, "target": {"side": "opponent"}})
    assert g.on_field(u)
    g.players[1].resources.remove(r1)
    g.players[1].trash.append(r1)
    t.cast({"do": "draw", "n": 1})  # any step: the state is checked again
    assert not g.on_field(u) and u in g.players[1].charge


def test_a6_race_level_counts_only_face_up_dunamis(t: Table) -> None:
    """A-6: [race] Lv.X counts face-up dunamis cards of that race only (face-down ones do not count)."""
    g = t.g
    card = zx("A-LV", "竜騎", "red", 2, 3000, abilities=[
        {"kind": "continuous", "condition": {"lv": {"race": "ドラゴン", "n": 1}},
         "effects": [{"do": "power", "amount": 2000, "target": "self"}]}])
    u = t.add(card, 0, "field", 3)
    d = t.add(zx("AX-D", "覇竜", "red", 5, 11000, ctype="zx_ex", races=("ドラゴン",)), 0, "dunamis")
    assert g.power(u) == 3000
    g.face_up[d] = 1
    assert g.power(u) == 5000
    # the opponent's face-up dunamis does not count
    g.face_up[d] = 0
    t.add(zx("AX-E", "覇竜", "red", 5, 11000, ctype="zx_ex", races=("ドラゴン",)), 1, "dunamis", face_up=True)
    assert g.power(u) == 3000


def test_a8_alter_force_up_to_n_player_chooses_z6_forces_to_trash(t: Table) -> None:
    """A-8, Z-6: up to n cards from YOUR trash (chosen by you, may stop); they go to the trash when it leaves."""
    g = t.g
    ps = g.players[0]
    ps.trash.clear()
    a = t.add(RED, 0, "trash")
    b = t.add(BLUE, 0, "trash")
    t.add(RED, 1, "trash")
    af = zx("A-AF", "纏い", "red", 0, 3000, abilities=[
        {"kind": "auto", "trigger": "enter", "effects": [{"do": "alter_force", "n": 2}]}])
    u = t.add(af, 0, "hand")
    t.act("play", u, 3)
    assert t.kind == "pick:alter_force" and t.who == 0 and t.picks() == {a, b}
    t.pick(b)
    t.done()
    assert g.forces[u] == (b,) and a in ps.trash and b not in ps.trash
    t.cast({"do": "bounce", "target": {"side": "self"}})
    assert b in ps.trash and u in ps.hand and u not in g.forces


def test_a1_activated_charge_and_force_costs(t: Table) -> None:
    """A-1, costs: `charge` picks charge cards to the trash; `force` removes forces (the player chooses)."""
    g = t.g
    ps = g.players[0]
    ps.charge.clear()
    c1 = t.add(RED, 0, "charge")
    c2 = t.add(BLUE, 0, "charge")
    card = zx("A-CC", "術", "red", 1, 3000, abilities=[
        {"kind": "activated", "cost": {"charge": 1, "force": 1}, "effects": [{"do": "draw", "n": 1}]}])
    u = t.add(card, 0, "field", 3)
    assert not t.legal("ability")  # no force
    f1, f2 = t.add(RED, 0, "trash"), t.add(BLUE, 0, "trash")
    ps.trash.remove(f1)
    ps.trash.remove(f2)
    g.forces[u] = (f1, f2)
    g._legal = None
    t.act("ability", u, 0)
    kinds = []
    while t.kind.startswith("pick"):
        kinds.append(t.kind)
        t.pick(t.legal("pick")[-1].a)
    assert set(kinds) == {"pick:cost_charge", "pick:cost_force"}
    assert c2 in ps.trash and c1 in ps.charge and g.forces[u] == (f1,) and f2 in ps.trash


def test_a2_auto_with_unpayable_cost_is_skipped_payable_asks(t: Table) -> None:
    """A-2: an auto ability with a cost asks; a cost that cannot be paid skips it."""
    g = t.g
    card = zx("A-AC", "契約", "red", 0, 3000, abilities=[
        {"kind": "auto", "trigger": "enter", "cost": {"discard": 1}, "effects": [{"do": "draw", "n": 2}]}])
    u = t.add(card, 0, "hand")
    t.act("play", u, 3)
    assert t.kind == "main"
    u2 = t.add(card, 0, "hand")
    t.add(RED, 0, "hand")
    t.act("play", u2, 5)
    assert t.kind == "confirm:optional" and t.who == 0
    t.yes()
    assert len(g.players[0].hand) == 2


def test_a3_protect_effects_not_chosen_but_all_reaches(t: Table) -> None:
    """A-3 protect: a Z/X protected from effects cannot be chosen by the opponent, but `all` reaches it;
    its own controller may still choose it."""
    g = t.g
    prot = zx("A-P", "聖壁", "blue", 2, 3000, abilities=[
        {"kind": "continuous", "effects": [{"do": "protect", "from": "effects"}]}])
    p = t.add(prot, 1, "field", 6)
    other = t.add(BLUE, 1, "field", 8)
    t.cast({"do": "damage", "amount": 1000, "target": {"side": "opponent"}})
    assert g.damage.get(p, 0) == 0 and g.damage.get(other) == 1000  # only one choice: other
    t.cast({"do": "damage", "amount": 1000, "target": {"side": "opponent", "all": True}})
    assert g.damage.get(p) == 1000
    from zxdeck.engine.effects import candidates

    assert p in candidates(g, 1, other, {"side": "self"})  # its own controller may choose it


def test_a3_protect_attack_blocks_only_attack(t: Table) -> None:
    """A-3 protect from attack: not an attack target; effects may still choose it."""
    g = t.g
    prot = zx("A-PA", "霧", "blue", 2, 3000, abilities=[
        {"kind": "continuous", "effects": [{"do": "protect", "from": "attack"}]}])
    p = t.add(prot, 1, "field", 6)
    a = t.add(RED, 0, "field", 3)
    assert p not in {x.b for x in t.legal("attack") if x.a == a}
    t.cast({"do": "destroy", "target": {"side": "opponent"}})
    assert not g.on_field(p)


def test_targets_fewer_candidates_than_count_and_upto(t: Table) -> None:
    """A-4 selectors: count 2 with 3 candidates asks twice; with `upto` the player may stop at 0."""
    g = t.g
    us = [t.add(BLUE, 1, "field", sq) for sq in (3, 5, 6)]
    t.cast({"do": "destroy", "target": {"side": "opponent", "count": 2}})
    assert t.kind == "pick:target:destroy" and "done" not in [a.kind for a in t.legal()]
    t.pick(us[0])
    t.pick(us[2])
    assert [g.on_field(u) for u in us] == [False, True, False]
    t.cast({"do": "destroy", "target": {"side": "opponent", "count": 2, "upto": True}})
    assert "done" in [a.kind for a in t.legal()]
    t.done()
    assert g.on_field(us[1])


def test_filters_area_state_other(t: Table) -> None:
    """A-4 filters: `area` is seen from the controller, `state`, `other`."""
    g = t.g
    src_card = zx("A-F", "指揮", "red", 0, 3000, abilities=[
        {"kind": "auto", "trigger": "enter", "effects": [
            {"do": "power", "amount": 1000, "target": {"side": "any", "all": True,
                                                       "filter": {"area": "enemy_area", "state": "rebooted",
                                                                  "other": True}}}]}])
    e1 = t.add(BLUE, 1, "field", 6)
    e2 = t.add(BLUE, 1, "field", 8, slept=True)
    c = t.add(BLUE, 1, "field", 3)
    own = t.add(RED, 0, "field", 0)
    s = t.add(src_card, 0, "hand")
    t.act("play", s, 2)
    assert g.power(e1) == 7000 and g.power(e2) == 6000 and g.power(c) == 6000 and g.power(own) == 5000
    assert g.power(s) == 3000


def test_move_never_to_enemy_player_square_and_chosen(t: Table) -> None:
    """move: the controller chooses an empty adjacent square, never the enemy player square (L-1)."""
    g = t.g
    u = t.add(RED, 0, "field", 4)
    t.add(BLUE, 1, "field", 3)
    t.cast({"do": "move", "target": {"side": "self"}})
    assert t.kind == "pick:move" and t.picks() == {1, 5}
    t.pick(5)
    assert g.squares[5] == u and g.squares[4] == -1


def test_discard_who_opponent_chooses_and_random_uses_rng(t: Table) -> None:
    """A-4 discard: `who: opponent` is chosen by the opponent; `random: true` asks no one."""
    g = t.g
    hand = [t.add(BLUE, 1, "hand"), t.add(RED, 1, "hand")]
    t.cast({"do": "discard", "n": 1, "who": "opponent"})
    assert t.kind == "pick:discard" and t.who == 1
    t.pick(hand[1])
    assert hand[1] in g.players[1].trash
    t.add(RED, 1, "hand")
    t.cast({"do": "discard", "n": 1, "who": "opponent", "random": True})
    assert t.kind == "main" and len(g.players[1].hand) == 1


def test_a7_evol_seed_from_mill_effect_of_opponent(t: Table) -> None:
    """A-7: an Evol Seed card milled by the opponent's effect triggers for its owner."""
    g = t.g
    seed = zx("A-SD", "種", "blue", 1, 1000, evol_seed=True, abilities=[
        {"kind": "auto", "trigger": "milled", "effects": [{"do": "draw", "n": 1}]}])
    s = t.add(seed, 1, "deck")
    hand = len(g.players[1].hand)
    t.cast({"do": "mill", "n": 1, "who": "opponent"})
    assert s in g.players[1].trash and len(g.players[1].hand) == hand + 1


def test_play_free_from_charge_places_by_l_rules(t: Table) -> None:
    """play_free, C-2: a Z/X from the charge, free, on a legal square chosen by the player (L-1..L-4)."""
    g = t.g
    g.players[0].charge.clear()
    c = t.add(BLUE, 0, "charge")
    t.add(BLUE, 1, "field", 3)
    t.cast({"do": "play_free", "from": "charge", "filter": {"max_cost": 3}})
    assert t.kind == "pick:play_free"
    t.pick(c)
    assert t.kind == "pick:square" and 3 not in t.picks() and 7 not in t.picks()
    t.pick(4)
    assert g.squares[4] == c and not g.slept[c]


def test_life_at_most_and_once_per_turn_auto(t: Table) -> None:
    """Conditions: life_at_most; once_per_turn on an auto ability (A-2)."""
    g = t.g
    w = zx("A-OW", "見張り", "red", 1, 3000, abilities=[
        {"kind": "auto", "trigger": "ally_enter", "once_per_turn": True, "condition": {"life_at_most": 3},
         "effects": [{"do": "draw", "n": 1}]}])
    t.add(w, 0, "field", 0)
    t.resources(0, "red", 6)
    h0 = len(g.players[0].hand)
    t.act("play", t.add(RED, 0, "hand"), 3)
    _pay_all(t)
    assert len(g.players[0].hand) == h0  # 4 life: condition false
    g.players[0].trash.append(g.players[0].life.pop())
    t.act("play", t.add(RED, 0, "hand"), 4)
    _pay_all(t)
    t.act("play", t.add(RED, 0, "hand"), 5)
    _pay_all(t)
    assert len(g.players[0].hand) == h0 + 1


def _pay_all(t: Table) -> None:
    while t.kind == "pay":
        t.act("pay", t.legal("pay")[0].a)


def test_a2_attack_and_player_attacked_triggers_before_battle_step(t: Table) -> None:
    """A-2: `attack` and the defender's `player_attacked` resolve before the battle event step (B-3)."""
    g = t.g
    a = t.add(_drawer("AT", "attack"), 0, "field", 4)
    d = t.add(_drawer("PA", "player_attacked", 2), 1, "field", 0 + 6)
    h0, h1 = len(g.players[0].hand), len(g.players[1].hand)
    t.act("attack", a, PLAYER)
    assert t.kind == "battle"
    assert len(g.players[0].hand) == h0 + 1 and len(g.players[1].hand) == h1 + 2 and g.on_field(d)


def test_void_bringer_and_destroyed_trigger_not_fired(t: Table) -> None:
    """B-6 Void Bringer puts a Z/X into the trash: that is not destroying (no destroyed trigger)."""
    g = t.g
    vb = zx("A-VB", "虚無", "blue", 2, 4000, ignition=True, keywords=("void_bringer",))
    t.set_life(1, [vb, FILLER])
    victim = t.add(_drawer("VD", "destroyed", 3), 0, "field", 0)
    a = t.add(RED, 0, "field", 4)
    h0 = len(g.players[0].hand)
    t.act("attack", a, PLAYER)
    t.pass_battle()
    t.pick(0)
    t.pick(8)
    t.pick(victim)
    assert victim in g.players[0].trash and len(g.players[0].hand) == h0


def test_event_from_hand_battle_timing_not_in_main(t: Table) -> None:
    """T-2: a battle-timing event is not playable in the main phase; an `any` one is."""
    t.resources(0, "red", 2)
    b = t.add(event("A-EB", "b", "red", 0, timing="battle", abilities=[
        {"kind": "event", "effects": [{"do": "draw", "n": 1}]}]), 0, "hand")
    a = t.add(event("A-EA", "a", "red", 0, timing="any", abilities=[
        {"kind": "event", "effects": [{"do": "draw", "n": 1}]}]), 0, "hand")
    plays = {x.a for x in t.legal("play")}
    assert a in plays and b not in plays


def test_a9_triggers_wait_until_the_event_has_resolved(t: Table) -> None:
    """A-9 (check timing): a trigger caused by an event's first effect resolves after the WHOLE event
    (its later effects included), not in the middle of it."""
    g = t.g
    log: list = []
    g.listener = lambda game, ev, data: log.append(data.get("counter")) if ev == "counter" else None
    t.add(zx("A-DK", "遺言", "blue", 1, 1000, abilities=[
        {"kind": "auto", "trigger": "destroyed", "effects": [
            {"do": "gain_counter", "counter": "dream_key", "n": 1}]}]), 1, "field", 6)
    ev = t.cast({"do": "destroy", "target": {"side": "opponent"}},
                {"do": "gain_counter", "counter": "melody", "n": 1})
    assert log == ["melody", "dream_key"] and ev in g.players[0].trash


def test_a9_triggers_wait_until_the_triggered_ability_has_resolved(t: Table) -> None:
    """A-9: a trigger caused while an automatic ability resolves waits for that ability's remaining
    effects, then goes before the other pending triggers."""
    g = t.g
    log: list = []
    g.listener = lambda game, ev, data: log.append(data.get("counter")) if ev == "counter" else None
    t.add(zx("A-DK", "遺言", "blue", 1, 1000, abilities=[
        {"kind": "auto", "trigger": "destroyed", "effects": [
            {"do": "gain_counter", "counter": "dream_key", "n": 1}]}]), 1, "field", 6)
    k = t.add(zx("A-K", "処刑", "red", 0, 3000, abilities=[
        {"kind": "auto", "trigger": "enter", "effects": [
            {"do": "destroy", "target": {"side": "opponent"}},
            {"do": "gain_counter", "counter": "melody", "n": 1}]},
        {"kind": "auto", "trigger": "enter", "effects": [
            {"do": "gain_counter", "counter": "memory_piece", "n": 1}]}]), 0, "hand")
    t.act("play", k, 3)
    assert t.kind == "pick:trigger_order"
    t.pick(0)
    assert log == ["melody", "dream_key", "memory_piece"]


def test_x2_descent_destroyed_triggers_wait_for_the_ex(t: Table) -> None:
    """A-9, X-2: the Z/X destroyed by a descent trigger after the Z/X EX has been placed, together with
    the EX's own enter trigger, and the player orders them."""
    g = t.g
    t.resources(0, "red", 2)
    t.add(zx("A-DD", "供物", "red", 2, 1000, abilities=[
        {"kind": "auto", "trigger": "destroyed", "effects": [
            {"do": "gain_counter", "counter": "dream_key", "n": 1}]}]), 0, "field", 3)
    ex = t.add(zx("AX-T", "降臨者", "red", 2, 7000, ctype="zx_ex", abilities=[
        {"kind": "auto", "trigger": "enter", "effects": [
            {"do": "gain_counter", "counter": "melody", "n": 1}]}]), 0, "dunamis")
    t.act("ex", ex)
    assert t.kind == "pick:ex_square" and not g.players[0].counters
    t.pick(3)
    assert t.kind == "pick:trigger_order" and t.who == 0


@pytest.mark.parametrize(("flt", "expect"), [
    ({"type": ["zx_ex"]}, {"ex"}),
    ({"color": "blue"}, {"b1", "ex"}),
    ({"color": ["green", "blue"]}, {"b1", "ex", "g1"}),
    ({"race": "ドラゴン"}, {"b1", "ex"}),
    ({"name": "緑の兵"}, {"g1"}),
    ({"max_cost": 2}, {"b1", "g1"}),
    ({"min_cost": 3}, {"ex"}),
    ({"max_power": 4000}, {"b1"}),
    ({"min_power": 9000}, {"ex"}),
    ({"area": "enemy_area"}, {"b1"}),
    ({"area": "center"}, {"g1"}),
    ({"area": "own_area"}, {"ex"}),
    ({"area": "player_square"}, {"ex"}),
    ({"area": "normal_square"}, {"b1", "g1"}),
    ({"state": "slept"}, {"g1"}),
    ({"state": "rebooted"}, {"b1", "ex"}),
    ({"has_force": 1}, {"b1"}),
    ({"ignition": True}, {"g1"}),
    ({"ignition": False, "max_cost": 2}, {"b1"}),
])
def test_unit_filters_seen_from_the_controller(t: Table, flt: dict, expect: set) -> None:
    """A-4 filters (ABILITIES.md): each key on opponent's Z/X, with `area` seen from the controller
    (player 0: row 2 is the enemy area) and power the current power (a +1000 bonus counts)."""
    from zxdeck.engine.effects import candidates

    g = t.g
    units = {
        "b1": t.add(zx("A-F1", "青の竜", "blue", 1, 3000, races=("ドラゴン",)), 1, "field", 6),
        "g1": t.add(zx("A-F2", "緑の兵", "green", 2, 5000, ignition=True, races=("植物",)), 1, "field", 4, slept=True),
        "ex": t.add(zx("A-F3", "青の覇竜", "blue", 6, 9000, ctype="zx_ex", races=("ドラゴン",)), 1, "field", 1),
    }
    g.forces[units["b1"]] = (t.add(FILLER, 1, "trash"),)
    g.players[1].trash.pop()
    g.bonus[units["b1"]] = 1000  # 4000 now
    got = {k for k, u in units.items() if u in candidates(g, 0, -1, {"side": "opponent", "filter": flt})}
    assert got == expect


def test_deck_bottom_order_is_chosen_by_the_owner(t: Table) -> None:
    """A-4 deck_bottom with several Z/X of one player: their owner chooses the order (the engine never
    orders cards itself); the last one chosen ends at the very bottom."""
    g = t.g
    a = t.add(zx("A-D1", "一", "blue", 1, 1000), 1, "field", 6)
    b = t.add(zx("A-D2", "二", "blue", 1, 1000), 1, "field", 8)
    t.cast({"do": "deck_bottom", "target": {"side": "opponent", "all": True}})
    assert t.kind == "pick:deck_bottom_order" and t.who == 1 and t.picks() == {a, b}
    t.pick(b)
    deck = g.players[1].deck
    assert deck[:2] == [a, b] and not g.on_field(a) and not g.on_field(b)


def test_a1_once_per_turn_is_per_card_on_the_field(t: Table) -> None:
    """A-1 once_per_turn ("counts per card on the field"): a Z/X that left the field and came back is
    a new card on the field: its 【ターン1】 ability may be used again."""
    g = t.g
    card = zx("A-T1", "学者", "red", 0, 3000, abilities=[
        {"kind": "activated", "cost": {"sleep_self": True}, "once_per_turn": True,
         "effects": [{"do": "draw", "n": 1}]}])
    u = t.add(card, 0, "field", 3)
    t.act("ability", u, 0)
    g.slept[u] = 0
    g._legal = None
    assert not t.legal("ability")
    t.cast({"do": "bounce", "target": {"side": "self"}})
    assert u in g.players[0].hand
    t.act("play", u, 3)
    assert [a for a in t.legal("ability") if a.a == u]
