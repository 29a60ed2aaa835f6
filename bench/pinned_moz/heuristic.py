"""(Pinned copy of zxdeck/games/moz/agents/heuristic.py at b76bb7a: do not edit.)

The `heuristic` MOZ agent: knows the rules, the combos and its own cards, and looks one decision
ahead on a copy of the match in which what its seat cannot see is dealt again (N-3).

Its evaluation (`evaluate`) is in victory points: the VP already won, plus the expected VP of the
round in play (`round_forecast`), plus a small value for the cards kept in hand. The forecast
completes the player's own summoner from its hand in every way the rules allow (beasts on
matching faces, attribute change pairs, reverse pairs from the hole, a help on the bottom, C-2),
with each beast's power as it would be on that face (its own summoner's and the helps' continuous
effects, P-1, C-4), and takes the completion of highest expected value against what the opponent
shows: a combo counts only if it beats the opponent's (V-1, C-5) and it may still be broken by a
guard or a send-back, so a combo of −100 beasts (Minus Hurricane ×6) pays only when it is reachable
with the powers the beasts will really have; otherwise the totals decide.

Decisions: draw unless the zone is short for the rounds the match may still need (O-2, O-3);
place, pair and pick by the evaluation; in the secret special step (X-2) each choice is played
out to the end of the round against the opponent's possible specials (dealt again from what it may
hold), minus the value of keeping the card for a later round; fold (F-1, F-2) when the expected
loss of the round is clearly bigger than what folding gives away; order the summoners (S-1, R-9)
whose faces fit the hand first.
"""

from __future__ import annotations

import math
from itertools import product

from zxdeck.games.moz.catalog.model import (
    FACES,
    Ability,
    Beast,
    MozCard,
    Summoner,
    Target,
    attr_key,
    same_attribute,
)
from zxdeck.games.moz.engine import Action, Game
from zxdeck.games.moz.engine.actions import DRAW, FOLD, GO, NONE, SKIP
from zxdeck.games.moz.engine.combos import Combo, best_combo, compare
from zxdeck.rng import Rng

MAX_CANDIDATES = 5  # distinct beasts tried per empty face
COMBO_KEEPS = 0.85  # chance that a combo still stands at the result (guards, send-backs, X-4)
OPP_BEAST = 100  # expected power of a beast the opponent has not placed yet
POWER_SCALE = 110.0  # totals' uncertainty: a lead of this much wins about 73 % of the time
HAND_WEIGHT = 0.3  # VP per point of kept-card value
SPECIAL_SAMPLES = 6  # opponent's hidden special choices tried per own choice
FOLD_MARGIN = 4.0  # VP: folding must save at least this much (it can be done once, F-1)
FOLD_OPTION = 3.0  # VP: what keeping the one fold of the match (F-1) is worth
DECK_OUT = 1e5
CAPACITY_HORIZON = 20  # cards left (zone + hand) below which running out matters (O-2)
CAPACITY_WEIGHT = 4.0  # VP per card of lead in cards left, at the very end

# (attribute, sub_attribute, power) of one beast, as the combos read it (C-4)
View = tuple[str, str, int]


def _matches(t: Target, controller: int, src: int, card: MozCard, seat: int, face: int, iid: int) -> bool:
    """Whether the selector `t` of an ability of `controller` would pick `card` placed on `face` of `seat`."""
    if t.side == "self" and seat != controller or t.side == "opponent" and seat == controller:
        return False
    if FACES[face] not in t.faces or (t.this and src != iid):
        return False
    if not isinstance(card, Beast):
        return False
    if t.attribute is not None and not same_attribute(card.attribute, t.attribute):
        return False
    if t.sub_attribute is not None and card.sub_attribute != t.sub_attribute:
        return False
    if t.power_min is not None and card.power < t.power_min:
        return False
    return not (t.power_max is not None and card.power > t.power_max)


def _continuous_of(g: Game, p: int, iid: int) -> list[tuple[int, int, Ability]]:
    card = g.cards[iid]
    return [(p, iid, ab) for ab in card.abilities if ab.when == "continuous" and g.condition_holds(p, ab)]


class _Forecast:
    """The pieces of one seat's possible completions of its summoner this round."""

    def __init__(self, g: Game, p: int) -> None:
        self.g, self.p = g, p
        o = 1 - p
        self.sources = [(c, s, ab) for c, s, ab in g._active_abilities("continuous") if g.condition_holds(c, ab)]
        self.cont, extra, _ = g._continuous()
        self.base_total = [g.sum_mods[q] + extra[q] for q in (0, 1)]
        self.fixed: list[tuple[int, View] | None] = []  # per beast face: (iid, view) or None when empty
        self.broken = False  # a face-down card or a non-beast on top/left/right: no combo (C-2)
        self.fixed_power = 0
        for f in range(3):
            cards = g.faces[p][f]
            if not cards:
                self.fixed.append(None)
                continue
            b = g.beast_on(p, f)
            if b < 0:
                self.broken = True
                self.fixed.append((-1, ("", "", 0)))
                continue
            c = g.cards[b]
            assert isinstance(c, Beast)
            pw = g.power(b, self.cont)
            self.fixed_power += pw
            self.fixed.append((b, (c.attribute, c.sub_attribute, pw)))
        bottom = g.faces[p][3]
        self.bottom_filled = bool(bottom)
        if bottom and any(i in g.down for i in bottom):
            self.broken = True
        self.opp = o

    def bonus(self, card: MozCard, face: int, iid: int, extra: list[tuple[int, int, Ability]]) -> int:
        """The continuous power `card` would get on `face` (its own effects and `extra` sources included)."""
        total = 0
        for c, s, ab in self.sources + extra + _continuous_of(self.g, self.p, iid):
            for e in ab.effects:
                if e.op == "power" and e.target is not None and _matches(e.target, c, s, card, self.p, face, iid):
                    total += e.amount
        return total


def _summoner_power(g: Game, p: int, iid: int) -> tuple[int, int]:
    """(to own total, to the opponent's total) from the continuous summoner_power effects of a card."""
    mine = theirs = 0
    for _, _, ab in _continuous_of(g, p, iid):
        for e in ab.effects:
            if e.op == "summoner_power":
                if e.side == "self":
                    mine += e.amount
                else:
                    theirs += e.amount
    return mine, theirs


def completions(g: Game, p: int) -> list[tuple[Combo | None, int, int]]:
    """Seat p's reachable ends of the round from its faces and hand: (combo, own total, change to the
    opponent's total). A face that nothing in the hand fits ends face down (power 0, no combo)."""
    fc = _Forecast(g, p)
    hand = g.hand[p]
    helps: list[int | None] = []
    if not fc.bottom_filled:
        seen_help: set[str] = set()
        for i in hand:
            c = g.cards[i]
            if c.usable_as_help and c.id not in seen_help:
                seen_help.add(c.id)
                helps.append(i)
        if not helps:
            helps = [None]
    else:
        helps = [-1]  # already there (its effects are among the sources)
    out: list[tuple[Combo | None, int, int]] = []
    for h in helps[:3]:
        extra = _continuous_of(g, p, h) if h is not None and h >= 0 else []
        h_own, h_opp = _summoner_power(g, p, h) if h is not None and h >= 0 else (0, 0)
        slots: list[list[tuple[tuple[int, ...], View, int, int, int]]] = []
        for f in range(3):
            fixed = fc.fixed[f]
            if fixed is not None:
                slots.append([((), fixed[1], 0, 0, 0)])
                continue
            cands: dict[View, tuple[tuple[int, ...], View, int, int, int]] = {}
            attr = g.face_attr[p][f]
            for i in hand:
                c = g.cards[i]
                if isinstance(c, Beast) and same_attribute(c.attribute, attr):
                    _add(cands, g, fc, p, f, i, (i,), extra)
                elif c.type == "attribute_change":
                    for b in hand:
                        cb = g.cards[b]
                        if isinstance(cb, Beast) and same_attribute(cb.attribute, c.attribute):  # type: ignore[attr-defined]
                            _add(cands, g, fc, p, f, b, (i, b), extra)
                elif c.type == "reverse":
                    for b in g.hole[p]:
                        cb = g.cards[b]
                        if isinstance(cb, Beast) and same_attribute(cb.attribute, attr):
                            _add(cands, g, fc, p, f, b, (i, b), extra, from_hand=False)
            best = sorted(cands.values(), key=lambda x: -x[2])[:MAX_CANDIDATES]
            # the best few by power, plus every distinct kind that may make a combo
            slots.append(best or [((), ("", "", 0), 0, 0, 1)])
        for choice in product(*slots):
            used = [i for x in choice for i in x[0]]
            if len(used) != len(set(used)) or (h is not None and h >= 0 and h in used):
                continue
            down = sum(x[4] for x in choice)
            total = fc.base_total[p] + fc.fixed_power + h_own + sum(x[2] + x[3] for x in choice)
            opp_change = h_opp + sum(_summoner_power(g, p, x[0][-1])[1] for x in choice if x[0])
            combo = None
            if not fc.broken and not down and h is not None:
                combo = best_combo([x[1] for x in choice])
            out.append((combo, total, opp_change))
    return out


def _add(cands: dict, g: Game, fc: _Forecast, p: int, f: int, b: int, used: tuple[int, ...],
         extra: list[tuple[int, int, Ability]], from_hand: bool = True) -> None:
    c = g.cards[b]
    assert isinstance(c, Beast)
    pw = c.power + fc.bonus(c, f, b, extra)
    own, _ = _summoner_power(g, p, b)
    view = (c.attribute, c.sub_attribute, pw)
    key = view
    if key not in cands or cands[key][2] + cands[key][3] < pw + own:
        cands[key] = (used, view, pw, own, 0)


def opponent_view(g: Game, p: int) -> tuple[Combo | None, float, float]:
    """What seat p can tell of the opponent's end of the round from the open board (N-3):
    (the combo it shows, the chance it stands, its expected total)."""
    o = 1 - p
    fc = _Forecast(g, o)
    empty = sum(1 for f in range(3) if fc.fixed[f] is None)
    total = fc.base_total[o] + fc.fixed_power + OPP_BEAST * empty
    if fc.broken or empty:
        return None, 0.0, total
    combo = best_combo([x[1] for x in fc.fixed if x is not None])
    if combo is None:
        return None, 0.0, total
    chance = 1.0 if fc.bottom_filled else 0.5
    return combo, chance, total


def round_forecast(g: Game, p: int) -> float:
    """The expected VP of the round in play for seat p (positive: p gains, negative: the opponent)."""
    if g.summoner[p] < 0 or g.summoner[1 - p] < 0:
        return 0.0
    opp_combo, opp_chance, opp_total = opponent_view(g, p)
    base = max(g.battlefield_count(), 8) + 1 + len(g.held)
    best = -math.inf
    for combo, total, opp_change in completions(g, p):
        diff = total - (opp_total + opp_change)
        pw = 1.0 / (1.0 + math.exp(-diff / POWER_SCALE))
        value = 0.0
        # with and without the opponent's combo, with and without ours standing
        for keep_opp, w_opp in ((True, opp_chance), (False, 1.0 - opp_chance)):
            if w_opp <= 0:
                continue
            oc = opp_combo if keep_opp else None
            mine_keeps = COMBO_KEEPS if combo is not None else 0.0
            for mine, w_me in ((combo, mine_keeps), (None, 1.0 - mine_keeps)):
                if w_me <= 0:
                    continue
                c = compare(mine, oc)
                win = 1.0 if c > 0 else 0.0 if c < 0 else pw
                m_me = mine.multiplier if mine is not None else 1
                m_op = oc.multiplier if oc is not None else 1
                value += w_opp * w_me * (win * base * m_me - (1.0 - win) * base * m_op)
        best = max(best, value)
    return best if best > -math.inf else 0.0


def keep_value(g: Game, p: int, iid: int) -> float:
    """What a card in the hand is worth for later rounds, in VP."""
    c = g.cards[iid]
    v = 0.0
    if isinstance(c, Beast):
        v = 0.5 + max(c.power, 0) / 200
        if attr_key(c.attribute) in _pile_attributes(g, p):
            v += 0.5
    elif c.usable_as_help:
        v = 1.5
    elif c.type in ("reverse", "attribute_change"):
        v = 0.8
    if c.usable_as_special:
        v = max(v, special_value(c))
    return v


# the pile's cards (kept, so that their ids are not reused while cached) -> their attributes
_PILE_ATTRS: dict[tuple[int, ...], tuple[tuple[MozCard, ...], frozenset[str]]] = {}


def _pile_attributes(g: Game, p: int) -> frozenset[str]:
    """The summon attributes (compared as K-13 says, `attr_key`) of the summoners still to come
    for seat p, cached by the pile's cards (the very objects: a card freed after an earlier match
    could leave its id to another card, which must not find this card's attributes)."""
    pile = tuple(g.cards[s] for s in g.pile[p] + g.unordered[p])
    key = tuple(id(s) for s in pile)
    hit = _PILE_ATTRS.get(key)
    if hit is not None and all(a is b for a, b in zip(hit[0], pile)):
        return hit[1]
    found = frozenset(attr_key(a) for s in pile if isinstance(s, Summoner) for a in s.summon_attributes)
    if len(_PILE_ATTRS) > 4096:
        _PILE_ATTRS.clear()
    _PILE_ATTRS[key] = (pile, found)
    return found


_SPECIAL_VALUE: dict[int, tuple[MozCard, float]] = {}


def special_value(c: MozCard) -> float:
    """What a special is worth kept for a later round, in VP (cached by card)."""
    hit = _SPECIAL_VALUE.get(id(c))
    if hit is not None and hit[0] is c:
        return hit[1]
    v = _special_value(c)
    _SPECIAL_VALUE[id(c)] = (c, v)
    return v


def _special_value(c: MozCard) -> float:
    v = 0.0
    for ab in c.abilities:
        if ab.when != "special":
            continue
        for e in ab.effects:
            if e.op == "result":
                v += 12.0 if e.outcome == "win" else 3.0
            elif e.op in ("guard", "send_back"):
                v += 5.0 if e.target is not None and e.target.count is None else 4.0
            elif e.op in ("nullify", "seal"):
                v += 2.5
            elif e.op == "exchange":
                v += 2.0
            elif e.op == "protect":
                v += 1.5
            elif e.op in ("power", "summoner_power"):
                v += abs(e.amount) / 60
            elif e.op == "draw":
                v += 0.5 * e.amount
    return v


def evaluate(g: Game, p: int) -> float:
    """How good the position is for seat p, in VP (higher is better)."""
    o = 1 - p
    if g.is_over():
        return 1e6 if g.winner == p else -1e6 if g.winner == o else 0.0
    score = float(g.vp[p] - g.vp[o])
    if not g.zone[p]:
        score -= DECK_OUT  # O-2: the next draw step loses the match
    score += round_forecast(g, p)
    # O-2: every turn uses a card of the hand or the zone, so near the end the seat with fewer
    # cards left runs out first; a special used or an attribute change pair costs one more.
    cap_me, cap_op = len(g.zone[p]) + len(g.hand[p]), len(g.zone[o]) + len(g.hand[o])
    urgency = max(0, CAPACITY_HORIZON - min(cap_me, cap_op)) / CAPACITY_HORIZON
    score += urgency * CAPACITY_WEIGHT * max(-5, min(5, cap_me - cap_op))
    score += HAND_WEIGHT * sum(keep_value(g, p, i) for i in g.hand[p])
    score += FOLD_OPTION * ((not g.folded[p]) - (not g.folded[o]))  # F-1: a fold kept is worth something
    return score


def combo_potential(g: Game, p: int, use_hand: bool = True) -> int:
    """The best combo multiplier seat p can still reach this round (1 = none), from its faces and,
    with `use_hand`, its hand (C-2: the bottom needs a face-up help)."""
    if g.summoner[p] < 0:
        return 1
    if not use_hand:
        combo, chance, _ = opponent_view(g, 1 - p)
        return combo.multiplier if combo is not None and chance > 0 else 1
    return max((c.multiplier for c, _, _ in completions(g, p) if c is not None), default=1)


class HeuristicAgent:
    name = "heuristic"

    def __init__(self, seed: int = 0, noise: float = 0.0) -> None:
        self.rng = Rng(seed)
        self.noise = noise  # the share of decisions played at random (level easy)

    def choose(self, game: Game) -> Action:
        acts = game.legal_actions()
        if len(acts) == 1:
            return acts[0]
        if self.noise and self.rng.random() < self.noise:
            return acts[self.rng.randbelow(len(acts))]
        kind = game.decision_kind()
        p = game.current_player()
        if kind == "draw":
            return DRAW if self._should_draw(game, p) else SKIP
        if kind == "fold":
            return FOLD if self._should_fold(game, p) else GO
        if kind == "order":
            return max(acts, key=lambda a: (self._fit(game, p, a.a), -a.a))
        if kind == "special":
            return self._special(game, p, acts)
        return self._best(game, p, acts)

    def _fit(self, g: Game, p: int, s: int) -> int:
        attrs = g.cards[s].summon_attributes  # type: ignore[attr-defined]
        return sum(1 for i in g.hand[p] for a in attrs
                   if isinstance(g.cards[i], Beast) and same_attribute(g.cards[i].attribute, a))

    def _should_draw(self, g: Game, p: int) -> bool:
        """O-2, O-3: keep enough cards in the zone for the turns the match may still need; card
        effects that draw need a reserve too."""
        zone = len(g.zone[p])
        if zone <= 2:
            return False
        need = max(50 - max(g.vp), 0)
        rounds_left = math.ceil(need / 9) + 1
        turns_left = 4 * rounds_left
        if zone - 2 > turns_left:
            return True
        faces_left = sum(1 for f in range(4) if not g.faces[p][f])
        fits = {a.b for a in g.face_up_placements(p) if a.kind in ("place", "pair")}
        return len(fits) < faces_left or len(g.hand[p]) < 4

    def _should_fold(self, g: Game, p: int) -> bool:
        """F-1, F-2: fold when the round's expected loss is clearly bigger than what folding gives."""
        give = g.battlefield_count() + len(g.held)
        return round_forecast(g, p) < -(give + FOLD_MARGIN) and g.vp[1 - p] + give < 50

    def _best(self, g: Game, p: int, acts: list[Action]) -> Action:
        base = g.determinize(p, self.rng)  # N-3: a draw on a copy must not read the real zone
        best: list[Action] = []
        best_v = -math.inf
        for a in acts:
            c = base.clone()
            c.apply(a)
            v = self._after(c, p)
            if v > best_v + 1e-9:
                best, best_v = [a], v
            elif abs(v - best_v) <= 1e-9:
                best.append(a)
        return best[self.rng.randbelow(len(best))] if len(best) > 1 else best[0]

    def _after(self, c: Game, p: int) -> float:
        """The value after an action; a `pair` or a pick of the same player is decided greedily at once."""
        guard = 0
        while not c.is_over() and c.current_player() == p and c.decision_kind() in ("partner", "pick") and guard < 6:
            guard += 1
            acts = c.legal_actions()
            opts = []
            for a in acts:
                d = c.clone()
                d.apply(a)
                opts.append((evaluate(d, p), a))
            c.apply(max(opts, key=lambda x: x[0])[1])
        return evaluate(c, p)

    def _special(self, g: Game, p: int, acts: list[Action]) -> Action:
        """X-2: each choice against the opponent's possible secret choices, played to the round's end."""
        scores = {a: 0.0 for a in acts}
        for _ in range(SPECIAL_SAMPLES):
            base = g.determinize(p, self.rng)
            for a in acts:
                c = base.clone()
                c.apply(a)
                self._finish_round(c, p)
                v = evaluate(c, p) if c.is_over() or c.summoner[p] < 0 else evaluate(c, p)
                scores[a] += v
        for a in acts:
            scores[a] /= SPECIAL_SAMPLES
            if a != NONE:
                scores[a] -= special_value(g.cards[a.a]) - HAND_WEIGHT * keep_value(g, p, a.a)
        top = max(scores.values())
        best = [a for a in acts if scores[a] >= top - 1e-9]
        return best[self.rng.randbelow(len(best))] if len(best) > 1 else best[0]

    def _finish_round(self, c: Game, p: int) -> None:
        """Play the rest of the round: the opponent's special at random among its (dealt) choices,
        card-effect picks greedily for whoever picks."""
        r = c.round
        guard = 0
        while not c.is_over() and c.round == r and guard < 50:
            guard += 1
            kind = c.decision_kind()
            q = c.current_player()
            acts = c.legal_actions()
            if kind == "special":
                c.apply(acts[self.rng.randbelow(len(acts))] if q != p else NONE)
            elif kind == "pick":
                c.apply(max(acts, key=lambda a, q=q: _after(c, a, q)))
            else:
                break


def _after(g: Game, a: Action, p: int) -> float:
    c = g.clone()
    c.apply(a)
    return evaluate(c, p)
