"""Rewrite the `text:` lines of a catalog from its abilities (zxdeck.catalog.cardtext.render_text).

Usage: python scripts/render_catalog_text.py [CATALOG] [--check]

Only the `text:` line of each card is replaced (one line, JSON-style double
quotes), so comments and the layout of the file stay as they are. A card
without a `text:` line gets one after its last key. With --check nothing is
written: the exit status is 1 when some text is out of date (for CI).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from zxdeck.catalog.cardtext import render_text
from zxdeck.catalog.loader import builtin_catalog_path, parse_catalog

CARD_START = re.compile(r"^  - id: *(\S+)")
TEXT_LINE = re.compile(r"^    text: ")


def rewrite(source: str, texts: dict[str, str]) -> str:
    """`source` with the text line of each card id in `texts` replaced."""
    out: list[str] = []
    current: str | None = None
    pending = False  # the current card still needs its text line

    def flush() -> None:
        nonlocal pending
        if pending and current is not None:
            while out and not out[-1].strip():
                out.pop()
            out.append("    text: " + json.dumps(texts[current], ensure_ascii=False))
            out.append("")
        pending = False

    for line in source.splitlines():
        start = CARD_START.match(line)
        if start:
            flush()
            current = start.group(1).strip("'\"")
            pending = current in texts
        elif pending and TEXT_LINE.match(line):
            line = "    text: " + json.dumps(texts[current], ensure_ascii=False)  # type: ignore[index]
            pending = False
        out.append(line)
    flush()
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("catalog", nargs="?", default=str(builtin_catalog_path()))
    parser.add_argument("--check", action="store_true", help="only report cards whose text is out of date")
    args = parser.parse_args(argv)
    path = Path(args.catalog)
    data = path.read_bytes()
    cards = parse_catalog(data, str(path))
    texts = {c.id: render_text(c) for c in cards}
    stale = [c.id for c in cards if c.text != texts[c.id]]
    if args.check:
        for card_id in stale:
            print(f"{path}: card {card_id}: text differs from render_text(abilities)")
        return 1 if stale else 0
    new = rewrite(data.decode("utf-8"), texts)
    if parse_catalog(new.encode("utf-8"), str(path)) and new != data.decode("utf-8"):
        path.write_text(new, encoding="utf-8")
    print(f"{path}: {len(stale)} text(s) rewritten, {len(cards)} cards")
    return 0


if __name__ == "__main__":
    sys.exit(main())
