"""Agent specs (`greedy`, `mcts:200`, `mcts --budget 200`): parsing, settings, errors, pickling."""

from __future__ import annotations

import pickle

import pytest

from zxdeck.agents import AGENTS, Setting, make_agent, parse_agent, parse_agents, register
from zxdeck.errors import ZxError


@pytest.mark.parametrize("text", ["mcts:50", "mcts --budget 50", "mcts --budget=50", "mcts:budget=50",
                                  " mcts:50 "])
def test_every_spelling_of_a_setting_is_the_same_spec(text: str) -> None:
    spec = parse_agent(text)
    assert spec == parse_agent("mcts:50") and spec.label == "mcts:50"
    assert spec.settings == (("budget", 50),)
    assert make_agent(text, 3).budget == 50


def test_settings_are_typed_ordered_and_complete_in_json() -> None:
    spec = parse_agent("mcts --epsilon 0.25 --budget 8 --rollout-limit 9")
    assert spec.settings == (("budget", 8), ("epsilon", 0.25), ("rollout_limit", 9))
    assert spec.label == "mcts:budget=8,epsilon=0.25,rollout_limit=9"
    assert parse_agent(spec.label) == spec
    agent = spec.make(1)
    assert (agent.budget, agent.epsilon, agent.rollout_limit, agent.horizon) == (8, 0.25, 9, 2)
    assert spec.to_json() == {"spec": spec.label, "name": "mcts", "settings": {
        "budget": 8, "epsilon": 0.25, "exploration": 0.7, "horizon": 2, "rollout_limit": 9,
        "search": "ucb", "width": 6, "margin": 0.002}}
    assert parse_agent("greedy").to_json() == {"spec": "greedy", "name": "greedy", "settings": {}}


def test_agent_lists_keep_named_settings_together() -> None:
    specs = parse_agents("random,greedy,mcts:200,mcts:budget=5,epsilon=0.5")
    assert [s.label for s in specs] == ["random", "greedy", "mcts:200", "mcts:budget=5,epsilon=0.5"]


@pytest.mark.parametrize(("text", "message"), [
    ("gredy", "unknown agent 'gredy' (did you mean 'greedy'? known: bot, easy, greedy, greedy-v1, hard, heuristic, mcts, normal, random)"),
    ("", "empty agent name"),
    ("greedy:5", "agent greedy takes no settings (got '5')"),
    ("greedy --budget 5", "agent greedy takes no settings (got 'budget')"),
    ("mcts --budjet 5", "agent mcts has no setting 'budjet' (its settings: budget, epsilon, "
                        "exploration, horizon, rollout-limit, search, width, margin)"),
    ("mcts:many", "agent mcts: budget must be an integer, not 'many'"),
    ("mcts:0", "agent mcts: budget must be >= 1, not '0'"),
    ("mcts:epsilon=1.5", "agent mcts: epsilon must be between 0 and 1, not '1.5'"),
    ("mcts:epsilon=nan", "agent mcts: epsilon must be a number, not 'nan'"),
    ("mcts --budget", "--budget needs a value"),
    ("mcts 200", "expected --SETTING VALUE, got '200'"),
    ("mcts:budget=1,budget=2", "agent mcts: budget given twice"),
    ("mcts:", "nothing after ':'"),
    ("mcts --budget '5", "No closing quotation"),
])
def test_bad_specs_are_one_clear_error(text: str, message: str) -> None:
    with pytest.raises(ZxError) as info:
        parse_agent(text)
    assert message in info.value.message and info.value.exit_code == 2


class Counting:
    """A module-level agent (picklable by reference) with a declared setting."""

    name = "counting"

    def __init__(self, seed: int, step: int = 1) -> None:
        self.seed, self.step = seed, step

    def choose(self, game):
        return game.legal_actions()[0]


def test_registered_agents_get_specs_and_travel_by_pickle() -> None:
    register("counting", Counting, settings=(Setting("step", int, 1, "how far", minimum=1),),
             primary="step")
    try:
        spec = parse_agent("counting:3")
        copy = pickle.loads(pickle.dumps(spec))
        agent = copy.make(11)
        assert (agent.seed, agent.step) == (11, 3) and copy.label == "counting:3"
        with pytest.raises(ZxError, match="step must be >= 1"):
            parse_agent("counting:0")
    finally:
        del AGENTS["counting"]
    with pytest.raises(ValueError, match="primary setting"):
        register("broken", Counting, primary="nope")
