"""Name -> function tables that make the task stack plain data.

A task is a tuple `(name, *args)` of ints, strings, tuples and shared immutable
`Ability` / effect mappings. `TASKS[name](game, *args)` runs it. A decision is a
tuple `(kind, player, *data)`; `DECISIONS[kind]` is `(legal_actions(game, d),
apply(game, d, action))`. Modules register their entries with the decorators.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

TASKS: dict[str, Callable[..., None]] = {}
DECISIONS: dict[str, tuple[Callable[..., list], Callable[..., None]]] = {}
EFFECTS: dict[str, Callable[..., None]] = {}


def task(name: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    def deco(fn: Callable[..., None]) -> Callable[..., None]:
        TASKS[name] = fn
        return fn

    return deco


def effect(name: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    def deco(fn: Callable[..., None]) -> Callable[..., None]:
        EFFECTS[name] = fn
        return fn

    return deco


def decision(kind: str, legal: Callable[..., list], apply: Callable[..., Any]) -> None:
    DECISIONS[kind] = (legal, apply)
