"""MOZ's catalog schema (zxdeck.catalog.schema): the card checker, the tables of its SQLite cache
and the fields of `zxdeck --game moz search`, so that MOZ's catalog is cached, checked and
searched by the core's machinery (zxdeck.catalog.db / query), as Z/X's is.

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
import re
from typing import Any

from zxdeck.catalog.schema import MEMBER_SEPARATOR, CatalogSchema, Language, SearchField
from zxdeck.games.moz.model import (
    LIMIT_GROUPS,
    SUB_ATTRIBUTES,
    SUPPORT_KINDS,
    TYPES,
    MozCard,
    card_from_mapping,
)
from zxdeck.text import fold, fold_compact

VERSION = 2  # 2: the cards are in the core's tables (card_search, the trigram index); 1: own table

# --------------------------------------------------------------------------- the search language

KEYWORDS: dict[str, str] = {
    "name": "name", "n": "name",
    "id": "id",
    "type": "type", "t": "type",
    "kind": "kind", "k": "kind",
    "level": "level", "lv": "level",
    "speed": "speed", "spd": "speed",
    "power": "power", "pow": "power",
    "age": "age",
    "attribute": "attribute", "attr": "attribute", "a": "attribute",
    "sub": "sub", "sub_attribute": "sub", "sa": "sub",
    "group": "group", "g": "group",
    "sex": "sex",
    "text": "text", "o": "text",
}
KEYWORD_HELP = ("name/n, id, type/t, kind/k, level/lv, speed/spd, power/pow, age, attribute/attr/a, "
                "sub/sa, group/g, sex, text/o")
NUMERIC = frozenset({"level", "speed", "power", "age"})

_GROUP_JA = {"天災": "natural_disaster", "悪魔の所業": "devils_deed", "無効": "devils_deed",
             "天の奇跡": "heavens_miracle", "送還": "send_back", "墓場送り": "send_back",
             "同族交換": "change_same_kind", "属性無視交換": "change_any_attribute",
             "神の障壁": "gods_barrier", "ブロックマン": "blockman", "sp封じ": "sp_seal"}
_KIND_SHORT = {"h": ("help",), "sp": ("special",), "hs": ("help_special",), "r": ("reverse",),
               "ac": ("attribute_change",)}
KIND_VALUES: dict[str, tuple[str, ...]] = {
    **{k: (k,) for k in SUPPORT_KINDS}, **_KIND_SHORT,
    **{fold(TYPES[k]).replace(" ", "_"): (k,) for k in SUPPORT_KINDS},
}
TYPE_VALUES: dict[str, tuple[str, ...]] = {
    **{t: (t,) for t in TYPES},
    "s": ("summoner",), "b": ("beast",), **_KIND_SHORT, "support": SUPPORT_KINDS,
    **{fold(ja).replace(" ", "_"): (t,) for t, ja in TYPES.items()},
}
GROUP_VALUES: dict[str, str] = {
    **{g: g for g in LIMIT_GROUPS}, "none": "",
    **{fold(ja).replace(" ", "_"): g for ja, g in _GROUP_JA.items()},
}
SEX_VALUES: dict[str, str] = {"male": "male", "m": "male", "男": "male", "female": "female", "f": "female",
                              "女": "female"}
_KINDS_HELP = "help/h, special/sp, help_special/hs, reverse/r, attribute_change/ac"
LANGUAGE = Language(
    keywords=KEYWORDS,
    keyword_help=KEYWORD_HELP,
    numeric=NUMERIC,
    regex_fields=frozenset({"name", "text"}),
    enums={
        "type": (TYPE_VALUES, f"summoner/s, beast/b, {_KINDS_HELP}, support"),
        "kind": (KIND_VALUES, _KINDS_HELP),
        "group": (GROUP_VALUES, ", ".join([*LIMIT_GROUPS, "none"])),
        "sex": (SEX_VALUES, "male/m, female/f"),
    },
    negations={},
    spaced=re.compile(r"(level|lv|speed|spd|power|pow|age)\s*(<=|>=|!=|:|=|<|>)\s*", re.IGNORECASE),
)


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


_SUMMONER = ("in", ("summoner",))
_BEAST = ("in", ("beast",))
FIELDS: dict[str, SearchField] = {f.name: f for f in (
    SearchField("any", "contains", ("name_f", "name_en_f", "reading_f", "id_f", "text_f"),
                lambda c: (c.name, c.name_en, reading(c), c.id, c.text)),
    SearchField("name", "contains", ("name_f", "name_en_f", "reading_f"), lambda c: (c.name, c.name_en, reading(c)),
                ("name", "n"), regex=True),
    SearchField("text", "contains", ("text_f",), lambda c: (c.text,), ("text", "o"), regex=True),
    SearchField("exact", "exact", ("name_f", "name_en_f"), lambda c: (c.name, c.name_en)),
    SearchField("id", "id", ("id_f",), lambda c: c.id, ("id",)),
    SearchField("type", "in", ("type",), lambda c: c.type, ("type", "t"), values=TYPE_VALUES),
    SearchField("kind", "in", ("type",), lambda c: c.type, ("kind", "k"), values=KIND_VALUES),
    SearchField("level", "number", ("level",), lambda c: getattr(c, "level", None), ("level", "lv"), _SUMMONER),
    SearchField("speed", "number", ("speed",), lambda c: getattr(c, "speed", None), ("speed", "spd"), _SUMMONER),
    SearchField("age", "number", ("age",), lambda c: getattr(c, "age", None), ("age",), _SUMMONER),
    SearchField("power", "number", ("power",), lambda c: getattr(c, "power", None), ("power", "pow"), _BEAST),
    SearchField("attribute", "member", ("attrs_f",), attributes, ("attribute", "attr", "a")),
    SearchField("sub", "enum", ("sub_f",), lambda c: fold(getattr(c, "sub_attribute", None) or ""),
                ("sub", "sub_attribute", "sa"), _BEAST, normalize=sub_key),
    SearchField("group", "enum", ("grp",), lambda c: c.limit_group or "", ("group", "g"), values=GROUP_VALUES),
    SearchField("sex", "enum", ("sex",), lambda c: getattr(c, "sex", None) or "", ("sex",), values=SEX_VALUES),
)}

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
        **{f: FIELDS[f].get(card) for f in ("level", "speed", "age", "power")},
        "attrs_f": MEMBER_SEPARATOR + MEMBER_SEPARATOR.join(fold(a) for a in attrs) + MEMBER_SEPARATOR if attrs else "",
        "sub_f": FIELDS["sub"].get(card), "grp": card.limit_group or "", "sex": FIELDS["sex"].get(card),
    }


def card_from_row(row: tuple) -> MozCard:
    """A card from a row selected with `CARD_SELECT` (its catalog mapping)."""
    return card_from_mapping(json.loads(row[0]))


def _card_from_mapping(raw: Any, problems: list[str], where: str, check: bool = True) -> MozCard | None:
    """The core loader's checker interface over MOZ's `card_from_mapping` (which raises)."""
    from zxdeck.games.moz.model import CardError

    try:
        return card_from_mapping(raw)
    except CardError as exc:
        problems.append(f"{where}: {exc}")
        return None


def _parse_catalog(data: bytes, source: str) -> list[MozCard]:
    from zxdeck.games.moz import catalog

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
    fields=FIELDS,
    language=LANGUAGE,
    sorts=SORTS,
    version=VERSION,
    cache_subdir="moz",
    parse_catalog=_parse_catalog,
)

__all__ = ["FIELDS", "KEYWORDS", "LANGUAGE", "SCHEMA", "SORTS", "attributes", "sub_key"]
