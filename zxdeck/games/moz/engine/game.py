"""The MOZ rules engine: `Game` with the same agent API as the Z/X engine.

A game is its seed, its two decks and the actions applied (`history`): replaying
them gives the same game (N-4). The API: `legal_actions()`, `apply(action)`,
`clone()`, `current_player()` (0 or 1), `is_over()`, `winner` (0, 1 or None),
`reason`, `turn`, `observation(player)` and `determinize(viewer, rng)`.

The engine is a step machine (`step`, MOZ_RULES.md sections 4 to 15): it runs
forced steps by itself and stops at each decision of N-2 (`decision`). Card
effects (N-5) are queued in `effects` and run before the next step; an effect
that asks for targets stops at a `pick` decision.

Seats are 0 and 1 (p1 and p2 of the rules). Faces are 0 top, 1 left, 2 right,
3 bottom. Cards are instances (`iid`, an index into `cards`); `owner[iid]` is
the seat that owns it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from zxdeck.errors import ZxError
from zxdeck.games.moz.catalog.model import (
    FACES,
    Ability,
    Beast,
    Effect,
    MozCard,
    Summoner,
    Support,
    Target,
    same_attribute,
)
from zxdeck.games.moz.engine.actions import DRAW, FOLD, GO, NONE, SKIP, Action
from zxdeck.games.moz.engine.combos import Combo, best_combo, compare
from zxdeck.rng import Rng
from zxdeck.text import name_key

WIN_VP = 50  # W-1
HAND_SIZE = 7  # S-3
FOLD_DRAW_LIMIT = 4  # F-3
DEFAULT_TURN_LIMIT = 400  # W-3
BOTTOM = 3
SEATS = ("p1", "p2")
# a one-shot effect that found nothing to act on, in words (by the pick's purpose)
_NO_TARGET = {
    "power": "no beast to change the power of",
    "guard": "no card to turn face down",
    "send_back": "no card to send to the hole",
    "exchange_face": "no beast to exchange",
}
# special primitives that act at the reveal, before the specials resolve
_AT_REVEAL = ("nullify", "seal")


# what `clone` copies: the per-seat lists of lists, and the lists
_NESTED = ("unordered", "pile", "finished", "zone", "hand", "hole", "specials", "face_attr")
_FLAT = ("vp", "folded", "summoner", "draws_begun", "chosen", "sum_mods", "speed_mods", "sealed", "protected",
         "nullify", "zone_size", "held", "effects", "history", "owner", "rounds")
_FACE_INDEXES: dict[tuple[str, ...], tuple[int, ...]] = {}  # a selector's faces as indexes (`targets`)


class IllegalActionError(ZxError):
    """An action that is not among `legal_actions()`."""


class DeckError(ZxError):
    """A deck the engine cannot play (it needs 5 summoners and at least 7 zone cards)."""


def split_deck(cards: Iterable[MozCard]) -> tuple[list[Summoner], list[MozCard]]:
    """D-2: every summoner goes to the pile, every other card to the zone."""
    pile: list[Summoner] = []
    zone: list[MozCard] = []
    for c in cards:
        if isinstance(c, Summoner):
            pile.append(c)
        else:
            zone.append(c)
    return pile, zone


class Game:
    """One MOZ match between seats 0 and 1 (see the module docstring)."""

    def __init__(self, deck1: Sequence[MozCard], deck2: Sequence[MozCard], seed: int = 0,
                 turn_limit: int = DEFAULT_TURN_LIMIT, record: bool = True) -> None:
        self.seed = seed
        self.turn_limit = turn_limit
        self.rng = Rng(seed)
        self.cards: list[MozCard] = []
        self.owner: list[int] = []
        self.zone_size = [0, 0]
        self.unordered: list[list[int]] = [[], []]  # summoners waiting to be ordered (S-1, R-9)
        self.pile: list[list[int]] = [[], []]  # index 0 is the top (Z-2)
        self.summoner = [-1, -1]
        self.finished: list[list[int]] = [[], []]
        self.zone: list[list[int]] = [[], []]  # the last card is the top
        self.hand: list[list[int]] = [[], []]
        self.hole: list[list[int]] = [[], []]
        self.vp = [0, 0]
        self.folded = [False, False]
        self.held: list[int] = []
        for p, deck in enumerate((deck1, deck2)):
            summoners, zone = split_deck(deck)
            if len(summoners) != 5 or len(zone) < HAND_SIZE:
                raise DeckError(f"{SEATS[p]}: a deck needs 5 summoners and at least {HAND_SIZE} other cards "
                                f"(has {len(summoners)} and {len(zone)})")
            for c in summoners:
                self.unordered[p].append(self._add(c, p))
            for c in zone:
                self.zone[p].append(self._add(c, p))
            self.zone_size[p] = len(zone)
        # the round
        self.round = 0
        self.rebuilds = 0
        self.round_first = 0  # the first player of the current round
        self.first = -1  # the first player of round 1 (what zxdeck.sim counts as going first)
        self.turn_player = 0
        self.draws_begun = [0, 0]
        self.faces: list[list[list[int]]] = [[[] for _ in FACES] for _ in (0, 1)]
        self.face_attr: list[list[str]] = [["", "", ""], ["", "", ""]]
        self.down: set[int] = set()
        self.specials: list[list[int]] = [[], []]  # specials in use this round
        self.chosen: list[int | None] = [None, None]  # the secret choice (-1 = none)
        self.cancelled: set[int] = set()  # X-3 / nullify
        self.mods: dict[int, int] = {}  # one-shot power changes this round, by beast
        self.sum_mods = [0, 0]
        self.speed_mods = [0, 0]
        self.sealed = [False, False]
        self.protected = [False, False]
        self.nullify = [False, False]
        self.decided: tuple[str, int] | None = None  # ("win", seat) / ("tie", -1): V-1 step 1
        self._cont_cache: tuple[tuple, tuple] | None = None  # (key, value) of `_continuous`
        self.last_result: dict[str, Any] | None = None
        # per round: [first player, winner (None: a tie), whether speed chose the first player]
        self.rounds: list[list[Any]] = []
        self.by_speed = True
        # the match
        self.turn = 0
        self.step = "order"
        self.decision: tuple | None = None
        self.effects: list[tuple[int, int, Effect]] = []
        self.picking: dict[str, Any] | None = None
        self.over = False
        self.winner: int | None = None
        self.reason = ""
        self.history: list[Action] = []
        self.events: list[str] | None = [] if record else None
        # told of each card drawn and played: on_card("drawn" | "played", seat, iid) (card stats)
        self.on_card: Callable[[str, int, int], None] | None = None
        # the same events as data (`_rec`): kind, fields, card moves, zone counts; None when not recording
        self.records: list[dict[str, Any]] | None = [] if record else None
        # S-2, S-3: shuffle each zone, draw the opening hands (S-1, the order, is the players' first decision)
        for p in (0, 1):
            self.rng.shuffle(self.zone[p])
            if self.records is not None:
                self._rec("shuffle", player=SEATS[p])
            for _ in range(HAND_SIZE):
                self.hand[p].append(self.zone[p].pop())
            if self.records is not None:
                self._rec("opening_hand", player=SEATS[p], cards=list(self.hand[p]),
                          moves=[(i, "zone", "hand") for i in self.hand[p]])
        self._advance()

    # --- the agent API -----------------------------------------------------------------------

    def current_player(self) -> int:
        """The seat that decides now (-1 when the match is over)."""
        return -1 if self.decision is None else self.decision[1]

    def is_over(self) -> bool:
        return self.over

    def legal_actions(self) -> list[Action]:
        d = self.decision
        if d is None:
            return []
        kind, p = d[0], d[1]
        if kind == "order":
            return [Action("order", s) for s in self.unordered[p]]
        if kind == "fold":
            return [GO, FOLD]
        if kind == "draw":
            return [DRAW, SKIP]
        if kind == "place":
            return self.placements(p)
        if kind == "partner":
            return [Action("pick", b) for b in self._partners(p, d[2], d[3])]
        if kind == "special":
            return [NONE] + [Action("special", i) for i in self.hand[p] if self.cards[i].usable_as_special]
        if kind == "pick":
            assert self.picking is not None
            return [Action("pick", o) for o in self.picking["options"]]
        raise AssertionError(kind)

    def apply(self, action: Action, check: bool = True) -> None:
        """Play `action`; `check=False` skips the legality check (for an agent's look-ahead on a
        copy, with an action it took from `legal_actions()`: the same game, without listing them again)."""
        if self.over or self.decision is None:
            raise IllegalActionError("the match is over")
        if check:
            action = Action(*action)
        if check and action not in self.legal_actions():
            raise IllegalActionError(f"{action} is not a legal action now ({self.decision[0]} of "
                                     f"{SEATS[self.decision[1]]})")
        d, self.decision = self.decision, None
        self.history.append(action)
        getattr(self, f"_do_{d[0]}")(d, action)
        self._advance()

    def decision_kind(self) -> str:
        return "" if self.decision is None else self.decision[0]

    def clone(self) -> Game:
        """An independent copy (the event record is not copied)."""
        g = Game.__new__(Game)
        d = self.__dict__.copy()
        for key in _NESTED:
            x = d[key]
            d[key] = [x[0][:], x[1][:]]
        f0, f1 = self.faces
        d["faces"] = [[f0[0][:], f0[1][:], f0[2][:], f0[3][:]], [f1[0][:], f1[1][:], f1[2][:], f1[3][:]]]
        for key in _FLAT:
            d[key] = d[key][:]
        d["down"] = set(self.down)
        d["cancelled"] = set(self.cancelled)
        d["mods"] = self.mods.copy()
        if self.picking is not None:
            d["picking"] = self.picking.copy()
        r = Rng.__new__(Rng)
        r.state = self.rng.state
        d["rng"] = r
        d["events"] = None
        d["on_card"] = None
        d["records"] = None
        g.__dict__ = d  # "cards" stays shared: replaced (not mutated) by determinize
        return g

    def sim_summary(self) -> dict[str, Any]:
        """What `sim` and `tournament` report of a MOZ match besides its winner (zxdeck.sim.core):
        each round's first player (R-3: by speed, or a coin flip on equal speed) and winner."""
        return {"rounds": [list(r) for r in self.rounds]}

    def returns(self) -> tuple[float, float]:
        """1 for the winner, 0 for the loser, 0.5 each for a tie."""
        if self.winner is None:
            return (0.5, 0.5)
        return (1.0, 0.0) if self.winner == 0 else (0.0, 1.0)

    # --- reading the board -------------------------------------------------------------------

    def filled(self, p: int, f: int) -> bool:
        return bool(self.faces[p][f])

    def all_filled(self, p: int) -> bool:
        return all(self.faces[p])

    def beast_on(self, p: int, f: int) -> int:
        """The face-up beast of a face, or -1 (Z-5: a face-down card is no beast)."""
        cards = self.faces[p][f]
        if not cards:
            return -1
        b = cards[-1]
        return b if b not in self.down and self.cards[b].is_beast else -1

    def on_faces(self, p: int) -> list[int]:
        return [i for f in self.faces[p] for i in f]

    def battlefield_count(self) -> int:
        """Z-7, V-3: cards on faces (pairs count 2, face-down included) and specials in use, both players."""
        return sum(len(f) for side in self.faces for f in side) + len(self.specials[0]) + len(self.specials[1])

    def _active_abilities(self, when: str) -> list[tuple[int, int, Ability]]:
        """(controller, source, ability) of face-up cards on faces and of the current summoners."""
        out = []
        for p in (0, 1):
            s = self.summoner[p]
            if s >= 0:
                out += [(p, s, a) for a in self.cards[s].abilities if a.when == when]
            for f in self.faces[p]:
                for i in f:
                    if i not in self.down:
                        out += [(p, i, a) for a in self.cards[i].abilities if a.when == when]
        return out

    def condition_holds(self, p: int, ability: Ability) -> bool:
        """An ability's `if` (CONDITION_KEYS), read from the summoners' printed values."""
        if not ability.condition:
            return True
        mine = self.cards[self.summoner[p]] if self.summoner[p] >= 0 else None
        theirs = self.cards[self.summoner[1 - p]] if self.summoner[1 - p] >= 0 else None
        for key, value in ability.condition:
            side, _, what = key.partition("_")
            s = mine if side == "own" else theirs
            if not isinstance(s, Summoner):
                return False
            if what == "sex" and s.sex != value:
                return False
            if what == "level_min" and s.level < value:
                return False
            if what == "level_max" and s.level > value:
                return False
            if what == "speed_min" and s.speed < value:
                return False
            if what == "attribute" and not any(same_attribute(a, str(value)) for a in s.summon_attributes):
                return False
        return True

    def _continuous(self) -> tuple[dict[int, int], list[int], list[int]]:
        """P-1, T-8: continuous power changes by beast, summoner power and speed changes by seat
        (read only: the value is cached until the summoners, the faces or the face-down cards
        change, or the cards are dealt again by `determinize`)."""
        f0, f1 = self.faces
        key = (id(self.cards), self.summoner[0], self.summoner[1], tuple(map(tuple, f0)),
               tuple(map(tuple, f1)), frozenset(self.down))
        hit = self._cont_cache
        if hit is not None and hit[0] == key:
            return hit[1]  # type: ignore[return-value]
        # the same board in another copy or deal (the same card objects on the same places): the
        # value depends on nothing else, so it is shared (speed only; bounded)
        cards = self.cards
        s0, s1 = self.summoner
        objs = tuple(cards[i] for i in (s0, s1) if i >= 0) + tuple(cards[i] for side in key[3:5] for f in side for i in f)
        gkey = (key[1:], tuple(map(id, objs)))
        ghit = _CONT_MEMO.get(gkey)
        if ghit is not None:
            value = ghit[1]
        else:
            value = self._compute_continuous()
            if len(_CONT_MEMO) > 4096:
                _CONT_MEMO.clear()
            _CONT_MEMO[gkey] = (objs, value)  # the objects kept: their ids are not reused while cached
        self._cont_cache = (key, value)
        return value

    def _compute_continuous(self) -> tuple[dict[int, int], list[int], list[int]]:
        beast: dict[int, int] = {}
        total = [0, 0]
        speed = [0, 0]
        for p, src, ab in self._active_abilities("continuous"):
            if not self.condition_holds(p, ab):
                continue
            for e in ab.effects:
                side = p if e.side == "self" else 1 - p
                if e.op == "power" and e.target is not None:
                    for q, f in self.targets(p, src, e.target):
                        b = self.beast_on(q, f)
                        if b >= 0:
                            beast[b] = beast.get(b, 0) + e.amount
                elif e.op == "summoner_power":
                    total[side] += e.amount
                elif e.op == "speed":
                    speed[side] += e.amount
        return beast, total, speed

    def power(self, iid: int, cont: dict[int, int] | None = None) -> int:
        """A beast's current power (P-1; Z-5: 0 face down)."""
        if iid in self.down:
            return 0
        c = self.cards[iid]
        base = c.power if isinstance(c, Beast) else 0
        if cont is None:
            cont = self._continuous()[0]
        return base + self.mods.get(iid, 0) + cont.get(iid, 0)

    def totals(self, continuous: tuple | None = None) -> tuple[int, int]:
        """P-1, P-2: both summoners' total power (`continuous`: `_continuous()`, when the caller has it)."""
        cont, extra, _ = continuous if continuous is not None else self._continuous()
        out = []
        for p in (0, 1):
            t = self.sum_mods[p] + extra[p]
            for f in range(3):
                b = self.beast_on(p, f)
                if b >= 0:
                    t += self.power(b, cont)
            out.append(t)
        return out[0], out[1]

    def speed(self, p: int) -> int:
        """R-3: the current summoner's speed after R-2 changes and continuous effects."""
        s = self.cards[self.summoner[p]]
        assert isinstance(s, Summoner)
        return s.speed + self.speed_mods[p] + self._continuous()[2][p]

    def combo(self, p: int, continuous: tuple | None = None) -> Combo | None:
        """C-2, C-4, C-5: the best combo of seat p's summoner, or None (`continuous`: as `totals`)."""
        if self.summoner[p] < 0:
            return None
        for f in range(4):
            cards = self.faces[p][f]
            if not cards or any(i in self.down for i in cards):
                return None
        cont = (continuous if continuous is not None else self._continuous())[0]
        beasts = []
        for f in range(3):
            b = self.beast_on(p, f)
            if b < 0:
                return None
            c = self.cards[b]
            assert isinstance(c, Beast)
            beasts.append((c.attribute, c.sub_attribute, self.power(b, cont)))
        return best_combo(beasts)

    def targets(self, p: int, src: int, t: Target, exclude: Iterable[tuple[int, int]] = ()) -> list[tuple[int, int]]:
        """The faces (seat, face) a selector picks for controller p (see model.Target)."""
        side = t.side
        seats = (p,) if side == "self" else (1 - p,) if side == "opponent" else (0, 1) if side == "any" else None
        if seats is None:
            raise KeyError(side)
        skip = set(exclude) if exclude else None
        faces = _FACE_INDEXES.get(t.faces)
        if faces is None:
            faces = _FACE_INDEXES[t.faces] = tuple(FACES.index(x) for x in t.faces)
        out = []
        for q in seats:
            for f in faces:
                if skip is not None and (q, f) in skip:
                    continue
                cards = self.faces[q][f]
                if not cards:
                    continue
                if t.this and src not in cards:
                    continue
                b = self.beast_on(q, f)
                if t.kind == "beast" and b < 0:
                    continue
                if t.attribute is not None or t.sub_attribute is not None or t.power_min is not None \
                        or t.power_max is not None:
                    if b < 0:
                        continue
                    c = self.cards[b]
                    assert isinstance(c, Beast)
                    if t.attribute is not None and not same_attribute(c.attribute, t.attribute):
                        continue
                    if t.sub_attribute is not None and c.sub_attribute != t.sub_attribute:
                        continue
                    if t.power_min is not None and c.power < t.power_min:
                        continue
                    if t.power_max is not None and c.power > t.power_max:
                        continue
                out.append((q, f))
        return out

    # --- placements (L) ----------------------------------------------------------------------

    def _face_ok(self, p: int, f: int, beast: int) -> bool:
        c = self.cards[beast]
        return isinstance(c, Beast) and same_attribute(c.attribute, self.face_attr[p][f])  # L-2

    def _partners(self, p: int, support: int, f: int) -> list[int]:
        c = self.cards[support]
        if c.type == "reverse":  # L-4: a beast of the own hole that matches the face
            return [b for b in self.hole[p] if self._face_ok(p, f, b)]
        assert isinstance(c, Support)  # L-5: a beast of the hand with the card's attribute
        return [b for b in self.hand[p] if isinstance(self.cards[b], Beast)
                and same_attribute(self.cards[b].attribute, c.attribute)]  # type: ignore[union-attr]

    def face_up_placements(self, p: int) -> list[Action]:
        """T-5, L-1..L-7: every legal face-up placement."""
        out = []
        empty = [f for f in range(4) if not self.faces[p][f]]
        for i in self.hand[p]:
            c = self.cards[i]
            if c.is_beast:
                out += [Action("place", i, f) for f in empty if f < 3 and self._face_ok(p, f, i)]
            elif c.usable_as_help:
                if BOTTOM in empty:
                    out.append(Action("place", i, BOTTOM))
            elif c.type in ("reverse", "attribute_change"):
                hand_ok = c.type == "attribute_change" and bool(self._partners(p, i, 0))
                for f in empty:
                    if f < 3 and (hand_ok or (c.type == "reverse" and self._partners(p, i, f))):
                        out.append(Action("pair", i, f))
        return out

    def placements(self, p: int) -> list[Action]:
        """T-5, or T-6 and L-8 when no face-up placement is legal."""
        up = self.face_up_placements(p)
        if up:
            return up
        empty = [f for f in range(4) if not self.faces[p][f]]
        return [Action("face_down", i, f) for i in self.hand[p] for f in empty]

    # --- folding (F) -------------------------------------------------------------------------

    def can_fold(self, p: int) -> bool:
        """F-1, F-3: once per match, and only while nobody has begun a 4th draw step this round."""
        return not self.folded[p] and max(self.draws_begun) < FOLD_DRAW_LIMIT

    # --- the step machine --------------------------------------------------------------------

    def _note(self, text: str) -> None:
        if self.records is not None:
            self._rec("note", text)

    def _rec(self, kind: str, text: str | None = None, moves: Iterable[tuple[int, str, str]] = (),
             **data: Any) -> None:
        """Record one event (only when recording): its words (`events`, as the terminal narrates
        them; None for a silent event) and its data (`records`): `event`, the fields, the card
        `moves` (instance id, from, to) already applied, and the zone counts after it. Callers ask
        only when recording (`records` is not None), so that a game played without a record (the
        agents' look-ahead copies, `sim`) does not build the words."""
        if self.records is None:
            return
        if text is not None and self.events is not None:
            self.events.append(text)
        rec: dict[str, Any] = {"event": kind, "round": self.round, "turn": self.turn,
                               "active": SEATS[self.turn_player], "phase": self.step, **data}
        mv = [{"card": i, "id": self.cards[i].id, "owner": SEATS[self.owner[i]], "from": a, "to": b}
              for i, a, b in moves]
        if mv:
            rec["moves"] = mv
        if text is not None:
            rec["text"] = text
        rec["state"] = self.zone_counts()
        self.records.append(rec)

    def zone_counts(self) -> dict[str, dict[str, int]]:
        """Each seat's cards by zone (N-6): `zone`, `hand`, `hole`, `faces` (both cards of a pair,
        face-down ones included), `specials` (in use, X-6), `held` (the seat's cards in the held pile,
        H-2) add up to the zone size; `unordered`, `pile`, `summoner`, `finished` add up to 5."""
        out = {}
        for p in (0, 1):
            out[SEATS[p]] = {
                "zone": len(self.zone[p]), "hand": len(self.hand[p]), "hole": len(self.hole[p]),
                "faces": sum(len(f) for f in self.faces[p]), "specials": len(self.specials[p]),
                "held": sum(1 for i in self.held if self.owner[i] == p),
                "unordered": len(self.unordered[p]), "pile": len(self.pile[p]),
                "summoner": int(self.summoner[p] >= 0), "finished": len(self.finished[p]),
            }
        return out

    def _name(self, iid: int) -> str:
        return self.cards[iid].name

    def _advance(self) -> None:
        while self.decision is None and not self.over:
            if self.effects:
                p, src, eff = self.effects.pop(0)
                self._run_effect(p, src, eff)
                continue
            getattr(self, f"_step_{self.step}")()

    def _step_order(self) -> None:
        """S-1, R-9: each player in turn lays the summoners in a secret order (top first)."""
        for p in (0, 1):
            if len(self.unordered[p]) > 1:
                self.decision = ("order", p)
                return
            if self.unordered[p]:
                i = self.unordered[p].pop()
                self.pile[p].append(i)
                if self.records is not None:
                    self._rec("order", player=SEATS[p], card=i, moves=[(i, "unordered", "pile")])
        self.step = "round_start"

    def _do_order(self, d: tuple, a: Action) -> None:
        p = d[1]
        self.unordered[p].remove(a.a)
        self.pile[p].append(a.a)
        if self.records is not None:
            self._rec("order", player=SEATS[p], card=a.a, moves=[(a.a, "unordered", "pile")])

    def _step_round_start(self) -> None:
        """R-1, R-2: reveal both summoners, queue their compatibility effects (p1's first)."""
        self.round += 1
        self.draws_begun = [0, 0]
        for p in (0, 1):
            self.summoner[p] = self.pile[p].pop(0)
            s = self.cards[self.summoner[p]]
            assert isinstance(s, Summoner)
            self.face_attr[p] = list(s.summon_attributes)
        if self.records is not None:
            self._rec("round_start", f"round {self.round}: {self._name(self.summoner[0])} vs "
                      f"{self._name(self.summoner[1])}", summoners=list(self.summoner),
                      moves=[(self.summoner[p], "pile", "summoner") for p in (0, 1)])
        for p in (0, 1):
            for ab in self.cards[self.summoner[p]].abilities:
                if ab.when == "round_start" and self.condition_holds(p, ab):
                    self.effects += [(p, self.summoner[p], e) for e in ab.effects]
        self.step = "first"

    def _step_first(self) -> None:
        """R-3: the faster summoner's player goes first; equal speed: a seeded coin flip."""
        s0, s1 = self.speed(0), self.speed(1)
        self.round_first = 0 if s0 > s1 else 1 if s1 > s0 else self.rng.randbelow(2)
        self.by_speed = s0 != s1
        if self.round == 1:
            self.first = self.round_first
        self.turn_player = self.round_first
        if self.records is not None:
            self._rec("first", f"speed {s0} vs {s1}: {SEATS[self.round_first]} goes first", speeds=[s0, s1],
                      first=SEATS[self.round_first])
        self.step = "turn"

    def _step_turn(self) -> None:
        p = self.turn_player
        self.turn += 1
        if self.turn > self.turn_limit:  # W-3
            self._end_match(None, "turn_limit")
            return
        if self.all_filled(p):  # T-1, O-4: skipped entirely
            if self.records is not None:
                self._rec("skip_turn", f"{SEATS[p]} skips the turn (all faces filled)", player=SEATS[p])
            self.step = "turn_end"
            return
        self.step = "fold_a"

    def _step_fold_a(self) -> None:
        """T-2: fold window (a)."""
        self.step = "draw"
        if self.can_fold(self.turn_player):
            self.decision = ("fold", self.turn_player, "a")

    def _step_draw(self) -> None:
        """T-3, T-4, O-2."""
        p = self.turn_player
        self.draws_begun[p] += 1
        if not self.zone[p]:
            if self.records is not None:
                self._rec("deck_out", f"{SEATS[p]} begins a draw step with an empty zone and loses", player=SEATS[p])
            self._end_match(1 - p, "deck_out")
            return
        self.step = "place"
        if self.hand[p]:
            self.decision = ("draw", p)
        else:
            self._draw(p)

    def _draw(self, p: int) -> None:
        iid = self.zone[p].pop()
        self.hand[p].append(iid)
        if self.on_card is not None:
            self.on_card("drawn", p, iid)
        if self.records is not None:
            self._rec("draw", player=SEATS[p], card=iid, moves=[(iid, "zone", "hand")])

    def _do_draw(self, d: tuple, a: Action) -> None:
        if a == DRAW:
            self._draw(d[1])
        else:
            if self.records is not None:
                self._rec("skip_draw", f"{SEATS[d[1]]} skips the draw", player=SEATS[d[1]])

    def _do_fold(self, d: tuple, a: Action) -> None:
        if a == FOLD:
            self._fold(d[1])

    def _step_place(self) -> None:
        self.decision = ("place", self.turn_player)

    def _do_place(self, d: tuple, a: Action) -> None:
        p = d[1]
        self.step = "fold_b"
        if a.kind == "pair":
            self.decision = ("partner", p, a.a, a.b)
            return
        self.hand[p].remove(a.a)
        self.faces[p][a.b].append(a.a)
        if self.on_card is not None:
            self.on_card("played", p, a.a)
        if a.kind == "face_down":  # T-6, L-8, Z-5
            self.down.add(a.a)
            if self.records is not None:
                self._rec("place", f"{SEATS[p]} places a card face down on {FACES[a.b]}", player=SEATS[p],
                          card=a.a, face=FACES[a.b], face_up=False, moves=[(a.a, "hand", "faces")])
            return
        if self.records is not None:
            self._rec("place", f"{SEATS[p]} places {self._name(a.a)} on {FACES[a.b]}", player=SEATS[p], card=a.a,
                      face=FACES[a.b], face_up=True, moves=[(a.a, "hand", "faces")])
        self._placed(p, [a.a])

    def _do_partner(self, d: tuple, a: Action) -> None:
        """L-4, L-5: the support and its beast go onto the face together."""
        p, support, f = d[1], d[2], d[3]
        c = self.cards[support]
        self.hand[p].remove(support)
        if c.type == "reverse":
            self.hole[p].remove(a.a)
        else:
            self.hand[p].remove(a.a)
            assert isinstance(c, Support) and c.attribute is not None
            self.face_attr[p][f] = c.attribute
        self.faces[p][f] += [support, a.a]
        if self.on_card is not None:
            self.on_card("played", p, support)
            if c.type != "reverse":
                self.on_card("played", p, a.a)
        if self.records is not None:
            self._rec("place_pair", f"{SEATS[p]} places {self._name(support)} with {self._name(a.a)} on {FACES[f]}",
                      player=SEATS[p], card=support, beast=a.a, face=FACES[f],
                      moves=[(support, "hand", "faces"), (a.a, "hole" if c.type == "reverse" else "hand", "faces")])
        self._placed(p, [support, a.a])

    def _placed(self, p: int, iids: list[int]) -> None:
        """T-7: queue the `placed` effects of the cards just placed."""
        for i in iids:
            for ab in self.cards[i].abilities:
                if ab.when == "placed" and self.condition_holds(p, ab):
                    self.effects += [(p, i, e) for e in ab.effects]

    def _step_fold_b(self) -> None:
        """T-8 (totals are computed when read), T-9: fold window (b)."""
        self.step = "turn_end"
        if self.can_fold(self.turn_player):
            self.decision = ("fold", self.turn_player, "b")

    def _step_turn_end(self) -> None:
        """T-10, R-4."""
        if self.all_filled(0) and self.all_filled(1):
            self.step = "special"
            return
        self.turn_player = 1 - self.turn_player
        self.step = "turn"

    def _step_special(self) -> None:
        """X-1, X-2: each player chooses a special or none, in secret (first player asked first)."""
        for p in (self.round_first, 1 - self.round_first):
            if self.chosen[p] is None:
                usable = any(self.cards[i].usable_as_special for i in self.hand[p])
                if self.sealed[p] or not usable:
                    self.chosen[p] = -1
                else:
                    self.decision = ("special", p)
                    return
        self.step = "reveal"

    def _do_special(self, d: tuple, a: Action) -> None:
        self.chosen[d[1]] = a.a if a.kind == "special" else -1

    def _step_reveal(self) -> None:
        """X-2..X-4, X-6: reveal together; same names cancel; nullify; resolve first player's first."""
        used = []
        for p in (0, 1):
            i = self.chosen[p]
            if i is not None and i >= 0:
                self.hand[p].remove(i)
                self.specials[p].append(i)
                if self.on_card is not None:
                    self.on_card("played", p, i)
                used.append(i)
                if self.records is not None:
                    self._rec("special", f"{SEATS[p]} uses {self._name(i)}", player=SEATS[p], card=i,
                              moves=[(i, "hand", "specials")])
        a, b = self.chosen
        if a is not None and b is not None and a >= 0 and b >= 0 and \
                name_key(self.cards[a].name) == name_key(self.cards[b].name):
            self.cancelled |= {a, b}
            if self.records is not None:
                self._rec("cancelled", "both specials have the same name: neither has any effect", cards=[a, b],
                          reason="same_name")
        self._seal_at_reveal()
        for p in (0, 1):
            i = self.chosen[p]
            if i is not None and i >= 0 and i not in self.cancelled and self._special_has(i, "nullify"):
                self.nullify[p] = True
        for p in (0, 1):
            j = self.chosen[1 - p]
            if self.nullify[p] and j is not None and j >= 0:
                self.cancelled.add(j)
                if self.records is not None:
                    self._rec("cancelled", f"{self._name(j)} is nullified", cards=[j], reason="nullify")
        for p in (self.round_first, 1 - self.round_first):
            i = self.chosen[p]
            if i is not None and i >= 0 and i not in self.cancelled:
                for ab in self._special_abilities(i):
                    if self.condition_holds(p, ab):
                        self.effects += [(p, i, e) for e in ab.effects if e.op not in _AT_REVEAL]
        self.step = "result"

    def _seal_at_reveal(self) -> None:
        """N-5, D-17, X-2, X-4: SP封じ acts at the reveal, before any special resolves (ruling): the
        sealed player may not use a special this round, so the special they chose goes back to their
        hand unused (no effect, not on the battlefield, V-3). Two seals (not cancelled by X-3) seal
        each other: both stay used and neither has any effect."""
        seals = [p for p in (0, 1) if (i := self.chosen[p]) is not None and i >= 0
                 and i not in self.cancelled and self._special_has(i, "seal")]
        if len(seals) == 2:
            self.cancelled |= {self.chosen[0], self.chosen[1]}  # type: ignore[arg-type]
            if self.records is not None:
                self._rec("cancelled", "both specials seal the other: neither has any effect",
                          cards=[self.chosen[0], self.chosen[1]], reason="seal")
            return
        for p in seals:
            self.sealed[1 - p] = True
            src = self._name(self.chosen[p])  # type: ignore[index]
            j = self.chosen[1 - p]
            if j is None or j < 0:
                if self.records is not None:
                    self._rec("seal", f"{src}: {SEATS[1 - p]} may not use a special this round",
                              player=SEATS[p], card=self.chosen[p], sealed=SEATS[1 - p])
                continue
            self.specials[1 - p].remove(j)
            self.hand[1 - p].append(j)
            self.chosen[1 - p] = -1
            if self.records is not None:
                self._rec("seal", f"{src}: {SEATS[1 - p]} may not use a special this round: "
                          f"{self._name(j)} goes back to the hand unused", player=SEATS[p], card=self.chosen[p],
                          sealed=SEATS[1 - p], returned=j, moves=[(j, "specials", "hand")])

    def _special_has(self, iid: int, op: str) -> bool:
        return any(e.op == op for ab in self._special_abilities(iid) for e in ab.effects)

    def _special_abilities(self, iid: int) -> list[Ability]:
        return [ab for ab in self.cards[iid].abilities if ab.when == "special"]

    def _step_result(self) -> None:
        """X-5, C-6, V-1..V-6, H-1..H-3."""
        cc = self._continuous()
        t = self.totals(cc)
        combos = (self.combo(0, cc), self.combo(1, cc))
        if self.decided is not None:
            kind, seat = self.decided
            winner = seat if kind == "win" else None
            how = "by a special"
        else:
            c = compare(combos[0], combos[1])
            if c == 0:
                c = (t[0] > t[1]) - (t[0] < t[1])
            winner = None if c == 0 else 0 if c > 0 else 1
            how = "by combo" if any(combos) else "by total power"
        base = self.battlefield_count()
        self.last_result = {"round": self.round, "totals": list(t),
                            "combos": [None if x is None else x.key for x in combos],
                            "winner": winner, "vp": 0}
        if winner is None:
            if self.records is not None:
                self._rec("round_result", f"round {self.round} is a tie ({t[0]} vs {t[1]})", winner=None, how=how,
                          totals=list(t), combos=self.last_result["combos"])
            self._end_round(None, 0)
            return
        combo = combos[winner]
        gain = base * (combo.multiplier if combo is not None else 1)  # V-3, V-4
        if self.records is not None:
            self._rec("round_result", f"{SEATS[winner]} wins round {self.round} {how} ({t[0]} vs {t[1]}"
                      + (f", {combo.name} x{combo.multiplier}" if combo else "") + ")", winner=SEATS[winner], how=how,
                      totals=list(t), combos=self.last_result["combos"])
        self._end_round(winner, gain)

    def _fold(self, p: int) -> None:
        """F-1, F-2: the opponent's summoner wins; VP = cards on the battlefield + held cards."""
        self.folded[p] = True
        if self.records is not None:
            self._rec("fold", f"{SEATS[p]} folds", player=SEATS[p])
        self.effects.clear()
        self.last_result = {"round": self.round, "totals": list(self.totals()), "combos": [None, None],
                            "winner": 1 - p, "vp": 0, "fold": p}
        self._end_round(1 - p, self.battlefield_count())
        self.decision = None

    def _end_round(self, winner: int | None, gain: int) -> None:
        """V-2, V-5, H-2, H-3, R-6, R-8, R-9."""
        self.rounds.append([self.round_first, winner, self.by_speed])
        board = [i for p in (0, 1) for i in self.on_faces(p) + self.specials[p]]
        recording = self.records is not None
        if recording:
            origin = {i: "faces" for p in (0, 1) for i in self.on_faces(p)}
            origin.update((i, "specials") for p in (0, 1) for i in self.specials[p])
        for p in (0, 1):
            self.faces[p] = [[] for _ in FACES]
            self.specials[p] = []
        if winner is None:  # H-2
            self.held += board
            if self.records is not None:
                self._rec("held", moves=[(i, origin[i], "held") for i in board] if recording else (),
                          cards=board, held=len(self.held))
        else:
            gain += len(self.held)  # V-5, H-3: held cards, unmultiplied
            self.vp[winner] += gain
            if self.last_result is not None:
                self.last_result["vp"] = gain
            moves = [(i, "held", "hole") for i in self.held] + ([(i, origin[i], "hole") for i in board]
                                                                if recording else [])
            for i in self.held + board:
                self.hole[self.owner[i]].append(i)
            self.held = []
            if self.records is not None:
                self._rec("vp", f"{SEATS[winner]} gains {gain} VP ({self.vp[0]}-{self.vp[1]})", player=SEATS[winner],
                          gain=gain, vp=list(self.vp), moves=moves)
        done = list(self.summoner)
        for p in (0, 1):
            self.finished[p].append(self.summoner[p])
            self.summoner[p] = -1
        if self.records is not None:
            self._rec("round_end", moves=[(i, "summoner", "finished") for i in done])
        self.down = set()
        self.cancelled = set()
        self.mods = {}
        self.chosen = [None, None]
        self.sum_mods = [0, 0]
        self.speed_mods = [0, 0]
        self.sealed = [False, False]
        self.protected = [False, False]
        self.nullify = [False, False]
        self.decided = None
        self.effects = []
        self.picking = None
        if winner is not None and self.vp[winner] >= WIN_VP:  # W-1
            self._end_match(winner, "vp")
            return
        if not self.pile[0]:  # R-9 (both piles always run out together)
            self.rebuilds += 1
            back = self.finished[0] + self.finished[1]
            for p in (0, 1):
                self.unordered[p] = self.finished[p]
                self.finished[p] = []
            if self.records is not None:
                self._rec("rebuild", rebuilds=self.rebuilds, moves=[(i, "finished", "unordered") for i in back])
            self.step = "order"
        else:
            self.step = "round_start"

    def _end_match(self, winner: int | None, reason: str) -> None:
        """W-1..W-3, N-8."""
        self.over = True
        self.winner = winner
        self.reason = reason
        self.decision = None
        if self.records is not None:
            self._rec("match_over", f"match over: {SEATS[winner] + ' wins' if winner is not None else 'tie'} ({reason})",
                      winner=None if winner is None else SEATS[winner], reason=reason)

    # --- card effects (N-5) ------------------------------------------------------------------

    def _run_effect(self, p: int, src: int, e: Effect) -> None:
        """One effect primitive (model.OPS), narrated in words (never by its op name)."""
        side = p if e.side == "self" else 1 - p
        name = self._name(src)

        def note(text: str) -> None:
            if self.records is not None:
                self._rec("effect", text, player=SEATS[p], card=src, op=e.op, side=SEATS[side], amount=e.amount)

        if e.op == "summoner_power":
            self.sum_mods[side] += e.amount
            note(f"{name}: {SEATS[side]}'s summoner gets {e.amount:+d} power")
        elif e.op == "speed":
            self.speed_mods[side] += e.amount
            note(f"{name}: {SEATS[side]}'s summoner gets {e.amount:+d} speed")
        elif e.op == "seal":
            self.sealed[1 - p] = True
            note(f"{name}: {SEATS[1 - p]} may not use a special this round")
        elif e.op == "protect":
            self.protected[p] = True
            note(f"{name}: {SEATS[p]}'s cards cannot be guarded, sent back or exchanged this round")
        elif e.op == "nullify":
            self.nullify[p] = True
            note(f"{name}: {SEATS[1 - p]}'s special has no effect this round")
        elif e.op == "result":
            self.decided = ("win", p) if e.outcome == "win" else ("tie", -1)
            note(f"{name}: {SEATS[p]}'s summoner wins the round" if e.outcome == "win"
                       else f"{name}: the round is a tie")
        elif e.op == "draw":
            n = 0
            for _ in range(e.amount):
                if self.zone[p]:
                    self._draw(p)
                    n += 1
            note(f"{name}: {SEATS[p]} draws {n} card{'s' if n != 1 else ''}"
                       + (" (the zone is empty)" if n < e.amount else ""))
        elif e.op in ("power", "guard", "send_back"):
            self._start_pick(p, src, e, e.op)
        elif e.op == "exchange":
            self._start_pick(p, src, e, "exchange_face")

    def _pick_options(self, pk: dict[str, Any]) -> list[int]:
        p, e, purpose = pk["player"], pk["effect"], pk["purpose"]
        if purpose == "exchange_face":
            faces = [(p, f) for f in range(3) if self.beast_on(p, f) >= 0]
            return [q * 4 + f for q, f in faces if self._exchange_partners(p, q, f, e.mode)]
        if purpose == "exchange_hand":
            q, f = divmod(pk["face"], 4)
            return self._exchange_partners(p, q, f, e.mode)
        t = e.target
        assert t is not None
        found = self.targets(p, pk["src"], t, exclude=[divmod(x, 4) for x in pk["done"]])
        if purpose in ("guard", "send_back"):
            found = [(q, f) for q, f in found if q == p or not self.protected[q]]
            if purpose == "guard":
                found = [(q, f) for q, f in found if any(i not in self.down for i in self.faces[q][f])]
        return [q * 4 + f for q, f in found]

    def _exchange_partners(self, p: int, q: int, f: int, mode: str) -> list[int]:
        b = self.beast_on(q, f)
        old = self.cards[b]
        assert isinstance(old, Beast)
        return [i for i in self.hand[p] if isinstance(self.cards[i], Beast)
                and (mode == "any_attribute" or same_attribute(self.cards[i].attribute, old.attribute))]  # type: ignore[union-attr]

    def _start_pick(self, p: int, src: int, e: Effect, purpose: str) -> None:
        count = 1 if e.target is None else e.target.count
        pk = {"player": p, "src": src, "effect": e, "purpose": purpose, "left": count, "done": [], "face": -1}
        options = self._pick_options(pk)
        if not options:
            if self.records is not None:
                self._rec("no_effect", f"{self._name(src)}: {_NO_TARGET[purpose]}", player=SEATS[p], card=src,
                          purpose=purpose)
            return
        if count is None:  # every match, no choice
            for o in options:
                self._pick_one(pk, o)
            return
        pk["options"] = options
        self.picking = pk
        self.decision = ("pick", p, purpose)

    def _do_pick(self, d: tuple, a: Action) -> None:
        pk = self.picking
        assert pk is not None
        self.picking = None
        self._pick_one(pk, a.a)
        if pk["purpose"] == "exchange_face":
            pk["purpose"], pk["face"] = "exchange_hand", a.a
            pk["options"] = self._pick_options(pk)
            self.picking, self.decision = pk, ("pick", pk["player"], "exchange_hand")
            return
        if pk["purpose"] == "exchange_hand":
            return
        pk["left"] -= 1
        if pk["left"] > 0:
            options = self._pick_options(pk)
            if options:
                pk["options"] = options
                self.picking, self.decision = pk, ("pick", pk["player"], pk["purpose"])

    def _pick_one(self, pk: dict[str, Any], value: int) -> None:
        purpose, e = pk["purpose"], pk["effect"]
        if purpose == "exchange_face":
            return
        if purpose == "exchange_hand":
            p = pk["player"]
            q, f = divmod(pk["face"], 4)
            cards = self.faces[q][f]
            old = cards[-1]
            cards[-1] = value
            self.hand[p].remove(value)
            self.hand[p].append(old)
            if self.on_card is not None:
                self.on_card("played", p, value)
            self.mods.pop(old, None)
            if self.records is not None:
                self._rec("exchange", f"{self._name(pk['src'])}: {SEATS[q]}'s {self._name(old)} on {FACES[f]} is "
                          f"exchanged for {self._name(value)} from the hand", player=SEATS[p], card=pk["src"],
                          face=FACES[f], old=old, new=value, moves=[(old, "faces", "hand"), (value, "hand", "faces")])
            return
        q, f = divmod(value, 4)
        pk["done"].append(value)
        src = self._name(pk["src"])
        if purpose == "power":
            b = self.beast_on(q, f)
            if b >= 0:
                self.mods[b] = self.mods.get(b, 0) + e.amount
                if self.records is not None:
                    self._rec("power", f"{src}: {SEATS[q]}'s {self._name(b)} on {FACES[f]} gets {e.amount:+d} power",
                              card=pk["src"], seat=SEATS[q], face=FACES[f], beast=b, amount=e.amount)
        elif purpose == "guard":  # Z-5
            shown, verb = self._shown(q, f), "are" if len(self.faces[q][f]) > 1 else "is"
            self.down.update(self.faces[q][f])
            if self.records is not None:
                self._rec("guard", f"{src}: {SEATS[q]}'s {shown} on {FACES[f]} {verb} turned face down",
                          card=pk["src"], seat=SEATS[q], face=FACES[f], cards=list(self.faces[q][f]))
        elif purpose == "send_back":
            shown = " and ".join(self._name(i) for i in self.faces[q][f])  # Z-6: the hole is open
            verb = "are" if len(self.faces[q][f]) > 1 else "is"
            gone = list(self.faces[q][f])
            for i in gone:
                self.hole[self.owner[i]].append(i)
                self.down.discard(i)
                self.mods.pop(i, None)
            self.faces[q][f] = []
            if self.records is not None:
                self._rec("send_back", f"{src}: {SEATS[q]}'s {shown} on {FACES[f]} {verb} sent to the hole",
                          card=pk["src"], seat=SEATS[q], face=FACES[f], cards=gone,
                          moves=[(i, "faces", "hole") for i in gone])

    def _shown(self, q: int, f: int) -> str:
        """The open names of a face's cards (Z-5: a face-down card is 'a face-down card')."""
        return " and ".join("a face-down card" if i in self.down else self._name(i) for i in self.faces[q][f])

    # --- setup helpers -----------------------------------------------------------------------

    def _add(self, card: MozCard, p: int) -> int:
        self.cards.append(card)
        self.owner.append(p)
        return len(self.cards) - 1

    # --- hidden information (N-3) ------------------------------------------------------------

    def card_view(self, iid: int, viewer: int) -> dict[str, Any]:
        """A card on the battlefield as `viewer` sees it (Z-5: face down = hidden from the opponent)."""
        down = iid in self.down
        if down and self.owner[iid] != viewer:
            return {"face_up": False}
        c = self.cards[iid]
        out: dict[str, Any] = {"iid": iid, "id": c.id, "name": c.name, "type": c.type, "face_up": not down}
        if isinstance(c, Beast):
            out.update(attribute=c.attribute, sub_attribute=c.sub_attribute, power=self.power(iid))
        return out

    def observation(self, player: int) -> dict[str, Any]:
        """A JSON-able view for `player`: the open information and the player's own hidden one (N-3)."""
        t = self.totals() if self.summoner[0] >= 0 else (0, 0)
        players = []
        for p in (0, 1):
            mine = p == player
            s = self.summoner[p]
            players.append({
                "vp": self.vp[p],
                "folded": self.folded[p],
                "zone": len(self.zone[p]),
                "hand": [self.cards[i].id for i in self.hand[p]] if mine else len(self.hand[p]),
                "hand_iids": list(self.hand[p]) if mine else None,
                "pile": [self.cards[i].id for i in self.pile[p]] if mine else len(self.pile[p]),
                "unordered": [self.cards[i].id for i in self.unordered[p]] if mine else len(self.unordered[p]),
                "summoner": None if s < 0 else {"iid": s, "id": self.cards[s].id, "name": self.cards[s].name,
                                                "speed": self.speed(p)},
                "finished": [self.cards[i].id for i in self.finished[p]],
                "hole": [self.cards[i].id for i in self.hole[p]],
                "faces": [{"face": FACES[f], "attribute": self.face_attr[p][f] if f < 3 else None,
                           "cards": [self.card_view(i, player) for i in self.faces[p][f]]} for f in range(4)],
                "specials": [self.card_view(i, player) for i in self.specials[p]],
                "special_chosen": (self.chosen[p] is not None) if not mine else self.chosen[p],
                "total": t[p],
                "combo": None if self.combo(p) is None else self.combo(p).key,  # type: ignore[union-attr]
                "draws_begun": self.draws_begun[p],
            })
        return {
            "viewer": player, "turn": self.turn, "round": self.round, "rebuilds": self.rebuilds,
            "first": self.round_first, "match_first": self.first, "turn_player": self.turn_player, "step": self.step,
            "held": [self.cards[i].id for i in self.held],
            "players": players,
            "decision": self.decision[0] if self.decision and self.decision[1] == player else None,
            "last_result": self.last_result,
            "over": self.over, "winner": self.winner, "reason": self.reason,
        }

    def determinize(self, viewer: int, rng: Rng) -> Game:
        """A clone in which what `viewer` cannot know is dealt again at random from the true pool:
        the opponent's hand, zone, pile order and face-down cards, and the viewer's own zone order."""
        g = self.clone()
        o = 1 - viewer
        g.cards = list(self.cards)
        hidden = list(g.hand[o]) + list(g.zone[o]) + [i for side in g.faces[o] for i in side if i in g.down]
        # whether the opponent chose a special, and which, is secret until the reveal (a seal is open)
        chosen_hidden = g.chosen[o] is not None and g.step == "special" and not g.sealed[o]
        identities = [g.cards[i] for i in hidden]
        rng.shuffle(identities)
        for i, c in zip(hidden, identities, strict=True):
            g.cards[i] = c
        rng.shuffle(g.zone[o])
        rng.shuffle(g.zone[viewer])
        pile = list(g.pile[o]) + list(g.unordered[o])
        ids = [g.cards[i] for i in pile]
        rng.shuffle(ids)
        for i, c in zip(pile, ids, strict=True):
            g.cards[i] = c
        if chosen_hidden:
            usable = [-1] + [i for i in g.hand[o] if g.cards[i].usable_as_special]
            g.chosen[o] = rng.choice(usable)
        # a face-down card dealt again may now be a summoner or a beast on the bottom: harmless, it is face down
        g._keep_continuous(self)
        return g

    def _keep_continuous(self, source: Game) -> None:
        """After a deal (`determinize`) from `source`: its cached continuous effects still hold, since
        a deal changes only hidden cards (hands, zones, face-down cards, piles), never a face-up card
        or a summoner in play, the only sources and targets of continuous effects (speed only)."""
        hit = source._cont_cache
        if hit is not None and hit[0][0] == id(source.cards) and self.cards is not source.cards:
            self._cont_cache = ((id(self.cards),) + hit[0][1:], hit[1])


# `_continuous` of every game: (board, ids of its card objects) -> (those objects, the value)
_CONT_MEMO: dict[tuple, tuple[tuple, tuple]] = {}


def replay(deck1: Sequence[MozCard], deck2: Sequence[MozCard], seed: int, actions: Iterable[Action | Sequence],
           turn_limit: int = DEFAULT_TURN_LIMIT) -> Game:
    """A game from its seed, decks and actions (N-4)."""
    g = Game(deck1, deck2, seed=seed, turn_limit=turn_limit)
    for a in actions:
        g.apply(Action(*a))
    return g


__all__ = ["DeckError", "Game", "IllegalActionError", "replay", "split_deck"]
