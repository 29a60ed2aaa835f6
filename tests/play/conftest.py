"""Fixtures of the terminal-play tests: the catalog and the example decks (helpers: play_kit.py)."""

from __future__ import annotations

import pytest
from play_kit import DECKS


@pytest.fixture(scope="session")
def catalog():
    from zxdeck.catalog import open_catalog

    return open_catalog(None)


@pytest.fixture(scope="session")
def specs(catalog):
    from zxdeck.deck import read_deck
    from zxdeck.engine.decks import spec_from_deck

    return {c: spec_from_deck(read_deck(str(DECKS / f"{c}.txt"), catalog), name=f"{c}.txt")
            for c in ("red", "blue", "white", "black", "green")}
