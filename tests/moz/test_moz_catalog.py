"""The MOZ catalog: the built-in one (data/moz/cards.yaml), the checks of Y-1..Y-5, the SQLite cache."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from zxdeck.errors import CatalogError
from zxdeck.games.moz.catalog import loader as moz_catalog
from zxdeck.games.moz.catalog.loader import load_catalog, open_catalog, parse_catalog
from zxdeck.games.moz.catalog.model import LIMIT_GROUPS, SUB_ATTRIBUTES, SUPPORT_KINDS

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def builtin() -> moz_catalog.MozCatalog:
    return load_catalog()


def test_builtin_catalog_is_large_and_varied(builtin: moz_catalog.MozCatalog) -> None:
    """Y-1 (a `cards` list), Y-2 and Y-3 (the fields of each kind) hold for at least 200 cards: summoners of levels 1 to 7 and higher (K-9, D-4..D-8), beasts of every
    named sub-attribute (K-14) with negative powers too (K-15), all five support kinds (K-8),
    several cards in every limit group (D-11..D-17)."""
    cards = list(builtin)
    assert len(cards) >= 200
    types = Counter(c.type for c in cards)
    assert set(types) == {"summoner", "beast", *SUPPORT_KINDS}
    levels = {c.level for c in cards if c.type == "summoner"}
    assert set(range(1, 8)) <= levels and max(levels) > 7
    beasts = [c for c in cards if c.type == "beast"]
    assert {c.sub_attribute for c in beasts} == set(SUB_ATTRIBUTES)
    assert len({c.attribute for c in beasts}) >= 8 and "貝" in {c.attribute for c in beasts}
    assert min(c.power for c in beasts) < 0 and len({c.power for c in beasts}) >= 6
    groups = Counter(c.limit_group for c in cards if c.limit_group)
    assert set(groups) == set(LIMIT_GROUPS) and min(groups.values()) >= 2
    summoners = [c for c in cards if c.type == "summoner"]
    assert {c.sex for c in summoners} == {"male", "female"}
    assert all(len(c.summon_attributes) == 3 for c in summoners)
    with_abilities = [c for c in cards if c.abilities]
    assert len(with_abilities) >= len(cards) // 3


def test_builtin_names_are_unique_and_have_readings(builtin: moz_catalog.MozCatalog) -> None:
    """D-3 counts by name: the catalog never gives two cards one name; each has a kana reading."""
    names = Counter(c.name for c in builtin)
    assert max(names.values()) == 1
    assert all(dict(c.extra).get("reading") for c in builtin)
    assert all(c.name_en for c in builtin)


def test_builtin_catalog_is_what_the_script_writes() -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "make_moz_catalog.py"), "--check"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, "data/moz/cards.yaml differs from scripts/make_moz_catalog.py's output"


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "cards.yaml"
    path.write_text(text, encoding="utf-8")
    return path


GOOD = """\
cards:
  - {id: T-1, name: 甲, type: summoner, level: 1, speed: 3, summon_attributes: {top: 貝, left: 炎, right: 水}}
  - {id: T-2, name: 乙, type: beast, attribute: 貝, sub_attribute: 竜, power: 100}
  - {id: T-3, name: 丙, type: special, limit_group: sp_seal, abilities: [{when: special, do: [{op: seal}]}]}
"""


def test_y4_japanese_sub_attributes_are_stored_as_keys(tmp_path: Path) -> None:
    cards = parse_catalog(write(tmp_path, GOOD).read_bytes(), "cards.yaml")
    assert cards[1].sub_attribute == "dragon"


@pytest.mark.parametrize(("entry", "problem"), [
    ("{id: T-1, name: 丁, type: beast, attribute: 炎, sub_attribute: fish, power: 1}", "card T-1 (line 5): duplicate id"),
    ("{id: T-9, name: 丁, type: wizard}", "card T-9 (line 5): unknown type 'wizard'"),
    ("{id: T-9, name: 丁, type: summoner, level: 0, speed: 1, summon_attributes: {top: a, left: b, right: c}}",
     "card T-9 (line 5): 'level' must be at least 1"),
    ("{id: T-9, name: 丁, type: summoner, level: 2, speed: 1, summon_attributes: {top: a, left: b}}",
     "card T-9 (line 5): 'summon_attributes' must have exactly the keys top, left, right"),
    ("{id: T-9, name: 丁, type: beast, attribute: 炎, sub_attribute: fish, power: strong}",
     "card T-9 (line 5): 'power' must be an integer"),
    ("{id: T-9, name: 丁, type: special, limit_group: meteor}", "card T-9 (line 5): unknown limit_group 'meteor'"),
    ("{name: 丁, type: help}", "line 5: missing required field 'id'"),
])
def test_y5_refused_catalogs_name_file_card_and_line(tmp_path: Path, entry: str, problem: str) -> None:
    path = write(tmp_path, GOOD + f"  - {entry}\n")
    with pytest.raises(CatalogError) as info:
        parse_catalog(path.read_bytes(), str(path))
    assert f"{path}: {problem}" in info.value.message


def test_y5_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD + "  - {id: X-1, name: a, type: nope}\n  - {id: X-2, name: b, type: beast}\n")
    with pytest.raises(CatalogError) as info:
        parse_catalog(path.read_bytes(), str(path))
    assert len(info.value.problems) == 2


def test_y5_yaml_is_read_safely(tmp_path: Path) -> None:
    """Tags are an error, never executed; anchors and aliases are refused."""
    for text in ("cards: !!python/object/apply:os.system ['true']\n",
                 "cards:\n  - &a {id: T-1, name: x, type: help}\n  - *a\n"):
        with pytest.raises(CatalogError):
            parse_catalog(text.encode(), "bad.yaml")


def test_the_cache_is_used_when_warm_and_rebuilt_when_the_catalog_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ZXDECK_CACHE_DIR", str(tmp_path / "cache"))
    path = write(tmp_path, GOOD)
    first = open_catalog(str(path))
    assert first.built and first.cache is not None and first.cache.is_file()

    def no_yaml(*args: object, **kwargs: object) -> None:
        raise AssertionError("a warm open parses no YAML")

    monkeypatch.setattr(moz_catalog, "parse_catalog", no_yaml)
    warm = open_catalog(str(path))
    assert not warm.built and [c.id for c in warm] == [c.id for c in first]
    assert warm.cards == first.cards and dict(warm.cards[0].extra) == dict(first.cards[0].extra)
    monkeypatch.undo()
    monkeypatch.setenv("ZXDECK_CACHE_DIR", str(tmp_path / "cache"))
    path.write_text(GOOD.replace("power: 100", "power: 150"), encoding="utf-8")
    changed = open_catalog(str(path))
    assert changed.built and changed.get("T-2").power == 150


def test_a_damaged_cache_is_rebuilt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ZXDECK_CACHE_DIR", str(tmp_path / "cache"))
    path = write(tmp_path, GOOD)
    cache = open_catalog(str(path)).cache
    assert cache is not None
    data = bytearray(cache.read_bytes())
    data[-100] ^= 0xFF
    cache.write_bytes(bytes(data))
    with pytest.warns(UserWarning, match="damaged"):
        again = open_catalog(str(path))
    assert again.built and len(again) == 3


def test_catalog_lookups_fold_names(builtin: moz_catalog.MozCatalog) -> None:
    card = builtin.cards[40]
    assert builtin.find(card.id) == [card]
    assert builtin.lookup(card.name_en.upper()) == [card]
