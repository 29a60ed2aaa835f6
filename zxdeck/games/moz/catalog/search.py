"""`zxdeck --game moz search`: the shared query language (zxdeck.catalog.query: grammar, tokenizer,
parser, `-`, `or`, parentheses, quotes, /regex/, "did you mean" for a keyword) with MOZ's keywords
and values (zxdeck.games.moz.catalog.schema, whose module text lists every term), run as SQL on MOZ's
SQLite cache (`search_db`, what the command uses) or in Python over cards (`search`, the same
semantics; tests check one against the other).

Matching folds case, width and kana (zxdeck.text.fold).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from zxdeck.catalog.query import Node, parse
from zxdeck.catalog.query import matches as _matches
from zxdeck.errors import QueryError
from zxdeck.games.moz.catalog.language import KEYWORDS, LANGUAGE
from zxdeck.games.moz.catalog.model import SUB_ATTRIBUTES, TYPES, MozCard
from zxdeck.games.moz.catalog.schema import SCHEMA, SORTS
from zxdeck.text import fold

SORT_NAMES = tuple(SORTS)
_TYPE_ORDER = {t: i for i, t in enumerate(TYPES)}


def parse_query(query: str | Sequence[str]) -> Node:
    """The AST of a MOZ query (`QueryError` pointing at a bad term)."""
    return parse(query, LANGUAGE)


def matches(node: Node | str, card: MozCard) -> bool:
    """Does `card` match the query? (In Python; `search_db` runs the same test as SQL.)"""
    return _matches(parse_query(node) if isinstance(node, str) else node, card, SCHEMA)


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
    """The cards matching `query`, sorted (`SORTS`; then by id) and limited, in Python."""
    if sort not in SORTS:
        raise QueryError(f"unknown sort {sort!r} (valid: {', '.join(SORTS)})")
    node = query if isinstance(query, Node) else parse_query(query)
    found = sorted((c for c in cards if matches(node, c)), key=_sort_key(sort), reverse=reverse)
    return found if limit is None else found[:max(0, limit)]


def search_db(db: Any, query: str | Sequence[str] | Node, *, sort: str = "id", reverse: bool = False,
              limit: int | None = None) -> list[MozCard]:
    """The cards of MOZ's catalog database (`zxdeck.games.moz.catalog.loader.open_db`) matching `query`,
    sorted and limited by SQL."""
    from zxdeck.catalog.query import search as sql_search

    node = query if isinstance(query, Node) else parse_query(query)
    return sql_search(db, node, sort=sort, reverse=reverse, limit=limit)


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


def format_cards(cards: Sequence[MozCard], fmt: str, total: int | None = None) -> str:
    """`table` (id, type, name, stats, group, then a count line: "5 of 64 cards" when `total`,
    the matches before a limit, is larger), `json`, `csv`, `ids`."""
    import json

    if fmt == "ids":
        return "\n".join(c.id for c in cards)
    if fmt == "json":
        return json.dumps([c.to_mapping() for c in cards], ensure_ascii=False, indent=2, default=str)
    rows = [(c.id, c.type, c.name, summary(c), c.limit_group or "") for c in cards]
    if fmt == "csv":
        import io

        from zxdeck.csvsafe import writer as csv_writer

        buf = io.StringIO()
        writer = csv_writer(buf, lineterminator="\n")  # =HYPERLINK(...) and the like stay text
        writer.writerow(["id", "type", "name", "stats", "group"])
        writer.writerows(rows)
        return buf.getvalue().rstrip("\n")
    from zxdeck.catalog.table import (  # tabulate's layout without importing it
        count_line,
        simple_table,
    )

    count = count_line(len(rows), total)
    if not rows:
        return count
    table = simple_table(["id", "type", "name", "stats", "group"], rows, frozenset())
    return f"{table}\n{count}"


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
           "search", "search_db", "summary"]
