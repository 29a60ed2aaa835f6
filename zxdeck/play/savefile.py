"""Save files of terminal games: the engine's replay record (seed + decks + actions) plus who plays.

A save file is the JSON of `zxdeck.engine.replay.record(game)` with one more
key, `"play"`: the person's side, the computer's agent name, budget and seed,
the state of the agent's random generator (so a resumed game continues
exactly as it would have), and the log file. `zxdeck replay` reads it too.
It is rewritten (atomically) after every move, so nothing is lost.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zxdeck.catalog.source import CardSource
from zxdeck.engine import Game
from zxdeck.engine.replay import FORMAT, record, replay
from zxdeck.engine.rng import Rng
from zxdeck.errors import ZxError


@dataclass
class PlaySetup:
    """Who plays a terminal game: the person's side and the computer opponent."""

    human: int = 0
    ai: str = "greedy"
    budget: int | None = None
    agent_seed: int = 0
    log: str | None = None
    conceded: bool = False


def make_opponent(setup: PlaySetup) -> Any:
    """The computer agent of a game (mcts takes the budget)."""
    from zxdeck.agents import make_agent

    agent = make_agent(setup.ai, setup.agent_seed)
    if setup.budget is not None and hasattr(agent, "budget"):
        agent.budget = setup.budget
    return agent


def _rng_state(agent: Any) -> int | None:
    """The agent's generator state (one integer, zxdeck.engine.rng)."""
    rng = getattr(agent, "rng", None)
    return rng.getstate() if isinstance(rng, Rng) else None


def _set_rng_state(agent: Any, state: int | None) -> None:
    rng = getattr(agent, "rng", None)
    if state is not None and isinstance(rng, Rng):
        rng.setstate(state)


def save_game(path: str | Path, game: Game, setup: PlaySetup, agent: Any) -> None:
    """Write the game and its players to `path` (atomically: a crash never leaves half a file)."""
    data = record(game)
    data["play"] = {
        "human": setup.human, "ai": setup.ai, "budget": setup.budget,
        "agent_seed": setup.agent_seed, "agent_rng": _rng_state(agent), "log": setup.log,
        "conceded": setup.conceded,
    }
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(json.dumps(data, ensure_ascii=False) + "\n", encoding="utf-8")
        os.replace(tmp, path)
    except OSError as exc:
        raise ZxError(f"{path}: cannot save the game: {exc.strerror}") from None


def read_save(path: str | Path) -> dict[str, Any]:
    """The JSON of a save (or `play --save`) file; ZxError naming the file when it is not one."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ZxError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ZxError(f"{path}: cannot read: {exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ZxError(f"{path}: not a saved game (JSON error line {exc.lineno}: {exc.msg})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ZxError(f"{path}: not a saved game (expected format {FORMAT})")
    if not isinstance(data.get("actions"), list) or not isinstance(data.get("decks"), list) \
            or len(data["decks"]) != 2:
        raise ZxError(f"{path}: damaged saved game (decks or actions missing)")
    return data


def load_game(path: str | Path, catalog: CardSource, listener: Any = None) -> tuple[Game, PlaySetup, Any]:
    """Rebuild a saved game move by move, with its setup and its computer agent as they were."""
    data = read_save(path)
    info = data.get("play") or {}
    try:
        setup = PlaySetup(
            human=int(info.get("human", 0)), ai=str(info.get("ai", "greedy")),
            budget=int(info["budget"]) if info.get("budget") is not None else None,
            agent_seed=int(info.get("agent_seed", 0)), log=info.get("log"),
            conceded=bool(info.get("conceded", False)),
        )
        if setup.human not in (0, 1):
            raise ValueError("human must be 0 or 1")
        game = replay(data, catalog, listener)
    except ZxError as exc:
        raise ZxError(f"{path}: {exc.message}") from None
    except (KeyError, TypeError, ValueError) as exc:
        raise ZxError(f"{path}: damaged saved game ({type(exc).__name__}: {exc})") from None
    agent = make_opponent(setup)
    try:
        _set_rng_state(agent, info.get("agent_rng"))
    except ValueError as exc:
        raise ZxError(f"{path}: damaged saved game (agent_rng: {exc})") from None
    return game, setup, agent


__all__ = ["PlaySetup", "load_game", "make_opponent", "read_save", "save_game"]
