"""The action value every game's engine hands its agents: a named tuple `(kind, a, b)`.

`kind` says what the choice is, `a` and `b` are integers (card instance ids, squares, faces,
indices), -1 when unused. Actions are hashable, cheap to compare, and stored in saves and
replays as `[kind, a, b]`. Each game documents its kinds (zxdeck/engine/actions.py for Z/X,
zxdeck/games/moz/engine/actions.py for MOZ).
"""

from __future__ import annotations

from typing import NamedTuple


class Action(NamedTuple):
    """One choice of a player. `a` / `b` are ints, -1 when unused."""

    kind: str
    a: int = -1
    b: int = -1

    def to_json(self) -> list[object]:
        return [self.kind, self.a, self.b]

    @classmethod
    def from_json(cls, data: list[object]) -> Action:
        kind, a, b = data
        return cls(str(kind), int(a), int(b))  # type: ignore[arg-type]

    def __str__(self) -> str:
        args = [str(x) for x in (self.a, self.b) if x != -1]
        return f"{self.kind}({', '.join(args)})" if args else self.kind


__all__ = ["Action"]
