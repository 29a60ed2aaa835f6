"""A small catalog of made-up cards, so that the deck tests do not depend on data/cards.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest
from deck_testdata import CARDS_YAML, LEGAL_DECK

from zxdeck.catalog.loader import Catalog, catalog_from_cards, parse_catalog


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return catalog_from_cards(parse_catalog(CARDS_YAML.encode(), "test-cards.yaml"))


@pytest.fixture(scope="session")
def cards_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("catalog") / "cards.yaml"
    path.write_text(CARDS_YAML, encoding="utf-8")
    return path


@pytest.fixture()
def legal_deck() -> str:
    return LEGAL_DECK


@pytest.fixture()
def check(catalog: Catalog):
    """check(text, regulation=None) -> ValidationResult of a text deck against the test catalog."""
    from zxdeck.deck import parse_text, validate

    def run(text: str, regulation: str | None = None):
        return validate(parse_text(text, catalog, "test.txt"), regulation)

    return run


@pytest.fixture()
def run_cli(cards_file: Path, tmp_path: Path):
    """run_cli(*args) -> click Result of `zxdeck --cards <test catalog> args...` (cache in tmp)."""
    from click.testing import CliRunner

    from zxdeck.cli import cli

    def run(*args: str, env: dict[str, str] | None = None, stdin: bytes | None = None):
        runner = CliRunner()
        full_env = {"ZXDECK_CACHE_DIR": str(tmp_path / "cache"), "NO_COLOR": ""}
        full_env.update(env or {})
        return runner.invoke(cli, ["--cards", str(cards_file), *args], env=full_env, input=stdin)

    return run
