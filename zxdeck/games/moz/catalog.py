"""The MOZ card catalog (MOZ_RULES.md section 17): reading, checking, the SQLite cache, look-ups.

`open_catalog(spec)` is what commands use: the catalogs named by `--cards` (given once or more;
`builtin` is the built-in one), else `$ZXDECK_MOZ_CARDS`, else `data/moz/cards.yaml`. The first
use of a catalog's content parses and checks the YAML and caches the cards in a sealed SQLite
file (`<cache dir>/moz/cards-v<SCHEMA>-<zxdeck version>-<digest>.sqlite`, built and checked by
the Z/X cache's machinery, zxdeck.catalog.db); later uses read the cache and parse no YAML.

Checking (Y-5): YAML is read by the safe loader of the Z/X catalog (zxdeck.catalog.loader: no
tags, anchors or aliases, bounded nesting); each entry becomes a card through
`zxdeck.games.moz.model.card_from_mapping`, whose `CardError` is reported with the file, the
card id and the YAML line; an id used twice is refused. Every problem is reported at once.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

from zxdeck.catalog.index import CardIndex
from zxdeck.errors import CatalogError
from zxdeck.games.moz.model import CardError, MozCard, card_from_mapping
from zxdeck.text import fold, fold_compact

SCHEMA = 1
CATALOG_ENV = "ZXDECK_MOZ_CARDS"
BUILTIN = "builtin"
MAX_PROBLEMS_SHOWN = 20


def builtin_catalog_path() -> Path:
    """`data/moz/cards.yaml` of the installed package or of the source checkout."""
    from zxdeck.catalog.paths import builtin_data_dir

    return builtin_data_dir() / "moz" / "cards.yaml"


def catalog_paths(explicit: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None = None) -> list[Path]:
    """The MOZ catalogs to use, in order: `--cards`, else `$ZXDECK_MOZ_CARDS` (several separated
    by `os.pathsep`), else the built-in one (`builtin` names it too)."""
    if isinstance(explicit, str | os.PathLike):
        items: list[str | os.PathLike[str]] = [explicit] if str(explicit) else []
    else:
        items = [p for p in explicit or () if str(p)]
    if not items:
        env = os.environ.get(CATALOG_ENV) or ""
        items = [env] if env and Path(env).is_file() else [p for p in env.split(os.pathsep) if p]
    if not items:
        return [builtin_catalog_path()]
    return [builtin_catalog_path() if str(p) == BUILTIN else Path(p) for p in items]


# --------------------------------------------------------------------------- checking


def parse_catalog(data: bytes, source: str = "<catalog>") -> list[MozCard]:
    """Parse and check MOZ catalog YAML bytes; `CatalogError` lists every problem (Y-5)."""
    from zxdeck.catalog.loader import catalog_entry_lines, load_yaml_document

    doc = load_yaml_document(data, source)
    if isinstance(doc, dict) and isinstance(doc.get("cards"), list):
        entries = doc["cards"]
    else:
        raise CatalogError(f"{source}: a MOZ catalog is a mapping with a 'cards' list (Y-1)")
    problems: list[str] = []
    cards: list[MozCard] = []
    seen: dict[str, int] = {}
    lines: list[int] | None = None

    def line_of(index: int) -> str:
        nonlocal lines
        if lines is None:
            lines = catalog_entry_lines(data)
        return f"line {lines[index]}" if index < len(lines) else f"entry {index + 1}"

    for index, raw in enumerate(entries):
        ident = raw.get("id") if isinstance(raw, dict) else None
        named = f"card {ident} ({line_of(index)})" if isinstance(ident, str) and ident else line_of(index)
        try:
            card = card_from_mapping(raw)
        except CardError as exc:
            problems.append(f"{source}: {named}: {exc}")
            continue
        if card.id in seen:
            problems.append(f"{source}: {named}: duplicate id (also entry {seen[card.id] + 1})")
            continue
        seen[card.id] = index
        cards.append(card)
    if problems:
        raise CatalogError.refused(problems, MAX_PROBLEMS_SHOWN)
    return cards


# --------------------------------------------------------------------------- the catalog


class MozCatalog(CardIndex[MozCard]):
    """The cards of the MOZ catalog(s), with the look-ups deck reading needs (`get`, `lookup`,
    `lookup_keys`: the CardSource of zxdeck.deck, so MOZ decks are read by the Z/X deck reader)."""

    cards: list[MozCard]
    paths: tuple[Path, ...]
    digest: str
    cache: Path | None  # the SQLite cache file (None: not cached)
    built: bool  # this open (re)built the cache
    by_id: dict[str, MozCard]

    def __init__(self, cards: list[MozCard], paths: tuple[Path, ...] = (), digest: str = "",
                 cache: Path | None = None, built: bool = False) -> None:
        self.cards = cards
        self.paths = paths
        self.digest = digest
        self.cache = cache
        self.built = built
        self.__post_init__()

    def __repr__(self) -> str:
        return f"MozCatalog({len(self.cards)} cards, paths={self.paths!r}, digest={self.digest!r})"

    @property
    def path(self) -> Path | None:
        return self.paths[-1] if self.paths else None

    def find(self, text: str) -> list[MozCard]:
        """The cards `text` names: by id first, then by name (several when names are shared)."""
        exact = self.by_id.get(text.strip())
        if exact is not None:
            return [exact]
        found = self.lookup(text)
        key = fold_compact(text)
        by_id = [c for c in found if fold_compact(c.id) == key]
        return by_id or found

    @cached_property
    def lookup_keys(self) -> list[tuple[str, MozCard]]:
        """(display string, card) pairs for "did you mean" suggestions."""
        pairs: list[tuple[str, MozCard]] = []
        for card in self.cards:
            pairs += [(card.id, card), (card.name, card)]
            if card.name_en:
                pairs.append((card.name_en, card))
        return pairs


def load_catalog(spec: Any = None) -> MozCatalog:
    """Read and check the MOZ catalog(s) without the cache."""
    from zxdeck.catalog.paths import CatalogFiles, read_catalog_bytes

    paths = tuple(catalog_paths(spec))
    files = CatalogFiles(paths, tuple(read_catalog_bytes(p) for p in paths))
    from zxdeck.catalog.loader import merge_cards

    cards = merge_cards(parse_catalog(d, str(p)) for p, d in zip(files.paths, files.datas))
    return MozCatalog(cards, files.paths, files.digest)


# --------------------------------------------------------------------------- the SQLite cache

# Columns of the `cards` table: the card as its catalog mapping (JSON), and the folded fields
# look-ups use. The `cards` table of a MOZ cache is described in docs/MOZ.md.
_COLUMNS = ("id", "seq", "type", "name", "name_en", "mapping", "id_key", "name_key", "name_en_key",
            "name_f", "text_f")


def cache_file(digest: str) -> Path:
    """The cache database of a MOZ catalog with this digest, built by this version of zxdeck."""
    from zxdeck import __version__
    from zxdeck.catalog.paths import cache_dir

    return cache_dir() / "moz" / f"cards-v{SCHEMA}-{__version__}-{digest[:32]}.sqlite"


def _meta(label: str, digest: str) -> dict[str, str]:
    from zxdeck import __version__

    return {"game": "moz", "schema": str(SCHEMA), "digest": digest, "catalog_path": label,
            "built_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "zxdeck_version": __version__}


def write_cards(conn: sqlite3.Connection, cards: list[MozCard], meta: dict[str, str]) -> int:
    """Create the MOZ tables in an empty database (the writer of `db.build_cache_file`)."""
    conn.execute("PRAGMA journal_mode=OFF")
    conn.execute("CREATE TABLE cards (id TEXT PRIMARY KEY, seq INTEGER NOT NULL, type TEXT NOT NULL, "
                 "name TEXT NOT NULL, name_en TEXT NOT NULL, mapping TEXT NOT NULL, id_key TEXT, "
                 "name_key TEXT, name_en_key TEXT, name_f TEXT, text_f TEXT)")
    conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
    rows = [
        (c.id, seq, c.type, c.name, c.name_en,
         json.dumps({**c.to_mapping(), **dict(c.extra)}, ensure_ascii=False, default=str),
         fold_compact(c.id), fold_compact(c.name), fold_compact(c.name_en), fold(c.name), fold(c.text))
        for seq, c in enumerate(cards)
    ]
    conn.executemany(f"INSERT INTO cards ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))})",
                     rows)
    conn.execute("CREATE INDEX cards_name_key ON cards (name_key)")
    conn.executemany("INSERT INTO meta (key, value) VALUES (?, ?)",
                     sorted({**meta, "card_count": str(len(rows))}.items()))
    conn.commit()
    return len(rows)


def _usable(conn: sqlite3.Connection, path: Path, digest: str) -> bool:
    from zxdeck import __version__

    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    page_count = conn.execute("PRAGMA page_count").fetchone()[0]
    if page_size * page_count != path.stat().st_size:
        return False
    meta = dict(conn.execute("SELECT key, value FROM meta"))
    return (meta.get("game") == "moz" and meta.get("schema") == str(SCHEMA)
            and meta.get("digest") == digest and meta.get("zxdeck_version") == __version__)


def _read_cards(conn: sqlite3.Connection) -> list[MozCard]:
    rows = conn.execute("SELECT mapping FROM cards ORDER BY seq").fetchall()
    return [card_from_mapping(json.loads(row[0])) for row in rows]


def open_catalog(spec: Any = None, *, rebuild: bool = False) -> MozCatalog:
    """The MOZ catalog for commands, through the SQLite cache (built when missing or damaged;
    kept in memory only when the cache folder is not writable)."""
    import warnings

    from zxdeck.catalog.db import (
        CacheRepairedWarning,
        _connect_ro,
        _prune,
        build_cache_file,
        intact,
    )
    from zxdeck.catalog.paths import CatalogFiles, read_catalog_bytes

    paths = tuple(catalog_paths(spec))
    files = CatalogFiles(paths, tuple(read_catalog_bytes(p) for p in paths))
    target = cache_file(files.digest)
    damaged = False
    if not rebuild and target.is_file():
        try:
            if intact(target):
                conn = _connect_ro(target)
                try:
                    if _usable(conn, target, files.digest):
                        return MozCatalog(_read_cards(conn), files.paths, files.digest, target)
                finally:
                    conn.close()
            else:
                damaged = True
        except (sqlite3.Error, OSError, CardError, ValueError):
            damaged = True
    from zxdeck.catalog.loader import merge_cards

    cards = merge_cards(parse_catalog(d, str(p)) for p, d in zip(files.paths, files.datas))
    label = "\n".join(str(p.resolve()) for p in files.paths)
    cached: Path | None = target
    try:
        build_cache_file(cards, target, label, files.digest, writer=write_cards,
                         meta=_meta(label, files.digest))
        with contextlib.suppress(OSError):
            _prune(target.parent, target, label)
    except (OSError, sqlite3.Error):  # cache folder not writable: the cards are in memory anyway
        cached = None
    if damaged:
        warnings.warn(f"{target}: the card cache was damaged; rebuilt it from {files.path}",
                      CacheRepairedWarning, stacklevel=2)
    return MozCatalog(cards, files.paths, files.digest, cached, built=True)


def catalog_info(catalog: MozCatalog) -> dict[str, Any]:
    """What `zxdeck --game moz db info` shows: catalogs, digest, cache file, counts by type."""
    by_type: dict[str, int] = {}
    for card in catalog.cards:
        by_type[card.type] = by_type.get(card.type, 0) + 1
    return {
        "game": "moz",
        "catalog": " + ".join(str(p) for p in catalog.paths),
        "digest": catalog.digest,
        "database": str(catalog.cache) if catalog.cache else ":memory:",
        "size_bytes": catalog.cache.stat().st_size if catalog.cache and catalog.cache.exists() else None,
        "schema": SCHEMA,
        "cards": len(catalog.cards),
        "by_type": dict(sorted(by_type.items())),
    }


__all__ = ["CATALOG_ENV", "MozCatalog", "builtin_catalog_path", "cache_file", "catalog_info",
           "catalog_paths", "load_catalog", "open_catalog", "parse_catalog"]
