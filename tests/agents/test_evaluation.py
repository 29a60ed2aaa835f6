"""The shared evaluation (zxdeck/agents/evaluation.py): symmetric, finished games, each term, and
Game.powers() agreeing with Game.power() (A-3) at every decision of seeded games."""

from __future__ import annotations

from pathlib import Path

import pytest
from battle_cards import BIG, RED, SMALL
from dunamis_cards import OB, PC
from scenario import FILLER, Table

from zxdeck.agents import make_agent
from zxdeck.agents.evaluation import FEATURES, WEIGHTS, evaluate, side_features, win_probability
from zxdeck.engine import DeckSpec, Game

ROOT = Path(__file__).resolve().parents[2]


def _f(g: Game, q: int) -> dict[str, float]:
    return dict(zip(FEATURES, side_features(g, q)))


def test_every_feature_has_a_weight_and_life_is_the_unit() -> None:
    assert set(WEIGHTS) == set(FEATURES) and WEIGHTS["life"] == 1.0


def test_evaluation_is_symmetric_and_win_probability_bounded() -> None:
    t = Table()
    t.to_main()
    t.add(RED, 0, "field", 4)
    t.add(SMALL, 1, "field", 7)
    g = t.g
    assert evaluate(g, 0) == pytest.approx(-evaluate(g, 1))
    p0 = win_probability(g, 0)
    assert 0.0 < p0 < 1.0 and p0 == pytest.approx(1.0 - win_probability(g, 1))


def test_w1_finished_game_scores() -> None:
    """W-1: a won game is worth WIN_SCORE, a lost one minus that, and win probability 1 / 0."""
    t = Table()
    g = t.g
    g._end(0, "life")
    assert evaluate(g, 0) > 50 and evaluate(g, 1) < -50
    assert win_probability(g, 0) == 1.0 and win_probability(g, 1) == 0.0


def test_b2_guard_lanes_and_open_lanes() -> None:
    """B-2: a Z/X on the player square is a guard; Z/X next to the opponent's player square are lanes,
    open when the opponent has no guard (and no Z/X OB, O-4); ready while rebooted in one's turn."""
    t = Table()
    t.to_main()
    g = t.g
    t.add(RED, 0, "field", 4)  # lane of player 0 (next to square 7), and a wall (next to square 1)
    f = _f(g, 0)
    assert f["lanes"] == 1 and f["open_lanes"] == 1 and f["ready"] == 1 and f["walls"] == 1
    t.add(SMALL, 1, "field", 7)
    f0, f1 = _f(g, 0), _f(g, 1)
    assert f0["open_lanes"] == 0 and f0["ready"] == 0
    assert f1["guard"] == 1 and f1["guard_power"] == 3.0


def test_o4_ob_makes_immune() -> None:
    """O-4: a Z/X OB on the field: immune, and the opponent's lanes are not open."""
    t = Table(deck1=DeckSpec(main=(FILLER,) * 40, player=PC))
    t.to_main()
    g = t.g
    t.add(RED, 1, "field", 4)
    assert _f(g, 1)["open_lanes"] == 1
    t.add(OB, 0, "field", 6)
    assert _f(g, 0)["immune"] == 1 and _f(g, 1)["open_lanes"] == 0


def test_o4_r1_stall_clock_counts_only_when_both_players_are_immune() -> None:
    """O-4, R-1: with a Z/X OB on both sides nobody can be attacked, so only refreshes end the game:
    `stall_clock` is each player's deck-out clock then (0 otherwise), and a card moved out of the
    cycle (into the resources) shortens it."""
    from zxdeck.agents.evaluation import deck_clock

    deck = DeckSpec(main=(FILLER,) * 40, player=PC)
    t = Table(deck1=deck, deck2=deck)
    t.to_main()
    g = t.g
    t.add(OB, 0, "field", 6)
    assert _f(g, 0)["stall_clock"] == 0 and _f(g, 1)["stall_clock"] == 0
    t.add(OB, 1, "field", 0)
    f0 = _f(g, 0)
    assert f0["stall_clock"] == pytest.approx(deck_clock(g, 0)) and f0["stall_clock"] > 0
    ps = g.players[0]
    deck, cycle, life = len(ps.deck), len(ps.deck) + len(ps.trash) + len(ps.charge) + len(ps.hand), len(ps.life)
    assert deck_clock(g, 0) == pytest.approx(deck / 2 + sum((cycle + k + 1) / 2 for k in range(life - 1)))
    before = evaluate(g, 0)
    ps.resources.append(ps.trash.pop())  # one card of the cycle put into the resources
    assert deck_clock(g, 0) < f0["stall_clock"] and evaluate(g, 0) < before


def test_p6_until_end_of_turn_power_is_left_out() -> None:
    """P-6: power given until the end of the turn does not count as lasting power."""
    t = Table()
    t.to_main()
    g = t.g
    u = t.add(BIG, 0, "field", 3)
    before = _f(g, 0)["power"]
    g.bonus[u] = 4000
    assert g.power(u) == 13000 and _f(g, 0)["power"] == before == 9.0


@pytest.mark.parametrize("seed", [1, 2])
def test_a3_powers_agrees_with_power_at_every_decision(seed: int) -> None:
    """A-3: Game.powers() (one pass) equals power() of each Z/X, at every decision of seeded games
    between the example decks (continuous abilities with conditions included)."""
    from zxdeck.catalog import load_catalog
    from zxdeck.deck import read_deck
    from zxdeck.engine.decks import spec_from_deck

    cat = load_catalog(ROOT / "data" / "cards.yaml")
    specs = [spec_from_deck(read_deck(ROOT / "examples" / "decks" / f"{c}.txt", cat))
             for c in ("red", "blue", "white", "black", "green")]
    checked = 0
    for k in range(5):
        g = Game(specs[k], specs[(k + seed) % 5], seed=seed * 10 + k)
        agents = [make_agent("random", seed), make_agent("heuristic", seed)]
        while not g.is_over():
            got = g.powers()
            assert got == {u: g.power(u) for u in g.squares if u >= 0}
            checked += len(got)
            g.apply(agents[g.current_player()].choose(g))
    assert checked > 100
