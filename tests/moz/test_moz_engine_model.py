"""The MOZ card model and effect vocabulary (K-9, K-10, K-12, K-14..K-17, Y-2..Y-5)."""

from __future__ import annotations

import pytest
from moz_fixture import fixture_cards

from zxdeck.games.moz.catalog.model import (
    Beast,
    CardError,
    Summoner,
    Support,
    card_from_mapping,
    same_attribute,
)


def test_fixture_catalog_has_every_kind() -> None:
    kinds = {c.type for c in fixture_cards().values()}
    assert kinds == {"summoner", "beast", "help", "special", "help_special", "reverse", "attribute_change"}


def test_summoner_fields_k9_k10() -> None:
    """K-9, K-10: name, sex, age, level, speed, one summon attribute per top/left/right face."""
    s = card_from_mapping({"id": "X1", "name": "n", "type": "summoner", "sex": "female", "age": 17, "level": 3,
                           "summon_attributes": {"top": "貝", "left": "火", "right": "水"}, "speed": 5})
    assert isinstance(s, Summoner)
    assert (s.sex, s.age, s.level, s.speed) == ("female", 17, 3, 5)
    assert s.face_attribute("left") == "火"


def test_beast_fields_k12_k14_k15_and_japanese_sub_attributes_y4() -> None:
    """K-12, K-14, K-15, Y-4: 竜 is stored as dragon; other strings are kept; power may be negative."""
    b = card_from_mapping({"id": "B", "name": "b", "type": "beast", "attribute": "貝", "sub_attribute": "竜",
                           "power": -100})
    assert isinstance(b, Beast) and b.sub_attribute == "dragon" and b.power == -100
    other = card_from_mapping({"id": "B2", "name": "b2", "type": "beast", "attribute": "貝",
                               "sub_attribute": "精霊", "power": 0})
    assert other.sub_attribute == "精霊"


def test_supports_k16_k17() -> None:
    """K-16: an attribute change card names its attribute; K-17: help & special works as both."""
    c = card_from_mapping({"id": "C", "name": "c", "type": "attribute_change", "attribute": "火"})
    assert isinstance(c, Support) and c.attribute == "火"
    hs = card_from_mapping({"id": "H", "name": "h", "type": "help_special"})
    assert hs.usable_as_help and hs.usable_as_special
    with pytest.raises(CardError, match="attribute"):
        card_from_mapping({"id": "C2", "name": "c", "type": "attribute_change"})


def test_attributes_compare_after_nfkc_k13() -> None:
    """K-13: attributes are equal after NFKC normalization."""
    assert same_attribute("ｶｲ", "カイ") and not same_attribute("貝", "火")


@pytest.mark.parametrize("entry, problem", [
    ({"id": "X", "name": "n", "type": "summoner", "level": 0, "speed": 1,
      "summon_attributes": {"top": "a", "left": "b", "right": "c"}}, "level"),
    ({"id": "X", "name": "n", "type": "summoner", "level": 1, "speed": 1,
      "summon_attributes": {"top": "a", "left": "b"}}, "summon_attributes"),
    ({"id": "X", "name": "n", "type": "beast", "attribute": "a", "sub_attribute": "x", "power": "big"}, "power"),
    ({"id": "X", "name": "n", "type": "dragon"}, "type"),
    ({"id": "X", "name": "n", "type": "special", "limit_group": "nope"}, "limit_group"),
    ({"id": "X", "name": "n", "type": "special", "abilities": [{"when": "special", "do": [{"op": "fly"}]}]}, "op"),
])
def test_wrong_forms_are_refused_y5(entry: dict, problem: str) -> None:
    """Y-5: a missing field or a value of the wrong form is refused, naming it."""
    with pytest.raises(CardError, match=problem):
        card_from_mapping(entry)


def test_abilities_round_trip_as_data() -> None:
    """N-5: abilities are data; to_mapping gives back a mapping that parses to the same card."""
    for c in fixture_cards().values():
        assert card_from_mapping(c.to_mapping()) == c
