"""The recap of what changed since the person's last decision, when the narration does not fit the
screen (the computer's whole turn): every card that arrived on the field, left it or changed
there (a Shift, a move), the public cards that reached the trash or the charge, and every change
of life, resources, hand and deck, grouped per player and zone, one line each.

It compares two `Snapshot`s of the game (the one taken when the last screen was drawn and now),
so it says what the narration said and nothing more: a card that only went to a hidden zone
(a hand, a deck, the life) is counted, never named. Damage and power changes of the Z/X on
the field and the cards turned face up in the dunamis are told too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from zxdeck.games.zx.play.screen import square_name

ZONE_WORDS = {"hand": "手札", "deck": "デッキ", "trash": "トラッシュ", "charge": "チャージ",
              "dunamis": "デュナミス", "life": "ライフ", "resources": "リソース"}
COUNTED = ("life", "resources", "hand", "deck", "dunamis")  # zones told by their counts
NAMED = ("trash", "charge")  # public zones whose new cards are named


@dataclass(frozen=True)
class Snapshot:
    """What the recap compares: the squares, the Shifts on them, and each player's zones."""

    squares: tuple[int, ...]
    shifts: tuple[tuple[int, int], ...]
    zones: tuple[dict[str, tuple[int, ...]], ...]
    damage: tuple[tuple[int, int], ...] = ()
    bonus: tuple[tuple[int, int], ...] = ()
    face_up: frozenset[int] = frozenset()
    slept: tuple[int, ...] = ()  # each player's slept resources
    limbo: tuple[int, ...] = ()  # cards in no zone (an event resolving, a revealed life card)


def snapshot(g: Any) -> Snapshot:
    return Snapshot(tuple(g.squares), tuple(sorted(g.shift_on.items())),
                    tuple({z: tuple(getattr(ps, z)) for z in ZONE_WORDS} for ps in g.players),
                    tuple(sorted(g.damage.items())), tuple(sorted(g.bonus.items())),
                    frozenset(i for ps in g.players for i in ps.dunamis if g.face_up[i]),
                    tuple(sum(1 for i in ps.resources if g.slept[i]) for ps in g.players), tuple(g.limbo))


def _zone_of(snap: Snapshot, p: int, iid: int) -> str:
    for zone, cards in snap.zones[p].items():
        if iid in cards:
            return zone
    return ""


def recap_lines(g: Any, before: Snapshot, human: int, compact: bool = False,
                ref: Any = None) -> list[str]:
    """One line per player (the opponent first), its changes grouped by kind and separated by
    ` / `, for a screen that cannot show the whole narration. `ref(iid)` gives a card's ` #N` tag
    (or '')."""
    now = snapshot(g)
    tag = ref or (lambda iid: "")
    owner = g.owner
    lines: list[str] = []

    def name(iid: int) -> str:
        return f"「{g.name(iid) if g.square_of(iid) >= 0 else g.cards[iid].name}」{tag(iid)}"

    was_at = {iid: sq for sq, iid in enumerate(before.squares) if iid >= 0}
    now_at = {iid: sq for sq, iid in enumerate(now.squares) if iid >= 0}
    shifts_before, shifts_now = dict(before.shifts), dict(now.shifts)
    for p in (1 - human, human):
        who = "あなた" if p == human else "相手"
        groups: list[str] = []
        arrived = [f"{name(i)}({square_name(sq, compact)})" for i, sq in now_at.items()
                   if owner[i] == p and i not in was_at]
        moved = [f"{name(i)}({square_name(was_at[i], compact)}→{square_name(sq, compact)})"
                 for i, sq in now_at.items() if owner[i] == p and i in was_at and was_at[i] != sq]
        left_ids = [i for i in was_at if owner[i] == p and i not in now_at]
        left = []
        for i in left_ids:
            zone = _zone_of(now, p, i)
            to = f"→{ZONE_WORDS[zone]}" if zone else ""
            left.append(f"「{g.cards[i].name}」({square_name(was_at[i], compact)}{to})")
        shifted = [f"「{g.cards[s].name}」→{name(z)}" for z, s in shifts_now.items()
                   if owner[s] == p and shifts_before.get(z) != s]
        if arrived:
            groups.append("登場 " + "、".join(arrived))
        if shifted:
            groups.append("シフト " + "、".join(shifted))
        if moved:
            groups.append("移動 " + "、".join(moved))
        if left:
            groups.append("場を離れた " + "、".join(left))
        changed = []
        damage_before, damage_now = dict(before.damage), dict(now.damage)
        bonus_before, bonus_now = dict(before.bonus), dict(now.bonus)
        for i in now_at:
            if owner[i] != p:
                continue
            parts = []
            if damage_now.get(i, 0) != damage_before.get(i, 0) and damage_now.get(i, 0):
                parts.append(f"ダメージ{damage_now[i]}")
            if bonus_now.get(i, 0) != bonus_before.get(i, 0):
                parts.append(f"パワー{bonus_now.get(i, 0):+d}")
            if parts:
                changed.append(f"{name(i)}({' '.join(parts)})")
        if changed:
            groups.append("変化 " + "、".join(changed))
        up = [i for i in g.players[p].dunamis if i in now.face_up and i not in before.face_up and i not in left_ids]
        if up:
            groups.append(f"デュナミス表+{len(up)} " + "、".join(f"「{g.cards[i].name}」" for i in up))
        for zone in NAMED:
            new = [i for i in now.zones[p][zone] if i not in before.zones[p][zone] and i not in left_ids]
            if new:
                groups.append(f"{ZONE_WORDS[zone]}+{len(new)} " + "、".join(f"「{g.cards[i].name}」" for i in new))
        pending = [i for i in now.limbo if owner[i] == p and i not in before.limbo]
        if pending:
            groups.append("公開中 " + "、".join(f"「{g.cards[i].name}」" for i in pending))
        counts = [f"{ZONE_WORDS[z]} {len(before.zones[p][z])}→{len(now.zones[p][z])}"
                  for z in COUNTED if len(before.zones[p][z]) != len(now.zones[p][z])]
        if before.slept and before.slept[p] != now.slept[p]:
            counts.append(f"スリープのリソース {before.slept[p]}→{now.slept[p]}")
        if counts:
            groups.append("、".join(counts))
        if groups:
            lines.append(f"{who}: " + " / ".join(groups))
    return lines


__all__ = ["Snapshot", "recap_lines", "snapshot"]
