"""The games zxdeck knows, by key, each named by the module path of its package.

The core never imports a game module statically: `game_module(key)` imports it on first use
(so `zxdeck validate` of a Z/X deck never loads MOZ code, and the reverse). A game module is
light: it holds only constants that describe the game:

- `KEY`, `TITLE`, `RULES_VERSION` (the edition or rule books the rules digest follows),
  `RULES_DOC` (the rules reference in the repository);
- `ADAPTER`: `"module:name"` of the game's `zxdeck.game_api.GameAdapter` (what sim,
  tournament, the bot protocol, saves and logs use), imported by `adapter(key)` when needed;
- `AGENT_REGISTRY` (optional): `"module:function"` listing the game's agents for the registry
  zxdeck.agents (given the core's agents, returns the game's list in order), called the first
  time the registry is read;
- `SEARCH_MODEL` (optional): `"module:name"` of the game's `zxdeck.agents.mcts.GameModel`, which
  the core's `mcts` uses on the game's states (`search_model`); without it, the generic model;
- `COMMANDS`: the commands the game has, `command name -> module path` (each module has a
  `register(group)`, imported only when one of its commands runs); a command another game has
  says it is not available for this one (exit 2). `zxdeck games` shows "all" for a game that has
  every command of every game.

`zxdeck --game KEY` (or `$ZXDECK_GAME`) selects the game; `zxdeck games` lists them.
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any

from zxdeck.errors import EXIT_USAGE, ZxError

if TYPE_CHECKING:
    from zxdeck.game_api import GameAdapter

DEFAULT_GAME = "zx"
GAME_ENV = "ZXDECK_GAME"

# Game key -> the module that describes it (imported only when needed).
GAMES: dict[str, str] = {
    "zx": "zxdeck.games.zx",
    "moz": "zxdeck.games.moz",
}


class UnknownGameError(ZxError):
    """`--game` / $ZXDECK_GAME names no game (exit 2)."""

    def __init__(self, key: str) -> None:
        super().__init__(f"unknown game {key!r} (games: {', '.join(GAMES)}; see `zxdeck games`)", EXIT_USAGE)


def game_keys() -> list[str]:
    """The keys of the games, the default first."""
    return list(GAMES)


def normalize_key(key: str) -> str:
    """`MOZ`, ` moz ` -> `moz`; raises `UnknownGameError` for a key that names no game."""
    folded = key.strip().casefold()
    if folded not in GAMES:
        raise UnknownGameError(key)
    return folded


def game_module(key: str) -> ModuleType:
    """The module that describes the game `key` (imported now)."""
    # __import__ rather than importlib.import_module: importing the importlib package costs a
    # warm fast-path command more than the game module itself (start-up)
    name = GAMES[normalize_key(key)]
    return sys.modules.get(name) or __import__(name, fromlist=["KEY"])


_ADAPTERS: dict[str, GameAdapter] = {}


def adapter(key: str) -> GameAdapter:
    """The `GameAdapter` of the game `key` (its module imported now, once)."""
    key = normalize_key(key)
    found = _ADAPTERS.get(key)
    if found is None:
        module_name, _, attr = game_module(key).ADAPTER.partition(":")
        import importlib

        found = _ADAPTERS[key] = getattr(importlib.import_module(module_name), attr)
    return found


def game_of(state: object) -> str | None:
    """The key of the game whose package defines the class of `state` (None: no game's)."""
    module = type(state).__module__
    for key, package in GAMES.items():
        if module == package or module.startswith(package + "."):
            return key
    return None


def search_model(state: object) -> Any:
    """The maker (`rng -> GameModel`) of the search model of the game `state` belongs to (its
    `SEARCH_MODEL`), or None when that game has none or `state` is no game's."""
    key = game_of(state)
    target = getattr(game_module(key), "SEARCH_MODEL", None) if key is not None else None
    if not target:
        return None
    import importlib

    module_name, _, attr = target.partition(":")
    return getattr(importlib.import_module(module_name), attr)


def search_module(key: str) -> ModuleType | None:
    """The module that holds the search model of the game `key` (imported now), or None."""
    target = getattr(game_module(key), "SEARCH_MODEL", None)
    if not target:
        return None
    import importlib

    return importlib.import_module(target.partition(":")[0])


def describe_games() -> list[dict[str, object]]:
    """Each game's key, title, rules version, rules reference and the commands it has
    (None: all, every command of every game), in registry order."""
    out: list[dict[str, object]] = []
    every = {name for key in GAMES for name in game_module(key).COMMANDS}
    for key in GAMES:
        module = game_module(key)
        commands = None if set(module.COMMANDS) >= every else module.COMMANDS
        out.append({
            "key": key,
            "title": module.TITLE,
            "rules_version": module.RULES_VERSION,
            "rules_doc": module.RULES_DOC,
            "default": key == DEFAULT_GAME,
            "commands": None if commands is None else sorted(commands),
        })
    return out


__all__ = ["DEFAULT_GAME", "adapter", "game_of", "search_model", "search_module", "GAMES", "GAME_ENV", "UnknownGameError", "describe_games", "game_keys",
           "game_module", "normalize_key"]
