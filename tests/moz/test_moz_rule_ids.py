"""Every MOZ rule id of MOZ_RULES.md is cited by at least one test under tests/moz (name, docstring
or comment; ranges like `T-1..T-3` count for each id)."""

from __future__ import annotations

import re
from pathlib import Path

from moz_rule_ids import ENGINE_SECTIONS, SECTIONS

HERE = Path(__file__).parent
RANGE = re.compile(r"\b([A-Z])-(\d+)\s*(?:\.\.|to|–|-)\s*(?:\1-)?(\d+)\b")
SINGLE = re.compile(r"\b([A-Z])-(\d+)\b")
NAME = re.compile(r"def test_([a-z])(\d+)_")


def cited_ids(text: str) -> set[tuple[str, int]]:
    cited = {(k, int(n)) for k, n in SINGLE.findall(text)}
    for k, a, b in RANGE.findall(text):
        cited |= {(k, i) for i in range(int(a), int(b) + 1)}
    cited |= {(k.upper(), int(n)) for k, n in NAME.findall(text)}
    return cited


def missing(sections: tuple[str, ...]) -> list[str]:
    this = Path(__file__).resolve()
    text = "\n".join(p.read_text(encoding="utf-8") for p in HERE.rglob("test_*.py") if p.resolve() != this)
    cited = cited_ids(text)
    return [f"{k}-{i}" for k in sections for i in range(1, SECTIONS[k] + 1) if (k, i) not in cited]


def test_every_engine_rule_id_is_cited() -> None:
    assert missing(ENGINE_SECTIONS) == []
