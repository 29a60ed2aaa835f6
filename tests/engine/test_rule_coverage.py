"""Every rule id of ZX_RULES.md sections 3 to 15 is cited by at least one engine test."""

from __future__ import annotations

import re
from pathlib import Path

HERE = Path(__file__).parent
SECTIONS = {"Z": 7, "S": 10, "P": 7, "C": 3, "L": 5, "B": 9, "X": 5, "O": 6, "H": 5, "E": 3, "A": 9, "R": 2, "W": 3}


def test_every_rule_id_is_cited() -> None:
    text = "\n".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py") if p.name != Path(__file__).name)
    cited = set(re.findall(r"\b([A-Z])-(\d+)\b", text))
    cited |= {(m[0].upper(), m[1]) for m in re.findall(r"def test_([a-z])(\d+)_", text)}
    missing = [f"{k}-{i}" for k, n in SECTIONS.items() for i in range(1, n + 1) if (k, str(i)) not in cited]
    assert not missing, f"rules without a test: {missing}"
