"""Writing a deck back in a canonical form: card numbers with names, lines merged and sorted.

Every format reads back with `read_deck` to the same deck:

- text: `Player:` line, `Main:` and `Dunamis:` sections, `4 B01-001  # name`;
- json / yaml: `{player: {card, name}, main: [{card, name, count}], dunamis: [...]}`.
"""

from __future__ import annotations

import json
from typing import Any

from zxdeck.errors import EXIT_INVALID, ZxError
from zxdeck.games.zx.catalog.model import Card
from zxdeck.games.zx.deck.model import DUNAMIS, MAIN, Deck

FORMATS = ("text", "json", "yaml")


def check_readable(deck: Deck, what: str = "cannot export") -> None:
    """Raise ZxError (exit 1) naming the first line of the deck that was not understood."""
    unread = [p for p in deck.problems if p.severity == "error"]
    if unread:
        first = unread[0]
        where = f"line {first.line}: " if first.line else ""
        more = f" (and {len(unread) - 1} more)" if len(unread) > 1 else ""
        raise ZxError(f"{deck.source}: {what}, {where}{first.message}{more}", EXIT_INVALID)


def _sorted(deck: Deck, section: str) -> list[tuple[Card, int]]:
    return sorted(deck.counted(section).values(), key=lambda pair: pair[0].id)


def canonical(deck: Deck) -> dict[str, Any]:
    """The deck as a mapping (the json / yaml export)."""
    check_readable(deck)
    players = [e.card for e in deck.players if e.card is not None]
    out: dict[str, Any] = {}
    if len(players) == 1:
        out["player"] = {"card": players[0].id, "name": players[0].name}
    elif players:
        out["player"] = [{"card": p.id, "name": p.name} for p in players]
    for key, section in (("main", MAIN), ("dunamis", DUNAMIS)):
        out[key] = [{"card": c.id, "name": c.name, "count": n} for c, n in _sorted(deck, section)]
    return out


def export_text(deck: Deck) -> str:
    check_readable(deck)
    lines = [f"# {deck.source}, exported by zxdeck"]
    for e in deck.players:
        if e.card is not None:
            lines.append(f"Player: {e.card.id}  # {e.card.name}")
    for title, section in (("Main", MAIN), ("Dunamis", DUNAMIS)):
        pairs = _sorted(deck, section)
        if not pairs and section == DUNAMIS:
            continue
        lines.append(f"{title}:")
        lines.extend(f"{n} {c.id}  # {c.name}" for c, n in pairs)
    return "\n".join(lines) + "\n"


def export_deck(deck: Deck, fmt: str = "text") -> str:
    """The deck in `fmt` (text, json, yaml); raises ZxError (exit 1) when a line was not understood."""
    if fmt == "text":
        return export_text(deck)
    if fmt == "json":
        return json.dumps(canonical(deck), ensure_ascii=False, indent=2) + "\n"
    if fmt == "yaml":
        import yaml

        return yaml.safe_dump(canonical(deck), allow_unicode=True, sort_keys=False)
    raise ZxError(f"unknown export format {fmt!r} (valid: {', '.join(FORMATS)})")
