"""A catalog value of the wrong shape is one clear line (file, card, problem): never an
"internal error", in `catalog check` (exit 1) and `search` (exit 2), for Z/X and MOZ (MOZ_RULES Y-5)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_main import run_main as run


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("ZXDECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("ZXDECK_CARDS", raising=False)




ZX_CARD = "cards:\n  - id: A-1\n    name: a\n    type: zx\n    color: red\n"


@pytest.mark.parametrize(("old", "new", "problem"), [
    ("color: red", "color: [red]", "card A-1: unknown color ['red'] (valid:"),
    ("type: zx", "type: [zx]", "card A-1: unknown type ['zx'] (valid:"),
    ("type: zx", "type: {zx: 1}", "card A-1: unknown type {'zx': 1} (valid:"),
    ("color: red", "color: red\n    timing: [main]", "card A-1: unknown timing ['main'] (valid:"),
])
@pytest.mark.parametrize("command", ["check", "search"])
def test_a_list_as_color_or_type_is_one_clear_line(tmp_path: Path, old: str, new: str, problem: str,
                                                   command: str) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(ZX_CARD.replace(old, new), encoding="utf-8")
    args = ("catalog", "check", str(path)) if command == "check" else ("--cards", str(path), "search", "a")
    code, out, err = run(*args)
    # `catalog check` exits 1 for a refused card (its documented status), the other commands 2
    assert code == (1 if command == "check" else 2) and out == ""
    assert "internal error" not in err and f"{path}: {problem}" in err


@pytest.mark.parametrize("command", ["check", "search"])
def test_a_list_as_a_key_is_refused_by_check_and_search_alike(tmp_path: Path, command: str) -> None:
    """A list as a key once passed `catalog check` and crashed `search`."""
    path = tmp_path / "cards.yaml"
    path.write_text(ZX_CARD + "    ? [x, y]\n    : z\n", encoding="utf-8")
    args = ("catalog", "check", str(path)) if command == "check" else ("--cards", str(path), "search", "a")
    code, out, err = run(*args)
    assert (code, out) == (2, "")
    assert err == f"zxdeck: error: {path}: line 6: a key must be a single value, not a list or mapping\n"


MOZ_CARD = "cards:\n  - {id: T-1, name: 甲, type: help, text: x}\n"


@pytest.mark.parametrize(("old", "new", "problem"), [
    ("type: help", "type: [help]", "card T-1 (line 2): unknown type ['help']"),
    ("type: help", "type: special, limit_group: [sp_seal]", "card T-1 (line 2): unknown limit_group ['sp_seal']"),
    ("text: x", "abilities: [{when: special, do: [{op: [seal]}]}]", "card T-1 (line 2): abilities: unknown effect op"),
])
def test_y5_a_moz_value_of_the_wrong_shape_is_one_clear_line(tmp_path: Path, old: str, new: str,
                                                             problem: str) -> None:
    """Y-5: a MOZ catalog with a list where a word belongs is refused naming the file and card."""
    path = tmp_path / "cards.yaml"
    path.write_text(MOZ_CARD.replace(old, new), encoding="utf-8")
    code, out, err = run("--game", "moz", "--cards", str(path), "search", "甲")
    assert (code, out) == (2, "")
    assert "internal error" not in err and f"{path}: {problem}" in err


def test_y5_a_bang_in_a_moz_catalog_reads_as_without(tmp_path: Path) -> None:
    """Y-1/Y-5: a ` !` in a MOZ card's text once switched the file to a YAML 1.1 reader (`name_en:
    NO` was false and refused): the file reads the same with or without it."""
    from zxdeck.games.moz.catalog.loader import parse_catalog

    text = "cards:\n  - {id: T-1, name: 甲, name_en: NO, type: help, text: %s}\n"
    plain = parse_catalog((text % "x").encode(), "a.yaml")
    bang = parse_catalog((text % "x !").encode(), "b.yaml")
    assert plain[0].name_en == bang[0].name_en == "NO"
    assert bang[0].text == plain[0].text + " !"
