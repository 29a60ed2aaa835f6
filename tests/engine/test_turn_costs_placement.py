"""The turn (P-1..P-7), paying costs (C-1..C-3) and placing a Z/X (L-1..L-5)."""

from __future__ import annotations

from scenario import FILLER, SKIP, Table, zx

from zxdeck.engine import PLAYER
from zxdeck.engine.synth import event

RED2 = zx("T-R2", "赤の剣士", "red", 2, 5000)
RED0 = zx("T-R0", "赤の子竜", "red", 0, 2000)
BLUE = zx("T-B1", "青の兵", "blue", 1, 3000)
IG_RED = zx("T-IG", "赤の炎竜", "red", 5, 8000, ignition=True)


def _finish_turn(t: Table) -> None:
    """End the current turn and answer everything up to the next player's main phase."""
    t.end_turn()
    while t.kind != "main":
        t.g.apply(SKIP if SKIP in t.g.legal_actions() else t.g.legal_actions()[0])


def test_p1_reboot_phase(table: Table) -> None:
    """P-1: the turn player's slept Z/X and resources are rebooted."""
    g = table.g
    table.to_main()
    u1 = table.add(RED2, 1, "field", 6, slept=True)
    r1 = table.resources(1, "blue", 2)
    for r in r1:
        g.slept[r] = 1
    u0 = table.add(RED2, 0, "field", 0, slept=True)
    _finish_turn(table)
    assert g.active == 1
    assert g.slept[u1] == 0 and not any(g.slept[r] for r in r1)
    assert g.slept[u0] == 1  # not player 0's reboot phase


def test_p2_first_player_skips_first_draw(table: Table) -> None:
    """P-2: draw 2; the first player draws nothing on their first turn."""
    g = table.g
    assert g.turn == 1 and g.first == 0 and len(g.players[0].hand) == 0
    table.to_main()
    _finish_turn(table)
    assert g.turn == 2 and len(g.players[1].hand) == 2
    _finish_turn(table)
    assert g.turn == 3 and len(g.players[0].hand) == 2


def test_p3_one_resource_per_turn_rebooted_and_free(table: Table) -> None:
    """P-3, C-3: at most one card from hand to the resources, rebooted, without cost."""
    g = table.g
    a = table.add(RED2)
    b = table.add(BLUE)
    assert table.kind == "resource"
    table.act("resource", a)
    assert a in g.players[0].resources and g.slept[a] == 0
    assert table.kind == "main"  # only one per resource phase
    assert b in g.players[0].hand
    assert not any(x.kind == "resource" for x in g.legal_actions())


def test_p4_ignition_overdrive_and_miss(table: Table) -> None:
    """P-4, C-2: a charge card to the trash, reveal the top card; with the icon it may be played free."""
    g = table.g
    ps = g.players[0]
    c1 = table.add(FILLER, 0, "charge")
    c2 = table.add(FILLER, 0, "charge")
    ig = table.add(IG_RED, 0, "deck")  # top of the deck
    table.act("skip")  # no resource
    assert table.kind == "ignite"
    table.act("ignite", c1)
    assert c1 in ps.trash
    assert table.kind == "pick:overdrive"
    table.pick(4)
    assert g.squares[4] == ig and g.slept[ig] == 0
    assert not ps.resources  # nothing paid
    # second ignition: a card without the icon goes to the trash
    top = ps.deck[-1]
    assert not g.cards[top].ignition
    table.act("ignite", c2)
    assert top in ps.trash
    assert table.kind == "main"  # the charge is empty: the ignition phase ends


def test_p4_declined_overdrive_goes_to_trash(table: Table) -> None:
    """P-4 4: a revealed ignition card that is not played goes to the trash."""
    g = table.g
    c1 = table.add(FILLER, 0, "charge")
    ig = table.add(IG_RED, 0, "deck")
    table.act("skip")
    table.act("ignite", c1)
    table.done()
    assert ig in g.players[0].trash


def test_p5_main_phase_any_order(table: Table) -> None:
    """P-5: play, attack, play again in any order, until the player ends the main phase."""
    g = table.g
    table.to_main()
    table.resources(0, "red", 4)
    a = table.add(RED2)
    b = table.add(RED2)
    table.act("play", a, 4)
    table.act("attack", a, PLAYER)
    table.pass_battle()
    table.pick(0)  # which life card
    assert table.kind == "main"
    table.act("play", b, 5)
    assert g.squares[5] == b and len(g.players[1].life) == 3


def test_p6_end_phase_order(table: Table) -> None:
    """P-6: end triggers, damage removed, until-end-of-turn effects end, hand down to 6 (turn player)."""
    g = table.g
    table.to_main()
    me = table.add(zx("T-E", "終わりの竜", "red", 1, 4000, abilities=[
        {"kind": "auto", "trigger": "turn_end", "effects": [{"do": "draw", "n": 1}]}]), 0, "field", 4)
    big = table.add(zx("T-BIG", "青の巨像", "blue", 1, 9000), 1, "field", 5)
    g.damage[big] = 5000
    g.bonus[me] = 2000
    for _ in range(5):
        table.add(FILLER)
    table.add(RED2)  # two different cards: the discard is a real choice
    table.end_turn()  # the trigger draws 1: 7 cards -> discard 1
    assert g.damage == {} and g.bonus == {}
    assert table.kind == "pick:hand_limit" and g.current_player() == 0
    table.pick(g.players[0].hand[0])
    assert len(g.players[0].hand) == 6
    assert g.active == 1  # P-7


def test_p7_turns_alternate(table: Table) -> None:
    """P-7: then the other player's turn begins."""
    g = table.g
    seen = []
    table.to_main()
    for _ in range(4):
        seen.append(g.active)
        _finish_turn(table)
    assert seen == [0, 1, 0, 1]


def test_c1_pay_with_a_color_match(table: Table) -> None:
    """C-1: sleep N rebooted resources, at least one of the card's color; the player picks which."""
    g = table.g
    table.to_main()
    blue = table.resources(0, "blue", 2)
    card = table.add(RED2)
    assert not [a for a in table.legal("play") if a.a == card]  # no red resource
    red = table.resources(0, "red", 1)
    assert [a for a in table.legal("play") if a.a == card]
    table.act("play", card, 4)
    assert table.kind == "pay"
    options = {a.a for a in g.legal_actions()}
    assert options == {blue[0], red[0]}  # one option per color
    table.act("pay", blue[0])
    assert table.kind == "main"  # the last one must be red: no choice left
    assert g.slept[red[0]] == 1 and g.slept[blue[0]] == 1 and g.slept[blue[1]] == 0


def test_c1_colorless_and_zero_cost(table: Table) -> None:
    """C-1: a colorless card needs no color match; cost 0 needs nothing."""
    g = table.g
    table.to_main()
    table.resources(0, "blue", 1)
    free = table.add(RED0)
    grey = table.add(zx("T-G", "無色の兵", "colorless", 1, 2000))
    table.act("play", free, 3)
    table.act("play", grey, 5)
    assert g.squares[3] == free and g.squares[5] == grey


def test_c2_life_play_pays_nothing(table: Table) -> None:
    """C-2: a card played from life pays nothing (B-6)."""
    g = table.g
    table.to_main()
    att = table.add(RED2, 0, "field", 4)
    g.players[1].life.append(table.g.add_card(IG_RED, 1, "trash"))
    g.players[1].trash.remove(g.players[1].life[-1])
    table.act("attack", att, PLAYER)
    table.pass_battle()
    table.pick(len(g.players[1].life) - 1)
    assert table.kind == "pick:life_play" and g.current_player() == 1
    table.pick(8)
    assert g.cards[g.squares[8]].name == "赤の炎竜" and not g.players[1].resources


def test_l1_l2_l3_illegal_squares(table: Table) -> None:
    """L-1 opponent's player square, L-2 an opponent's Z/X, L-3 your own slept Z/X: never."""
    table.to_main()
    table.resources(0, "red", 2)
    table.add(BLUE, 1, "field", 6)
    table.add(RED2, 0, "field", 0, slept=True)
    card = table.add(RED2)
    squares = {a.b for a in table.legal("play") if a.a == card}
    assert 7 not in squares  # L-1
    assert 6 not in squares  # L-2
    assert 0 not in squares  # L-3
    assert {1, 2, 3, 4, 5, 8} <= squares


def test_l4_replace_own_rebooted(table: Table) -> None:
    """L-4: onto your own rebooted Z/X: the Z/X that was there goes to the trash."""
    g = table.g
    table.to_main()
    table.resources(0, "red", 2)
    old = table.add(RED0, 0, "field", 2)
    card = table.add(RED2)
    table.act("play", card, 2)
    assert g.squares[2] == card and old in g.players[0].trash and old not in g.players[0].charge


def test_l5_enters_rebooted_and_may_attack(table: Table) -> None:
    """L-5: no summoning sickness: a Z/X may attack the turn it arrives."""
    g = table.g
    table.to_main()
    table.resources(0, "red", 2)
    card = table.add(RED2)
    table.act("play", card, 4)
    assert g.slept[card] == 0
    assert any(a.kind == "attack" and a.a == card for a in g.legal_actions())


def test_event_resolves_then_trash(table: Table) -> None:
    """T-2: an event resolves at once and then goes to the trash."""
    g = table.g
    table.to_main()
    table.resources(0, "red", 1)
    ev = table.add(event("T-EV", "赤の閃光", "red", 1, abilities=[
        {"kind": "event", "effects": [{"do": "draw", "n": 2}]}]))
    n = len(g.players[0].hand)
    table.act("play", ev, -1)
    assert ev in g.players[0].trash and len(g.players[0].hand) == n - 1 + 2
