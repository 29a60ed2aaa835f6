"""The SQLite-backed card look-ups used by the deck commands agree with `Catalog` (INTERFACES.md section 2)."""

from __future__ import annotations

import pytest

from zxdeck.catalog.source import open_card_source
from zxdeck.catalog.suggest import suggest
from zxdeck.deck import parse_text, validate
from zxdeck.text import fold


@pytest.fixture()
def db_cards(cards_file, tmp_path, monkeypatch):
    monkeypatch.setenv("ZXDECK_CACHE_DIR", str(tmp_path / "cache"))
    source = open_card_source(str(cards_file))
    yield source
    source.close()


def test_lookup_and_get_agree_with_the_catalog(catalog, db_cards) -> None:
    queries = ["", "  ", "nothing", "ｔ０１－００２", "Ｆｌａｍｅ　Ｄｒａｇｏｎ", "flame   dragon", "ちとせ"]
    for card in catalog:
        queries += [card.id, card.id.lower(), card.name, card.name_en, f" {card.name.upper()} "]
    for q in queries:
        assert [c.id for c in db_cards.lookup(q)] == [c.id for c in catalog.lookup(q)], q
        assert db_cards.get(q) == catalog.get(q), q


def test_suggestion_keys_are_the_folded_catalog_keys(catalog, db_cards) -> None:
    assert [(s, c.id) for s, c in db_cards.lookup_keys] == [(s, c.id) for s, c in catalog.lookup_keys]
    assert db_cards.folded_keys == [fold(s) for s, _ in catalog.lookup_keys]
    assert [c.id for _, c, _ in suggest(db_cards, "Flame Dragn")] == [c.id for _, c, _ in suggest(catalog, "Flame Dragn")]


def test_same_validation_through_either_source(catalog, db_cards, legal_deck) -> None:
    """D-1..D-15: a deck validates the same whichever source found its cards."""
    deck = legal_deck + "1 T01-00x\n"
    a = validate(parse_text(deck, catalog)).to_dict()
    b = validate(parse_text(deck, db_cards)).to_dict()
    assert a == b and not a["valid"]
