"""Fixtures of the engine tests; the scenario helpers themselves are in engine_table.py."""

from __future__ import annotations

import os

import pytest
from scenario import Table


def pytest_configure(config: pytest.Config) -> None:
    """scripts/build_compiled.py --test: these tests must run on the compiled engine, not the
    checkout's Python one (in every xdist worker too)."""
    if os.environ.get("ZXDECK_EXPECT_COMPILED"):
        import zxdeck.engine.game as game

        if not game.__file__.endswith((".so", ".pyd")):
            raise pytest.UsageError(f"ZXDECK_EXPECT_COMPILED is set but the engine is {game.__file__}")


@pytest.fixture
def table() -> Table:
    return Table()
