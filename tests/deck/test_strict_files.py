"""Deck and regulation files are never read silently wrong (issue: files read silently wrong).

A key given twice once silently kept its last value (a store's ban list at the top of a
regulation was dropped and a banned deck was VALID); YAML 1.1 read `no` as false and dates as
dates (`2021-02-30` was an internal error), and a 5,000-digit number was an internal error.
Each is one clear line naming the file (and line), exit 2, for Z/X and MOZ alike.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_main import run_main as zx

from zxdeck.deck import read_deck
from zxdeck.errors import DeckFileError

ROOT = Path(__file__).resolve().parents[2]
CURRENT = ROOT / "data" / "regulations" / "current.yaml"
RED = ROOT / "examples" / "decks" / "red.txt"
MOZ_REGULATION = ROOT / "data" / "moz" / "regulations" / "glyphwar.yaml"


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("ZXDECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("ZXDECK_CARDS", raising=False)




def _first_card_of(deck: Path) -> str:
    """The name of the first main-deck card of an example deck."""
    from zxdeck.catalog.loader import load_catalog

    return read_deck(deck, load_catalog()).main[0].card.name


def test_d3_a_ban_list_above_the_regulation_is_an_error_not_dropped(tmp_path) -> None:
    """D-3 (copy limits, here 0 = banned): a store prepends its ban list to the regulation, whose
    own `card_limits: {}` comes later. The later value once won silently and the banned deck was
    VALID; now the file is refused naming both lines."""
    banned = _first_card_of(RED)
    regulation = tmp_path / "store.yaml"
    regulation.write_text(f"card_limits: {{{json.dumps(banned, ensure_ascii=False)}: 0}}\n"
                          + CURRENT.read_text(encoding="utf-8"), encoding="utf-8")
    later = 1 + CURRENT.read_text(encoding="utf-8").splitlines().index("card_limits: {}") + 1
    code, out, err = zx("validate", "--regulation", str(regulation), str(RED))
    assert code == 2 and out == ""
    assert err == (f"zxdeck: error: {regulation}: line {later}: key 'card_limits' given twice "
                   f"(lines 1 and {later}); keep one\n")
    # the same ban list written once is applied
    fixed = tmp_path / "fixed.yaml"
    fixed.write_text(CURRENT.read_text(encoding="utf-8").replace(
        "card_limits: {}", f"card_limits: {{{json.dumps(banned, ensure_ascii=False)}: 0}}"), encoding="utf-8")
    code, out, _ = zx("validate", "--regulation", str(fixed), str(RED))
    assert code == 1 and ("banned" in out or "copy-limit" in out)


@pytest.mark.parametrize(("old", "new", "message"), [
    ("date: 2021-01-30", "date: 2021-02-30", "date must be a date YYYY-MM-DD, got '2021-02-30'"),
    ("  size: 50 ", "  size: " + "9" * 5000 + " ",
     "line 12: a number of more than 4,300 digits; quote it if it is text"),
    ("recommend_start_card: true", "recommend_start_card: no",
     "main.recommend_start_card must be true or false, got 'no'"),
    ("  copy_limit: 4                 # D-3", "  copy_limit: 010               # D-3",
     None),  # YAML 1.2: 010 is ten, as in catalogs (not eight)
])
def test_d1_a_regulation_value_is_read_one_way_or_refused_in_one_line(tmp_path, old, new, message) -> None:
    """D-1..D-15 as data: an invalid date or a 5,000-digit number was an internal error, `no` was
    read as false; each is one line naming the file now (exit 2), and `010` is ten."""
    from zxdeck.games.zx.deck.regulation import load_regulation

    text = CURRENT.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "reg.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    if message is None:
        assert load_regulation(str(path)).copy_limit == 10
        return
    code, out, err = zx("validate", "--regulation", str(path), str(RED))
    assert (code, out) == (2, "")
    assert err == f"zxdeck: error: {path}: {message}\n"


def test_d17_a_moz_regulation_with_a_key_given_twice_is_refused(tmp_path) -> None:
    """D-1..D-17 of MOZ as data: `limits` given twice kept the last list silently."""
    from zxdeck.games.moz.deck.regulation import RegulationError, load_regulation

    text = MOZ_REGULATION.read_text(encoding="utf-8")
    path = tmp_path / "twice.yaml"
    path.write_text(text + "limits: []\n", encoding="utf-8")
    last = len(text.splitlines()) + 1
    with pytest.raises(RegulationError) as info:
        load_regulation(str(path))
    assert f"{path}: line {last}: key 'limits' given twice (lines " in str(info.value)
    assert info.value.exit_code == 2


@pytest.mark.parametrize(("name", "content", "message"), [
    ("twice.yaml", "main:\n  - 4 T01-002\nmain:\n  - 4 T01-003\n",
     "line 3: key 'main' given twice (lines 1 and 3); keep one"),
    ("twice.json", '{"main": ["T01-002"],\n "player": "P01-001",\n "main": ["T01-003"]}',
     "line 3: key 'main' given twice in one object (lines 1 and 3); keep one"),
    ("entry.json", '{"main": [{"card": "T01-002", "count": 4,\n  "count": 1}]}',
     "line 2: key 'count' given twice in one object (lines 1 and 2); keep one"),
    ("entry.yaml", "main:\n  - card: T01-002\n    count: 4\n    count: 1\n",
     "line 4: key 'count' given twice (lines 3 and 4); keep one"),
    ("deep.json", '{"main": ' + "[" * 400 + "]" * 400 + "}", "line 1: JSON nested more than 20 levels deep"),
    ("tag.yaml", "main:\n  - !!str 4 T01-002\n", "line 2: YAML tag '!!str' is not allowed here"),
])
def test_d3_a_structured_deck_is_never_read_silently_wrong(catalog, tmp_path, name, content, message) -> None:
    """D-3 counts copies: a count or section given twice once kept the last value silently."""
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(DeckFileError) as info:
        read_deck(path, catalog)
    assert str(info.value).startswith(f"{path}: {message}")
    assert info.value.exit_code == 2


def test_d3_a_bang_in_a_yaml_deck_reads_as_without(catalog, tmp_path) -> None:
    """D-3: `name: ... !` in a YAML deck changes nothing about how its counts are read."""
    plain = tmp_path / "plain.yaml"
    plain.write_text("name: my deck\nmain:\n  - {card: T01-002, count: 04}\n", encoding="utf-8")
    bang = tmp_path / "bang.yaml"
    bang.write_text("name: my deck !\nmain:\n  - {card: T01-002, count: 04}\n", encoding="utf-8")
    counts = [[(e.card.id, e.count) for e in read_deck(p, catalog).main] for p in (plain, bang)]
    assert counts[0] == counts[1] == [("T01-002", 4)]


def test_d3_values_kept_by_the_old_reading_are_never_used(tmp_path) -> None:
    """D-3: a regulation with a key given twice, checked (and kept) by an older zxdeck that read
    it silently, is refused now: the kept copy of the old reading is not used."""
    import hashlib

    from zxdeck import kept
    from zxdeck.games.zx.deck.regulation import RegulationError, _values, load_regulation

    path = tmp_path / "store.yaml"
    path.write_text("card_limits: {A-1: 0}\n" + CURRENT.read_text(encoding="utf-8"), encoding="utf-8")
    digest = hashlib.sha256(path.read_bytes()).hexdigest()
    old = tmp_path / "cache" / "regulations" / f"{digest[:32]}.json"  # the name the old reading kept
    old.parent.mkdir(parents=True)
    values = _values(load_regulation("current"))
    old.write_text(json.dumps({"check": kept._content_digest(values), "values": values}), encoding="utf-8")
    with pytest.raises(RegulationError, match="key 'card_limits' given twice"):
        load_regulation(str(path))


@pytest.mark.parametrize(("name", "content", "message"), [
    ("twice.yaml", "summoners:\n  - MOZ-S017\nsummoners:\n  - MOZ-S017\n",
     "line 3: key 'summoners' given twice (lines 1 and 3); keep one"),
    ("twice.json", '{"zone": ["MOZ-B003"],\n "zone": []}',
     "line 2: key 'zone' given twice in one object (lines 1 and 2); keep one"),
])
def test_d1_a_moz_structured_deck_with_a_key_given_twice_is_refused(tmp_path, name, content, message) -> None:
    """MOZ D-1 (five summoners) and the zone count: a section given twice once kept the last."""
    from zxdeck.games.moz.catalog.loader import open_catalog
    from zxdeck.games.moz.deck import parse as mozdeck

    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    with pytest.raises(DeckFileError) as info:
        mozdeck.read_deck(path, open_catalog(None))
    assert str(info.value) == f"{path}: {message}" and info.value.exit_code == 2
