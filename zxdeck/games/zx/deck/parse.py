"""Reading deck files: the plain-text format of INTERFACES.md section 2, and YAML / JSON decks.

Text decks::

    # comments start with '#' (whole line, or after a space)
    Player: 青葉千歳
    4 B01-001            # count, then card number, name or English name
    4x 紅蓮の剣士ジーク    # also "x4 NAME", "NAME x2", "NAME×2", "NAME 2枚"
    [Dunamis]            # section headers: Deck / Main (default), Dunamis, Player; also 【デュナミス】
    2 B05-080

Files may be UTF-8 (with or without BOM), UTF-16 with BOM, or CP932 /
Shift_JIS, with LF or CRLF line ends. Lines are NFKC-normalized first, so
full-width digits, letters, spaces and `＃` work. Cards are matched by
`Catalog.lookup` (case, width, kana and spaces ignored).

YAML / JSON decks (chosen by the extension .yaml / .yml / .json)::

    {"player": "青葉千歳",
     "main": [{"card": "B01-001", "count": 4}, "4 B01-002"],
     "dunamis": [{"card": "B05-080", "count": 2}]}

or a plain list of card numbers / card lines (the main deck).

The line loop, counts, comments, card look-up and the YAML / JSON wrapper are the core's
(zxdeck.decks.parse); this module gives them Z/X's `Layout` (`ZX_LAYOUT`: the headers and
layouts of zxdeck.games.zx.deck.layout, the Start Card and ignition blocks, rarities) and keeps
the names they had here.

Files that cannot be read at all (missing, a folder, binary, too big,
undecodable) raise `DeckFileError` (exit 2). Lines that cannot be understood
become `parse-error` / `unknown-card` problems of the deck (exit 1).
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

from zxdeck.catalog.source import CardSource
from zxdeck.decks import parse as core
from zxdeck.decks.files import (  # noqa: F401 - MAX_BYTES, read_bytes: their old home
    MAX_BYTES,
    STRUCTURED_SUFFIXES,
    deck_format,
    decode,
    read_bytes,
)
from zxdeck.decks.parse import (  # noqa: F401 - the names this module had
    _BULLET,
    _COMMENT,
    _COUNT_PATTERNS,
    _NUM,
    _SPACES,
    _X,
    MAX_COMPARED,
    MAX_COUNT,
    MAX_DEPTH,
    MAX_LINE,
    MAX_LINES,
    MAX_READ_PROBLEMS,
    MAX_SUGGESTED,
    MIN_SUGGESTED,
    _check_size,
    _item_lines,
    _load_structured,
    _nested_over,
    _or_list,
    _Sections,
    _short,
    _structured_item,
    clean_line,
)
from zxdeck.errors import DeckFileError
from zxdeck.games.zx.catalog.model import DUNAMIS_TYPES, MAIN_DECK_TYPES, Card
from zxdeck.games.zx.deck import layout
from zxdeck.games.zx.deck.model import DUNAMIS, MAIN, PLAYER, Deck, DeckEntry

PREFERRED_TYPES = {MAIN: MAIN_DECK_TYPES, DUNAMIS: DUNAMIS_TYPES, PLAYER: frozenset({"player"})}


class ZxLayout(core.Layout):
    """Z/X's headers and list layouts (zxdeck.games.zx.deck.layout, docs/DECKS.md): `Player:`
    holds one line, ignition and Start Card blocks are parts of the main deck whose cards are
    checked, rarities may be written before names and entries in brackets."""

    ONE_LINE = frozenset({PLAYER})
    PREFERRED_TYPES = PREFERRED_TYPES

    def new_deck(self, source: str) -> Deck:
        return Deck(source=source)

    def strip_markers(self, line: str) -> tuple[str, bool]:
        return layout.strip_markers(line)

    def unbracket(self, text: str) -> str:
        return layout.unbracket(text)

    def parse_header(self, line: str) -> layout.Header | None:
        return layout.parse_header(line)

    def looks_like_header(self, line: str, marked: bool) -> bool:
        return layout.looks_like_header(line, marked)

    def known_headers(self) -> str:
        return layout.known_headers()

    def kind_mismatch(self, card: Any, kind: str) -> tuple[str, str, str] | None:
        if kind == layout.IGNITION and not card.ignition:
            return ("an ignition header", "has no ignition icon",
                    "it counts in the main deck all the same; D-4 counts the icons, not the headers")
        if kind == layout.START and not (card.start_card and card.type == "zx"):
            return "a Start Card header", "is not a Z/X with Start Card", "it counts in the main deck all the same"
        return None

    def rules_signature(self, card: Any) -> Any:
        return (card.type, getattr(card, "icons", None), getattr(card, "keywords", None),
                getattr(card, "player", None))

    def rarity_splits(self, text: str) -> list[str]:
        return layout.rarity_splits(text)

    def strip_known_rarity(self, text: str) -> str:
        return layout.strip_known_rarity(text)

    def bracketed_entry(self, text: str) -> tuple[str, str | None] | None:
        return layout.bracketed_entry(text)


ZX_LAYOUT = ZxLayout()


def resolve(catalog: CardSource, text: str, section: str = MAIN) -> tuple[Card | None, list[Card]]:
    """The card `text` names, preferring a card number, then a card of a type fit for `section`.

    Returns (card or None, the candidates: every card the text matched, only
    those fit for the section when there are some) so that callers can tell an
    ambiguous name from a unique one.
    """
    return core.resolve(catalog, text, section, PREFERRED_TYPES)


def _rules_differ(cards: list[Card]) -> bool:
    """True when same-named cards differ in something the deck rules look at."""
    return core._rules_differ(cards, ZX_LAYOUT)


class _Reader(core._Reader):
    """The core's reader with Z/X's layout (deck codes add their entries through it)."""

    def __init__(self, catalog: CardSource, source: str, layout: core.Layout = ZX_LAYOUT) -> None:
        super().__init__(catalog, source, layout)


def parse_text(text: str, catalog: CardSource, source: str = "<deck>") -> Deck:
    """Parse a plain-text deck (INTERFACES.md section 2, and the layouts of docs/DECKS.md)."""
    return core.parse_text(text, catalog, source, ZX_LAYOUT)


STRUCTURED_KEYS = {"main": MAIN, "deck": MAIN, "cards": MAIN, "dunamis": DUNAMIS, "player": PLAYER}


def parse_structured(text: str, catalog: CardSource, source: str = "<deck>", fmt: str = "yaml",
                     section_keys: dict[str, str] | None = None) -> Deck:
    """Parse a YAML or JSON deck: `{player, main: [...], dunamis: [...]}` or a list of cards.

    `section_keys` maps the (case-folded) keys of a mapping deck to their sections, read in the
    order of their first appearance in the mapping's values (default Z/X's, `STRUCTURED_KEYS`,
    read player, main, dunamis); a list deck is the section of the first key."""
    if section_keys is None:
        return core.parse_structured(text, catalog, source, fmt, STRUCTURED_KEYS, ZX_LAYOUT,
                                     (PLAYER, MAIN, DUNAMIS), "'main' (and 'dunamis', 'player')")
    return core.parse_structured(text, catalog, source, fmt, section_keys, ZX_LAYOUT,
                                 shape="'main' (and 'dunamis', 'player')")


# --------------------------------------------------------------------------- entry points


def parse_bytes(data: bytes, catalog: CardSource, source: str = "<deck>", fmt: str = "text") -> Deck:
    """Decode and parse deck bytes of format `fmt` (text, yaml, json)."""
    if len(data) > MAX_BYTES:
        raise DeckFileError(f"{source}: more than {MAX_BYTES:,} bytes (1 MiB), not a deck file")
    text, encoding = decode(data, source)
    if fmt == "text":
        from zxdeck.decks.foreign import check_foreign

        check_foreign(text, "zx", source)  # a MOZ deck is named as one (exit 2), not 60 errors
        deck = parse_text(text, catalog, source)
    elif fmt in ("yaml", "json"):
        deck = parse_structured(text, catalog, source, fmt)
    else:
        raise DeckFileError(f"{source}: unknown deck format {fmt!r} (text, yaml, json)")
    deck.encoding = encoding
    return deck


def read_deck(path: str | os.PathLike[str], catalog: CardSource, fmt: str | None = None) -> Deck:
    """Read and parse a deck file (`-` for standard input) or a deck code (`zxd1_...`,
    zxdeck.deck.code); raises `DeckFileError` when unreadable."""
    if isinstance(path, str) and path.strip().startswith("zxd"):  # maybe a code: import its reader
        from zxdeck.games.zx.deck.code import deck_from_code, is_deck_code

        if is_deck_code(path):
            return deck_from_code(path, catalog)
    if isinstance(path, str) and "_" in path and not os.path.exists(path):  # another game's deck code?
        from zxdeck.decks.code import check_foreign_code

        check_foreign_code(path, "zx")
    source = "<stdin>" if str(path) == "-" else str(path)
    return parse_bytes(read_bytes(path), catalog, source, deck_format(path, fmt))


def deck_from_cards(cards: Iterable[tuple[Card, int]], dunamis: Iterable[tuple[Card, int]] = (),
                    player: Card | None = None, source: str = "<deck>") -> Deck:
    """A deck built in code from (card, count) pairs (tests, the game engine, generators)."""
    deck = Deck(source=source)
    if player is not None:
        deck.entries.append(DeckEntry(1, player.id, PLAYER, player))
    for section, pairs in ((MAIN, cards), (DUNAMIS, dunamis)):
        for card, count in pairs:
            deck.entries.append(DeckEntry(count, card.id, section, card))
    return deck
