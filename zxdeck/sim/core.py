"""Playing the games of a run: generic over any game with the engine's agent API.

A game is any object with `legal_actions()`, `apply(action)`,
`current_player()` (the seat, 0 or 1) and `is_over()`, and after the end
`winner` (0, 1 or None for a draw). When it also has `reason` (why it
ended), `turn` (turns played) and `first` (the seat that went first) they are
recorded too. An agent is anything with `choose(game)`.

A `Contest` says how to make the games of a paired match between sides A and
B: `new_game(seat0_setup, seat1_setup, seed, first)` (`first`: the seat that
goes first, for games that have one) and each side's setup (for Z/X a
`DeckSpec`) and agent factory (`make(seed) -> agent`, e.g. an `AgentSpec`). A
`Match` is a contest with its master seed and number of games. Everything here
is plain, picklable data: the contests travel once to each worker, and a
worker plays any range of games of any match (`play_chunk`).
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from zxdeck.errors import ZxError
from zxdeck.sim.seeds import agent_seed, first_seat, game_seed, swapped

SIDES = ("a", "b")


class AgentFactory(Protocol):
    def make(self, seed: int) -> Any: ...


@dataclass(frozen=True)
class Side:
    """One side of a match: its display name, what the game needs of it, its agent factory."""

    name: str
    setup: Any
    agent: AgentFactory
    agent_label: str = ""


@dataclass(frozen=True)
class Contest:
    """How to play any game of a paired match between sides `a` and `b`."""

    new_game: Callable[[Any, Any, int, int], Any]
    a: Side
    b: Side
    max_decisions: int = 200_000  # a game that does not end is a failure, not a hang
    # a game's card events (zxdeck.analysis.cards.CardEvents): when set, each record holds
    # `cards` (per side, the cards drawn and played with their first turns: --card-stats)
    cards: Any = None


@dataclass(frozen=True)
class Match:
    """A contest, its master seed and how many games to play (a sim is one match)."""

    contest: Contest
    seed: int
    games: int
    key: str = ""  # names the match in games.jsonl of a tournament


@dataclass(frozen=True)
class GameFailed:
    """A game that raised an exception (or never ended), or a worker that died: which match and
    game, its seed, what happened (`detail`: the traceback, for --debug)."""

    match: int
    index: int
    seed: int
    error: str
    detail: str = ""
    last: int | None = None  # a worker lost while playing games index..last (which one is unknown)
    key: str = ""  # the match's key (tournaments)


@dataclass(eq=False)  # a handle of the inline backend: hashed by identity
class ChunkResult:
    """What a worker sends back: the records of games `start, start+1, ...` it finished, and
    why it stopped early if it did (a failed game, an interrupt)."""

    match: int
    start: int
    records: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0
    failure: GameFailed | None = None
    interrupted: bool = False


def seats(index: int) -> tuple[str, str]:
    """Which side sits in seat 0 and seat 1 in game `index`."""
    return ("b", "a") if swapped(index) else ("a", "b")


def play_one(contest: Contest, master: int, index: int) -> dict[str, Any]:
    """Play game `index` of a match and return its record (the line of games.jsonl)."""
    seed = game_seed(master, index)
    order = seats(index)
    sides = [getattr(contest, s) for s in order]
    probe = None
    if contest.cards is not None:
        game, probe = contest.cards.start(contest.new_game, sides[0].setup, sides[1].setup, seed,
                                          first_seat(master, index))
    else:
        game = contest.new_game(sides[0].setup, sides[1].setup, seed, first_seat(master, index))
    agents = [side.agent.make(agent_seed(seed, seat)) for seat, side in enumerate(sides)]
    decisions = 0
    limit = contest.max_decisions
    try:
        while not game.is_over():
            game.apply(agents[game.current_player()].choose(game))
            decisions += 1
            if decisions > limit:
                raise RuntimeError(f"the game did not end after {limit} decisions")
    finally:  # agents that hold something (a bot's program) let it go, even after a failure
        for agent in agents:
            close = getattr(agent, "close", None)
            if close is not None:
                close(game)
    winner = game.winner
    first = getattr(game, "first", None)
    # answers an external agent did not give in time (docs/BOTS.md), by side
    timeouts = {order[seat]: n for seat, agent in enumerate(agents)
                if (n := getattr(agent, "timeouts", 0))}
    extra: dict[str, Any] = {"timeouts": timeouts} if timeouts else {}
    if probe is not None:
        seen = probe.cards(game)
        extra["cards"] = {side: {name: list(v) for name, v in sorted(seen[order.index(side)].items())}
                          for side in SIDES}
    summary = getattr(game, "sim_summary", None)
    if callable(summary):  # a game's own per-round facts: MOZ's rounds ([first, winner, by speed])
        rounds = summary().get("rounds")
        if rounds is not None:
            extra["rounds"] = [[order[f], None if w is None else order[w], bool(speed)]
                               for f, w, speed in rounds]
    return {
        "index": index,
        "seed": seed,
        "seats": list(order),
        "first": order[first] if isinstance(first, int) and first in (0, 1) else None,
        "winner": order[winner] if winner is not None else None,
        "reason": str(getattr(game, "reason", "") or ""),
        "turns": int(getattr(game, "turn", 0) or 0),
        "decisions": decisions,
        **extra,
    }


def play_chunk(matches: Sequence[Match], match: int, start: int, stop: int,
               should_stop: Callable[[], bool] | None = None,
               playing: Callable[[int, int], None] | None = None) -> ChunkResult:
    """Play games `start..stop-1` of `matches[match]` in order.

    Stops early (keeping the finished games) when a game fails, on Ctrl-C in
    this process, or when `should_stop()` turns true between games.
    `playing(match, index)` is told each game before it is played (index -1 at the end).
    """
    m = matches[match]
    out = ChunkResult(match, start)
    t0 = time.perf_counter()
    for index in range(start, stop):
        if should_stop is not None and should_stop():
            out.interrupted = True
            break
        if playing is not None:
            playing(match, index)
        try:
            record = play_one(m.contest, m.seed, index)
        except KeyboardInterrupt:
            out.interrupted = True
            break
        except Exception as exc:  # reported with the game's index and seed, never lost
            message = str(exc) if isinstance(exc, ZxError) else f"{type(exc).__name__}: {exc}"
            out.failure = GameFailed(match, index, game_seed(m.seed, index), message,
                                     traceback.format_exc(), key=m.key)
            break
        if m.key:
            record = {"match": m.key, **record}
        out.records.append(record)
    if playing is not None:
        playing(match, -1)
    out.seconds = time.perf_counter() - t0
    return out


__all__ = ["ChunkResult", "Contest", "GameFailed", "Match", "SIDES", "Side", "play_chunk",
           "play_one", "seats"]
