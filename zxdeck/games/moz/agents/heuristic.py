"""The `heuristic` MOZ agent: knows the rules, the combos and its own cards, and looks one decision
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

Cost (issue 21: about 3x faster than the heuristic before it, bench/pinned_moz/, and as strong):
a placement is valued without being played when nothing but the seat's own side changes
(`_Planner`: the completions are enumerated as if the card were on its face, from one reading of
the board, and give exactly what `evaluate` would say after it); the other actions are played on
a copy, dealt again (N-3) only where the look-ahead could read a hidden card (`_reads_hidden`);
actions that place the same card the same way are valued once. In the special step the hidden
cards are dealt once and the opponent's hand again for each sample, every own choice meets the
same sampled choice of the opponent, a pairing (own card, opponent's card) is played out once,
and the next round's forecast is computed once for each hand it begins with.
"""

from __future__ import annotations

import math
from functools import lru_cache

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
SPECIAL_SAMPLES = 6  # deals of the opponent's hidden special choice, met by every own choice
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


# per card object: its continuous abilities (static; cached by the object itself, as `special_value`)
_CONT: dict[int, tuple[MozCard, tuple[Ability, ...]]] = {}


def _card_continuous(card: MozCard) -> tuple[Ability, ...]:
    hit = _CONT.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    found = tuple(ab for ab in card.abilities if ab.when == "continuous")
    if len(_CONT) > 8192:
        _CONT.clear()
    _CONT[id(card)] = (card, found)
    return found


def _continuous_of(g: Game, p: int, iid: int) -> list[tuple[int, int, Ability]]:
    abs_ = _card_continuous(g.cards[iid])
    if not abs_:
        return []
    return [(p, iid, ab) for ab in abs_ if g.condition_holds(p, ab)]


@lru_cache(maxsize=1 << 16)
def _best_combo(views: tuple[View, ...]) -> Combo | None:
    """`best_combo` of three beast views (cached: the agents ask for the same few again and again)."""
    return best_combo(views)


def _board(g: Game) -> tuple[list[tuple[int, int, Ability]], dict[int, int], list[int]]:
    """What both seats' forecasts share: the continuous sources on the board whose condition holds,
    the continuous power changes by beast and the summoner power changes by seat."""
    sources = []
    for q in (0, 1):
        s = g.summoner[q]
        if s >= 0:
            sources += [(q, s, ab) for ab in _card_continuous(g.cards[s]) if g.condition_holds(q, ab)]
        for f in g.faces[q]:
            for i in f:
                if i not in g.down:
                    abs_ = _card_continuous(g.cards[i])
                    if abs_:
                        sources += [(q, i, ab) for ab in abs_ if g.condition_holds(q, ab)]
    cont, extra, _ = g._continuous()
    return sources, cont, extra


class _Forecast:
    """The pieces of one seat's possible completions of its summoner this round."""

    def __init__(self, g: Game, p: int, shared: tuple | None = None) -> None:
        self.g, self.p = g, p
        o = 1 - p
        self.sources, self.cont, extra = shared if shared is not None else _board(g)
        self._power_sources: list[tuple[int, int, object]] | None = None
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
        pw = self._power_sources
        if pw is None:  # the board's power effects, listed once
            pw = self._power_sources = [(c, s, e) for c, s, ab in self.sources for e in ab.effects
                                        if e.op == "power" and e.target is not None]
        p = self.p
        total = 0
        for c, s, e in pw:
            if _matches(e.target, c, s, card, p, face, iid):  # type: ignore[arg-type]
                total += e.amount
        for c, s, ab in extra + _continuous_of(self.g, p, iid):
            for e in ab.effects:
                if e.op == "power" and e.target is not None and _matches(e.target, c, s, card, p, face, iid):
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


def completions(g: Game, p: int, shared: tuple | None = None) -> list[tuple[Combo | None, int, int]]:
    """Seat p's reachable ends of the round from its faces and hand: (combo, own total, change to the
    opponent's total). A face that nothing in the hand fits ends face down (power 0, no combo)."""
    return _Completer(g, p, shared).run()


# what `_Completer.run` is told of a placement not made yet: (face, beast, its view, its power,
# its summoner power to p's total and to the opponent's)
Fixed = tuple[int, int, View, int, int, int]


class _Completer:
    """`completions` for one state, in two halves: what the hand and the board offer each empty
    face (computed once), and the enumeration (`run`), which may also be asked what the
    completions would be after a placement of p (`_Planner`), without playing it."""

    def __init__(self, g: Game, p: int, shared: tuple | None = None) -> None:
        self.g, self.p = g, p
        self.fc = fc = _Forecast(g, p, shared)
        cards = g.cards
        hand = g.hand[p]
        self.sp: dict[int, tuple[int, int]] = {}  # iid -> _summoner_power, asked once
        # per empty face: the (cards used, beast, card, power) that may fill it, in the order the
        # hand gives them, the power from the board's sources and the beast's own effects
        self.raw: list[list[tuple[tuple[int, ...], int, Beast, int]] | None] = []
        memo: dict[tuple[int, int], int] = {}
        for f in range(3):
            if fc.fixed[f] is not None:
                self.raw.append(None)
                continue
            attr = g.face_attr[p][f]
            found: list[tuple[tuple[int, ...], int, Beast]] = []
            for i in hand:
                c = cards[i]
                if isinstance(c, Beast):
                    if same_attribute(c.attribute, attr):
                        found.append(((i,), i, c))
                elif c.type == "attribute_change":
                    for b in hand:
                        cb = cards[b]
                        if isinstance(cb, Beast) and same_attribute(cb.attribute, c.attribute):  # type: ignore[attr-defined]
                            found.append(((i, b), b, cb))
                elif c.type == "reverse":
                    for b in g.hole[p]:
                        cb = cards[b]
                        if isinstance(cb, Beast) and same_attribute(cb.attribute, attr):
                            found.append(((i, b), b, cb))
            withpw = []
            for used, b, c in found:
                pw = memo.get((b, f))
                if pw is None:
                    pw = memo[(b, f)] = c.power + fc.bonus(c, f, b, [])
                withpw.append((used, b, c, pw))
            self.raw.append(withpw)

    def spow(self, i: int) -> tuple[int, int]:
        v = self.sp.get(i)
        if v is None:
            v = self.sp[i] = _summoner_power(self.g, self.p, i)
        return v

    def beast_power(self, b: int, f: int) -> int:
        """The power beast b of p's hand or hole would have on face f (the board's sources, its own effects)."""
        c = self.g.cards[b]
        assert isinstance(c, Beast)
        return c.power + self.fc.bonus(c, f, b, [])

    def run(self, removed: frozenset[int] = frozenset(), placed: Fixed | None = None,
            help_placed: int | None = None, down: int = -1) -> list[tuple[Combo | None, int, int]]:
        """The completions; after a placement not made yet: `removed` (the cards it takes from the
        hand or the hole), `placed` (a beast on an empty face), `help_placed` (a help on the
        bottom) or `down` (the face that gets a card face down: T-6, Z-5, C-2)."""
        g, p, fc = self.g, self.p, self.fc
        cards = g.cards
        fixed = fc.fixed
        fixed_power = fc.fixed_power
        base_total = fc.base_total[p]
        opp_extra = 0
        bottom_filled = fc.bottom_filled
        broken = fc.broken
        if down >= 0:
            broken = True
            if down == 3:
                bottom_filled = True
            else:
                fixed = list(fixed)
                fixed[down] = (-1, ("", "", 0))
        always: list[tuple[int, int, Ability]] = []  # a help placed: its effects reach every beast
        if placed is not None:
            f0, b0, view0, pw0, own0, opp0 = placed
            fixed = list(fixed)
            fixed[f0] = (b0, view0)
            fixed_power += pw0
            base_total += own0
            opp_extra += opp0
        spread = help_placed
        if help_placed is not None:
            own, opp = self.spow(help_placed)
            base_total += own
            opp_extra += opp
            bottom_filled = True
        elif placed is not None and _card_continuous(cards[placed[1]]):
            spread = placed[1]  # a beast whose effects reach p's other beasts
        if spread is not None:
            always = _continuous_of(g, p, spread)
            if always:
                fixed = list(fixed)
                for f in range(3):
                    x = fixed[f]
                    if x is not None and x[0] >= 0 and x[0] != spread:
                        c = cards[x[0]]
                        add = _extra_bonus(always, c, p, f, x[0])  # type: ignore[arg-type]
                        if add:
                            fixed[f] = (x[0], (x[1][0], x[1][1], x[1][2] + add))
                            fixed_power += add
        helps: list[int | None] = []
        if not bottom_filled:
            seen_help: set[str] = set()
            for i in g.hand[p]:
                c = cards[i]
                if c.usable_as_help and c.id not in seen_help and i not in removed:
                    seen_help.add(c.id)
                    helps.append(i)
            if not helps:
                helps = [None]
        else:
            helps = [-1]  # already there (its effects are among the sources)
        spow = self.spow
        out: list[tuple[Combo | None, int, int]] = []
        for h in helps[:3]:
            extra = always + _continuous_of(g, p, h) if h is not None and h >= 0 else always
            h_own, h_opp = spow(h) if h is not None and h >= 0 else (0, 0)
            slots: list[list[tuple[tuple[int, ...], View, int, int, int]]] = []
            for f in range(3):
                x = fixed[f]
                if x is not None:
                    slots.append([((), x[1], 0, 0, 0)])
                    continue
                cands: dict[View, tuple[tuple[int, ...], View, int, int, int]] = {}
                for used, b, c, pw in self.raw[f]:  # type: ignore[union-attr]
                    if removed and any(u in removed for u in used):
                        continue
                    if extra:
                        pw += _extra_bonus(extra, c, p, f, b)
                    own = spow(b)[0]
                    view = (c.attribute, c.sub_attribute, pw)
                    hit = cands.get(view)
                    if hit is None or hit[2] + hit[3] < pw + own:
                        cands[view] = (used, view, pw, own, 0)
                best = sorted(cands.values(), key=lambda x: -x[2])[:MAX_CANDIDATES]
                # the best few by power, plus every distinct kind that may make a combo
                slots.append(best or [((), ("", "", 0), 0, 0, 1)])
            hid = h is not None and h >= 0
            can_combo = not broken and h is not None
            base = base_total + fixed_power + h_own
            opp0 = opp_extra + h_opp
            # the product of the three slots, as nested loops (the same order) that skip a card
            # used twice (or the help) as soon as it shows
            ents = []
            for sl in slots:
                ents.append([(frozenset(x[0]), x[1], x[2] + x[3], spow(x[0][-1])[1] if x[0] else 0, x[4])
                             for x in sl if not (hid and h in x[0])])
            for u0, v0, t0, o0, e0 in ents[0]:
                for u1, v1, t1, o1, e1 in ents[1]:
                    if not u0.isdisjoint(u1):
                        continue
                    for u2, v2, t2, o2, e2 in ents[2]:
                        if not u2.isdisjoint(u0) or not u2.isdisjoint(u1):
                            continue
                        combo = _best_combo((v0, v1, v2)) if can_combo and not (e0 or e1 or e2) else None
                        out.append((combo, base + t0 + t1 + t2, opp0 + o0 + o1 + o2))
        return out


def _extra_bonus(extra: list[tuple[int, int, Ability]], card: Beast, p: int, face: int, iid: int) -> int:
    """The power a help's continuous effects (`extra`) would give `card` on `face` of seat p."""
    total = 0
    for c, s, ab in extra:
        for e in ab.effects:
            if e.op == "power" and e.target is not None and _matches(e.target, c, s, card, p, face, iid):
                total += e.amount
    return total


def opponent_view(g: Game, p: int, shared: tuple | None = None) -> tuple[Combo | None, float, float]:
    """What seat p can tell of the opponent's end of the round from the open board (N-3):
    (the combo it shows, the chance it stands, its expected total)."""
    o = 1 - p
    fc = _Forecast(g, o, shared)
    empty = sum(1 for f in range(3) if fc.fixed[f] is None)
    total = fc.base_total[o] + fc.fixed_power + OPP_BEAST * empty
    if fc.broken or empty:
        return None, 0.0, total
    combo = _best_combo(tuple(x[1] for x in fc.fixed if x is not None))
    if combo is None:
        return None, 0.0, total
    chance = 1.0 if fc.bottom_filled else 0.5
    return combo, chance, total


def round_forecast(g: Game, p: int) -> float:
    """The expected VP of the round in play for seat p (positive: p gains, negative: the opponent)."""
    if g.summoner[p] < 0 or g.summoner[1 - p] < 0:
        return 0.0
    shared = _board(g)
    base = max(g.battlefield_count(), 8) + 1 + len(g.held)
    return _forecast_value(completions(g, p, shared), opponent_view(g, p, shared), base)


def _forecast_value(ends: list[tuple[Combo | None, int, int]], opp: tuple[Combo | None, float, float],
                    base: int) -> float:
    """`round_forecast` from seat p's completions and its view of the opponent (`base`: the VP at stake)."""
    opp_combo, opp_chance, opp_total = opp
    best = -math.inf
    for combo, total, opp_change in ends:
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


def keep_value(g: Game, p: int, iid: int, pile_attrs: frozenset[str] | None = None) -> float:
    """What a card in the hand is worth for later rounds, in VP (`pile_attrs`: seat p's
    `_pile_attributes`, when the caller has them)."""
    c = g.cards[iid]
    if pile_attrs is None:
        pile_attrs = _pile_attributes(g, p)
    key = (id(c), pile_attrs)
    hit = _KEEP.get(key)
    if hit is not None and hit[0] is c:
        return hit[1]
    v = _keep_value(c, pile_attrs)
    if len(_KEEP) > 8192:
        _KEEP.clear()
    _KEEP[key] = (c, v)
    return v


# (card's id, pile attributes) -> (the card, its keep value)
_KEEP: dict[tuple[int, frozenset[str]], tuple[MozCard, float]] = {}


def _keep_value(c: MozCard, pile_attrs: frozenset[str]) -> float:
    v = 0.0
    if isinstance(c, Beast):
        v = 0.5 + max(c.power, 0) / 200
        if attr_key(c.attribute) in pile_attrs:
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


def evaluate(g: Game, p: int, forecast: bool = True) -> float:
    """How good the position is for seat p, in VP (higher is better); `forecast=False` leaves out
    the round in play (`round_forecast`), as the special step does for the round that follows."""
    o = 1 - p
    if g.is_over():
        return 1e6 if g.winner == p else -1e6 if g.winner == o else 0.0
    score = float(g.vp[p] - g.vp[o])
    if not g.zone[p]:
        score -= DECK_OUT  # O-2: the next draw step loses the match
    if forecast:
        score += round_forecast(g, p)
    # O-2: every turn uses a card of the hand or the zone, so near the end the seat with fewer
    # cards left runs out first; a special used or an attribute change pair costs one more.
    cap_me, cap_op = len(g.zone[p]) + len(g.hand[p]), len(g.zone[o]) + len(g.hand[o])
    urgency = max(0, CAPACITY_HORIZON - min(cap_me, cap_op)) / CAPACITY_HORIZON
    score += urgency * CAPACITY_WEIGHT * max(-5, min(5, cap_me - cap_op))
    attrs = _pile_attributes(g, p)
    score += HAND_WEIGHT * sum(keep_value(g, p, i, attrs) for i in g.hand[p])
    score += FOLD_OPTION * ((not g.folded[p]) - (not g.folded[o]))  # F-1: a fold kept is worth something
    return score


def _simple(card: MozCard) -> bool:
    """Whether placing `card` changes nothing but p's own side, so that `_Planner` may value the
    placement without playing it: no effect when placed (T-7), and continuous effects only on
    the summoners' totals or on the power of p's own beasts (P-1)."""
    hit = _SIMPLE.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    ok = True
    for ab in card.abilities:
        if ab.when == "placed":
            ok = False
        elif ab.when == "continuous":
            for e in ab.effects:
                if e.op == "summoner_power":
                    continue
                if e.op == "power" and e.target is not None and (e.target.this or e.target.side == "self"):
                    continue
                ok = False
    if len(_SIMPLE) > 8192:
        _SIMPLE.clear()
    _SIMPLE[id(card)] = (card, ok)
    return ok


_SIMPLE: dict[int, tuple[MozCard, bool]] = {}


class _Planner:
    """Values seat p's placements of one decision without playing them: what `evaluate` would
    say after the placement (and, for a pair, the best partner), from one reading of the board.
    Only for placements of `_simple` cards, face up; the others are played on a copy."""

    def __init__(self, g: Game, p: int) -> None:
        self.g, self.p = g, p
        o = 1 - p
        shared = _board(g)
        self.comp = _Completer(g, p, shared)
        self.opp = opponent_view(g, p, shared)
        self.bf = g.battlefield_count()
        attrs = _pile_attributes(g, p)
        self.kv = {i: keep_value(g, p, i, attrs) for i in g.hand[p]}
        self.kv_sum = sum(self.kv.values())
        self.const = float(g.vp[p] - g.vp[o]) - (DECK_OUT if not g.zone[p] else 0.0) \
            + FOLD_OPTION * ((not g.folded[p]) - (not g.folded[o]))
        self.zone_hand = len(g.zone[p]) + len(g.hand[p])
        self.cap_op = len(g.zone[o]) + len(g.hand[o])

    def can(self, a: Action) -> bool:
        """Whether `value` can tell this action's worth."""
        g, p = self.g, self.p
        if a.kind == "place":
            return _simple(g.cards[a.a])
        if a.kind == "pair":
            if g.cards[a.a].abilities:
                return False
            return all(_simple(g.cards[b]) for b in g._partners(p, a.a, a.b))
        return a.kind == "face_down"

    def value(self, a: Action) -> float:
        g, p, comp = self.g, self.p, self.comp
        if a.kind == "face_down":
            return self._value(frozenset((a.a,)), 1, 1, comp.run(frozenset((a.a,)), down=a.b))
        if a.kind == "place" and a.b == 3:
            return self._value(frozenset((a.a,)), 1, 1, comp.run(frozenset((a.a,)), help_placed=a.a))
        if a.kind == "place":
            return self._value(frozenset((a.a,)), 1, 1, comp.run(frozenset((a.a,)), self._fixed(a.a, a.b)))
        # a pair: the support with its best partner (as `_after` decides the partner)
        best = -math.inf
        reverse = g.cards[a.a].type == "reverse"
        for b in g._partners(p, a.a, a.b):
            removed = frozenset((a.a, b))
            v = self._value(removed, 1 if reverse else 2, 2, comp.run(removed, self._fixed(b, a.b)))
            best = max(best, v)
        return best

    def _fixed(self, b: int, f: int) -> Fixed:
        c = self.g.cards[b]
        assert isinstance(c, Beast)
        pw = self.comp.beast_power(b, f)
        own, opp = self.comp.spow(b)
        return (f, b, (c.attribute, c.sub_attribute, pw), pw, own, opp)

    def _value(self, removed: frozenset[int], from_hand: int, to_board: int,
               ends: list[tuple[Combo | None, int, int]]) -> float:
        g = self.g
        base = max(self.bf + to_board, 8) + 1 + len(g.held)
        score = self.const + _forecast_value(ends, self.opp, base)
        cap_me = self.zone_hand - from_hand
        urgency = max(0, CAPACITY_HORIZON - min(cap_me, self.cap_op)) / CAPACITY_HORIZON
        score += urgency * CAPACITY_WEIGHT * max(-5, min(5, cap_me - self.cap_op))
        kept = self.kv_sum - sum(self.kv[i] for i in removed if i in self.kv)
        return score + HAND_WEIGHT * kept


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
        """Each action played on a copy and the result evaluated. The copy deals again what p cannot
        see (N-3) only where the look-ahead could read it (`_reads_hidden`: p may not fold any
        more, so the opponent's turn or the special step follows; a pick while the specials
        resolve; a card whose placement draws); otherwise the hidden cards stay untouched by the
        look-ahead (the evaluation reads only what p sees) and the real game is copied as it is. Actions that place the same card (by
        its card id) the same way are worth the same and are evaluated once."""
        base: Game | None = None
        planner: _Planner | None = None
        if g.decision_kind() == "place" and self._stops_at_next(g, p):
            planner = _Planner(g, p)
        best: list[Action] = []
        best_v = -math.inf
        seen: dict[tuple, float] = {}
        for a in acts:
            key = (a.kind, g.cards[a.a].id, a.b) if a.kind in ("place", "pair", "face_down") else None
            v = seen.get(key) if key is not None else None
            if v is None and planner is not None and planner.can(a):
                v = planner.value(a)
                if key is not None:
                    seen[key] = v
            if v is None:
                if base is None:
                    base = g.determinize(p, self.rng) if self._reads_hidden(g, p, acts) else g
                c = base.clone()
                c.apply(a, check=False)
                v = self._after(c, p)
                if key is not None:
                    seen[key] = v
            if v > best_v + 1e-9:
                best, best_v = [a], v
            elif abs(v - best_v) <= 1e-9:
                best.append(a)
        return best[self.rng.randbelow(len(best))] if len(best) > 1 else best[0]

    @staticmethod
    def _stops_at_next(g: Game, p: int) -> bool:
        """Whether every placement of p leads to the next decision with nothing else done that
        `evaluate` reads: p's own fold window (b) when p may fold (F-1, F-3), or else the
        opponent's turn (it has an empty face, cards in its zone, and the turn limit is not near;
        its draw changes no count that `evaluate` reads), or p's own next draw step when the
        opponent's faces are all filled. Then `_Planner` values the placements."""
        if g.can_fold(p):
            return True
        o = 1 - p
        if not g.all_filled(o):
            return bool(g.zone[o]) and g.turn + 1 <= g.turn_limit
        # the opponent skips its turn (T-1): p's next draw step, with cards left in p's zone and
        # hand (no draw of an unseen card without a decision) and a face still empty
        return sum(1 for f in g.faces[p] if not f) >= 2 and bool(g.zone[p]) and len(g.hand[p]) >= 3 \
            and g.turn + 2 <= g.turn_limit

    @staticmethod
    def _reads_hidden(g: Game, p: int, acts: list[Action]) -> bool:
        """Whether the look-ahead of `acts` may read what p cannot see. After p's placement (and
        its partner and picks) the next decision is p's fold window (b) when p may still fold
        (F-1, F-3), and the copy stops there; otherwise the opponent's turn or the special step
        follows. A pick outside p's own turn belongs to the specials (the round may end)."""
        kind = g.decision_kind()
        if kind not in ("place", "partner", "pick") or not g.can_fold(p) or g.step != "fold_b" and kind != "place":
            return True
        if kind == "pick":
            return False
        if kind == "partner":
            return _draws_when_placed(g.cards[g.decision[2]]) or any(  # type: ignore[index]
                _draws_when_placed(g.cards[a.a]) for a in acts)
        for a in acts:
            if _draws_when_placed(g.cards[a.a]):
                return True
            if a.kind == "pair" and any(_draws_when_placed(g.cards[b]) for b in g._partners(p, a.a, a.b)):
                return True
        return False

    def _after(self, c: Game, p: int) -> float:
        """The value after an action; a `pair` or a pick of the same player is decided greedily at once."""
        guard = 0
        while not c.is_over() and c.current_player() == p and c.decision_kind() in ("partner", "pick") and guard < 6:
            guard += 1
            acts = c.legal_actions()
            if len(acts) == 1:  # nothing to compare (evaluate reads no random number)
                c.apply(acts[0], check=False)
                continue
            opts = []
            for a in acts:
                d = c.clone()
                d.apply(a, check=False)
                opts.append((evaluate(d, p), a))
            c.apply(max(opts, key=lambda x: x[0])[1], check=False)
        return evaluate(c, p)

    def _special(self, g: Game, p: int, acts: list[Action]) -> Action:
        """X-2: each choice against the opponent's possible secret choices, played to the round's end.

        The hidden cards are dealt once (`Game.determinize`), then the opponent's hand is dealt
        again from its hidden cards for each further sample. Each of the `SPECIAL_SAMPLES` deals draws one secret choice of the
        opponent (at random among the specials of its dealt hand, or none), which every own
        choice then meets (common random numbers); a pairing (own choice, the opponent's card by
        its id) is played out once and its value reused by the other deals that draw it. The value
        is `evaluate` once the next round has begun (the forecast of that round computed once for
        each hand it can begin with, `_after_round`), minus the value of keeping the card for a
        later round."""
        o = 1 - p
        scores = {a: 0.0 for a in acts}
        memo: dict[tuple[str, str], float] = {}
        forecasts: dict[tuple, float] = {}
        dealt = g.determinize(p, self.rng)
        dealt._continuous()  # computed once here, kept by every copy and deal below (speed only)
        for k in range(SPECIAL_SAMPLES):
            base = dealt if k == 0 else _deal_hand_again(dealt, o, g.chosen[o] is not None, self.rng)
            if base.chosen[o] is not None:  # the opponent chose first: the deal drew its choice
                theirs = base.chosen[o]
            elif base.sealed[o] or not any(base.cards[i].usable_as_special for i in base.hand[o]):
                theirs = -1
            else:
                opts = [-1] + [i for i in base.hand[o] if base.cards[i].usable_as_special]
                theirs = opts[self.rng.randbelow(len(opts))]
            key_o = "" if theirs is None or theirs < 0 else base.cards[theirs].id
            for a in acts:
                mine = "" if a == NONE else g.cards[a.a].id  # two copies of a special are worth the same
                v = memo.get((mine, key_o))
                if v is None:
                    c = base.clone()
                    c.apply(a, check=False)
                    self._finish_round(c, p, theirs)
                    v = memo[(mine, key_o)] = self._after_round(c, p, forecasts)
                scores[a] += v
        for a in acts:
            scores[a] /= SPECIAL_SAMPLES
            if a != NONE:
                scores[a] -= special_value(g.cards[a.a]) - HAND_WEIGHT * keep_value(g, p, a.a)
        top = max(scores.values())
        best = [a for a in acts if scores[a] >= top - 1e-9]
        return best[self.rng.randbelow(len(best))] if len(best) > 1 else best[0]

    @staticmethod
    def _after_round(c: Game, p: int, forecasts: dict[tuple, float]) -> float:
        """`evaluate(c, p)` after a special step played out, where the forecast of the round that
        follows is read from `forecasts` when a play-out before began it with the same summoner
        of p, hand, hole, held pile and changes to the totals (the opponent's next summoner is
        that of the deal that first reached it: the first deal, which every own choice meets,
        for the rounds that follow a won or lost round, so that the own choices are compared
        on the same summoners)."""
        v = evaluate(c, p, forecast=False)
        if c.is_over() or c.summoner[p] < 0 or c.summoner[1 - p] < 0 or any(c.faces[0]) or any(c.faces[1]):
            return v + (round_forecast(c, p) if not c.is_over() else 0.0)
        cards = c.cards
        key = (cards[c.summoner[p]].id, tuple(sorted(cards[i].id for i in c.hand[p])),
               tuple(sorted(cards[i].id for i in c.hole[p])), len(c.held), tuple(c.sum_mods), p)
        f = forecasts.get(key)
        if f is None:
            f = forecasts[key] = round_forecast(c, p)
        return v + f

    def _finish_round(self, c: Game, p: int, theirs: int | None) -> None:
        """Play the rest of the round: the opponent's special is `theirs` (-1: none), card-effect
        picks greedily for whoever picks."""
        r = c.round
        guard = 0
        while not c.is_over() and c.round == r and guard < 50:
            guard += 1
            kind = c.decision_kind()
            q = c.current_player()
            if kind == "special":
                c.apply(NONE if q == p or theirs is None or theirs < 0 else Action("special", theirs), check=False)
            elif kind == "pick":
                acts = c.legal_actions()
                c.apply(acts[0] if len(acts) == 1 else max(acts, key=lambda a, q=q: _settled_after(c, a, q)),
                        check=False)
            else:
                break


def _deal_hand_again(g: Game, o: int, chosen_hidden: bool, rng: Rng) -> Game:
    """A copy of a dealt game in which seat o's hand is dealt again from all of o's hidden cards
    (hand, zone, face-down cards; a partial shuffle: only the hand's places are drawn), and its
    secret special choice again from that hand when it is hidden (as `Game.determinize` does)."""
    c = g.clone()
    c.cards = list(g.cards)
    hidden = list(c.hand[o]) + list(c.zone[o]) + [i for side in c.faces[o] for i in side if i in c.down]
    ids = [c.cards[i] for i in hidden]
    n = len(ids)
    for k in range(len(c.hand[o])):
        j = k + rng.randbelow(n - k)
        ids[k], ids[j] = ids[j], ids[k]
    for i, card in zip(hidden, ids, strict=True):
        c.cards[i] = card
    if chosen_hidden and not c.sealed[o]:
        usable = [-1] + [i for i in c.hand[o] if c.cards[i].usable_as_special]
        c.chosen[o] = usable[rng.randbelow(len(usable))]
    c._keep_continuous(g)
    return c


def _draws_when_placed(card: MozCard) -> bool:
    """Whether placing `card` draws (T-7): the look-ahead would read the zone's hidden order."""
    return any(ab.when == "placed" and any(e.op == "draw" for e in ab.effects) for ab in card.abilities)


def _settled_after(g: Game, a: Action, p: int) -> float:
    """The value for seat p after a pick while the specials resolve: the round's result as it
    would be decided now (V-1: a special's decision, the combos, then the totals; V-3..V-5: the
    cards on the battlefield times the winner's multiplier plus the held cards), plus the kept
    cards' value (an exchange changes the hand)."""
    c = g.clone()
    c.apply(a, check=False)
    o = 1 - p
    if c.is_over():
        return 1e6 if c.winner == p else -1e6 if c.winner == o else 0.0
    v = float(c.vp[p] - c.vp[o])
    if c.summoner[p] >= 0 and c.summoner[o] >= 0:
        combos: tuple[Combo | None, Combo | None] = (None, None)
        if c.decided is not None:
            winner = c.decided[1] if c.decided[0] == "win" else None
        else:
            cc = c._continuous()
            combos = (c.combo(0, cc), c.combo(1, cc))
            r = compare(combos[0], combos[1])
            if r == 0:
                t = c.totals(cc)
                r = (t[0] > t[1]) - (t[0] < t[1])
            winner = None if r == 0 else 0 if r > 0 else 1
        if winner is not None:
            combo = combos[winner] if c.decided is None else None
            gain = c.battlefield_count() * (combo.multiplier if combo is not None else 1) + len(c.held)
            v += gain if winner == p else -gain
    attrs = _pile_attributes(c, p)
    return v + HAND_WEIGHT * sum(keep_value(c, p, i, attrs) for i in c.hand[p])


def _after(g: Game, a: Action, p: int) -> float:
    c = g.clone()
    c.apply(a, check=False)
    return evaluate(c, p)
