"""What a player is entitled to see (hidden: the opponent's hand, both decks, face-down life,
the opponent's face-down dunamis). Cards in play or revealed right now (`revealed`) are public."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zxdeck.engine.state import PLAYER_SQUARE

if TYPE_CHECKING:
    from zxdeck.engine.game import Game


def unit_view(g: Game, u: int) -> dict[str, Any]:
    shift = g.shift_on.get(u)
    return {
        "iid": u,
        "id": g.cards[u].id,
        "name": g.name(u),
        "owner": g.owner[u],
        "square": g.square_of(u),
        "power": g.power(u),
        "damage": g.damage.get(u, 0),
        "slept": bool(g.slept[u]),
        "forces": len(g.forces.get(u, ())),
        "shift": g.cards[shift].id if shift is not None else None,
    }


def observe(g: Game, viewer: int) -> dict[str, Any]:
    """A JSON-able view of the game for `viewer` (0 or 1)."""
    players = []
    for p in (0, 1):
        ps = g.players[p]
        mine = p == viewer
        pc = ps.player_card
        players.append({
            "player_card": g.cards[pc].name if pc >= 0 else "",
            "player_face_up": ps.player_face_up,
            "player_square": PLAYER_SQUARE[p],
            "deck": len(ps.deck),
            "hand": [g.cards[i].id for i in ps.hand] if mine else len(ps.hand),
            "hand_iids": list(ps.hand) if mine else None,
            "life": len(ps.life),
            "resources": [{"iid": r, "id": g.cards[r].id, "slept": bool(g.slept[r])} for r in ps.resources],
            "charge": [g.cards[i].id for i in ps.charge],
            "trash": [g.cards[i].id for i in ps.trash],
            "dunamis": [
                {"iid": d, "id": g.cards[d].id, "face_up": bool(g.face_up[d])}
                if (mine or g.face_up[d]) else {"face_up": False}
                for d in ps.dunamis
            ],
            "counters": dict(ps.counters),
        })
    return {
        "viewer": viewer,
        "turn": g.turn,
        "active": g.active,
        "phase": g.phase,
        "field": [unit_view(g, u) if u >= 0 else None for u in g.squares],
        "players": players,
        # cards being played or revealed (an ignition reveal, a life card hit): public to both
        "revealed": [{"iid": i, "id": g.cards[i].id, "owner": g.owner[i]} for i in g.limbo],
        "decision": g.decision_kind() if g.current_player() == viewer else None,
        "over": g.over,
        "winner": g.winner,
    }
