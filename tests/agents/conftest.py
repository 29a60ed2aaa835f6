"""The decks the agent tests play: the five example decks of Z/X, by color (`specs`)."""

from pathlib import Path

import pytest

DECKS = Path(__file__).resolve().parents[2] / "examples" / "decks"
COLORS = ("red", "blue", "white", "black", "green")


@pytest.fixture(scope="module")
def specs():
    from zxdeck.catalog import open_catalog
    from zxdeck.deck import read_deck
    from zxdeck.engine.decks import spec_from_deck

    cat = open_catalog(None)
    return {c: spec_from_deck(read_deck(str(DECKS / f"{c}.txt"), cat)) for c in COLORS}
