"""Decks: reading deck files, the construction rules D-1..D-16, regulations, stats and export.

    from zxdeck.catalog import open_catalog
    from zxdeck.games.zx.deck import read_deck, validate

    result = validate(read_deck("deck.txt", open_catalog()), "current")
    print(result.valid, [p.code for p in result.errors])
"""

from zxdeck.games.zx.deck.model import Deck, DeckEntry, Problem
from zxdeck.games.zx.deck.parse import (
    deck_from_cards,
    parse_bytes,
    parse_structured,
    parse_text,
    read_deck,
)
from zxdeck.games.zx.deck.regulation import Regulation, list_regulations, load_regulation
from zxdeck.games.zx.deck.validate import ValidationResult, validate

__all__ = [
    "Deck",
    "DeckEntry",
    "Problem",
    "Regulation",
    "ValidationResult",
    "deck_from_cards",
    "list_regulations",
    "load_regulation",
    "parse_bytes",
    "parse_structured",
    "parse_text",
    "read_deck",
    "validate",
]
