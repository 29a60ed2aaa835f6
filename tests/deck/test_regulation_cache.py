"""A checked regulation is kept as JSON in the cache folder, so a warm `validate` reads no YAML.

The kept copy must give the same `Regulation` as the YAML, follow any change of the YAML, and be
ignored (the YAML read again) when it is damaged.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from zxdeck.deck import regulation as reg
from zxdeck.deck.regulation import load_regulation, parse_regulation


@pytest.fixture(autouse=True)
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("ZXDECK_CACHE_DIR", str(folder))
    return folder / "regulations"


def _no_yaml(*_args, **_kwargs):
    raise AssertionError("the regulation YAML was parsed although a checked copy is kept")


@pytest.mark.parametrize("name", ["current", "v2", "sealed"])
def test_builtin_regulation_kept_and_read_back_equal(name: str, cache: Path, monkeypatch) -> None:
    """D-1..D-16 limits: the kept copy gives the very Regulation the YAML gives, without YAML."""
    first = load_regulation(name)
    assert first == parse_regulation(Path(first.path).read_bytes(), first.path)
    assert len(list(cache.glob("*.json"))) == 1
    monkeypatch.setattr(reg, "parse_regulation", _no_yaml)
    assert load_regulation(name) == first


def test_a_changed_regulation_file_is_read_again(tmp_path: Path, cache: Path) -> None:
    """D-3 card_limits of a user's regulation: editing the file gives its new limits at once."""
    path = tmp_path / "local.yaml"
    text = (reg.regulations_dir() / "current.yaml").read_text(encoding="utf-8").replace("name: current", "name: local")
    path.write_text(text.replace("card_limits: {}", "card_limits: {A-1: 2}"), encoding="utf-8")
    assert load_regulation(str(path)).card_limits == {"A-1": 2}
    path.write_text(text.replace("card_limits: {}", "card_limits: {A-1: 0, B-2: 1}"), encoding="utf-8")
    assert load_regulation(str(path)).card_limits == {"A-1": 0, "B-2": 1}
    assert len(list(cache.glob("*.json"))) == 2


def test_dated_lists_are_kept_and_apply_by_date(tmp_path: Path, monkeypatch) -> None:
    """D-3 with dated banned / restricted lists: the kept copy gives the same lists, and `at(day)`
    applies the same one as the YAML's."""
    import datetime as dt

    path = tmp_path / "dated.yaml"
    text = (reg.regulations_dir() / "current.yaml").read_text(encoding="utf-8").replace("name: current", "name: dated")
    path.write_text(text.replace("lists: []", "lists:\n  - {date: 2022-04-01, title: 改訂, banned: [A-1], "
                                 "restricted: {B-2: 1}}\n  - {date: 2021-01-01, banned: [C-3]}"), encoding="utf-8")
    first = load_regulation(str(path))
    assert [cl.date for cl in first.lists] == ["2021-01-01", "2022-04-01"]
    monkeypatch.setattr(reg, "parse_regulation", _no_yaml)
    kept = load_regulation(str(path))
    assert kept == first
    day = dt.date(2022, 5, 1)
    assert kept.at(day).limit_sources() == first.at(day).limit_sources()
    assert kept.at(day).active_list.limits == {"A-1": 0, "B-2": 1}


@pytest.mark.parametrize(
    "damage",
    [
        lambda doc: doc["values"].update(main_size=40),  # valid JSON, other content: the check fails
        lambda doc: doc["values"].pop("copy_limit"),
        lambda doc: doc.update(check="0" * 64),
        lambda doc: doc["values"].update(surprise=1),
    ],
)
def test_a_damaged_kept_copy_is_ignored(cache: Path, damage) -> None:
    """D-1: a kept copy whose content no longer matches its digest is never used."""
    load_regulation("current")
    (kept,) = cache.glob("*.json")
    doc = json.loads(kept.read_text(encoding="utf-8"))
    damage(doc)
    kept.write_text(json.dumps(doc), encoding="utf-8")
    again = load_regulation("current")
    assert again.main_size == 50 and again.copy_limit == 4


def test_unreadable_or_garbage_copy_falls_back_to_yaml(cache: Path) -> None:
    load_regulation("current")
    (kept,) = cache.glob("*.json")
    kept.write_bytes(b"\x00\xff not json")
    assert load_regulation("current").main_size == 50
    kept.unlink()
    kept.mkdir()  # a folder where the file was: cannot be read or replaced
    assert load_regulation("current").main_size == 50


def test_an_unwritable_cache_folder_only_costs_the_yaml(tmp_path: Path, monkeypatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("ZXDECK_CACHE_DIR", str(blocker / "cache"))
    assert load_regulation("v2").name == "v2"
