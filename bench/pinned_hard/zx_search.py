"""What the search (zxdeck/agents/mcts.py, game-generic) knows of Z/X: `ZxModel`.

The search works on the game API alone; this model gives it Z/X's side of things:

- `action_key`: an action as the player thinks of it (card number or square rather than
  instance id), so that the same choice in two determinizations is the same key;
- `canonical`: the hidden cards put in a fixed order, so that a search depends only on
  what the player sees (Z-4);
- routine decisions (paying a cost, C-1; igniting, P-4; start and gate cards, S-2, S-3;
  picks among face-down life cards, B-6, R-1; orders) left to the `heuristic` agent;
- the prior (the heuristic's scores of the legal actions, on a determinized copy), the
  playout policy (the heuristic without its battle look-ahead) and the value of a position
  (`evaluation.win_probability`) for the guided search (`search=halving`);
- the rollout policy (`greedy`, with the agent's own generator) and the leaf value
  (`evaluate` below) of the UCB1 tree search (`search=ucb`, the `mcts` agent's default).
"""

from __future__ import annotations

import math
from typing import Any

from zxdeck.games.zx.engine import PLAYER, Action, Game
from zxdeck.games.zx.engine.game import NON_CARD_PICKS as NON_CARD_PICKS_SET
from zxdeck.games.zx.engine.rng import Rng
from zxdeck.games.zx.engine.state import PLAYER_SQUARE

from .greedy import GreedyAgent
from .mcts import GameModel

# Decisions the guided search leaves to the heuristic: paying a cost (C-1), igniting (P-4),
# the setup's start and gate cards (S-2, S-3), and picks whose options the player cannot tell
# apart (face-down life cards, B-6, R-1) or that hardly matter (orders).
ROUTINE = frozenset({"pay", "ignite", "start_card", "gate_card", "life_hit", "refresh_life",
                     "trigger_order", "deck_bottom_order"})
# Picks whose value is a square or an index rather than a card instance.
SQUARE_PICKS = frozenset({"overdrive", "life_play", "ex_square", "move", "square", "ob_square"})
INDEX_PICKS = frozenset({"life_hit", "refresh_life", "trigger_order"})
PLAIN = frozenset({"keep", "mulligan", "skip", "end", "pass", "done", "yes", "no"})
MASK64 = 0xFFFFFFFFFFFFFFFF


def _label(g: Game, iid: int) -> object:
    """A card instance as the agent thinks of it: its square on the field, else its card number."""
    sq = g.square_of(iid)
    return sq if sq >= 0 else g.cards[iid].id


def action_key(g: Game, a: Action) -> tuple:
    """What `a` means in `g`'s current decision, independent of which copy of a card it names."""
    k = a.kind
    if k in PLAIN:
        return (k,)
    if k == "pick":
        d = g.decision
        purpose = d[2] if d is not None and d[0] == "pick" else ""
        if purpose in SQUARE_PICKS or purpose in INDEX_PICKS:
            return (k, a.a)
        return (k, _label(g, a.a))
    if k in ("play", "ability", "event_ex"):
        return (k, _label(g, a.a), a.b)
    if k == "attack":
        return (k, _label(g, a.a), a.b if a.b == PLAYER else _label(g, a.b))
    if k == "shift":
        return (k, _label(g, a.a), _label(g, a.b))
    return (k, _label(g, a.a))




def canonical(game: Game, viewer: int) -> Game:
    """A copy of `game` in which the cards `viewer` cannot see are in a fixed order (sorted by
    instance), so that what is computed from it depends only on what `viewer` sees. The zones
    re-dealt by `Game.determinize` are the ones put in order; before S-10 (a face-down start
    card) the copy is the game itself, as the start card is not pooled."""
    g = game.clone()
    d = g.decision
    if not g.started and g.squares[PLAYER_SQUARE[1 - viewer]] >= 0:
        return g
    if d is not None and d[0] == "pick" and d[1] != viewer and d[2] not in NON_CARD_PICKS_SET:
        return g  # the other player's pending pick over hidden cards: keep them where they are
    opp, me = g.players[1 - viewer], g.players[viewer]
    # Fixed after pinning (a crash, not a change of play): the viewer's own pending pick names
    # cards it has seen; they stay where they are (zxdeck/games/zx/agents/zx_search.py).
    keep = set(x for x in d[3] if isinstance(x, int)) \
        if d is not None and d[0] == "pick" and d[2] not in NON_CARD_PICKS_SET else set()

    def order(zones: list[list[int]]) -> None:
        it = iter(sorted(i for z in zones for i in z if i not in keep))
        for z in zones:
            z[:] = [i if i in keep else next(it) for i in z]

    order([opp.hand, opp.deck, opp.life])
    order([me.deck, me.life])
    hidden = sorted(i for i in opp.dunamis if not g.face_up[i])
    it = iter(hidden)
    opp.dunamis[:] = [next(it) if not g.face_up[i] else i for i in opp.dunamis]
    g.rng.seed(0)
    g._legal = None
    return g


def evaluate(g: Game, p: int) -> float:
    """How good an unfinished game looks for player `p`, between 0 and 1 (a logistic of a score).

    Life counts most (it is how games are won), then power on the field,
    cards in hand and resources.
    """
    score = 0.0
    for q, sign in ((p, 1.0), (1 - p, -1.0)):
        ps = g.players[q]
        power = sum(g.power(u) for u in g.units_of(q))
        score += sign * (1.0 * len(ps.life) + power / 10000 + 0.15 * len(ps.hand)
                         + 0.1 * len(ps.resources))
    return 1.0 / (1.0 + math.exp(-score))


def is_routine(g: Game) -> bool:
    """A decision the guided search leaves to the heuristic (ROUTINE)."""
    d = g.decision
    return d is not None and (d[0] in ROUTINE or d[0] == "pick" and d[2] in ROUTINE)


class ZxModel(GameModel):
    """Z/X for the search; `rng` is the agent's generator (the routine decisions' ties and the
    UCB rollouts draw from it, so that saving the agent's generator saves the agent)."""

    def __init__(self, rng: Rng) -> None:
        super().__init__(rng)
        self._greedy = GreedyAgent(0)
        self._greedy.rng = rng  # one generator: saving its state saves the agent's
        self._guide: Any = None  # the heuristic agents of the guided search (made when needed)

    def _guides(self) -> tuple[Any, Any]:
        """(prior, playout): heuristic agents, the playout one without its battle look-ahead."""
        if self._guide is None:
            from .heuristic import HeuristicAgent

            prior = HeuristicAgent(0)
            prior.rng = self.rng  # routine decisions: ties drawn from the agent's generator
            self._guide = (prior, HeuristicAgent(0, lookahead=False))
        return self._guide

    def key(self, g: Game, a: Action) -> tuple:
        return action_key(g, a)

    def canonical(self, g: Game, viewer: int) -> Game:
        return canonical(g, viewer)

    def routine(self, g: Game) -> bool:
        return is_routine(g)

    def routine_action(self, g: Game) -> Action:
        return self._guides()[0].choose(g)

    def prior(self, root: Game, me: int, rng: Rng) -> dict[tuple, float]:
        """The heuristic's score of each action (by key), on a copy with the hidden cards of
        `root` dealt again with `rng`; its ties from a generator of its own drawn from `rng`."""
        prior_agent = self._guides()[0]
        own = prior_agent.rng
        prior_agent.rng = Rng(rng.next64())
        prior_agent._idle_key = None
        seen = root.determinize(me, rng)
        scored: dict[tuple, float] = {}
        try:
            for c in prior_agent.choices(seen, full=True):
                key = action_key(seen, c.action)
                if key not in scored or c.score > scored[key]:
                    scored[key] = c.score
        finally:
            prior_agent.rng = own
            prior_agent._idle_key = None
        return scored

    def playout_policy(self, seed: int) -> Any:
        policy = self._guides()[1]
        policy.rng.state = seed & MASK64
        policy._idle_key = None
        return policy.choose

    def value(self, g: Game, p: int) -> float:
        from .evaluation import win_probability

        return win_probability(g, p)

    def policy_action(self, g: Game) -> Action:
        return self._greedy.choose(g)

    def leaf_value(self, g: Game, p: int) -> float:
        return evaluate(g, p)

    def turn(self, g: Game) -> int:
        return g.turn


__all__ = ["INDEX_PICKS", "PLAIN", "ROUTINE", "SQUARE_PICKS", "ZxModel", "action_key", "canonical",
           "evaluate", "is_routine"]
