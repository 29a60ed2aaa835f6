"""A tiny game on the engine's agent API (Nim: take 1-3 stones, who takes the last one wins), to
show that zxdeck.sim runs any such game, and agents that fail on purpose for its error paths."""

from __future__ import annotations

import os
import random


class Nim:
    """`legal_actions` / `apply` / `current_player` / `is_over` / `clone`, `winner`, `turn`, `first`."""

    def __init__(self, pile0: int, pile1: int, seed: int, first: int = 0) -> None:
        self.stones = pile0 + pile1 + random.Random(seed).randrange(5)
        self.first = first
        self.player = first
        self.turn = 0
        self.winner: int | None = None
        self.reason = ""

    def legal_actions(self) -> list[int]:
        return [] if self.is_over() else list(range(1, min(3, self.stones) + 1))

    def current_player(self) -> int:
        return -1 if self.is_over() else self.player

    def is_over(self) -> bool:
        return self.stones == 0

    def apply(self, take: int) -> None:
        if take not in self.legal_actions():
            raise ValueError(f"illegal action {take}")
        self.stones -= take
        self.turn += 1
        if self.stones == 0:
            self.winner, self.reason = self.player, "last_stone"
        self.player = 1 - self.player

    def clone(self) -> Nim:
        g = Nim.__new__(Nim)
        g.__dict__.update(self.__dict__)
        return g


def new_nim(pile0: int, pile1: int, seed: int, first: int) -> Nim:
    return Nim(pile0, pile1, seed, first)


class RandomNim:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Nim) -> int:
        return self.rng.choice(game.legal_actions())


class PerfectNim:
    """Leaves a multiple of 4 when it can."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Nim) -> int:
        take = game.stones % 4
        return take if take else self.rng.choice(game.legal_actions())


class Factory:
    """An agent factory (`make(seed)`) for a class."""

    def __init__(self, cls: type) -> None:
        self.cls = cls

    def make(self, seed: int) -> object:
        return self.cls(seed)


class _Failing:
    def __init__(self, hard: bool) -> None:
        self.hard = hard

    def choose(self, game: object) -> object:
        if self.hard:
            os._exit(3)  # the worker process dies
        raise RuntimeError("agent blew up")


class FailOn:
    """Makes agents that raise (or end their process, `hard`) in the games of seed `game_seed`."""

    def __init__(self, inner: Factory, game_seed: int, hard: bool = False) -> None:
        self.inner, self.game_seed, self.hard = inner, game_seed, hard

    def make(self, seed: int) -> object:
        from zxdeck.agents.match import agent_seed

        if seed in (agent_seed(self.game_seed, 0), agent_seed(self.game_seed, 1)):
            return _Failing(self.hard)
        return self.inner.make(seed)
