"""The `heuristic` MOZ agent: knows the combos (section 10) and looks one decision ahead.

Every decision is scored by applying each legal action to a clone and reading `evaluate`:
VP already won, the combo the player can still make with its faces and hand (C-2: it needs a
face-up help on the bottom), the combo the opponent shows, and the totals. The special step is
played out to the end of the round for each choice (the opponent assumed to use none).
It draws unless the zone holds one card (O-3), orders the summoners whose faces fit the hand
best first, and folds only to save a round the opponent's visible combo would win big.
"""

from __future__ import annotations

from itertools import product

from zxdeck.games.moz.engine import Action, Game
from zxdeck.games.moz.engine.actions import DRAW, FOLD, GO, NONE, SKIP
from zxdeck.games.moz.engine.combos import best_combo
from zxdeck.games.moz.model import Beast, same_attribute
from zxdeck.rng import Rng

W_VP = 10.0
W_COMBO = 6.0
W_POWER = 0.03
MAX_CANDIDATES = 6


def combo_potential(g: Game, p: int, use_hand: bool = True) -> int:
    """The best combo multiplier seat p can still reach this round (1 = none): the beasts on its
    faces plus, for empty faces, beasts of its hand that match them."""
    if g.summoner[p] < 0:
        return 1
    bottom = g.faces[p][3]
    if bottom:
        if any(i in g.down for i in bottom):
            return 1
    elif not (use_hand and any(g.cards[i].usable_as_help for i in g.hand[p])):
        return 1
    slots: list[list[tuple[int, tuple[str, str, int]]]] = []
    for f in range(3):
        cards = g.faces[p][f]
        if cards:
            b = g.beast_on(p, f)
            if b < 0:
                return 1
            c = g.cards[b]
            assert isinstance(c, Beast)
            slots.append([(b, (c.attribute, c.sub_attribute, g.power(b)))])
            continue
        if not use_hand:
            return 1
        seen: dict[tuple[str, str, int], int] = {}
        for i in g.hand[p]:
            c = g.cards[i]
            if isinstance(c, Beast) and same_attribute(c.attribute, g.face_attr[p][f]):
                seen.setdefault((c.attribute, c.sub_attribute, c.power), i)
        if not seen:
            return 1
        slots.append([(i, v) for v, i in list(seen.items())[:MAX_CANDIDATES]])
    best = 1
    for choice in product(*slots):
        if len({i for i, _ in choice}) < 3:
            continue
        c = best_combo([v for _, v in choice])
        if c is not None and c.multiplier > best:
            best = c.multiplier
    return best


def evaluate(g: Game, p: int) -> float:
    """How good the position is for seat p (higher is better)."""
    o = 1 - p
    if g.is_over():
        return 1e6 if g.winner == p else -1e6 if g.winner == o else 0.0
    score = W_VP * (g.vp[p] - g.vp[o])
    if g.summoner[p] >= 0:
        mine = combo_potential(g, p)
        theirs = combo_potential(g, o, use_hand=False)  # N-3: only what is open
        score += W_COMBO * (mine - theirs)
        t = g.totals()
        score += W_POWER * (t[p] - t[o])
    return score


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game) -> Action:
        acts = game.legal_actions()
        if len(acts) == 1:
            return acts[0]
        kind = game.decision_kind()
        p = game.current_player()
        if kind == "draw":
            return SKIP if len(game.zone[p]) <= 1 else DRAW
        if kind == "fold":
            return FOLD if self._should_fold(game, p) else GO
        if kind == "order":
            return max(acts, key=lambda a: (self._fit(game, p, a.a), -a.a))
        if kind == "special":
            return self._best(game, p, acts, to_round_end=True)
        return self._best(game, p, acts)

    def _fit(self, g: Game, p: int, s: int) -> int:
        attrs = g.cards[s].summon_attributes  # type: ignore[attr-defined]
        return sum(1 for i in g.hand[p] for a in attrs
                   if isinstance(g.cards[i], Beast) and same_attribute(g.cards[i].attribute, a))

    def _should_fold(self, g: Game, p: int) -> bool:
        o = 1 - p
        return (g.summoner[o] >= 0 and combo_potential(g, o, use_hand=False) >= 4
                and combo_potential(g, p) <= 1 and g.battlefield_count() + len(g.held) <= 4)

    def _best(self, g: Game, p: int, acts: list[Action], to_round_end: bool = False) -> Action:
        best: list[Action] = []
        best_v = float("-inf")
        for a in acts:
            c = g.clone()
            c.apply(a)
            if to_round_end:
                self._finish_round(c, p)
            v = evaluate(c, p) if not to_round_end else W_VP * (c.vp[p] - c.vp[1 - p]) + (
                1e6 if c.is_over() and c.winner == p else 0)
            if a == NONE:
                v += 0.5  # keep a special for later when it changes nothing
            if v > best_v + 1e-9:
                best, best_v = [a], v
            elif abs(v - best_v) <= 1e-9:
                best.append(a)
        return best[self.rng.randbelow(len(best))] if len(best) > 1 else best[0]

    def _finish_round(self, c: Game, p: int) -> None:
        r = c.round
        while not c.is_over() and c.round == r and c.decision_kind() in ("special", "pick"):
            if c.decision_kind() == "special":
                c.apply(NONE)
            else:
                q = c.current_player()
                c.apply(max(c.legal_actions(), key=lambda a, q=q: _after(c, a, q)))


def _after(g: Game, a: Action, p: int) -> float:
    c = g.clone()
    c.apply(a)
    return evaluate(c, p)
