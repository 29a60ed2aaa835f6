"""The terminal game's `hint` (ヒント) for MOZ: the `hard` level's search, run from what the
player to decide can see, gives each choice an estimated chance of winning.

The search never looks at a hidden card: the position is first made *canonical* for the
viewer (every card the viewer cannot see is given its identity in the order of the card ids,
N-3), so two positions that differ only in hidden cards give the same hint; each iteration of
the search then deals the hidden cards again at random (`Game.determinize`). The budget is a
number of iterations (never wall-clock time), and the generator is seeded from the game's seed
and the number of moves made (`hint_seed`): the same position gives the same hint, and neither
the game nor any agent draws a number for it.
"""

from __future__ import annotations

from dataclasses import dataclass

from zxdeck.games.moz.agents import HARD_BUDGET
from zxdeck.games.moz.engine import Action, Game
from zxdeck.rng import Rng

HINT_BUDGET = HARD_BUDGET  # iterations of a hint's search: what `hard` reads a decision with


@dataclass(frozen=True)
class Candidate:
    """One choice of a hint: the action, its estimated chance of winning (0..1) and the number
    of searched deals behind the estimate (0: not searched, `win` is the one-step estimate)."""

    action: Action
    win: float
    visits: int


def hint_seed(game: Game) -> int:
    """The hint's seed at the current decision: the game's seed and the number of moves so far."""
    return (game.seed * 0x9E3779B1 + len(game.history) * 0x85EBCA77 + 0x48494E54) & ((1 << 64) - 1)


def canonical(game: Game, viewer: int) -> Game:
    """A clone in which what `viewer` cannot see is put in a fixed order: the hidden cards of
    the opponent (hand, zone, face-down cards) take their identities sorted by card id, as do
    the opponent's summoners not yet shown; both zones are in instance order. What `viewer`
    sees is unchanged (N-3)."""
    g = game.clone()
    g.cards = list(game.cards)
    o = 1 - viewer
    hidden = list(g.hand[o]) + sorted(g.zone[o]) + [i for side in g.faces[o] for i in side if i in g.down]
    for i, c in zip(hidden, sorted((g.cards[i] for i in hidden), key=lambda c: c.id), strict=True):
        g.cards[i] = c
    pile = list(g.pile[o]) + list(g.unordered[o])
    for i, c in zip(pile, sorted((g.cards[i] for i in pile), key=lambda c: c.id), strict=True):
        g.cards[i] = c
    g.zone[o] = sorted(g.zone[o])
    g.zone[viewer] = sorted(g.zone[viewer])
    if g.chosen[o] is not None and g.step == "special" and not g.sealed[o]:
        g.chosen[o] = -1  # the opponent's secret choice is dealt again by each determinization
    return g


def hint(game: Game, top: int = 3, budget: int | None = None) -> list[Candidate]:
    """The `top` best choices of the player to decide, best first by the estimated chance of
    winning (then by searched deals, then in the order of `legal_actions()`), from a search of
    at most `budget` iterations (HINT_BUDGET unless given) over what that player sees."""
    from zxdeck.games.moz.agents.mcts import MctsAgent, _Node, leaf_value

    me = game.current_player()
    acts = game.legal_actions()
    base = canonical(game, me)
    search = MctsAgent(0, budget=HINT_BUDGET if budget is None else budget)
    search.rng = Rng(hint_seed(game))
    root = _Node()
    default = search.rules.choose(base)
    if len(acts) > 1:
        for _ in range(search.budget):
            search._iterate(base.determinize(me, search.rng), root, me, default)
    found = []
    for n, a in enumerate(acts):
        node = root.children.get(a)
        if node is not None and node.n:
            found.append((Candidate(a, node.w / node.n, node.n), n))
        else:  # not searched: the one-step estimate of the canonical position
            c = base.clone()
            c.apply(a)
            found.append((Candidate(a, leaf_value(c, me), 0), n))
    found.sort(key=lambda x: (-x[0].win, -x[0].visits, x[1]))
    return [c for c, _ in found[:top]]
