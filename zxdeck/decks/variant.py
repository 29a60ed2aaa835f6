"""A deck with a change (`zxdeck optimize --try "-2 NAME +2 NAME"`), for any game: copies removed
and added by card name or number, as the game's catalog looks them up."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from zxdeck.decks.model import Deck, DeckEntry
from zxdeck.errors import ZxError


def changed_deck(deck: Deck, changes: Sequence[tuple[int, str]], lookup: Callable[[str], list[Any]],
                 section_for: Callable[[Any], str], catalog: Any = None) -> Deck:
    """`deck` with each `(count, name)` applied in order: a negative count removes that many
    copies (from the lines that name the card, first line first), a positive one adds them (to
    the line of that card, or a new line in `section_for(card)`). `lookup(name)` gives the
    catalog's cards of that name or number. A one-line ZxError for a card the catalog does not
    know (with "did you mean" names from `catalog`, a `zxdeck.catalog.source.CardSource`, when
    given) or copies the deck lacks. The result is of `deck`'s class."""
    entries = [DeckEntry(e.count, e.text, e.section, e.card, e.line) for e in deck.entries]
    for n, name in changes:
        cards = lookup(name)
        if not cards:
            hint = ""
            if catalog is not None:
                from zxdeck.catalog.suggest import suggest

                close = list(dict.fromkeys(shown for shown, _, _ in suggest(catalog, name)))
                hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
            raise ZxError(f"{name}: no card of this name or number in the catalog{hint}")
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
            entries.append(DeckEntry(n, name, section_for(cards[0]), cards[0]))
    return type(deck)(deck.source, entries, list(deck.problems), deck.encoding, deck.empty, deck.name)


__all__ = ["changed_deck"]
