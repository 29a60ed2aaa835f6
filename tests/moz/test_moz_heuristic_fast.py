"""The faster MOZ heuristic (issue 21) against what it replaces: its evaluation and completions
give the same numbers as the frozen old heuristic (bench/pinned_moz/), a placement valued
without being played (`_Planner`) gives exactly what playing it and evaluating says, the
look-ahead does not read a hidden card (N-3), and the engine's shortcuts for a look-ahead copy
(`apply(check=False)`, the continuous effects kept across a deal or shared between copies, the
clone) change no game."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from moz_fixture import fixture_deck

from zxdeck.agents.random_agent import RandomAgent
from zxdeck.games.moz.agents import heuristic as H
from zxdeck.games.moz.engine import Game
from zxdeck.rng import Rng

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def pinned():
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from pinned_moz import heuristic
    finally:
        sys.path.remove(str(ROOT / "bench"))
    return heuristic


def positions(n_games: int, seed0: int = 0):
    """Every decision of seeded matches of the heuristic (odd seeds) or random (even) against random."""
    for s in range(seed0, seed0 + n_games):
        g = Game(fixture_deck(s % 7), fixture_deck((s * 3 + 1) % 7), seed=s, record=False)
        agents = [H.HeuristicAgent(s) if s % 2 else RandomAgent(s), RandomAgent(s + 100)]
        while not g.is_over():
            yield g
            g.apply(agents[g.current_player()].choose(g))


def test_evaluation_and_completions_are_the_old_ones(pinned) -> None:
    """The speed-up keeps the evaluation: the same completions and the same value, both seats."""
    n = 0
    for g in positions(8):
        for p in (0, 1):
            assert H.completions(g, p) == pinned.completions(g, p)
            assert H.evaluate(g, p) == pytest.approx(pinned.evaluate(g, p), abs=1e-9)
            n += 1
    assert n > 500


def test_planner_values_a_placement_as_playing_it_does() -> None:
    """`_Planner.value` equals `evaluate` after the placement is played (its partner chosen as
    the heuristic chooses it), for every placement it can value."""
    agent = H.HeuristicAgent(0)
    checked = kinds = 0
    seen = set()
    for g in positions(16, 40):
        p = g.current_player()
        if g.decision_kind() != "place" or not H.HeuristicAgent._stops_at_next(g, p):
            continue
        planner = H._Planner(g, p)
        for a in g.legal_actions():
            if not planner.can(a):
                continue
            c = g.clone()
            c.apply(a)
            assert planner.value(a) == pytest.approx(agent._after(c, p), abs=1e-6), a
            checked += 1
            seen.add((a.kind, a.b == 3))
    kinds = len(seen)
    assert checked > 300
    assert kinds >= 4  # beasts, helps on the bottom, pairs and face-down cards were all checked


def test_look_ahead_reads_no_hidden_card() -> None:
    """N-3: where every action is valued without a copy, the choice is the same in the real game
    and in any deal of what the player cannot see."""
    compared = 0
    for g in positions(10, 70):
        p = g.current_player()
        acts = g.legal_actions()
        if g.decision_kind() != "place" or len(acts) < 2 or not H.HeuristicAgent._stops_at_next(g, p):
            continue
        planner = H._Planner(g, p)
        if not all(planner.can(a) for a in acts):
            continue
        want = H.HeuristicAgent(5).choose(g)
        for k in range(3):
            dealt = g.determinize(p, Rng(k))
            assert H.HeuristicAgent(5).choose(dealt) == want
        compared += 1
    assert compared > 50


def test_a_deal_keeps_the_continuous_effects() -> None:
    """`determinize` carries the cached continuous effects over to the deal (speed only): they
    are what computing them afresh in the deal gives."""
    for i, g in enumerate(positions(6, 90)):
        g.totals()  # fills the cache
        d = g.determinize(i % 2, Rng(i))
        assert d._cont_cache is not None and d._cont_cache[0][0] == id(d.cards)
        assert d._continuous() == d._compute_continuous()


def test_the_shared_continuous_table_gives_what_computing_afresh_gives() -> None:
    """The continuous effects of a board (P-1, T-8), shared between every copy and deal with the
    same card objects on the same places (speed only): at every decision of seeded matches, and
    in deals of them (other cards face down, other hidden cards), the value read from the
    shared table is what computing it in that very game gives."""
    n = 0
    for i, g in enumerate(positions(10, 120)):
        for c in (g, g.determinize(i % 2, Rng(i)), g.determinize(1 - i % 2, Rng(i + 7))):
            c = c.clone()
            c._cont_cache = None  # read the shared table (filled by the other games and deals)
            assert c._continuous() == c._compute_continuous()
            n += 1
    assert n > 300


def test_clone_is_an_equal_independent_copy() -> None:
    """`Game.clone` copies every field (the record and the card listener left out, the cards
    shared) and shares no list, set or dict that play mutates with the original."""
    for g in positions(4, 200):
        c = g.clone()
        skip = {"events", "records", "on_card", "rng"}
        for k, v in g.__dict__.items():
            if k not in skip:
                assert c.__dict__[k] == v, k
        assert set(c.__dict__) == set(g.__dict__)
        assert c.rng is not g.rng and c.rng.state == g.rng.state
        for k, v in g.__dict__.items():
            # the cards are shared (a deal replaces the list); last_result is replaced, never
            # changed, before a round's end writes into it
            if isinstance(v, (list, set, dict)) and k not in ("cards", "last_result"):
                assert c.__dict__[k] is not v, k
                if isinstance(v, list):
                    for a, b in zip(v, c.__dict__[k], strict=True):
                        if isinstance(a, list) and k not in ("rounds",):
                            assert a is not b, k
        c.faces[0][0].append(-5)
        c.hand[1].append(-5)
        assert -5 not in g.faces[0][0] and -5 not in g.hand[1]


def test_unchecked_apply_plays_what_apply_plays() -> None:
    """`apply(check=False)` (a look-ahead's own legal action) plays what `apply` plays."""
    for s in range(4):
        a = Game(fixture_deck(s), fixture_deck(s + 2), seed=s, record=False)
        b = a.clone()
        r = RandomAgent(s)
        while not a.is_over():
            act = r.choose(a)
            a.apply(act)
            b.apply(act, check=False)
            assert (b.history, b.vp, b.round, b.decision, b.hand) == (a.history, a.vp, a.round, a.decision, a.hand)
        assert b.is_over() and b.winner == a.winner


def test_pinned_engine_plays_the_same_games(pinned) -> None:
    """bench/pinned_moz/game.py (the engine before issue 21, the speed baseline) and the current
    engine give the same matches for the same seeds, decks and agents (N-4)."""
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        from pinned_moz.game import Game as OldGame
    finally:
        sys.path.remove(str(ROOT / "bench"))
    for s in range(3):
        games = []
        for cls in (Game, OldGame):
            g = cls(fixture_deck(s), fixture_deck(s + 3), seed=s, record=False)
            agents = [pinned.HeuristicAgent(s), RandomAgent(s + 1)]
            while not g.is_over():
                g.apply(agents[g.current_player()].choose(g))
            games.append(g)
        assert [a.to_json() for a in games[0].history] == [a.to_json() for a in games[1].history]
        assert (games[0].winner, games[0].vp) == (games[1].winner, games[1].vp)


def test_bench_prints_speed_and_scores_as_json(tmp_path) -> None:
    """bench/bench_moz_agents.py --speed and a matchup, small: both printed and in the JSON."""
    import json
    import subprocess

    out = tmp_path / "r.json"
    res = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_moz_agents.py"), "--speed", "1",
                          "--speed-matches", "1", "--pairs", "1", "--workers", "2", "random:random",
                          "--json", str(out)], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert res.returncode == 0, res.stderr
    assert "heuristic speed" in res.stdout and "random vs random: " in res.stdout
    data = json.loads(out.read_text(encoding="utf-8"))
    assert data["speed"]["ratio"] > 0 and set(data["speed"]["median"]) == {"old", "pinned_on_new_engine", "new"}
    m = data["matchups"][0]
    assert (m["a"], m["b"], m["games"]) == ("random", "random", 2)
    assert 0 <= m["wilson95"][0] <= m["rate"] <= m["wilson95"][1] <= 1


def test_bench_profiles_the_heuristic() -> None:
    """bench/bench_moz_agents.py --profile 1: the cProfile table of one match, the heuristic's
    and the engine's functions in it."""
    import subprocess

    res = subprocess.run([sys.executable, str(ROOT / "bench" / "bench_moz_agents.py"), "--profile", "1",
                          "--pairs", "0", "--seed", "5000"], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert res.returncode == 0, res.stderr
    assert "profile of the heuristic against itself, 1 matches" in res.stdout
    assert "tottime" in res.stdout and "moz/engine/game.py" in res.stdout
