"""Deck statistics: counts by type and color, the cost curve, ignition density, and exact odds.

The odds are hypergeometric (math.comb, no simulation):

- the chance of at least k ignition cards among the 4 life cards (S-8: the
  life is 4 cards from the shuffled deck; any 4 positions have the same law);
- the chance of at least one copy of a card in the opening hand of 4 (S-6),
  and with the one mulligan (S-7) taken whenever the first hand has none.
"""

from __future__ import annotations

from collections import Counter
from math import comb
from typing import Any

from zxdeck.catalog.source import CardSource
from zxdeck.errors import ZxError
from zxdeck.games.zx.deck.model import DUNAMIS, MAIN, Deck
from zxdeck.games.zx.deck.parse import resolve

HAND = 4  # S-6
LIFE = 4  # S-8
COLOR_ORDER = ("red", "blue", "white", "black", "green", "colorless")


def hypergeom_at_least(population: int, successes: int, draws: int, k: int) -> float:
    """P(at least `k` successes in `draws` cards drawn without replacement)."""
    draws = min(draws, population)
    successes = max(0, min(successes, population))
    total = comb(population, draws)
    if total == 0 or k <= 0:
        return 1.0
    hits = sum(comb(successes, i) * comb(population - successes, draws - i)
               for i in range(k, min(draws, successes) + 1))
    return hits / total


def opening_odds(deck_size: int, copies: int, hand: int = HAND) -> tuple[float, float]:
    """(no mulligan, with one mulligan when the first hand misses) for at least one of `copies`."""
    p = hypergeom_at_least(deck_size, copies, hand, 1)
    return p, 1 - (1 - p) ** 2


def deck_stats(deck: Deck, catalog: CardSource | None = None, card: str | None = None) -> dict[str, Any]:
    """Every statistic of `deck` as a JSON-ready mapping; `card` adds its opening-hand odds."""
    main = deck.cards(MAIN)
    dunamis = deck.cards(DUNAMIS)
    size = len(main)
    ignition = sum(c.ignition for c in main)
    by_type = Counter(c.type for c in main)
    by_color = Counter(c.color for c in main)
    curve = Counter(c.cost for c in main)
    out: dict[str, Any] = {
        "deck": deck.source,
        "main": {
            "cards": size,
            "unknown": sum(e.count for e in deck.main if e.card is None),
            "by_type": dict(sorted(by_type.items())),
            "by_color": {k: by_color[k] for k in COLOR_ORDER if by_color[k]},
            "cost_curve": {str(k): curve[k] for k in range(0, max(curve, default=0) + 1)},
            "average_cost": round(sum(c.cost for c in main) / size, 2) if size else 0.0,
            "ignition": ignition,
            "ignition_density": round(ignition / size, 4) if size else 0.0,
            "life_recovery": sum(c.life_recovery for c in main),
            "void_bringer": sum(c.void_bringer for c in main),
            "start_card": sum(c.start_card and c.type == "zx" for c in main),
        },
        "dunamis": {
            "cards": len(dunamis),
            "by_type": dict(sorted(Counter(c.type for c in dunamis).items())),
        },
        "player": deck.player_card.name if deck.player_card else None,
        "odds": {
            "life_ignition": [
                {"at_least": k, "probability": round(hypergeom_at_least(size, ignition, LIFE, k), 4)}
                for k in range(0, LIFE + 1)
            ] if size else [],
            "opening_hand": [
                dict(zip(("copies", "no_mulligan", "with_mulligan"),
                         (n, *(round(p, 4) for p in opening_odds(size, n))), strict=True))
                for n in range(1, 5)
            ] if size else [],
        },
    }
    if card is not None:
        out["odds"]["card"] = card_odds(deck, catalog, card)
    return out


def card_odds(deck: Deck, catalog: CardSource | None, text: str) -> dict[str, Any]:
    """Opening-hand odds of one card of the deck (by number or name; same-named cards count)."""
    from zxdeck.text import name_key

    found = resolve(catalog, text, MAIN)[0] if catalog is not None else None
    if found is None:
        found = next((e.card for e in deck.main if e.card and e.text == text), None)
    if found is None:
        raise ZxError(f"no card {text!r} in the catalog")
    key = name_key(found.name)
    main = deck.cards(MAIN)
    copies = sum(name_key(c.name) == key for c in main)
    p0, p1 = opening_odds(len(main), copies) if copies else (0.0, 0.0)
    return {"card": found.id, "name": found.name, "copies": copies,
            "no_mulligan": round(p0, 4), "with_mulligan": round(p1, 4)}


def _pct(p: float) -> str:
    return f"{p * 100:5.1f}%"


def render_stats(stats: dict[str, Any], width: int = 30) -> str:
    """The statistics as text: counts, a cost histogram, and the odds tables."""
    m, d, odds = stats["main"], stats["dunamis"], stats["odds"]
    lines = [f"{stats['deck']}: main {m['cards']} cards, dunamis {d['cards']}"
             + (f", player {stats['player']}" if stats["player"] else "")]
    if m["unknown"]:
        lines.append(f"  ({m['unknown']} cards not in the catalog are left out)")
    lines.append("Types:  " + (", ".join(f"{k} {v}" for k, v in m["by_type"].items()) or "-"))
    lines.append("Colors: " + (", ".join(f"{k} {v}" for k, v in m["by_color"].items()) or "-"))
    if d["by_type"]:
        lines.append("Dunamis: " + ", ".join(f"{k} {v}" for k, v in d["by_type"].items()))
    lines.append(f"Ignition: {m['ignition']} of {m['cards']} ({m['ignition_density'] * 100:.1f}%), "
                 f"Life Recovery {m['life_recovery']}, Void Bringer {m['void_bringer']}, "
                 f"Start Card {m['start_card']}")
    curve = m["cost_curve"]
    if curve:
        top = max(curve.values()) or 1
        lines.append(f"Cost curve (average {m['average_cost']}):")
        for cost, n in curve.items():
            bar = "#" * round(n / top * width) if n else ""
            lines.append(f"  {cost:>2} | {bar} {n}")
    if odds["life_ignition"]:
        lines.append("Ignition cards among the 4 life cards:")
        lines.append("  " + "  ".join(f">={r['at_least']}: {_pct(r['probability']).strip()}"
                                       for r in odds["life_ignition"][1:]))
        lines.append("At least one copy in the opening hand of 4:")
        lines.append("  copies  no mulligan  with mulligan")
        for r in odds["opening_hand"]:
            lines.append(f"  {r['copies']:>6}  {_pct(r['no_mulligan']):>11}  {_pct(r['with_mulligan']):>13}")
    card = odds.get("card")
    if card:
        copies = f"{card['copies']} cop{'y' if card['copies'] == 1 else 'ies'}"
        lines.append(f"{card['name']} ({card['card']}), {copies}: "
                     f"{_pct(card['no_mulligan']).strip()} in the opening hand, "
                     f"{_pct(card['with_mulligan']).strip()} with a mulligan")
    return "\n".join(lines)
