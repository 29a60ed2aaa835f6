"""MOZ scenarios: setting up (S), rounds (R), turns (T), placing (L), folding (F), running out (O)."""

from __future__ import annotations

import pytest
from moz_scenario import beast, deck, find, ready, run, set_hand, summoner, support

from zxdeck.games.moz.engine import Action, Game, IllegalActionError
from zxdeck.games.moz.engine.actions import DRAW, FOLD, GO, SKIP


def until_kind(*kinds: str):  # noqa: ANN201
    return lambda g: g.decision_kind() in kinds


def go_or_draw(g: Game) -> Action:
    """Never fold, always draw, else the first legal action."""
    acts = g.legal_actions()
    for a in (GO, DRAW):
        if a in acts:
            return a
    return acts[0]


# --- S: setting up ------------------------------------------------------------------------------


def test_s1_order_is_a_secret_choice_of_each_player() -> None:
    """S-1: each player orders their 5 summoners (4 choices, the last is forced); the opponent sees
    only how many lie in the pile (N-3)."""
    s = [summoner(speed=i) for i in range(5)]
    g = Game(deck(summoners=s), deck(), seed=1)
    assert g.decision_kind() == "order" and g.current_player() == 0
    for want in (s[3], s[0], s[4], s[1]):
        assert len(g.legal_actions()) == len(g.unordered[0])
        g.apply(Action("order", find(g, 0, want)))
    assert g.current_player() == 1  # the fifth went on by itself
    assert [g.cards[i] for i in g.pile[0]] == [s[3], s[0], s[4], s[1], s[2]]
    assert g.observation(1)["players"][0]["pile"] == 5
    assert g.observation(0)["players"][0]["pile"] == [x.id for x in (s[3], s[0], s[4], s[1], s[2])]


def test_s2_s3_zones_shuffled_by_seed_and_seven_cards_drawn() -> None:
    """S-2: each zone is shuffled from the seeded generator; S-3: the opening hand is 7 cards."""
    d1, d2 = deck(), deck()
    a, b, c = Game(d1, d2, seed=5), Game(d1, d2, seed=5), Game(d1, d2, seed=6)
    assert [a.cards[i].id for i in a.zone[0]] == [b.cards[i].id for i in b.zone[0]]
    assert [a.cards[i].id for i in a.zone[0]] != [c.cards[i].id for i in c.zone[0]]
    for p in (0, 1):
        assert len(a.hand[p]) == 7 and len(a.zone[p]) == 43


def test_s4_s5_start_at_zero_no_mulligan_no_hand_limit() -> None:
    """S-4: 0 VP, nothing held, nobody folded; S-5: no mulligan decision and no hand-size limit."""
    g = ready()
    assert g.vp == [0, 0] and g.held == [] and g.folded == [False, False]
    assert g.decision_kind() == "fold"  # the first decision after ordering is T-2, no mulligan
    g.apply(GO)
    g.apply(DRAW)
    assert len(g.hand[g.turn_player]) == 8


def test_s6_r3_first_player_chosen_each_round_by_speed() -> None:
    """S-6, R-3: the faster summoner's player goes first, decided again every round."""
    g = ready(sum0=[summoner(speed=2), summoner(speed=9)], sum1=[summoner(speed=7), summoner(speed=3)])
    assert g.round_first == 1 and g.turn_player == 1
    run(g, go_or_draw, until=lambda g: g.round == 2)
    assert g.round_first == 0


def test_r3_equal_speed_is_a_seeded_coin_flip() -> None:
    """R-3 ruling: equal speed is decided by a seeded fair coin flip; both outcomes happen."""
    firsts = {ready(sum0=[summoner(speed=4)], sum1=[summoner(speed=4)], seed=s).round_first for s in range(20)}
    assert firsts == {0, 1}


# --- R: rounds ----------------------------------------------------------------------------------


def test_r1_r2_summoners_revealed_and_compatibility_effects_applied_first() -> None:
    """R-1: both top summoners come face up; R-2: a compatibility (round_start) effect whose condition
    holds changes speed before R-3 decides who is first."""
    fast = summoner(speed=6, sex="female")
    slow = summoner(speed=4, abilities=[{"when": "round_start", "if": {"opponent_sex": "female"},
                                         "do": [{"op": "speed", "amount": 3}]}])
    g = ready(sum0=[slow], sum1=[fast])
    assert g.cards[g.summoner[0]] is slow and g.cards[g.summoner[1]] is fast
    assert g.speed(0) == 7 and g.round_first == 0
    g2 = ready(sum0=[slow], sum1=[summoner(speed=6, sex="male")])
    assert g2.speed(0) == 4 and g2.round_first == 1  # the condition does not hold


def test_r4_r5_eight_alternating_turns_then_the_special_step_and_result() -> None:
    """R-4: turns alternate from the first player until all 8 faces are filled (8 turns);
    R-5: then the special step and the result."""
    g = ready([beast("貝") for _ in range(50)], sum0=[summoner(speed=9)], sum1=[summoner(speed=1)])
    players = []
    while g.round == 1:
        if g.decision_kind() == "place":
            players.append(g.turn_player)
        g.apply(go_or_draw(g))
    assert players == [0, 1] * 4
    assert g.last_result is not None and g.last_result["round"] == 1


def test_r6_r7_r8_after_a_round() -> None:
    """R-6: non-summoner cards go to the holes and summoners to the finished ones; R-7: hands carry
    over; R-8: the next round begins with the next summoners."""
    g = ready([beast("貝") for _ in range(50)])  # p1 wins round 1 with face-up beasts against face-down cards
    run(g, go_or_draw, until=lambda g: g.round == 2)
    assert g.vp[0] == 8
    for p in (0, 1):
        assert len(g.finished[p]) == 1 and len(g.hole[p]) == 4
        assert len(g.hand[p]) == 7 + 4 - 4  # drew 4, placed 4, kept the rest
        assert g.summoner[p] == g.cards.index(g.cards[g.summoner[p]]) and len(g.pile[p]) == 3


def test_r9_piles_rebuilt_after_five_rounds() -> None:
    """R-9: after the 5th round each player orders all 5 summoners again; repeated every time."""
    g = ready()
    run(g, go_or_draw, until=lambda g: g.rebuilds == 1)
    assert g.decision_kind() == "order" and len(g.unordered[0]) == 5 and g.finished[0] == []
    run(g, go_or_draw, until=lambda g: g.rebuilds == 2 or g.is_over())


# --- T: the turn --------------------------------------------------------------------------------


def test_t1_o4_a_player_whose_faces_are_all_filled_skips_the_turn() -> None:
    """T-1: a player whose faces are all filled skips the turn entirely; O-4: no draw step."""
    g = ready(sum0=[summoner(speed=9)], sum1=[summoner(speed=1)])
    run(g, go_or_draw, until=lambda g: g.turn == 7)  # p2's 4th turn still to come
    g.faces[1][0] = []  # an effect emptied a face of p2; p1 has 4 filled faces
    g.faces[0][0], g.faces[0][1] = g.faces[0][0], g.faces[0][1]
    run(g, go_or_draw, until=lambda g: g.turn_player == 0 and g.turn >= 8 and g.step == "turn")
    # p2 took turn 8; now p1's faces are full: turn 9 is skipped without a draw step
    drawn = g.draws_begun[0]
    zone = len(g.zone[0])
    run(g, go_or_draw, until=lambda g: g.turn_player == 1 and g.turn == 10)
    assert g.draws_begun[0] == drawn and len(g.zone[0]) == zone


def test_t2_t9_f4_fold_windows_before_the_draw_and_after_the_power_step() -> None:
    """T-2, T-9, F-4: the turn player is offered folding at the start (a) and after placing (b)."""
    g = ready()
    assert g.decision == ("fold", g.turn_player, "a") and set(g.legal_actions()) == {GO, FOLD}
    g.apply(GO)
    assert g.decision_kind() == "draw"
    g.apply(DRAW)
    g.apply(g.legal_actions()[0])
    assert g.decision == ("fold", g.turn_player, "b")


def test_t3_t4_draw_or_skip_and_no_skip_with_an_empty_hand() -> None:
    """T-3: draw the top card; T-4: skipping is offered (the draw is lost), but not with an empty hand."""
    top = beast("貝")
    g = ready(zone0=[top], sum0=[summoner(speed=9)])
    set_hand(g, 0, [g.cards[i] for i in g.hand[0]], zone_top=[top])
    g.apply(GO)
    assert set(g.legal_actions()) == {DRAW, SKIP}
    g.apply(DRAW)
    assert g.cards[g.hand[0][-1]] is top
    h = ready(sum0=[summoner(speed=9)])
    set_hand(h, 0, [])
    h.apply(GO)
    assert h.decision_kind() == "place" and len(h.hand[0]) == 1  # drawn without a choice


def test_t4_o3_skip_keeps_the_last_card_in_the_zone() -> None:
    """T-4, O-3: skipping the draw with one card left keeps it in the zone, avoiding O-2 next turn."""
    g = ready(sum0=[summoner(speed=9)])
    g.hand[0] += g.zone[0][:-1]
    g.zone[0] = g.zone[0][-1:]
    g.apply(GO)
    g.apply(SKIP)
    assert len(g.zone[0]) == 1


def test_t5_t6_l8_face_down_only_when_no_face_up_placement_is_legal() -> None:
    """T-5: placing is compulsory; T-6, L-8: face down (any card, any empty face, bottom included)
    only when no face-up placement is legal."""
    fire = beast("火")
    g = ready(zone0=[fire], sum0=[summoner(("貝", "貝", "貝"), speed=9)])
    set_hand(g, 0, [fire])
    g.apply(GO)
    g.apply(SKIP)
    acts = g.legal_actions()
    assert {a.kind for a in acts} == {"face_down"} and {a.b for a in acts} == {0, 1, 2, 3}
    g.apply(Action("face_down", acts[0].a, 3))
    assert g.faces[0][3] == [acts[0].a] and acts[0].a in g.down
    shell = beast("貝")
    h = ready(zone0=[shell, fire], sum0=[summoner(("貝", "貝", "貝"), speed=9)])
    set_hand(h, 0, [shell, fire])
    h.apply(GO)
    h.apply(SKIP)
    assert {a.kind for a in h.legal_actions()} == {"place"}  # T-6 ruling: never by choice


def test_t7_t8_placed_effects_resolve_and_totals_are_recomputed() -> None:
    """T-7: the placed card's effect resolves (a power change chosen by its player); T-8: totals."""
    weak = beast("貝", power=30)
    hitter = beast("貝", power=10, abilities=[{"when": "placed", "do": [
        {"op": "power", "amount": -50, "target": {"side": "opponent"}}]}])
    g = ready(zone0=[hitter], zone1=[weak], sum0=[summoner(speed=1)], sum1=[summoner(speed=9)])
    set_hand(g, 1, [weak])
    g.apply(GO)
    g.apply(SKIP)
    g.apply(Action("place", find(g, 1, weak), 0))
    g.apply(GO)
    assert g.totals() == (0, 30)
    set_hand(g, 0, [hitter])
    g.apply(GO)
    g.apply(SKIP)
    g.apply(Action("place", find(g, 0, hitter), 0))
    assert g.decision_kind() == "pick"  # T-7: the target is chosen by the card's player
    g.apply(g.legal_actions()[0])
    assert g.totals() == (10, -20)


def test_t10_special_step_when_all_eight_faces_are_filled() -> None:
    """T-10, X-1: once all eight faces are filled the round goes to the special step."""
    sp = support("special")
    g = ready(zone0=[sp], sum0=[summoner(speed=9)])
    set_hand(g, 0, [sp] + [g.cards[i] for i in g.hand[0]][:6])
    keep = find(g, 0, sp)
    run(g, lambda g: next(a for a in [GO, DRAW, *g.legal_actions()] if a in g.legal_actions() and a.a != keep),
        until=until_kind("special"))
    assert all(g.faces[0]) and all(g.faces[1]) and g.current_player() == 0 and g.turn == 8


# --- L: placing ---------------------------------------------------------------------------------


def test_l1_l2_beasts_on_own_empty_faces_matching_attribute() -> None:
    """L-1: only empty faces of one's own summoner; L-2: the beast's attribute must equal the face's
    summon attribute (NFKC, K-13), the sub-attribute is never compared."""
    a, b = beast("ｶｲ", sub="dragon"), beast("貝")
    g = ready(zone0=[a, b], sum0=[summoner(("カイ", "貝", "火"), speed=9)])
    set_hand(g, 0, [a, b])
    g.apply(GO)
    g.apply(SKIP)
    acts = set(g.legal_actions())
    assert acts == {Action("place", find(g, 0, a), 0), Action("place", find(g, 0, b), 1)}
    g.apply(Action("place", find(g, 0, a), 0))
    g.apply(GO)
    assert all(a_.b != 0 for a_ in g.placements(0))  # the face is filled now


def test_l3_l7_help_only_on_the_bottom_and_specials_never_placed() -> None:
    """L-3: helps (and help & specials) go on the bottom face, no attribute condition, and nothing else
    goes there face up; L-7: a special is never placed face up."""
    h, hs, sp, bst = support("help"), support("help_special"), support("special"), beast("貝")
    g = ready(zone0=[h, hs, sp, bst], sum0=[summoner(speed=9)])
    set_hand(g, 0, [h, hs, sp, bst])
    g.apply(GO)
    g.apply(SKIP)
    acts = g.legal_actions()
    assert Action("place", find(g, 0, h), 3) in acts and Action("place", find(g, 0, hs), 3) in acts
    assert all(a.a != find(g, 0, sp) for a in acts)
    assert all(a.b != 3 for a in acts if a.a == find(g, 0, bst))


def test_l4_reverse_brings_back_a_matching_beast_of_the_own_hole() -> None:
    """L-4: a reverse card goes with a beast from the player's own hole onto a matching face."""
    rev, old, wrong = support("reverse"), beast("貝", power=70), beast("火")
    g = ready(zone0=[rev, old, wrong], sum0=[summoner(("貝", "火", "火"), speed=9)])
    set_hand(g, 0, [rev])
    for c in (old, wrong):
        i = find(g, 0, c)
        g.zone[0].remove(i)
        g.hole[0].append(i)
    g.apply(GO)
    g.apply(SKIP)
    acts = g.legal_actions()
    assert set(acts) == {Action("pair", find(g, 0, rev), f) for f in (0, 1, 2)}
    g.apply(Action("pair", find(g, 0, rev), 0))
    assert g.legal_actions() == [Action("pick", find(g, 0, old))]  # only the matching beast
    g.apply(Action("pick", find(g, 0, old)))
    assert g.faces[0][0] == [find(g, 0, rev), find(g, 0, old)] and g.totals()[0] == 70


def test_l5_attribute_change_changes_the_face_for_the_round() -> None:
    """L-5: an attribute change card and a beast of the new attribute from the hand go onto a face,
    whose summon attribute becomes the card's for the rest of the round."""
    ch, water = support("attribute_change", attribute="水"), beast("水")
    g = ready(zone0=[ch, water], sum0=[summoner(("貝", "貝", "貝"), speed=9)])
    set_hand(g, 0, [ch, water])
    g.apply(GO)
    g.apply(SKIP)
    assert {a.kind for a in g.legal_actions()} == {"pair"}  # the water beast alone fits no face
    g.apply(Action("pair", find(g, 0, ch), 2))
    g.apply(Action("pick", find(g, 0, water)))
    assert g.face_attr[0] == ["貝", "貝", "水"] and g.faces[0][2] == [find(g, 0, ch), find(g, 0, water)]


def test_l6_reverse_or_change_never_alone_nor_on_the_bottom() -> None:
    """L-6: without a partner beast a reverse or attribute change card cannot be placed face up, and
    never on the bottom."""
    rev, ch = support("reverse"), support("attribute_change", attribute="水")
    g = ready(zone0=[rev, ch], sum0=[summoner(speed=9)])
    set_hand(g, 0, [rev, ch])
    g.apply(GO)
    g.apply(SKIP)
    assert {a.kind for a in g.legal_actions()} == {"face_down"}


def test_l9_l10_pairs_count_two_and_stay_until_the_round_ends() -> None:
    """L-9: both cards of a pair are on the battlefield (V-3 counts 2); L-10: placed cards stay."""
    ch, water = support("attribute_change", attribute="水"), beast("水")
    g = ready(zone0=[ch, water], sum0=[summoner(speed=9)])
    set_hand(g, 0, [ch, water])
    g.apply(GO)
    g.apply(SKIP)
    g.apply(Action("pair", find(g, 0, ch), 0))
    g.apply(Action("pick", find(g, 0, water)))
    assert g.battlefield_count() == 2
    run(g, go_or_draw, until=lambda g: g.turn == 6)
    assert g.faces[0][0] == [find(g, 0, ch), find(g, 0, water)]


def test_illegal_actions_are_refused() -> None:
    g = ready()
    with pytest.raises(IllegalActionError):
        g.apply(DRAW)


# --- F: folding ---------------------------------------------------------------------------------


def test_f1_f2_fold_gives_the_opponent_the_battlefield_and_held_cards_once_per_match() -> None:
    """F-1: once per match; F-2: the opponent wins the round and gains the cards on the battlefield
    plus the held cards, with no special step and no multiplier."""
    g = ready(sum0=[summoner(speed=9)])
    run(g, go_or_draw, until=lambda g: g.turn == 3 and g.decision_kind() == "fold")
    g.held = []
    assert g.battlefield_count() == 2
    p = g.turn_player
    g.apply(FOLD)
    assert g.vp[1 - p] == 2 and g.round == 2 and g.folded[p]
    run(g, go_or_draw, until=lambda g: g.turn_player == p and g.decision_kind() in ("draw", "fold"))
    assert g.decision_kind() == "draw"  # never offered again


def test_f3_no_fold_once_a_fourth_draw_step_has_begun() -> None:
    """F-3: nobody may fold once either player began the draw step of their 4th turn; the last folds
    are the second player's window (b) of turn 3 and the first player's window (a) of turn 4."""
    g = ready(sum0=[summoner(speed=9)], sum1=[summoner(speed=1)])
    windows = []
    while g.round == 1:
        if g.decision_kind() == "fold":
            windows.append((g.turn, g.decision[2]))
        g.apply(go_or_draw(g))
    assert windows[-2:] == [(6, "b"), (7, "a")]


# --- O: running out -----------------------------------------------------------------------------


def test_o1_o2_w2_empty_zone_loses_at_the_next_draw_step() -> None:
    """O-1: an empty zone does nothing by itself; O-2: beginning a draw step with an empty zone loses
    the match, even for a player who would skip; W-2: the opponent wins."""
    g = ready(sum0=[summoner(speed=9)])
    g.hand[0] += g.zone[0]
    g.zone[0] = []
    assert not g.is_over()
    g.apply(GO)
    assert g.is_over() and g.winner == 1 and g.reason == "deck_out"


# --- W: winning ---------------------------------------------------------------------------------


def test_w3_turn_limit_ends_the_match_as_a_tie() -> None:
    """W-3: a match longer than the turn limit ends as a tie (each turn counts one)."""
    g = ready(turn_limit=10)
    run(g, go_or_draw)
    assert g.winner is None and g.reason == "turn_limit" and g.turn == 11
