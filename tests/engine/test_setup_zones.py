"""Zones and the field (Z-1..Z-7) and setting up a game (S-1..S-10)."""

from __future__ import annotations

from scenario import FILLER, Table, filler_deck, zx

from zxdeck.engine import PLAYER, DeckSpec, Game
from zxdeck.engine.actions import DONE, KEEP, MULLIGAN
from zxdeck.engine.state import ADJACENT, PLAYER_SQUARE, area_of
from zxdeck.engine.synth import event

RED = zx("T-R3", "赤の戦士", "red", 1, 5000)


def test_z1_field_grid_and_player_squares(table: Table) -> None:
    """Z-1: 3x3 squares, row 0 is player 1's area, middle squares of own rows are player squares."""
    g = table.g
    assert len(g.squares) == 9
    assert PLAYER_SQUARE == (1, 7)
    assert area_of(0, 0) == "own_area" and area_of(8, 0) == "enemy_area" and area_of(4, 1) == "center"
    assert area_of(6, 1) == "own_area"
    table.to_main()
    table.resources(0, "red", 1)
    hand = table.add(RED)
    squares = {a.b for a in table.legal("play") if a.a == hand}
    assert squares == {0, 1, 2, 3, 4, 5, 6, 8}  # every square but the opponent's player square


def test_z2_adjacent_squares_share_a_side(table: Table) -> None:
    """Z-2: diagonals are not adjacent: a Z/X cannot attack diagonally."""
    assert ADJACENT[4] == (1, 3, 5, 7)
    assert ADJACENT[0] == (1, 3)
    assert 4 not in ADJACENT[0]
    table.to_main()
    me = table.add(RED, 0, "field", 3)
    diag = table.add(RED, 1, "field", 7 - 0)  # square 7: adjacent? no, 3 and 7 are diagonal
    side = table.add(RED, 1, "field", 6)
    targets = {a.b for a in table.legal("attack") if a.a == me}
    assert side in targets and diag not in targets


def test_z3_one_zx_per_square(table: Table) -> None:
    """Z-3: a square holds at most one Z/X; playing onto your own rebooted Z/X replaces it."""
    table.to_main()
    table.resources(0, "red", 2)
    old = table.add(RED, 0, "field", 4)
    new = table.add(RED)
    table.act("play", new, 4)
    g = table.g
    assert g.squares[4] == new
    assert old in g.players[0].trash
    assert sum(1 for u in g.squares if u >= 0) == 1


def test_z4_player_zones_and_hidden_life(table: Table) -> None:
    """Z-4: deck, hand, life (face down), resources (rebooted or slept), charge, trash, dunamis, counters."""
    g = table.g
    ps = g.players[0]
    for zone in ("deck", "hand", "life", "resources", "charge", "trash", "dunamis"):
        assert isinstance(getattr(ps, zone), list)
    assert ps.counters == {}
    obs = g.observation(1)
    assert obs["players"][0]["life"] == 4 and isinstance(obs["players"][0]["life"], int)
    assert isinstance(obs["players"][0]["hand"], int)  # the opponent's hand is hidden


def test_z5_charge_overflow_owner_chooses(table: Table) -> None:
    """Z-5: a fifth charge card: its owner chooses which cards go to the trash until 4 remain."""
    g = table.g
    table.to_main()
    charge = [table.add(zx(f"C-{i}", f"チャージ{i}", "blue", i, 1000), 1, "charge") for i in range(4)]
    attacker = table.add(zx("T-B", "赤の巨人", "red", 1, 9000), 0, "field", 4)
    victim = table.add(RED, 1, "field", 5)
    table.act("attack", attacker, victim)
    table.pass_battle()
    assert table.kind == "pick:charge_overflow" and g.current_player() == 1
    table.pick(charge[2])
    assert table.kind == "main"
    assert len(g.players[1].charge) == 4
    assert charge[2] in g.players[1].trash and victim in g.players[1].charge


def test_z6_forces_go_to_trash_with_their_zx(table: Table) -> None:
    """Z-6: forces are under a Z/X and go to the trash when it leaves the square."""
    g = table.g
    table.to_main()
    u = table.add(RED, 0, "field", 4)
    f1 = table.add(FILLER, 0, "trash")
    g.players[0].trash.remove(f1)
    g.forces[u] = (f1,)
    g.destroy(u)
    assert f1 in g.players[0].trash and u in g.players[0].charge and u not in g.forces


def test_z7_attack_sleeps_and_reboot_phase_reboots(table: Table) -> None:
    """Z-7: an attacking Z/X is slept; it is rebooted in its owner's next reboot phase (P-1)."""
    g = table.g
    table.to_main()
    u = table.add(RED, 0, "field", 4)
    table.act("attack", u, PLAYER)
    assert g.slept[u] == 1
    table.pass_battle()
    while table.kind == "pick:life_hit":
        table.pick(0)
    table.end_turn()
    assert g.active == 1 and g.slept[u] == 1  # not the owner's turn: stays slept
    while g.active == 1:  # player 2 does nothing
        table.end_turn() if table.kind == "main" else g.apply(g.legal_actions()[0])
    assert g.slept[u] == 0  # rebooted in player 1's reboot phase


# --------------------------------------------------------------------------- setup


def _deck_with(*extra, n: int = 40) -> DeckSpec:
    return DeckSpec(main=tuple(extra) + (FILLER,) * (n - len(extra)))


def test_s1_player_card_on_player_square() -> None:
    """S-1, S-10: the player card sits on the player square and is face up after setup."""
    pc = zx("P-1", "テストプレイヤー", ctype="player", cost=0, power=0)
    g = Game(DeckSpec(main=(FILLER,) * 40, player=pc), filler_deck(), seed=1, first=0)
    assert g.players[0].player_card >= 0 and g.cards[g.players[0].player_card].name == "テストプレイヤー"
    assert g.players[1].player_card == -1  # D-15: a nameless player card
    while g.decision[0] == "mulligan":
        g.apply(KEEP)
    assert g.players[0].player_face_up


def test_s2_start_card_may_go_to_the_player_square() -> None:
    """S-2: a Start Card Z/X may be taken from the deck onto the player square (or not)."""
    start = zx("S-1", "始まりの竜", "red", 2, 5000, keywords=("start_card",))
    g = Game(_deck_with(start), _deck_with(start), seed=3, first=0)
    assert g.decision_kind() == "pick:start_card" and g.current_player() == 0
    g.apply(g.legal_actions()[0])  # take it
    assert g.decision_kind() == "pick:start_card" and g.current_player() == 1
    g.apply(DONE)  # player 2 declines
    assert g.squares[1] >= 0 and g.cards[g.squares[1]].name == "始まりの竜"
    assert g.squares[7] == -1
    assert sum(1 for i in g.players[1].deck if g.cards[i] is start) + \
        sum(1 for i in g.players[1].hand if g.cards[i] is start) == 1


def test_s3_gate_card_goes_face_up_to_the_dunamis() -> None:
    """S-3: a Gate Card event may be put from the deck into the dunamis, face up (used)."""
    gate = event("G-1", "門の儀式", "red", 1, keywords=("gate_card",))
    g = Game(_deck_with(gate), filler_deck(), seed=3, first=0)
    assert g.decision_kind() == "pick:gate_card"
    g.apply(g.legal_actions()[0])
    ps = g.players[0]
    assert len(ps.dunamis) == 1 and g.face_up[ps.dunamis[0]] == 1
    assert all(g.cards[i] is not gate for i in ps.deck + ps.hand)


def test_s4_decks_are_shuffled() -> None:
    """S-4: the decks are shuffled (seeded): the order differs from the deck list."""
    cards = tuple(zx(f"N-{i:02}", f"番号{i}", "red", 9, 1000) for i in range(40))
    g = Game(DeckSpec(main=cards), filler_deck(), seed=5, first=0)
    order = [g.cards[i].id for i in g.players[0].deck + g.players[0].hand]
    assert sorted(order) == sorted(c.id for c in cards)
    assert [g.cards[i].id for i in g.players[0].deck] != [c.id for c in cards][: len(g.players[0].deck)]


def test_s5_seeded_coin_flip() -> None:
    """S-5: who goes first is a seeded coin flip: the same seed, the same player; both happen."""
    firsts = {Game(filler_deck(), filler_deck(), seed=s).first for s in range(20)}
    assert firsts == {0, 1}
    assert Game(filler_deck(), filler_deck(), seed=7).first == Game(filler_deck(), filler_deck(), seed=7).first


def test_s6_s8_s9_draw_life_resources() -> None:
    """S-6 draw 4, S-8 four life cards, S-9 two rebooted resources."""
    g = Game(filler_deck(), filler_deck(), seed=2, first=0)
    assert len(g.players[0].hand) == 4 and len(g.players[1].hand) == 4
    while g.decision[0] == "mulligan":
        g.apply(KEEP)
    for ps in g.players:
        assert len(ps.life) == 4
        assert len(ps.resources) == 2 and not any(g.slept[r] for r in ps.resources)
        assert len(ps.deck) == 40 - 4 - 4 - 2


def test_s7_mulligan_once() -> None:
    """S-7: each player may once return the hand, shuffle and draw 4; first player asked first."""
    cards = tuple(zx(f"N-{i:02}", f"番号{i}", "red", 9, 1000) for i in range(40))
    g = Game(DeckSpec(main=cards), DeckSpec(main=cards), seed=11, first=1)
    assert g.decision == ("mulligan", 1)
    before = list(g.players[1].hand)
    g.apply(MULLIGAN)
    assert g.decision == ("mulligan", 0)
    assert len(g.players[1].hand) == 4 and g.players[1].hand != before
    g.apply(KEEP)
    assert g.decision[0] != "mulligan"  # only once each


def test_s10_start_card_enters_rebooted() -> None:
    """S-10: start cards are turned face up; Z/X enter rebooted."""
    start = zx("S-1", "始まりの竜", "red", 2, 5000, keywords=("start_card",))
    g = Game(_deck_with(start), filler_deck(), seed=3, first=0)
    g.apply(g.legal_actions()[0])
    while g.decision[0] == "mulligan":
        g.apply(KEEP)
    u = g.squares[1]
    assert u >= 0 and g.slept[u] == 0
