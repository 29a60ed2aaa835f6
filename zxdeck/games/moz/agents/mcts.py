"""The `mcts` MOZ agent: Monte Carlo tree search over the generic game API, guided by the
heuristic's evaluation and budgeted by nodes.

Each iteration deals again what the agent's seat cannot see (`Game.determinize`, N-3), walks the
tree by UCT among the actions legal in that deal, adds one node and scores it with the heuristic
agent's evaluation (`heuristic.evaluate`: VP, the expected VP of the round in play, cards left),
squashed into [0, 1]; a finished match scores 1, 0 or ½. In the special step the player who
chooses second is a chance move (uniform), since it cannot see the first choice (X-2).
No random playouts: the evaluation
already reads the combos, the faces and the hand. Children are tried in the order of the
heuristic's one-step value, so a small budget still looks at the best-looking moves first.
Draws (T-4) and the order of the summoners (S-1, R-9) follow the heuristic's rules: their worth
lies in cards nobody has seen yet, which a search over dealt cards cannot tell apart. At the
root the heuristic's own choice is expanded first, and the search plays another move only when
that move's mean value beats the heuristic's by more than the noise of their visits.

The budget is the number of iterations (`budget`, default 100), never wall-clock time; the same
seed gives the same choices.
"""

from __future__ import annotations

import math

from zxdeck.games.moz.agents.heuristic import HeuristicAgent, evaluate
from zxdeck.games.moz.engine import Action, Game
from zxdeck.rng import Rng

VALUE_SCALE = 8.0  # VP: an evaluation lead of this much counts as about 73 % won
MARGIN_SHARE = 0.5  # how much of two standard errors the search's choice must lead the heuristic's by


class _Node:
    __slots__ = ("children", "n", "order", "w")

    def __init__(self) -> None:
        self.children: dict[Action, _Node] = {}
        self.n = 0
        self.w = 0.0
        self.order: dict[Action, float] | None = None  # one-step values, for the expansion order


def leaf_value(g: Game, p: int) -> float:
    """The value of a position for seat p in [0, 1]."""
    if g.is_over():
        return 1.0 if g.winner == p else 0.0 if g.winner is not None else 0.5
    v = evaluate(g, p)
    return 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, v / VALUE_SCALE))))


class MctsAgent:
    name = "mcts"

    def __init__(self, seed: int = 0, budget: int = 100, c: float = 0.5) -> None:
        self.rng = Rng(seed)
        self.budget = budget
        self.c = c
        self.rules = HeuristicAgent(seed)

    def choose(self, game: Game) -> Action:
        acts = game.legal_actions()
        if len(acts) == 1:
            return acts[0]
        if game.decision_kind() in ("draw", "order"):
            return self.rules.choose(game)
        me = game.current_player()
        default = self.rules.choose(game)
        root = _Node()
        for _ in range(self.budget):
            g = game.determinize(me, self.rng)
            self._iterate(g, root, me, default)
        best = max(acts, key=lambda a: (root.children[a].n, root.children[a].w) if a in root.children else (-1, 0.0))
        return best if self._clearly_better(root, best, default) else default

    def _clearly_better(self, root: _Node, best: Action, default: Action) -> bool:
        """The search overrules the heuristic's choice only when its mean value is higher by
        more than the noise of the visits (a one-sided margin of about two standard errors)."""
        if best == default:
            return True
        a, b = root.children.get(best), root.children.get(default)
        if a is None or a.n == 0:
            return False
        if b is None or b.n == 0:
            return True
        margin = 2.0 * math.sqrt(0.25 / a.n + 0.25 / b.n) * MARGIN_SHARE
        return a.w / a.n > b.w / b.n + margin

    def _expand_order(self, g: Game, node: _Node) -> dict[Action, float]:
        """One-step values of each action for the player who decides (higher first)."""
        if node.order is None:
            q = g.current_player()
            values = {}
            for a in g.legal_actions():
                c = g.clone()
                c.apply(a)
                values[a] = leaf_value(c, q)
            node.order = values
        return node.order

    def _iterate(self, g: Game, root: _Node, me: int, default: Action) -> None:
        node = root
        path: list[tuple[_Node, int]] = [(node, -1)]
        while not g.is_over():
            acts = g.legal_actions()
            mover = g.current_player()
            if node is not root and g.decision_kind() == "special" and g.chosen[1 - mover] is not None:
                # the second chooser cannot see the first one's secret choice, so the tree
                # must not let it answer that choice: its special is a chance move here
                a = acts[self.rng.randbelow(len(acts))]
                node = node.children.setdefault(a, _Node())
                g.apply(a)
                path.append((node, mover))
                continue
            fresh = [a for a in acts if a not in node.children]
            if fresh:
                if node is root and default in fresh:
                    a = default  # the heuristic's own choice is looked at first
                else:
                    order = self._expand_order(g, node)
                    a = max(fresh, key=lambda x: order.get(x, 0.0))
                child = node.children[a] = _Node()
                g.apply(a)
                path.append((child, mover))
                break
            log_n = math.log(node.n + 1)
            a = max(acts, key=lambda x: self._uct(node.children[x], log_n))
            node = node.children[a]
            g.apply(a)
            path.append((node, mover))
        v = leaf_value(g, me)
        for n, mover in path:
            n.n += 1
            n.w += v if mover in (me, -1) else 1.0 - v

    def _uct(self, n: _Node, log_n: float) -> float:
        if n.n == 0:
            return float("inf")
        return n.w / n.n + self.c * math.sqrt(log_n / n.n)
