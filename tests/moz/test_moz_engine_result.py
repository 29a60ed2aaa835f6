"""MOZ scenarios: power (P), the special step (X), combos (C), the result and VP (V), ties (H), W-1."""

from __future__ import annotations

import pytest
from moz_scenario import beast, find, ready, summoner, support, to_special_step

from zxdeck.games.moz.engine import Action, Game
from zxdeck.games.moz.engine.actions import DRAW, GO, NONE
from zxdeck.games.moz.engine.combos import BY_KEY, best_combo, combos_of, compare

S = "貝"


def vanilla(n: int = 3, power: int = 10, attrs: tuple[str, ...] = ("火", "水", "風"),
            subs: tuple[str, ...] = ("bird", "fish", "insect")) -> list:
    """Beasts that make no combo together (different attributes, sub-attributes and powers)."""
    return [beast(attrs[k % len(attrs)], subs[k % len(subs)], power + k) for k in range(n)]


def to_hand(g: Game, p: int, card: object) -> None:
    i = find(g, p, card)
    if i not in g.hand[p]:
        g.zone[p].remove(i)
        g.hand[p].append(i)


def no_specials(g: Game) -> None:
    while g.decision_kind() == "special":
        g.apply(NONE)


# --- C: combos ------------------------------------------------------------------------------------


@pytest.mark.parametrize("beasts, key", [
    ([(S, "dragon", 10), (S, "dragon", 20), (S, "dragon", 30)], "shell_dragon"),
    ([("火", "x", -100), ("水", "y", -100), ("風", "z", -100)], "minus_hurricane"),
    ([("火", "dragon", 100), ("水", "dragon", 100), ("風", "dragon", 100)], "hundred_dragon"),
    ([("火", "x", 50), ("火", "y", 50), ("火", "z", 50)], "flash_hurricane"),
    ([("火", "dragon", 1), ("水", "dragon", 2), ("風", "dragon", 3)], "dragon"),
    ([("火", "male", 1), ("水", "male", 2), ("風", "male", 3)], "muscle"),
    ([(S, "x", 1), (S, "y", 2), (S, "male", 3)], "shell_beast"),
    ([("火", "female", 1), ("水", "female", 2), ("風", "female", 3)], "sexy"),
    ([("火", "x", 7), ("水", "y", 7), ("風", "z", 7)], "hurricane"),
    ([("火", "fish", 1), ("水", "fish", 2), ("風", "fish", 3)], "animal"),
    ([("火", "x", 1), ("火", "y", 2), ("火", "z", 3)], "flash"),
])
def test_c1_c2_c3_each_of_the_eleven_combos(beasts: list, key: str) -> None:
    """C-1, C-3: the 11 combos with rank and multiplier; C-5: a summoner has only its best one."""
    assert best_combo(beasts) == BY_KEY[key]


def test_c3_table() -> None:
    """C-3: ranks and multipliers of the グリフワール編 edition (Dragon and Muscle share rank 5)."""
    assert [(c.rank, c.multiplier) for c in BY_KEY.values()] == [
        (1, 6), (2, 6), (3, 5), (4, 5), (5, 4), (5, 4), (6, 4), (7, 4), (8, 4), (9, 3), (10, 2)]


def test_c4_c5_best_combo_and_sub_attributes() -> None:
    """C-4: dragon/male/… are sub-attribute values; other strings never make Animal (Y-4);
    C-5: several combos -> the highest multiplier, then the best rank."""
    three = [(S, "dragon", 100)] * 3
    assert {c.key for c in combos_of(three)} >= {"shell_dragon", "hundred_dragon", "flash_hurricane", "dragon"}
    assert best_combo(three).key == "shell_dragon"
    assert best_combo([("火", "精霊", 1), ("水", "精霊", 2), ("風", "精霊", 3)]) is None
    assert best_combo([("火", "fish", 5), ("火", "fish", 5), ("火", "fish", 5)]).key == "flash_hurricane"


def test_v1_combo_comparison() -> None:
    """V-1 step 3: higher multiplier, then better rank; same rank (Dragon vs Muscle) -> totals."""
    hurricane, sexy, flash_h, dragon, muscle = (BY_KEY[k] for k in
                                                ("hurricane", "sexy", "flash_hurricane", "dragon", "muscle"))
    assert compare(sexy, hurricane) == 1 and compare(flash_h, dragon) == 1
    assert compare(dragon, muscle) == 0 and compare(None, None) == 0 and compare(None, BY_KEY["flash"]) == -1


def test_c2_c4_c6_combo_needs_four_face_up_faces_and_reads_current_power_and_own_attribute() -> None:
    """C-2: all four faces face up (an empty or face-down face breaks it); C-4: the current power and
    the beast's own attribute; C-6: checked at the result."""
    g = ready()
    a, b, c, h = beast("火", "x", 40), beast("火", "y", 40), beast("火", "z", 40), support("help")
    g2 = ready(zone0=[a, b, c, h])
    g2.faces[0] = [[find(g2, 0, a)], [find(g2, 0, b)], [find(g2, 0, c)], []]
    assert g2.combo(0) is None  # no bottom card
    g2.faces[0][3] = [find(g2, 0, h)]
    assert g2.combo(0).key == "flash_hurricane"
    g2.mods[find(g2, 0, a)] = 10  # current power differs now
    assert g2.combo(0).key == "flash"
    g2.down.add(find(g2, 0, h))
    assert g2.combo(0) is None
    del g


# --- V: the result ----------------------------------------------------------------------------------


def test_v1_v2_v3_totals_decide_without_combos_and_vp_count_every_card() -> None:
    """V-1 step 4: the higher total wins; V-2: only the winner gains; V-3: base VP = every non-summoner
    card on the battlefield, both players', face-down cards included."""
    mine, theirs = vanilla(3, 30), vanilla(3, 10)
    h0, h1 = support("help"), support("help")
    g = ready(mine + [h0], theirs + [h1])
    to_special_step(g, mine + [h0], theirs + [h1], down1=[3])
    no_specials(g)
    assert g.vp == [8, 0] and g.last_result["winner"] == 0 and g.last_result["totals"] == [93, 33]


def test_v4_combo_multiplies_and_wins_whatever_the_totals() -> None:
    """V-1 step 2, V-4: a combo wins against a higher total and multiplies the base VP."""
    mine = [beast("火", "bird", 1), beast("水", "bird", 2), beast("風", "bird", 3)]  # animal x3
    theirs = vanilla(3, 90)
    h0, h1 = support("help"), support("help")
    g = ready(mine + [h0], theirs + [h1])
    to_special_step(g, mine + [h0], theirs + [h1])
    no_specials(g)
    assert g.last_result["combos"] == ["animal", None] and g.vp == [8 * 3, 0]


def test_v1_same_combo_totals_decide_and_equal_totals_tie() -> None:
    """V-1 step 3: the same combo -> the higher total; equal totals -> a tie (H-1)."""
    a = [beast("火", "dragon", 10) for _ in range(3)]
    b = [beast("水", "male", 10) for _ in range(3)]
    ha, hb = support("help"), support("help")
    g = ready(a + [ha], b + [hb])
    to_special_step(g, a + [ha], b + [hb])  # Dragon vs Muscle (and both also Hurricane... all x5 flash hurricane)
    no_specials(g)
    assert g.last_result["winner"] is None and len(g.held) == 8


def test_v5_h1_h2_h3_ties_pile_up_and_go_to_the_next_winner_unmultiplied() -> None:
    """H-1, H-2: a tie puts the battlefield cards in the held pile, nobody gains; H-3: the next winner
    adds them (V-5: after the multiplication) and they go to their owners' holes."""
    a, b = vanilla(3, 10), vanilla(3, 10)
    mine = [beast("火", "bird", 1), beast("水", "bird", 2), beast("風", "bird", 3)]
    hh = support("help")
    g = ready(a + mine + [hh], b)
    to_special_step(g, a + [None], b + [None])
    no_specials(g)
    assert g.vp == [0, 0] and len(g.held) == 6
    held = list(g.held)
    assert g.round == 2
    to_special_step(g, mine + [hh], [None, None, None, None])
    no_specials(g)
    assert g.vp == [4 * 3 + 6, 0]
    assert g.held == [] and all(i in g.hole[g.owner[i]] for i in held)


def test_h4_held_beasts_cannot_be_brought_back() -> None:
    """H-4: held cards are in no hole, so a reverse cannot bring them back."""
    rev, old = support("reverse"), beast("貝")
    g = ready(zone0=[rev, old], sum0=[summoner(speed=9)])
    to_hand(g, 0, rev)
    i = find(g, 0, old)
    (g.zone[0] if i in g.zone[0] else g.hand[0]).remove(i)
    g.held.append(i)
    g.apply(GO)
    g.apply(DRAW)
    assert all(a.kind != "pair" for a in g.legal_actions())


def test_h5_w1_match_won_at_fifty_and_held_cards_count_for_nobody() -> None:
    """W-1: 50 VP win the match, checked when VP are awarded; H-5: cards still held count for nobody."""
    mine = vanilla(3, 50)
    g = ready(mine)
    g.vp = [45, 0]
    g.held = [find(g, 1, g.cards[g.zone[1][0]])]
    g.zone[1].pop(0)
    to_special_step(g, mine + [None], [None] * 4)
    no_specials(g)
    assert not g.is_over() and g.vp == [49, 0]  # 45 + 3 + 1 held: the match goes on
    g2 = ready(mine)
    g2.vp = [47, 0]
    to_special_step(g2, mine + [None], [None] * 4)
    no_specials(g2)
    assert g2.is_over() and g2.winner == 0 and g2.vp == [50, 0]


# --- P: power ---------------------------------------------------------------------------------------


def test_p1_p3_helps_abilities_face_down_and_negative_totals() -> None:
    """P-1: face-up beasts + what helps and abilities give; face-down cards and empty faces add 0;
    P-3: totals may be negative; K-11: the summoner adds 0 unless given power."""
    boost = support("help", abilities=[{"when": "continuous", "do": [
        {"op": "power", "amount": 5, "target": {"side": "self"}}, {"op": "summoner_power", "amount": 7}]}])
    a, b = beast("火", power=-100), beast("火", power=20)
    g = ready([a, b, boost])
    g.faces[0] = [[find(g, 0, a)], [find(g, 0, b)], [], []]
    assert g.totals() == (-80, 0)
    g.faces[0][3] = [find(g, 0, boost)]
    assert g.totals() == (-80 + 10 + 7, 0)
    g.down.add(find(g, 0, b))
    assert g.totals() == (-95 + 7, 0) and g.power(find(g, 0, b)) == 0


def test_p2_totals_are_open_information() -> None:
    """P-2: both totals appear in each player's observation."""
    a = beast("火", power=20)
    g = ready([a])
    g.faces[0][0] = [find(g, 0, a)]
    assert g.observation(1)["players"][0]["total"] == 20 == g.observation(0)["players"][0]["total"]


# --- X: the special step ----------------------------------------------------------------------------


def boost_special(amount: int, name: str = "") -> object:
    return support("special", name=name, abilities=[{"when": "special", "do": [
        {"op": "summoner_power", "amount": amount}]}])


def test_x1_x2_secret_choice_revealed_together() -> None:
    """X-1: after all faces are filled; X-2: at most one special each, chosen in secret: the second
    chooser sees only that a choice was made, not which."""
    s0, s1 = boost_special(200), boost_special(1)
    a, b = vanilla(3, 10), vanilla(3, 50)
    g = ready([s0] + a, [s1] + b, sum0=[summoner(speed=9)])
    to_hand(g, 0, s0)
    to_hand(g, 1, s1)
    to_special_step(g, a + [None], b + [None])
    assert g.decision == ("special", 0)
    assert set(g.legal_actions()) == {NONE, Action("special", find(g, 0, s0))}
    g.apply(Action("special", find(g, 0, s0)))
    assert g.current_player() == 1 and g.observation(1)["players"][0]["special_chosen"] is True
    assert "iid" not in str(g.observation(1)["players"][0]["specials"])
    g.apply(NONE)
    assert g.last_result["totals"] == [233, 153] and g.last_result["winner"] == 0  # X-5


def special_game(first_special: object, second_special: object, mine: list | None = None,
                 theirs: list | None = None) -> Game:
    mine = mine or vanilla(3, 10)
    theirs = theirs or vanilla(3, 20)
    g = ready(mine + [first_special], theirs + [second_special], sum0=[summoner(speed=9)])
    for p, c in ((0, first_special), (1, second_special)):
        to_hand(g, p, c)
    to_special_step(g, mine + [None], theirs + [None])
    g.apply(Action("special", find(g, 0, first_special)))
    if g.decision_kind() == "special":
        g.apply(Action("special", find(g, 1, second_special)))
    while g.decision_kind() == "pick":
        g.apply(g.legal_actions()[0])
    return g


def test_x3_x6_same_name_cancels_both_and_they_still_count() -> None:
    """X-3: specials of the same name have no effect; X-6: used specials stay and count for VP."""
    g = special_game(boost_special(500, "同じ"), boost_special(500, "同じ"))
    assert g.last_result["winner"] == 1 and g.vp[1] == 6 + 2


def test_x4_first_players_special_resolves_first() -> None:
    """X-4: the first player's special resolves first, so the second one's decision stands."""
    tie = support("special", abilities=[{"when": "special", "do": [{"op": "result", "outcome": "tie"}]}])
    win = support("special", abilities=[{"when": "special", "do": [{"op": "result", "outcome": "win"}]}])
    g = special_game(tie, win)
    assert g.last_result["winner"] == 1  # V-1 step 1: the effect decides the result


def test_h1_v1_a_special_can_make_the_round_a_tie() -> None:
    """H-1, V-1 step 1: a special that makes the round a tie overrides totals and combos."""
    tie = support("special", abilities=[{"when": "special", "do": [{"op": "result", "outcome": "tie"}]}])
    g = special_game(tie, support("special"))
    assert g.last_result["winner"] is None and len(g.held) == 8


def test_x5_x7_guard_and_send_back_in_the_special_step() -> None:
    """X-5: totals recomputed after the specials; X-7: a face emptied in the special step stays empty;
    Z-5: a guarded card is face down with power 0; C-2: a guard breaks a combo."""
    guard = support("special", abilities=[{"when": "special", "do": [
        {"op": "guard", "target": {"side": "opponent", "count": 1}}]}])
    back = support("special", abilities=[{"when": "special", "do": [
        {"op": "send_back", "target": {"side": "opponent", "count": "all"}}]}])
    g = special_game(guard, back, mine=vanilla(3, 10), theirs=vanilla(3, 20))
    # p1 guarded one of p2's beasts (20..22 -> 0), p2 sent all of p1's beasts to the hole
    assert g.last_result["totals"][0] == 0 and g.last_result["totals"][1] < 63
    assert g.vp[1] == 3 + 2 and len(g.hole[0]) == 3 + 1


def test_nullify_seal_protect_and_exchange() -> None:
    """N-5: nullify (悪魔の所業) cancels the opponent's special; exchange (チェンジ) swaps a beast
    with one from the hand; protect (神の障壁) shields from the opponent's guard."""
    null = support("special", abilities=[{"when": "special", "do": [{"op": "nullify"}]}])
    g = special_game(boost_special(500), null)
    assert g.last_result["winner"] == 1
    shield = support("special", abilities=[{"when": "special", "do": [{"op": "protect"}]}])
    guard = support("special", abilities=[{"when": "special", "do": [
        {"op": "guard", "target": {"side": "opponent", "count": "all"}}]}])
    g2 = special_game(shield, guard)
    assert not g2.down
    swap = support("special", abilities=[{"when": "special", "do": [{"op": "exchange", "mode": "any_attribute"}]}])
    big = beast("風", power=300)
    mine = vanilla(3, 10)
    g3 = ready(mine + [swap, big], sum0=[summoner(speed=9)])
    for c in (swap, big):
        to_hand(g3, 0, c)
    to_special_step(g3, mine + [None], [None] * 4)
    g3.apply(Action("special", find(g3, 0, swap)))
    g3.apply(g3.legal_actions()[0])  # the face
    g3.apply(Action("pick", find(g3, 0, big)))
    assert find(g3, 0, big) in [i for f in g3.faces[0] for i in f] or g3.round == 2
    assert g3.last_result["totals"][0] > 300
