"""`zxdeck draw --odds` (zxdeck.analysis.odds, zxdeck.games.zx.engine.opening): the exact figures
equal the hypergeometric formula and a brute-force count, and the game's own setups agree."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from itertools import combinations
from math import comb
from pathlib import Path

import pytest

from zxdeck.analysis.odds import holding, holding_exact, keep_hand, with_mulligan_exact
from zxdeck.errors import ZxError

ROOT = Path(__file__).resolve().parents[2]
RED = str(ROOT / "examples" / "decks" / "red.txt")


def zx(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "zxdeck", *args], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)


def brute(deck: list[str], wanted: dict[str, int], n: int) -> Fraction:
    hits = total = 0
    for hand in combinations(range(len(deck)), n):
        total += 1
        names = [deck[i] for i in hand]
        hits += all(names.count(k) >= v for k, v in wanted.items())
    return Fraction(hits, total)


def test_one_card_is_the_textbook_formula() -> None:
    # at least one of K copies among n cards of N: 1 - C(N-K, n) / C(N, n)
    for size, k, n in ((49, 3, 8), (50, 4, 6), (40, 1, 40), (10, 2, 0)):
        assert holding_exact([(k, 1)], size, n) == 1 - Fraction(comb(size - k, n), comb(size, n))
    assert holding([(3, 1)], 49, 8) == pytest.approx(1 - (41 * 40 * 39) / (49 * 48 * 47))


def test_several_groups_and_copies_equal_a_brute_force_count() -> None:
    deck = ["a"] * 3 + ["b"] * 2 + ["c"] + ["x"] * 6
    for wanted, n in (({"a": 1, "b": 2}, 5), ({"a": 2, "c": 1}, 6), ({"a": 1, "b": 1, "c": 1}, 7)):
        groups = [(deck.count(k), v) for k, v in wanted.items()]
        assert holding_exact(groups, len(deck), n) == brute(deck, wanted, n)


@pytest.mark.rule("S-7")
def test_the_best_mulligan_equals_a_brute_force_over_every_first_hand() -> None:
    """S-7: the whole hand goes back once and a new one is drawn; the best player gives it
    back exactly when a fresh draw is likelier to hold the cards."""
    deck = ["a"] * 2 + ["b"] * 2 + ["x"] * 6
    wanted, hand, n = {"a": 1, "b": 1}, 3, 5
    groups = [(2, 1), (2, 1)]
    fresh = brute(deck, wanted, n)
    total = Fraction(0)
    firsts = list(combinations(range(len(deck)), hand))
    for first in firsts:
        rest = [i for i in range(len(deck)) if i not in first]
        keep_hits = 0
        draws = list(combinations(rest, n - hand))
        for more in draws:
            names = [deck[i] for i in (*first, *more)]
            keep_hits += all(names.count(k) >= v for k, v in wanted.items())
        kept = Fraction(keep_hits, len(draws))
        total += max(kept, fresh)
        ys = tuple(sum(1 for i in first if deck[i] == k) for k in wanted)
        assert keep_hand(groups, len(deck), hand, n, ys) == (kept >= fresh)
    assert with_mulligan_exact(groups, len(deck), hand, n) == total / len(firsts)
    assert with_mulligan_exact(groups, len(deck), hand, n) > holding_exact(groups, len(deck), n)


@pytest.mark.rule("S-2", "S-6", "S-7", "P-2")
def test_zx_odds_equal_the_formula_and_the_setups_agree(zx_decks) -> None:
    """S-2: the start card is set aside before the draw; S-6: 4 cards; P-2: 2 a turn, none on
    the first player's first turn. The game's own setups fall within the interval."""
    from zxdeck.games.zx.engine.opening import cards_by_turn, opening_odds, parse_odds

    assert cards_by_turn(1, False) == 4 and cards_by_turn(1, True) == 6
    assert cards_by_turn(3, False) == 8 and cards_by_turn(3, True) == 10
    spec = zx_decks["red"].spec
    first = opening_odds(spec, parse_odds("火の粉払い"), 3, False, games=300, seed=5)
    assert first.deck_size == 49 and first.drawn == 8 and first.set_aside  # the start card
    assert first.exact == pytest.approx(1 - comb(46, 8) / comb(49, 8))
    for odds in (first, opening_odds(spec, parse_odds("火の粉払い,紅蓮の業火:2"), 2, True,
                                     games=300, seed=9)):
        for key, exact in (("no_mulligan", odds.exact), ("best_mulligan", odds.exact_mulligan)):
            lo, hi = odds.simulated[key]["interval"]
            assert lo <= exact <= hi, (key, exact, lo, hi)
        assert odds.exact_mulligan >= odds.exact
    two = opening_odds(spec, parse_odds("火の粉払い,紅蓮の業火:2"), 2, True, games=0)
    assert two.exact == pytest.approx(float(holding_exact([(3, 1), (2, 2)], 49, 8)))
    with pytest.raises(ZxError, match="not in the main deck"):
        opening_odds(spec, parse_odds("存在しないカード"), 1, False, games=0)
    with pytest.raises(ZxError, match="NAME:COUNT"):
        parse_odds("火の粉払い:0")


def test_draw_odds_command() -> None:
    r = zx("draw", RED, "--odds", "火の粉払い,紅蓮の業火:2", "--by-turn", "3", "--sims", "50",
           "--format", "json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["player"] == "first" and d["turn"] == 3 and d["drawn"] == 8 and d["deck_size"] == 49
    assert [w["wanted"] for w in d["wanted"]] == [1, 2] and d["simulated"]["games"] == 50
    t = zx("draw", RED, "--odds", "火の粉払い", "--by-turn", "2", "--second", "--sims", "20")
    assert t.returncode == 0 and "going second" in t.stdout and "42.14 %" in t.stdout
    bad = zx("draw", RED, "--second")
    assert bad.returncode == 2 and "go with --odds" in bad.stderr


@pytest.mark.rule("S-2")
def test_asking_for_more_copies_than_the_deck_has_is_an_error(zx_decks, moz_decks) -> None:
    """More copies than the deck has to draw can never be held: one line saying so (exit 2),
    not a 0 % that reads as bad luck; the start card is set aside before the draw (S-2)."""
    from zxdeck.games.moz.deck.odds import moz_odds
    from zxdeck.games.zx.engine.opening import opening_odds, parse_odds

    spec = zx_decks["red"].spec
    with pytest.raises(ZxError, match="火の粉払い:9 asks for 9 copies; the main deck .* has 3 to draw"):
        opening_odds(spec, parse_odds("火の粉払い:9"), 1, False, games=0)
    with pytest.raises(ZxError, match="has 0 to draw \\(the start or gate card is set aside"):
        opening_odds(spec, parse_odds("ZX01-001"), 1, False, games=0)  # red's start card
    assert opening_odds(spec, parse_odds("火の粉払い:3"), 1, False, games=0).exact > 0
    with pytest.raises(ZxError, match="潮騒の竜:2 asks for 2 copies; the zone of the deck has 1"):
        moz_odds(moz_decks["shell_dragons"].setup, [("潮騒の竜", 2)], 1, games=0)
    r = zx("draw", RED, "--odds", "火の粉払い:4")
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and "has 3 to draw" in r.stderr


@pytest.mark.rule("S-3", "T-3", "S-5")
def test_moz_odds_equal_inclusion_exclusion_and_the_engine_agrees(moz_decks) -> None:
    """MOZ (MOZ_RULES S-3: 7 cards; T-3: one a turn, the first turn too; S-5: no mulligan):
    one copy each of two cards among 7 + T of the 50 zone cards."""
    from zxdeck.games.moz.deck.odds import cards_by_turn, moz_odds

    assert cards_by_turn(1) == 8 and cards_by_turn(3) == 10
    cards = moz_decks["shell_dragons"].setup
    res = moz_odds(cards, [("潮騒の竜", 1), ("珊瑚の龍王", 1)], 3, games=300, seed=2)
    n, size = 10, 50
    both = 1 - 2 * comb(size - 1, n) / comb(size, n) + comb(size - 2, n) / comb(size, n)
    assert res["deck_size"] == 50 and res["drawn"] == 10 and res["exact"] == round(both, 6)
    lo, hi = res["simulated"]["interval"]
    assert lo <= res["exact"] <= hi
    r = zx("--game", "moz", "draw", str(ROOT / "examples" / "moz" / "shell_dragons.txt"), "--odds",
           "潮騒の竜", "--by-turn", "1", "--sims", "10")
    assert r.returncode == 0 and "exact 16.00 %" in r.stdout  # 8 of 50 hold the one copy


def test_odds_text_counts_setups_in_words_and_drops_an_empty_simulation(zx_decks, moz_decks) -> None:
    """'1 setup', not '1 setups'; --sims 0 shows the exact figures without a column of '-'."""
    from zxdeck.games.moz.deck.odds import moz_odds, render_moz_odds
    from zxdeck.games.zx.engine.opening import opening_odds, parse_odds, render_odds

    spec = zx_decks["red"].spec
    one = render_odds(opening_odds(spec, parse_odds("火の粉払い"), 1, False, games=1), "red")
    assert "simulated (1 setup)" in one and "1 setups" not in one
    assert "simulated (5 setups)" in render_odds(opening_odds(spec, parse_odds("火の粉払い"), 1, False,
                                                              games=5), "red")
    none = render_odds(opening_odds(spec, parse_odds("火の粉払い"), 1, False, games=0), "red")
    assert "simulated" not in none and "interval" not in none and " - " not in none
    assert "keep the hand" in none and "best mulligan (S-7)" in none
    cards = moz_decks["shell_dragons"].setup
    assert "in 1 setup (" in render_moz_odds(moz_odds(cards, [("潮騒の竜", 1)], 1, games=1), "d")
    assert "in 3 setups (" in render_moz_odds(moz_odds(cards, [("潮騒の竜", 1)], 1, games=3), "d")
