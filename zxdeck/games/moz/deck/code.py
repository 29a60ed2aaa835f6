"""MOZ's deck codes: `mzd1_...`, the core's deck code (zxdeck.decks.code, which describes the
packing) over MOZ's two parts in order, the summoner pile (S) and the zone (Z).

Every summoner counts in the pile and every other card in the zone (D-2), whatever header it was
written under, so a deck and its code hold the same cards in the same parts. A code reads
wherever a MOZ deck file does (`validate`, `stats`, `deck diff`, `draw`, `play`, `sim`, ...); a
Z/X code (`zxd1_...`) given to MOZ, or a MOZ code given to Z/X, is named as such (exit 2).
"""

from __future__ import annotations

from typing import Any

from zxdeck.decks.code import CodeEntry, CodeFormat, short_name
from zxdeck.decks.model import Deck

VERSION = 1
SECTION_LETTERS = {"summoners": "S", "zone": "Z"}
CODE = CodeFormat("mzd", SECTION_LETTERS, VERSION, split_digits=True)  # MOZ-B001: group MOZ-B, 1
PREFIX = CODE.prefix


def is_deck_code(text: str) -> bool:
    """True when a command argument is a MOZ deck code rather than a file name."""
    return CODE.is_code(text)


def section_of(card: Any) -> str:
    """D-2: the pile holds the summoners, the zone every other card."""
    from zxdeck.games.moz.catalog.model import Summoner

    return "summoners" if isinstance(card, Summoner) else "zone"


def deck_entries(deck: Deck) -> list[CodeEntry]:
    """The known cards of a deck as code entries (unknown lines are left out: check first)."""
    return [CodeEntry(section_of(e.card), e.card.id, e.count) for e in deck.entries if e.card is not None]


def encode_deck(deck: Deck) -> str:
    """The MOZ deck code of a deck; raises ZxError (exit 1) naming the first line that was not
    understood, or a card counted more than 999 times."""
    from zxdeck.decks.export import check_readable
    from zxdeck.errors import EXIT_INVALID, ZxError

    check_readable(deck, "cannot make a deck code")
    try:
        return CODE.encode(deck_entries(deck))
    except ValueError as exc:
        raise ZxError(f"{deck.source}: cannot make a deck code, {exc}", EXIT_INVALID) from None


def deck_from_code(code: str, catalog: Any) -> Deck:
    """The deck a MOZ code holds, its cards looked up by id in the MOZ `catalog` (unknown ids are
    `unknown-card` problems of the deck, as in a file); a damaged code raises `DeckFileError`."""
    from zxdeck.decks.parse import _Reader
    from zxdeck.games.moz.deck.parse import MOZ_LAYOUT

    entries = CODE.decode(code)
    reader = _Reader(catalog, short_name(code), MOZ_LAYOUT)
    for e in entries:
        reader.add(e.count, e.card_id, e.section, None)
    deck = reader.finish()
    deck.encoding = "deck code"
    return deck
