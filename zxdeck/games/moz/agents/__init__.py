"""MOZ computer players: `make_agent("random" | "heuristic" | "mcts[:BUDGET]" | "bot:CMD" |
"easy" | "normal" | "hard", seed)`.

The levels (`play --level`, as for Z/X) name agents: `easy` is the heuristic that plays a random
legal move at half of its decisions, `normal` the heuristic, `hard` the mcts with a budget of
`HARD_BUDGET` iterations (bench/bench_moz_agents.py measures each level against the one below).

An agent has `choose(game) -> Action` returning one of `game.legal_actions()`; the same seed
gives the same choices. `random` and `bot` are the core's agents over the game API
(zxdeck.agents.random_agent, zxdeck.agents.bot: a program speaking JSON Lines, docs/BOTS.md);
`heuristic` and `mcts` are MOZ's own.
"""

from __future__ import annotations

from typing import Any, Protocol

from zxdeck.errors import ZxError
from zxdeck.games.moz.engine import Action, Game

AGENTS = {
    "random": "uniform over the legal actions",
    "heuristic": "knows the rules, the combos and its cards; looks one decision ahead",
    "mcts": "tree search over dealt hidden cards, scored by the heuristic's evaluation; mcts:N sets the budget "
            "(iterations, default 100)",
    "bot": "a program playing over JSON Lines (docs/BOTS.md): bot:COMMAND",
    "easy": "level easy: the heuristic, playing a random legal move at half of its decisions",
    "normal": "level normal: the heuristic",
    "hard": "level hard: mcts with a budget of 200 iterations",
}
LEVELS = ("easy", "normal", "hard")
EASY_NOISE = 0.5  # the share of `easy`'s decisions played at random
HARD_BUDGET = 200  # `hard`'s mcts iterations
BOT_TIMEOUT_MS = 5000  # the `bot` agent's deadline of one answer (as for Z/X)


class Agent(Protocol):
    name: str

    def choose(self, game: Game) -> Action: ...


def make_agent(spec: str, seed: int = 0) -> Any:
    """An agent from its spec (`random`, `heuristic`, `mcts`, `mcts:400`, `bot:COMMAND`);
    ZxError otherwise (a bot whose program is not found too)."""
    name, _, arg = spec.strip().partition(":")
    name = name.strip()
    if name == "random" and not arg:
        from zxdeck.agents.random_agent import RandomAgent

        return RandomAgent(seed)
    if name in ("heuristic", "normal") and not arg:
        from zxdeck.games.moz.agents.heuristic import HeuristicAgent

        return HeuristicAgent(seed)
    if name == "easy" and not arg:
        from zxdeck.games.moz.agents.heuristic import HeuristicAgent

        return HeuristicAgent(seed, noise=EASY_NOISE)
    if name == "hard" and not arg:
        from zxdeck.games.moz.agents.mcts import MctsAgent

        return MctsAgent(seed, budget=HARD_BUDGET)
    if name == "mcts":
        from zxdeck.games.moz.agents.mcts import MctsAgent

        if not arg:
            return MctsAgent(seed)
        if not arg.isdigit() or int(arg) < 1:
            raise ZxError(f"agent mcts: the budget must be a positive integer, not {arg!r}")
        return MctsAgent(seed, budget=int(arg))
    if name == "bot":
        from zxdeck.agents.bot import BotAgent

        if not arg.strip():
            raise ZxError(f"agent {spec!r}: give the command that runs it: bot:COMMAND "
                          "(e.g. bot:python3 examples/bots/random_bot.py)")
        return BotAgent(seed, arg.strip(), BOT_TIMEOUT_MS, game="moz")
    raise ZxError(f"unknown MOZ agent {spec!r} (agents: {', '.join(AGENTS)}; mcts:N sets its budget)")


class AgentFactory:
    """A picklable factory `make(seed)` for a spec (what zxdeck.sim's sides need), with the
    `label` and `to_json()` a run's manifest records."""

    def __init__(self, spec: str) -> None:
        make_agent(spec)  # refuse a bad spec before any game
        self.spec = spec.strip()

    def make(self, seed: int = 0) -> Any:
        return make_agent(self.spec, seed)

    @property
    def label(self) -> str:
        return self.spec

    @property
    def name(self) -> str:
        return self.spec.partition(":")[0].strip()

    def to_json(self) -> dict[str, Any]:
        return {"spec": self.spec, "name": self.name}

    def __str__(self) -> str:
        return self.spec


def parse_agents(text: str) -> list[AgentFactory]:
    """A comma-separated list of specs (`random,heuristic,mcts:50`); a `bot:COMMAND` takes the
    rest of the text (its command line may hold commas), so it comes last."""
    out: list[AgentFactory] = []
    rest = text
    while rest.strip():
        head, comma, tail = rest.partition(",")
        if head.strip().startswith("bot:"):
            out.append(AgentFactory(rest))
            break
        if not head.strip():
            raise ZxError(f"empty agent name in {text!r}")
        out.append(AgentFactory(head))
        rest = tail if comma else ""
    return out
