"""Sample opening hands (`zxdeck draw`): what the game's own setup deals a deck, S-1..S-9.

There is no second dealer here: `deal_opening` starts a real `Game` with the
deck on both sides and plays its setup (S-2 Start Card, S-3 Gate Card, S-4
shuffle with the game's own random generator, S-6 draw 4, S-7 keep or
mulligan, S-8 four life cards, S-9 two resources), choosing for player 1 as a
player goldfishing would: the first Start Card and Gate Card the deck lists,
and keep (or mulligan once with `mulligan=True`). The same deck and seed deal
the same opening as `zxdeck play --seed` deals player 1 when player 1 makes
those choices and goes first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from zxdeck.catalog.model import Card
from zxdeck.errors import ZxError
from zxdeck.games.zx.engine.state import DeckSpec


@dataclass
class Opening:
    """What player 1 has once setup is done (top of the life pile last)."""

    seed: int
    hand: list[Card]
    life: list[Card]
    resources: list[Card]
    start_card: Card | None = None
    gate_card: Card | None = None
    mulligan: bool = False
    first_hand: list[Card] = field(default_factory=list)  # the hand given back by the mulligan

    def to_dict(self) -> dict[str, Any]:
        def ids(cards: list[Card]) -> list[dict[str, str]]:
            return [{"card": c.id, "name": c.name} for c in cards]

        out: dict[str, Any] = {
            "seed": self.seed,
            "start_card": ids([self.start_card])[0] if self.start_card else None,
            "gate_card": ids([self.gate_card])[0] if self.gate_card else None,
            "hand": ids(self.hand), "life": ids(self.life), "resources": ids(self.resources),
            "ignition_in_life": sum(c.ignition for c in self.life),
        }
        if self.mulligan:
            out["mulligan"] = {"returned": ids(self.first_hand)}
        return out


def deal_opening(spec: DeckSpec, seed: int, mulligan: bool = False) -> Opening:
    """Play the setup of a game seeded `seed` with `spec` on both sides; player 1's opening."""
    from zxdeck.games.zx.engine.actions import DONE, KEEP, MULLIGAN
    from zxdeck.games.zx.engine.game import Game
    from zxdeck.games.zx.engine.state import PLAYER_SQUARE

    snapshot: dict[str, Any] = {}

    def listener(g: Game, event: str, data: dict[str, Any]) -> None:
        if event == "setup_done" and not snapshot:
            ps = g.players[0]
            square = g.squares[PLAYER_SQUARE[0]]
            snapshot.update(
                hand=[g.cards[i] for i in ps.hand], life=[g.cards[i] for i in ps.life],
                resources=[g.cards[i] for i in ps.resources],
                start=g.cards[square] if square >= 0 else None,
                gate=next((g.cards[i] for i in ps.dunamis if g.face_up[i]), None),
            )

    game = Game(spec, spec, seed=seed, first=0, listener=listener)
    first_hand: list[Card] = []
    while not snapshot and not game.is_over() and game.decision is not None:
        kind = game.decision_kind()
        if kind == "mulligan":
            mull = mulligan and game.current_player() == 0
            if mull:
                first_hand = [game.cards[i] for i in game.players[0].hand]
            game.apply(MULLIGAN if mull else KEEP)
        elif kind in ("pick:start_card", "pick:gate_card"):
            picks = [a for a in game.legal_actions() if a.kind == "pick"]
            game.apply(picks[0] if picks else DONE)
        else:  # pragma: no cover - setup asks nothing else
            raise ZxError(f"setup asked an unexpected question: {kind}")
    if not snapshot:
        raise ZxError(f"{spec.name or 'the deck'}: too few cards to deal an opening "
                      f"({len(spec.main)} in the main deck)")
    return Opening(seed, snapshot["hand"], snapshot["life"], snapshot["resources"], snapshot["start"],
                   snapshot["gate"], mulligan, first_hand)


def deal_openings(spec: DeckSpec, seed: int, n: int, mulligan: bool = False) -> list[Opening]:
    """`n` openings: seeds `seed`, `seed + 1`, ... (so one hand can be dealt again alone)."""
    return [deal_opening(spec, seed + i, mulligan) for i in range(n)]


def render_openings(openings: list[Opening], name: str) -> str:
    """The text of `zxdeck draw`: each opening, then (for several) ignition cards among the life."""
    lines = [f"{name}: {len(openings)} opening{'s' * (len(openings) != 1)} (S-2..S-9, going first)"]
    for o in openings:
        lines.append(f"seed {o.seed}" + (" (after a mulligan)" if o.mulligan else ""))
        if o.start_card is not None:
            lines.append(f"  start card  {o.start_card.name} ({o.start_card.id})")
        if o.gate_card is not None:
            lines.append(f"  gate card   {o.gate_card.name} ({o.gate_card.id})")
        if o.mulligan:
            lines.append("  returned    " + _names(o.first_hand))
        lines.append("  hand        " + _names(o.hand))
        lines.append(f"  life        {_names(o.life)}  [{sum(c.ignition for c in o.life)} ignition]")
        lines.append("  resources   " + _names(o.resources))
    if len(openings) > 1:
        counts = [sum(c.ignition for c in o.life) for o in openings]
        spread = ", ".join(f"{k}: {counts.count(k)}" for k in sorted(set(counts)))
        lines.append(f"ignition cards among the life cards: {spread} (of {len(openings)} openings)")
    return "\n".join(lines)


def _names(cards: list[Card]) -> str:
    return ", ".join(c.name for c in cards) or "-"


# --- the odds of holding named cards by a turn (`zxdeck draw --odds`)

HAND = 4  # S-6
DRAW = 2  # P-2


def cards_by_turn(turn: int, second: bool) -> int:
    """Cards a player has drawn into the hand by the draw phase of its own turn `turn` (S-6:
    four; P-2: two a turn, none on the first player's first turn); draws by effects not
    counted."""
    return HAND + DRAW * (turn if second else turn - 1)


def parse_odds(text: str) -> list[tuple[str, int]]:
    """`NAME,NAME:2` -> [("NAME", 1), ("NAME", 2)] (zxdeck.analysis.odds.parse_wanted)."""
    from zxdeck.analysis.odds import parse_wanted

    return parse_wanted(text)


@dataclass
class Odds:
    """The odds of holding the wanted cards by a turn, exact and simulated (`zxdeck draw --odds`)."""

    wanted: list[dict[str, Any]]  # name, copies in the deck, copies wanted
    turn: int
    second: bool
    deck_size: int  # the main deck once the start card and gate card are set aside (S-2, S-3)
    drawn: int
    exact: float
    exact_mulligan: float
    simulated: dict[str, Any]
    set_aside: list[str]

    def to_dict(self) -> dict[str, Any]:
        return {"wanted": self.wanted, "turn": self.turn,
                "player": "second" if self.second else "first", "deck_size": self.deck_size,
                "drawn": self.drawn, "set_aside": self.set_aside,
                "exact": {"no_mulligan": round(self.exact, 6),
                          "best_mulligan": round(self.exact_mulligan, 6)},
                "simulated": self.simulated}


def opening_odds(spec: DeckSpec, wanted: list[tuple[str, int]], turn: int, second: bool,
                 games: int = 1000, seed: int = 0) -> Odds:
    """The exact odds (zxdeck.analysis.odds) of holding `wanted` by the player's own turn `turn`,
    and their frequency in `games` setups dealt by the game itself (seeds seed, seed+1, ...),
    once always keeping and once mulliganing as the exact best choice says (S-7)."""
    from zxdeck.analysis.odds import holding, keep_hand, with_mulligan
    from zxdeck.sim.stats import wilson
    from zxdeck.text import fold_compact

    if turn < 1:
        raise ZxError(f"--by-turn must be 1 or more, not {turn}")
    first = deal_opening(spec, seed)
    aside = [c for c in (first.start_card, first.gate_card) if c is not None]
    pool = list(spec.main)
    for c in aside:
        pool.remove(c)
    keys = []
    for name, _ in wanted:
        key = fold_compact(name)
        members = {c.id for c in spec.main if key in (fold_compact(c.name), fold_compact(c.id))}
        if not members:
            raise ZxError(f"--odds: {name} is not in the main deck of {spec.name or 'the deck'}")
        keys.append(members)
    groups = [(sum(1 for c in pool if c.id in ids), k) for ids, (_, k) in zip(keys, wanted)]
    for (name, k), (have, _) in zip(wanted, groups):
        if k > have:  # never held: 0 % would read as bad luck, not as a typo
            aside_note = (" (the start or gate card is set aside before the draw, S-2/S-3)"
                          if any(fold_compact(name) in (fold_compact(c.name), fold_compact(c.id))
                                 for c in aside) else "")
            raise ZxError(f"--odds: {name}{f':{k}' if k > 1 else ''} asks for {k} {'copy' if k == 1 else 'copies'}; "
                          f"the main deck of {spec.name or 'the deck'} has {have} to draw"
                          f"{aside_note}")
    n = cards_by_turn(turn, second)
    size = len(pool)
    exact = holding(groups, size, n)
    exact_m = with_mulligan(groups, size, HAND, n)

    def counts(cards: list[Card]) -> tuple[int, ...]:
        return tuple(sum(1 for c in cards if c.id in ids) for ids in keys)

    def holds(cards: list[Card]) -> bool:
        return all(x >= k for x, (_, k) in zip(counts(cards), wanted))

    hits = {"no_mulligan": 0, "best_mulligan": 0}
    for i in range(games):
        for mode in hits:
            def choose(hand: list[Card], mode: str = mode) -> bool:
                return mode == "no_mulligan" or keep_hand(groups, size, HAND, n, counts(hand))

            hand, deck = _setup_and_deck(spec, seed + i, second, choose)
            more = max(0, n - HAND)
            hits[mode] += holds(hand + deck[len(deck) - more:] if more else hand)
    sim = {"games": games, "seed": seed}
    for mode, h in hits.items():
        lo, hi = wilson(h, games)
        sim[mode] = {"hits": h, "frequency": round(h / games, 6) if games else None,
                     "interval": [round(lo, 6), round(hi, 6)]}
    return Odds([{"name": name, "in_deck": g[0], "wanted": k} for (name, k), g in zip(wanted, groups)],
                turn, second, size, min(n, size), exact, exact_m, sim,
                [f"{c.name} ({c.id})" for c in aside])


def _setup_and_deck(spec: DeckSpec, seed: int, second: bool, keep: Any) -> tuple[list[Card], list[Card]]:
    """Player 1's hand and deck (top last) once setup is done, seated first or second; at the
    mulligan (S-7) player 1 keeps when `keep(hand)` says so; player 2 keeps."""
    from zxdeck.games.zx.engine.actions import DONE, KEEP, MULLIGAN
    from zxdeck.games.zx.engine.game import Game

    game = Game(spec, spec, seed=seed, first=1 if second else 0)
    while not game.started and not game.is_over() and game.decision is not None:
        kind = game.decision_kind()
        if kind == "mulligan":
            p = game.current_player()
            mull = p == 0 and not keep([game.cards[i] for i in game.players[0].hand])
            game.apply(MULLIGAN if mull else KEEP)
        elif kind in ("pick:start_card", "pick:gate_card"):
            picks = [a for a in game.legal_actions() if a.kind == "pick"]
            game.apply(picks[0] if picks else DONE)
        else:  # the setup is done once the first turn asks something
            break
    ps = game.players[0]
    return [game.cards[i] for i in ps.hand], [game.cards[i] for i in ps.deck]


def render_odds(odds: Odds, name: str) -> str:
    """The text of `zxdeck draw --odds`."""
    from tabulate import tabulate

    who = "going second" if odds.second else "going first"
    want = ", ".join(f"{w['name']}" + (f" x{w['wanted']}" if w["wanted"] > 1 else "") +
                     f" ({w['in_deck']} in the deck)" for w in odds.wanted)
    lines = [f"{name}: holding {want} by your turn {odds.turn} {who}: {odds.drawn} cards drawn "
             f"(S-6: 4, P-2: 2 a turn{'' if odds.second else ', none on the first turn'}) "
             f"from {odds.deck_size}" + (f" ({', '.join(odds.set_aside)} set aside, S-2/S-3)"
                                         if odds.set_aside else "")]
    sim = odds.simulated
    n = sim["games"]
    rows = []
    for label, key, exact in (("keep the hand", "no_mulligan", odds.exact),
                              ("best mulligan (S-7)", "best_mulligan", odds.exact_mulligan)):
        s = sim[key]
        row = [label, f"{100 * exact:.2f} %"]
        if n:  # --sims 0: the exact figures alone
            lo, hi = s["interval"]
            row += [f"{100 * s['frequency']:.1f} %", f"{100 * lo:.1f}-{100 * hi:.1f} %"]
        rows.append(row)
    head = ["", "exact"] + ([f"simulated ({n} setup{'' if n == 1 else 's'})", "95 % interval"] if n else [])
    lines.append(tabulate(rows, head, tablefmt="simple", disable_numparse=True))
    return "\n".join(lines)
