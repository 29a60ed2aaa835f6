"""MOZ scenarios: the kinds of cards (K), zones (Z) and the engine notes (N)."""

from __future__ import annotations

import json

from moz_fixture import fixture_deck
from moz_scenario import beast, find, ready, run, support

from zxdeck.games.moz.engine import Action, Game, replay
from zxdeck.games.moz.engine.actions import DRAW, GO, SKIP
from zxdeck.rng import Rng


def first_legal(g: Game) -> Action:
    acts = g.legal_actions()
    return GO if GO in acts else DRAW if DRAW in acts else acts[0]


def test_k1_to_k8_where_each_kind_lives() -> None:
    """K-1: summoners in the pile; K-2: beasts on top/left/right; K-3: helps on the bottom;
    K-4: specials in the special step; K-5: help & specials either way; K-6: reverse with a hole
    beast; K-7: attribute change with a hand beast; K-8: supports are the five other kinds."""
    g = Game(fixture_deck(0), fixture_deck(1), seed=3)
    assert all(g.cards[i].type == "summoner" for i in g.unordered[0])
    assert all(g.cards[i].type != "summoner" for i in g.zone[0] + g.hand[0])
    kinds = {g.cards[i].type for i in g.zone[0] + g.hand[0]}
    assert kinds >= {"beast", "help", "special", "reverse", "attribute_change", "help_special"}
    assert all(g.cards[i].is_support == (g.cards[i].type not in ("beast", "summoner")) for i in range(len(g.cards)))


def test_k11_z5_summoner_adds_nothing_and_face_down_cards_have_nothing() -> None:
    """K-11: a summoner adds 0; Z-5: a face-down card has power 0 and no abilities; its owner sees it,
    the opponent does not."""
    strong = beast("貝", power=90, abilities=[{"when": "continuous", "do": [{"op": "summoner_power", "amount": 50}]}])
    g = ready([strong])
    assert g.totals() == (0, 0)
    i = find(g, 0, strong)
    g.zone[0].remove(i) if i in g.zone[0] else g.hand[0].remove(i)
    g.faces[0][0] = [i]
    assert g.totals() == (140, 0)
    g.down.add(i)
    assert g.totals() == (0, 0)
    assert g.observation(0)["players"][0]["faces"][0]["cards"][0]["name"] == strong.name
    assert g.observation(1)["players"][0]["faces"][0]["cards"][0] == {"face_up": False}


def test_z1_z2_z3_zones_and_open_information() -> None:
    """Z-1: both current summoners face up on the shared battlefield; Z-2: each player's pile, current
    and finished summoners, zone, hand, hole, specials; Z-3: the held pile and both VP are shared."""
    g = ready()
    run(g, first_legal, until=lambda g: g.round == 2)
    obs = g.observation(1)
    for p in (0, 1):
        pl = obs["players"][p]
        assert pl["summoner"]["id"] == g.cards[g.summoner[p]].id
        assert set(pl) >= {"pile", "finished", "zone", "hand", "hole", "specials", "vp"}
    assert obs["held"] == [g.cards[i].id for i in g.held]


def test_z4_z6_z7_placements_holes_and_the_battlefield_count() -> None:
    """Z-4: a face holds one placement; Z-6: cards go to their owner's own hole, which is open;
    Z-7: the battlefield count is the cards on faces and the specials in use, not summoners."""
    g = ready([beast("貝") for _ in range(20)])
    run(g, first_legal, until=lambda g: g.turn == 3)
    assert g.battlefield_count() == 2 and all(len(f) <= 2 for side in g.faces for f in side)
    run(g, first_legal, until=lambda g: g.round == 2)
    assert all(g.owner[i] == p for p in (0, 1) for i in g.hole[p]) or g.held
    assert g.observation(1)["players"][0]["hole"] == [g.cards[i].id for i in g.hole[0]]


def test_n1_clone_is_independent() -> None:
    """N-1: the whole state is held by the game; a clone plays on without touching the original."""
    g = Game(fixture_deck(2), fixture_deck(3), seed=9)
    run(g, first_legal, until=lambda g: g.turn == 5)
    before = json.dumps(g.observation(0))
    c = g.clone()
    run(c, first_legal, until=lambda c: c.round == 3)
    assert json.dumps(g.observation(0)) == before


def test_n2_decision_kinds() -> None:
    """N-2: the decisions a player makes are exactly: order, fold, draw/skip, placements, specials, picks."""
    g = Game(fixture_deck(4), fixture_deck(5), seed=2)
    seen = set()
    rng = Rng(4)
    while not g.is_over():
        seen.add(g.decision_kind())
        acts = g.legal_actions()
        g.apply(acts[rng.randbelow(len(acts))])
    assert seen <= {"order", "fold", "draw", "place", "partner", "special", "pick"}
    assert {"order", "fold", "draw", "place", "special"} <= seen


def test_n4_n8_a_match_is_its_seed_and_actions() -> None:
    """N-4: the seed and the actions give the same match; N-8: the outcome records winner and reason."""
    d1, d2 = fixture_deck(1), fixture_deck(6)
    g = Game(d1, d2, seed=21)
    rng = Rng(1)
    while not g.is_over():
        acts = g.legal_actions()
        g.apply(acts[rng.randbelow(len(acts))])
    again = replay(d1, d2, 21, [a.to_json() for a in g.history])
    assert (again.winner, again.reason, again.vp, again.turn) == (g.winner, g.reason, g.vp, g.turn)
    assert g.reason in ("vp", "deck_out", "turn_limit")


def test_n5_effects_come_from_the_catalog_only() -> None:
    """N-5: a card without abilities does nothing beyond the rules; effects are the catalog's data."""
    plain, help_ = beast("貝", power=10), support("help")
    g = ready([plain, help_])
    for c, f in ((plain, 0), (help_, 3)):
        i = find(g, 0, c)
        (g.zone[0] if i in g.zone[0] else g.hand[0]).remove(i)
        g.faces[0][f] = [i]
    assert g.totals() == (10, 0)


def test_n7_every_turn_that_is_not_skipped_moves_a_card_to_the_battlefield() -> None:
    """N-7: a turn moves one card (or a pair) from the hand to the battlefield."""
    g = Game(fixture_deck(0), fixture_deck(2), seed=4)
    rng = Rng(8)
    while not g.is_over() and g.round < 3:
        if g.decision_kind() == "place":
            before = g.battlefield_count()
            p = g.turn_player
            hand = len(g.hand[p])
            acts = g.legal_actions()
            g.apply(acts[rng.randbelow(len(acts))])
            while g.decision_kind() == "partner":
                g.apply(g.legal_actions()[0])
            assert g.battlefield_count() >= before + 1 or g.round > 1 and g.battlefield_count() == 0
            assert len(g.hand[p]) < hand or g.battlefield_count() == 0
        else:
            acts = g.legal_actions()
            g.apply(SKIP if SKIP in acts and rng.randbelow(4) == 0 else acts[rng.randbelow(len(acts))])
