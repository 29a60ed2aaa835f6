"""A deck that is clearly another game's (a MOZ deck given to `zxdeck validate`, a Z/X deck to
`zxdeck --game moz validate`) is named in one line with the command to use, exit 2, instead of
dozens of unknown-card errors; real decks of either game and decks with too few marks of the
other game are read as before (zxdeck.decks.foreign, each game's DECK_HEADERS /
DECK_CARD_NUMBER)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from zxdeck.decks.foreign import foreign_game

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "zxdeck", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)


def test_moz_deck_to_zx_validate_is_one_line_exit_2() -> None:
    proc = _run("validate", "examples/moz/dusk_minus.txt")
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "examples/moz/dusk_minus.txt: looks like a MOZ deck" in lines[0]
    assert "zxdeck --game moz validate examples/moz/dusk_minus.txt" in lines[0]
    assert "Traceback" not in proc.stderr


def test_zx_deck_to_moz_validate_is_one_line_exit_2() -> None:
    proc = _run("--game", "moz", "validate", "examples/decks/red.txt")
    assert proc.returncode == 2
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert "looks like a Z/X deck, not a MOZ one" in lines[0]
    assert "`zxdeck validate examples/decks/red.txt`" in lines[0]
    assert "parse-error" not in proc.stdout + proc.stderr


def test_moz_deck_to_zx_sim_names_the_game() -> None:
    proc = _run("sim", "examples/moz/dusk_minus.txt", "examples/decks/red.txt", "-n", "1")
    assert proc.returncode == 2
    assert "looks like a MOZ deck" in proc.stderr


@pytest.mark.parametrize("path", sorted((ROOT / "examples" / "decks").glob("*.txt")), ids=lambda p: p.name)
def test_real_zx_decks_are_zx(path: Path) -> None:
    assert foreign_game(path.read_text(encoding="utf-8"), "zx") is None


@pytest.mark.parametrize("path", sorted((ROOT / "examples" / "moz").glob("*.txt")), ids=lambda p: p.name)
def test_real_moz_decks_are_moz(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert foreign_game(text, "moz") is None
    assert foreign_game(text, "zx") == "moz"


def test_one_mark_or_a_mark_of_the_game_used_is_not_enough() -> None:
    assert foreign_game("Summoners:\n4 紅蓮の竜\n", "zx") is None  # one mark only: read as before
    assert foreign_game("Summoners:\n1 MOZ-S013\n", "zx") == "moz"
    # a Z/X number anywhere: the deck is Z/X's (with its own errors), not MOZ's
    assert foreign_game("Summoners:\n1 MOZ-S013\n4 ZX01-013\n", "zx") is None
    assert foreign_game("Player: 紅林アカネ\n4 ZX01-013\n", "moz") == "zx"
    assert foreign_game("Zone:\n1 MOZ-B070\n", "moz") is None
