"""One evaluation of a Z/X position for the computer players (docs/AI.md).

The `heuristic` agent scores its actions with these terms and plays battles out to it;
`win_probability` is the leaf value a search agent (mcts) can use.

`evaluate(g, p)` is a score in *life cards*: the weighted sum of the features
below for player `p` minus the same features for the opponent. A life card is
worth exactly 1 (W-1: the game is won by life), every other weight says how
many life cards its feature is worth. `win_probability(g, p)` turns the score
into a chance of winning (a logistic whose slope was fitted on the outcomes of
self-play games). The weights were fitted by `bench/tune_evaluation.py`
(self-play with paired seeds); docs/AI.md says what each term is and why.

Features of one player q (opp is the other player):

- `life`: q's life cards (W-1).
- `last_life`: 1 when q has one life card or none left (one more hit loses).
- `units`, `power`: q's Z/X on the field and their total power (in 1000s), without the
  changes that last until the end of the turn (P-6: they are gone by the next turn).
- `guard`: a Z/X of q stands on q's player square (B-2: q cannot be attacked),
  `guard_power` its power (in 1000s): how hard it is to remove.
- `immune`: q has a Z/X OB on the field (O-4: q cannot be attacked at all).
- `lanes`: q's Z/X on squares adjacent to opp's player square (B-2: from
  there they attack the player); `open_lanes`: the same when opp can be
  attacked now (no guard, no Z/X OB).
- `walls`: q's Z/X on squares adjacent to q's own player square (L-2: the
  opponent cannot stand there to attack q).
- `ready`: during q's own turn, q's rebooted Z/X in open lanes (attacks
  on the player still to come this turn).
- `hand`, `resources`, `charge` (P-4 fuel), `dunamis` (face-down dunamis cards),
  `counters` (all of q's counters).
- `deck_low`: 1 when q's deck has 5 cards or fewer (R-1: a refresh costs a life).
- `stall_clock`: only while *both* players have a Z/X OB on the field (O-4: neither can be
  attacked, so the game can only end by refreshes, R-1): q's deck-out clock, the number of
  q's turns until refreshes alone take q's last life card (`deck_clock`), else 0. Cards put
  into resources or onto the field leave the cycle for good and shorten it.
"""

from __future__ import annotations

import math

from zxdeck.games.zx.engine import Game
from zxdeck.games.zx.engine.state import ADJACENT, PLAYER_SQUARE

FEATURES = (
    "life", "last_life", "units", "power", "guard", "guard_power", "immune", "lanes",
    "open_lanes", "walls", "ready", "hand", "resources", "charge", "dunamis", "counters",
    "deck_low", "stall_clock",
)

# Fitted by bench/tune_evaluation.py (docs/AI.md has the command and the run).
WEIGHTS: dict[str, float] = {
    "life": 1.0,
    "last_life": -0.5,
    "units": 0.3125,
    "power": 0.1,
    "guard": 0.3,
    "guard_power": 0.0,
    "immune": 0.8,
    "lanes": 0.15,
    "open_lanes": 0.4,
    "walls": 0.1,
    "ready": 0.6,
    "hand": 0.15,
    "resources": 0.1,
    "charge": 0.1,
    "dunamis": 0.05,
    "counters": 0.07,
    "deck_low": -0.3,
    "stall_clock": 0.5,
}
# Slope of the logistic from score to win probability (fitted on self-play outcomes).
SCALE = 0.15
WIN_SCORE = 100.0  # a finished game: far beyond any position's score

LANES = (ADJACENT[PLAYER_SQUARE[1]], ADJACENT[PLAYER_SQUARE[0]])  # LANES[q]: q attacks from there
WALLS = (ADJACENT[PLAYER_SQUARE[0]], ADJACENT[PLAYER_SQUARE[1]])  # WALLS[q]: next to q's own square


def side_features(g: Game, q: int, powers: dict[int, int] | None = None) -> list[float]:
    """The features of player q, in FEATURES order (`powers`: unit -> power, if known)."""
    ps = g.players[q]
    owner = g.owner
    cards = g.cards
    squares = g.squares
    lanes = LANES[q]
    walls = WALLS[q]
    units = power = nlanes = nwalls = ready_n = 0
    immune = 0
    bonus = g.bonus
    active = g.active == q and g.phase in ("main", "battle")
    for sq, u in enumerate(squares):
        if u < 0 or owner[u] != q:
            continue
        units += 1
        pw = (powers[u] if powers is not None else g.power(u)) - bonus.get(u, 0)
        power += pw
        if sq in lanes:
            nlanes += 1
            if active and not g.slept[u]:
                ready_n += 1
        if sq in walls:
            nwalls += 1
        if cards[u].type == "zx_ob":
            immune = 1
    g_u = squares[PLAYER_SQUARE[q]]
    guard = 1 if g_u >= 0 and owner[g_u] == q else 0
    guard_power = ((powers[g_u] if powers is not None else g.power(g_u)) - bonus.get(g_u, 0)) if guard else 0
    # is the opponent open to attacks (B-2, O-4)?
    o_u = squares[PLAYER_SQUARE[1 - q]]
    opp_open = not (o_u >= 0 and owner[o_u] != q) and not any(
        u >= 0 and owner[u] != q and cards[u].type == "zx_ob" for u in squares)
    life = len(ps.life)
    face_up = g.face_up
    # both players out of reach of attacks (O-4): only the refreshes end the game
    stall = immune and any(u >= 0 and owner[u] != q and cards[u].type == "zx_ob" for u in squares)
    return [
        float(life),
        1.0 if life <= 1 else 0.0,
        float(units),
        power / 1000.0,
        float(guard),
        guard_power / 1000.0,
        float(immune),
        float(nlanes),
        float(nlanes) if opp_open else 0.0,
        float(nwalls),
        float(ready_n) if opp_open else 0.0,
        float(len(ps.hand)),
        float(len(ps.resources)),
        float(len(ps.charge)),
        float(sum(1 for d in ps.dunamis if not face_up[d])),
        float(sum(ps.counters.values())) if ps.counters else 0.0,
        1.0 if len(ps.deck) <= 5 else 0.0,
        deck_clock(g, q) if stall else 0.0,
    ]


def deck_clock(g: Game, q: int) -> float:
    """Turns of q until refreshes alone (R-1) take q's last life card, drawing 2 a turn (P-2):
    the deck runs out after deck/2 turns, then every cycle/2 turns, where the cycle is the cards
    that come back into the deck (deck, trash, charge, and the hand, which goes to the trash by
    discards). The lives lost go to the charge, so the cycle grows by one each refresh."""
    ps = g.players[q]
    deck = len(ps.deck)
    cycle = deck + len(ps.trash) + len(ps.charge) + len(ps.hand)
    turns = deck / 2.0
    for k in range(max(0, len(ps.life) - 1)):
        turns += (cycle + k + 1) / 2.0
    return turns


def feature_diff(g: Game, p: int) -> list[float]:
    """Features of p minus features of the opponent (what the weights multiply)."""
    powers = g.powers()
    a = side_features(g, p, powers)
    b = side_features(g, 1 - p, powers)
    return [x - y for x, y in zip(a, b)]


def evaluate(g: Game, p: int, weights: dict[str, float] | None = None) -> float:
    """The score of `g` for player p in life cards (+-WIN_SCORE when the game is over)."""
    if g.over:
        if g.winner is None:
            return 0.0
        return WIN_SCORE if g.winner == p else -WIN_SCORE
    w = weights or WEIGHTS
    diff = feature_diff(g, p)
    return sum(w[f] * d for f, d in zip(FEATURES, diff))


def win_probability(g: Game, p: int, weights: dict[str, float] | None = None,
                    scale: float = SCALE) -> float:
    """The chance that p wins from `g`, between 0 and 1 (1 / 0 / 0.5 when the game is over)."""
    if g.over:
        return 0.5 if g.winner is None else (1.0 if g.winner == p else 0.0)
    s = scale * evaluate(g, p, weights)
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, s))))


__all__ = ["FEATURES", "SCALE", "WEIGHTS", "deck_clock", "evaluate", "feature_diff", "side_features",
           "win_probability"]
