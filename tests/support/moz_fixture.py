"""The MOZ engine tests' fixture catalog (tests/moz/fixtures/cards.yaml) and decks built from it."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import yaml

from zxdeck.games.moz.model import MozCard, card_from_mapping

FIXTURE = Path(__file__).resolve().parent.parent / "moz" / "fixtures" / "cards.yaml"


@lru_cache(maxsize=1)
def fixture_cards() -> dict[str, MozCard]:
    """The fixture catalog by id (read with the safe loader)."""
    data = yaml.safe_load(FIXTURE.read_text(encoding="utf-8"))
    return {c.id: c for c in (card_from_mapping(m) for m in data["cards"])}


def card(cid: str) -> MozCard:
    return fixture_cards()[cid]
