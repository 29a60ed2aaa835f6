"""A Z/X deck with a change (`zxdeck optimize --try "-2 NAME +2 NAME"`): copies removed and
added by card name or number, as the deck reader looks them up (zxdeck.decks.variant)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from zxdeck.games.zx.catalog.model import DUNAMIS_TYPES
from zxdeck.games.zx.deck.model import DUNAMIS, MAIN, Deck


def changed_deck(deck: Deck, changes: Sequence[tuple[int, str]], source: Any) -> Deck:
    """`deck` with the changes applied (`zxdeck.decks.variant.changed_deck`); a card added on a
    new line goes to the dunamis when it is a dunamis card (D-10), else to the main deck."""
    from zxdeck.decks.variant import changed_deck as change

    return change(deck, changes, source.lookup,
                  lambda card: DUNAMIS if card.type in DUNAMIS_TYPES else MAIN, source)


__all__ = ["changed_deck"]
