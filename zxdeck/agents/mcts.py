"""The `mcts` agent: determinized Monte Carlo tree search (single-observer ISMCTS).

Each of the `budget` simulations (a count, never a time: same seed, same
moves) does:

1. **Determinize** with the engine's `Game.determinize(me, rng)`: copy the
   game and re-deal what the agent cannot see (its own deck and face-down
   life, the opponent's hand, deck, life and face-down dunamis). Zone sizes
   and every visible card stay as they are, so the copy gives the agent
   exactly the same `observation()` as the real game; the copy also gets a
   fresh random generator, so future shuffles are unknown too. (Deck lists
   are taken as known, as in a tournament.)
2. **Select / expand** down one tree shared by all determinizations. Actions
   are keyed by what they mean (`action_key`: card number or square rather
   than instance id), so the same choice in two determinizations meets the
   same node. Children are chosen by UCB1 with availability counts (Cowling,
   Powley & Whitehouse 2012); decisions with a single legal action are
   played without a node. A new node's first child is the greedy policy's
   choice, so a small budget degrades towards greedy, not towards random.
3. **Roll out** with an epsilon-greedy policy (the `greedy` agent, a random
   legal action with probability `epsilon`) to the end of the game or for
   `horizon` more turns, whichever comes first.
4. **Back up** 1 for a win, 0.5 for a draw, 0 for a loss; a rollout cut by
   the horizon is scored by `evaluate` (life, field, hand and resources),
   a value between 0 and 1. Each node is scored for the player who chose it.

The move played is the most visited root action.
"""

from __future__ import annotations

import math
from typing import Any

from zxdeck.agents.greedy import GreedyAgent
from zxdeck.engine import PLAYER, Action, Game
from zxdeck.engine.rng import Rng

DEFAULT_BUDGET = 200
# Picks whose value is a square or an index rather than a card instance.
SQUARE_PICKS = frozenset({"overdrive", "life_play", "ex_square", "move", "square", "ob_square"})
INDEX_PICKS = frozenset({"life_hit", "refresh_life", "trigger_order"})
PLAIN = frozenset({"keep", "mulligan", "skip", "end", "pass", "done", "yes", "no"})


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


class _Node:
    __slots__ = ("player", "n", "w", "avail", "children")

    def __init__(self, player: int) -> None:
        self.player = player  # who chose the action leading here
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.children: dict[tuple, _Node] = {}


class MctsAgent:
    """Determinized MCTS budgeted by `budget` simulations; deterministic for a seed."""

    name = "mcts"

    def __init__(self, seed: int = 0, budget: int = DEFAULT_BUDGET, epsilon: float = 0.1,
                 exploration: float = 0.7, horizon: int = 2, rollout_limit: int = 2000) -> None:
        self.rng = Rng(seed)
        self.budget = budget
        self.epsilon = epsilon
        self.exploration = exploration
        self.horizon = horizon
        self.rollout_limit = rollout_limit
        self._policy = GreedyAgent(seed)
        self._policy.rng = self.rng  # one generator: saving its state saves the agent's
        self.last_stats: dict[str, Any] = {}

    def choose(self, game: Game) -> Action:
        acts = game.legal_actions()
        if len(acts) == 1:
            return acts[0]
        me = game.current_player()
        root = _Node(-1)
        for _ in range(max(1, self.budget)):
            self._simulate(game.determinize(me, self.rng), root)
        by_key = {action_key(game, a): a for a in acts}
        best, best_score = acts[0], (-1, -1.0)
        for key, a in by_key.items():
            child = root.children.get(key)
            score = (child.n, child.w / child.n) if child is not None and child.n else (0, 0.0)
            if score > best_score:  # most visits; ties: the better mean, then the first expanded
                best, best_score = a, score
        self.last_stats = {
            "simulations": root_total(root),
            "children": {str(by_key.get(k, k)): (c.n, round(c.w / c.n, 3) if c.n else 0.0)
                         for k, c in root.children.items()},
        }
        return best

    def _rollout_action(self, g: Game) -> Action:
        acts = g.legal_actions()
        if len(acts) == 1:
            return acts[0]
        if self.rng.random() < self.epsilon:
            return acts[self.rng.randbelow(len(acts))]
        return self._policy.choose(g)

    def _simulate(self, g: Game, root: _Node) -> None:
        node = root
        path: list[_Node] = []
        c = self.exploration
        rng = self.rng
        expanded = False
        while not g.over and not expanded:
            acts = g.legal_actions()
            if len(acts) == 1:
                g.apply(acts[0])
                continue
            p = g.current_player()
            keyed = [(action_key(g, a), a) for a in acts]
            untried = []
            for key, a in keyed:
                child = node.children.get(key)
                if child is None:
                    untried.append((key, a))
                else:
                    child.avail += 1
            if untried:
                # the rollout policy's favourite first, then the others at random
                if len(untried) == len(keyed):
                    a = self._policy.choose(g)
                    key = action_key(g, a)
                else:
                    key, a = untried[rng.randbelow(len(untried))]
                child = _Node(p)
                child.avail = 1
                node.children[key] = child
                expanded = True
            else:
                best_v = -1.0
                key, a = keyed[0]
                for k, act in keyed:
                    ch = node.children[k]
                    v = ch.w / ch.n + c * math.sqrt(math.log(ch.avail) / ch.n)
                    if v > best_v:
                        best_v, key, a = v, k, act
                child = node.children[key]
            g.apply(a)
            path.append(child)
            node = child
        steps = 0
        last_turn = g.turn + self.horizon
        while not g.over and steps < self.rollout_limit and g.turn <= last_turn:
            g.apply(self._rollout_action(g))
            steps += 1
        if g.over:
            v0 = 0.5 if g.winner is None else (1.0 if g.winner == 0 else 0.0)
        else:
            v0 = evaluate(g, 0)
        for nd in path:
            nd.n += 1
            nd.w += v0 if nd.player == 0 else 1.0 - v0


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


def root_total(root: _Node) -> int:
    """Simulations that went through the root's children."""
    return sum(ch.n for ch in root.children.values())


__all__ = ["DEFAULT_BUDGET", "MctsAgent", "action_key"]
