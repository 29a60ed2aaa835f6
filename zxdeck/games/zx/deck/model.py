"""What a deck file becomes once read: entries with their line numbers, and problems found.

A `Deck` keeps every card line as a `DeckEntry` (count, the text as written, the
card found or None, the line) so that the validator can point at lines. Lines
that could not be understood are kept as `Problem`s (`parse-error`,
`unknown-card`) and reported together with the rule violations.

`DeckEntry` and `Problem` are the records of every game (zxdeck.decks.model); a Z/X `Deck` adds
its sections (dunamis, player) to the generic one.
"""

from __future__ import annotations

from zxdeck.decks.model import ERROR, MAIN, WARNING, DeckEntry, Problem
from zxdeck.decks.model import Deck as _Deck

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from zxdeck.games.zx.catalog.model import Card

DUNAMIS = "dunamis"
PLAYER = "player"
SECTIONS = (MAIN, DUNAMIS, PLAYER)


class Deck(_Deck):
    """A deck as read from a file: entries by section, the player card line, and read problems."""

    @property
    def dunamis(self) -> list[DeckEntry]:
        return self.section(DUNAMIS)

    @property
    def players(self) -> list[DeckEntry]:
        return self.section(PLAYER)

    @property
    def player_card(self) -> Card | None:
        """The player card when exactly one known card was named (D-15), else None."""
        known = [e.card for e in self.players if e.card is not None]
        return known[0] if len(known) == 1 else None


__all__ = ["DUNAMIS", "ERROR", "MAIN", "PLAYER", "SECTIONS", "WARNING", "Deck", "DeckEntry", "Problem"]
