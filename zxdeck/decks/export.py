"""Writing a deck out, for any game: the formats (`text`, `json`, `yaml`), the refusal of a deck
with a line that was not understood, and the choice of format. A game gives its own text form
and its canonical mapping (Z/X: zxdeck/games/zx/deck/export.py, MOZ: zxdeck/games/moz/deck/export.py).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from zxdeck.decks.model import Deck
from zxdeck.errors import EXIT_INVALID, ZxError

FORMATS = ("text", "json", "yaml")


def check_readable(deck: Deck, what: str = "cannot export") -> None:
    """Raise ZxError (exit 1) naming the first line of the deck that was not understood."""
    unread = [p for p in deck.problems if p.severity == "error"]
    if unread:
        first = unread[0]
        where = f"line {first.line}: " if first.line else ""
        more = f" (and {len(unread) - 1} more)" if len(unread) > 1 else ""
        raise ZxError(f"{deck.source}: {what}, {where}{first.message}{more}", EXIT_INVALID)


def export_as(deck: Deck, fmt: str, text: Callable[[Deck], str],
              canonical: Callable[[Deck], dict[str, Any]]) -> str:
    """The deck in `fmt`: the game's `text` form, or its `canonical` mapping as JSON or YAML;
    raises ZxError (exit 1) when a line was not understood, or for an unknown format."""
    if fmt == "text":
        return text(deck)
    if fmt == "json":
        return json.dumps(canonical(deck), ensure_ascii=False, indent=2) + "\n"
    if fmt == "yaml":
        import yaml

        return yaml.safe_dump(canonical(deck), allow_unicode=True, sort_keys=False)
    raise ZxError(f"unknown export format {fmt!r} (valid: {', '.join(FORMATS)})")
