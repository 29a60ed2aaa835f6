"""Z/X's catalog schema (zxdeck.catalog.schema): the card checker and the SQLite tables of its
cache (INTERFACES.md section 1); the search fields of `zxdeck search` (section 4) are in
zxdeck.games.zx.catalog.language, imported when a query is parsed.

The core's loader, cache and query language (zxdeck.catalog.loader / db / query) work from
`SCHEMA`; the Z/X game module names it (`CATALOG`). The tables are described in docs/DATABASE.md.
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from zxdeck.catalog.schema import CatalogSchema
from zxdeck.games.zx.catalog.model import (
    COLORS,
    EVENT_TYPES,
    FIELD_TYPES,
    ICONS,
    KEYWORDS,
    KNOWN_KEYS,
    TIMINGS,
    TYPES,
    Card,
    keywords_in_text,
)
from zxdeck.text import fold, fold_compact

# --------------------------------------------------------------------------- the checker

def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _str_list(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def card_from_mapping(raw: dict[str, Any], problems: list[str], where: str, check: bool = True) -> Card | None:
    """Build a `Card` from one YAML mapping, adding every problem found to `problems`.

    With `check`, the abilities are checked against docs/ABILITIES.md too (`abilities.ability_problems`).
    """
    start = len(problems)

    def bad(msg: str) -> None:
        problems.append(f"{where}: {msg}")

    card_id = raw.get("id")
    if card_id is None or card_id == "":
        bad("missing required key 'id'")
    elif not isinstance(card_id, str):
        bad(f"'id' must be a string, got {card_id!r}")
    name = raw.get("name")
    if name is None or name == "":
        bad("missing required key 'name'")
    elif not isinstance(name, str):
        bad(f"'name' must be a string, got {name!r}")
    ctype = raw.get("type")
    if ctype is None:
        bad("missing required key 'type'")
    elif not isinstance(ctype, str) or ctype not in TYPES:
        bad(f"unknown type {ctype!r:.60} (valid: {', '.join(TYPES)})")
    color = raw.get("color", "colorless")
    if color is None:
        color = "colorless"
    if not isinstance(color, str) or color not in COLORS:
        bad(f"unknown color {color!r:.60} (valid: {', '.join(COLORS)})")
    cost = raw.get("cost", 0)
    if cost is None:
        cost = 0
    if not _is_int(cost) or cost < 0:
        bad(f"cost must be an integer >= 0, got {cost!r}")
    power = raw.get("power", 0)
    if power is None:
        power = 0
    if not _is_int(power) or power < 0:
        bad(f"power must be an integer >= 0, got {power!r}")
    races = raw.get("races", []) or []
    if isinstance(races, str):
        races = [races]
    if not _str_list(races):
        bad(f"races must be a list of strings, got {races!r}")
    icons = raw.get("icons", []) or []
    if not _str_list(icons) or set(icons) - set(ICONS):
        bad(f"icons must be a subset of {sorted(ICONS)}, got {icons!r}")
    keywords = raw.get("keywords", []) or []
    if not _str_list(keywords) or set(keywords) - set(KEYWORDS):
        bad(f"keywords must be a subset of {sorted(KEYWORDS)}, got {keywords!r}")
    player = raw.get("player", "") or ""
    if not isinstance(player, str):
        bad(f"player must be the name of a player card, got {player!r}")
    timing = raw.get("timing", "main") or "main"
    if (ctype == "event" or not isinstance(timing, str)) and (not isinstance(timing, str) or timing not in TIMINGS):
        bad(f"unknown timing {timing!r:.60} (valid: {', '.join(TIMINGS)})")
    text = raw.get("text", "") or ""
    if not isinstance(text, str):
        bad(f"text must be a string, got {text!r}")
        text = ""
    name_en = raw.get("name_en", "") or ""
    if not isinstance(name_en, str):
        bad(f"name_en must be a string, got {name_en!r}")
    abilities = raw.get("abilities")
    if abilities is not None and not isinstance(abilities, list):
        bad("abilities must be a list")
    if len(problems) > start:
        return None
    if ctype not in FIELD_TYPES:
        power = 0
    if ctype == "player":
        color, cost = "colorless", 0
    if ctype == "event_ex":
        timing = "any"  # E-2: the rules' timing; a `timing` key of an Event EX is ignored
    elif ctype not in EVENT_TYPES:
        timing = "main"
    card = Card(
        id=card_id,
        name=name,
        type=ctype,
        name_en=name_en,
        color=color,
        cost=cost,
        power=power,
        races=tuple(races),
        icons=frozenset(icons),
        keywords=frozenset(keywords) | keywords_in_text(text),
        player=player,
        timing=timing,
        text=text,
        abilities=tuple(abilities) if abilities is not None else None,
        extra={k: v for k, v in raw.items() if k not in KNOWN_KEYS},
    )
    if check and abilities:
        from zxdeck.games.zx.catalog.abilities import ability_problems

        schema = ability_problems(card)
        if schema:
            problems.extend(f"{where}: {p}" for p in schema)
            return None
    return card



# --------------------------------------------------------------------------- the tables

VERSION = 3  # 3: the file is sealed (header user_version / application_id)
RACE_SEPARATOR = "\x1f"  # joins folded races in `races_f`; never produced by `fold`
# Column name -> SQLite type of the `cards` table, in order.
CARD_COLUMNS: dict[str, type] = {
    "id": str,
    "seq": int,  # position in the catalog file
    "name": str,
    "name_en": str,
    "type": str,
    "color": str,
    "cost": int,
    "power": int,
    "races": str,  # JSON list
    "icons": str,  # JSON list (sorted)
    "keywords": str,  # JSON list (sorted, includes those found in the text)
    "player": str,
    "timing": str,
    "text": str,
    "abilities": str,  # JSON list, NULL when the card has no `abilities` key
    "extra": str,  # JSON object of the unknown keys
    # Derived columns for matching and sorting:
    "ignition": int,
    "evol_seed": int,
    "life_recovery": int,
    "void_bringer": int,
    "start_card": int,
    "gate_card": int,
    "color_order": int,
    "id_f": str,
    "name_f": str,
    "name_en_f": str,
    "text_f": str,
    "races_f": str,
    "player_f": str,
    "id_key": str,
    "name_key": str,
    "name_en_key": str,
}
# The narrow copy of the columns that filters and sorts read (`card_search`, same rowids as
# `cards`): a full scan of it reads a fifth of the pages a scan of `cards` would.
SEARCH_COLUMNS = (
    "id", "type", "color", "cost", "power", "ignition", "evol_seed", "life_recovery",
    "void_bringer", "start_card", "gate_card", "color_order", "id_f", "name_f", "name_en_f",
    "races_f", "player_f",
)
FTS_COLUMNS = ("id_f", "name_f", "name_en_f", "text_f")
CARD_SELECT = (
    "id, name, name_en, type, color, cost, power, races, icons, keywords, player, timing, "
    "text, abilities, extra"
)
FLAGS = ("ignition", "evol_seed", "life_recovery", "void_bringer", "start_card", "gate_card")
_COLOR_ORDER = {color: index for index, color in enumerate(COLORS)}


def _json(value: Any) -> str:
    # Values JSON cannot hold (YAML dates, binary) are stored as their string form.
    return json.dumps(value, ensure_ascii=False, default=str)


def card_row(card: Card, seq: int) -> dict[str, Any]:
    """The `cards` row of one card."""
    row: dict[str, Any] = {
        "id": card.id,
        "seq": seq,
        "name": card.name,
        "name_en": card.name_en,
        "type": card.type,
        "color": card.color,
        "cost": card.cost,
        "power": card.power,
        "races": _json(list(card.races)),
        "icons": _json(sorted(card.icons)),
        "keywords": _json(sorted(card.keywords)),
        "player": card.player,
        "timing": card.timing,
        "text": card.text,
        "abilities": None if card.abilities is None else _json(list(card.abilities)),
        "extra": _json(card.extra),
        "color_order": _COLOR_ORDER.get(card.color, len(_COLOR_ORDER)),
        "id_f": fold(card.id),
        "name_f": fold(card.name),
        "name_en_f": fold(card.name_en),
        "text_f": fold(card.text),
        "races_f": RACE_SEPARATOR.join(fold(r) for r in card.races),
        "player_f": fold(card.player),
        "id_key": fold_compact(card.id),
        "name_key": fold_compact(card.name),
        "name_en_key": fold_compact(card.name_en),
    }
    for flag in FLAGS:
        row[flag] = int(getattr(card, flag))
    return row


@lru_cache(maxsize=8192)
def _json_tuple(text: str) -> tuple:
    return tuple(json.loads(text))


@lru_cache(maxsize=1024)
def _json_frozenset(text: str) -> frozenset:
    return frozenset(json.loads(text))


def card_from_row(row: tuple) -> Card:
    """A `Card` from a row selected with `CARD_SELECT`."""
    (card_id, name, name_en, ctype, color, cost, power, races, icons, keywords, player,
     timing, text, abilities, extra) = row
    return Card(
        id=card_id,
        name=name,
        type=ctype,
        name_en=name_en,
        color=color,
        cost=cost,
        power=power,
        races=_json_tuple(races),  # immutable, so equal values can be shared between cards
        icons=_json_frozenset(icons),
        keywords=_json_frozenset(keywords),
        player=player,
        timing=timing,
        text=text,
        abilities=None if abilities is None else tuple(json.loads(abilities)),
        extra={} if extra == "{}" else json.loads(extra),
    )


# The cache stores cards in id order, so rowid order is id order (zxdeck.catalog.db.write_cards).
SORTS: dict[str, str] = {
    "id": "c.rowid",
    "name": "c.name_f, c.rowid",
    "cost": "c.cost, c.rowid",
    "power": "c.power, c.rowid",
    "color": "c.color_order, c.rowid",
}

SCHEMA = CatalogSchema(
    game="zx",
    card_class=Card,
    card_from_mapping=card_from_mapping,
    columns=CARD_COLUMNS,
    nullable=frozenset({"abilities"}),
    search_columns=SEARCH_COLUMNS,
    fts_columns=FTS_COLUMNS,
    indexes=(("seq",), ("id_f",), ("id_key",), ("name_key",), ("name_en_key",)),
    card_select=CARD_SELECT,
    card_row=card_row,
    card_from_row=card_from_row,
    search="zxdeck.games.zx.catalog.language",  # FIELDS, LANGUAGE
    sorts=SORTS,
    version=VERSION,
)
