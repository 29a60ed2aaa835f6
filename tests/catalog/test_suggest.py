"""'Did you mean' ranking shared by `zxdeck card` and the `unknown-card` problem of `zxdeck validate`."""

from __future__ import annotations

from zxdeck.catalog.loader import catalog_from_cards
from zxdeck.catalog.model import Card
from zxdeck.catalog.suggest import suggest

CATALOG = catalog_from_cards(
    [
        Card(id="T-001", name="熔岩の竜騎士ファルヴィス", name_en="Falvis, Lava Dragon Knight", type="zx"),
        Card(id="T-002", name="焔刃竜ベルヴィス", name_en="Belvis the Blazeblade Dragon", type="zx"),
        Card(id="T-003", name="焦土竜グレンラ", name_en="Glenra the Scorched Earth Dragon", type="zx"),
        Card(id="T-004", name="烈火竜ミナヴァ", name_en="Minava the Raging Fire Dragon", type="zx"),
        Card(id="T-005", name="蒼の方程式", name_en="Blue Equation", type="event"),
    ]
)


def test_english_near_miss_of_a_whole_name_ranks_first() -> None:
    """A name that shares one word ("dragon") must not outrank a near miss of the whole name."""
    hits = suggest(CATALOG, "falvis lava dragon")
    assert hits[0][1].id == "T-001"
    assert hits[0][0] == "Falvis, Lava Dragon Knight"  # the string that matched is shown


def test_japanese_typo_finds_the_card_and_one_suggestion_per_card() -> None:
    hits = suggest(CATALOG, "熔岩の竜騎士ファルビス")
    assert hits[0][1].id == "T-001"
    assert len({card.id for _, card, _ in hits}) == len(hits)


def test_nothing_close_gives_no_suggestion() -> None:
    assert suggest(CATALOG, "zzzzqqqq") == []
    assert suggest(CATALOG, "   ") == []


def test_a_sentence_sharing_small_words_gets_no_suggestion() -> None:
    """A pasted deck's English title shares "the", "of" with names but is close to none: no
    "did you mean" (the built-in catalog gave 'March of the Dead', 'Solra the Void Shade' and
    'Key of the Warp Gate' for it); a name's half is still close."""
    from zxdeck.catalog.loader import load_catalog

    builtin = load_catalog()
    assert suggest(builtin, "My red deck for the tournament") == []
    assert suggest(CATALOG, "My red deck for the tournament") == []
    assert [c.id for _, c, _ in suggest(CATALOG, "ファルヴィス")][:1] == ["T-001"]
    assert [c.id for _, c, _ in suggest(CATALOG, "Blue Equasion")] == ["T-005"]
