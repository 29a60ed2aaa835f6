"""What a deck file becomes once read, for every game: entries with their line numbers, and the
problems found (a `Problem`: code, message, line, rule, hint, ...).

A `Deck` keeps every card line as a `DeckEntry` (count, the text as written, the card found or
None, the section, the line) so that a game's validator can point at lines. Lines that could not
be understood are kept as `Problem`s (`parse-error`, `unknown-card`) and reported together with
the rule violations. A game's deck reader may add what it knows to `Deck` (Z/X: its dunamis and
player card, zxdeck.games.zx.deck.model); a card is whatever the game's catalog holds.
"""

from __future__ import annotations

from zxdeck.records import FACTORY, Record

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import Any

MAIN = "main"  # the section of a card line under no header

ERROR = "error"
WARNING = "warning"


class DeckEntry(Record):
    """One card line: `count` copies of `card` (None when no card matched `text`)."""

    _fields = ("count", "text", "section", "card", "line")

    def __init__(self, count: int, text: str, section: str = MAIN, card: Any = None,
                 line: int | None = None) -> None:
        self.count = count
        self.text = text
        self.section = section
        self.card = card
        self.line = line

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"count": self.count, "text": self.text, "section": self.section,
                               "line": self.line}
        if self.card is not None:
            out["card"] = self.card.id
            out["name"] = self.card.name
        return out


class Problem(Record):
    """One error or warning, with the fields of INTERFACES.md section 3 and a few more.

    `found` / `allowed` say what was found against what the rule allows
    ("19" against "exactly 20"); `hint` is a one-line suggestion for the player.
    """

    _fields = ("code", "message", "line", "rule", "severity", "hint", "name", "suggestions",
               "suggested_cards", "found", "allowed", "lines")

    def __init__(self, code: str, message: str, line: int | None = None, rule: str | None = None,
                 severity: str = ERROR, hint: str = "", name: str | None = None,
                 suggestions: list[str] | None = None, suggested_cards: list[dict[str, Any]] | None = None,
                 found: Any = None, allowed: str | None = None, lines: list[int] = FACTORY) -> None:
        self.code = code
        self.message = message
        self.line = line
        self.rule = rule
        self.severity = severity
        self.hint = hint
        self.name = name
        self.suggestions = suggestions
        self.suggested_cards = suggested_cards
        self.found = found
        self.allowed = allowed
        self.lines = [] if lines is FACTORY else lines

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of INTERFACES.md section 3 (code, message, line), extended."""
        out: dict[str, Any] = {"code": self.code, "message": self.message, "line": self.line}
        if self.rule:
            out["rule"] = self.rule
        if self.name is not None:
            out["name"] = self.name
        if self.suggestions is not None:
            out["suggestions"] = self.suggestions
        if self.suggested_cards is not None:
            out["suggested_cards"] = self.suggested_cards
        if self.found is not None:
            out["found"] = self.found
        if self.allowed is not None:
            out["allowed"] = self.allowed
        if len(self.lines) > 1:
            out["lines"] = self.lines
        if self.hint:
            out["hint"] = self.hint
        return out


class Deck(Record):
    """A deck as read from a file: entries by section, and read problems."""

    _fields = ("source", "entries", "problems", "encoding", "empty", "name")

    def __init__(self, source: str = "<deck>", entries: list[DeckEntry] = FACTORY,
                 problems: list[Problem] = FACTORY, encoding: str = "utf-8", empty: bool = False,
                 name: str = "") -> None:
        self.source = source
        self.entries = [] if entries is FACTORY else entries
        self.problems = [] if problems is FACTORY else problems
        self.encoding = encoding
        self.empty = empty  # the file held no card line at all
        self.name = name  # `デッキ名: ...` / `Deck name: ...` in a text deck

    def section(self, name: str) -> list[DeckEntry]:
        return [e for e in self.entries if e.section == name]

    @property
    def main(self) -> list[DeckEntry]:
        return self.section(MAIN)

    def cards(self, section: str) -> list[Any]:
        """Every copy of every known card of `section` (a card with count 4 appears 4 times)."""
        out: list[Any] = []
        for e in self.section(section):
            if e.card is not None:
                out.extend([e.card] * e.count)
        return out

    def counted(self, section: str) -> dict[str, tuple[Any, int]]:
        """Known cards of `section` by card number, with their total count (lines add up)."""
        out: dict[str, tuple[Any, int]] = {}
        for e in self.section(section):
            if e.card is not None:
                _, n = out.get(e.card.id, (e.card, 0))
                out[e.card.id] = (e.card, n + e.count)
        return out


class Validation(Record):
    """The outcome of validating one deck of any game: valid when there is no error (warnings
    allowed). A game's result names its own fields and `__init__` (at least `deck`, `errors`,
    `warnings`, `counts`) and what it checked the deck with (`checked_with`: Z/X its regulation)."""

    __slots__ = ()
    deck: Deck
    errors: list[Problem]
    warnings: list[Problem]
    counts: dict[str, Any]

    @property
    def valid(self) -> bool:
        return not self.errors

    @property
    def exit_code(self) -> int:
        return 0 if self.valid else 1

    def checked_with(self) -> dict[str, Any]:
        """The keys of the JSON object between `valid` and `counts` (the game, the regulation)."""
        return {}

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of INTERFACES.md section 3: deck, valid, what it was checked with,
        counts, errors, warnings."""
        return {
            "deck": self.deck.source,
            "valid": self.valid,
            **self.checked_with(),
            "counts": self.counts,
            "errors": [p.to_dict() for p in self.errors],
            "warnings": [p.to_dict() for p in self.warnings],
        }


__all__ = ["ERROR", "MAIN", "WARNING", "Deck", "DeckEntry", "Problem", "Validation"]
