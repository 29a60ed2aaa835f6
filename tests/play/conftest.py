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


@pytest.fixture(autouse=True)
def user_dirs(tmp_path_factory, monkeypatch):
    """Saves and settings go to a fresh folder per test, never the user's own."""
    base = tmp_path_factory.mktemp("user")
    monkeypatch.setenv("ZXDECK_DATA_DIR", str(base / "data"))
    monkeypatch.setenv("ZXDECK_CONFIG_DIR", str(base / "config"))
    return base
