"""The card catalog: model, loading and checking, SQLite cache, query language.

The names below are imported on first use (PEP 562), so that importing one submodule
(`zxdeck.catalog.db`, `zxdeck.catalog.query`) does not load the YAML loader. `Card` is the
default game's card (Z/X's, zxdeck.games.zx.catalog.model, through its compatibility path).
"""

from __future__ import annotations

import os

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from zxdeck.catalog.loader import Catalog, load_catalog, parse_catalog

_LAZY = {"Catalog": "loader", "load_catalog": "loader", "parse_catalog": "loader", "Card": "model"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f"zxdeck.catalog.{_LAZY[name]}"), name)
    raise AttributeError(f"module 'zxdeck.catalog' has no attribute {name!r}")


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
