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
