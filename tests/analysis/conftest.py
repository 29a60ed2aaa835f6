"""Fixtures of the analysis tests: the example decks of Z/X and MOZ."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "examples" / "decks"
MOZ = ROOT / "examples" / "moz"


@pytest.fixture(scope="session")
def zx_decks():
    from zxdeck.catalog import load_catalog
    from zxdeck.games.zx.sim import load_deck

    cat = load_catalog(ROOT / "data" / "cards.yaml")
    return {c: load_deck(str(DECKS / f"{c}.txt"), cat) for c in ("red", "blue", "white", "green")}


@pytest.fixture(scope="session")
def moz_decks():
    from zxdeck.games import adapter
    from zxdeck.games.moz.catalog.loader import open_catalog

    rules, cat = adapter("moz"), open_catalog(None)
    return {p.stem: rules.load_deck(str(p), cat) for p in sorted(MOZ.glob("*.txt"))}
