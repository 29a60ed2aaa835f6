"""Audit of the turn (P-1..P-7), costs (C-1..C-3), placement (L-1..L-5), refresh (R-1, R-2), winning (W-1..W-3)."""

from __future__ import annotations

import pytest
from scenario import FILLER, SKIP, DeckSpec, Game, Table, event, filler_deck, zx

from zxdeck.engine.state import PLAYER_SQUARE


@pytest.fixture
def t() -> Table:
    """A fresh table at player 0's first turn (see tests/support/scenario.py)."""
    return Table()

RED = zx("A-R", "赤の剣士", "red", 2, 5000)
RED3 = zx("A-R3", "赤の騎士", "red", 3, 6000)
IGZ = zx("A-IG", "赤の炎", "red", 2, 4000, ignition=True)
SEED = zx("A-SEED", "種", "red", 1, 1000, evol_seed=True, abilities=[
    {"kind": "auto", "trigger": "milled", "effects": [{"do": "draw", "n": 1}]}])


def test_p2_first_player_first_turn_no_draw_second_player_draws() -> None:
    """P-2: the first player draws nothing on turn 1; the second player draws 2 on turn 2."""
    t = Table(clear=False, first=1)
    g = t.g
    assert g.active == 1 and g.turn == 1 and len(g.players[1].hand) == 4
    t.to_main()
    t.end_turn()
    while t.kind in ("pick:hand_limit",):
        t.pick(g.legal_actions()[0].a)
    assert g.active == 0 and g.turn == 2 and len(g.players[0].hand) == 6


def test_p3_one_resource_per_turn(t: Table) -> None:
    """P-3: one card from hand into the resources, rebooted; then the phase is over."""
    g = t.g
    a = t.add(RED, 0, "hand")
    b = t.add(RED3, 0, "hand")
    assert t.kind == "resource"
    t.act("resource", a)
    assert a in g.players[0].resources and not g.slept[a]
    assert t.kind != "resource" and b in g.players[0].hand


def test_p4_ignition_miss_goes_to_trash_and_evol_seed_a7(t: Table) -> None:
    """P-4, A-7: a non-ignition reveal goes to the trash; an Evol Seed card triggers when it does."""
    g = t.g
    ps = g.players[0]
    ch = t.add(FILLER, 0, "charge")
    t.act("skip")
    seed = t.add(SEED, 0, "deck")  # top of the deck
    g._legal = None
    assert t.kind == "ignite"
    hand = len(ps.hand)
    t.act("ignite", ch)
    assert ch in ps.trash and seed in ps.trash
    assert len(ps.hand) == hand + 1  # the milled trigger drew a card


def test_p4_declined_over_drive_goes_to_trash(t: Table) -> None:
    """P-4 4: an ignition card the player does not play goes to the trash (not the charge)."""
    g = t.g
    ps = g.players[0]
    ch = t.add(FILLER, 0, "charge")
    t.act("skip")
    ig = t.add(IGZ, 0, "deck")
    g._legal = None
    t.act("ignite", ch)
    assert t.kind == "pick:overdrive" and t.who == 0
    t.done()
    assert ig in ps.trash and ig not in ps.charge


def test_p4_over_drive_event_resolves_free_c2(t: Table) -> None:
    """P-4 3, C-2: an ignition event revealed is played without paying (no resources at all)."""
    g = t.g
    ps = g.players[0]
    ch = t.add(FILLER, 0, "charge")
    t.act("skip")
    ev = t.add(event("A-OD", "閃光", "red", 4, ignition=True, abilities=[
        {"kind": "event", "effects": [{"do": "draw", "n": 2}]}]), 0, "deck")
    g._legal = None
    hand = len(ps.hand)
    t.act("ignite", ch)
    assert t.kind == "pick:overdrive_event"
    t.pick(ev)
    assert len(ps.hand) == hand + 2 and ev in ps.trash


def test_p4_over_drive_zx_free_and_may_attack_l5(t: Table) -> None:
    """P-4, C-2, L-5: an over-drive Z/X enters rebooted and may attack this turn."""
    g = t.g
    ch = t.add(FILLER, 0, "charge")
    t.act("skip")
    ig = t.add(IGZ, 0, "deck")
    g._legal = None
    t.act("ignite", ch)
    t.pick(4)
    t.to_main()
    assert g.squares[4] == ig and not g.slept[ig]
    assert [a for a in t.legal("attack") if a.a == ig]


def test_p6_hand_limit_only_turn_player_and_player_chooses() -> None:
    """P-6 4: the turn player with 7+ cards discards down to 6, choosing; the other keeps 8."""
    t = Table()
    g = t.g
    t.to_main()
    mine = [t.add(RED, 0, "hand") for _ in range(6)] + [t.add(RED3, 0, "hand")]
    for _ in range(8):
        t.add(RED, 1, "hand")
    t.end_turn()
    assert t.kind == "pick:hand_limit" and t.who == 0
    assert {mine[0], mine[-1]} <= t.picks() or {mine[-1]} <= t.picks()
    t.pick(mine[-1])
    assert len(g.players[0].hand) == 6 and mine[-1] in g.players[0].trash
    assert g.active == 1 and len(g.players[1].hand) >= 8


def test_p6_six_cards_no_discard(t: Table) -> None:
    """P-6 4: exactly 6 cards: no discard."""
    g = t.g
    t.to_main()
    for _ in range(6):
        t.add(RED, 0, "hand")
    t.end_turn()
    assert g.active == 1 and len(g.players[0].hand) == 6


def test_p1_reboot_phase_reboots_units_and_resources(t: Table) -> None:
    """P-1: the turn player's slept Z/X and resources reboot; the opponent's stay slept."""
    g = t.g
    t.to_main()
    mine = t.add(RED, 0, "field", 3, slept=True)
    res = t.add(FILLER, 0, "resources", slept=True)
    foe = t.add(RED, 1, "field", 6, slept=True)
    t.end_turn()
    assert not g.slept[foe]
    assert g.slept[mine] and g.slept[res]


def test_c1_exactly_one_matching_resource_must_be_used(t: Table) -> None:
    """C-1: cost 2, one red + two blue resources: the red one must be among those slept."""
    g = t.g
    t.to_main()
    red = t.resources(0, "red", 1)[0]
    blues = t.resources(0, "blue", 2)
    card = t.add(RED, 0, "hand")
    t.act("play", card, 3)
    assert t.kind == "pay" and {a.a for a in t.legal("pay")} >= {red}
    # choose blue first: the last resource must then be the red one (carried out, a single outcome)
    t.act("pay", blues[0])
    assert g.slept[red] and sum(g.slept[b] for b in blues) == 1 and g.squares[3] == card


def test_c1_no_matching_color_cannot_play(t: Table) -> None:
    """C-1: enough resources but none of the card's color: not playable."""
    t.to_main()
    t.resources(0, "blue", 5)
    card = t.add(RED, 0, "hand")
    assert not [a for a in t.legal("play") if a.a == card]


def test_c1_colorless_card_needs_no_match(t: Table) -> None:
    """C-1: a colorless card is paid with any resources."""
    g = t.g
    t.to_main()
    t.resources(0, "blue", 2)
    card = t.add(zx("A-CL", "無色", "colorless", 2, 4000), 0, "hand")
    t.act("play", card, 3)
    assert g.squares[3] == card


def test_c1_slept_resources_do_not_count(t: Table) -> None:
    """C-1: only rebooted resources pay."""
    t.to_main()
    t.resources(0, "red", 1)
    t.add(FILLER, 0, "resources", slept=True)
    card = t.add(RED, 0, "hand")
    assert not [a for a in t.legal("play") if a.a == card]


def test_l1_l2_l3_l4_squares_from_hand(t: Table) -> None:
    """L-1..L-4: never the enemy player square or an enemy Z/X or own slept Z/X; own rebooted allowed."""
    g = t.g
    t.to_main()
    t.resources(0, "red", 4)
    reb = t.add(RED, 0, "field", 0)
    slp = t.add(RED, 0, "field", 2, slept=True)
    t.add(RED, 1, "field", 6)
    card = t.add(RED3, 0, "hand")
    squares = {a.b for a in t.legal("play") if a.a == card}
    assert squares == {0, 1, 3, 4, 5, 8}
    assert PLAYER_SQUARE[1] not in squares
    t.act("play", card, 0)
    assert g.squares[0] == card and reb in g.players[0].trash and g.on_field(slp)
    assert reb not in g.players[0].charge  # replaced, not destroyed


def test_l4_replaced_zx_does_not_trigger_destroyed(t: Table) -> None:
    """L-4: the replaced Z/X goes to the trash; it is not destroyed (no 【自】 destroyed trigger)."""
    g = t.g
    t.to_main()
    t.resources(0, "red", 4)
    dies = zx("A-D", "遺言", "red", 1, 2000, abilities=[
        {"kind": "auto", "trigger": "destroyed", "effects": [{"do": "draw", "n": 2}]}])
    old = t.add(dies, 0, "field", 3)
    hand = len(g.players[0].hand)
    card = t.add(RED, 0, "hand")
    t.act("play", card, 3)
    assert old in g.players[0].trash and len(g.players[0].hand) == hand


def test_r1_refresh_opponent_chooses_life_and_it_cannot_be_played() -> None:
    """R-1: deck empties: trash -> deck; the OPPONENT picks one life card; it goes to the charge unplayed."""
    t = Table()
    g = t.g
    t.to_main()
    ps = g.players[0]
    lives = t.set_life(0, [IGZ, FILLER, FILLER])
    ps.trash.extend(ps.deck[:-1])
    del ps.deck[:-1]
    trash_n = len(ps.trash)
    t.cast({"do": "draw", "n": 1})
    assert t.kind == "pick:refresh_life" and t.who == 1 and t.picks() == {0, 1, 2}
    t.pick(0)
    assert lives[0] in ps.charge and g.squares.count(lives[0]) == 0
    assert len(ps.deck) == trash_n and len(ps.life) == 2
    assert t.kind == "main"


def test_r2_empty_trash_refresh_still_costs_life(t: Table) -> None:
    """R-2: the deck empties with an empty trash: a life card is lost, the deck stays empty."""
    g = t.g
    t.to_main()
    ps = g.players[0]
    ps.trash.clear()
    ps.charge.clear()
    del ps.deck[:-1]
    t.cast({"do": "draw", "n": 1})
    if t.kind == "pick:refresh_life":
        t.pick(0)
    assert len(ps.life) == 3 and ps.deck == [] and ps.refreshes == 1


def test_w1_simultaneous_zero_life_is_a_draw(t: Table) -> None:
    """W-1: both players at zero life at the same check: a draw."""
    g = t.g
    t.to_main()
    g.players[0].trash.extend(g.players[0].life)
    g.players[0].life.clear()
    g.players[1].trash.extend(g.players[1].life)
    g.players[1].life.clear()
    t.cast({"do": "draw", "n": 1})
    assert g.is_over() and g.winner is None and g.returns() == (0.0, 0.0)


def test_w3_turn_limit_is_a_draw_at_exactly_limit() -> None:
    """W-3: with turn_limit 2 the game runs 2 turns, then ends as a draw."""
    g = Game(filler_deck(), filler_deck(), seed=1, turn_limit=2, first=0)
    turns = set()
    while not g.is_over():
        turns.add(g.turn)
        acts = g.legal_actions()
        g.apply(SKIP if SKIP in acts else acts[0])
    assert g.winner is None and g.reason == "turn_limit" and max(turns) == 2 and g.turn == 2


def test_s8_s9_setup_life_and_resources() -> None:
    """S-6, S-8, S-9: 4 in hand, 4 life, 2 rebooted resources for both."""
    g = Game(filler_deck(), DeckSpec(main=(FILLER,) * 40), seed=3)
    while g.decision_kind() == "mulligan":
        g.apply(g.legal_actions()[0])
    for ps in g.players:
        assert len(ps.life) == 4 and len(ps.resources) == 2
        assert not any(g.slept[r] for r in ps.resources)


def test_p4_no_ignition_without_a_charge_card(t: Table) -> None:
    """P-4: with an empty charge there is no ignition decision at all."""
    g = t.g
    g.players[0].charge.clear()
    t.act("skip")
    assert t.kind == "main"


def test_p4_over_drive_zx_without_legal_square_goes_to_trash_a7(t: Table) -> None:
    """P-4 3-4, L-1..L-3, A-7: an ignition Z/X with no legal square cannot be played: it goes to the
    trash (an Evol Seed one triggers)."""
    g = t.g
    ps = g.players[0]
    for sq in range(9):
        if sq != 7:
            t.add(RED, 0, "field", sq, slept=True)
    ch = t.add(FILLER, 0, "charge")
    seedig = t.add(zx("A-SI", "種火", "red", 1, 1000, ignition=True, evol_seed=True, abilities=[
        {"kind": "auto", "trigger": "milled", "effects": [{"do": "gain_counter", "counter": "melody", "n": 1}]}]),
        0, "deck")
    t.act("skip")
    t.act("ignite", ch)
    assert seedig in ps.trash and ps.counters.get("melody") == 1
