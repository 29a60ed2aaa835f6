"""`zxdeck --game moz search`: the Z/X query language (zxdeck.catalog.query: grammar, tokenizer,
parser, `-`, `or`, parentheses, quotes, /regex/) with MOZ's keywords and values.

| term | meaning |
|---|---|
| word, "two words" | name, English name, reading, id or text contains it |
| `name:W` `n:W` | name (Japanese or English) or reading contains it |
| `!"exact name"` | the name is exactly this |
| `id:MOZ-B` | id starts with it (`id=` exactly) |
| `type:beast` `t:` | summoner/s, beast/b, help/h, special/sp, help_special/hs, reverse/r, attribute_change/ac, support (the five kinds) |
| `level>=5` `lv` | summoner level |
| `speed<3` `spd` | summoner speed |
| `power=100` `pow` | beast power |
| `age>20` | summoner age |
| `attribute:貝` `attr:` `a:` | beast attribute, attribute change card's attribute, or any face of a summoner |
| `sub:dragon` `sa:` | beast sub-attribute (dragon 竜, male 男, female 女, beast 獣, fish 魚, bird 鳥, insect 虫, or another string) |
| `group:sp_seal` `g:` | limit group (`g:none`: none); Japanese names work (`g:天災`) |
| `sex:female` | summoner sex (m, f) |
| `text:W` `o:W` | card text contains it |

Matching folds case, width and kana (zxdeck.text.fold). The catalog is small (hundreds of cards),
so terms are evaluated in Python over the cards read from the cache.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

from zxdeck.catalog.query import Language, Node, Term, evaluate, parse
from zxdeck.errors import QueryError
from zxdeck.games.moz.model import LIMIT_GROUPS, SUB_ATTRIBUTES, SUPPORT_KINDS, TYPES, MozCard
from zxdeck.text import fold

KEYWORDS: dict[str, str] = {
    "name": "name", "n": "name",
    "id": "id",
    "type": "type", "t": "type",
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
KEYWORD_HELP = ("name/n, id, type/t, level/lv, speed/spd, power/pow, age, attribute/attr/a, "
                "sub/sa, group/g, sex, text/o")
NUMERIC = frozenset({"level", "speed", "power", "age"})

_GROUP_JA = {"天災": "natural_disaster", "悪魔の所業": "devils_deed", "無効": "devils_deed",
             "天の奇跡": "heavens_miracle", "送還": "send_back", "墓場送り": "send_back",
             "同族交換": "change_same_kind", "属性無視交換": "change_any_attribute",
             "神の障壁": "gods_barrier", "ブロックマン": "blockman", "sp封じ": "sp_seal"}
TYPE_VALUES: dict[str, tuple[str, ...]] = {
    **{t: (t,) for t in TYPES},
    "s": ("summoner",), "b": ("beast",), "h": ("help",), "sp": ("special",), "hs": ("help_special",),
    "r": ("reverse",), "ac": ("attribute_change",), "support": SUPPORT_KINDS,
    **{fold(ja).replace(" ", "_"): (t,) for t, ja in TYPES.items()},
}
GROUP_VALUES: dict[str, str] = {
    **{g: g for g in LIMIT_GROUPS}, "none": "",
    **{fold(ja).replace(" ", "_"): g for ja, g in _GROUP_JA.items()},
}
SEX_VALUES: dict[str, str] = {"male": "male", "m": "male", "男": "male", "female": "female", "f": "female",
                              "女": "female"}
SORTS = ("id", "name", "type", "level", "speed", "power")
_TYPE_ORDER = {t: i for i, t in enumerate(TYPES)}

LANGUAGE = Language(
    keywords=KEYWORDS,
    keyword_help=KEYWORD_HELP,
    numeric=NUMERIC,
    regex_fields=frozenset({"name", "text"}),
    enums={
        "type": (TYPE_VALUES, "summoner/s, beast/b, help/h, special/sp, help_special/hs, reverse/r, "
                              "attribute_change/ac, support"),
        "group": (GROUP_VALUES, ", ".join([*LIMIT_GROUPS, "none"])),
        "sex": (SEX_VALUES, "male/m, female/f"),
    },
    negations={},
    spaced=re.compile(r"(level|lv|speed|spd|power|pow|age)\s*(<=|>=|!=|:|=|<|>)\s*", re.IGNORECASE),
)


def parse_query(query: str | Sequence[str]) -> Node:
    """The AST of a MOZ query (`QueryError` pointing at a bad term)."""
    return parse(query, LANGUAGE)


def _sub_key(value: str) -> str:
    """A folded sub-attribute value as stored: 竜 and dragon are the same (Y-4)."""
    for key, ja in SUB_ATTRIBUTES.items():
        if value in (key, fold(ja)):
            return key
    return value


def _texts(card: MozCard) -> tuple[str, ...]:
    reading = dict(card.extra).get("reading", "")
    return (card.name, card.name_en, str(reading or ""))


def _compare(number: int | None, op: str, value: int) -> bool:
    if number is None:
        return False
    return {":": number == value, "=": number == value, "!=": number != value, "<": number < value,
            "<=": number <= value, ">": number > value, ">=": number >= value}[op]


def _attributes(card: MozCard) -> list[str]:
    if card.type == "summoner":
        return list(card.summon_attributes)  # type: ignore[attr-defined]
    value = getattr(card, "attribute", None)
    return [value] if value else []


def term_matches(term: Term, card: MozCard) -> bool:
    field, op, value = term.field, term.op, term.value
    if op == "regex":
        pattern = re.compile(value, re.IGNORECASE)
        texts = _texts(card) if field == "name" else (card.text,)
        return any(pattern.search(fold(t)) for t in texts)
    if field == "any":
        return any(value in fold(t) for t in (*_texts(card), card.id, card.text))
    if field == "name":
        return any(value in fold(t) for t in _texts(card))
    if field == "text":
        return value in fold(card.text)
    if field == "exact":
        return value in (fold(card.name), fold(card.name_en))
    if field == "id":
        return fold(card.id) == value if op == "=" else fold(card.id).startswith(value)
    if field == "type":
        return card.type in value
    if field == "group":
        return (card.limit_group or "") == value
    if field == "sex":
        return getattr(card, "sex", None) == value
    if field == "attribute":
        return any(fold(a) == value for a in _attributes(card))
    if field == "sub":
        sub = getattr(card, "sub_attribute", None)
        return card.type == "beast" and sub is not None and fold(sub) == _sub_key(value)
    if field in NUMERIC:
        kinds = {"level": "summoner", "speed": "summoner", "age": "summoner", "power": "beast"}
        if card.type != kinds[field]:
            return False
        return _compare(getattr(card, field, None), op, value)
    raise QueryError(f"bad query: {term.source!r} is not a MOZ search term")  # pragma: no cover


def matches(node: Node | str, card: MozCard) -> bool:
    """Does `card` match the query?"""
    return evaluate(parse_query(node) if isinstance(node, str) else node, card, term_matches)


def _sort_key(sort: str) -> Any:
    big = 1 << 40

    def key(card: MozCard) -> tuple:
        if sort == "name":
            return (fold(card.name), card.id)
        if sort == "type":
            return (_TYPE_ORDER.get(card.type, 99), card.id)
        if sort in ("level", "speed", "power"):
            value = getattr(card, sort, None)
            return (value if isinstance(value, int) else big, card.id)
        return (card.id,)

    return key


def search(cards: Iterable[MozCard], query: str | Sequence[str] | Node, *, sort: str = "id",
           reverse: bool = False, limit: int | None = None) -> list[MozCard]:
    """The cards matching `query`, sorted (`SORTS`; then by id) and limited."""
    if sort not in SORTS:
        raise QueryError(f"unknown sort {sort!r} (valid: {', '.join(SORTS)})")
    node = query if isinstance(query, Node) else parse_query(query)
    found = sorted((c for c in cards if matches(node, c)), key=_sort_key(sort), reverse=reverse)
    return found if limit is None else found[:max(0, limit)]


# --------------------------------------------------------------------------- output

_SUB_JA = SUB_ATTRIBUTES


def summary(card: MozCard) -> str:
    """The short description of a card in tables: level, faces and speed; attribute and power."""
    if card.type == "summoner":
        top, left, right = card.summon_attributes  # type: ignore[attr-defined]
        return f"Lv{card.level} {top}/{left}/{right} spd {card.speed}"  # type: ignore[attr-defined]
    if card.type == "beast":
        sub = card.sub_attribute  # type: ignore[attr-defined]
        return f"{card.attribute} {_SUB_JA.get(sub, sub)} {card.power}"  # type: ignore[attr-defined]
    if card.type == "attribute_change":
        return f"→ {card.attribute}"  # type: ignore[attr-defined]
    return ""


def format_cards(cards: Sequence[MozCard], fmt: str) -> str:
    """`table` (id, type, name, stats, group), `json`, `csv`, `ids`."""
    import json

    if fmt == "ids":
        return "\n".join(c.id for c in cards)
    if fmt == "json":
        return json.dumps([c.to_mapping() for c in cards], ensure_ascii=False, indent=2, default=str)
    rows = [(c.id, c.type, c.name, summary(c), c.limit_group or "") for c in cards]
    if fmt == "csv":
        import csv
        import io

        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(["id", "type", "name", "stats", "group"])
        writer.writerows(rows)
        return buf.getvalue().rstrip("\n")
    if not rows:
        return "no cards found"
    from zxdeck.catalog.table import simple_table  # tabulate's layout without importing it

    table = simple_table(["id", "type", "name", "stats", "group"], rows, frozenset())
    return f"{table}\n{len(rows)} card{'s' * (len(rows) != 1)}"


def card_details(card: MozCard) -> str:
    """One card in full (`zxdeck --game moz card`)."""
    lines = [f"{card.name} ({card.id})"]
    extra = dict(card.extra)
    if extra.get("reading"):
        lines.append(f"  reading: {extra['reading']}")
    if card.name_en:
        lines.append(f"  English: {card.name_en}")
    lines.append(f"  type: {card.type} ({TYPES[card.type]})")
    if card.type == "summoner":
        top, left, right = card.summon_attributes  # type: ignore[attr-defined]
        lines += [f"  level: {card.level}   speed: {card.speed}",  # type: ignore[attr-defined]
                  f"  sex: {card.sex or '-'}   age: {card.age if card.age is not None else '-'}",  # type: ignore[attr-defined]
                  f"  summon attributes: top {top}, left {left}, right {right}"]
    elif card.type == "beast":
        sub = card.sub_attribute  # type: ignore[attr-defined]
        lines.append(f"  attribute: {card.attribute}   sub-attribute: {sub}"  # type: ignore[attr-defined]
                     f"{' (' + _SUB_JA[sub] + ')' if sub in _SUB_JA else ''}   power: {card.power}")  # type: ignore[attr-defined]
    elif card.type == "attribute_change":
        lines.append(f"  attribute given: {card.attribute}")  # type: ignore[attr-defined]
    if card.limit_group:
        lines.append(f"  limit group: {card.limit_group}")
    if card.text:
        lines.append(f"  text: {card.text}")
    return "\n".join(lines)


__all__ = ["KEYWORDS", "LANGUAGE", "SORTS", "card_details", "format_cards", "matches", "parse_query",
           "search", "summary"]
