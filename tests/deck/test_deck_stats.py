"""`zxdeck stats`: counts, cost curve and exact hypergeometric odds (S-6 hand of 4, S-7 mulligan, S-8 life)."""

from __future__ import annotations

from itertools import combinations
from math import comb

import pytest

from zxdeck.deck import parse_text
from zxdeck.deck.stats import deck_stats, hypergeom_at_least, opening_odds, render_stats


@pytest.mark.parametrize(("population", "successes", "draws"), [(10, 3, 4), (8, 0, 4), (6, 6, 4), (7, 2, 3)])
def test_hypergeometric_matches_enumeration(population, successes, draws) -> None:
    """The exact formula agrees with counting every possible draw."""
    cards = [i < successes for i in range(population)]
    hands = list(combinations(cards, draws))
    for k in range(draws + 1):
        expected = sum(sum(h) >= k for h in hands) / len(hands)
        assert hypergeom_at_least(population, successes, draws, k) == pytest.approx(expected)


def test_s8_life_ignition_odds_of_a_legal_deck(catalog, legal_deck) -> None:
    """S-8: 20 ignition cards of 50, at least one among the 4 life cards."""
    stats = deck_stats(parse_text(legal_deck, catalog))
    table = {row["at_least"]: row["probability"] for row in stats["odds"]["life_ignition"]}
    assert table[0] == 1.0
    assert table[1] == pytest.approx(1 - comb(30, 4) / comb(50, 4), abs=1e-4)
    assert table[4] == pytest.approx(comb(20, 4) / comb(50, 4), abs=1e-4)
    assert table[1] > table[2] > table[3] > table[4]


def test_s6_s7_opening_hand_with_and_without_mulligan() -> None:
    """S-6/S-7: a 4-of in 50 cards: 29.1% in 4 cards; the one mulligan when it misses: 1-(1-p)^2."""
    p, with_mulligan = opening_odds(50, 4)
    assert p == pytest.approx(1 - comb(46, 4) / comb(50, 4))
    assert with_mulligan == pytest.approx(1 - (comb(46, 4) / comb(50, 4)) ** 2)
    assert round(p, 3) == 0.291


def test_counts_curve_and_card_odds(catalog, legal_deck) -> None:
    stats = deck_stats(parse_text(legal_deck, catalog), catalog, "Firestorm")
    main = stats["main"]
    assert main["by_color"] == {"red": 46, "blue": 4}
    assert main["cost_curve"]["1"] == 12 and sum(main["cost_curve"].values()) == 50
    assert main["ignition_density"] == 0.4
    assert stats["dunamis"]["by_type"] == {"event_ex": 2, "shift": 2, "zx_ex": 8, "zx_ob": 4}
    card = stats["odds"]["card"]
    assert card["card"] == "T01-005" and card["copies"] == 4
    text = render_stats(stats)
    assert " 1 | " in text and "#" in text and "with mulligan" in text


def test_stats_of_an_empty_deck_do_not_divide_by_zero(catalog) -> None:
    stats = deck_stats(parse_text("", catalog))
    assert stats["main"]["cards"] == 0 and stats["odds"]["life_ignition"] == []
    assert "main 0 cards" in render_stats(stats)
