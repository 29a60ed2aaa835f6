"""Writing a MOZ deck back in a canonical form (`zxdeck --game moz deck export`): the summoner
pile and the zone (D-2: every summoner in the pile, every other card in the zone, whatever
header it was written under), each sorted by card id, copies merged; as text (`Summoners:` /
`Zone:` with `COUNT ID  # name` lines), JSON or YAML (`summoners` and `zone`, lists of `{card,
name, count}`). Every form reads back as the same deck."""

from __future__ import annotations

from typing import Any

from zxdeck.decks.export import check_readable, export_as
from zxdeck.decks.model import Deck

PARTS = (("summoners", "Summoners"), ("zone", "Zone"))


def _parts(deck: Deck) -> dict[str, list[tuple[Any, int]]]:
    from zxdeck.games.moz.deck.code import section_of

    counts: dict[str, dict[str, list[Any]]] = {key: {} for key, _ in PARTS}
    for e in deck.entries:
        if e.card is not None:
            slot = counts[section_of(e.card)].setdefault(e.card.id, [e.card, 0])
            slot[1] += e.count
    return {key: sorted(((c, n) for c, n in found.values()), key=lambda pair: pair[0].id)
            for key, found in counts.items()}


def canonical(deck: Deck) -> dict[str, Any]:
    """The deck as a mapping (the json / yaml export)."""
    check_readable(deck)
    return {key: [{"card": c.id, "name": c.name, "count": n} for c, n in pairs]
            for key, pairs in _parts(deck).items()}


def export_text(deck: Deck) -> str:
    check_readable(deck)
    lines = [f"# {deck.source}, exported by zxdeck (MOZ)"]
    parts = _parts(deck)
    for key, title in PARTS:
        lines.append(f"{title}:")
        lines.extend(f"{n} {c.id}  # {c.name}" for c, n in parts[key])
    return "\n".join(lines) + "\n"


def export_deck(deck: Deck, fmt: str = "text") -> str:
    """The deck in `fmt` (text, json, yaml); raises ZxError (exit 1) when a line was not understood."""
    return export_as(deck, fmt, export_text, canonical)
