"""MOZ's catalog schema (zxdeck.catalog.schema): the card checker and the tables of its SQLite
cache, so that MOZ's catalog is cached, checked and searched by the core's machinery
(zxdeck.catalog.db / query), as Z/X's is. The fields of `zxdeck --game moz search` (below) are in
zxdeck.games.moz.catalog.language, imported when a query is parsed.

| term | field | meaning |
|---|---|---|
| word, "two words" | any | name, English name, reading, id or text contains it |
| `name:W` `n:W` | name | name (Japanese or English) or reading contains it (`/regex/` too) |
| `!"exact name"` | exact | the name (or English name) is exactly this |
| `id:MOZ-B` | id | id starts with it (`id=` exactly) |
| `type:beast` `t:` | type | summoner/s, beast/b, help/h, special/sp, help_special/hs, reverse/r, attribute_change/ac, support (the five kinds) |
| `kind:reverse` `k:` | kind | a support card of this kind (help/h, special/sp, help_special/hs, reverse/r, attribute_change/ac) |
| `level>=5` `lv` | level | summoner level |
| `speed<3` `spd` | speed | summoner speed |
| `age>20` | age | summoner age (a summoner without an age never matches) |
| `power=100` `pow` | power | beast power |
| `attribute:貝` `attr:` `a:` | attribute | beast attribute, attribute change card's attribute, or any face of a summoner |
| `sub:dragon` `sa:` | sub | beast sub-attribute (dragon 竜, male 男, female 女, beast 獣, fish 魚, bird 鳥, insect 虫, or another string) |
| `group:sp_seal` `g:` | group | limit group (`g:none`: none); Japanese names work (`g:天災`) |
| `sex:female` | sex | summoner sex (male/m, female/f) |
| `text:W` `o:W` | text | card text contains it (`/regex/` too) |
"""

from __future__ import annotations

import json
from typing import Any

from zxdeck.catalog.schema import MEMBER_SEPARATOR, CatalogSchema
from zxdeck.games.moz.catalog.model import (
    SUB_ATTRIBUTES,
    TYPES,
    MozCard,
    card_from_mapping,
)
from zxdeck.text import fold, fold_compact

VERSION = 2  # 2: the cards are in the core's tables (card_search, the trigram index); 1: own table

def sub_key(value: str) -> str:
    """A folded sub-attribute value as stored: 竜 and dragon are the same (Y-4)."""
    for key, ja in SUB_ATTRIBUTES.items():
        if value in (key, fold(ja)):
            return key
    return value


def reading(card: MozCard) -> str:
    return str(dict(card.extra).get("reading", "") or "")


def attributes(card: MozCard) -> tuple[str, ...]:
    """The attributes a card has for `attribute:`: a summoner's three faces, a beast's or an
    attribute change card's attribute."""
    if card.type == "summoner":
        return tuple(card.summon_attributes)  # type: ignore[attr-defined]
    value = getattr(card, "attribute", None)
    return (value,) if value else ()


# The cache stores cards in id order, so rowid order is id order (zxdeck.catalog.db.write_cards);
# a card without the value sorts after those with one.
SORTS: dict[str, str] = {
    "id": "c.rowid",
    "name": "c.name_f, c.rowid",
    "type": "c.type_order, c.rowid",
    "level": "(c.level IS NULL), c.level, c.rowid",
    "speed": "(c.speed IS NULL), c.speed, c.rowid",
    "power": "(c.power IS NULL), c.power, c.rowid",
}

# --------------------------------------------------------------------------- the tables

# The `cards` table (docs/MOZ.md): the card as its catalog mapping (JSON) and the columns
# look-ups, searches and sorts read.
COLUMNS: dict[str, type] = {
    "id": str, "seq": int, "type": str, "name": str, "name_en": str, "mapping": str,
    "id_key": str, "name_key": str, "name_en_key": str,
    "id_f": str, "name_f": str, "name_en_f": str, "reading_f": str, "text_f": str,
    "type_order": int, "level": int, "speed": int, "age": int, "power": int,
    "attrs_f": str, "sub_f": str, "grp": str, "sex": str,
}
NULLABLE = frozenset({"level", "speed", "age", "power"})  # NULL: the card has no such value
SEARCH_COLUMNS = ("id", "type", "type_order", "id_f", "name_f", "name_en_f", "reading_f", "level", "speed",
                  "age", "power", "attrs_f", "sub_f", "grp", "sex")
FTS_COLUMNS = ("id_f", "name_f", "name_en_f", "reading_f", "text_f")
_TYPE_ORDER = {t: i for i, t in enumerate(TYPES)}


def card_row(card: MozCard, seq: int) -> dict[str, Any]:
    """The `cards` row of one card."""
    attrs = attributes(card)
    return {
        "id": card.id, "seq": seq, "type": card.type, "name": card.name, "name_en": card.name_en,
        "mapping": json.dumps({**card.to_mapping(), **dict(card.extra)}, ensure_ascii=False, default=str),
        "id_key": fold_compact(card.id), "name_key": fold_compact(card.name), "name_en_key": fold_compact(card.name_en),
        "id_f": fold(card.id), "name_f": fold(card.name), "name_en_f": fold(card.name_en),
        "reading_f": fold(reading(card)), "text_f": fold(card.text),
        "type_order": _TYPE_ORDER.get(card.type, len(_TYPE_ORDER)),
        **{f: getattr(card, f, None) for f in ("level", "speed", "age", "power")},
        "attrs_f": MEMBER_SEPARATOR + MEMBER_SEPARATOR.join(fold(a) for a in attrs) + MEMBER_SEPARATOR if attrs else "",
        "sub_f": fold(getattr(card, "sub_attribute", None) or ""), "grp": card.limit_group or "",
        "sex": getattr(card, "sex", None) or "",
    }


def card_from_row(row: tuple) -> MozCard:
    """A card from a row selected with `CARD_SELECT` (its catalog mapping)."""
    return card_from_mapping(json.loads(row[0]))


def _card_from_mapping(raw: Any, problems: list[str], where: str, check: bool = True) -> MozCard | None:
    """The core loader's checker interface over MOZ's `card_from_mapping` (which raises)."""
    from zxdeck.games.moz.catalog.model import CardError

    try:
        return card_from_mapping(raw)
    except CardError as exc:
        problems.append(f"{where}: {exc}")
        return None


def _parse_catalog(data: bytes, source: str) -> list[MozCard]:
    from zxdeck.games.moz.catalog import loader as catalog

    return catalog.parse_catalog(data, source)


def _stub(id: str, name: str, type: str, name_en: str = "") -> MozCard:  # noqa: A002
    """A card that carries only what "did you mean" shows (zxdeck.catalog.source)."""
    return MozCard(id=id, name=name, type=type, name_en=name_en)


SCHEMA = CatalogSchema(
    game="moz",
    card_class=_stub,  # type: ignore[arg-type]
    card_from_mapping=_card_from_mapping,
    columns=COLUMNS,
    nullable=NULLABLE,
    search_columns=SEARCH_COLUMNS,
    fts_columns=FTS_COLUMNS,
    indexes=(("seq",), ("id_f",), ("id_key",), ("name_key",), ("name_en_key",)),
    card_select="mapping",
    card_row=card_row,
    card_from_row=card_from_row,
    search="zxdeck.games.moz.catalog.language",  # FIELDS, LANGUAGE
    sorts=SORTS,
    version=VERSION,
    cache_subdir="moz",
    parse_catalog=_parse_catalog,
)

__all__ = ["SCHEMA", "SORTS", "attributes", "reading", "sub_key"]
