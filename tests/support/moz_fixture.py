"""The MOZ engine tests' fixture catalog (tests/moz/fixtures/cards.yaml) and decks built from it."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

from zxdeck.games.moz.catalog.model import MozCard, card_from_mapping

FIXTURE = Path(__file__).resolve().parent.parent / "moz" / "fixtures" / "cards.yaml"


@lru_cache(maxsize=1)
def fixture_cards() -> dict[str, MozCard]:
    """The fixture catalog by id (read with the safe loader)."""
    data = yaml.safe_load(FIXTURE.read_text(encoding="utf-8"))
    return {c.id: c for c in (card_from_mapping(m) for m in data["cards"])}


def card(cid: str) -> MozCard:
    return fixture_cards()[cid]


def fixture_deck(variant: int = 0) -> list[MozCard]:
    """A 55-card deck of fixture cards: 5 summoners and 50 zone cards (beasts and supports repeat,
    which the engine allows; D-3 is the validator's business)."""
    cards = list(fixture_cards().values())
    summoners = [c for c in cards if c.type == "summoner"]
    others = [c for c in cards if c.type != "summoner"]
    pile = [summoners[(variant + k) % len(summoners)] for k in range(5)]
    zone = [others[(variant * 7 + k * 3) % len(others)] for k in range(50)]
    return pile + zone
