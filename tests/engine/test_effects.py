"""Each effect primitive of docs/ABILITIES.md, played from a cost-0 event."""

from __future__ import annotations

import pytest
from scenario import FILLER, Table, zx

from zxdeck.engine import PLAYER
from zxdeck.engine.abilities import check_card
from zxdeck.engine.synth import event
from zxdeck.errors import ZxError

RED = zx("T-R", "赤の剣士", "red", 2, 5000, races=("ドラゴン",))
BLUE = zx("T-B", "青の兵", "blue", 3, 6000, races=("機械",))
IG = zx("T-IG", "赤の炎", "red", 2, 4000, ignition=True)


def cast(t: Table, *effects: dict, player: int = 0) -> int:
    """Play a cost-0 event with these effects in player 0's main phase."""
    ev = t.add(event("T-EV", "テスト呪文", "colorless", 0, abilities=[
        {"kind": "event", "effects": list(effects)}]), player)
    t.act("play", ev, -1)
    return ev


@pytest.fixture
def t(table: Table) -> Table:
    table.to_main()
    return table


def test_draw(t: Table) -> None:
    cast(t, {"do": "draw", "n": 2})
    assert len(t.g.players[0].hand) == 2
    cast(t, {"do": "draw", "n": 1, "who": "opponent"})
    assert len(t.g.players[1].hand) == 1


def test_damage_target_chosen_and_adds_up(t: Table) -> None:
    g = t.g
    a = t.add(BLUE, 1, "field", 3)
    b = t.add(BLUE, 1, "field", 5)
    cast(t, {"do": "damage", "amount": 4000, "target": {"side": "opponent"}})
    assert t.kind == "pick:target:damage" and {x.a for x in t.legal("pick")} == {a, b}
    t.pick(b)
    assert g.damage[b] == 4000 and g.on_field(b)
    cast(t, {"do": "damage", "amount": 2000, "target": {"side": "opponent", "filter": {"min_power": 6000}}})
    t.pick(b)
    assert not g.on_field(b) and b in g.players[1].charge


def test_destroy_all_matching(t: Table) -> None:
    g = t.g
    a = t.add(BLUE, 1, "field", 3)
    r = t.add(RED, 1, "field", 5)
    mine = t.add(BLUE, 0, "field", 0)
    cast(t, {"do": "destroy", "target": {"side": "any", "all": True, "filter": {"color": "blue"}}})
    assert a in g.players[1].charge and mine in g.players[0].charge and g.on_field(r)


def test_power_until_end_of_turn(t: Table) -> None:
    g = t.g
    u = t.add(RED, 0, "field", 4)
    cast(t, {"do": "power", "amount": 3000, "target": {"side": "self"}})
    assert g.power(u) == 8000
    t.end_turn()
    assert g.power(u) == 5000


def test_power_negative_can_destroy_damaged(t: Table) -> None:
    g = t.g
    u = t.add(BLUE, 1, "field", 4)
    g.damage[u] = 3000
    cast(t, {"do": "power", "amount": -3000, "target": {"side": "opponent"}})
    assert not g.on_field(u)


@pytest.mark.parametrize("name,zone", [("bounce", "hand"), ("deck_bottom", "deck"), ("to_resource", "resources"),
                                       ("to_trash", "trash")])
def test_moving_effects(t: Table, name: str, zone: str) -> None:
    g = t.g
    u = t.add(BLUE, 1, "field", 4)
    eff = {"do": name, "target": {"side": "opponent"}}
    if name == "to_resource":
        eff["slept"] = True
    cast(t, eff)
    assert not g.on_field(u) and u in getattr(g.players[1], zone)
    if name == "deck_bottom":
        assert g.players[1].deck[0] == u
    if name == "to_resource":
        assert g.slept[u] == 1


def test_sleep_and_reboot(t: Table) -> None:
    g = t.g
    u = t.add(BLUE, 1, "field", 4)
    cast(t, {"do": "sleep", "target": {"side": "opponent"}})
    assert g.slept[u] == 1
    mine = t.add(RED, 0, "field", 3, slept=True)
    cast(t, {"do": "reboot", "target": {"side": "self"}})
    assert g.slept[mine] == 0


def test_upto_may_choose_none(t: Table) -> None:
    g = t.g
    u = t.add(BLUE, 1, "field", 4)
    cast(t, {"do": "destroy", "target": {"side": "opponent", "upto": True, "count": 2}})
    t.done()
    assert g.on_field(u)


def test_search_takes_matching_and_shuffles(t: Table) -> None:
    g = t.g
    ig = t.add(IG, 0, "deck")
    g.players[0].deck.insert(0, g.players[0].deck.pop())
    cast(t, {"do": "search", "filter": {"ignition": True}, "n": 1, "to": "hand"})
    assert t.kind == "pick:search" and {x.a for x in t.legal("pick")} == {ig}
    t.pick(ig)
    assert ig in g.players[0].hand


def test_search_to_square(t: Table) -> None:
    g = t.g
    ig = t.add(IG, 0, "deck")
    cast(t, {"do": "search", "filter": {"name": "赤の炎"}, "n": 1, "to": "square"})
    t.pick(ig)
    assert t.kind == "pick:square"
    t.pick(3)
    assert g.squares[3] == ig


def test_discard_chosen_by_that_player_and_random(t: Table) -> None:
    g = t.g
    h = [t.add(c, 1) for c in (FILLER, RED, BLUE)]
    cast(t, {"do": "discard", "n": 1, "who": "opponent"})
    assert t.kind == "pick:discard" and g.current_player() == 1
    assert {a.a for a in t.legal("pick")} == set(h)  # identical copies would be one choice
    t.pick(h[1])
    assert h[1] in g.players[1].trash
    cast(t, {"do": "discard", "n": 1, "who": "opponent", "random": True})
    assert len(g.players[1].hand) == 1 and t.kind == "main"


def test_mill(t: Table) -> None:
    g = t.g
    n = len(g.players[1].deck)
    top = g.players[1].deck[-1]
    cast(t, {"do": "mill", "n": 2, "who": "opponent"})
    assert len(g.players[1].deck) == n - 2 and top in g.players[1].trash


def test_gain_counter(t: Table) -> None:
    cast(t, {"do": "gain_counter", "counter": "dream_key", "n": 2})
    assert t.g.players[0].counters["dream_key"] == 2


def test_alter_force_from_trash(t: Table) -> None:
    """A-8: put up to n cards from your trash under this Z/X."""
    g = t.g
    u = t.add(zx("T-AF", "骸骨兵", "black", 1, 3000, abilities=[
        {"kind": "activated", "cost": {"sleep_self": True}, "effects": [{"do": "alter_force", "n": 2}]}]),
        0, "field", 4)
    trash = list(g.players[0].trash)
    t.act("ability", u, 0)
    t.pick(trash[0])
    t.pick(trash[1])
    assert g.forces[u] == (trash[0], trash[1]) and trash[0] not in g.players[0].trash


def test_move_to_adjacent_empty(t: Table) -> None:
    g = t.g
    u = t.add(RED, 0, "field", 4)
    t.add(BLUE, 1, "field", 5)
    cast(t, {"do": "move", "target": {"side": "self"}})
    assert {x.a for x in t.legal("pick")} == {1, 3}  # 5 holds a Z/X, 7 is the opponent's player square
    t.pick(3)
    assert g.squares[3] == u and g.squares[4] == -1


def test_play_free_from_trash(t: Table) -> None:
    g = t.g
    dead = t.add(RED, 0, "trash")
    cast(t, {"do": "play_free", "from": "trash", "filter": {"type": ["zx"], "max_cost": 2}})
    t.pick(dead)
    t.pick(5)
    assert g.squares[5] == dead and not g.players[0].resources


def test_life_recover(t: Table) -> None:
    cast(t, {"do": "life_recover", "n": 2})
    assert len(t.g.players[0].life) == 6


def test_retrieve(t: Table) -> None:
    g = t.g
    a = t.add(RED, 0, "charge")
    cast(t, {"do": "retrieve", "from": "charge", "to": "hand", "n": 1})
    t.pick(a)
    assert a in g.players[0].hand


def test_ramp_and_charge_from_deck(t: Table) -> None:
    g = t.g
    cast(t, {"do": "ramp", "n": 2, "slept": True})
    assert len(g.players[0].resources) == 2 and all(g.slept[r] for r in g.players[0].resources)
    cast(t, {"do": "charge_from_deck", "n": 2})
    assert len(g.players[0].charge) == 2


def test_ramp_reports_the_cards_taken_when_the_deck_runs_short(t: Table) -> None:
    """R-2: with one card in the deck and an empty trash, ramp 3 puts one card in the resources."""
    g = t.g
    ps = g.players[0]
    ps.trash.extend(ps.deck[:-1])
    del ps.deck[:-1]
    ps.trash.clear()
    events: list[tuple[str, dict]] = []
    g.listener = lambda _g, event, data: events.append((event, data))
    cast(t, {"do": "ramp", "n": 3})
    assert len(ps.resources) == 1
    assert [d["n"] for e, d in events if e == "ramp"] == [1]


def test_reboot_resources(t: Table) -> None:
    g = t.g
    res = t.resources(0, "red", 2)
    for r in res:
        g.slept[r] = 1
    cast(t, {"do": "reboot_resources", "n": 1})
    t.pick(res[1])
    assert g.slept[res[1]] == 0 and g.slept[res[0]] == 1


def test_protect_from_attack_and_effects(t: Table) -> None:
    g = t.g
    shy = t.add(zx("T-P", "隠者", "blue", 2, 3000, abilities=[
        {"kind": "continuous", "effects": [{"do": "protect", "from": "attack"}]}]), 1, "field", 5)
    ward = t.add(zx("T-W", "結界師", "blue", 2, 3000, abilities=[
        {"kind": "continuous", "effects": [{"do": "protect", "from": "effects"}]}]), 1, "field", 3)
    me = t.add(RED, 0, "field", 4)
    targets = {a.b for a in t.legal("attack") if a.a == me}
    assert shy not in targets and ward in targets
    cast(t, {"do": "destroy", "target": {"side": "opponent"}})
    assert not g.on_field(shy) and g.on_field(ward)  # the ward cannot be chosen: the only choice was forced


def test_win(t: Table) -> None:
    cast(t, {"do": "win"})
    assert t.g.is_over() and t.g.winner == 0 and t.g.reason == "card"


def test_target_words_attacker_and_attack_target(t: Table) -> None:
    g = t.g
    me = t.add(RED, 0, "field", 4)
    foe = t.add(BLUE, 1, "field", 5)
    trap = t.add(event("T-TR", "反撃", "blue", 0, timing="battle", abilities=[
        {"kind": "event", "effects": [{"do": "damage", "amount": 5000, "target": "attacker"},
                                      {"do": "power", "amount": 1000, "target": "attack_target"}]}]), 1)
    t.act("attack", me, foe)
    t.pass_()
    t.act("play", trap, -1)
    assert not g.on_field(me) and g.bonus[foe] == 1000


def test_unknown_effect_refused() -> None:
    bad = event("T-BAD", "壊れた呪文", "red", 0, abilities=[{"kind": "event", "effects": [{"do": "explode"}]}])
    assert check_card(bad) and "unknown effect" in check_card(bad)[0]
    from zxdeck.engine import DeckSpec, Game

    with pytest.raises(ZxError):
        Game(DeckSpec(main=(bad,) * 40), DeckSpec(main=(bad,) * 40))


def test_vanilla_card_without_abilities(t: Table) -> None:
    """A card with no `abilities` key plays as a vanilla card with its icons and keywords."""
    assert IG.abilities is None and check_card(IG) == []
    g = t.g
    t.resources(0, "red", 2)
    u = t.add(IG)
    t.act("play", u, 4)
    assert g.squares[4] == u and t.kind == "main"
    assert PLAYER in {a.b for a in t.legal("attack") if a.a == u}
