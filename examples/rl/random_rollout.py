"""Random-policy rollouts in the PettingZoo environment of zxdeck (pip install 'zxdeck[rl]').

    python3 examples/rl/random_rollout.py [EPISODES]
"""
import sys

import numpy as np

from zxdeck.rl import OBSERVATION_SIZE, env

episodes = int(sys.argv[1]) if len(sys.argv) > 1 else 3
rng = np.random.default_rng(0)  # the policy's own generator: the same rollouts every run
e = env()  # two built-in decks; env(decks=("red.txt", "blue.txt")) plays deck files
print(f"observation: {OBSERVATION_SIZE} numbers; actions: {e.action_space('player_0').n}")
for episode in range(episodes):
    e.reset(seed=episode)
    steps, returns = 0, {agent: 0 for agent in e.agents}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        returns[agent] += reward
        if terminated or truncated:
            action = None
        else:
            legal = np.flatnonzero(obs["action_mask"])  # the legal actions' indices
            action = int(rng.choice(legal))
            steps += 1
        e.step(action)
    game = e.unwrapped.game
    print(f"episode {episode}: {steps} steps, turn {game.turn}, {game.reason}, returns {returns}")
e.close()
