"""The Z/X game as a library: `Game` with legal_actions / apply / clone (after OpenSpiel and python-chess).

Decision model
--------------
The engine never decides for a player. The game runs a stack of small *tasks*
(plain tuples such as `("draw_phase",)` or `("eff", player, card, effect)`,
see `registry.py`) until a task needs a choice; it then sets `decision`, a
tuple `(kind, player, *data)`, and stops. `current_player()` is whose choice it
is, `legal_actions()` lists the `Action` values allowed, and `apply(action)`
carries the choice out and runs the stack on to the next decision (or the end).

Decision kinds: `mulligan`, `resource`, `ignite`, `main`, `battle` (the battle
event step), `pay` (which resource to sleep), `confirm` (optional abilities),
and `pick` (choose cards, squares, life cards, trigger order... one at a time,
`done` when fewer are allowed). A decision with exactly one possible outcome
(pay with one color, pick everything) is carried out without asking.

Because the whole state is lists, dicts and tuples of ints (card instance ids
index `cards`/`owner`), `clone()` is a cheap hand-written copy, and a game is
saved as seed + action list and replayed exactly (`replay.py`).

Usage::

    g = Game(deck1, deck2, seed=1)
    while not g.is_over():
        g.apply(agent[g.current_player()].choose(g))
    g.winner  # 0, 1 or None (draw)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from zxdeck.catalog.model import FIELD_TYPES, Card
from zxdeck.errors import ZxError
from zxdeck.games.zx.engine.abilities import (
    Ability,
    Script,
    condition_holds,
    script_for,
    unit_matches,
)
from zxdeck.games.zx.engine.actions import (
    DONE,
    END,
    KEEP,
    MULLIGAN,
    NO,
    PASS,
    PLAYER,
    SKIP,
    YES,
    Action,
)
from zxdeck.games.zx.engine.registry import DECISIONS, EFFECTS, TASKS, decision, task
from zxdeck.games.zx.engine.rng import Rng
from zxdeck.games.zx.engine.state import ADJACENT, PLAYER_SQUARE, DeckSpec, PlayerState

# Tasks that must run before pending triggers are put on the stack: choices in progress (a pick
# ends by carrying out its continuation at once, see `_t_pick`) and the rule processes Z-5 / R-1.
_new_action = tuple.__new__  # Action(kind, a, b) without the keyword-handling constructor (same value)
# instance id -> the 9 `play` actions of that card (actions are values: shared by every game)
_PLAY_ACTIONS: dict[int, tuple[Action, ...]] = {}
IMMEDIATE = frozenset({"pick", "pay", "charge_limit", "refresh_life"})
# Picks over cards whose copies are interchangeable: one action per distinct card.
DEDUPE = frozenset({
    "discard", "hand_limit", "charge_overflow", "cost_discard", "cost_charge", "search",
    "retrieve", "alter_force", "play_free", "start_card", "gate_card",
})
# Picks whose options are squares or indices, not card instance ids.
NON_CARD_PICKS = frozenset({
    "overdrive", "life_play", "ex_square", "square", "ob_square", "move",
    "life_hit", "refresh_life", "trigger_order",
})
LIFE = 4
HAND = 4
HAND_LIMIT = 6
CHARGE_LIMIT = 4


class IllegalActionError(ZxError):
    """An action that is not in `legal_actions()`."""


class Game:
    """One game between players 0 and 1. See the module docstring for the decision model."""

    def __init__(
        self,
        p1: DeckSpec,
        p2: DeckSpec,
        seed: int = 0,
        turn_limit: int = 100,
        first: int | None = None,
        listener: Callable[[Game, str, dict[str, Any]], None] | None = None,
    ) -> None:
        self.specs = (p1, p2)
        self.seed = seed
        self.turn_limit = turn_limit
        self.rng = Rng(seed)
        self.listener = listener
        cards: list[Card] = []
        owner: list[int] = []
        self.players = [PlayerState(), PlayerState()]
        for p, spec in enumerate((p1, p2)):
            ps = self.players[p]
            for card in spec.main:
                ps.deck.append(len(cards))
                cards.append(card)
                owner.append(p)
            for card in spec.dunamis:
                ps.dunamis.append(len(cards))
                cards.append(card)
                owner.append(p)
            if spec.player is not None:
                ps.player_card = len(cards)
                cards.append(spec.player)
                owner.append(p)
        self.cards: list[Card] = cards
        self.owner: list[int] = owner
        self.scripts: list[Script] = [script_for(c) for c in cards]
        # each card's id, type, cost and color by instance id, shared by clones like `cards`
        # (the hot paths read them without an attribute look-up on a Card)
        self.card_id: list[str] = [c.id for c in cards]
        self.card_type: list[str] = [c.type for c in cards]
        self.card_cost: list[int] = [c.cost for c in cards]
        self.card_color: list[str] = [c.color for c in cards]
        self.card_power: list[int] = [c.power for c in cards]
        # (card, Z/X) -> does the Z/X match the card's descent or Shift filter, for filters that
        # read only the cards (abilities.static_filter) and a Z/X without a Shift: shared by clones
        self.static_matches: dict[tuple[int, int], bool] = {}
        self._side_flags()
        self._floor_key: tuple | None = None  # `_power_floor()` of this field (derived, not state)
        self._floor: int | None = None
        self._lethal_seen: tuple | None = None  # `_check_lethal()`'s last inputs (derived, not state)
        n = len(cards)
        self.squares: list[int] = [-1] * 9
        self.slept = bytearray(n)
        self.face_up = bytearray(n)  # dunamis cards that are used (face up)
        self.damage: dict[int, int] = {}
        self.bonus: dict[int, int] = {}  # power until end of turn
        self.forces: dict[int, tuple[int, ...]] = {}
        self.shift_on: dict[int, int] = {}  # Z/X -> its Shift (H-3)
        self.once: set[tuple[int, str, int]] = set()  # (source, card id, ability index) used this turn
        self.limbo: list[int] = []  # cards in no zone: being played, revealed, resolving (`pending` in logs)
        self._moves: list[dict[str, Any]] = []  # card moves since the last event (only with a listener)
        self.stack: list[tuple] = []
        self.rules: list[tuple] = []  # rule processes (Z-5, R-1) started by the running task
        self.triggers: list[tuple[int, int, Ability]] = []
        self.decision: tuple | None = None
        self.battle: tuple[int, int, int] | None = None  # (attacker, target or PLAYER, attacking player)
        self.battle_left = 0  # B-4: bit 1 the attacker, bit 2 the target has left the field in this battle
        self.turn = 0
        self.first = first if first is not None else -1
        self.first_given = first
        self.active = 0
        self.phase = "setup"
        self.started = False
        self.over = False
        self.winner: int | None = None
        self.reason = ""
        self.history: list[Action] = []
        self._legal: list[Action] | None = None
        self._cont_guard = False
        st = self.stack
        st.append(("start_turn",))
        st.append(("setup_finish",))
        st.append(("mulligan_ask", 1))
        st.append(("mulligan_ask", 0))
        st.append(("setup_draw",))
        st.append(("setup_shuffle",))
        st.append(("setup_gate", 1))
        st.append(("setup_gate", 0))
        st.append(("setup_start", 1))
        st.append(("setup_start", 0))
        st.append(("setup_begin",))
        self._advance()

    def _side_flags(self) -> None:
        """`protecting[p]`: can a Z/X of player p (or a Shift on it) have a `protect` ability at
        all? `activating[p]`: the timings of the activated abilities it can have (main, battle,
        any); `triggered[p]`: the triggers of the automatic abilities it can have (`fire` of another trigger finds nothing). Read from the card table (p's cards and
        every Shift: only a Shift goes on a Z/X, H-2), so shared by clones; False lets `protected()`
        and the activated-ability actions answer without looking at the field."""
        scripts = self.scripts
        owner = self.owner
        card_type = self.card_type
        prot = [False, False]
        act: tuple[set[str], set[str]] = (set(), set())
        trig: tuple[set[str], set[str]] = (set(), set())
        for i, sc in enumerate(scripts):
            sides = (0, 1) if card_type[i] == "shift" else (owner[i],)
            for p in sides:
                if sc.protect_effs:
                    prot[p] = True
                for ab in sc.activated:
                    act[p].add(ab.timing)
                if sc.auto:
                    trig[p].update(sc.auto)
        self.protecting: tuple[bool, bool] = (prot[0], prot[1])
        self.activating: tuple[frozenset[str], frozenset[str]] = (frozenset(act[0]), frozenset(act[1]))
        self.triggered: tuple[frozenset[str], frozenset[str]] = (frozenset(trig[0]), frozenset(trig[1]))

    # ------------------------------------------------------------------ public API

    def current_player(self) -> int:
        """Whose decision it is (0 or 1); -1 when the game is over."""
        return self.decision[1] if self.decision is not None else -1

    def legal_actions(self) -> list[Action]:
        """The actions allowed now (do not mutate the returned list)."""
        if self._legal is None:
            if self.decision is None:
                self._legal = []
            else:
                self._legal = DECISIONS[self.decision[0]][0](self, self.decision)
        return self._legal

    def apply(self, action: Action) -> None:
        """Carry out `action` (one of `legal_actions()`) and run on to the next decision."""
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        if action not in legal:
            raise IllegalActionError(f"illegal action {action} for decision {self.decision_kind()}")
        d = self.decision
        assert d is not None
        self._legal = None
        self.decision = None
        self.history.append(action)
        if self.listener is not None:  # the log records every move (a log replays like a save)
            self.listener(self, "action", {"player": d[1], "action": action.to_json()})
        DECISIONS[d[0]][1](self, d, action)
        self._advance()

    def is_over(self) -> bool:
        return self.over

    def decision_kind(self) -> str:
        """`main`, `battle`, `pick:<purpose>`, ... ('' when over)."""
        d = self.decision
        if d is None:
            return ""
        if d[0] in ("pick", "confirm"):
            return f"{d[0]}:{d[2]}"
        return d[0]

    def clone(self) -> Game:
        """An independent copy (no listener). Cheap: lists and dicts of ints are copied by hand."""
        g = Game.__new__(Game)
        g.specs = self.specs
        g.seed = self.seed
        g.turn_limit = self.turn_limit
        g.rng = self.rng.clone()
        g.listener = None
        g.cards = self.cards
        g.owner = self.owner
        g.scripts = self.scripts
        g.card_id = self.card_id
        g.card_type = self.card_type
        g.card_cost = self.card_cost
        g.card_color = self.card_color
        g.card_power = self.card_power
        g.static_matches = self.static_matches
        g.protecting = self.protecting
        g.activating = self.activating
        g.triggered = self.triggered
        g._floor_key = self._floor_key
        g._floor = self._floor
        g._lethal_seen = self._lethal_seen
        g.players = [self.players[0].copy(), self.players[1].copy()]
        g.squares = self.squares[:]
        g.slept = self.slept[:]
        g.face_up = self.face_up[:]
        g.damage = self.damage.copy()
        g.bonus = self.bonus.copy()
        g.forces = self.forces.copy()
        g.shift_on = self.shift_on.copy()
        g.once = self.once.copy()
        g.limbo = self.limbo[:]
        g._moves = []
        g.stack = self.stack[:]
        g.rules = self.rules[:]
        g.triggers = self.triggers[:]
        g.decision = self.decision
        g.battle = self.battle
        g.battle_left = self.battle_left
        g.turn = self.turn
        g.first = self.first
        g.first_given = self.first_given
        g.active = self.active
        g.phase = self.phase
        g.started = self.started
        g.over = self.over
        g.winner = self.winner
        g.reason = self.reason
        g.history = self.history[:]
        g._legal = self._legal
        g._cont_guard = False
        return g

    def returns(self) -> tuple[float, float]:
        """(player 0, player 1) outcome: +1 / -1 for a win / loss, 0 for a draw or a running game."""
        if not self.over or self.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.winner == 0 else (-1.0, 1.0)

    def determinize(self, viewer: int, rng: Rng) -> Game:
        """A clone in which what `viewer` cannot see is dealt again at random (for search agents).

        The opponent's hand, deck and life are shuffled together (zone sizes kept), as are
        the viewer's own deck and life (face down) and the opponent's face-down dunamis
        cards; before S-10, the opponent's face-down start card with their hidden start
        cards (S-2). Cards named by the viewer's own pending pick (a search in progress) stay
        where they are; picks of squares or indices (life_hit, ...) pin no card. A pending
        pick of the other player over their hidden cards (a discard) follows the redeal:
        it names the cards now at those places. The clone's random generator is reseeded
        from `rng`.
        """
        g = self.clone()
        keep: set[int] = set()
        d = g.decision
        card_pick = d is not None and d[0] == "pick" and d[2] not in NON_CARD_PICKS
        if card_pick and d[1] == viewer:
            keep.update(x for x in d[3] if isinstance(x, int))
        moved: dict[int, int] = {}

        def deal(zones: list[list[int]]) -> None:
            pool = [i for z in zones for i in z if i not in keep]
            rng.shuffle(pool)
            it = iter(pool)
            for z in zones:
                new = [i if i in keep else next(it) for i in z]
                moved.update((a, b) for a, b in zip(z, new) if a != b)
                z[:] = new

        opp = g.players[1 - viewer]
        me = g.players[viewer]
        start = g.squares[PLAYER_SQUARE[1 - viewer]]
        swap = -1
        if not g.started and start >= 0:  # S-2: the opponent's start card is face down until S-10
            alts = [(z, k) for z in (opp.hand, opp.deck, opp.life) for k, i in enumerate(z)
                    if g.cards[i].start_card and g.cards[i].is_zx]
            pick = rng.randbelow(len(alts) + 1)
            if pick < len(alts):
                z, k = alts[pick]
                swap = z[k]
                g.squares[PLAYER_SQUARE[1 - viewer]], z[k] = swap, start
        deal([opp.hand, opp.deck, opp.life])
        if swap >= 0:  # the place that held `swap` now holds what the redeal put there
            now = moved.pop(start, start)
            if now != swap:
                moved[swap] = now
        deal([me.deck, me.life])
        hidden = [i for i in opp.dunamis if not g.face_up[i]]
        if hidden:
            shuffled = hidden[:]
            rng.shuffle(shuffled)
            it = iter(shuffled)
            opp.dunamis[:] = [next(it) if not g.face_up[i] else i for i in opp.dunamis]
        if card_pick and d[1] != viewer and moved:
            opts = tuple(moved.get(x, x) for x in d[3])
            chosen = tuple(moved.get(x, x) for x in d[6])
            g.decision = d[:3] + (opts,) + d[4:6] + (chosen,) + d[7:]
        g.rng.seed(rng.next64())
        g._legal = None
        return g

    def observation(self, player: int) -> dict[str, Any]:
        """The view `player` is entitled to (see observation.py)."""
        from zxdeck.games.zx.engine.observation import observe

        return observe(self, player)

    def add_card(self, card: Card, player: int, zone: str, square: int = -1, slept: bool = False,
                 face_up: bool = False) -> int:
        """Put a new card instance into a zone (positions for tests and puzzles); returns its id.

        `zone` is deck (on top), hand, life, resources, charge, trash, dunamis or field
        (with `square`). Only this game's card table grows (clones are not affected).
        """
        iid = len(self.cards)
        # new lists (not append): the card table is shared with clones, which must not change
        self.cards = self.cards + [card]
        self.owner = self.owner + [player]
        self.scripts = self.scripts + [script_for(card)]
        self.card_id = self.card_id + [card.id]
        self.card_type = self.card_type + [card.type]
        self.card_cost = self.card_cost + [card.cost]
        self.card_color = self.card_color + [card.color]
        self.card_power = self.card_power + [card.power]
        self.static_matches = {}  # a clone may give the same instance id to another card
        self._side_flags()
        self.slept.append(1 if slept else 0)
        self.face_up.append(1 if face_up else 0)
        ps = self.players[player]
        if zone == "field":
            if self.squares[square] >= 0:
                raise ValueError(f"square {square} is not empty")
            self.squares[square] = iid
        else:
            getattr(ps, zone).append(iid)
        self._legal = None
        return iid

    # ------------------------------------------------------------------ queries

    def name(self, iid: int) -> str:
        """The Japanese name of a card instance (with its Shift's name when stacked)."""
        n = self.cards[iid].name
        s = self.shift_on.get(iid)
        return f"{n}+{self.cards[s].name}" if s is not None else n

    def square_of(self, iid: int) -> int:
        """The square of a Z/X, -1 when it is not on the field."""
        try:
            return self.squares.index(iid)
        except ValueError:
            return -1

    def on_field(self, iid: int) -> bool:
        return iid >= 0 and iid in self.squares

    def units_of(self, p: int) -> list[int]:
        """The Z/X of player `p` on the field, by square."""
        owner = self.owner
        return [u for u in self.squares if u >= 0 and owner[u] == p]

    def unit_scripts(self, iid: int) -> tuple[Script, ...]:
        s = self.shift_on.get(iid)
        if s is None:
            return (self.scripts[iid],)
        return (self.scripts[iid], self.scripts[s])

    def power(self, iid: int) -> int:
        """Current power: printed + until-end-of-turn changes + continuous abilities (A-3)."""
        p = self.card_power[iid] + self.bonus.get(iid, 0)
        if self._cont_guard:
            return p
        scripts = self.scripts
        shift_on = self.shift_on
        for u in self.squares:
            if u < 0:
                continue
            sc = scripts[u]
            effs = sc.power_effs
            if shift_on:
                s = shift_on.get(u)
                if s is not None:
                    sc = scripts[s]
                    effs = effs + sc.power_effs
            if effs:
                ctl = self.owner[u]
                for ab, eff in effs:
                    if self._cont_applies(ctl, u, ab, eff.get("target", "self"), iid):
                        p += eff.get("amount", 0)
        return max(p, 0)

    def powers(self) -> dict[int, int]:
        """`power()` of every Z/X on the field at once: each continuous ability's condition is
        checked once, then applied to its targets (A-3)."""
        units = [u for u in self.squares if u >= 0]
        out = {u: self.cards[u].power + self.bonus.get(u, 0) for u in units}
        if self._cont_guard:
            return {u: max(v, 0) for u, v in out.items()}
        owner = self.owner
        self._cont_guard = True
        try:
            for u in units:
                ctl = owner[u]
                for sc in self.unit_scripts(u):
                    for ab in sc.continuous:
                        holds = None
                        for eff in ab.effects:
                            if eff["do"] != "power":
                                continue
                            if holds is None:
                                holds = condition_holds(self, ctl, u, ab.condition)
                            if not holds:
                                break
                            target = eff.get("target", "self")
                            amount = eff.get("amount", 0)
                            if not isinstance(target, dict):
                                out[u] += amount
                                continue
                            side = target.get("side", "opponent")
                            flt = target.get("filter")
                            for iid in units:
                                own = owner[iid] == ctl
                                if (side == "self" and not own) or (side == "opponent" and own):
                                    continue
                                if unit_matches(self, iid, flt, ctl, u):
                                    out[iid] += amount
        finally:
            self._cont_guard = False
        return {u: max(v, 0) for u, v in out.items()}

    def _cont_applies(self, ctl: int, src: int, ab: Ability, target: Any, iid: int) -> bool:
        self._cont_guard = True
        try:
            if not condition_holds(self, ctl, src, ab.condition):
                return False
            if target == "self" or not isinstance(target, dict):
                return iid == src
            side = target.get("side", "opponent")
            own = self.owner[iid]
            if (side == "self" and own != ctl) or (side == "opponent" and own == ctl):
                return False
            return unit_matches(self, iid, target.get("filter"), ctl, src)
        finally:
            self._cont_guard = False

    def guards(self, mine: int, kind: str) -> list[tuple[int, Ability, Any]]:
        """The `protect` abilities (`kind`: `attack` / `effects`) of player `mine`'s Z/X and their
        Shifts, as (Z/X, ability, target): `protected(iid, kind)` of a Z/X of `mine` is whether one
        of them applies to it (`_cont_applies`)."""
        out: list[tuple[int, Ability, Any]] = []
        if not self.protecting[mine]:
            return out
        owner = self.owner
        scripts = self.scripts
        shift_on = self.shift_on
        for u in self.squares:
            if u < 0 or owner[u] != mine:
                continue
            effs = scripts[u].protect_effs
            if shift_on:
                s = shift_on.get(u)
                if s is not None:
                    effs = effs + scripts[s].protect_effs
            for ab, eff in effs:
                if eff.get("from", "attack") == kind:
                    out.append((u, ab, eff.get("target", "self")))
        return out

    def protected(self, iid: int, kind: str) -> bool:
        """`protect` (continuous): cannot be attacked (`attack`) / chosen by the opponent's effects."""
        owner = self.owner
        mine = owner[iid]
        if not self.protecting[mine]:
            return False
        scripts = self.scripts
        shift_on = self.shift_on
        for u in self.squares:
            if u < 0 or owner[u] != mine:
                continue
            sc = scripts[u]
            effs = sc.protect_effs
            if shift_on:
                s = shift_on.get(u)
                if s is not None:
                    sc = scripts[s]
                    effs = effs + sc.protect_effs
            for ab, eff in effs:
                if eff.get("from", "attack") == kind and \
                        self._cont_applies(mine, u, ab, eff.get("target", "self"), iid):
                    return True
        return False

    def can_pay(self, p: int, n: int, color: str) -> bool:
        """C-1: N rebooted resources, one of them of `color` (colorless: no match needed)."""
        if n <= 0:
            return True
        slept = self.slept
        card_color = self.card_color
        count = 0
        match = color == "colorless"
        for r in self.players[p].resources:
            if not slept[r]:
                count += 1
                if not match and card_color[r] == color:
                    match = True
        return count >= n and match

    def legal_squares(self, p: int, empty_only: bool = False) -> list[int]:
        """Squares where player `p` may place a Z/X (L-1..L-4; `empty_only` for O-2)."""
        out = []
        owner = self.owner
        slept = self.slept
        enemy_ps = PLAYER_SQUARE[1 - p]
        for sq, u in enumerate(self.squares):
            if sq == enemy_ps:
                continue  # L-1
            if u >= 0 and (empty_only or owner[u] != p or slept[u]):
                continue  # L-2, L-3
            out.append(sq)
        return out

    def battle_unit(self, which: int) -> int:
        """The attacker (`which` 0) or the attacked Z/X (1) of the current battle, -1 when there is none
        or it has left the field (B-4: a Z/X that left and came back is a new object, not in the battle)."""
        b = self.battle
        if b is None or self.battle_left & (1 << which):
            return -1
        u = b[which]
        return u if u >= 0 and self.on_field(u) else -1

    def has_ob_on_field(self, p: int) -> bool:
        owner = self.owner
        card_type = self.card_type
        for u in self.squares:  # noqa: SIM110 - a loop, not any(<generator>): compiled as a cpdef (game.pxd)
            if u >= 0 and owner[u] == p and card_type[u] == "zx_ob":
                return True
        return False

    def attack_targets(self, attacker: int) -> list[int]:
        """B-1, B-2: the targets `attacker` may attack (Z/X instance ids and/or PLAYER)."""
        p = self.owner[attacker]
        sq = self.square_of(attacker)
        owner = self.owner
        out = []
        for adj in ADJACENT[sq]:
            v = self.squares[adj]
            if v >= 0 and owner[v] != p and not self.protected(v, "attack"):
                out.append(v)
        eps = PLAYER_SQUARE[1 - p]
        if eps in ADJACENT[sq]:
            v = self.squares[eps]
            if (v < 0 or owner[v] == p) and not self.has_ob_on_field(1 - p):
                out.append(PLAYER)
        return out

    # ------------------------------------------------------------------ engine internals

    def _advance(self) -> None:
        stack = self.stack
        tasks = TASKS
        while not self.over and self.decision is None:
            if self.rules:
                # Z-5 / R-1 happen at that moment, before anything the task that caused them pushed
                # (an over drive, a placement, the rest of an ability) and before triggers
                stack.extend(reversed(self.rules))
                self.rules = []
            if self.triggers and self._check_timing():
                self._queue_triggers()
            if self.damage:
                self._check_lethal()
                if self.triggers and self._check_timing():
                    continue
            if not stack:
                raise RuntimeError("engine error: empty task stack")
            t = stack.pop()
            # by length, the commonest first: a call with the task's arguments, without building a
            # tuple of them
            n = len(t)
            if n == 1:
                tasks[t[0]](self)
            elif n == 3:
                tasks[t[0]](self, t[1], t[2])
            elif n == 4:
                tasks[t[0]](self, t[1], t[2], t[3])
            elif n == 8:  # pick
                tasks[t[0]](self, t[1], t[2], t[3], t[4], t[5], t[6], t[7])
            elif n == 5:
                tasks[t[0]](self, t[1], t[2], t[3], t[4])
            elif n == 6:
                tasks[t[0]](self, t[1], t[2], t[3], t[4], t[5])
            elif n == 7:
                tasks[t[0]](self, t[1], t[2], t[3], t[4], t[5], t[6])
            elif n == 2:
                tasks[t[0]](self, t[1])
            else:
                tasks[t[0]](self, *t[1:])

    def _check_timing(self) -> bool:
        """A-9: may pending triggers be put on the stack now?

        Not while a choice in progress or Z-5 / R-1 must finish first (IMMEDIATE), and not
        while an ability, an event or a Z/X EX is still resolving (a `resolved` marker is on
        the stack): triggers wait for the end of the process that caused them.
        """
        stack = self.stack
        if stack and stack[-1][0] in IMMEDIATE:
            return False
        for t in stack:  # noqa: SIM110 - a loop, not all(<generator>): compiled as a cpdef (game.pxd)
            if t[0] == "resolved":
                return False
        return True

    def _emit(self, event: str, **data: Any) -> None:
        """Tell the listener about an event; it carries the card moves made since the last event."""
        if self.listener is not None:
            if self._moves:
                data["moves"] = self._moves
                self._moves = []
            self.listener(self, event, data)

    def _mv(self, iid: int, frm: str, to: str, square: int = -1, slept: bool = False) -> None:
        """Record a card move for the next event (log.py): zones are the keys of the log's `state`
        (deck, hand, life, resource, charge, trash, field, dunamis_down, dunamis_up, pending)."""
        if self.listener is not None:
            m: dict[str, Any] = {"card": iid, "id": self.cards[iid].id, "owner": self.owner[iid],
                                 "from": frm, "to": to}
            if square >= 0:
                m["square"] = square
            if slept:
                m["slept"] = True
            self._moves.append(m)

    def _end(self, winner: int | None, reason: str) -> None:
        if self.over:
            return
        self.over = True
        self.winner = winner
        self.reason = reason
        self.decision = None
        self._legal = None
        if self.listener is not None:
            self._emit("game_over", winner=winner, reason=reason)

    def _check_life(self) -> bool:
        """W-1: a player with no life loses (both at once: a draw)."""
        if not self.started or self.over:
            return self.over
        ps = self.players[0]
        z0 = not ps.life
        ps = self.players[1]
        z1 = not ps.life
        if z0 or z1:
            self._end(None if (z0 and z1) else (1 if z0 else 0), "life")
        return self.over

    def _decide(self, d: tuple) -> None:
        self.decision = d
        self._legal = None

    def push(self, *t: Any) -> None:
        self.stack.append(t)

    def pick(self, player: int, purpose: str, options: tuple, mn: int, mx: int, cont: tuple) -> None:
        """Ask `player` to choose mn..mx of `options` one at a time; then run `cont + (chosen,)`."""
        self.stack.append(("pick", player, purpose, tuple(options), mn, mx, (), cont))

    def refresh(self, p: int) -> None:
        """R-1: p's deck is empty: the trash is shuffled into a new deck now, and the opponent's
        choice of one of p's life cards (into the charge) is a rule process (`rules`): it runs as
        soon as the running task ends, before anything that task pushed (its continuation)."""
        ps = self.players[p]
        if self.listener is not None:
            for i in ps.trash:
                if self.listener is not None:
                    self._mv(i, "trash", "deck")
        ps.deck = ps.trash
        ps.trash = []
        self.rng.shuffle(ps.deck)
        ps.refreshes += 1
        if self.listener is not None:
            self._emit("refresh", player=p, n=len(ps.deck))
        self.rules.append(("refresh_life", p))

    def from_deck(self, p: int, op: str, n: int, arg: Any = None) -> None:
        """Take `n` cards from the top of p's deck, one at a time, for `op` (DECK_OPS: draw, mill,
        reveal, life, ...). Pushed as a task: a refresh (R-1, R-2) may come between two cards."""
        if n > 0:
            self.stack.append(("from_deck", p, op, n, arg, False))

    def draw(self, p: int, n: int) -> None:
        """Draw `n` cards (a task: see `from_deck`)."""
        self.from_deck(p, "draw", n)

    def to_charge(self, p: int, iid: int, frm: str) -> None:
        """Put a card (from zone `frm`) into p's charge; Z-5 overflow is chosen by its owner."""
        ch = self.players[p].charge
        ch.append(iid)
        if self.listener is not None:
            self._mv(iid, frm, "charge")
        if len(ch) > CHARGE_LIMIT:
            self.rules.append(("charge_limit", p))

    def mill_card(self, p: int, iid: int, frm: str = "pending", fire: bool = True) -> None:
        """A card goes from p's deck (or a reveal) to the trash: A-7 Evol Seed triggers (`fire`)."""
        self.players[p].trash.append(iid)
        if self.listener is not None:
            self._mv(iid, frm, "trash")
        if fire:
            self.fire_milled(p, iid)

    def fire_milled(self, p: int, iid: int) -> None:
        if self.cards[iid].evol_seed:
            for ab in self.scripts[iid].auto.get("milled", ()):
                self._add_trigger(p, iid, ab)

    def leave_field(self, iid: int, dest: str, slept: bool = False) -> None:
        """A Z/X leaves its square to `dest` (charge, trash, hand, deck_bottom, resource).

        Forces go to the trash (Z-6), a Shift face up to the dunamis (H-5), a Z/X EX
        face up to the dunamis (X-5), a Z/X OB's top half to the dunamis and the
        player card face up (O-5).
        """
        sq = self.square_of(iid)
        if sq < 0:
            return
        self.squares[sq] = -1
        self.damage.pop(iid, None)
        self.bonus.pop(iid, None)
        self.slept[iid] = 0
        b = self.battle
        if b is not None and iid in b[:2]:  # B-4: it is out of the battle, even if it comes back
            self.battle_left |= 1 if iid == b[0] else 2
        if self.once:  # once_per_turn counts per card on the field: back on a square, it is new
            self.once = {k for k in self.once if k[0] != iid}
        p = self.owner[iid]
        ps = self.players[p]
        self.drop_forces(iid, "field")
        s = self.shift_on.pop(iid, None)
        if s is not None:
            self.face_up[s] = 1
            self.players[self.owner[s]].dunamis.append(s)
            if self.listener is not None:
                self._mv(s, "field", "dunamis_up")
        ctype = self.cards[iid].type
        if ctype == "zx_ex":
            self.face_up[iid] = 1
            ps.dunamis.append(iid)
            if self.listener is not None:
                self._mv(iid, "field", "dunamis_up")
        elif ctype == "zx_ob":
            self.face_up[iid] = 1
            ps.dunamis.append(iid)
            if self.listener is not None:
                self._mv(iid, "field", "dunamis_up")
            if not self.has_ob_on_field(p):
                ps.player_face_up = True
        elif dest == "charge":
            self.to_charge(p, iid, "field")
        elif dest == "trash":
            ps.trash.append(iid)
            if self.listener is not None:
                self._mv(iid, "field", "trash")
        elif dest == "hand":
            ps.hand.append(iid)
            if self.listener is not None:
                self._mv(iid, "field", "hand")
        elif dest == "deck_bottom":
            ps.deck.insert(0, iid)
            if self.listener is not None:
                self._mv(iid, "field", "deck")
        elif dest == "resource":
            ps.resources.append(iid)
            self.slept[iid] = 1 if slept else 0
            if self.listener is not None:
                self._mv(iid, "field", "resource", slept=slept)
        else:
            raise RuntimeError(f"unknown destination {dest}")

    def drop_forces(self, iid: int, frm: str) -> None:
        """Z-6: the forces of a card leaving (`frm` field) or never reaching (pending) its square go
        to the trash."""
        forces = self.forces.pop(iid, None)
        if forces:
            for f in forces:
                self.players[self.owner[f]].trash.append(f)
                if self.listener is not None:
                    self._mv(f, frm, "trash")

    def destroy(self, iid: int, by_damage: bool = False) -> None:
        """Destroy a Z/X: triggers `destroyed`, then it goes to its owner's charge (B-5, Z-5)."""
        if not self.on_field(iid):
            return
        p = self.owner[iid]
        for sc in self.unit_scripts(iid):
            for ab in sc.auto.get("destroyed", ()):
                self._add_trigger(p, iid, ab)
        name = self.name(iid)
        self.leave_field(iid, "charge")
        if self.listener is not None:
            self._emit("destroy", player=p, card=iid, name=name, by_damage=by_damage)

    def deal_damage(self, iid: int, amount: int, source: int = -1) -> None:
        """B-5: damage adds up over the turn; destroyed when damage >= power."""
        if not self.on_field(iid) or amount <= 0:
            return
        total = self.damage.get(iid, 0) + amount
        self.damage[iid] = total
        if self.listener is not None:
            self._emit("damage", player=self.owner[iid], card=iid, name=self.name(iid), amount=amount,
                       total=total, source=source)
        if self._lethal(iid, total, self._power_floor()):
            self.destroy(iid, by_damage=True)

    def _power_floor(self) -> int | None:
        """None when no Z/X on the field (nor its Shift) has a continuous power effect (every power
        is then printed + until-end-of-turn changes, A-3); else the sum of their negative amounts:
        no power on the field is below printed + until-end-of-turn + this (conditions and targets
        can only leave effects out). Kept for the last field seen (the squares and the Shifts on
        them, `_floor_key`): between two tasks the field seldom changes."""
        shift_on = self.shift_on
        key = tuple(self.squares)
        if shift_on:
            key = (key, tuple(shift_on.items()))
        if key == self._floor_key:
            return self._floor
        scripts = self.scripts
        floor = None
        for u in self.squares:
            if u >= 0:
                sc = scripts[u]
                effs = sc.power_effs
                if shift_on:
                    s = shift_on.get(u)
                    if s is not None:
                        sc = scripts[s]
                        effs = effs + sc.power_effs
                for _ab, eff in effs:
                    amount = eff.get("amount", 0)
                    floor = (floor or 0) + (amount if amount < 0 else 0)
        self._floor_key = key
        self._floor = floor
        return floor

    def _lethal(self, iid: int, dmg: int, floor: int | None) -> bool:
        """`dmg >= self.power(iid)` (B-5), with `power()` computed only when the damage reaches the
        lowest power the continuous effects on the field could leave (`floor`: `_power_floor()`)."""
        base = self.card_power[iid] + self.bonus.get(iid, 0)
        if floor is None:
            return dmg >= (base if base > 0 else 0)
        low = base + floor
        return dmg >= (low if low > 0 else 0) and dmg >= self.power(iid)

    def _check_lethal(self) -> None:
        """B-5: a Z/X whose damage this turn reaches its power is destroyed (checked between tasks:
        a power may drop after the damage).

        Without `power()` (`_lethal`: no continuous power effect on the field, or a damage below
        the lowest power they could leave), whether a damage is lethal depends only on the
        damage, the until-end-of-turn changes and the field with its Shifts (`_power_floor()`):
        a check that destroyed nothing and needed no `power()` keeps them (`_lethal_seen`), and
        the next check with the same ones is skipped (between two tasks they seldom change)."""
        squares = self.squares
        seen = self._lethal_seen
        if seen is not None and seen[0] == self.damage and seen[1] == self.bonus and seen[2] == squares \
                and seen[3] == self.shift_on:
            return
        self._lethal_seen = None
        floor = None
        known = False  # the floor is computed only when a damaged Z/X is on the field
        keep = True  # nothing destroyed, no power() read
        card_power = self.card_power
        bonus = self.bonus
        for iid, dmg in list(self.damage.items()):
            if dmg > 0 and iid >= 0 and iid in squares:
                if not known:
                    floor = self._power_floor()
                    known = True
                # `_lethal(iid, dmg, floor)`, noting whether it read power()
                base = card_power[iid] + bonus.get(iid, 0)
                if floor is None:
                    lethal = dmg >= (base if base > 0 else 0)
                else:
                    low = base + floor
                    if dmg < (low if low > 0 else 0):
                        lethal = False
                    else:
                        keep = False
                        lethal = dmg >= self.power(iid)
                if lethal:
                    keep = False
                    self.destroy(iid, by_damage=True)
                    floor = self._power_floor()
        if keep:
            self._lethal_seen = (self.damage.copy(), bonus.copy(), squares[:], self.shift_on.copy())

    def place(self, p: int, iid: int, sq: int, via: str, frm: str = "pending") -> None:
        """Put a card from limbo (or `frm`) onto a square (L-1..L-5) and fire `enter` triggers."""
        cur = self.squares[sq]
        if sq == PLAYER_SQUARE[1 - p] or (cur >= 0 and (self.owner[cur] != p or self.slept[cur])):
            # the square became illegal meanwhile: the card does not enter
            if iid in self.limbo:
                self.limbo.remove(iid)
            self.drop_forces(iid, frm)  # forces put under a Z/X EX by its awakening
            if self.cards[iid].type in ("zx_ex", "zx_ob"):
                self.face_up[iid] = 1  # X-5 / O-5
                self.players[p].dunamis.append(iid)
                if self.cards[iid].type == "zx_ob" and not self.has_ob_on_field(p):
                    self.players[p].player_face_up = True
                self.not_placed(p, iid, frm, "dunamis_up")
            else:
                self.players[p].trash.append(iid)
                self.not_placed(p, iid, frm, "trash")
            return
        if cur >= 0:  # L-4: replace your own rebooted Z/X
            name = self.name(cur)
            self.leave_field(cur, "trash")
            if self.listener is not None:
                self._emit("replaced", player=p, card=cur, name=name)
        if iid in self.limbo:
            self.limbo.remove(iid)
        self.squares[sq] = iid
        self.slept[iid] = 0  # L-5
        if self.listener is not None:
            self._mv(iid, frm, "field", square=sq)
        if self.listener is not None:
            self._emit("play", player=p, card=iid, name=self.cards[iid].name, square=sq, via=via)
        self.fire_enter(p, iid, via)

    def not_placed(self, p: int, iid: int, frm: str, to: str) -> None:
        """A card that was to be placed finds no legal square: log where it went instead."""
        if self.listener is not None:
            self._mv(iid, frm, to)
        if self.listener is not None:
            self._emit("not_placed", player=p, card=iid, name=self.cards[iid].name, to=to)

    def fire_enter(self, p: int, iid: int, via: str) -> None:
        for sc in self.unit_scripts(iid):
            for ab in sc.auto.get("enter", ()):
                if ab.via is None or ab.via == via:
                    self._add_trigger(p, iid, ab)
        if "ally_enter" not in self.triggered[p]:
            return
        for u in self.units_of(p):
            if u != iid:
                for sc in self.unit_scripts(u):
                    for ab in sc.auto.get("ally_enter", ()):
                        self._add_trigger(p, u, ab)

    def fire(self, trigger: str, iid: int) -> None:
        """Triggers `trigger` of the card `iid` (and its Shift)."""
        p = self.owner[iid]
        if trigger not in self.triggered[p]:
            return
        for sc in self.unit_scripts(iid):
            for ab in sc.auto.get(trigger, ()):
                self._add_trigger(p, iid, ab)

    def _add_trigger(self, ctl: int, src: int, ab: Ability) -> None:
        if ab.once_per_turn and (src, ab.card_id, ab.index) in self.once:
            return
        if not condition_holds(self, ctl, src, ab.condition):
            return
        self.triggers.append((ctl, src, ab))

    def _queue_triggers(self) -> None:
        """A-9: the turn player's triggers first (in the order they choose), then the other player's."""
        trig = self.triggers
        self.triggers = []
        a = self.active
        mine = tuple([t for t in trig if t[0] == a])
        theirs = tuple([t for t in trig if t[0] != a])
        self.stack.append(("triggers", mine, theirs))

    def ability_feasible(self, p: int, src: int, ab: Ability) -> bool:
        """Can the cost of `ab` be paid now?"""
        cost = ab.cost
        if not cost:
            return True
        ps = self.players[p]
        if cost.get("sleep_self") and (not self.on_field(src) or self.slept[src]):
            return False
        if "pay" in cost and not self.can_pay(p, cost["pay"], self.cards[src].color):
            return False
        if len(ps.hand) < cost.get("discard", 0):
            return False
        if "counters" in cost:
            c = cost["counters"]
            if ps.counters.get(c.get("counter", ""), 0) < c.get("n", 1):
                return False
        if len(self.forces.get(src, ())) < cost.get("force", 0):
            return False
        return len(ps.charge) >= cost.get("charge", 0)

    def push_costs(self, p: int, src: int, ab: Ability) -> None:
        """Push the tasks paying `ab`'s cost (they run before whatever was pushed below them)."""
        cost = ab.cost
        if not cost:
            return
        ps = self.players[p]
        if cost.get("sleep_self"):
            self.slept[src] = 1
            if self.listener is not None:
                self._emit("sleep", player=p, cards=[src], reason="cost")
        if "counters" in cost:
            c = cost["counters"]
            k = c.get("counter", "")
            ps.counters[k] = ps.counters.get(k, 0) - c.get("n", 1)
            if self.listener is not None:
                self._emit("counter", player=p, counter=k, n=ps.counters[k], change=-c.get("n", 1))
        if cost.get("charge"):
            self.pick(p, "cost_charge", tuple(ps.charge), cost["charge"], cost["charge"], ("to_trash_from", p, "charge"))
        if cost.get("force"):
            self.pick(p, "cost_force", self.forces.get(src, ()), cost["force"], cost["force"], ("force_to_trash", src))
        if cost.get("discard"):
            self.pick(p, "cost_discard", tuple(ps.hand), cost["discard"], cost["discard"], ("to_trash_from", p, "hand"))
        if cost.get("pay"):
            self.stack.append(("pay", p, cost["pay"], self.cards[src].color, False, src, ()))

    def push_event(self, p: int, iid: int, via: str) -> None:
        """Resolve an event card from limbo: its `event` abilities in order, then it goes to the trash (T-2)."""
        if self.listener is not None:
            self._emit("play", player=p, card=iid, name=self.cards[iid].name, square=-1, via=via)
        self.stack.append(("resolved",))
        self.stack.append(("limbo_to_trash", p, iid))
        for ab in reversed(self.scripts[iid].events):
            self.stack.append(("ability", p, iid, ab))

    def push_effects(self, p: int, src: int, ab: Ability) -> None:
        for eff in reversed(ab.effects):
            self.stack.append(("eff", p, src, eff))


# ---------------------------------------------------------------------- setup (S-1..S-10)


@task("setup_begin")
def _t_setup_begin(g: Game) -> None:
    """S-1: the game's cards (instance id and card number), every main deck card in its deck and
    every dunamis card face down in its dunamis: the starting point of the log's card moves."""
    if g.listener is None:
        return
    cards = g.cards
    zones = {}
    for p, ps in enumerate(g.players):
        zones[p] = {"deck": [[i, cards[i].id] for i in ps.deck],
                    "dunamis": [[i, cards[i].id] for i in ps.dunamis],
                    "player_card": [ps.player_card, cards[ps.player_card].id] if ps.player_card >= 0 else None}
    if g.listener is not None:
        g._emit("setup", cards={"p1": zones[0], "p2": zones[1]})


@task("setup_start")
def _t_setup_start(g: Game, p: int) -> None:
    """S-2: a Start Card Z/X from the deck onto the player square (optional)."""
    ps = g.players[p]
    opts = tuple(i for i in ps.deck if g.cards[i].start_card and g.cards[i].is_zx)
    if opts:
        g.stack.append(("pick", p, "start_card", opts, 0, 1, (), ("start_card", p)))


@task("start_card")
def _t_start_card(g: Game, p: int, chosen: tuple) -> None:
    for iid in chosen:
        g.players[p].deck.remove(iid)
        g.squares[PLAYER_SQUARE[p]] = iid
        if g.listener is not None:
            g._mv(iid, "deck", "field", square=PLAYER_SQUARE[p])
        if g.listener is not None:
            g._emit("start_card", player=p, card=iid, name=g.cards[iid].name, square=PLAYER_SQUARE[p])


@task("setup_gate")
def _t_setup_gate(g: Game, p: int) -> None:
    """S-3: a Gate Card event from the deck into the dunamis, face up (optional)."""
    ps = g.players[p]
    opts = tuple(i for i in ps.deck if g.cards[i].gate_card and g.cards[i].type == "event")
    if opts:
        g.stack.append(("pick", p, "gate_card", opts, 0, 1, (), ("gate_card", p)))


@task("gate_card")
def _t_gate_card(g: Game, p: int, chosen: tuple) -> None:
    for iid in chosen:
        g.players[p].deck.remove(iid)
        g.players[p].dunamis.append(iid)
        g.face_up[iid] = 1
        if g.listener is not None:
            g._mv(iid, "deck", "dunamis_up")
        if g.listener is not None:
            g._emit("gate_card", player=p, card=iid, name=g.cards[iid].name)


@task("setup_shuffle")
def _t_setup_shuffle(g: Game) -> None:
    """S-4 shuffle, S-5 seeded coin flip."""
    for ps in g.players:
        g.rng.shuffle(ps.deck)
    if g.first < 0:
        g.first = g.rng.randbelow(2)
    g.active = g.first
    if g.listener is not None:
        g._emit("game_start", first=g.first)


@task("setup_draw")
def _t_setup_draw(g: Game) -> None:
    """S-6 (the first player's draw runs first: tasks run last pushed, first run)."""
    for p in (1 - g.first, g.first):
        g.draw(p, HAND)


@task("mulligan_ask")
def _t_mulligan_ask(g: Game, order: int) -> None:
    """S-7: the first player, then the other, may mulligan once."""
    p = g.first if order == 0 else 1 - g.first
    g._decide(("mulligan", p))


def _legal_mulligan(g: Game, d: tuple) -> list[Action]:
    return [KEEP, MULLIGAN]


def _apply_mulligan(g: Game, d: tuple, a: Action) -> None:
    p = d[1]
    if a.kind == "mulligan":
        ps = g.players[p]
        for i in ps.hand:
            if g.listener is not None:
                g._mv(i, "hand", "deck")
        ps.deck.extend(ps.hand)
        ps.hand.clear()
        g.rng.shuffle(ps.deck)
        if g.listener is not None:
            g._emit("mulligan", player=p)
        g.draw(p, HAND)


decision("mulligan", _legal_mulligan, _apply_mulligan)


@task("setup_finish")
def _t_setup_finish(g: Game) -> None:
    """S-8 life, S-9 resources (the first player, then the other), S-10 face up."""
    g.stack.append(("setup_done",))
    for p in (1 - g.first, g.first):  # pushed in reverse: the first player's cards come first
        g.from_deck(p, "setup_resource", 2)
        g.from_deck(p, "setup_life", LIFE)


@task("setup_done")
def _t_setup_done(g: Game) -> None:
    g.started = True
    if g.listener is not None:
        g._emit("setup_done")


# ---------------------------------------------------------------------- the turn (P-1..P-7)


@task("start_turn")
def _t_start_turn(g: Game) -> None:
    if g._check_life():
        return
    g.turn += 1
    if g.turn > g.turn_limit:  # W-3
        g.turn -= 1
        g._end(None, "turn_limit")
        return
    p = g.active
    ps = g.players[p]
    ps.ex_used = ps.event_ex_used = ps.shift_used = ps.resource_done = False
    g.players[1 - p].ex_used = g.players[1 - p].event_ex_used = False
    g.once.clear()
    g.phase = "reboot"
    if g.listener is not None:
        g._emit("turn_start", player=p)
    slept = g.slept
    woken = [i for i in ps.resources + g.units_of(p) if slept[i]]
    for i in woken:  # P-1
        slept[i] = 0
    if woken and g.listener is not None:
        g._emit("reboot", player=p, cards=woken, reason="reboot_phase")
    g.stack.append(("main",))
    g.stack.append(("ignition",))
    g.stack.append(("resource",))
    g.stack.append(("draw_phase",))
    if "turn_start" in g.triggered[p]:
        for u in g.units_of(p):
            g.fire("turn_start", u)


@task("draw_phase")
def _t_draw_phase(g: Game) -> None:
    """P-2: draw 2; the first player draws nothing on the first turn."""
    g.phase = "draw"
    if g.turn > 1:
        g.draw(g.active, 2)


@task("resource")
def _t_resource(g: Game) -> None:
    """P-3."""
    if g._check_life():
        return
    g.phase = "resource"
    if g.players[g.active].hand:
        g._decide(("resource", g.active))


def _distinct(g: Game, iids: list[int] | tuple[int, ...]) -> list[int]:
    seen: set[str] = set()
    out = []
    card_id = g.card_id
    for i in iids:
        cid = card_id[i]
        if cid not in seen:
            seen.add(cid)
            out.append(i)
    return out


def _legal_resource(g: Game, d: tuple) -> list[Action]:
    return [SKIP] + [_new_action(Action, ("resource", i, -1)) for i in _distinct(g, g.players[d[1]].hand)]


def _apply_resource(g: Game, d: tuple, a: Action) -> None:
    if a.kind == "resource":
        ps = g.players[d[1]]
        ps.hand.remove(a.a)
        ps.resources.append(a.a)
        g.slept[a.a] = 0
        ps.resource_done = True
        if g.listener is not None:
            g._mv(a.a, "hand", "resource")
        if g.listener is not None:
            g._emit("resource", player=d[1], card=a.a, name=g.cards[a.a].name)


decision("resource", _legal_resource, _apply_resource)


@task("ignition")
def _t_ignition(g: Game) -> None:
    """P-4: ignite as long as the charge has a card."""
    if g._check_life():
        return
    g.phase = "ignition"
    if g.players[g.active].charge:
        g._decide(("ignite", g.active))


def _legal_ignite(g: Game, d: tuple) -> list[Action]:
    return [SKIP] + [_new_action(Action, ("ignite", i, -1)) for i in _distinct(g, g.players[d[1]].charge)]


def _apply_ignite(g: Game, d: tuple, a: Action) -> None:
    if a.kind == "ignite":
        p = d[1]
        ps = g.players[p]
        ps.charge.remove(a.a)
        ps.trash.append(a.a)
        if g.listener is not None:
            g._mv(a.a, "charge", "trash")
        if g.listener is not None:
            g._emit("ignite", player=p, card=a.a, name=g.cards[a.a].name)
        g.stack.append(("ignition",))
        g.from_deck(p, "reveal", 1)


decision("ignite", _legal_ignite, _apply_ignite)


@task("reveal_play")
def _t_reveal_play(g: Game, p: int, iid: int) -> None:
    """P-4 3..4: the revealed card, with the ignition icon, may be played for free (Over Drive).
    A refresh caused by the reveal (R-1) has already happened: this runs after it."""
    card = g.cards[iid]
    if card.ignition and card.is_zx:
        g.pick(p, "overdrive", tuple(g.legal_squares(p)), 0, 1, ("overdrive", p, iid))
    elif card.ignition and card.type == "event":
        g.pick(p, "overdrive_event", (iid,), 0, 1, ("overdrive", p, iid))
    else:
        g.limbo.remove(iid)
        g.mill_card(p, iid)
        if g.listener is not None:
            g._emit("ignition_trash", player=p, card=iid, name=card.name)


@task("overdrive")
def _t_overdrive(g: Game, p: int, iid: int, chosen: tuple) -> None:
    if not chosen:
        g.limbo.remove(iid)
        g.mill_card(p, iid)
        if g.listener is not None:
            g._emit("ignition_trash", player=p, card=iid, name=g.cards[iid].name)
    elif g.cards[iid].is_zx:
        g.place(p, iid, chosen[0], "overdrive")
    else:
        g.push_event(p, iid, "overdrive")


@task("main")
def _t_main(g: Game) -> None:
    if g._check_life():
        return
    g.phase = "main"
    g._decide(("main", g.active))


def _legal_main(g: Game, d: tuple) -> list[Action]:
    p = d[1]
    acts = [END]
    append = acts.append
    ps = g.players[p]
    cards = g.cards
    card_cost = g.card_cost
    card_color = g.card_color
    card_type = g.card_type
    slept = g.slept
    owner = g.owner
    field = g.squares
    # C-1: the rebooted resources, what `can_pay` reads
    reb = [r for r in ps.resources if not slept[r]]
    nreb = len(reb)
    colors = {card_color[r] for r in reb}
    # one pass over the field: p's Z/X (`units_of`), the squares p may place on (`legal_squares`,
    # L-1..L-3) and the squares of p's rebooted Z/X (the attackers, B-1)
    enemy_ps = PLAYER_SQUARE[1 - p]
    units: list[int] = []
    squares: list[int] = []
    attackers: list[int] = []
    for sq in range(9):
        u = field[sq]
        if u < 0:
            if sq != enemy_ps:
                squares.append(sq)
        elif owner[u] == p:
            units.append(u)
            if not slept[u]:
                if sq != enemy_ps:
                    squares.append(sq)
                attackers.append(sq)
    # one action per card number (`_distinct`): the checks read only the card, so the copies of a card
    # number pass or fail together and filtering before taking the first copy gives the same actions
    card_id = g.card_id
    seen: set[str] = set()
    for iid in ps.hand:
        cost = card_cost[iid]
        if cost > nreb:
            continue
        color = card_color[iid]
        if cost and color != "colorless" and color not in colors:
            continue
        cid = card_id[iid]
        if cid in seen:
            continue
        seen.add(cid)
        ctype = card_type[iid]
        if ctype in FIELD_TYPES:  # Card.is_zx
            row = _PLAY_ACTIONS.get(iid)
            if row is None:
                row = _PLAY_ACTIONS[iid] = tuple([Action("play", iid, sq) for sq in range(9)])
            for sq in squares:
                append(row[sq])
        elif ctype == "event" and cards[iid].timing != "battle":
            append(_new_action(Action, ("play", iid, -1)))
    if g.activating[p]:
        acts.extend(_ability_actions(g, p, ("main", "any"), units))
    _dunamis.main_actions(g, p, acts, nreb, colors, squares, units)
    # attack_targets() of each rebooted Z/X of p, by square (B-1, B-2), with what they share computed once
    prot: dict[int, bool] = {}
    ob = None
    guards = g.guards(1 - p, "attack") if attackers else []  # empty: none of them can be protected
    for sq in attackers:
        u = field[sq]
        adjs = ADJACENT[sq]
        for adj in adjs:
            v = field[adj]
            if v >= 0 and owner[v] != p:
                if guards:
                    pv = prot.get(v)
                    if pv is None:  # `g.protected(v, "attack")`
                        pv = False
                        for w, ab, tgt in guards:
                            if g._cont_applies(1 - p, w, ab, tgt, v):
                                pv = True
                                break
                        prot[v] = pv
                    if pv:
                        continue
                append(_new_action(Action, ("attack", u, v)))
        if enemy_ps in adjs:
            v = field[enemy_ps]
            if v < 0 or owner[v] == p:
                if ob is None:
                    ob = g.has_ob_on_field(1 - p)
                if not ob:
                    append(_new_action(Action, ("attack", u, PLAYER)))
    return acts


def _ability_actions(g: Game, p: int, timings: tuple[str, ...], units: list[int] | None = None) -> list[Action]:
    """The activated abilities p may use now (`units`: `g.units_of(p)`, if known)."""
    acts: list[Action] = []
    if g.activating[p].isdisjoint(timings):  # no activated ability of p has one of these timings
        return acts
    scripts = g.scripts
    shift_on = g.shift_on
    if units is None:
        units = g.units_of(p)
    for u in units:
        sc = scripts[u]
        abl = sc.activated
        if shift_on:
            s = shift_on.get(u)
            if s is not None:
                abl = abl + scripts[s].activated  # its own, then its Shift's (`unit_scripts`)
        if not abl:
            continue
        for idx, ab in enumerate(abl):
            if ab.timing in timings and not (ab.once_per_turn and (u, ab.card_id, ab.index) in g.once) \
                    and (not ab.condition or condition_holds(g, p, u, ab.condition)) and g.ability_feasible(p, u, ab):
                acts.append(_new_action(Action, ("ability", u, idx)))
    return acts


def activated_ability(g: Game, u: int, idx: int) -> Ability:
    """The idx-th activated ability of a Z/X (its own, then its Shift's)."""
    abl = [ab for sc in g.unit_scripts(u) for ab in sc.activated]
    return abl[idx]


def _apply_main(g: Game, d: tuple, a: Action) -> None:
    p = d[1]
    k = a.kind
    if k == "end":
        g.stack.append(("end_phase",))
        return
    g.stack.append(("main",))
    if k == "play":
        _play_from_hand(g, p, a.a, a.b)
    elif k == "ability":
        g.stack.append(("activate", p, a.a, a.b))
    elif k == "attack":
        g.stack.append(("attack", p, a.a, a.b))
    else:
        _dunamis.apply_dunamis_action(g, p, a)


def _play_from_hand(g: Game, p: int, iid: int, sq: int) -> None:
    """P-5: pay the cost (C-1) and place the Z/X (L-1..L-5) or resolve the event."""
    ps = g.players[p]
    ps.hand.remove(iid)
    g.limbo.append(iid)
    if g.listener is not None:
        g._mv(iid, "hand", "pending")
    card = g.cards[iid]
    if g.listener is not None:
        g._emit("declare", player=p, card=iid, name=card.name, via="hand", cost=card.cost)
    if card.is_zx:
        g.stack.append(("place_task", p, iid, sq, "hand"))
    else:
        g.stack.append(("event_task", p, iid, "hand"))
    if card.cost:
        g.stack.append(("pay", p, card.cost, card.color, False, iid, ()))


decision("main", _legal_main, _apply_main)


@task("place_task")
def _t_place(g: Game, p: int, iid: int, sq: int, via: str) -> None:
    g.place(p, iid, sq, via)


@task("event_task")
def _t_event(g: Game, p: int, iid: int, via: str) -> None:
    g.push_event(p, iid, via)


@task("limbo_to_trash")
def _t_limbo_to_trash(g: Game, p: int, iid: int) -> None:
    """T-2: an event that has resolved goes to its owner's trash."""
    if iid in g.limbo:
        g.limbo.remove(iid)
        g.players[g.owner[iid]].trash.append(iid)
        if g.listener is not None:
            g._mv(iid, "pending", "trash")
        if g.listener is not None:
            g._emit("event_resolved", player=p, card=iid, name=g.cards[iid].name, to="trash")


@task("end_phase")
def _t_end_phase(g: Game) -> None:
    """P-6 1: end-of-turn triggers."""
    g.phase = "end"
    g.stack.append(("end_cleanup",))
    if "turn_end" in g.triggered[g.active]:
        for u in g.units_of(g.active):
            g.fire("turn_end", u)


@task("end_cleanup")
def _t_end_cleanup(g: Game) -> None:
    """P-6 2..4: damage removed, until-end-of-turn effects end, hand down to 6."""
    g.damage.clear()
    g.bonus.clear()
    p = g.active
    hand = g.players[p].hand
    g.stack.append(("next_turn",))
    if len(hand) > HAND_LIMIT:
        n = len(hand) - HAND_LIMIT
        g.pick(p, "hand_limit", tuple(hand), n, n, ("to_trash_from", p, "hand"))


@task("next_turn")
def _t_next_turn(g: Game) -> None:
    """P-7."""
    if g.listener is not None:
        g._emit("turn_end", player=g.active)
    g.active = 1 - g.active
    g.stack.append(("start_turn",))


# ---------------------------------------------------------------------- generic decisions


@task("pick")
def _t_pick(g: Game, player: int, purpose: str, options: tuple, mn: int, mx: int, chosen: tuple,
            cont: tuple) -> None:
    left = [o for o in options if o not in chosen]
    need = mn - len(chosen)
    if purpose in DEDUPE:
        # copies of one card are interchangeable: a required pick among copies of a single
        # card has one possible outcome, so it is carried out without asking
        while need > 0 and left and len(chosen) < mx and len(_distinct(g, left)) == 1:
            chosen = chosen + (left.pop(0),)
            need -= 1
    if not left or len(chosen) >= mx:
        _finish_pick(g, cont, chosen)
    elif need >= len(left):  # forced: everything left must be chosen
        _finish_pick(g, cont, chosen + tuple(left))
    else:
        g._decide(("pick", player, purpose, options, mn, mx, chosen, cont))
        # `_legal_pick`, made now from `left`
        acts = [_new_action(Action, ("pick", o, -1)) for o in (_distinct(g, left) if purpose in DEDUPE else left)]
        if len(chosen) >= mn:
            acts.append(DONE)
        g._legal = acts


def _finish_pick(g: Game, cont: tuple, chosen: tuple) -> None:
    """Carry out a finished pick at once: its continuation is part of the choice (A-9).

    Pushed instead, it would be a task like any other, and triggers waiting since before the
    pick (a destroyed Z/X's, while its owner trims the charge, Z-5) would be put on the stack
    above it and resolve with the choice not yet carried out (a charge of 5 at the trigger's
    target choice)."""
    TASKS[cont[0]](g, *cont[1:], chosen)


def _legal_pick(g: Game, d: tuple) -> list[Action]:
    _, player, purpose, options, mn, mx, chosen, cont = d
    left = [o for o in options if o not in chosen]
    if purpose in DEDUPE:
        left = _distinct(g, left)
    acts = [_new_action(Action, ("pick", o, -1)) for o in left]
    if len(chosen) >= mn:
        acts.append(DONE)
    return acts


def _apply_pick(g: Game, d: tuple, a: Action) -> None:
    _, player, purpose, options, mn, mx, chosen, cont = d
    if a.kind == "done":
        _finish_pick(g, cont, chosen)
        return
    chosen = chosen + (a.a,)
    g.stack.append(("pick", player, purpose, options, mn, mx, chosen, cont))


decision("pick", _legal_pick, _apply_pick)


@task("pay")
def _t_pay(g: Game, p: int, n: int, color: str, matched: bool, src: int, paid: tuple) -> None:
    """C-1: sleep n rebooted resources, one of the card's color; the player picks which (by color).

    `src` is the card (or the Z/X whose ability) being paid for, `paid` the resources slept so far;
    the `pay` event lists them all once the payment is complete."""
    while n > 0:
        opts = _pay_options(g, p, n, color, matched)
        if not opts:
            break  # cannot happen after can_pay(); the event says what was paid
        if len(opts) > 1:
            g._decide(("pay", p, n, color, matched, src, paid))
            g._legal = [_new_action(Action, ("pay", r, -1)) for r in opts]  # `_legal_pay`, made now
            return
        r = opts[0]
        g.slept[r] = 1
        paid = paid + (r,)
        matched = matched or g.cards[r].color == color
        n -= 1
    if g.listener is not None:
        g._emit("pay", player=p, card=src, name=g.cards[src].name, cost=len(paid) + n, color=color,
                resources=list(paid), colors=[g.cards[r].color for r in paid])


def _pay_options(g: Game, p: int, n: int, color: str, matched: bool) -> list[int]:
    need_match = color != "colorless" and not matched
    seen: set[str] = set()
    out = []
    card_color = g.card_color
    slept = g.slept
    for r in g.players[p].resources:
        if slept[r]:
            continue
        c = card_color[r]
        if c in seen:
            continue
        if need_match and n == 1 and c != color:
            continue
        seen.add(c)
        out.append(r)
    return out


def _legal_pay(g: Game, d: tuple) -> list[Action]:
    _, p, n, color, matched, src, paid = d
    return [_new_action(Action, ("pay", r, -1)) for r in _pay_options(g, p, n, color, matched)]


def _apply_pay(g: Game, d: tuple, a: Action) -> None:
    _, p, n, color, matched, src, paid = d
    g.slept[a.a] = 1
    g.stack.append(("pay", p, n - 1, color, matched or g.cards[a.a].color == color, src, paid + (a.a,)))


decision("pay", _legal_pay, _apply_pay)


def _legal_confirm(g: Game, d: tuple) -> list[Action]:
    return [YES, NO]


def _apply_confirm(g: Game, d: tuple, a: Action) -> None:
    _, p, purpose, yes_task = d
    if a.kind == "yes":
        g.stack.append(yes_task)


decision("confirm", _legal_confirm, _apply_confirm)


@task("charge_limit")
def _t_charge_limit(g: Game, p: int) -> None:
    """Z-5: the owner chooses cards to send to the trash until 4 remain."""
    ch = g.players[p].charge
    n = len(ch) - CHARGE_LIMIT
    if n > 0:
        g.pick(p, "charge_overflow", tuple(ch), n, n, ("to_trash_from", p, "charge"))


@task("to_trash_from")
def _t_to_trash_from(g: Game, p: int, zone: str, chosen: tuple) -> None:
    ps = g.players[p]
    lst = getattr(ps, zone)
    for iid in chosen:
        if iid in lst:
            lst.remove(iid)
            ps.trash.append(iid)
            if g.listener is not None:
                g._mv(iid, zone, "trash")
    if chosen and g.listener is not None:
        g._emit("discard" if zone == "hand" else "to_trash", player=p, zone=zone,
                names=[g.cards[i].name for i in chosen])


@task("force_to_trash")
def _t_force_to_trash(g: Game, src: int, chosen: tuple) -> None:
    fs = list(g.forces.get(src, ()))
    frm = "field" if g.on_field(src) else "pending"
    for iid in chosen:
        if iid in fs:
            fs.remove(iid)
            g.players[g.owner[iid]].trash.append(iid)
            if g.listener is not None:
                g._mv(iid, frm, "trash")
    if fs:
        g.forces[src] = tuple(fs)
    else:
        g.forces.pop(src, None)
    if chosen and g.listener is not None:
        g._emit("to_trash", player=g.owner[src], zone="force", card=src,
                names=[g.cards[i].name for i in chosen])


@task("from_deck")
def _t_from_deck(g: Game, p: int, op: str, n: int, arg: Any, retried: bool) -> None:
    """Take up to `n` cards from the top of p's deck, one at a time, for `op` (DECK_OPS).

    R-1: the moment the deck becomes empty, the cards taken so far are reported (their event),
    the rest of the operation is pushed, then the refresh: its life card is lost before anything
    else continues. R-2: a card needed from an empty deck refreshes first (`retried` marks the
    retry); if the new deck is empty too, the rest of the operation does nothing.
    """
    ps = g.players[p]
    put, done = DECK_OPS[op]
    taken: list[int] = []
    while n > 0:
        if not ps.deck:
            if retried:
                break
            done(g, p, taken, arg)
            g.stack.append(("from_deck", p, op, n, arg, True))
            g.refresh(p)
            return
        retried = False
        iid = ps.deck.pop()
        put(g, p, iid, arg)
        taken.append(iid)
        n -= 1
        if not ps.deck:
            done(g, p, taken, arg)
            if n:
                g.stack.append(("from_deck", p, op, n, arg, False))
            g.refresh(p)
            return
    done(g, p, taken, arg)


def _put_hand(g: Game, p: int, iid: int, arg: Any) -> None:
    g.players[p].hand.append(iid)
    if g.listener is not None:
        g._mv(iid, "deck", "hand")


def _put_life(g: Game, p: int, iid: int, arg: Any) -> None:
    g.players[p].life.append(iid)
    if g.listener is not None:
        g._mv(iid, "deck", "life")


def _put_resource(g: Game, p: int, iid: int, slept: Any) -> None:
    g.players[p].resources.append(iid)
    g.slept[iid] = 1 if slept else 0
    if g.listener is not None:
        g._mv(iid, "deck", "resource", slept=bool(slept))


def _put_charge(g: Game, p: int, iid: int, arg: Any) -> None:
    g.to_charge(p, iid, "deck")


def _put_trash(g: Game, p: int, iid: int, arg: Any) -> None:
    g.mill_card(p, iid, "deck", fire=False)  # A-7 fires in `milled`, after a refresh's life loss


def _put_reveal(g: Game, p: int, iid: int, arg: Any) -> None:
    g.limbo.append(iid)
    if g.listener is not None:
        g._mv(iid, "deck", "pending")


def _names(g: Game, taken: list[int]) -> list[str]:
    return [g.cards[i].name for i in taken]


def _done_draw(g: Game, p: int, taken: list[int], arg: Any) -> None:
    if taken and g.listener is not None:
        g._emit("draw", player=p, n=len(taken))


def _done_setup_life(g: Game, p: int, taken: list[int], arg: Any) -> None:
    if taken and g.listener is not None:
        g._emit("setup_life", player=p, n=len(taken))


def _done_setup_resource(g: Game, p: int, taken: list[int], arg: Any) -> None:
    if taken and g.listener is not None:
        g._emit("setup_resource", player=p, n=len(taken), cards=list(taken), names=_names(g, taken))


def _done_life(g: Game, p: int, taken: list[int], name: Any) -> None:
    if taken:
        if name:
            if g.listener is not None:
                g._emit("life_recover", player=p, n=len(taken), name=name)
        else:
            if g.listener is not None:
                g._emit("life_recover", player=p, n=len(taken))


def _done_ramp(g: Game, p: int, taken: list[int], arg: Any) -> None:
    if taken and g.listener is not None:
        g._emit("ramp", player=p, n=len(taken), names=_names(g, taken))


def _done_charge(g: Game, p: int, taken: list[int], arg: Any) -> None:
    if taken and g.listener is not None:
        g._emit("charge_from_deck", player=p, n=len(taken), names=_names(g, taken))


def _done_mill(g: Game, p: int, taken: list[int], arg: Any) -> None:
    if taken:
        if g.listener is not None:
            g._emit("mill", player=p, names=_names(g, taken))
        g.stack.append(("milled", p, tuple(taken)))


def _done_reveal(g: Game, p: int, taken: list[int], arg: Any) -> None:
    for iid in taken:
        card = g.cards[iid]
        if g.listener is not None:
            g._emit("ignition", player=p, card=iid, name=card.name, icon=card.ignition)
        g.stack.append(("reveal_play", p, iid))


# op -> (put one card just taken from the top of the deck, report the cards taken)
DECK_OPS: dict[str, tuple[Callable[..., None], Callable[..., None]]] = {
    "draw": (_put_hand, _done_draw),
    "setup_life": (_put_life, _done_setup_life),
    "setup_resource": (_put_resource, _done_setup_resource),
    "life": (_put_life, _done_life),
    "ramp": (_put_resource, _done_ramp),
    "charge": (_put_charge, _done_charge),
    "mill": (_put_trash, _done_mill),
    "reveal": (_put_reveal, _done_reveal),
}


@task("milled")
def _t_milled(g: Game, p: int, cards: tuple) -> None:
    """A-7: Evol Seed triggers of cards milled from the deck."""
    for iid in cards:
        g.fire_milled(p, iid)


@task("refresh_life")
def _t_refresh_life(g: Game, p: int) -> None:
    """R-1: the opponent puts one of p's life cards into p's charge (it cannot be played)."""
    life = g.players[p].life
    if life:
        g.pick(1 - p, "refresh_life", tuple(range(len(life))), 1, 1, ("refresh_life_take", p))


@task("refresh_life_take")
def _t_refresh_life_take(g: Game, p: int, chosen: tuple) -> None:
    life = g.players[p].life
    if chosen and chosen[0] < len(life):
        iid = life.pop(chosen[0])
        g.to_charge(p, iid, "life")
        if g.listener is not None:
            g._emit("refresh_life", player=p, card=iid, name=g.cards[iid].name)


# ---------------------------------------------------------------------- abilities (A-1..A-9)


@task("triggers")
def _t_triggers(g: Game, first: tuple, second: tuple) -> None:
    if not first:
        if not second:
            return
        first, second = second, ()
    if len(first) == 1:
        g.stack.append(("triggers", (), second))
        g.stack.append(("trigger", *first[0]))
        return
    g.pick(first[0][0], "trigger_order", tuple(range(len(first))), 1, 1, ("trigger_order", first, second))


@task("trigger_order")
def _t_trigger_order(g: Game, first: tuple, second: tuple, chosen: tuple) -> None:
    i = chosen[0]
    rest = first[:i] + first[i + 1:]
    g.stack.append(("triggers", rest, second))
    g.stack.append(("trigger", *first[i]))


@task("trigger")
def _t_trigger(g: Game, ctl: int, src: int, ab: Ability) -> None:
    """A-2: an automatic ability resolves (optional ones ask first; a cost makes it optional).

    A 【ターン1】 ability is used up only when it is used: declined or skipped for an unpayable
    cost, it may trigger again this turn."""
    if ab.once_per_turn and (src, ab.card_id, ab.index) in g.once:
        return
    if ab.cost and not g.ability_feasible(ctl, src, ab):
        return
    if ab.optional:
        g._decide(("confirm", ctl, "optional", ("trigger_yes", ctl, src, ab)))
        return
    _use_once(g, src, ab)
    g.stack.append(_trigger_ability(ctl, src, ab))


def _use_once(g: Game, src: int, ab: Ability) -> None:
    """Record a 【ターン1】 use, per card on the field: a `destroyed` ability resolves after its card
    left, and that card, if it comes back this turn, is a new one (nothing to record)."""
    if ab.once_per_turn and not (ab.trigger == "destroyed" and not g.on_field(src)):
        g.once.add((src, ab.card_id, ab.index))


def _trigger_ability(ctl: int, src: int, ab: Ability) -> tuple:
    """The task resolving a triggered ability. A `destroyed` condition was checked when the Z/X was
    destroyed (its last state on the field) and is not checked again (docs/ABILITIES.md)."""
    return ("ability", ctl, src, ab, ab.trigger != "destroyed")


@task("trigger_yes")
def _t_trigger_yes(g: Game, ctl: int, src: int, ab: Ability) -> None:
    _use_once(g, src, ab)
    g.stack.append(_trigger_ability(ctl, src, ab))
    g.push_costs(ctl, src, ab)


@task("ability")
def _t_ability(g: Game, ctl: int, src: int, ab: Ability, recheck: bool = True) -> None:
    """Resolve an ability: its condition (unless `recheck` is False), then its effects in order."""
    if recheck and not condition_holds(g, ctl, src, ab.condition):
        return
    if g.listener is not None:
        g._emit("ability", player=ctl, card=src, name=g.cards[src].name, kind=ab.kind, index=ab.index,
                card_id=ab.card_id)
    g.stack.append(("resolved",))  # triggers caused by these effects wait for the end
    g.push_effects(ctl, src, ab)


@task("resolved")
def _t_resolved(g: Game) -> None:
    """End of an ability, event or Z/X EX play: a check timing for the triggers it caused (A-9)."""


@task("activate")
def _t_activate(g: Game, p: int, u: int, idx: int) -> None:
    """A-1: pay the cost, then resolve."""
    ab = activated_ability(g, u, idx)
    if ab.once_per_turn:
        g.once.add((u, ab.card_id, ab.index))
    g.stack.append(("ability", p, u, ab))
    g.push_costs(p, u, ab)


@task("eff")
def _t_eff(g: Game, ctl: int, src: int, eff: dict, targets: tuple | None = None,
           chosen: tuple | None = None) -> None:
    """One effect primitive (effects.py); its targets are chosen first by the controller."""
    first = targets is None
    if first:
        targets = _effects.choose_targets(g, ctl, src, eff)
        if targets is None:  # a pick was pushed; it continues this task
            return
    if first and g.listener is not None:  # say when an effect can do nothing (for the narration)
        why = _effects.nothing_to_do(g, ctl, src, eff, targets)
        if why is not None and g.listener is not None:
            g._emit("no_effect", player=ctl, card=src, name=g.cards[src].name, effect=eff["do"],
                    reason=why)
    EFFECTS[eff["do"]](g, ctl, src, eff, targets, chosen)


# Register the other modules' tasks, decisions and effects (the functions above use `_dunamis`
# and `_effects` at call time: a module attribute, not an import statement run at every call).
from zxdeck.games.zx.engine import battle as _battle  # noqa: E402,F401
from zxdeck.games.zx.engine import dunamis as _dunamis  # noqa: E402
from zxdeck.games.zx.engine import effects as _effects  # noqa: E402

__all__ = ["Game", "IllegalActionError", "DeckSpec", "Action", "PLAYER", "PASS", "YES", "NO"]
