"""Playing a whole Z/X game between two agents (`play_game`; `zxdeck play --auto`, tests).

Many games of any game are played by zxdeck.sim over the game API; this is the one-game loop of
the Z/X engine, with its listener (the JSON Lines log) and its first-player choice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from zxdeck.agents import Agent, make_agent
from zxdeck.games.zx.engine import Game
from zxdeck.games.zx.engine.state import DeckSpec
from zxdeck.sim.seeds import agent_seed  # the same for every game (kept importable from here)


def play_game(
    p1: DeckSpec,
    p2: DeckSpec,
    agents: tuple[str, str] | tuple[Agent, Agent] = ("greedy", "greedy"),
    seed: int = 0,
    turn_limit: int = 100,
    listener: Callable[[Game, str, dict[str, Any]], None] | None = None,
    max_decisions: int = 1_000_000,
    first: int | None = None,
) -> Game:
    """Play p1 vs p2 to the end; the same seed, decks and agents give the same game.

    `first` (0 or 1) decides who goes first instead of the seeded coin flip (S-5)."""
    players = [make_agent(a, agent_seed(seed, i)) if isinstance(a, str) else a
               for i, a in enumerate(agents)]
    g = Game(p1, p2, seed=seed, turn_limit=turn_limit, listener=listener, first=first)
    n = 0
    try:
        while not g.is_over():
            g.apply(players[g.current_player()].choose(g))
            n += 1
            if n > max_decisions:
                raise RuntimeError("game did not end")
    finally:  # agents holding a program (the `bot` agent) tell it the result and stop it
        for agent in players:
            close = getattr(agent, "close", None)
            if close is not None:
                close(g)
    return g
