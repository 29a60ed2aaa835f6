"""The rule ids of ZX_RULES.md: how many each section has, and where the file is when it is at hand.

ZX_RULES.md lives beside the repository (`../shared/rules/`), not in it, so the
counts are kept here too; tests compare them with the file when it can be found.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

SECTIONS = {
    "T": 10, "D": 16, "Z": 7, "S": 10, "P": 7, "C": 3, "L": 5, "B": 9, "X": 5, "O": 6,
    "H": 5, "E": 3, "A": 9, "R": 2, "W": 3,
}
REPO = Path(__file__).resolve().parents[2]


def all_ids() -> list[str]:
    """Every rule id, in the order of ZX_RULES.md."""
    return [f"{k}-{i}" for k, n in SECTIONS.items() for i in range(1, n + 1)]


def zx_rules_md() -> Path | None:
    """ZX_RULES.md: `$ZX_RULES_MD`, else `shared/rules/` beside the repository (or beside the
    folder of worktrees it sits in); None when it is not there."""
    env = os.environ.get("ZX_RULES_MD")
    candidates = [Path(env)] if env else []
    candidates += [p / "shared" / "rules" / "ZX_RULES.md" for p in REPO.parents[:3]]
    return next((p for p in candidates if p.is_file()), None)


def ids_of_zx_rules(text: str) -> list[str]:
    """The ids ZX_RULES.md defines: table rows `| T-1 |`, list items `- D-1 ` and `(T-9)`."""
    found = re.findall(r"^\| ([A-Z]-\d+) \||^- ([A-Z]-\d+)\b|^[^\n|-][^\n]*?\(([A-Z]-\d+)\):", text, re.M)
    ids: list[str] = []
    for groups in found:
        rid = next(g for g in groups if g)
        if rid not in ids:
            ids.append(rid)
    return ids
