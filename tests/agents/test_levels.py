"""The levels for people (easy, normal, hard), the guided search behind `hard`, and the hint:
reproducible, within its budget, and blind to the hidden cards (Z-4)."""

from __future__ import annotations

from pathlib import Path

import pytest

from zxdeck.agents import AGENTS, agent_summary, make_agent, parse_agent
from zxdeck.agents.heuristic import HeuristicAgent
from zxdeck.agents.levels import LEVELS, hint, hint_seed
from zxdeck.agents.mcts import MctsAgent, action_key, canonical
from zxdeck.engine import Game
from zxdeck.engine.rng import Rng
from zxdeck.errors import ZxError

DECKS = Path(__file__).resolve().parents[2] / "examples" / "decks"


@pytest.fixture(scope="module")
def specs():
    from zxdeck.catalog import open_catalog
    from zxdeck.deck import read_deck
    from zxdeck.engine.decks import spec_from_deck

    cat = open_catalog(None)
    return {c: spec_from_deck(read_deck(str(DECKS / f"{c}.txt"), cat)) for c in ("red", "blue")}


def main_position(specs, seed: int = 3, nth: int = 2) -> Game:
    """The `nth` main phase decision with at least three choices of a heuristic self-play game."""
    g = Game(specs["red"], specs["blue"], seed=seed)
    agents = (HeuristicAgent(1), HeuristicAgent(2))
    seen = 0
    while not g.is_over():
        if g.decision_kind() == "main" and len(g.legal_actions()) >= 3:
            seen += 1
            if seen == nth:
                return g
        g.apply(agents[g.current_player()].choose(g))
    raise AssertionError("no such position")


def test_levels_are_registered_agents_with_a_help_line() -> None:
    for level, spec in LEVELS.items():
        assert level in AGENTS
        assert agent_summary(level).startswith(f"Level {level}:")
        made, direct = make_agent(level, 5), parse_agent(spec).make(5)
        assert type(made) is type(direct) and vars(made).keys() == vars(direct).keys()
    hard = make_agent("hard", 1)
    assert isinstance(hard, MctsAgent) and hard.search == "race"
    assert parse_agent("hard").label == "hard"
    with pytest.raises(ZxError, match="takes no settings"):
        parse_agent("hard:50")
    with pytest.raises(ZxError, match="search must be one of ucb, halving"):
        parse_agent("mcts:search=alphabeta")


def test_guided_search_is_reproducible_and_within_its_budget(specs) -> None:
    g = main_position(specs)
    before = (g.rng.getstate(), list(g.history))
    a1 = MctsAgent(7, budget=40, search="halving", horizon=1, width=4)
    a2 = MctsAgent(7, budget=40, search="halving", horizon=1, width=4)
    c1, c2 = a1.choose(g), a2.choose(g)
    assert c1 == c2 and c1 in g.legal_actions()
    assert a1.last_stats == a2.last_stats and a1.rng.getstate() == a2.rng.getstate()
    assert 0 < a1.last_stats["playouts"] <= 40
    assert (g.rng.getstate(), list(g.history)) == before  # the game itself is untouched
    found = a1.candidates(g, Rng(3))
    # every legal action once (by meaning), the searched ones first with a chance in [0, 1]
    assert sorted(action_key(g, c.action) for c in found) == sorted(
        {action_key(g, a) for a in g.legal_actions()})
    searched = [c for c in found if c.playouts]
    assert 2 <= len(searched) <= 4 and all(0.0 <= c.win <= 1.0 for c in searched)
    assert found[:len(searched)] == searched


def test_race_is_reproducible_within_its_budget_and_agrees_with_its_candidates(specs) -> None:
    g = main_position(specs)
    before = (g.rng.getstate(), list(g.history))
    a1 = MctsAgent(7, budget=60, search="race", horizon=1, width=4)
    a2 = MctsAgent(7, budget=60, search="race", horizon=1, width=4)
    c1, c2 = a1.choose(g), a2.choose(g)
    assert c1 == c2 and c1 in g.legal_actions()
    assert a1.last_stats == a2.last_stats and a1.rng.getstate() == a2.rng.getstate()
    assert 0 < a1.last_stats["playouts"] <= 60
    assert (g.rng.getstate(), list(g.history)) == before
    found = MctsAgent(0, budget=60, search="race", horizon=1, width=4).candidates(g, Rng(3))
    assert sorted(action_key(g, c.action) for c in found) == sorted(
        {action_key(g, a) for a in g.legal_actions()})
    searched = [c for c in found if c.playouts]
    assert 2 <= len(searched) <= 4 and all(0.0 <= c.win <= 1.0 for c in searched)
    assert found[0].playouts == max(c.playouts for c in found)  # the pick was never dropped


def test_race_stops_early_when_no_move_can_be_better_by_the_margin(specs) -> None:
    """With a margin of 1 (no move can be better by a whole chance of winning) every candidate
    but the leader is dropped at the first look, after mcts.RACE_FIRST determinizations; with a
    margin of 0 the same search goes on (to its budget, or until one is clearly ahead)."""
    from zxdeck.agents.mcts import RACE_FIRST

    g = main_position(specs)
    quick = MctsAgent(7, budget=400, search="race", horizon=1, width=4, margin=1.0)
    quick.choose(g)
    searched = [n for n, _ in quick.last_stats["children"].values() if n]
    assert len(searched) == 4 and all(n == RACE_FIRST for n in searched)
    slow = MctsAgent(7, budget=400, search="race", horizon=1, width=4, margin=0.0)
    slow.choose(g)
    assert quick.last_stats["playouts"] < slow.last_stats["playouts"] <= 400


def test_race_same_seed_same_game(specs) -> None:
    """Determinism over a whole game: the race's bounds are counts (determinizations, playouts),
    never times, so the same seeds give the same moves and the same generator states."""
    def game() -> tuple[list, tuple]:
        g = Game(specs["red"], specs["blue"], seed=8)
        race = MctsAgent(4, budget=48, search="race", horizon=1, width=2, margin=0.01)
        players = (race, HeuristicAgent(6))
        while not g.is_over():
            g.apply(players[g.current_player()].choose(g))
        return [str(a) for a in g.history], race.rng.getstate()

    first = game()
    assert len(first[0]) > 20
    assert game() == first


def test_race_cut_off_rule() -> None:
    """A candidate is dropped when the upper end of its paired difference with the leader is
    within the margin: the same values (moves that play out alike), or clearly worse ones."""
    from zxdeck.agents.mcts import _may_beat

    lead = {i: 0.5 + 0.01 * (i % 3) for i in range(16)}
    assert not _may_beat(dict(lead), lead, 0.002)  # plays out the same: equal
    assert not _may_beat({i: v - 0.05 for i, v in lead.items()}, lead, 0.002)  # clearly worse
    noisy = {i: v + (0.2 if i % 2 else -0.2) for i, v in lead.items()}
    assert _may_beat(noisy, lead, 0.002)  # no better on average, but too noisy to tell yet
    assert _may_beat({0: 0.9}, {0: 0.1}, 0.002)  # one common determinization: cannot tell
    assert _may_beat({i: v + 0.01 for i, v in lead.items()}, lead, 0.002)  # ahead of the leader


def test_z4_the_search_sees_only_what_the_player_sees(specs) -> None:
    """Z-4: two games that differ only in where the hidden cards are (the opponent's hand,
    deck, life and face-down dunamis, the player's own deck and life) give the same hint."""
    g = main_position(specs)
    me = g.current_player()
    other = g.determinize(me, Rng(99))
    assert other.observation(me) == g.observation(me)
    opp = 1 - me
    assert (other.players[opp].hand, other.players[me].deck) != (g.players[opp].hand, g.players[me].deck)
    c1 = canonical(g, me)
    c2 = canonical(other, me)
    assert c1.players[opp].hand == c2.players[opp].hand and c1.players[me].deck == c2.players[me].deck
    h1, h2 = hint(g, budget=24), hint(other, budget=24)
    assert [(action_key(g, c.action), c.win, c.playouts) for c in h1] == \
        [(action_key(other, c.action), c.win, c.playouts) for c in h2]


def test_hint_is_reproducible_and_changes_nothing(specs) -> None:
    g = main_position(specs)
    state, moves = g.rng.getstate(), list(g.history)
    first = hint(g, budget=24)
    assert hint(g, budget=24) == first
    assert 1 <= len(first) <= 3 and all(c.action in g.legal_actions() for c in first)
    # the search's own pick first: the last survivor of the halving, with the most playouts
    assert first[0].playouts == max(c.playouts for c in first)
    assert (g.rng.getstate(), g.history) == (state, moves)
    # another decision of the same game gets another generator
    g2 = g.clone()
    g2.apply(first[0].action)
    assert hint_seed(g2) != hint_seed(g)
