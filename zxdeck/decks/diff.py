"""Comparing two decks of any game (`zxdeck deck diff A B`): cards added, removed and changed,
per section (the game gives its sections in order, and may say which section an entry counts in:
MOZ counts every summoner in the pile, whatever header it was written under).

Cards are compared by card number; a line whose card is unknown is compared by
its text (shown as `(unknown)`), so two drafts with the same typo still match. Lines
that were not understood at all make the comparison refuse to run, since they
could hide a difference.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from zxdeck.decks.model import Deck, DeckEntry
from zxdeck.errors import EXIT_USAGE, ZxError
from zxdeck.text import fold_compact

UNKNOWN = "\x00"  # prefix of the key of an unknown card (its folded text); sorts first


@dataclass
class SectionDiff:
    """What changed in one section: (card, name, count) added / removed, (card, name, a, b) changed."""

    section: str
    added: list[tuple[str, str, int]] = field(default_factory=list)
    removed: list[tuple[str, str, int]] = field(default_factory=list)
    changed: list[tuple[str, str, int, int]] = field(default_factory=list)
    total: tuple[int, int] = (0, 0)

    @property
    def same(self) -> bool:
        return not (self.added or self.removed or self.changed)

    def to_dict(self) -> dict[str, Any]:
        """`card` is the card number, null for a card the catalog does not know (`name` as written)."""
        return {
            "added": [{"card": _number(c), "name": n, "count": k} for c, n, k in self.added],
            "removed": [{"card": _number(c), "name": n, "count": k} for c, n, k in self.removed],
            "changed": [{"card": _number(c), "name": n, "from": a, "to": b} for c, n, a, b in self.changed],
            "total": {"from": self.total[0], "to": self.total[1]},
        }


@dataclass
class DeckDiff:
    a: str
    b: str
    sections: list[SectionDiff]

    @property
    def same(self) -> bool:
        return all(s.same for s in self.sections)

    def to_dict(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "same": self.same,
                "sections": {s.section: s.to_dict() for s in self.sections}}


def _number(key: str) -> str | None:
    return None if key.startswith(UNKNOWN) else key


def _label(key: str) -> str:
    return "(unknown)" if key.startswith(UNKNOWN) else key


def _counts(deck: Deck, section: str,
            section_of: Callable[[DeckEntry], str] | None = None) -> dict[str, tuple[str, int]]:
    out: dict[str, tuple[str, int]] = {}
    entries = deck.section(section) if section_of is None else [e for e in deck.entries if section_of(e) == section]
    for e in entries:
        key = e.card.id if e.card is not None else UNKNOWN + fold_compact(e.text)
        name = e.card.name if e.card is not None else e.text
        out[key] = (out.get(key, (name, 0))[0], out.get(key, (name, 0))[1] + e.count)
    return out


def _check(deck: Deck) -> None:
    unread = [p for p in deck.problems if p.code == "parse-error"]
    if unread:
        first = unread[0]
        where = f"line {first.line}: " if first.line else ""
        raise ZxError(f"{deck.source}: cannot compare, {where}{first.message}", EXIT_USAGE)


def diff_decks(a: Deck, b: Deck, sections_in_order: Sequence[str],
               section_of: Callable[[DeckEntry], str] | None = None) -> DeckDiff:
    """The differences from deck `a` to deck `b`, section by section (`sections_in_order`; an
    entry counts in `section_of(entry)`, default the section it was read in), sorted by card
    number."""
    _check(a)
    _check(b)
    sections = []
    for section in sections_in_order:
        old, new = _counts(a, section, section_of), _counts(b, section, section_of)
        d = SectionDiff(section, total=(sum(n for _, n in old.values()), sum(n for _, n in new.values())))
        for key in sorted(old.keys() | new.keys()):
            if key not in old:
                d.added.append((key, new[key][0], new[key][1]))
            elif key not in new:
                d.removed.append((key, old[key][0], old[key][1]))
            elif old[key][1] != new[key][1]:
                d.changed.append((key, old[key][0], old[key][1], new[key][1]))
        sections.append(d)
    return DeckDiff(a.source, b.source, sections)


def render_diff(diff: DeckDiff) -> str:
    """The text form: a header, then per section a summary line and `+` / `-` / `~` lines."""
    lines = [f"--- {diff.a}", f"+++ {diff.b}"]
    for s in diff.sections:
        if s.same:
            lines.append(f"{s.section}: no change")
            continue
        parts = [f"{len(s.added)} added"] if s.added else []
        parts += [f"{len(s.removed)} removed"] if s.removed else []
        parts += [f"{len(s.changed)} changed"] if s.changed else []
        lines.append(f"{s.section}: {', '.join(parts)} ({s.total[0]} -> {s.total[1]} cards)")
        rows = [(key, f"  + {n} {_label(key)}  {name}") for key, name, n in s.added]
        rows += [(key, f"  - {n} {_label(key)}  {name}") for key, name, n in s.removed]
        rows += [(key, f"  ~ {x} -> {y} {_label(key)}  {name}") for key, name, x, y in s.changed]
        lines.extend(text for _, text in sorted(rows))
    return "\n".join(lines)
