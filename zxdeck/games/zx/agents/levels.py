"""Named levels for people: `easy`, `normal`, `hard` (`zxdeck play --level`, `--ai2 hard`).

Each level is one agent with fixed settings (`LEVELS`: the spec it stands for), registered
under its own name, so that a game, a save and a tournament say `hard` and mean exactly
the spec below. docs/AI.md gives the measured strength of each and how `hard` spends its
budget (the race: a few dozen playouts where one move is clearly ahead, up to 1200 where
the moves are close; a count of playouts: the same seed replays the same game).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from zxdeck.agents.mcts import Candidate
    from zxdeck.games.zx.engine import Game

HARD_BUDGET = 1200  # the most playouts a decision; the race stops far sooner on clear ones (docs/AI.md)
# The most playouts of a hint: the same race with a smaller cap, so that it answers within a
# second (its close calls get fewer playouts than the computer's own decisions).
HINT_BUDGET = 400
# The agent spec each level stands for (parse_agent syntax).
LEVELS: dict[str, str] = {
    "easy": "greedy-v1",
    "normal": "heuristic",
    "hard": f"mcts:budget={HARD_BUDGET},search=race,horizon=1,width=5",
}


def _make(level: str, seed: int) -> Any:
    from zxdeck.agents import parse_agent

    return parse_agent(LEVELS[level]).make(seed)


def easy(seed: int = 0) -> Any:
    """Level easy: the first one-decision heuristic (greedy-v1); it makes beginner's mistakes."""
    return _make("easy", seed)


def normal(seed: int = 0) -> Any:
    """Level normal: the heuristic agent (every choice scored by the shared evaluation)."""
    return _make("normal", seed)


def hard(seed: int = 0) -> Any:
    """Level hard: the guided search with early cut-offs (mcts search=race, at most 1200 playouts)."""
    return _make("hard", seed)


def hint_seed(game: Game) -> int:
    """The seed of the hint at the current decision: from the game's seed and the number of
    moves made so far, so that a hint is reproducible and draws nothing from the game's own
    generator or from the computer player's."""
    return (game.seed * 0x9E3779B1 + len(game.history) * 0x85EBCA77 + 0x48494E54) & ((1 << 64) - 1)


def hint(game: Game, top: int = 3, budget: int | None = None) -> list[Candidate]:
    """The `hard` level's `top` best choices at the current decision, best first, each with its
    estimated chance of winning (`Candidate.win`), searched with at most `budget` playouts
    (HINT_BUDGET unless given). The search starts from what the player to
    decide sees (the hidden cards in a canonical order, then dealt again at random), with its
    own generator (`hint_seed`): neither the game nor any agent changes."""
    from zxdeck.agents import parse_agent
    from zxdeck.games.zx.engine.rng import Rng

    agent = parse_agent(LEVELS["hard"]).make(0)
    agent.budget = HINT_BUDGET if budget is None else budget
    found = agent.candidates(game, Rng(hint_seed(game)))
    searched = [c for c in found if c.playouts]
    return (searched or found)[:top]


__all__ = ["HARD_BUDGET", "HINT_BUDGET", "LEVELS", "easy", "hard", "hint", "hint_seed", "normal"]
