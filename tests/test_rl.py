"""The PettingZoo AEC environment (zxdeck.rl, docs/RL.md): PettingZoo's own API test, the
observation layout and mask, hidden information, rewards, truncation and determinism."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")

import numpy as np  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from zxdeck.rl import (  # noqa: E402
    LAYOUT,
    MAX_ACTIONS,
    OBSERVATION_SIZE,
    SQUARE_FEATURES,
    encode,
    env,
    raw_env,
)

ROOT = Path(__file__).resolve().parent.parent
DECKS = (ROOT / "examples" / "decks" / "red.txt", ROOT / "examples" / "decks" / "blue.txt")


def rollout(e, seed: int, policy_seed: int) -> tuple[list[int], dict[str, float]]:
    rng = np.random.default_rng(policy_seed)
    e.reset(seed=seed)
    actions, returns = [], dict.fromkeys(e.agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        returns[agent] += reward
        assert e.observation_space(agent).contains(obs)
        if terminated or truncated:
            e.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        actions.append(action)
        e.step(action)
    return actions, returns


@pytest.mark.filterwarnings("ignore:Observation:UserWarning")  # a Dict space, as in classic envs
@pytest.mark.parametrize("decks", [None, DECKS], ids=["built-in", "example-decks"])
def test_pettingzoo_api_test_passes(decks) -> None:
    api_test(env(decks=decks), num_cycles=300, verbose_progress=False)


def test_the_layout_adds_up_and_the_mask_is_the_legal_actions() -> None:
    assert sum(n for _, n in LAYOUT) == OBSERVATION_SIZE
    e = raw_env()
    e.reset(seed=3)
    g = e.game
    for _ in range(200):
        if g.is_over():
            break
        agent = e.agent_selection
        assert agent == f"player_{g.current_player()}"
        obs = e.observe(agent)
        other = e.observe(f"player_{1 - g.current_player()}")
        n = len(g.legal_actions())
        assert obs["observation"].shape == (OBSERVATION_SIZE,)
        assert obs["observation"].dtype == np.float32 and (obs["observation"] >= 0).all()
        assert obs["action_mask"].tolist() == [1] * min(n, MAX_ACTIONS) + [0] * (MAX_ACTIONS - min(n, MAX_ACTIONS))
        assert not other["action_mask"].any()  # only the agent to act has legal actions
        assert e.infos[agent]["legal_actions"] == n
        assert len(e.unwrapped.legal_action_texts()) == min(n, MAX_ACTIONS)
        e.step(n - 1)


def test_the_opponents_hidden_hand_does_not_change_the_observation() -> None:
    """Hidden information (Z-4): player 1's vector depends on the size of p1's hand, not on
    which cards are in it."""
    e = raw_env()
    e.reset(seed=4)
    g = e.game
    while g.turn < 2 and not g.is_over():  # into the game, both hands dealt
        e.step(0)
    seen = encode(g, 1)
    hand, deck = g.players[0].hand, g.players[0].deck
    swapped = [c for c in deck if g.cards[c].id not in {g.cards[h].id for h in hand}][: len(hand)]
    assert len(swapped) == len(hand)
    g.players[0].hand, g.players[0].deck = swapped, hand + deck[len(hand):]
    assert np.array_equal(encode(g, 1), seen)
    assert not np.array_equal(encode(g, 0), encode(g, 1))


def test_the_field_is_seen_from_the_viewers_side() -> None:
    """Square s of the engine is index s for p1 and 8 - s for p2: each sees its own row first."""
    e = raw_env(decks=DECKS)
    e.reset(seed=5)
    g = e.game
    while not g.is_over() and len({g.owner[u] for u in g.squares if u >= 0}) < 2:
        e.step(len(g.legal_actions()) - 1)
    units = {sq: g.owner[u] for sq, u in enumerate(g.squares) if u >= 0}
    assert set(units.values()) == {0, 1}
    names = [name for name, _ in LAYOUT]
    start = sum(n for _, n in LAYOUT[: names.index("field")])
    k = len(SQUARE_FEATURES)
    for viewer in (0, 1):
        vec = encode(g, viewer)[start:start + 9 * k].reshape(9, k)
        for sq in range(9):
            index = sq if viewer == 0 else 8 - sq
            occupied, mine = vec[index][0], vec[index][1]
            assert occupied == (sq in units)
            assert mine == (units.get(sq) == viewer)


def test_rewards_at_the_end_and_the_same_seed_replays_the_same_episode() -> None:
    e = env()
    first = rollout(e, seed=7, policy_seed=1)
    game = e.unwrapped.game
    assert game.is_over()
    if game.winner is None:
        assert first[1] == {"player_0": 0, "player_1": 0}
    else:
        assert first[1][f"player_{game.winner}"] == 1 and first[1][f"player_{1 - game.winner}"] == -1
    assert rollout(e, seed=7, policy_seed=1) == first
    assert rollout(e, seed=8, policy_seed=1) != first


def test_the_turn_limit_truncates_as_a_draw() -> None:
    """W-3: a game that reaches the turn limit is a draw, reported as a truncation."""
    e = env(turn_limit=1)
    e.reset(seed=2)
    ends = []
    for agent in e.agent_iter():
        _, reward, terminated, truncated, info = e.last()
        if terminated or truncated:
            ends.append((agent, reward, terminated, truncated, info["reason"]))
            e.step(None)
        else:
            e.step(0)
    assert sorted(ends) == [("player_0", 0, False, True, "turn_limit"),
                            ("player_1", 0, False, True, "turn_limit")]


def test_an_illegal_action_ends_the_game_against_the_agent_that_played_it() -> None:
    e = env()
    e.reset(seed=1)
    agent = e.agent_selection
    n = int(e.observe(agent)["action_mask"].sum())
    e.step(n)  # just past the legal ones
    assert e.rewards[agent] == -1 and all(e.terminations.values())
