"""The card catalog: model, loading and checking, SQLite cache, query language."""

import os

from zxdeck.catalog.loader import Catalog, load_catalog, parse_catalog
from zxdeck.catalog.model import Card


def open_catalog(path: str | os.PathLike[str] | None = None) -> Catalog:
    """The catalog for commands: `--cards` / `$ZXDECK_CARDS` / built-in, read through the SQLite cache.

    The first use of a catalog's content parses and checks the YAML and builds the cache
    (zxdeck.catalog.db); later uses rebuild the cards from the database without YAML.
    """
    from zxdeck.catalog.db import open_db

    db = open_db(path)
    try:
        return db.catalog()
    finally:
        db.close()


__all__ = ["Card", "Catalog", "load_catalog", "open_catalog", "parse_catalog"]
