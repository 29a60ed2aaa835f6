"""docs/SECURITY.md names a test for every rule: each named test file and test exists, and no row
is left without one."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "SECURITY.md"


def test_every_test_named_in_security_md_exists() -> None:
    text = DOC.read_text(encoding="utf-8")
    named = 0
    for row in (line for line in text.splitlines() if line.startswith("|")):
        last = None
        checked_by = row.rstrip().rstrip("|").rsplit("|", 1)[-1]  # the last column
        for ref in re.findall(r"`([\w/]+\.py)?(::\w+)?`", checked_by):
            path, test = ref
            if not path and not test:
                continue
            if path:
                last = ROOT / "tests" / path
            assert last is not None, f"{test} without a test file in: {row}"
            assert last.is_file(), f"{last} named in SECURITY.md does not exist"
            if test:
                assert re.search(rf"^def {test[2:]}\(", last.read_text(encoding="utf-8"), re.M), \
                    f"{last.name}{test} named in SECURITY.md does not exist"
            named += 1
    assert named >= 20
    for row in (line for line in text.splitlines() if line.startswith("| ") and "---" not in line):
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if cells[-1] == "Checked by":  # a header
            continue
        assert "`" in cells[-1], f"a rule of SECURITY.md without its test: {row}"


def test_security_md_is_linked_from_the_readme() -> None:
    assert "(docs/SECURITY.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
