"""What a player is entitled to see (hidden: the opponent's hand, both decks, face-down life,
the opponent's face-down dunamis, and during setup the opponent's face-down player card and start
card, S-1/S-2 until S-10). Cards in play or revealed right now (`revealed`) are public."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zxdeck.games.zx.engine.state import PLAYER_SQUARE

if TYPE_CHECKING:
    from zxdeck.games.zx.engine.game import Game


def unit_view(g: Game, u: int) -> dict[str, Any]:
    shift = g.shift_on.get(u)
    return {
        "face_down": False,
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


def face_down_view(g: Game, u: int) -> dict[str, Any]:
    """A face-down Z/X (a start card before S-10) as its owner's opponent sees it: where and whose."""
    return {
        "face_down": True, "iid": None, "id": None, "name": "", "owner": g.owner[u],
        "square": g.square_of(u), "power": 0, "damage": 0, "slept": False, "forces": 0, "shift": None,
    }


def observe(g: Game, viewer: int) -> dict[str, Any]:
    """A JSON-able view of the game for `viewer` (0 or 1)."""
    players = []
    for p in (0, 1):
        ps = g.players[p]
        mine = p == viewer
        pc = ps.player_card
        players.append({
            # S-1, S-10: the player card is face down (its name hidden from the opponent) until setup ends
            "player_card": g.cards[pc].name if pc >= 0 and (mine or g.started) else "",
            "player_face_up": ps.player_face_up and g.started,
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
        "field": [None if u < 0 else unit_view(g, u) if g.started or g.owner[u] == viewer
                  else face_down_view(g, u) for u in g.squares],  # S-2, S-10
        "players": players,
        # cards being played or revealed (an ignition reveal, a life card hit): public to both
        "revealed": [{"iid": i, "id": g.cards[i].id, "owner": g.owner[i]} for i in g.limbo],
        "decision": g.decision_kind() if g.current_player() == viewer else None,
        "over": g.over,
        "winner": g.winner,
    }
