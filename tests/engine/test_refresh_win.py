"""Running out of deck (R-1, R-2) and winning (W-1..W-3)."""

from __future__ import annotations

from scenario import FILLER, SKIP, Table, filler_deck, zx

from zxdeck.agents.match import play_game
from zxdeck.engine import DeckSpec, Game
from zxdeck.engine.synth import event


def _cast(t: Table, *effects: dict) -> None:
    ev = t.add(event("T-EV", "テスト呪文", "colorless", 0, abilities=[{"kind": "event", "effects": list(effects)}]))
    t.act("play", ev, -1)


def test_r1_refresh_trash_becomes_deck_and_opponent_takes_a_life(table: Table) -> None:
    """R-1: the deck empties: the trash becomes the new deck; the opponent puts one of the life cards into the charge."""
    g = table.g
    table.to_main()
    ps = g.players[0]
    n_trash = len(ps.trash)
    ps.trash.extend(ps.deck[:-1])
    del ps.deck[:-1]
    total = n_trash + 0
    assert len(ps.deck) == 1 and total >= 0
    trash_before = len(ps.trash)
    _cast(table, {"do": "draw", "n": 1})
    # the event itself goes to the trash only after it resolved: it is not in the new deck
    assert len(ps.deck) == trash_before
    assert table.kind == "pick:refresh_life" and g.current_player() == 1
    life0 = ps.life[2]
    table.pick(2)
    assert len(ps.life) == 3 and life0 in ps.charge and ps.refreshes == 1


def test_r2_empty_trash_empty_deck_still_costs_life(table: Table) -> None:
    """R-2: with an empty trash the new deck is empty: the life card is still lost, the draw does nothing."""
    g = table.g
    table.to_main()
    ps = g.players[0]
    ps.resources.extend(ps.deck[:-1] + ps.trash)  # out of the way: the trash is empty, the deck 1 card
    del ps.deck[:-1]
    ps.trash.clear()
    hand = len(ps.hand)
    _cast(table, {"do": "draw", "n": 3})
    while table.kind == "pick:refresh_life":
        table.g.apply(table.g.legal_actions()[0])
    # one card drawn and the deck emptied (refresh 1: empty); the next card needed refreshed again
    # (refresh 2: still empty), so the rest of the draw does nothing. Each refresh cost a life card.
    assert len(ps.hand) == hand + 1
    assert ps.refreshes == 2 and len(ps.life) == 2 and len(ps.charge) == 2 and ps.deck == []


def test_r1_r2_the_life_card_is_lost_before_the_rest_of_the_draw(table: Table) -> None:
    """R-1, R-2, Z-5: each refresh's life card goes to the charge at that moment, before the rest of
    the draw; with a full charge its owner sends a card to the trash at once (Z-5), so the next
    card needed finds it in the trash: drawing 3 from a 1-card deck with an empty trash and a
    full charge draws card 1 (refresh 1: the new deck is empty), refreshes for card 2 (the new
    deck is the card sent to the trash), draws it (refresh 3), draws card 3 (refresh 4)."""
    g = table.g
    table.to_main()
    ps = g.players[0]
    table.set_life(0, [FILLER] * 5)
    ps.charge.extend(ps.deck[-5:-1])
    ps.resources.extend(ps.deck[:-5] + ps.trash)
    del ps.deck[:-1]
    ps.trash.clear()
    assert len(ps.charge) == 4 and len(ps.deck) == 1
    events: list[str] = []
    g.listener = lambda game, ev, data: events.append(ev)
    hand = len(ps.hand)
    _cast(table, {"do": "draw", "n": 3})
    while table.kind == "pick:refresh_life":
        table.g.apply(table.g.legal_actions()[0])
    assert len(ps.hand) == hand + 3 and ps.refreshes == 4 and len(ps.life) == 1
    lost = ["refresh", "refresh_life", "to_trash"]  # the life card, then Z-5 at once
    assert [e for e in events if e in ("draw", *lost)] == ["draw", *lost, *lost, "draw", *lost, "draw", *lost]


def test_w1_zero_life_loses_after_refresh() -> None:
    """W-1, R-2: a player whose last life card is lost by a refresh loses at the next check."""
    deck = DeckSpec(main=(FILLER,) * 11)  # 4 hand + 4 life + 2 resources + 1 deck
    g = Game(deck, filler_deck(), seed=4, first=1)
    while not g.is_over():
        g.apply(SKIP if SKIP in g.legal_actions() else (
            [a for a in g.legal_actions() if a.kind == "end"] or g.legal_actions())[0])
    assert g.winner == 1 and g.reason == "life"


def test_w2_card_winning_condition(table: Table) -> None:
    """W-2: a card may state its own winning condition (here: 8 dream keys at your turn start)."""
    g = table.g
    table.to_main()
    table.add(zx("T-WIN", "白銀の聖獣", "white", 3, 5000, abilities=[
        {"kind": "auto", "trigger": "turn_start", "condition": {"counters": {"counter": "dream_key", "n": 8}},
         "effects": [{"do": "win"}]}]), 0, "field", 0)
    g.players[0].counters["dream_key"] = 8
    while not g.is_over():
        table.end_turn() if table.kind == "main" else g.apply(
            SKIP if SKIP in g.legal_actions() else g.legal_actions()[0])
    assert g.winner == 0 and g.reason == "card" and g.turn == 3


def test_w3_turn_limit_is_a_draw() -> None:
    """W-3 ruling: a game longer than the turn limit ends as a draw."""
    g = Game(filler_deck(), filler_deck(), seed=1, turn_limit=5)
    while not g.is_over():
        acts = g.legal_actions()
        g.apply(next((a for a in acts if a.kind in ("end", "skip", "keep")), acts[0]))
    assert g.winner is None and g.reason == "turn_limit" and g.turn == 5


def test_w3_every_game_ends() -> None:
    """R-2, W-3: even two agents that never attack finish (refreshes cost life, the turn limit)."""
    g = play_game(filler_deck(), filler_deck(), ("random", "random"), seed=3, turn_limit=100)
    assert g.is_over()


def test_r2_drawing_two_from_a_one_card_deck_with_an_empty_trash_costs_two_lives(table: Table) -> None:
    """R-2 (the rule's own example): the draw takes the last card (refresh 1: the trash is empty,
    so the new deck is empty); the second card needed is a refresh of its own (refresh 2), and the
    draw then does nothing more. Two life cards lost, one card drawn."""
    g = table.g
    table.to_main()
    ps = g.players[0]
    table.set_life(0, [FILLER] * 4)
    ps.resources.extend(ps.deck[:-1] + ps.trash)
    del ps.deck[:-1]
    ps.trash.clear()
    hand = len(ps.hand)
    _cast(table, {"do": "draw", "n": 2})
    picks = 0
    while table.kind == "pick:refresh_life":
        assert table.who == 1  # the opponent chooses the life card
        table.g.apply(table.g.legal_actions()[0])
        picks += 1
    assert picks == 2 and ps.refreshes == 2 and len(ps.life) == 2 and len(ps.charge) == 2
    assert len(ps.hand) == hand + 1 and ps.deck == []


def test_r2_an_ignition_with_an_empty_deck_reveals_the_ignited_card_after_two_refreshes() -> None:
    """R-1, R-2, P-4: igniting with an empty deck and an empty trash: the charge card goes to the
    trash (P-4 1.), the card to reveal is needed from an empty deck (refresh 1: the new deck is that
    one card), it is revealed and the deck is empty again (refresh 2, from an empty trash: the new
    deck is empty). Two life cards lost; the revealed card, without the icon, goes to the trash."""
    t = Table()
    g = t.g
    ps = g.players[0]
    ch = t.add(FILLER, 0, "charge")
    t.act("skip")
    ps.resources.extend(ps.deck + ps.trash)
    ps.deck.clear()
    ps.trash.clear()
    g._legal = None
    life = len(ps.life)
    t.act("ignite", ch)
    picks = 0
    while t.kind == "pick:refresh_life":
        assert t.who == 1
        t.pick(0)
        picks += 1
    assert picks == 2 and ps.refreshes == 2 and len(ps.life) == life - 2
    assert ps.trash == [ch] and ps.deck == []
