"""The `random` MOZ agent: uniform over the legal actions, from its own seeded generator."""

from __future__ import annotations

from zxdeck.games.moz.engine import Action, Game
from zxdeck.rng import Rng


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game) -> Action:
        acts = game.legal_actions()
        return acts[self.rng.randbelow(len(acts))]
