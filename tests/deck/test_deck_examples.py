"""The example decks of examples/decks/ against the built-in catalog (ZX_RULES D-1..D-15).

Every legal example must be valid; every file of examples/decks/illegal/ must be
invalid, with exactly the expected error codes for the files listed below.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from zxdeck.catalog.loader import builtin_catalog_path, load_catalog
from zxdeck.deck import read_deck, validate

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "decks"
LEGAL = sorted(EXAMPLES.glob("*.txt")) if EXAMPLES.is_dir() else []
ILLEGAL = sorted((EXAMPLES / "illegal").glob("*.txt")) if (EXAMPLES / "illegal").is_dir() else []

# The error codes each illegal example is written to break (see the comments at the top of each file).
EXPECTED = {
    "blue_wrong_counts.txt": {"unknown-card", "main-size", "main-card-type", "ignition-count",
                              "void-bringer-limit"},
    "dunamis_overflow.txt": {"main-size", "main-card-type", "ignition-count", "life-recovery-limit",
                             "dunamis-size", "dunamis-card-type", "dunamis-copy-limit",
                             "dunamis-non-ob-limit", "ob-player-mismatch", "player-card"},
    "recipe_side_deck.txt": {"parse-error"},  # an unknown header (docs/DECKS.md); its cards not counted
    "red_broken.txt": {"unknown-card", "main-size", "copy-limit", "ignition-count", "dunamis-ob-limit",
                       "ob-player-mismatch"},
}

pytestmark = pytest.mark.skipif(not EXAMPLES.is_dir(), reason="examples/decks/ does not exist yet")


@pytest.fixture(scope="module")
def builtin():
    if not builtin_catalog_path().is_file():
        pytest.skip("data/cards.yaml does not exist yet")
    return load_catalog(builtin_catalog_path())


def test_there_are_examples() -> None:
    """The folder exists, so it must hold the five legal decks (one per color)."""
    assert {p.stem for p in LEGAL} >= {"red", "blue", "white", "black", "green"}


@pytest.mark.parametrize("path", LEGAL, ids=lambda p: p.name)
def test_legal_example_is_valid(builtin, path) -> None:
    """D-1..D-15: a legal example deck validates with no error."""
    result = validate(read_deck(path, builtin))
    assert result.valid, [p.to_dict() for p in result.errors]
    assert result.counts["main"] == 50 and result.counts["ignition"] == 20


@pytest.mark.parametrize("path", ILLEGAL, ids=lambda p: p.name)
def test_illegal_example_is_invalid_with_the_expected_codes(builtin, path) -> None:
    """D-1..D-15: an illegal example is invalid, with exactly the errors it was written for."""
    result = validate(read_deck(path, builtin))
    assert not result.valid
    found = {p.code for p in result.errors}
    if path.name in EXPECTED:
        assert found == EXPECTED[path.name]
    else:
        assert found, f"{path.name}: invalid without an error code"
