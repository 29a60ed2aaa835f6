"""From a parsed deck (zxdeck.deck) to the `DeckSpec` a game needs."""

from __future__ import annotations

from pathlib import Path

from zxdeck.catalog.source import CardSource
from zxdeck.deck import Deck
from zxdeck.engine.state import DeckSpec
from zxdeck.errors import EXIT_INVALID, EXIT_USAGE, ZxError


def spec_from_deck(deck: Deck, name: str = "") -> DeckSpec:
    """Main deck, dunamis and player card of a parsed deck (unknown card lines are skipped)."""
    return DeckSpec(
        main=tuple(deck.cards("main")),
        dunamis=tuple(deck.cards("dunamis")),
        player=deck.player_card,
        name=name or deck.source,
    )


class IllegalDeckError(ZxError):
    """A deck that breaks construction rules, refused for a game (exit 1); `report` is the
    validator's human report, for the caller to show."""

    def __init__(self, message: str, report: str) -> None:
        super().__init__(message, EXIT_INVALID)
        self.report = report


def load_game_deck(path: str | Path, source: CardSource, allow_illegal: bool = False,
                   label: str = "") -> tuple[DeckSpec, Deck]:
    """Read and validate a deck file for a game (`play`, `sim`, `tournament`).

    An illegal deck is refused with `IllegalDeckError` (carrying the validator's
    report) unless `allow_illegal`; a deck without a main deck card cannot be
    played at all (ZxError, exit 2).
    """
    from zxdeck.deck import read_deck, validate
    from zxdeck.deck.report import render_human

    who = f"{label} deck" if label else "deck"
    deck = read_deck(path, source)
    result = validate(deck)
    if not result.valid and not allow_illegal:
        raise IllegalDeckError(f"{who} {path} is not legal (use --allow-illegal to play it anyway)",
                               render_human(result))
    spec = spec_from_deck(deck, name=Path(path).name)
    if not spec.main:
        raise ZxError(f"{who} {path} has no main deck card", EXIT_USAGE)
    return spec, deck
