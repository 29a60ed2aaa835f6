"""From a parsed deck (zxdeck.deck) to the `DeckSpec` a game needs, and which cards the engine can run."""

from __future__ import annotations

import re
from pathlib import Path

from zxdeck.catalog.model import KEYWORDS, Card
from zxdeck.catalog.source import CardSource
from zxdeck.errors import EXIT_INVALID, EXIT_USAGE, ZxError
from zxdeck.games.zx.deck import Deck
from zxdeck.games.zx.engine.state import DeckSpec

# Cards whose whole point is an effect: without `abilities` the engine could only play them blank.
EFFECT_TYPES = frozenset({"event", "event_ex", "shift"})
_KEYWORD_WORDS = re.compile("|".join(re.escape(w) for words in KEYWORDS.values() for w in words), re.IGNORECASE)
_FILLER = re.compile(r"[\s、。,.・:：/]+")


def spec_from_deck(deck: Deck, name: str = "") -> DeckSpec:
    """Main deck, dunamis and player card of a parsed deck (unknown card lines are skipped)."""
    return DeckSpec(
        main=tuple(deck.cards("main")),
        dunamis=tuple(deck.cards("dunamis")),
        player=deck.player_card,
        name=name or deck.source,
    )


def runs_as_written(card: Card) -> bool:
    """True when the engine plays `card` as its text says.

    A card runs when it has `abilities` (an empty list is a vanilla card on purpose), or
    when it has none and its text says nothing beyond the keywords the rules handle by
    themselves (Life Recovery, Void Bringer, Start Card, Gate Card) and it is not an event,
    Event EX or Shift. A card imported without machine-readable abilities (`zxdeck catalog
    import`) and with rules text does not: the engine would play it as a blank card.
    """
    if card.abilities is not None:
        return True
    if card.type in EFFECT_TYPES:
        return False
    return not _FILLER.sub("", _KEYWORD_WORDS.sub("", card.text))


def unscripted_cards(spec: DeckSpec) -> list[Card]:
    """The distinct cards of a deck the engine cannot run as written (`runs_as_written`), by number."""
    cards = {c.id: c for c in (*spec.main, *spec.dunamis, *((spec.player,) if spec.player else ()))}
    return [cards[k] for k in sorted(cards) if not runs_as_written(cards[k])]


class IllegalDeckError(ZxError):
    """A deck that breaks construction rules, refused for a game (exit 1); `report` is the
    validator's human report, for the caller to show."""

    def __init__(self, message: str, report: str) -> None:
        super().__init__(message, EXIT_INVALID)
        self.report = report


def load_game_deck(path: str | Path, source: CardSource, allow_illegal: bool = False,
                   label: str = "", allow_unscripted: bool = False,
                   regulation: str | None = None) -> tuple[DeckSpec, Deck]:
    """Read and validate a deck file or deck code for a game (`play`, `sim`, `tournament`).

    An illegal deck (against `regulation`, default current) is refused with
    `IllegalDeckError` (carrying the validator's report) unless `allow_illegal`; a deck
    without a main deck card cannot be played at all (ZxError, exit 2); a deck with cards
    the engine cannot run (`unscripted_cards`) is refused, naming them (exit 1), unless
    `allow_unscripted`.
    """
    from zxdeck.games.zx.deck import read_deck, validate
    from zxdeck.games.zx.deck.code import is_deck_code
    from zxdeck.games.zx.deck.report import render_human

    who = f"{label} deck" if label else "deck"
    deck = read_deck(path, source)
    result = validate(deck, regulation)
    if not result.valid and not allow_illegal:
        raise IllegalDeckError(f"{who} {path} is not legal (use --allow-illegal to play it anyway)",
                               render_human(result))
    code = isinstance(path, str) and is_deck_code(path)
    spec = spec_from_deck(deck, name=deck.source if code else Path(path).name)
    if not spec.main:
        raise ZxError(f"{who} {path} has no main deck card", EXIT_USAGE)
    blank = unscripted_cards(spec)
    if blank and not allow_unscripted:
        shown = ", ".join(f"{c.id} {c.name}" for c in blank[:8]) + (
            f" and {len(blank) - 8} more" if len(blank) > 8 else "")
        raise ZxError(f"{who} {deck.source}: zxdeck cannot run {len(blank)} "
                      f"card{'s' * (len(blank) != 1)} (no machine-readable abilities): {shown}; "
                      "`zxdeck play --allow-unscripted` plays them as blank cards", EXIT_INVALID)
    return spec, deck
