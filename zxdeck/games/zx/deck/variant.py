"""A Z/X deck with a change (`zxdeck optimize --try "-2 NAME +2 NAME"`): copies removed and
added by card name or number, as the deck reader looks them up."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from zxdeck.errors import ZxError
from zxdeck.games.zx.catalog.model import DUNAMIS_TYPES
from zxdeck.games.zx.deck.model import DUNAMIS, MAIN, Deck, DeckEntry


def changed_deck(deck: Deck, changes: Sequence[tuple[int, str]], source: Any) -> Deck:
    """`deck` with each `(count, name)` applied in order: a negative count removes that many
    copies (from the lines that name the card, first line first), a positive one adds them (to
    the line of that card, or a new line: the dunamis for a dunamis card, D-10, else the main
    deck). A one-line ZxError for a card the catalog does not know or copies the deck lacks."""
    entries = [DeckEntry(e.count, e.text, e.section, e.card, e.line) for e in deck.entries]
    for n, name in changes:
        cards = source.lookup(name)
        if not cards:
            raise ZxError(f"{name}: no card of this name or number in the catalog")
        ids = {c.id for c in cards}
        lines = [e for e in entries if e.card is not None and e.card.id in ids]
        if n < 0:
            have = sum(e.count for e in lines)
            if have < -n:
                raise ZxError(f"{name}: cannot remove {-n} cop{'y' if n == -1 else 'ies'}, the deck "
                              f"has {have}")
            left = -n
            for e in lines:
                take = min(left, e.count)
                e.count -= take
                left -= take
            entries = [e for e in entries if e.count > 0]
        elif lines:
            lines[0].count += n
        else:
            card = cards[0]
            entries.append(DeckEntry(n, name, DUNAMIS if card.type in DUNAMIS_TYPES else MAIN, card))
    return Deck(deck.source, entries, list(deck.problems), deck.encoding, deck.empty, deck.name)


__all__ = ["changed_deck"]
