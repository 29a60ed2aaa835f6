"""Writing a deck back in a canonical form: card numbers with names, lines merged and sorted.

Every format reads back with `read_deck` to the same deck:

- text: `Player:` line, `Main:` and `Dunamis:` sections, `4 B01-001  # name`;
- json / yaml: `{player: {card, name}, main: [{card, name, count}], dunamis: [...]}`.
"""

from __future__ import annotations

from typing import Any

from zxdeck.decks.export import check_readable, export_as
from zxdeck.games.zx.catalog.model import Card
from zxdeck.games.zx.deck.model import DUNAMIS, MAIN, Deck


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
    return export_as(deck, fmt, export_text, canonical)
