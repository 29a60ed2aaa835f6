"""Every registered game satisfies the game API (zxdeck.game_api) with a real game: each method
of `GameState`, the seed + action list replaying the same game, hidden information kept out of
`observation(player)` (Z/X Z-4 / MOZ N-3), and the adapter the tools use."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from zxdeck.action import Action
from zxdeck.agents.random_agent import RandomAgent
from zxdeck.game_api import STATE_ATTRIBUTES, STATE_METHODS, GameState, check_state
from zxdeck.games import GAMES, adapter
from zxdeck.rng import Rng

REPO = Path(__file__).resolve().parent.parent


def _decks(key: str) -> tuple[object, object]:
    if key == "zx":
        from zxdeck.catalog import open_catalog
        from zxdeck.sim.zx import load_deck

        cat = open_catalog(())
        return (load_deck(str(REPO / "examples/decks/red.txt"), cat).setup,
                load_deck(str(REPO / "examples/decks/blue.txt"), cat).setup)
    if key == "moz":
        from zxdeck.games.moz.catalog.loader import open_catalog

        cat = open_catalog(None)
        a = adapter("moz")
        return (a.load_deck(str(REPO / "examples/moz/shell_dragons.txt"), cat).setup,
                a.load_deck(str(REPO / "examples/moz/flame_thunder.txt"), cat).setup)
    raise AssertionError(f"no test decks for the game {key!r}: add them here")


def _hidden_hand(obs: dict, seat: int) -> object:
    """The opponent's hand as `obs` shows it: both games show their hand size only."""
    return obs["players"][seat]["hand"]


@pytest.mark.parametrize("key", list(GAMES))
def test_state_implements_the_game_api(key: str) -> None:
    """N-3, N-4 (MOZ), Z-4 (Z/X): the API on a whole random game."""
    rules = adapter(key)
    assert rules.key == key
    p1, p2 = _decks(key)
    game = rules.new_game(p1, p2, 11, rules.default_turn_limit)
    assert check_state(game) == [], f"{key}: missing {check_state(game)}"
    assert isinstance(game, GameState)
    for name in STATE_METHODS:
        assert callable(getattr(game, name))
    for name in STATE_ATTRIBUTES:
        assert hasattr(game, name)
    assert game.seed == 11 and game.history == []
    agents = [RandomAgent(1), RandomAgent(2)]
    decisions = 0
    saw_hidden = False
    while not game.is_over():
        p = game.current_player()
        assert p in (0, 1)
        legal = game.legal_actions()
        assert legal and all(isinstance(a, Action) for a in legal)
        assert rules.prompt(game)
        assert all(rules.describe_action(game, a) for a in legal)
        if decisions % 7 == 0:
            mine, theirs = game.observation(p), game.observation(1 - p)
            json.dumps(mine, ensure_ascii=False)  # JSON-able
            # the opponent's hand: its size only, never its cards
            assert isinstance(_hidden_hand(mine, 1 - p), int)
            assert isinstance(_hidden_hand(theirs, 1 - p), list)
            assert mine["players"][1 - p]["hand_iids"] is None
            assert theirs["players"][1 - p]["hand_iids"] == list(theirs["players"][1 - p]["hand_iids"])
            saw_hidden = saw_hidden or bool(_hidden_hand(theirs, 1 - p))
            # clone: independent of the original
            copy = game.clone()
            copy.apply(legal[-1])
            assert len(game.history) == decisions and len(copy.history) == decisions + 1
            # determinize: the viewer's own view stays the same
            dealt = game.determinize(p, Rng(decisions))
            assert dealt.observation(p)["players"][p]["hand"] == mine["players"][p]["hand"]
            assert dealt.legal_actions() == legal or dealt.current_player() == p
        action = agents[p].choose(game)
        assert action in legal
        game.apply(action)
        decisions += 1
    assert saw_hidden
    assert game.legal_actions() == [] and game.current_player() == -1
    assert game.winner in (0, 1, None)
    assert isinstance(game.reason, str) and game.reason
    assert len(game.returns()) == 2
    # seed + action list: the same game again
    again = rules.replay(p1, p2, 11, list(game.history), rules.default_turn_limit)
    assert again.is_over() and again.winner == game.winner and again.turn == game.turn
    assert again.observation(0) == game.observation(0)
    # an action that is not legal is refused
    fresh = rules.new_game(p1, p2, 11, rules.default_turn_limit)
    with pytest.raises(Exception, match="legal"):
        fresh.apply(Action("no-such-action", 99, 99))


@pytest.mark.parametrize("key", list(GAMES))
def test_adapter_agents(key: str) -> None:
    """Each game makes agents by spec, with a label and a manifest entry; random plays every game."""
    rules = adapter(key)
    assert "random" in rules.agent_names()
    spec = rules.parse_agent("random")
    assert spec.label == "random" and spec.to_json()["spec"] == "random"
    p1, p2 = _decks(key)
    game = rules.factory(rules.default_turn_limit)(p1, p2, 3, 0)
    a, b = spec.make(5), spec.make(5)
    assert a.choose(game) == b.choose(game)
