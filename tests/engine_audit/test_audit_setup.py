"""Audit of setup (S-1..S-10) and the field geometry (Z-1..Z-7)."""

from __future__ import annotations

from scenario import FILLER, DeckSpec, Game, Table, event, filler_deck, zx

from zxdeck.engine import PLAYER
from zxdeck.engine.state import OWN_ROW, PLAYER_SQUARE, area_of

GATE = event("A-GT", "門", "red", 1, keywords=("gate_card",), abilities=[
    {"kind": "event", "effects": [{"do": "draw", "n": 1}]}])


def test_z1_rows_and_player_squares() -> None:
    """Z-1: row 0 is player 1's area, row 2 player 2's; player squares are the middle of each."""
    assert PLAYER_SQUARE == (1, 7) and OWN_ROW == (0, 2)
    assert [area_of(s, 0) for s in (0, 4, 8)] == ["own_area", "center", "enemy_area"]
    assert [area_of(s, 1) for s in (0, 4, 8)] == ["enemy_area", "center", "own_area"]


def test_s3_gate_card_face_up_in_dunamis_and_not_usable() -> None:
    """S-3: the Gate Card event leaves the deck and goes face up (used) into the dunamis."""
    deck = DeckSpec(main=(GATE,) + (FILLER,) * 39)
    g = Game(deck, filler_deck(), seed=1, first=0)
    assert g.decision_kind() == "pick:gate_card" and g.current_player() == 0
    gate = next(a.a for a in g.legal_actions() if a.kind == "pick")
    g.apply(next(a for a in g.legal_actions() if a.kind == "pick"))
    ps = g.players[0]
    assert gate in ps.dunamis and g.face_up[gate] and gate not in ps.deck + ps.hand + ps.life
    while g.decision_kind() == "mulligan":
        g.apply(g.legal_actions()[0])
    assert not [a for a in g.legal_actions() if a.a == gate]


def test_s3_gate_card_is_optional() -> None:
    """S-3: the player may keep the Gate Card in the deck (`done`)."""
    deck = DeckSpec(main=(GATE,) + (FILLER,) * 39)
    g = Game(deck, filler_deck(), seed=1, first=0)
    g.apply(next(a for a in g.legal_actions() if a.kind == "done"))
    ps = g.players[0]
    assert not ps.dunamis and sum(1 for i in ps.deck + ps.hand + ps.life + ps.resources
                                  if g.cards[i].id == "A-GT") == 1


def test_s4_s5_seeded_shuffle_and_coin_flip() -> None:
    """S-4, S-5: the decks are shuffled and the first player drawn from the game's seed: same seed,
    same game; both players go first for some seed."""
    firsts = set()
    for s in range(12):
        a = Game(filler_deck(), filler_deck(), seed=s)
        b = Game(filler_deck(), filler_deck(), seed=s)
        assert a.first == b.first and a.players[0].deck == b.players[0].deck
        firsts.add(a.first)
    assert firsts == {0, 1}


def test_z3_unique_rule_one_zx_per_square() -> None:
    """Z-3: never two Z/X on a square: play and move only go to legal (L-2..L-4) or empty squares."""
    t = Table()
    g = t.g
    t.to_main()
    t.resources(0, "red", 4)
    mine = t.add(zx("A-M", "自", "red", 1, 3000), 0, "field", 3)
    t.add(zx("A-E", "敵", "blue", 1, 3000), 1, "field", 4)
    card = t.add(zx("A-N", "新", "red", 1, 3000), 0, "hand")
    squares = {a.b for a in t.legal("play") if a.a == card}
    assert 4 not in squares and 3 in squares  # 3: L-4 replaces, the old one leaves first
    t.cast({"do": "move", "target": {"side": "self"}})
    assert 4 not in t.picks()
    t.pick(0)
    assert g.squares[0] == mine and g.squares.count(mine) == 1


def test_z7_sleep_and_reboot_states() -> None:
    """Z-7: a Z/X is rebooted (can attack) or slept (cannot); attacking sleeps it (B-1)."""
    t = Table()
    g = t.g
    t.to_main()
    u = t.add(zx("A-U", "兵", "red", 1, 3000), 0, "field", 4)
    assert g.slept[u] == 0 and [a for a in t.legal("attack") if a.a == u]
    t.act("attack", u, PLAYER)
    assert g.slept[u] == 1


def test_z4_zones_are_per_player() -> None:
    """Z-4: each player has their own deck, hand, life, resources, charge, trash, dunamis, counters."""
    t = Table()
    g = t.g
    t.to_main()
    t.cast({"do": "gain_counter", "counter": "melody", "n": 2})
    assert g.players[0].counters == {"melody": 2} and not g.players[1].counters
    assert len(g.players[0].life) == len(g.players[1].life) == 4
