"""The odds of holding named MOZ cards by a turn (`zxdeck --game moz draw --odds`): S-3 the
opening hand of 7, T-3 one card in every draw step of the player's own turns (the first one
too), S-5 no mulligan. Exact (zxdeck.analysis.odds) and, as a check, the frequency in games set
up by the engine itself."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from zxdeck.errors import ZxError
from zxdeck.games.moz.catalog.model import MozCard, Summoner

HAND = 7  # S-3


def cards_by_turn(turn: int) -> int:
    """Cards drawn into the hand by the draw step of the player's own turn `turn` (draws not
    skipped, T-4; cards' draws not counted)."""
    return HAND + turn


def moz_odds(cards: Sequence[MozCard], wanted: list[tuple[str, int]], turn: int, games: int = 1000,
             seed: int = 0) -> dict[str, Any]:
    """The exact odds of holding `wanted` by the player's own turn `turn`, and their frequency in
    `games` games set up by the engine (seeds seed, seed+1, ...)."""
    from zxdeck.analysis.odds import holding
    from zxdeck.games.moz.engine.game import Game
    from zxdeck.sim.stats import wilson
    from zxdeck.text import fold_compact

    if turn < 1:
        raise ZxError(f"--by-turn must be 1 or more, not {turn}")
    zone = [c for c in cards if not isinstance(c, Summoner)]
    keys = []
    for name, _ in wanted:
        key = fold_compact(name)
        ids = {c.id for c in zone if key in (fold_compact(c.name), fold_compact(c.id))}
        if not ids:
            raise ZxError(f"--odds: {name} is not in the zone of the deck")
        keys.append(ids)
    groups = [(sum(1 for c in zone if c.id in ids), k) for ids, (_, k) in zip(keys, wanted)]
    for (name, k), (have, _) in zip(wanted, groups):
        if k > have:  # never held: 0 % would read as bad luck, not as a typo
            raise ZxError(f"--odds: {name}{f':{k}' if k > 1 else ''} asks for {k} {'copy' if k == 1 else 'copies'}; "
                          f"the zone of the deck has {have}")
    n = min(cards_by_turn(turn), len(zone))
    exact = holding(groups, len(zone), n)
    hits = 0
    for i in range(games):
        g = Game(cards, cards, seed=seed + i, record=False)
        more = n - HAND
        got = [g.cards[x] for x in g.hand[0]] + [g.cards[x] for x in g.zone[0][len(g.zone[0]) - more:]]
        hits += all(sum(1 for c in got if c.id in ids) >= k for ids, (_, k) in zip(keys, wanted))
    lo, hi = wilson(hits, games)
    return {"wanted": [{"name": nm, "in_deck": g[0], "wanted": k} for (nm, k), g in zip(wanted, groups)],
            "turn": turn, "deck_size": len(zone), "drawn": n, "exact": round(exact, 6),
            "simulated": {"games": games, "seed": seed, "hits": hits,
                          "frequency": round(hits / games, 6) if games else None,
                          "interval": [round(lo, 6), round(hi, 6)]}}


def deal_openings(cards: Sequence[MozCard], seed: int, count: int = 1) -> list[dict[str, Any]]:
    """The opening hands of 7 (S-2 the zone shuffled, S-3 seven cards; S-5 no mulligan) that the
    engine deals the first seat with seeds seed, seed+1, ... (`zxdeck --game moz play --seed S`
    deals player 1 the hand of seed S, whatever the other deck)."""
    from zxdeck.games.moz.engine.game import Game

    out = []
    for i in range(count):
        g = Game(cards, cards, seed=seed + i, record=False)
        hand = [g.cards[x] for x in g.hand[0]]
        out.append({"seed": seed + i, "hand": [{"id": c.id, "name": c.name, "type": c.type} for c in hand]})
    return out


def render_openings(openings: list[dict[str, Any]], name: str) -> str:
    """The openings as text: a line per opening, then its cards."""
    lines = []
    for o in openings:
        lines.append(f"{name}: seed {o['seed']}, opening hand of {len(o['hand'])} (S-3):")
        width = max(len(c["id"]) for c in o["hand"]) if o["hand"] else 0
        lines.extend(f"  {c['id']:<{width}}  {c['name']}  ({c['type']})" for c in o["hand"])
    return "\n".join(lines)


def render_moz_odds(odds: dict[str, Any], name: str) -> str:
    want = ", ".join(w["name"] + (f" x{w['wanted']}" if w["wanted"] > 1 else "") +
                     f" ({w['in_deck']} in the zone)" for w in odds["wanted"])
    s = odds["simulated"]
    line = (f"{name}: holding {want} by your turn {odds['turn']}: {odds['drawn']} cards drawn "
            f"(S-3: 7, T-3: 1 a turn; no mulligan, S-5) from {odds['deck_size']}\n"
            f"exact {100 * odds['exact']:.2f} %")
    if s["games"]:
        lo, hi = s["interval"]
        line += (f"; simulated {100 * s['frequency']:.1f} % in {s['games']} "
                 f"setup{'' if s['games'] == 1 else 's'} "
                 f"(95 % interval {100 * lo:.1f}-{100 * hi:.1f} %)")
    return line


__all__ = ["cards_by_turn", "deal_openings", "moz_odds", "render_moz_odds", "render_openings"]
