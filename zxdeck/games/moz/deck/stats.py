"""The statistics of a MOZ deck (`zxdeck --game moz stats`), in MOZ's terms: the summoner pile
(levels, speed, the summon attribute of each face, D-1, K-10, R-3), the zone by kind, the beasts
by attribute, sub-attribute and power (D-9, D-10), and the odds of the opening hand (S-3: 7 cards,
no mulligan, S-5) and of the cards held by your 4th turn (T-3: one draw a turn; a round is 4
turns each, R-4) holding a beast for each summon attribute of the pile (L-2) and a help for the
bottom face (L-3)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from zxdeck.games.moz.catalog.model import SUB_ATTRIBUTES, Beast, MozCard, Summoner
from zxdeck.games.moz.deck.odds import HAND, cards_by_turn

ROUND_TURNS = 4  # each player's turns in a round
HELPS = ("help", "help_special")  # L-3: what may go face up on the bottom face


def deck_stats(cards: Sequence[MozCard]) -> dict[str, Any]:
    """The statistics of a deck given as one entry per copy (zxdeck.games.moz.deck.parse.load_deck)."""
    from zxdeck.analysis.odds import holding

    summoners = [c for c in cards if isinstance(c, Summoner)]
    zone = [c for c in cards if not isinstance(c, Summoner)]
    beasts = [c for c in zone if isinstance(c, Beast)]
    kinds = Counter(c.type for c in zone)
    attributes = Counter(b.attribute for b in beasts)
    faces = Counter(a for s in summoners for a in s.summon_attributes)
    by_turn = cards_by_turn(ROUND_TURNS)

    def odds(count: int, drawn: int) -> float:
        return round(holding([(count, 1)], len(zone), min(drawn, len(zone))), 6) if zone else 0.0

    wanted = [{"cards": f"beast {attr}", "attribute": attr, "faces": faces[attr], "in_zone": attributes[attr]}
              for attr in sorted(faces, key=lambda a: (-faces[a], a))]
    helps = sum(kinds[k] for k in HELPS)
    wanted.append({"cards": "help (bottom face)", "attribute": None, "faces": len(summoners), "in_zone": helps})
    for row in wanted:
        row["opening"] = odds(row["in_zone"], HAND)
        row["by_turn"] = odds(row["in_zone"], by_turn)
    return {
        "summoners": [{"card": s.id, "name": s.name, "level": s.level, "speed": s.speed,
                       "faces": dict(zip(("top", "left", "right"), s.summon_attributes))} for s in summoners],
        "levels": sorted(s.level for s in summoners),
        "zone": len(zone),
        "kinds": dict(sorted(kinds.items())),
        "attributes": dict(sorted(attributes.items(), key=lambda kv: (-kv[1], kv[0]))),
        "sub_attributes": dict(sorted(Counter(b.sub_attribute for b in beasts).items(),
                                      key=lambda kv: (-kv[1], kv[0]))),
        "powers": dict(sorted(Counter(b.power for b in beasts).items())),
        "average_power": round(sum(b.power for b in beasts) / len(beasts), 2) if beasts else None,
        "dragons_100": sum(1 for b in beasts if b.sub_attribute == "dragon" and b.power == 100),
        "odds": {"hand": HAND, "turn": ROUND_TURNS, "drawn_by_turn": by_turn, "rows": wanted},
    }


def _pad(text: str, width: int) -> str:
    """`text` padded to `width` terminal columns (a Japanese character takes two)."""
    from wcwidth import wcswidth

    return text + " " * max(0, width - wcswidth(text))


def render_stats(stats: dict[str, Any], name: str) -> str:
    """The text form of `deck_stats`."""
    from wcwidth import wcswidth

    lines = [f"{name}: summoners {len(stats['summoners'])} (levels "
             f"{' '.join(map(str, stats['levels'])) or '-'}), zone {stats['zone']} cards"]
    lines.append("Summoners (level, speed; faces top/left/right):")
    names = max((wcswidth(s["name"]) for s in stats["summoners"]), default=0)
    for s in stats["summoners"]:
        f = s["faces"]
        lines.append(f"  {s['card']:<9} {_pad(s['name'], names)}  Lv{s['level']}  speed {s['speed']:>2}  "
                     f"{f['top']}/{f['left']}/{f['right']}")
    lines.append("Zone: " + (", ".join(f"{k} {n}" for k, n in stats["kinds"].items()) or "-"))
    lines.append("Attributes: " + (", ".join(f"{k} {n}" for k, n in stats["attributes"].items()) or "-"))
    subs = ", ".join(f"{SUB_ATTRIBUTES.get(k, k)} {k} {n}" for k, n in stats["sub_attributes"].items())
    lines.append("Sub-attributes: " + (subs or "-"))
    if stats["powers"]:
        lines.append(f"Power curve (average {stats['average_power']}; "
                     f"power-100 dragons {stats['dragons_100']} of at most 5, D-9):")
        width = max(len(str(p)) for p in stats["powers"])
        for power, n in stats["powers"].items():
            lines.append(f"  {power:>{width}} | {'#' * n} {n}")
    o = stats["odds"]
    lines.append(f"At least one in the opening hand of {o['hand']} (S-3, no mulligan) and in the "
                 f"{o['drawn_by_turn']} cards by your turn {o['turn']}:")
    width = max(wcswidth(r["cards"]) for r in o["rows"])
    lines.append(f"  {'cards':<{width}}  faces  in zone  opening  by turn {o['turn']}")
    for r in o["rows"]:
        lines.append(f"  {_pad(r['cards'], width)}  {r['faces']:>5}  {r['in_zone']:>7}  "
                     f"{100 * r['opening']:>6.1f}%  {100 * r['by_turn']:>8.1f}%")
    return "\n".join(lines)


def card_odds(cards: Sequence[MozCard], catalog: Any, text: str) -> dict[str, Any]:
    """The odds of holding one zone card of the deck (by id or name; the copies counted by id):
    at least one in the opening hand of 7 (S-3, no mulligan: S-5) and by your turn 4, and the
    chance of each number of copies by then. A summoner is not drawn (it starts in the summoner
    pile, D-2); a name the catalog does not know is a ZxError (exit 2)."""
    from zxdeck.analysis.odds import holding
    from zxdeck.errors import ZxError

    found = catalog.find(text) if catalog is not None else []
    if not found:
        raise ZxError(f"no card {text!r} in the catalog")
    card = found[0]
    if isinstance(card, Summoner):
        raise ZxError(f"{card.name} ({card.id}) is a summoner: it starts in the summoner pile (D-2) "
                      "and is never drawn")
    zone = [c for c in cards if not isinstance(c, Summoner)]
    copies = sum(c.id == card.id for c in zone)
    by_turn = min(cards_by_turn(ROUND_TURNS), len(zone))

    def at_least(k: int, drawn: int) -> float:
        return round(holding([(copies, k)], len(zone), min(drawn, len(zone))), 6) if copies >= k else 0.0

    return {"card": card.id, "name": card.name, "copies": copies, "zone": len(zone),
            "opening": at_least(1, HAND), "by_turn": at_least(1, by_turn), "turn": ROUND_TURNS,
            "drawn_by_turn": by_turn,
            "by_turn_at_least": {str(k): at_least(k, by_turn) for k in range(1, copies + 1)}}


def render_card_odds(odds: dict[str, Any]) -> str:
    """The text form of `card_odds`."""
    if not odds["copies"]:
        return f"{odds['name']} ({odds['card']}): no copy in the zone"
    spread = "  ".join(f">={k}: {100 * p:.1f}%" for k, p in odds["by_turn_at_least"].items())
    return (f"{odds['name']} ({odds['card']}), {odds['copies']} of {odds['zone']} in the zone: "
            f"{100 * odds['opening']:.1f}% in the opening hand of {HAND} (no mulligan, S-5), "
            f"{100 * odds['by_turn']:.1f}% by your turn {odds['turn']} ({odds['drawn_by_turn']} cards)\n"
            f"  copies by your turn {odds['turn']}: {spread}")


__all__ = ["card_odds", "deck_stats", "render_card_odds", "render_stats"]
