"""Comparing two Z/X decks (`zxdeck deck diff A B`): the core's comparison (zxdeck.decks.diff)
over Z/X's sections, player, main and dunamis.

Cards are compared by card number; a line whose card is unknown is compared by
its text (shown as `(unknown)`), so two drafts with the same typo still match. Lines
that were not understood at all make the comparison refuse to run, since they
could hide a difference.
"""

from __future__ import annotations

from zxdeck.decks.diff import UNKNOWN, DeckDiff, SectionDiff, render_diff
from zxdeck.decks.diff import diff_decks as _diff_decks
from zxdeck.games.zx.deck.model import DUNAMIS, MAIN, PLAYER, Deck

SECTION_ORDER = (PLAYER, MAIN, DUNAMIS)


def diff_decks(a: Deck, b: Deck) -> DeckDiff:
    """The differences from deck `a` to deck `b`, section by section, sorted by card number."""
    return _diff_decks(a, b, SECTION_ORDER)


__all__ = ["SECTION_ORDER", "UNKNOWN", "DeckDiff", "SectionDiff", "diff_decks", "render_diff"]
