"""MOZ agents: random, heuristic (knows the combos) and mcts, over the engine's API only."""

from __future__ import annotations

import pytest
from moz_fixture import fixture_deck

from zxdeck.errors import ZxError
from zxdeck.games.moz.agents import AgentFactory, make_agent
from zxdeck.games.moz.agents.heuristic import combo_potential
from zxdeck.games.moz.engine import Action, Game


def play(a: str, b: str, seed: int) -> Game:
    g = Game(fixture_deck(seed % 7), fixture_deck((seed * 3 + 1) % 7), seed=seed, record=False)
    agents = [make_agent(a, seed * 2 + 1), make_agent(b, seed * 2 + 2)]
    while not g.is_over():
        act = agents[g.current_player()].choose(g)
        assert act in g.legal_actions()
        g.apply(act)
    return g


def test_heuristic_beats_random_in_a_seeded_match() -> None:
    """bench/bench_moz_agents.py measures it over many more games (docs/MOZ.md)."""
    wins = 0
    for seed in range(30):
        swap = seed % 2
        g = play("random", "heuristic", seed) if swap else play("heuristic", "random", seed)
        wins += g.winner == (1 if swap else 0)
    assert wins >= 25


def test_agents_are_deterministic_for_a_seed() -> None:
    """N-4: the same seed, decks and agents give the same match."""
    for spec in ("random", "heuristic", "mcts:8"):
        assert play(spec, "random", 3).history == play(spec, "random", 3).history


def test_mcts_plays_legal_moves_to_the_end() -> None:
    g = play("mcts:6", "heuristic", 1)
    assert g.is_over()


def test_combo_potential_sees_a_combo_in_the_hand() -> None:
    """C-2, C-5: the heuristic's estimate needs a help for the bottom and matching beasts."""
    g = Game(fixture_deck(0), fixture_deck(1), seed=0)
    while g.round == 0:
        g.apply(g.legal_actions()[0])
    assert combo_potential(g, 0) in (1, 2, 3, 4, 5, 6)


def test_bad_agent_specs_are_one_clear_error() -> None:
    with pytest.raises(ZxError, match="unknown MOZ agent"):
        make_agent("greedy")
    with pytest.raises(ZxError, match="budget"):
        AgentFactory("mcts:zero")
    assert AgentFactory("mcts:5").make(1).budget == 5


def _special_step(mine: list, theirs: list, card: object) -> Game:
    from moz_scenario import find, ready, summoner, to_special_step

    g = ready(mine + [card], theirs, sum0=[summoner(("火", "水", "風"), speed=9)],
              sum1=[summoner(("火", "水", "風"), speed=1)])
    i = find(g, 0, card)
    g.zone[0].remove(i)
    g.hand[0].append(i)
    to_special_step(g, mine + [None], theirs + [None])
    return g


def test_heuristic_keeps_a_win_special_for_a_round_it_would_lose() -> None:
    """X-2, V-1 step 1: a "win the round" special is used to turn a lost round, not spent on a won one."""
    from moz_scenario import beast, find, support

    from zxdeck.games.moz.agents.heuristic import HeuristicAgent
    from zxdeck.games.moz.engine.actions import NONE

    def win_card() -> object:
        return support("special", abilities=[{"when": "special", "do": [{"op": "result", "outcome": "win"}]}])

    def trio(power: int) -> list:
        return [beast("火", "bird", power), beast("水", "fish", power + 1), beast("風", "insect", power + 2)]

    card = win_card()
    ahead = _special_step(trio(200), trio(10), card)
    assert HeuristicAgent(1).choose(ahead) == NONE
    card = win_card()
    behind = _special_step(trio(10), trio(200), card)
    assert HeuristicAgent(1).choose(behind) == Action("special", find(behind, 0, card))


def test_heuristic_reads_the_power_beasts_will_have() -> None:
    """C-4, P-1: −100 beasts under a summoner that gives +50 make Hurricane (−50 each), not Minus Hurricane."""
    from moz_scenario import beast, ready, set_hand, summoner, support

    from zxdeck.games.moz.agents.heuristic import completions

    buff = summoner(("火", "水", "風"), speed=9, abilities=[{"when": "continuous", "do": [
        {"op": "power", "amount": 50, "target": {"side": "self"}}]}])
    plain = summoner(("火", "水", "風"), speed=9)
    minus = [beast("火", "bird", -100), beast("水", "fish", -100), beast("風", "insect", -100)]
    help_ = support("help")
    for s, key in ((buff, "hurricane"), (plain, "minus_hurricane")):
        g = ready(minus + [help_], sum0=[s])
        set_hand(g, 0, minus + [help_])
        combos = {c.key for c, _, _ in completions(g, 0) if c is not None}
        assert combos == {key}


def test_mcts_needs_evidence_to_overrule_the_heuristic() -> None:
    """N-2 decisions: with one iteration the search has only looked at the heuristic's own choice,
    so it plays it; with more it may differ only where its visits say so."""
    from zxdeck.games.moz.agents.heuristic import HeuristicAgent
    from zxdeck.games.moz.agents.mcts import MctsAgent

    g = Game(fixture_deck(2), fixture_deck(5), seed=4, record=False)
    checked = 0
    while not g.is_over() and checked < 12:
        if len(g.legal_actions()) > 1 and g.decision_kind() in ("place", "special", "pick"):
            assert MctsAgent(7, budget=1).choose(g) == HeuristicAgent(7).choose(g)
            checked += 1
        g.apply(g.legal_actions()[0])
    assert checked > 0


def test_levels_name_agents_and_play_legal_deterministic_matches() -> None:
    """N-4: the levels easy, normal and hard are agent specs; the same seed gives the same match;
    normal is the heuristic, easy plays some of its decisions at random (so its matches differ)."""
    from zxdeck.games.moz.agents import AGENTS, HARD_BUDGET, LEVELS
    from zxdeck.games.moz.agents.heuristic import HeuristicAgent
    from zxdeck.games.moz.agents.mcts import MctsAgent

    assert set(LEVELS) <= set(AGENTS)
    assert type(make_agent("normal", 1)) is HeuristicAgent and make_agent("normal", 1).noise == 0
    assert make_agent("easy", 1).noise > 0
    hard = make_agent("hard", 1)
    assert isinstance(hard, MctsAgent) and hard.budget == HARD_BUDGET
    assert play("normal", "random", 4).history == play("heuristic", "random", 4).history
    easy = play("easy", "random", 4)
    assert easy.history == play("easy", "random", 4).history
    assert easy.history != play("normal", "random", 4).history


def test_easy_is_weaker_than_normal() -> None:
    """bench/bench_moz_agents.py normal:easy measures it over many more games."""
    score = 0
    for seed in range(12):
        swap = seed % 2
        g = play("easy", "normal", seed) if swap else play("normal", "easy", seed)
        score += g.winner == (1 if swap else 0)
    assert score >= 8


def test_the_agent_bench_gives_the_same_scores_for_any_workers() -> None:
    """bench/bench_moz_agents.py --workers N: only the wall time depends on N."""
    import re
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]

    def run(workers: str) -> list[str]:
        r = subprocess.run([sys.executable, str(root / "bench/bench_moz_agents.py"), "--pairs", "2",
                            "--workers", workers, "easy:random", "random:random"],
                           capture_output=True, text=True, timeout=300, cwd=root)
        assert r.returncode == 0, r.stderr
        lines = [x for x in r.stdout.splitlines() if not x.startswith("#")]
        assert len(lines) == 2 and all("s CPU a match" in x for x in lines)
        return [re.sub(r"\(.*\)", "", x) for x in lines]  # the scores, without the timings

    assert run("1") == run("2")
