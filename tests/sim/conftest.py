"""Fixtures of the sim tests: the example decks and a Z/X contest between them."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "examples" / "decks"


@pytest.fixture(scope="session")
def zx_decks():
    from zxdeck.catalog import load_catalog
    from zxdeck.sim.zx import load_deck

    cat = load_catalog(ROOT / "data" / "cards.yaml")
    return {c: load_deck(str(DECKS / f"{c}.txt"), cat) for c in ("red", "blue", "white", "green")}


@pytest.fixture(scope="session")
def zx_contest(zx_decks):
    from zxdeck.agents import parse_agent
    from zxdeck.sim.zx import sim_contest

    return sim_contest(zx_decks["red"], zx_decks["blue"], parse_agent("greedy"),
                       parse_agent("greedy"), 100)
