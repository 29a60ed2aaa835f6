"""Combos (MOZ_RULES.md section 10): patterns of a summoner's three beasts.

`best_combo(beasts)` takes the three beasts of top, left and right as
`(attribute, sub_attribute, power)` with the current power (C-4) and returns
the best combo they make (C-5: highest multiplier, then best rank) or None.
Whether the summoner may have a combo at all (C-2: four face-up faces) is the
engine's check.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import NamedTuple

from zxdeck.games.moz.catalog.model import SHELL, attr_key

BeastView = tuple[str, str, int]  # (attribute, sub_attribute, current power)

ANIMALS = frozenset({"beast", "fish", "bird", "insect"})
_SHELL = attr_key(SHELL)


class Combo(NamedTuple):
    rank: int
    key: str
    name: str
    multiplier: int


def _one(values: Sequence[object]) -> bool:
    return len(set(values)) == 1


def _attrs(b: Sequence[BeastView]) -> list[str]:
    return [attr_key(x[0]) for x in b]


# C-2, C-3: the 11 combos of the グリフワール編 edition, strongest first.
COMBOS: tuple[tuple[Combo, Callable[[Sequence[BeastView]], bool]], ...] = (
    (Combo(1, "shell_dragon", "貝竜コンボ", 6),
     lambda b: all(x[1] == "dragon" for x in b) and all(a == _SHELL for a in _attrs(b))),
    (Combo(2, "minus_hurricane", "マイナスハリケーンコンボ", 6), lambda b: all(x[2] == -100 for x in b)),
    (Combo(3, "hundred_dragon", "100ドラゴンコンボ", 5),
     lambda b: all(x[1] == "dragon" and x[2] == 100 for x in b)),
    (Combo(4, "flash_hurricane", "フラッシュハリケーンコンボ", 5),
     lambda b: _one(_attrs(b)) and _one([x[2] for x in b])),
    (Combo(5, "dragon", "ドラゴンコンボ", 4), lambda b: all(x[1] == "dragon" for x in b)),
    (Combo(5, "muscle", "マッスルコンボ", 4), lambda b: all(x[1] == "male" for x in b)),
    (Combo(6, "shell_beast", "貝獣コンボ", 4), lambda b: all(a == _SHELL for a in _attrs(b))),
    (Combo(7, "sexy", "セクシーコンボ", 4), lambda b: all(x[1] == "female" for x in b)),
    (Combo(8, "hurricane", "ハリケーンコンボ", 4), lambda b: _one([x[2] for x in b])),
    (Combo(9, "animal", "アニマルコンボ", 3),
     lambda b: _one([x[1] for x in b]) and b[0][1] in ANIMALS),
    (Combo(10, "flash", "フラッシュコンボ", 2), lambda b: _one(_attrs(b))),
)
BY_KEY = {c.key: c for c, _ in COMBOS}


def combos_of(beasts: Sequence[BeastView]) -> list[Combo]:
    """Every combo the three beasts make (C-2), strongest rank first."""
    if len(beasts) != 3:
        return []
    return [c for c, test in COMBOS if test(beasts)]


def best_combo(beasts: Sequence[BeastView]) -> Combo | None:
    """C-5: the highest multiplier, then the best (lowest) rank."""
    found = combos_of(beasts)
    return min(found, key=lambda c: (-c.multiplier, c.rank)) if found else None


def compare(a: Combo | None, b: Combo | None) -> int:
    """V-1 steps 2 and 3 on combos alone: 1 if `a` wins, -1 if `b` wins, 0 when the totals decide
    (no combo on either side, or the same multiplier and rank: Dragon vs Muscle counts as the same)."""
    if a is None and b is None:
        return 0
    if b is None:
        return 1
    if a is None:
        return -1
    if a.multiplier != b.multiplier:
        return 1 if a.multiplier > b.multiplier else -1
    if a.rank != b.rank:
        return 1 if a.rank < b.rank else -1
    return 0
