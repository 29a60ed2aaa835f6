"""Z/X's deck codes: `zxd1_...`, the core's deck code (zxdeck.decks.code, which describes the
packing) over Z/X's sections in order player (P), main (M), dunamis (D).

A 50 + 14 card deck is a code of about 120 characters. A command argument is a deck code when
it matches `zxd<digits>_<base64url>` (`is_deck_code`); anything else is a file name (a MOZ code,
`mzd1_...`, is named as one, exit 2). A file whose name looks like a code is read as a file when
written with a folder, e.g. `./zxd1_x`.
"""

from __future__ import annotations

from collections.abc import Sequence

from zxdeck.catalog.source import CardSource
from zxdeck.decks.code import MAX_CODE, MAX_COUNT, MAX_WIDTH, CodeEntry, CodeFormat, short_name
from zxdeck.games.zx.deck.model import DUNAMIS, MAIN, PLAYER, Deck

VERSION = 1
SECTION_LETTERS = {PLAYER: "P", MAIN: "M", DUNAMIS: "D"}
CODE = CodeFormat("zxd", SECTION_LETTERS, VERSION)
PREFIX = CODE.prefix


def is_deck_code(text: str) -> bool:
    """True when a command argument is a deck code rather than a file name."""
    return CODE.is_code(text)


def canonical_text(entries: Sequence[CodeEntry]) -> str:
    """The deck as text, the input of the checksum: `PPR01-:002\\nMZX01-:074*4,111*3`."""
    return CODE.canonical_text(entries)


def encode_entries(entries: Sequence[CodeEntry]) -> str:
    """The deck code of these entries (the same cards always give the same code).

    Raises ValueError when a card's counts add up to more than MAX_COUNT."""
    return CODE.encode(entries)


def decode_entries(code: str) -> list[CodeEntry]:
    """The entries of a deck code; raises `DeckFileError` (exit 2) naming what is wrong."""
    return CODE.decode(code)


def deck_entries(deck: Deck) -> list[CodeEntry]:
    """The known cards of a deck as code entries (unknown lines are left out: check first)."""
    return [CodeEntry(e.section, e.card.id, e.count) for e in deck.entries if e.card is not None]


def encode_deck(deck: Deck) -> str:
    """The deck code of a deck; raises ZxError (exit 1) when a line of it was not understood."""
    from zxdeck.decks.export import check_readable
    from zxdeck.errors import EXIT_INVALID, ZxError

    check_readable(deck, "cannot make a deck code")
    try:
        return encode_entries(deck_entries(deck))
    except ValueError as exc:
        raise ZxError(f"{deck.source}: cannot make a deck code, {exc}", EXIT_INVALID) from None


def deck_from_code(code: str, catalog: CardSource) -> Deck:
    """The deck a code holds, its cards looked up by number in `catalog` (unknown numbers are
    `unknown-card` problems of the deck, as in a file)."""
    from zxdeck.games.zx.deck.parse import _Reader

    entries = decode_entries(code)
    reader = _Reader(catalog, short_name(code))
    for e in entries:
        reader.add(e.count, e.card_id, e.section, None)
    deck = reader.finish()
    deck.encoding = "deck code"
    return deck


__all__ = ["MAX_CODE", "MAX_COUNT", "MAX_WIDTH", "PREFIX", "VERSION", "CodeEntry", "canonical_text",
           "deck_entries", "deck_from_code", "decode_entries", "encode_deck", "encode_entries", "is_deck_code",
           "short_name"]
