"""From a parsed deck (zxdeck.deck) to the `DeckSpec` a game needs."""

from __future__ import annotations

from zxdeck.deck import Deck
from zxdeck.engine.state import DeckSpec


def spec_from_deck(deck: Deck, name: str = "") -> DeckSpec:
    """Main deck, dunamis and player card of a parsed deck (unknown card lines are skipped)."""
    return DeckSpec(
        main=tuple(deck.cards("main")),
        dunamis=tuple(deck.cards("dunamis")),
        player=deck.player_card,
        name=name or deck.source,
    )
