"""Every rule id of ZX_RULES.md is cited by at least one test (in a name, docstring or comment).

Ranges count for each id they span (`T-1..T-7`, `D-1 to D-15`), and test names
like `test_b6_...` cite `B-6`. The rule counts per section mirror ZX_RULES.md.
"""

from __future__ import annotations

import re
from pathlib import Path

from zx_rule_ids import SECTIONS

TESTS = Path(__file__).parent
# Tests of the rules reference (`zxdeck rules`): they name ids to look up, not rules they check.
NOT_RULE_TESTS = {"test_rules_reference.py"}
MOZ = (TESTS / "moz").resolve()  # MOZ tests cite MOZ_RULES.md ids (tests/moz/test_moz_rule_ids.py)
RANGE = re.compile(r"\b([A-Z])-(\d+)\s*(?:\.\.|to|–|-)\s*(?:\1-)?(\d+)\b")
SINGLE = re.compile(r"\b([A-Z])-(\d+)\b")
NAME = re.compile(r"def test_([a-z])(\d+)_")


def cited_ids(text: str) -> set[tuple[str, int]]:
    cited = {(k, int(n)) for k, n in SINGLE.findall(text)}
    for k, a, b in RANGE.findall(text):
        cited |= {(k, i) for i in range(int(a), int(b) + 1)}
    cited |= {(k.upper(), int(n)) for k, n in NAME.findall(text)}
    return cited


def test_the_citation_scanner_reads_singles_ranges_and_names() -> None:
    assert cited_ids('"""B-6: life damage; T-1..T-3 and D-1 to D-2."""\ndef test_x4_idealize():') == {
        ("B", 6), ("T", 1), ("T", 2), ("T", 3), ("D", 1), ("D", 2), ("X", 4),
    }


def test_every_rule_id_is_cited_by_a_test() -> None:
    this = Path(__file__).resolve()
    text = "\n".join(
        p.read_text(encoding="utf-8") for p in TESTS.rglob("test_*.py")
        if p.resolve() != this and p.name not in NOT_RULE_TESTS and MOZ not in p.resolve().parents
    )
    cited = cited_ids(text)
    missing = [f"{k}-{i}" for k, n in SECTIONS.items() for i in range(1, n + 1) if (k, i) not in cited]
    assert not missing, f"rules without a test: {missing}"
