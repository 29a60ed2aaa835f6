"""Game state pieces: geometry of the field (Z-1, Z-2), player zones (Z-4), deck specs.

Every card copy in a game has an instance id (an int) that indexes the game's
card table (`Game.cards`, `Game.owner`). Zones are plain lists of instance ids;
the top of a deck is the END of its list. The field is 9 squares
(`Game.squares`), each -1 (empty) or the instance id of the Z/X standing there.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from zxdeck.catalog.model import Card

# Z-1: squares 0..8, row = square // 3, col = square % 3. Row 0 is player 1's own
# area, row 2 player 2's. Player squares: 1 (player 1) and 7 (player 2).
PLAYER_SQUARE = (1, 7)
OWN_ROW = (0, 2)
SQUARES = tuple(range(9))


def _adjacent(sq: int) -> tuple[int, ...]:
    r, c = divmod(sq, 3)
    out = []
    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        rr, cc = r + dr, c + dc
        if 0 <= rr < 3 and 0 <= cc < 3:
            out.append(rr * 3 + cc)
    return tuple(sorted(out))


# Z-2: squares sharing a side.
ADJACENT: tuple[tuple[int, ...], ...] = tuple(_adjacent(s) for s in SQUARES)

SQUARE_NAMES = (
    "P1左", "P1プレイヤー", "P1右",
    "中央左", "中央", "中央右",
    "P2左", "P2プレイヤー", "P2右",
)


def area_of(square: int, player: int) -> str:
    """The area of `square` seen from `player`: own_area, center or enemy_area."""
    row = square // 3
    if row == 1:
        return "center"
    return "own_area" if row == OWN_ROW[player] else "enemy_area"


@dataclass(frozen=True)
class DeckSpec:
    """What a player brings to a game: main deck, dunamis and an optional player card."""

    main: tuple[Card, ...]
    dunamis: tuple[Card, ...] = ()
    player: Card | None = None
    name: str = ""
    meta: dict = field(default_factory=dict, compare=False, hash=False)


class PlayerState:
    """The zones and per-turn flags of one player (Z-4). Lists of instance ids."""

    __slots__ = (
        "deck", "hand", "life", "resources", "charge", "trash", "dunamis",
        "counters", "player_card", "player_face_up", "ex_used", "event_ex_used",
        "shift_used", "resource_done", "refreshes", "dunamis_plan",
    )

    def __init__(self) -> None:
        self.deck: list[int] = []
        self.hand: list[int] = []
        self.life: list[int] = []
        self.resources: list[int] = []
        self.charge: list[int] = []
        self.trash: list[int] = []
        self.dunamis: list[int] = []
        self.counters: dict[str, int] = {}
        self.player_card = -1  # instance id, -1 for the nameless player card (D-15)
        self.player_face_up = True
        self.ex_used = False  # a Z/X EX this turn
        self.event_ex_used = False  # E-3: an Event EX this turn
        self.shift_used = False  # H-1
        self.resource_done = False  # P-3
        self.refreshes = 0
        # derived, not state: the dunamis cards the main phase checks (dunamis.py `_plan`), kept
        # with the zone and face-up flags it was made from (shared by copies, checked before use)
        self.dunamis_plan: tuple | None = None

    def copy(self) -> PlayerState:
        n = PlayerState.__new__(PlayerState)
        n.deck = self.deck[:]
        n.hand = self.hand[:]
        n.life = self.life[:]
        n.resources = self.resources[:]
        n.charge = self.charge[:]
        n.trash = self.trash[:]
        n.dunamis = self.dunamis[:]
        n.counters = self.counters.copy() if self.counters else {}
        n.player_card = self.player_card
        n.player_face_up = self.player_face_up
        n.ex_used = self.ex_used
        n.event_ex_used = self.event_ex_used
        n.shift_used = self.shift_used
        n.resource_done = self.resource_done
        n.refreshes = self.refreshes
        n.dunamis_plan = self.dunamis_plan
        return n
