"""Fixtures of the engine audit (helpers live in audit_helpers.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from audit_helpers import Table  # noqa: E402


@pytest.fixture
def t() -> Table:
    return Table()
