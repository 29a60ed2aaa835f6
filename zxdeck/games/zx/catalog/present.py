"""Showing Z/X cards to people and programs: result tables, JSON, CSV, one card in full, look-up by name.

Used by `zxdeck search`, `zxdeck card` and `zxdeck db info`; each function is
useful on its own (e.g. `format_cards(cards, "csv")`). The result table is the layout of
tabulate's "simple" format (zxdeck.catalog.table, shared by every game's search).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from zxdeck.catalog.table import count_line, display_width, simple_table
from zxdeck.errors import ZxError
from zxdeck.games.zx.catalog.model import COLORS, FIELD_TYPES, TYPES, Card
from zxdeck.text import fold_compact

if TYPE_CHECKING:
    from zxdeck.catalog.db import CatalogDB

FORMATS = ("table", "json", "csv", "ids")
CSV_FIELDS = (
    "id", "name", "name_en", "type", "color", "cost", "power", "races", "icons", "keywords",
    "player", "timing", "text",
)
MARKS = (
    ("ignition", "IG"), ("evol_seed", "ES"), ("life_recovery", "LR"), ("void_bringer", "VB"),
    ("start_card", "SC"), ("gate_card", "GC"),
)
LIST_SEPARATOR = ";"  # joins races / icons / keywords in CSV


def marks(card: Card) -> str:
    """Short marks of the icons and keywords: IG ES LR VB SC GC."""
    return " ".join(mark for flag, mark in MARKS if getattr(card, flag))


def table_rows(cards: Sequence[Card]) -> list[list[Any]]:
    rows = []
    for card in cards:
        player = card.type == "player"
        rows.append([
            card.id,
            card.name,
            card.type,
            "" if player else card.color,
            "" if player else card.cost,
            card.power if card.type in FIELD_TYPES else "",
            "/".join(card.races),
            marks(card),
        ])
    return rows


TABLE_HEADERS = ("id", "name", "type", "color", "cost", "power", "races", "marks")
TABLE_RIGHT = frozenset({"cost", "power"})  # right-aligned columns; the others are left-aligned
__all__ = ["FORMATS", "TABLE_HEADERS", "TABLE_RIGHT", "card_details", "display_width", "format_cards", "format_csv",
           "format_info", "format_json", "format_table", "lookup_card", "marks", "simple_table", "table_rows"]
def format_table(cards: Sequence[Card], total: int | None = None) -> str:
    """An aligned text table (East Asian width aware) and a count line ("5 of 64 cards" when
    `total`, the number of matches before a limit, is larger)."""
    count = count_line(len(cards), total)
    if not cards:
        return count
    return f"{simple_table(TABLE_HEADERS, table_rows(cards), TABLE_RIGHT)}\n{count}"


def format_json(cards: Sequence[Card]) -> str:
    """A JSON array of card objects with the keys of INTERFACES.md section 1."""
    return json.dumps([c.to_dict() for c in cards], ensure_ascii=False, indent=2, default=str)


def format_csv(cards: Sequence[Card]) -> str:
    """CSV with a header line; lists are joined with ';'; a key a card does not have is empty; a
    text cell a spreadsheet would read as a formula starts with ' (zxdeck.csvsafe)."""
    import io

    from zxdeck.csvsafe import writer as csv_writer

    out = io.StringIO()
    writer = csv_writer(out, lineterminator="\n")  # a cell such as =HYPERLINK(...) stays text
    writer.writerow(CSV_FIELDS)
    for card in cards:
        row = card.to_dict()
        for key in ("races", "icons", "keywords"):
            row[key] = LIST_SEPARATOR.join(row[key])
        writer.writerow([row.get(k, "") for k in CSV_FIELDS])
    return out.getvalue().rstrip("\n")


def format_cards(cards: Sequence[Card], fmt: str = "table", total: int | None = None) -> str:
    """`cards` as `table`, `json`, `csv` or `ids` (one card number a line)."""
    if fmt == "table":
        return format_table(cards, total)
    if fmt == "json":
        return format_json(cards)
    if fmt == "csv":
        return format_csv(cards)
    if fmt == "ids":
        return "\n".join(c.id for c in cards)
    raise ZxError(f"unknown format {fmt!r} (valid: {', '.join(FORMATS)})")


def card_details(card: Card) -> str:
    """One card in full, for people: every field, the text and the abilities."""
    lines = [f"{card.id}  {card.name}"]
    if card.name_en:
        lines.append(f"{'':{len(card.id)}}  {card.name_en}")
    fields: list[tuple[str, str]] = [("type", f"{card.type} ({TYPES.get(card.type, '?')})")]
    if card.type != "player":
        fields.append(("color", f"{card.color} ({COLORS.get(card.color, '?')})"))
        fields.append(("cost", str(card.cost)))
    if card.type in FIELD_TYPES:
        fields.append(("power", str(card.power)))
    fields.append(("races", ", ".join(card.races) or "-"))
    fields.append(("icons", ", ".join(sorted(card.icons)) or "-"))
    fields.append(("keywords", ", ".join(sorted(card.keywords)) or "-"))
    if card.player:
        fields.append(("player", card.player))
    if card.type == "event":
        fields.append(("timing", card.timing))
    for key, value in card.extra.items():
        fields.append((str(key), value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)))
    width = max(len(k) for k, _ in fields)
    lines += [f"{k:<{width}}  {v}" for k, v in fields]
    lines.append("text")
    lines += [f"  {line}" for line in (card.text.splitlines() or ["-"])]
    if card.abilities is not None:
        import yaml

        lines.append("abilities")
        dumped = yaml.safe_dump(list(card.abilities), allow_unicode=True, sort_keys=False, width=100)
        lines += [f"  {line}" for line in dumped.rstrip("\n").splitlines()]
    return "\n".join(lines)


def lookup_card(db: CatalogDB, text: str) -> list[Card]:
    """The cards `text` names (card number first, then name or English name), or a `ZxError`
    (exit 2) with "did you mean" suggestions ranked by `zxdeck.catalog.suggest`."""
    from zxdeck.catalog.source import DbCards
    from zxdeck.catalog.suggest import suggest

    source = DbCards(db)
    exact = source.get(text.strip())
    if exact is not None:
        return [exact]
    found = source.lookup(text)
    key = fold_compact(text)
    by_number = [c for c in found if fold_compact(c.id) == key]
    if by_number or found:
        return by_number or found
    hints = [f"{card.name} ({card.id})" for _, card, _ in suggest(source, text)]
    hint = f"; did you mean: {', '.join(hints)}?" if hints else f" (try: zxdeck search {text!r})"
    raise ZxError(f"no card {text!r} in {db.catalog_path}{hint}")


def format_info(info: dict[str, Any]) -> str:
    """`zxdeck db info` for people."""
    size = info["size_bytes"]
    lines = [
        f"catalog   {info['catalog']}",
        f"digest    sha256:{info['digest']}",
        f"database  {info['database']}" + (f" ({size / 1024:.0f} KiB)" if size is not None else ""),
        f"built     {info['built_at']} by zxdeck {info['zxdeck_version']} (schema {info['schema']})",
        f"cards     {info['cards']}",
        "by type   " + ", ".join(f"{k} {v}" for k, v in info["by_type"].items()),
        "by color  " + ", ".join(f"{k} {v}" for k, v in info["by_color"].items()),
    ]
    return "\n".join(lines)
