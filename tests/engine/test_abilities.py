"""Ability kinds and keywords (A-1..A-9), conditions and costs."""

from __future__ import annotations

import pytest
from scenario import FILLER, SKIP, Table, zx

from zxdeck.engine import PLAYER
from zxdeck.engine.synth import event

RED = zx("T-R", "赤の剣士", "red", 2, 5000, races=("ドラゴン",))
BLUE = zx("T-B", "青の兵", "blue", 3, 6000)


@pytest.fixture
def t(table: Table) -> Table:
    table.to_main()
    return table


def test_a1_activated_pay_cost_sleep_self_once_per_turn(t: Table) -> None:
    """A-1: used by paying its cost (sleep this Z/X and/or pay N with a color match)."""
    g = t.g
    u = t.add(zx("T-A1", "学者", "red", 2, 3000, abilities=[
        {"kind": "activated", "cost": {"sleep_self": True, "pay": 1}, "once_per_turn": True,
         "effects": [{"do": "draw", "n": 2}]}]), 0, "field", 4)
    assert not t.legal("ability")  # no resource to pay
    res = t.resources(0, "red", 1)
    g._legal = None
    t.act("ability", u, 0)
    assert g.slept[u] == 1 and g.slept[res[0]] == 1 and len(g.players[0].hand) == 2
    g.slept[u] = 0
    g.slept[res[0]] = 0
    g._legal = None
    assert not t.legal("ability")  # once per turn


def test_a1_battle_timing_ability(t: Table) -> None:
    """A-1: an activated ability with battle timing is used in the battle event step, also by the defender."""
    g = t.g
    guard = t.add(zx("T-G", "守護兵", "blue", 2, 4000, abilities=[
        {"kind": "activated", "cost": {"sleep_self": True}, "timing": "battle",
         "effects": [{"do": "power", "amount": 3000, "target": "attack_target"}]}]), 1, "field", 3)
    foe = t.add(BLUE, 1, "field", 5)
    me = t.add(RED, 0, "field", 4)
    assert not [a for a in g.legal_actions() if a.kind == "ability"]
    t.act("attack", me, foe)
    t.pass_()
    t.act("ability", guard, 0)
    t.pass_battle()
    assert g.on_field(foe) and g.power(foe) == 9000


def test_a2_auto_enter_optional_asks(t: Table) -> None:
    """A-2: an automatic ability triggers; an optional one asks its controller first."""
    g = t.g
    t.resources(0, "red", 3)
    foe = t.add(BLUE, 1, "field", 5)
    card = t.add(zx("T-A2", "焔刃", "red", 3, 6000, abilities=[
        {"kind": "auto", "trigger": "enter", "optional": True,
         "effects": [{"do": "damage", "amount": 6000, "target": {"side": "opponent"}}]}]))
    t.act("play", card, 4)
    assert t.kind == "confirm:optional" and g.current_player() == 0
    t.yes()
    assert not g.on_field(foe)


def test_a2_triggers_attack_attacked_destroyed_turn_start(t: Table) -> None:
    """A-2: attack / attacked / destroyed / player_attacked / turn_start triggers."""
    g = t.g
    atk = t.add(zx("T-AT", "突撃兵", "red", 2, 5000, abilities=[
        {"kind": "auto", "trigger": "attack", "effects": [{"do": "power", "amount": 2000, "target": "self"}]}]),
        0, "field", 4)
    victim = t.add(zx("T-V", "呪いの兵", "blue", 2, 6000, abilities=[
        {"kind": "auto", "trigger": "attacked", "effects": [{"do": "gain_counter", "counter": "melody", "n": 1}]},
        {"kind": "auto", "trigger": "destroyed", "effects": [{"do": "draw", "n": 1, "who": "self"}]}]),
        1, "field", 5)
    t.act("attack", atk, victim)
    assert g.power(atk) == 7000 and g.players[1].counters["melody"] == 1
    t.pass_battle()
    assert not g.on_field(victim) and len(g.players[1].hand) == 1
    watcher = t.add(zx("T-W", "見張り", "blue", 1, 1000, abilities=[
        {"kind": "auto", "trigger": "player_attacked", "effects": [{"do": "draw", "n": 1}]},
        {"kind": "auto", "trigger": "turn_start", "effects": [{"do": "gain_counter", "counter": "dream_key", "n": 1}]}]),
        1, "field", 8)
    atk2 = t.add(RED, 0, "field", 6)
    t.act("attack", atk2, PLAYER)
    assert len(g.players[1].hand) == 2
    t.pass_battle()
    t.pick(0)
    t.end_turn()
    assert g.players[1].counters.get("dream_key") == 1 and g.on_field(watcher)


def test_a2_ally_enter_and_via(t: Table) -> None:
    """A-2: ally_enter fires for another Z/X of yours; `via` narrows enter to one way of entering."""
    g = t.g
    t.add(zx("T-AE", "指揮官", "red", 1, 3000, abilities=[
        {"kind": "auto", "trigger": "ally_enter", "effects": [{"do": "gain_counter", "counter": "melody", "n": 1}]}]),
        0, "field", 0)
    t.resources(0, "red", 2)
    od = zx("T-OD", "奇襲竜", "red", 2, 4000, ignition=True, abilities=[
        {"kind": "auto", "trigger": "enter", "via": "overdrive", "effects": [{"do": "draw", "n": 1}]}])
    card = t.add(od)
    t.act("play", card, 4)
    assert g.players[0].counters["melody"] == 1
    assert len(g.players[0].hand) == 0  # played from hand: the overdrive-only trigger did not fire


def test_a3_continuous_power_while_condition(t: Table) -> None:
    """A-3: a continuous ability applies while its condition holds."""
    g = t.g
    lead = t.add(zx("T-C", "竜の長", "red", 3, 5000, races=("人間",), abilities=[
        {"kind": "continuous", "condition": {"own_zx": {"min": 2, "filter": {"race": "ドラゴン"}}},
         "effects": [{"do": "power", "amount": 2000, "target": {"side": "self", "filter": {"race": "ドラゴン"}}}]}]),
        0, "field", 4)
    assert g.power(lead) == 5000  # it has no dragon race itself: alone, condition fails
    d1 = t.add(RED, 0, "field", 3)
    assert g.power(d1) == 5000
    t.add(RED, 0, "field", 5)
    assert g.power(d1) == 7000 and g.power(lead) == 5000


def test_a4_event_resolves_its_abilities_in_order(t: Table) -> None:
    """A-4: an event card resolves all its event abilities in order."""
    g = t.g
    ev = t.add(event("T-E", "二重詠唱", "colorless", 0, abilities=[
        {"kind": "event", "effects": [{"do": "gain_counter", "counter": "melody", "n": 1}]},
        {"kind": "event", "condition": {"counters": {"counter": "melody", "n": 1}},
         "effects": [{"do": "draw", "n": 2}]}]))
    t.act("play", ev, -1)
    assert len(g.players[0].hand) == 2


def test_a5_zero_optima(t: Table) -> None:
    """A-5: the text works only while your resources hold X or more ignition cards."""
    g = t.g
    u = t.add(zx("T-Z", "零の竜", "red", 3, 5000, abilities=[
        {"kind": "continuous", "condition": {"zero_optima": 2},
         "effects": [{"do": "power", "amount": 4000, "target": "self"}]}]), 0, "field", 4)
    ig = zx("T-IG", "炎", "red", 1, 1000, ignition=True)
    t.add(ig, 0, "resources")
    assert g.power(u) == 5000
    t.add(ig, 0, "resources")
    assert g.power(u) == 9000


def test_a6_race_level(t: Table) -> None:
    """A-6: [Race] Lv.X works while your dunamis has X or more face-up cards of that race."""
    g = t.g
    u = t.add(zx("T-L", "竜騎士", "red", 3, 5000, abilities=[
        {"kind": "continuous", "condition": {"lv": {"race": "ドラゴン", "n": 1}},
         "effects": [{"do": "power", "amount": 1000, "target": "self"}]}]), 0, "field", 4)
    dex = zx("X-D", "覇竜", "red", 5, 9000, ctype="zx_ex", races=("ドラゴン",))
    t.add(dex, 0, "dunamis")  # face down: does not count
    assert g.power(u) == 5000
    t.add(dex, 0, "dunamis", face_up=True)
    assert g.power(u) == 6000


def test_a7_evol_seed_on_missed_ignition(t: Table, table: Table) -> None:
    """A-7: the Evol Seed text triggers when the card is put from the deck into the trash."""
    g = t.g
    seed = zx("T-ES", "進化の種", "green", 2, 3000, evol_seed=True, abilities=[
        {"kind": "auto", "trigger": "milled", "effects": [{"do": "ramp", "n": 1}]}])
    t.end_turn()
    while g.active == 1:
        t.g.apply(SKIP if SKIP in g.legal_actions() else g.legal_actions()[0]) if t.kind != "main" else t.end_turn()
    assert t.kind == "resource"
    t.add(FILLER, 0, "charge")
    t.add(seed, 0, "deck")
    res = len(g.players[0].resources)
    t.act("skip")
    t.act("ignite", g.players[0].charge[0])
    assert len(g.players[0].resources) == res + 1


def test_a8_alter_force_cost_and_condition(t: Table) -> None:
    """A-8, Z-6: forces from the trash; a `force` cost spends them; `has_force` conditions read them."""
    g = t.g
    u = t.add(zx("T-F", "骸骨兵", "black", 1, 3000, abilities=[
        {"kind": "auto", "trigger": "attack", "effects": [{"do": "alter_force", "n": 1}]},
        {"kind": "continuous", "condition": {"has_force": 1},
         "effects": [{"do": "power", "amount": 2000, "target": "self"}]},
        {"kind": "activated", "cost": {"force": 1}, "effects": [{"do": "draw", "n": 1}]}]), 0, "field", 4)
    t.act("attack", u, PLAYER)
    t.pick(g.players[0].trash[0])
    assert len(g.forces[u]) == 1 and g.power(u) == 5000
    t.pass_battle()
    t.pick(0)
    t.act("ability", u, 0)
    assert u not in g.forces and len(g.players[0].hand) == 1


def test_a9_turn_player_orders_first_then_other(t: Table) -> None:
    """A-9: simultaneous triggers: the turn player's (in the order they choose) before the other's."""
    g = t.g
    log = []
    g.listener = lambda game, ev, data: log.append((ev, data.get("player"), data.get("counter"))) \
        if ev == "counter" else None
    mk = lambda cid, name, counter: zx(cid, name, "red", 1, 1000, abilities=[  # noqa: E731
        {"kind": "auto", "trigger": "destroyed", "effects": [{"do": "gain_counter", "counter": counter, "n": 1}]}])
    mine1 = t.add(mk("T-1", "甲", "dream_key"), 0, "field", 3)
    mine2 = t.add(mk("T-2", "乙", "melody"), 0, "field", 5)
    theirs = t.add(mk("T-3", "丙", "memory_piece"), 1, "field", 6)
    ev = t.add(event("T-E", "大破壊", "colorless", 0, abilities=[
        {"kind": "event", "effects": [{"do": "destroy", "target": {"side": "any", "all": True}}]}]))
    t.act("play", ev, -1)
    assert t.kind == "pick:trigger_order" and g.current_player() == 0
    order = [a.a for a in t.legal("pick")]
    second = g.decision[7][1][order[1]][1]
    t.pick(order[1])  # the turn player resolves their second trigger first
    assert [x[2] for x in log] == [
        g.cards[second].abilities[0]["effects"][0]["counter"],
        g.cards[({mine1, mine2} - {second}).pop()].abilities[0]["effects"][0]["counter"],
        "memory_piece",
    ]
    assert theirs in g.players[1].charge


def test_a9_new_trigger_resolves_before_the_rest(t: Table) -> None:
    """A-9: a trigger caused during resolution resolves before the remaining ones."""
    g = t.g
    log = []
    g.listener = lambda game, ev, data: log.append(data.get("counter")) if ev == "counter" else None
    chain = zx("T-C1", "連鎖兵", "red", 1, 1000, abilities=[
        {"kind": "auto", "trigger": "destroyed", "effects": [
            {"do": "destroy", "target": {"side": "self", "all": True, "filter": {"name": "連鎖の従者"}}}]}])
    squire = zx("T-C2", "連鎖の従者", "red", 2, 1000, abilities=[
        {"kind": "auto", "trigger": "destroyed", "effects": [{"do": "gain_counter", "counter": "melody", "n": 1}]}])
    other = zx("T-C3", "別の兵", "blue", 1, 1000, abilities=[
        {"kind": "auto", "trigger": "destroyed", "effects": [{"do": "gain_counter", "counter": "dream_key", "n": 1}]}])
    t.add(chain, 0, "field", 3)
    sq = t.add(squire, 0, "field", 0)
    t.add(other, 1, "field", 5)
    ev = t.add(event("T-E", "選別", "colorless", 0, abilities=[
        {"kind": "event", "effects": [{"do": "destroy", "target": {"side": "any", "all": True,
                                                                   "filter": {"max_cost": 1}}}]}]))
    t.act("play", ev, -1)
    # chain (turn player) and other were destroyed together; chain resolves first and destroys the
    # squire, whose new trigger resolves before the other player's pending one.
    assert sq in g.players[0].charge
    assert log == ["melody", "dream_key"]


def test_auto_cost_is_optional(t: Table) -> None:
    """An `auto` ability with a cost is optional: paid only if the controller says yes."""
    g = t.g
    t.resources(0, "red", 1)
    card = t.add(zx("T-AC", "取引人", "red", 0, 1000, abilities=[
        {"kind": "auto", "trigger": "enter", "cost": {"pay": 1}, "effects": [{"do": "draw", "n": 2}]}]))
    t.act("play", card, 4)
    assert t.kind == "confirm:optional"
    t.yes()
    assert len(g.players[0].hand) == 2 and all(g.slept[r] for r in g.players[0].resources)


def test_costs_discard_counters_charge(t: Table) -> None:
    """Costs: discard, counters and charge are paid before the effects."""
    g = t.g
    u = t.add(zx("T-K", "儀式兵", "red", 1, 1000, abilities=[
        {"kind": "activated", "cost": {"discard": 1, "counters": {"counter": "melody", "n": 1}, "charge": 1},
         "effects": [{"do": "draw", "n": 3}]}]), 0, "field", 4)
    assert not t.legal("ability")
    h = t.add(RED)
    c = t.add(BLUE, 0, "charge")
    g.players[0].counters["melody"] = 1
    g._legal = None
    t.act("ability", u, 0)
    assert h in g.players[0].trash and c in g.players[0].trash
    assert g.players[0].counters["melody"] == 0 and len(g.players[0].hand) == 3


@pytest.mark.parametrize("cond,ok", [
    ({"life_at_most": 4}, True), ({"life_at_most": 3}, False),
    ({"dunamis_face_up": 1}, False), ({"player": ""}, True), ({"counters": {"counter": "melody", "n": 1}}, False),
])
def test_conditions(t: Table, cond: dict, ok: bool) -> None:
    from zxdeck.engine.abilities import condition_holds

    assert condition_holds(t.g, 0, -1, cond) is ok
