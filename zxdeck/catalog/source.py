"""Where commands find cards by number or name: a loaded `Catalog`, or the SQLite cache queried directly.

`zxdeck validate` and `zxdeck card` need three look-ups: `get(card_number)`, `lookup(text)` (number,
name or English name, folded like `Catalog.lookup`) and, only for "did you
mean" suggestions, `lookup_keys`. A full `Catalog` answers them, but loading
50,000 cards costs about a second; `DbCards` answers them with indexed queries
on the cache's `id_key` / `name_key` / `name_en_key` columns (fold_compact of
the number, name and English name, see docs/DATABASE.md), so a 50-card deck
reads only the rows it names.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING, Any, Protocol

from zxdeck.text import fold_compact

Card = Any  # a card of the catalog's game

if TYPE_CHECKING:
    from zxdeck.catalog.db import CatalogDB


class CardSource(Protocol):
    """What `zxdeck.deck` asks of a catalog (a `Catalog` is one)."""

    def get(self, card_id: str) -> Card | None: ...

    def lookup(self, text: str) -> list[Card]: ...

    @property
    def lookup_keys(self) -> list[tuple[str, Card]]: ...


class DbCards:
    """The deck look-ups answered by a catalog's SQLite cache (`zxdeck.catalog.db.open_db`)."""

    def __init__(self, db: CatalogDB) -> None:
        self.db = db
        self._by_id: dict[str, Card | None] = {}

    @property
    def digest(self) -> str:
        """The sha256 of the catalog file (recorded in saves and logs)."""
        return self.db.digest

    def _cards(self, where: str, params: tuple[str, ...]) -> list[Card]:
        schema = self.db.schema
        rows = self.db.execute(f"SELECT {schema.card_select} FROM cards WHERE {where} ORDER BY seq", params)
        card_from_row = schema.card_from_row
        return [card_from_row(row) for row in rows]

    def get(self, card_id: str) -> Card | None:
        if card_id not in self._by_id:
            found = self._cards("id = ?", (card_id,))
            self._by_id[card_id] = found[0] if found else None
        return self._by_id[card_id]

    def lookup(self, text: str) -> list[Card]:
        """Cards whose number, name or English name equals `text` once folded (as Catalog.lookup)."""
        key = fold_compact(text)
        if not key:
            return []
        return self._cards("id_key = ? OR name_key = ? OR name_en_key = ?", (key, key, key))

    @cached_property
    def _keys(self) -> tuple[list[tuple[str, Card]], list[str]]:
        pairs: list[tuple[str, Card]] = []
        folded: list[str] = []
        make = self.db.schema.card_class
        for card_id, name, name_en, ctype, id_f, name_f, name_en_f in self.db.execute(
            "SELECT id, name, name_en, type, id_f, name_f, name_en_f FROM cards ORDER BY seq"
        ):
            card = make(id=card_id, name=name, type=ctype, name_en=name_en or "")
            pairs += [(card_id, card), (name, card)]
            folded += [id_f, name_f]
            if name_en:
                pairs.append((name_en, card))
                folded.append(name_en_f)
        return pairs, folded

    @property
    def lookup_keys(self) -> list[tuple[str, Card]]:
        """(display string, card) pairs for suggestions; the cards carry id, name, English name and type."""
        return self._keys[0]

    @property
    def folded_keys(self) -> list[str]:
        """`fold` of each `lookup_keys` string, as stored in the cache (no folding at run time)."""
        return self._keys[1]

    def close(self) -> None:
        self.db.close()


def open_card_source(path: str | None = None) -> CardSource:
    """The SQLite-backed card source of a catalog (`--cards` / `$ZXDECK_CARDS` / built-in).

    Falls back to the whole `Catalog` when the cache lacks the columns used here
    (another schema version), so the deck commands keep working.
    """
    import sqlite3

    from zxdeck.catalog.db import open_db

    db = open_db(path)
    try:
        db.execute("SELECT id_key, name_key, name_en_key, id_f, name_f, name_en_f, seq FROM cards LIMIT 1")
    except sqlite3.Error:
        try:
            return db.catalog()
        finally:
            db.close()
    return DbCards(db)
