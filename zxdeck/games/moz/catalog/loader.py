"""The MOZ card catalog (MOZ_RULES.md section 17): reading, checking, the SQLite cache, look-ups.

`open_catalog(spec)` is what commands use: the catalogs named by `--cards` (given once or more;
`builtin` is the built-in one), else `$ZXDECK_MOZ_CARDS`, else `data/moz/cards.yaml`. The first
use of a catalog's content parses and checks the YAML and caches the cards in a sealed SQLite
file (`<cache dir>/moz/cards-v<VERSION>-<zxdeck version>-<digest>.sqlite`, built, checked and
searched by the core's machinery, zxdeck.catalog.db and .query, with MOZ's schema,
zxdeck.games.moz.catalog.schema); later uses read the cache and parse no YAML.

Checking (Y-5): YAML is read by the safe loader of the Z/X catalog (zxdeck.catalog.loader: no
tags, anchors or aliases, bounded nesting); each entry becomes a card through
`zxdeck.games.moz.catalog.model.card_from_mapping`, whose `CardError` is reported with the file, the
card id and the YAML line; an id used twice is refused. Every problem is reported at once.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

from zxdeck.catalog.index import CardIndex
from zxdeck.errors import CatalogError
from zxdeck.games.moz.catalog.model import CardError, MozCard, card_from_mapping
from zxdeck.games.moz.catalog.schema import VERSION
from zxdeck.text import fold_compact

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


def cache_file(digest: str) -> Path:
    """The cache database of a MOZ catalog with this digest, built by this version of zxdeck."""
    from zxdeck.catalog.db import cache_file as core_cache_file
    from zxdeck.games.moz.catalog.schema import SCHEMA

    return core_cache_file(digest, schema=SCHEMA)


def read_files(spec: Any = None) -> Any:
    """The MOZ catalogs' paths, bytes and digest (zxdeck.catalog.paths.CatalogFiles)."""
    from zxdeck.catalog.paths import CatalogFiles, read_catalog_bytes

    paths = tuple(catalog_paths(spec))
    return CatalogFiles(paths, tuple(read_catalog_bytes(p) for p in paths))


def open_db(spec: Any = None, *, rebuild: bool = False) -> Any:
    """The SQLite cache of the MOZ catalog(s) (zxdeck.catalog.db.CatalogDB with MOZ's schema),
    built when missing or damaged, kept in memory when the cache folder is not writable."""
    from zxdeck.catalog.db import open_db as core_open_db
    from zxdeck.games.moz.catalog.schema import SCHEMA

    return core_open_db(rebuild=rebuild, schema=SCHEMA, files=read_files(spec))


def open_catalog(spec: Any = None, *, rebuild: bool = False) -> MozCatalog:
    """The MOZ catalog for commands, through the SQLite cache (`open_db`)."""
    db = open_db(spec, rebuild=rebuild)
    try:
        return MozCatalog(db.cards(), db.catalog_paths, db.digest, db.path, built=db.built)
    finally:
        db.close()


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
        "schema": VERSION,
        "cards": len(catalog.cards),
        "by_type": dict(sorted(by_type.items())),
    }


__all__ = ["CATALOG_ENV", "MozCatalog", "builtin_catalog_path", "cache_file", "catalog_info",
           "catalog_paths", "load_catalog", "open_catalog", "parse_catalog"]
