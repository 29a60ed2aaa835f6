"""The card catalog: model, loading and checking, SQLite cache, query language."""

from zxdeck.catalog.loader import Catalog, load_catalog, parse_catalog
from zxdeck.catalog.model import Card


def open_catalog(path: str | None = None) -> Catalog:
    """The catalog for commands: `--cards` / `$ZXDECK_CARDS` / built-in (cached in SQLite once available)."""
    return load_catalog(path)


__all__ = ["Card", "Catalog", "load_catalog", "open_catalog", "parse_catalog"]
