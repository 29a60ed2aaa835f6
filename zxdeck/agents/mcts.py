"""The `mcts` agent: determinized Monte Carlo tree search (single-observer ISMCTS), game-generic.

The search works on the game API alone: `legal_actions()`, `apply(action)`, `clone()`,
`current_player()`, `is_over()`, `winner` (0, 1 or None) and `determinize(viewer, rng)` (a
copy in which what `viewer` cannot see is dealt again, with a fresh generator). Everything
it needs to know beyond that comes from a `GameModel` (how to key an action, which
decisions are routine, the prior, the playout policy, the value of an unfinished position,
the turn counter of the horizon); every method has a generic default, and a game gives its
own model. By default `MctsAgent` uses the model of the game the searched state belongs to
(its game module's `SEARCH_MODEL`, `zxdeck.games.search_model`; Z/X's is
`zxdeck.games.zx.agents.zx_search.ZxModel`), made at the first decision; another model plugs
in with `MctsAgent(seed, model=MyModel)` (docs/AI.md, "The search on another game").

Each of the `budget` simulations (a count, never a time: same seed, same moves) of the
default search (`search=ucb`) does:

1. **Determinize** with `Game.determinize(me, rng)`: copy the game and re-deal what the
   agent cannot see (Z/X: its own deck and face-down life, the opponent's hand, deck, life
   and face-down dunamis). Zone sizes and every visible card stay as they are, so the copy
   gives the agent exactly the same `observation()` as the real game; the copy also gets a
   fresh random generator, so future shuffles are unknown too. (Deck lists are taken as
   known, as in a tournament.)
2. **Select / expand** down one tree shared by all determinizations. Actions are keyed by
   what they mean (`model.key`; Z/X: card number or square rather than instance id), so the
   same choice in two determinizations meets the same node. Children are chosen by UCB1
   with availability counts (Cowling, Powley & Whitehouse 2012); decisions with a single
   legal action are played without a node. A new node's first child is the rollout
   policy's choice (`model.policy_action`; Z/X: the greedy agent), so a small budget
   degrades towards that policy, not towards random.
3. **Roll out** with an epsilon-greedy policy (the policy's action, a random legal action
   with probability `epsilon`) to the end of the game or for `horizon` more turns,
   whichever comes first.
4. **Back up** 1 for a win, 0.5 for a draw, 0 for a loss; a rollout cut by the horizon is
   scored by `model.leaf_value` (Z/X: life, field, hand and resources), a value between 0
   and 1. Each node is scored for the player who chose it.

The move played is the most visited root action.

**The guided search** (`search=halving`, the Z/X `hard` level before issue 25; docs/AI.md) spends
the same kind of budget differently, so that each simulation is cheaper and better informed:

- *Prior and progressive widening at the root*: `model.prior` scores the legal actions (Z/X:
  the `heuristic` agent, on a determinized copy: it never sees a hidden card); only the
  `width` best (distinct by key) are searched.
- *Sequential halving* (Karnin, Koren & Somekh 2013): the budget is split over
  log2(width) rounds; in each round every surviving candidate is played out from the same
  determinizations (common random numbers: the comparison between candidates is paired,
  which removes most of the noise of the hidden cards), and the worse half is dropped.
- *Short playouts scored by the evaluation*: the playout is `model.playout_policy` (Z/X:
  the heuristic without its battle look-ahead) for both players to the end of the turn
  `horizon` turns ahead (`model.turn`); the position is then scored with `model.value`
  (Z/X: `evaluation.win_probability`) instead of a long random game.
- *From the observation only*: before searching, `model.canonical` puts the hidden zones in
  a canonical order, so the search (and a hint) depends on what the player sees and on its
  generator, never on where the hidden cards really are.
- *Routine decisions* (`model.routine`) are answered by `model.routine_action` at once.

**The race** (`search=race`, the Z/X `hard` level) is the guided search with early cut-offs
instead of the halving rounds: determinizations are dealt in batches (`RACE_BATCH`), every
surviving candidate played out from each; from `RACE_FIRST` of them on, a candidate is dropped
when the paired differences with the leader say it cannot be better by more than `margin`
(`_may_beat`). Clear decisions cost a few dozen playouts, close ones up to the budget.

The tree is not kept between decisions: a saved game stores an agent as its seed and
generator state, and a kept tree would make a resumed game differ from an uninterrupted
one (and between two decisions of a player the opponent's hidden cards change).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from typing import Any, NamedTuple

from zxdeck.rng import Rng

DEFAULT_BUDGET = 200
SEARCHES = ("ucb", "halving", "race")
# The race (search=race): determinizations are dealt in batches of RACE_BATCH; from RACE_FIRST
# of them on, after each batch, a candidate is dropped once it cannot be better than the leader
# by more than `margin` (the upper end of the paired difference's interval, RACE_Z standard
# errors, below `margin`).
RACE_BATCH = 8
RACE_FIRST = 16
RACE_Z = 2.5
DEFAULT_MARGIN = 0.002


class GameModel:
    """What the search knows of a game beyond its API, each with a generic default: keys are
    the actions themselves, no decision is routine, every action has the same prior, the
    policies play uniformly at random from the agent's generator (`rng`) and an unfinished
    position is worth 0.5. A game subclasses it (Z/X: `zx_search.ZxModel`)."""

    def __init__(self, rng: Rng) -> None:
        self.rng = rng  # the agent's generator (one generator: its state is the agent's)

    def key(self, g: Any, a: Any) -> Hashable:
        """What `a` means in `g`'s decision, the same in two determinizations."""
        return a

    def canonical(self, g: Any, viewer: int) -> Any:
        """A copy of `g` whose hidden cards are in an order that depends only on what `viewer`
        sees (the generic copy keeps them where they are)."""
        return g.clone()

    def routine(self, g: Any) -> bool:
        """A decision the guided search does not search (answered by `routine_action`)."""
        return False

    def routine_action(self, g: Any) -> Any:
        return self.policy_action(g)

    def prior(self, root: Any, me: int, rng: Rng) -> dict[Hashable, float]:
        """Scores of the actions of `root`'s decision by key (higher first; keys left out
        come last, in legal order). `rng` is the search's generator."""
        return {}

    def playout_policy(self, seed: int) -> Callable[[Any], Any]:
        """The policy of one playout of the guided search (both players), from `seed`."""
        r = Rng(seed)

        def act(g: Any) -> Any:
            acts = g.legal_actions()
            return acts[r.randbelow(len(acts))]

        return act

    def value(self, g: Any, p: int) -> float:
        """The chance that p wins from `g` (guided search playouts)."""
        return _result(g, p) if g.is_over() else 0.5

    def policy_action(self, g: Any) -> Any:
        """The rollout policy's action (UCB1 search): uniform from the agent's generator."""
        acts = g.legal_actions()
        return acts[self.rng.randbelow(len(acts))]

    def leaf_value(self, g: Any, p: int) -> float:
        """The value for p of an unfinished game where a UCB1 rollout stopped."""
        return 0.5

    def turn(self, g: Any) -> int:
        """The counter the horizon is measured in."""
        return int(getattr(g, "turn", 0))


def _result(g: Any, p: int) -> float:
    return 0.5 if g.winner is None else (1.0 if g.winner == p else 0.0)


class _Node:
    __slots__ = ("player", "n", "w", "avail", "children")

    def __init__(self, player: int) -> None:
        self.player = player  # who chose the action leading here
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.children: dict[Hashable, _Node] = {}


class Candidate(NamedTuple):
    """One root action of the guided search: its estimated chance of winning, the playouts
    behind it, and the prior's score (the prior order)."""

    action: Any
    win: float
    playouts: int
    prior: float


class MctsAgent:
    """Determinized MCTS budgeted by `budget` simulations; deterministic for a seed.

    `model` makes the game's model from the agent's generator (a `GameModel` subclass or
    any callable `rng -> GameModel`); the default is the model of the game searched (its
    `SEARCH_MODEL`; the generic `GameModel` for a game without one), made at the first
    decision from the agent's generator."""

    name = "mcts"

    def __init__(self, seed: int = 0, budget: int = DEFAULT_BUDGET, epsilon: float = 0.1,
                 exploration: float = 0.7, horizon: int = 2, rollout_limit: int = 2000,
                 search: str = "ucb", width: int = 6, margin: float = DEFAULT_MARGIN,
                 model: Callable[[Rng], GameModel] | None = None) -> None:
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
        self.margin = margin
        self.model: Any = model(self.rng) if model is not None else None
        self.last_stats: dict[str, Any] = {}

    def model_for(self, game: Any) -> GameModel:
        """The agent's model, made now from the game of `game` when none was given."""
        if self.model is None:
            from zxdeck.games import search_model

            self.model = (search_model(game) or GameModel)(self.rng)
        return self.model

    def choose(self, game: Any) -> Any:
        acts = game.legal_actions()
        if len(acts) == 1:
            return acts[0]
        self.model_for(game)
        if self.search in ("halving", "race"):
            if self.model.routine(game):
                return self.model.routine_action(game)
            return self.candidates(game, self.rng)[0].action
        me = game.current_player()
        root = _Node(-1)
        for _ in range(max(1, self.budget)):
            self._simulate(game.determinize(me, self.rng), root)
        key = self.model.key
        by_key = {key(game, a): a for a in acts}
        best, best_score = acts[0], (-1, -1.0)
        for k, a in by_key.items():
            child = root.children.get(k)
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

    def candidates(self, game: Any, rng: Rng) -> list[Candidate]:
        """The guided search of the current decision with generator `rng`: the root actions
        searched, best first (the first is the one `choose` plays), then the legal actions left
        out by the width (no playouts, in the prior's order). Changes neither `game` nor
        this agent (only `rng` advances)."""
        acts = game.legal_actions()
        if len(acts) == 1:
            return [Candidate(acts[0], 0.5, 0, 0.0)]
        model = self.model_for(game)
        key = model.key
        me = game.current_player()
        root = model.canonical(game, me)
        by_key: dict[Hashable, Any] = {}
        for a in acts:
            by_key.setdefault(key(game, a), a)
        scored = model.prior(root, me, rng)
        order = sorted(by_key, key=lambda k: -scored.get(k, -1e9))  # stable: legal order on ties
        if self.search == "race":
            return self._race(game, root, me, rng, by_key, order, scored)
        alive = order[:max(1, self.width)]
        stats = {k: [0, 0.0] for k in alive}
        if len(alive) > 1:
            last_turn = model.turn(game) + self.horizon
            rounds = max(1, math.ceil(math.log2(len(alive))))
            spent = 0
            for r in range(rounds):
                left_rounds = rounds - r
                per = max(1, (self.budget - spent) // left_rounds // len(alive))
                for _ in range(per):
                    det = root.determinize(me, rng)
                    seed = rng.next64()
                    keyed = {key(det, a): a for a in det.legal_actions()}
                    for k in alive:
                        a = keyed.get(k)
                        if a is None:
                            continue
                        g = det.clone()
                        g.apply(a)
                        v = self._playout(g, me, seed, last_turn)
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

    def _race(self, game: Any, root: Any, me: int, rng: Rng, by_key: dict[Hashable, Any],
              order: list[Hashable], scored: dict[Hashable, float]) -> list[Candidate]:
        """The race (`search=race`): the `width` best candidates of the prior are played out
        from the same determinizations, dealt in batches; after each batch (from RACE_FIRST
        determinizations on) every candidate that cannot be better than the leader by more
        than `margin` (paired differences over the common determinizations, the upper end of
        their RACE_Z interval) is dropped. It stops with one candidate left or when the next
        batch would exceed the budget (a count of playouts, never a time). A decision where
        one move is clearly ahead, or where the candidates play out the same, costs a few
        dozen playouts; a close one the whole budget."""
        model = self.model
        key = model.key
        alive = order[:max(1, self.width)]
        vals: dict[Hashable, dict[int, float]] = {k: {} for k in alive}
        dropped: list[Hashable] = []
        if len(alive) > 1:
            last_turn = model.turn(game) + self.horizon
            spent = 0
            dets = 0
            while len(alive) > 1 and spent + len(alive) <= self.budget and dets < self.budget:
                for _ in range(RACE_BATCH):
                    if spent + len(alive) > self.budget:
                        break
                    det = root.determinize(me, rng)
                    seed = rng.next64()
                    keyed = {key(det, a): a for a in det.legal_actions()}
                    for k in alive:
                        a = keyed.get(k)
                        if a is None:
                            continue
                        g = det.clone()
                        g.apply(a)
                        vals[k][dets] = self._playout(g, me, seed, last_turn)
                        spent += 1
                    dets += 1
                if dets < RACE_FIRST:
                    continue
                means = {k: _avg(vals[k]) for k in alive}
                lead = max(alive, key=lambda k: means[k])  # the first of the prior order on ties
                for k in list(alive):
                    if k != lead and not _may_beat(vals[k], vals[lead], self.margin):
                        alive.remove(k)
                        dropped.append(k)
            ranked = sorted(alive, key=lambda k: -_avg(vals[k])) + dropped[::-1]
        else:
            ranked = alive
        out = [Candidate(by_key[k], _avg(vals[k]) if vals[k] else 0.5, len(vals[k]),
                         scored.get(k, 0.0)) for k in ranked]
        out += [Candidate(by_key[k], 0.5, 0, scored.get(k, 0.0)) for k in order[len(ranked):]]
        self.last_stats = {"playouts": sum(len(v) for v in vals.values()),
                           "children": {str(c.action): (c.playouts, round(c.win, 3)) for c in out}}
        return out

    def _playout(self, g: Any, me: int, seed: int, last_turn: int) -> float:
        """The playout policy on both sides to the end of turn `last_turn`; the chance that `me`
        wins from there (1 / 0.5 / 0 when the game ended)."""
        model = self.model
        policy = model.playout_policy(seed)
        turn = model.turn
        steps = 0
        limit = self.rollout_limit
        while not g.is_over() and turn(g) <= last_turn and steps < limit:
            acts = g.legal_actions()
            g.apply(acts[0] if len(acts) == 1 else policy(g))
            steps += 1
        return model.value(g, me)

    # ------------------------------------------------------------------ the UCB1 tree search

    def _rollout_action(self, g: Any) -> Any:
        acts = g.legal_actions()
        if len(acts) == 1:
            return acts[0]
        if self.rng.random() < self.epsilon:
            return acts[self.rng.randbelow(len(acts))]
        return self.model.policy_action(g)

    def _simulate(self, g: Any, root: _Node) -> None:
        model = self.model
        node = root
        path: list[_Node] = []
        c = self.exploration
        rng = self.rng
        expanded = False
        while not g.is_over() and not expanded:
            acts = g.legal_actions()
            if len(acts) == 1:
                g.apply(acts[0])
                continue
            p = g.current_player()
            keyed = [(model.key(g, a), a) for a in acts]
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
                    a = model.policy_action(g)
                    key = model.key(g, a)
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
        last_turn = model.turn(g) + self.horizon
        while not g.is_over() and steps < self.rollout_limit and model.turn(g) <= last_turn:
            g.apply(self._rollout_action(g))
            steps += 1
        v0 = _result(g, 0) if g.is_over() else model.leaf_value(g, 0)
        for nd in path:
            nd.n += 1
            nd.w += v0 if nd.player == 0 else 1.0 - v0


def _mean(st: list) -> float:
    return st[1] / st[0] if st[0] else -1.0


def _avg(v: dict[int, float]) -> float:
    return sum(v.values()) / len(v) if v else -1.0


def _may_beat(k: dict[int, float], lead: dict[int, float], margin: float) -> bool:
    """Whether the candidate with values `k` may still be better than the leader (`lead`) by more
    than `margin`: the upper end of the RACE_Z interval of the mean paired difference (over the
    determinizations both were played on) is above `margin`. Too few common ones: yes."""
    common = [i for i in k if i in lead]
    n = len(common)
    if n < 2:
        return True
    d = [k[i] - lead[i] for i in common]
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    return mean + RACE_Z * math.sqrt(var / n) > margin


def root_total(root: _Node) -> int:
    """Simulations that went through the root's children."""
    return sum(ch.n for ch in root.children.values())


_ZX_NAMES = ("ROUTINE", "SQUARE_PICKS", "INDEX_PICKS", "PLAIN", "action_key", "canonical", "evaluate")


def __getattr__(name: str) -> Any:
    """The Z/X parts that lived here before (`action_key`, `canonical`, `ROUTINE`, ...) are in
    the search module of the default game (`zxdeck.games.zx.agents.zx_search`); the old names
    keep working."""
    if name in _ZX_NAMES:
        from zxdeck.games import DEFAULT_GAME, search_module

        module = search_module(DEFAULT_GAME)
        if module is not None:
            return getattr(module, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["DEFAULT_BUDGET", "SEARCHES", "Candidate", "GameModel", "MctsAgent", "root_total"]
