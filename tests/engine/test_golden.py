"""Golden games: recorded JSON Lines logs replayed and compared line by line.

The catalog and decks are frozen copies in tests/engine/golden/. After an intended rules change,
regenerate with `ZXDECK_REGEN_GOLDEN=1 pytest tests/engine/test_golden.py` and review the diff.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest

from zxdeck.agents.match import play_game
from zxdeck.engine.log import JsonlLogger

GOLDEN = Path(__file__).parent / "golden"
GAMES = [
    ("red", "blue", "greedy", "greedy", 1),
    ("white", "green", "random", "greedy", 2),
    ("blue", "red", "random", "random", 3),
    ("green", "white", "greedy", "random", 4),
]


@pytest.fixture(scope="module")
def catalog():
    from zxdeck.catalog import load_catalog

    return load_catalog(GOLDEN / "cards.yaml")


def _spec(catalog, color: str):
    from zxdeck.deck import read_deck
    from zxdeck.engine.decks import spec_from_deck

    return spec_from_deck(read_deck(GOLDEN / f"{color}.txt", catalog), name=f"{color}.txt")


@pytest.mark.parametrize("d1,d2,ai1,ai2,seed", GAMES)
def test_golden_game(catalog, d1: str, d2: str, ai1: str, ai2: str, seed: int) -> None:
    out = io.StringIO()
    play_game(_spec(catalog, d1), _spec(catalog, d2), (ai1, ai2), seed=seed, listener=JsonlLogger(out))
    path = GOLDEN / f"{d1}-{d2}-{ai1}-{ai2}-{seed}.jsonl"
    if os.environ.get("ZXDECK_REGEN_GOLDEN") or not path.exists():
        path.write_text(out.getvalue(), encoding="utf-8")
    got = out.getvalue().splitlines()
    want = path.read_text(encoding="utf-8").splitlines()
    for i, (a, b) in enumerate(zip(got, want)):
        assert a == b, f"{path.name} line {i + 1} differs"
    assert len(got) == len(want)
    last = json.loads(got[-1])
    assert last["event"] == "game_over" and last["winner"] in ("p1", "p2", None)
