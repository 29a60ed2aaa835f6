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

**The guided search** (`search=halving`, what the `hard` level uses; docs/AI.md) spends the
same kind of budget differently, so that each simulation is cheaper and better informed:

- *Prior and progressive widening at the root*: the `heuristic` agent scores every legal
  action (on a determinized copy: it never sees a hidden card); only its `width` best
  (distinct by `action_key`) are searched.
- *Sequential halving* (Karnin, Koren & Somekh 2013): the budget is split over
  log2(width) rounds; in each round every surviving candidate is played out from the same
  determinizations (common random numbers: the comparison between candidates is paired,
  which removes most of the noise of the hidden cards), and the worse half is dropped.
- *Short playouts scored by the evaluation*: the playout is the heuristic (without its
  battle look-ahead) for both players to the end of the turn `horizon` turns ahead; the
  position is then scored with `evaluation.win_probability` (the evaluation turned into a
  chance of winning by a logistic fitted on game outcomes) instead of a long random game.
- *From the observation only*: before searching, the hidden zones are put in a canonical
  order, so the search (and a hint) depends on what the player sees and on its generator,
  never on where the hidden cards really are.

The tree is not kept between decisions: a saved game stores an agent as its seed and
generator state, and a kept tree would make a resumed game differ from an uninterrupted
one (and between two decisions of a player the opponent's hidden cards change).
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from zxdeck.agents.greedy import GreedyAgent
from zxdeck.engine import PLAYER, Action, Game
from zxdeck.engine.game import NON_CARD_PICKS as NON_CARD_PICKS_SET
from zxdeck.engine.rng import Rng
from zxdeck.engine.state import PLAYER_SQUARE

DEFAULT_BUDGET = 200
SEARCHES = ("ucb", "halving")
# Decisions the guided search leaves to the heuristic: paying a cost (C-1), igniting (P-4),
# the setup's start and gate cards (S-2, S-3), and picks whose options the player cannot tell
# apart (face-down life cards, B-6, R-1) or that hardly matter (orders).
ROUTINE = frozenset({"pay", "ignite", "start_card", "gate_card", "life_hit", "refresh_life",
                     "trigger_order", "deck_bottom_order"})
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


class Candidate(NamedTuple):
    """One root action of the guided search: its estimated chance of winning, the playouts
    behind it, and the heuristic's score (the prior order)."""

    action: Action
    win: float
    playouts: int
    prior: float


class MctsAgent:
    """Determinized MCTS budgeted by `budget` simulations; deterministic for a seed."""

    name = "mcts"

    def __init__(self, seed: int = 0, budget: int = DEFAULT_BUDGET, epsilon: float = 0.1,
                 exploration: float = 0.7, horizon: int = 2, rollout_limit: int = 2000,
                 search: str = "ucb", width: int = 6) -> None:
        if search not in SEARCHES:
            raise ValueError(f"search must be one of {', '.join(SEARCHES)}, not {search!r}")
        self.rng = Rng(seed)
        self.budget = budget
        self.epsilon = epsilon
        self.exploration = exploration
        self.horizon = horizon
        self.rollout_limit = rollout_limit
        self.search = search
        self.width = width
        self._policy = GreedyAgent(seed)
        self._policy.rng = self.rng  # one generator: saving its state saves the agent's
        self._guide: Any = None  # the heuristic agents of the guided search (made when needed)
        self.last_stats: dict[str, Any] = {}

    def choose(self, game: Game) -> Action:
        acts = game.legal_actions()
        if len(acts) == 1:
            return acts[0]
        if self.search == "halving":
            d = game.decision
            if d is not None and (d[0] in ROUTINE or d[0] == "pick" and d[2] in ROUTINE):
                return self._guides()[0].choose(game)
            return self.candidates(game, self.rng)[0].action
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

    # ------------------------------------------------------------------ the guided search

    def _guides(self) -> tuple[Any, Any]:
        """(prior, playout): heuristic agents, the playout one without its battle look-ahead."""
        if self._guide is None:
            from zxdeck.agents.heuristic import HeuristicAgent

            prior = HeuristicAgent(0)
            prior.rng = self.rng  # routine decisions: ties drawn from the agent's generator
            self._guide = (prior, HeuristicAgent(0, lookahead=False))
        return self._guide

    def candidates(self, game: Game, rng: Rng) -> list[Candidate]:
        """The guided search of the current decision with generator `rng`: the root actions
        searched, best first (the first is the one `choose` plays), then the legal actions left
        out by the width (no playouts, in the heuristic's order). Changes neither `game` nor
        this agent (only `rng` advances)."""
        acts = game.legal_actions()
        if len(acts) == 1:
            return [Candidate(acts[0], 0.5, 0, 0.0)]
        me = game.current_player()
        root = canonical(game, me)
        prior_agent, playout = self._guides()
        own = prior_agent.rng
        prior_agent.rng = Rng(rng.next64())
        prior_agent._idle_key = None
        by_key: dict[tuple, Action] = {}
        for a in acts:
            by_key.setdefault(action_key(game, a), a)
        seen = root.determinize(me, rng)
        scored: dict[tuple, float] = {}
        try:
            for c in prior_agent.choices(seen, full=True):
                key = action_key(seen, c.action)
                if key in by_key and (key not in scored or c.score > scored[key]):
                    scored[key] = c.score
        finally:
            prior_agent.rng = own
            prior_agent._idle_key = None
        order = sorted(by_key, key=lambda k: -scored.get(k, -1e9))  # stable: legal order on ties
        alive = order[:max(1, self.width)]
        stats = {k: [0, 0.0] for k in alive}
        if len(alive) > 1:
            rounds = max(1, math.ceil(math.log2(len(alive))))
            spent = 0
            for r in range(rounds):
                left_rounds = rounds - r
                per = max(1, (self.budget - spent) // left_rounds // len(alive))
                for _ in range(per):
                    det = root.determinize(me, rng)
                    seed = rng.next64()
                    keyed = {action_key(det, a): a for a in det.legal_actions()}
                    for k in alive:
                        a = keyed.get(k)
                        if a is None:
                            continue
                        g = det.clone()
                        g.apply(a)
                        v = self._playout(g, me, playout, seed, game.turn)
                        st = stats[k]
                        st[0] += 1
                        st[1] += v
                        spent += 1
                if r < rounds - 1:
                    ranked = sorted(alive, key=lambda k: -_mean(stats[k]))  # stable: prior order
                    alive = ranked[:math.ceil(len(alive) / 2)]
            rest = [k for k in order[:max(1, self.width)] if k not in alive]
            ranked = sorted(alive, key=lambda k: -_mean(stats[k])) + sorted(
                rest, key=lambda k: -_mean(stats[k]))
        else:
            ranked = alive
        out = [Candidate(by_key[k], _mean(stats[k]) if stats[k][0] else 0.5, stats[k][0],
                         scored.get(k, 0.0)) for k in ranked]
        out += [Candidate(by_key[k], 0.5, 0, scored.get(k, 0.0)) for k in order[len(ranked):]
                if k not in stats]
        self.last_stats = {"playouts": sum(st[0] for st in stats.values()),
                           "children": {str(c.action): (c.playouts, round(c.win, 3)) for c in out}}
        return out

    def _playout(self, g: Game, me: int, policy: Any, seed: int, turn: int) -> float:
        """The heuristic on both sides to the end of turn `turn + horizon`; the chance that `me`
        wins from there (1 / 0.5 / 0 when the game ended)."""
        from zxdeck.agents.evaluation import win_probability

        policy.rng.state = seed & 0xFFFFFFFFFFFFFFFF
        policy._idle_key = None
        last = turn + self.horizon
        steps = 0
        limit = self.rollout_limit
        while not g.over and g.turn <= last and steps < limit:
            acts = g.legal_actions()
            g.apply(acts[0] if len(acts) == 1 else policy.choose(g))
            steps += 1
        return win_probability(g, me)

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


def _mean(st: list) -> float:
    return st[1] / st[0] if st[0] else -1.0


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

    def order(zones: list[list[int]]) -> None:
        pool = sorted(i for z in zones for i in z)
        k = 0
        for z in zones:
            z[:] = pool[k:k + len(z)]
            k += len(z)

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


def root_total(root: _Node) -> int:
    """Simulations that went through the root's children."""
    return sum(ch.n for ch in root.children.values())


__all__ = ["DEFAULT_BUDGET", "Candidate", "MctsAgent", "action_key", "canonical"]
