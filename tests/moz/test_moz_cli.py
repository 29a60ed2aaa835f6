"""The MOZ commands through `zxdeck --game moz` (exit statuses of INTERFACES.md section 3)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    environ = {**os.environ, "ZXDECK_CACHE_DIR": str(tmp_path_factory.mktemp("cache")), "NO_COLOR": "1"}
    environ.pop("ZXDECK_MOZ_CARDS", None)
    environ.pop("ZXDECK_GAME", None)
    return environ


def moz(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "zxdeck", "--game", "moz", *args], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=120)


def test_validate_legal_decks_exit_0(env: dict[str, str]) -> None:
    decks = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "examples" / "moz").glob("*.txt"))
    done = moz(env, "validate", *decks)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count(": VALID (0 errors") == len(decks) >= 4


def test_validate_illegal_decks_exit_1_and_json_array(env: dict[str, str]) -> None:
    decks = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "examples" / "moz" / "illegal").glob("*.txt"))
    assert len(decks) >= 2
    done = moz(env, "validate", "--format", "json", *decks)
    assert done.returncode == 1
    data = json.loads(done.stdout)
    assert [d["deck"] for d in data] == decks and not any(d["valid"] for d in data)
    assert all(e["rule"].startswith("D-") for d in data for e in d["errors"] if e["code"] not in
               ("unknown-card", "parse-error"))


def test_validate_unreadable_deck_and_refused_catalog_exit_2(env: dict[str, str], tmp_path: Path) -> None:
    done = moz(env, "validate", "no/such/deck.txt")
    assert done.returncode == 2 and "deck file not found" in done.stderr and "Traceback" not in done.stderr
    bad = tmp_path / "bad.yaml"
    bad.write_text("cards:\n  - {id: X, name: x, type: wizard}\n", encoding="utf-8")
    done = moz(env, "--cards", str(bad), "validate", "examples/moz/shell_dragons.txt")
    assert done.returncode == 2
    assert f"{bad}: card X (line 2): unknown type 'wizard'" in done.stderr


def test_env_var_selects_moz_for_validate(env: dict[str, str]) -> None:
    done = subprocess.run([sys.executable, "-m", "zxdeck", "validate", "examples/moz/shell_dragons.txt"],
                          capture_output=True, text=True, env={**env, "ZXDECK_GAME": "moz"}, cwd=ROOT, timeout=120)
    assert done.returncode == 0 and "MOZ, regulation glyphwar" in done.stdout


def test_search_formats_and_bad_query(env: dict[str, str]) -> None:
    done = moz(env, "search", "sub:dragon", "pow=100", "--format", "ids")
    assert done.returncode == 0 and done.stdout.split() == ["MOZ-B001", "MOZ-B016", "MOZ-B043", "MOZ-B058",
                                                            "MOZ-B085", "MOZ-B100"]
    data = json.loads(moz(env, "search", "g:sp_seal", "--format", "json").stdout)
    assert {c["limit_group"] for c in data} == {"sp_seal"}
    bad = moz(env, "search", "lvl>3")
    assert bad.returncode == 2 and "unknown keyword 'lvl'" in bad.stderr and "Traceback" not in bad.stderr


def test_card_and_db_info(env: dict[str, str]) -> None:
    done = moz(env, "card", "surf", "dragon")
    assert done.returncode == 0 and done.stdout.startswith("潮騒の竜 (MOZ-B001)")
    missing = moz(env, "card", "surff", "dragn")
    assert missing.returncode == 2 and "did you mean 'Surf Dragon'" in missing.stderr
    info = json.loads(moz(env, "db", "info", "--format", "json").stdout)
    assert info["game"] == "moz" and info["cards"] >= 200
