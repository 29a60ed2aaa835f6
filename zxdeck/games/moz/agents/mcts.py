"""The `mcts` MOZ agent: Monte Carlo tree search over the generic game API, budgeted by nodes.

Each iteration deals the hidden cards again (`Game.determinize`, N-3: the agent never reads what
its seat cannot see), walks the tree by UCT among the actions legal in that deal, adds one node,
and plays random moves to the end of the current round; the leaf is scored by the VP difference
(a squashed value in [0, 1], 1 or 0 when the match ended). The budget is the number of
iterations (`budget`), never wall-clock time.
"""

from __future__ import annotations

import math

from zxdeck.games.moz.engine import Action, Game
from zxdeck.rng import Rng


class _Node:
    __slots__ = ("children", "n", "w")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.n = 0
        self.w = 0.0


def leaf_value(g: Game, p: int) -> float:
    if g.is_over():
        return 1.0 if g.winner == p else 0.0 if g.winner is not None else 0.5
    return 1.0 / (1.0 + math.exp(-(g.vp[p] - g.vp[1 - p]) / 8.0))


class MctsAgent:
    name = "mcts"

    def __init__(self, seed: int = 0, budget: int = 200, c: float = 0.7, rollout_rounds: int = 1) -> None:
        self.rng = Rng(seed)
        self.budget = budget
        self.c = c
        self.rollout_rounds = rollout_rounds

    def choose(self, game: Game) -> Action:
        acts = game.legal_actions()
        if len(acts) == 1:
            return acts[0]
        me = game.current_player()
        root = _Node()
        for _ in range(self.budget):
            g = game.determinize(me, self.rng)
            self._iterate(g, root, me)
        return max(acts, key=lambda a: (root.children[a].n if a in root.children else -1))

    def _iterate(self, g: Game, root: _Node, me: int) -> None:
        node = root
        path = [(node, g.current_player())]
        stop_round = g.round + self.rollout_rounds
        while not g.is_over():
            acts = g.legal_actions()
            fresh = [a for a in acts if a not in node.children]
            if fresh:
                a = fresh[self.rng.randbelow(len(fresh))]
                child = node.children[a] = _Node()
                mover = g.current_player()
                g.apply(a)
                path.append((child, mover))
                break
            mover = g.current_player()
            log_n = math.log(node.n + 1)
            a = max(acts, key=lambda x: self._uct(node.children[x], log_n, mover == me))
            node = node.children[a]
            g.apply(a)
            path.append((node, mover))
        while not g.is_over() and g.round < stop_round:
            acts = g.legal_actions()
            g.apply(acts[self.rng.randbelow(len(acts))])
        v = leaf_value(g, me)
        for i, (n, _) in enumerate(path):
            n.n += 1
            if i > 0:
                mover = path[i][1]
                n.w += v if mover == me else 1.0 - v

    def _uct(self, n: _Node, log_n: float, mine: bool) -> float:
        if n.n == 0:
            return float("inf")
        return n.w / n.n + self.c * math.sqrt(log_n / n.n)
