"""Fixtures of the engine tests; the scenario helpers themselves are in engine_table.py."""

from __future__ import annotations

import pytest
from scenario import Table


@pytest.fixture
def table() -> Table:
    return Table()
