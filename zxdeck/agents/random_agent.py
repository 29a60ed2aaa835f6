"""The `random` agent: uniform over the legal actions, from its own seeded generator.

It uses the game API alone (`zxdeck.game_api.GameState`), so it plays every game.
"""

from __future__ import annotations

from typing import Any

from zxdeck.action import Action
from zxdeck.rng import Rng


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Any) -> Action:
        acts = game.legal_actions()
        return acts[self.rng.randbelow(len(acts))]
