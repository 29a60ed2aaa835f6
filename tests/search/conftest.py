"""Fixtures of the search / SQLite cache tests: a small catalog we control, a private cache folder."""

from __future__ import annotations

from pathlib import Path

import pytest
from search_data import FIXTURE_YAML


@pytest.fixture(autouse=True)
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own empty cache folder ($ZXDECK_CACHE_DIR)."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("ZXDECK_CACHE_DIR", str(folder))
    monkeypatch.delenv("ZXDECK_CARDS", raising=False)
    return folder


@pytest.fixture
def catalog_file(tmp_path: Path) -> Path:
    path = tmp_path / "cards.yaml"
    path.write_text(FIXTURE_YAML, encoding="utf-8")
    return path


@pytest.fixture
def db(catalog_file: Path):
    from zxdeck.catalog.db import open_db

    database = open_db(catalog_file)
    yield database
    database.close()
