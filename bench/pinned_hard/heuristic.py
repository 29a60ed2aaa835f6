"""The `heuristic` agent: every choice scored by what it changes in the shared evaluation.

Each legal action gets a score in life cards (the unit of `evaluation.py`) and a
reason in words; the best one is played, ties broken by the agent's seeded
generator. `explain(game)` returns the scored choices with their reasons (for a
hint). docs/AI.md describes the behaviour; in short:

- **Main phase (P-5)**: what a Z/X brings is computed from the evaluation's
  weights (its power, guarding the player square, attack lanes, walls), minus
  the Z/X it would replace (L-4: only when the newcomer is worth more, a
  reason that is named), minus the card leaving the hand. Events, abilities,
  Z/X EX, Event EX and Shifts are valued from their effects (docs/ABILITIES.md
  primitives). Development comes first, then the attacks: the player when it
  can be attacked, the Z/X on the player square when the lanes can destroy it
  (and then hit the player), any Z/X the attackers can destroy (alone or
  together), attacks whose own triggers are worth something. It ends the main
  phase only when nothing is worth doing.
- **Battle event step (B-3)**: when an event, ability or Event EX can be played,
  it looks one ply ahead: the battle is played out on a determinized copy
  (hidden cards re-dealt: it never peeks) once for passing and once for each
  candidate, and the candidate is played when it beats passing by more than
  the card is worth keeping.
- **Picks**: targets by the value they remove or add, squares by the
  evaluation, the least useful cards to discard, the best to search.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from zxdeck.games.zx.engine import PLAYER, Action, Game
from zxdeck.games.zx.engine.abilities import condition_holds
from zxdeck.games.zx.engine.dunamis import over_boost_cards
from zxdeck.games.zx.engine.rng import Rng
from zxdeck.games.zx.engine.state import PLAYER_SQUARE

from .evaluation import LANES, WALLS, WEIGHTS, evaluate

# picks whose values depend on the field (the others are about cards in zones)
FIELD_PICKS = frozenset({"overdrive", "life_play", "ex_square", "square", "ob_square", "move",
                         "overdrive_event", "life_play_event", "descent", "void_bringer"})
INDEX_PICKS = frozenset({"life_hit", "refresh_life", "trigger_order", "deck_bottom_order"})
# effects that can change a battle's outcome or the field (B-3..B-6); the others can wait
BATTLE_EFFECTS = frozenset({"damage", "destroy", "power", "bounce", "deck_bottom", "to_resource",
                            "to_trash", "sleep", "reboot", "move", "play_free", "life_recover",
                            "over_boost", "win"})
REMOVAL = frozenset({"destroy", "bounce", "deck_bottom", "to_resource", "to_trash"})
SPEND = 0.04  # the value of one rebooted resource within the turn (spend where it buys most)
KEEP_MARGIN = 0.05  # a battle card is played when it beats passing by more than this


class Choice(NamedTuple):
    """One scored action: `score` in life cards (higher is better), `reason` in words."""

    action: Action
    score: float
    reason: str


class _Ctx:
    """Facts about the position computed once per decision (both players' guards, lanes...)."""

    __slots__ = ("p", "o", "guard", "ob", "open", "lanes", "ready", "active", "g", "_power", "kills",
                 "attackers", "risk", "table")
    table: list[tuple[float, float, int, float]] | None

    def __init__(self, g: Game) -> None:
        self.g = g
        self._power: dict[int, int] = {}
        self.kills: dict[tuple[int, bool], float] = {}
        self.attackers: set[int] | None = None  # own Z/X with a legal attack (main phase)
        self.risk: dict[int, int] = {}  # attack target -> damage its side's triggers deal the attacker
        self.table = None  # _square_table of the deciding player
        squares = g.squares
        owner = g.owner
        cards = g.cards
        slept = g.slept
        self.p = -1
        self.o = -1
        ob = [0, 0]
        lanes = [0, 0]
        ready = [0, 0]
        active = self.active = g.active if g.phase in ("main", "battle") else -1
        for sq, u in enumerate(squares):
            if u < 0:
                continue
            q = owner[u]
            if cards[u].type == "zx_ob":
                ob[q] += 1
            if sq in LANES[q]:
                lanes[q] += 1
                if active == q and not slept[u]:
                    ready[q] += 1
        u0, u1 = squares[PLAYER_SQUARE[0]], squares[PLAYER_SQUARE[1]]
        guard = self.guard = [u0 >= 0 and owner[u0] == 0, u1 >= 0 and owner[u1] == 1]
        self.ob, self.lanes, self.ready = ob, lanes, ready
        # open[q]: q's player can be attacked (B-2, O-4)
        self.open = [not guard[0] and not ob[0], not guard[1] and not ob[1]]

    def power(self, u: int) -> int:
        """g.power(u), computed once per decision for the whole field (A-3 makes it dear)."""
        if not self._power:
            self._power = self.g.powers()
        v = self._power.get(u)
        if v is None:  # not on the field
            v = self._power[u] = self.g.power(u)
        return v


class _NoCtx:
    """Stands for the context in picks that do not look at the field."""

    p = o = -1


_NO_CTX: Any = _NoCtx()


def unit_worth(ctx: _Ctx, q: int, power: int, sq: int, rebooted: bool, is_ob: bool,
               w: dict[str, float]) -> float:
    """What one Z/X of q on `sq` adds to q's evaluation (the evaluation's terms for one unit).

    Standing on q's player square or being a Z/X OB also closes q to attacks: the opponent's
    open lanes stop counting (B-2, O-4)."""
    o = 1 - q
    v = w["units"] + w["power"] * power / 1000.0
    closes = False
    if sq == PLAYER_SQUARE[q]:
        v += w["guard"] + w["guard_power"] * power / 1000.0
        closes = not ctx.ob[q]
    if is_ob and not ctx.ob[q]:
        v += w["immune"]
        closes = closes or not ctx.guard[q]
    if closes and ctx.open[q]:
        v += w["open_lanes"] * ctx.lanes[o] + w["ready"] * ctx.ready[o]
    if sq in LANES[q]:
        v += w["lanes"]
        if ctx.open[o]:
            v += w["open_lanes"]
            if rebooted and ctx.active == q:
                v += w["ready"]
    if sq in WALLS[q]:
        v += w["walls"]
    return v


_ATTACK_ABILITIES: dict[Any, tuple[tuple, tuple]] = {}


def _attack_abilities(sc: Any) -> tuple[tuple, tuple]:
    """A script's `attack` abilities split into (power for itself, everything else); cached."""
    hit = _ATTACK_ABILITIES.get(sc)
    if hit is None:
        boosts, others = [], []
        for ab in sc.auto.get("attack", ()):
            if all(e["do"] == "power" and e.get("target") == "self" for e in ab.effects):
                boosts.append(ab)
            else:
                others.append(ab)
        hit = _ATTACK_ABILITIES[sc] = (tuple(boosts), tuple(others))
    return hit


def _self_boost(g: Game, u: int) -> int:
    """Power `u` gives itself when it attacks (its own and its Shift's `attack` abilities)."""
    boost = 0
    p = g.owner[u]
    for sc in g.unit_scripts(u):
        for ab in _attack_abilities(sc)[0]:
            if ab.condition and not condition_holds(g, p, u, ab.condition):
                continue
            for e in ab.effects:
                boost += int(e.get("amount", 0))
    return boost


class HeuristicAgent:
    """Scores every legal action with the shared evaluation's weights; deterministic for a seed."""

    name = "heuristic"

    def __init__(self, seed: int = 0, weights: dict[str, float] | None = None,
                 lookahead: bool = True) -> None:
        self.rng = Rng(seed)  # the project's generator (engine/rng.py): ties, determinizing
        self.w = dict(weights) if weights is not None else WEIGHTS
        self.lookahead = lookahead
        self._inner: HeuristicAgent | None = None
        self._why = True  # write the reasons out (explain) or not (choose)
        self._idle_key: tuple | None = None  # the main phase state in which nothing was left to develop

    # ------------------------------------------------------------------ public API

    def choose(self, game: Game) -> Action:
        acts = game.legal_actions()
        if len(acts) == 1:
            return acts[0]
        scored = self.choices(game, full=False)
        top = max(c.score for c in scored)
        best = [c.action for c in scored if c.score >= top - 1e-9]
        # ties: one draw among the best (none when there is one)
        return best[0] if len(best) == 1 else best[self.rng.randbelow(len(best))]

    def explain(self, game: Game, top: int = 3) -> list[Choice]:
        """The `top` best choices with their scores and reasons, best first. Neither the game nor
        the agent's generator change: the next `choose` is the same with or without it."""
        state = self.rng.getstate()
        idle = self._idle_key
        try:
            return [c._replace(reason=c.reason or "") for c in
                    sorted(self.choices(game), key=lambda c: -c.score)[:top]]
        finally:
            self.rng.setstate(state)
            self._idle_key = idle

    def choices(self, game: Game, full: bool = True) -> list[Choice]:
        """The legal actions of the current decision, scored (all of them when `full`; else the
        main phase leaves out the attacks while something scores above them, and only the reasons
        of replacements are written out)."""
        self._why = full
        d = game.decision
        if d is None:
            return []
        acts = game.legal_actions()
        kind = d[0]
        if kind == "main":
            return self._main(game, d, acts, full)
        fn = getattr(self, "_" + kind, None)
        if fn is None:
            return [Choice(a, 0.0, "") for a in acts]
        return fn(game, d, acts)

    # ------------------------------------------------------------------ values of things

    def card_worth(self, g: Game, p: int, iid: int) -> float:
        """How useful a card in hand is to p (for discards, searches, resources): cheap Z/X it can
        play soon and events with effects are worth more; cards it cannot pay for soon less."""
        c = g.cards[iid]
        nres = len(g.players[p].resources)
        v = 0.0
        if c.type == "zx":
            v = 0.3 + c.power / 10000.0
        elif c.type == "event":
            v = 0.3 + 0.1 * len(g.scripts[iid].events)
        if c.cost > nres + 1:
            v -= 0.1 * (c.cost - nres - 1)
        return v

    def kill_worth(self, g: Game, ctx: _Ctx, t: int, to_charge: bool = True) -> float:
        """What the owner of Z/X `t` loses when it leaves the field (their charge grows, Z-5)."""
        key = (t, to_charge)
        v = ctx.kills.get(key)
        if v is not None:
            return v
        q = g.owner[t]
        sq = g.squares.index(t)
        # printed power: a value, not a kill check (those use the exact power), and cheap
        v = unit_worth(ctx, q, g.cards[t].power, sq, not g.slept[t], g.cards[t].type == "zx_ob", self.w)
        if to_charge and g.cards[t].type == "zx":
            v -= self.w["charge"]
        if t in g.shift_on:
            v += 0.3
        ctx.kills[key] = v
        return v

    def _targets_value(self, g: Game, ctx: _Ctx, p: int, src: int, eff: dict, sel: Any) -> tuple[float, str]:
        """Value for p of a unit effect over selector `sel` (best targets chosen), with a reason."""
        from zxdeck.games.zx.engine.effects import candidates

        do = eff["do"]
        if isinstance(sel, str):
            if sel == "self":
                tgts = [src] if g.on_field(src) else []
            else:
                u = g.battle_unit(0 if sel == "attacker" else 1)
                tgts = [u] if u >= 0 else []
            vals = [self._unit_effect(g, ctx, p, src, eff, t) for t in tgts]
            return (sum(vals), "") if vals else (0.0, "")
        cands = candidates(g, p, src, sel, choosing=not sel.get("all"))
        if not cands:
            return 0.0, ""
        vals = sorted(((self._unit_effect(g, ctx, p, src, eff, t), t) for t in cands), reverse=True)
        if sel.get("all"):
            total = sum(v for v, _ in vals)
            return total, f"{do} on {len(vals)} Z/X"
        n = int(sel.get("count", 1))
        picked = vals[:n]
        if sel.get("upto"):
            picked = [x for x in picked if x[0] > 0]
        else:
            picked = vals[:n]
        total = sum(v for v, _ in picked)
        names = ", ".join(g.name(t) for _, t in picked)
        return total, f"{do} {names}" if names else ""

    def _unit_effect(self, g: Game, ctx: _Ctx, p: int, src: int, eff: dict, t: int) -> float:
        """Value for p of effect `eff` on the Z/X t (positive: good for p)."""
        do = eff["do"]
        mine = g.owner[t] == p
        sign = -1.0 if mine else 1.0
        if do in REMOVAL:
            v = self.kill_worth(g, ctx, t, to_charge=False)
            if do == "bounce":
                v -= self.w["hand"]
            elif do == "to_resource":
                v -= self.w["resources"]
            return sign * v
        if do == "destroy":
            return sign * self.kill_worth(g, ctx, t)
        if do == "damage":
            left = ctx.power(t) - g.damage.get(t, 0)
            if int(eff.get("amount", 0)) >= left:
                return sign * self.kill_worth(g, ctx, t)
            return sign * 0.02
        if do == "power":
            amount = int(eff.get("amount", 0))
            v = self.w["power"] * amount / 1000.0 * 0.5
            if g.battle is not None:
                v = self._battle_power_value(g, t, amount)
            return v if mine else -v
        if do == "sleep":
            return 0.03 if not mine else -0.03
        if do == "reboot":
            if mine and g.slept[t] and g.active == p:
                return 0.3
            return 0.0
        if do == "move":
            return 0.0
        return 0.0

    def _battle_power_value(self, g: Game, t: int, amount: int) -> float:
        """A power change during a battle matters when it changes who survives; the lookahead of
        the battle event step measures that exactly, this is the estimate for effects outside it."""
        return self.w["power"] * amount / 1000.0

    def effect_worth(self, g: Game, ctx: _Ctx, p: int, src: int, eff: dict) -> tuple[float, str]:
        """Value for p of one effect primitive (docs/ABILITIES.md) and a reason."""
        w = self.w
        do = eff["do"]
        n = int(eff.get("n", 1))
        opp_side = eff.get("who", "self") == "opponent"
        sign = -1.0 if opp_side else 1.0
        if "target" in eff and do in ("damage", "destroy", "power", "bounce", "deck_bottom",
                                      "to_resource", "to_trash", "sleep", "reboot", "move"):
            return self._targets_value(g, ctx, p, src, eff, eff["target"])
        if do == "draw":
            return sign * w["hand"] * n, f"draw {n}"
        if do == "discard":
            return -sign * w["hand"] * n, f"discard {n}"
        if do == "mill":
            return 0.0, ""
        if do in ("search", "retrieve"):
            to = eff.get("to", "hand")
            if to == "square":
                return w["units"] + w["power"] * 3 - w["hand"] * 0 + 0.1, "search a Z/X onto the field"
            if to == "resource":
                return w["resources"] * n, "search a resource"
            return w["hand"] * n + 0.05, f"{do} {n} to hand"
        if do == "gain_counter":
            return w["counters"] * n + 0.02, f"+{n} counters"
        if do == "alter_force":
            return 0.02 * n, "alter force"
        if do == "play_free":
            return w["units"] + 0.15, "a free play"
        if do == "life_recover":
            return w["life"] * n, f"life +{n}"
        if do == "ramp":
            return w["resources"] * n, f"resources +{n}"
        if do == "charge_from_deck":
            return w["charge"] * n, f"charge +{n}"
        if do == "reboot_resources":
            return SPEND * n, f"reboot {n} resources"
        if do == "over_boost":
            return self._over_boost_worth(g, ctx, p)
        if do == "win":
            return 100.0, "wins the game (W-2)"
        return 0.0, ""

    def _over_boost_worth(self, g: Game, ctx: _Ctx, p: int) -> tuple[float, str]:
        obs = over_boost_cards(g, p)
        squares = g.legal_squares(p, empty_only=True)
        if not obs or not squares:
            return 0.0, ""
        best = max(obs, key=lambda i: g.cards[i].power)
        sq = max(squares, key=lambda s: unit_worth(ctx, p, g.cards[best].power, s, True, True, self.w))
        v = unit_worth(ctx, p, g.cards[best].power, sq, True, True, self.w)
        v += self._enter_worth(g, ctx, p, best, "effect")
        return v, f"Z/X OB {g.cards[best].name} (O-4: cannot be attacked)"

    def ability_worth(self, g: Game, ctx: _Ctx, p: int, src: int, ab: Any) -> tuple[float, str]:
        """Sum of an ability's effects for p (its condition must hold)."""
        if ab.condition and not condition_holds(g, p, src, ab.condition):
            return 0.0, "condition not met"
        total = 0.0
        why = []
        for e in ab.effects:
            v, r = self.effect_worth(g, ctx, p, src, e)
            total += v
            if r:
                why.append(r)
        return total, "; ".join(why)

    def _enter_worth(self, g: Game, ctx: _Ctx, p: int, iid: int, via: str) -> float:
        """What a Z/X's `enter` abilities (A-2) and protections (A-3) add when it is placed."""
        sc = g.scripts[iid]
        if not sc.continuous and "enter" not in sc.auto:
            return 0.0
        v = 0.0
        for ab in sc.auto.get("enter", ()):
            if ab.via is None or ab.via == via:
                val, _ = self.ability_worth(g, ctx, p, iid, ab)
                if ab.optional:
                    val = max(val, 0.0)
                v += val
        for ab in sc.continuous:  # protect etc.: a little extra
            for e in ab.effects:
                if e["do"] == "protect":
                    v += 0.1
        return v

    def cost_worth(self, g: Game, p: int, src: int, cost: dict | None) -> float:
        """What paying an ability's cost gives up."""
        if not cost:
            return 0.0
        v = SPEND * int(cost.get("pay", 0)) + self.w["hand"] * int(cost.get("discard", 0))
        v += self.w["charge"] * int(cost.get("charge", 0)) + 0.02 * int(cost.get("force", 0))
        if "counters" in cost:
            v += self.w["counters"] * int(cost["counters"].get("n", 1))
        if cost.get("sleep_self") and g.on_field(src) and not g.slept[src]:
            # a Z/X that sleeps cannot attack any more this turn
            if g.active == g.owner[src] and g.phase == "main" and g.attack_targets(src):
                v += 0.3
            else:
                v += 0.02
        return v

    # ------------------------------------------------------------------ decisions

    def _mulligan(self, g: Game, d: tuple, acts: list[Action]) -> list[Choice]:
        """S-7: keep a hand with two Z/X it can play in its first turns (cost <= 3)."""
        hand = g.players[d[1]].hand
        cheap = sum(1 for i in hand if g.cards[i].type == "zx" and g.cards[i].cost <= 3)
        keep = cheap >= 2
        why = f"{cheap} Z/X of cost <= 3 in hand"
        return [Choice(a, 1.0 if (a.kind == "keep") == keep else 0.0, why) for a in acts]

    def _resource(self, g: Game, d: tuple, acts: list[Action]) -> list[Choice]:
        """P-3: put the least useful card into the resources (duplicates, cards too dear to play
        soon; cards with the ignition icon count for Zero Optima, A-5)."""
        p = d[1]
        ps = g.players[p]
        out = []
        copies: dict[str, int] = {}
        for i in ps.hand:
            cid = g.cards[i].id
            copies[cid] = copies.get(cid, 0) + 1
        for a in acts:
            if a.kind == "skip":
                out.append(Choice(a, -0.5 if len(ps.resources) < 10 else 0.5, "keep the card in hand"))
                continue
            c = g.cards[a.a]
            dup = copies[c.id] - 1
            v = 1.0 - self.card_worth(g, p, a.a) + 0.2 * dup + (0.1 if c.ignition else 0.0)
            out.append(Choice(a, v, self._why and f"{c.name}: the least useful card in hand"))
        return out

    def _ignite(self, g: Game, d: tuple, acts: list[Action]) -> list[Choice]:
        """P-4: always ignite (a free card 2 times in 5) unless the deck is nearly out (R-1)."""
        ps = g.players[d[1]]
        low = len(ps.deck) <= 2
        return [Choice(a, (1.0 if a.kind == "ignite" else 0.0) * (-1 if low else 1),
                       "deck nearly out (R-1)" if low else "ignition: a chance of a free card")
                for a in acts]

    def _confirm(self, g: Game, d: tuple, acts: list[Action]) -> list[Choice]:
        _, p, purpose, yes_task = d
        v = 0.1
        why = "optional ability"
        if yes_task and yes_task[0] == "trigger_yes":
            _, ctl, src, ab = yes_task
            ctx = _Ctx(g)
            v, why = self.ability_worth(g, ctx, p, src, ab)
            v -= self.cost_worth(g, p, src, ab.cost)
        return [Choice(a, v if a.kind == "yes" else 0.0, why) for a in acts]

    def _pay(self, g: Game, d: tuple, acts: list[Action]) -> list[Choice]:
        """C-1: pay with the color it has most of, keeping other colors for other cards."""
        p = d[1]
        counts: dict[str, int] = {}
        for r in g.players[p].resources:
            if not g.slept[r]:
                c = g.cards[r].color
                counts[c] = counts.get(c, 0) + 1
        return [Choice(a, counts.get(g.cards[a.a].color, 0), "") for a in acts]

    # ---- main phase

    def _main(self, g: Game, d: tuple, acts: list[Action], full: bool = True) -> list[Choice]:
        """P-5. Development (plays, events, abilities, dunamis) scores above DEVELOP when it is worth
        doing and comes first; the attacks are planned only once none is left (or when `full`)."""
        p = d[1]
        ctx = _Ctx(g)
        ctx.p, ctx.o = p, 1 - p
        out: list[Choice] = []
        attacks = []
        others = []
        squares_of: dict[int, list[int]] = {}
        for a in acts:
            k = a.kind
            if k == "play" and a.b >= 0:
                sqs = squares_of.get(a.a)
                if sqs is None:
                    squares_of[a.a] = [a.b]
                else:
                    sqs.append(a.b)
            elif k == "attack":
                attacks.append(a)
            elif k == "end":
                out.append(Choice(a, 0.0, "nothing left worth doing"))
            else:
                others.append(a)
        key = None
        if attacks:
            ctx.attackers = {a.a for a in attacks}
            # In the attack stage of a turn nothing is left to develop: while the hand, the rebooted
            # resources, the dunamis and the field stay the same, it is not computed again.
            ps = g.players[p]
            slept = g.slept
            key = (g.turn, p, tuple(ps.hand), sum(1 for r in ps.resources if not slept[r]),
                   tuple(g.squares), ps.ex_used, ps.event_ex_used, ps.shift_used,
                   tuple(g.damage.items()))
            if not full and key == self._idle_key:
                squares_of = {}
                others = []
        else:
            ctx.attackers = set()
        top = 0.0
        for iid, sqs in squares_of.items():
            for sq, (sc, why) in self._zx_plays(g, ctx, p, iid, sqs).items():
                out.append(Choice(Action("play", iid, sq), sc, why))
                if sc > top:
                    top = sc
        for a in others:
            k = a.kind
            if k == "play":
                c = Choice(a, *self._play_event(g, ctx, p, a.a))
            elif k == "ability":
                c = Choice(a, *self._use_ability(g, ctx, p, a))
            elif k == "ex":
                c = Choice(a, *self._play_ex(g, ctx, p, a.a))
            elif k == "event_ex":
                c = Choice(a, *self._play_event_ex(g, ctx, p, a))
            elif k == "shift":
                c = Choice(a, *self._play_shift(g, ctx, p, a))
            else:
                c = Choice(a, 0.0, "")
            out.append(c)
            if c.score > top:
                top = c.score
        if attacks and (full or top <= self.DEVELOP):
            self._idle_key = key
            plan = self._attack_plan(g, ctx, p, attacks)
            for a in attacks:
                out.append(Choice(a, *plan.get(a, (-0.01, "a futile attack"))))
        return out

    # Development comes before attacks: a Z/X placed now can still attack this turn (L-5), and an
    # attacker slept first could not join a later kill. Attacks score below this offset.
    DEVELOP = 10.0

    def _square_values(self, g: Game, ctx: _Ctx, p: int, iid: int,
                       squares: list[int]) -> dict[int, tuple[float, int]]:
        """For each square: what Z/X `iid` adds there, and the own Z/X it would replace (L-4) or -1.
        The replaced Z/X counts as lost, plus a little when it could still attack."""
        c = g.cards[iid]
        table = ctx.table
        if table is None:
            table = ctx.table = self._square_table(g, ctx, p)
        out = {}
        if c.type == "zx_ob":
            for sq in squares:
                cur, repl = table[sq][2], table[sq][3]
                out[sq] = (unit_worth(ctx, p, c.power, sq, True, True, self.w) - repl, cur)
            return out
        power = c.power
        for sq in squares:
            const, slope, cur, repl = table[sq]
            out[sq] = (const + slope * power - repl, cur)
        return out

    def _square_table(self, g: Game, ctx: _Ctx, p: int) -> list[tuple[float, float, int, float]]:
        """For each square: unit_worth of a rebooted Z/X of p there as (constant, per power point),
        which is linear in the power so one table serves every card of the decision; and the own
        rebooted Z/X a newcomer would replace there (L-4) with what it is worth (a little more
        when it could still attack), or (-1, 0)."""
        out = []
        w = self.w
        attackers = ctx.attackers or ()
        slope = w["power"] / 1000.0
        guard_slope = slope + w["guard_power"] / 1000.0
        ps_sq = PLAYER_SQUARE[p]
        for sq in range(9):
            a = unit_worth(ctx, p, 0, sq, True, False, w)
            cur = g.squares[sq]
            repl = 0.0
            if cur >= 0 and g.owner[cur] == p:
                repl = self.kill_worth(g, ctx, cur, to_charge=False) + (0.05 if cur in attackers else 0.0)
            else:
                cur = -1
            out.append((a, guard_slope if sq == ps_sq else slope, cur, repl))
        return out

    def _best_square(self, g: Game, ctx: _Ctx, p: int, iid: int, squares: list[int]) -> tuple[int, float]:
        """The square where Z/X `iid` adds most, and that value."""
        vals = self._square_values(g, ctx, p, iid, squares)
        if not vals:
            return -1, 0.0
        sq = max(vals, key=lambda x: vals[x][0])
        return sq, vals[sq][0]

    def _zx_plays(self, g: Game, ctx: _Ctx, p: int, iid: int,
                  squares: list[int]) -> dict[int, tuple[float, str]]:
        """Scores of playing Z/X `iid` from hand on each of `squares` (P-5, L-1..L-5). Without
        reasons (choose), only the best square is scored: the others cannot beat it."""
        c = g.cards[iid]
        vals = self._square_values(g, ctx, p, iid, squares)
        best_sq = max(vals, key=lambda x: vals[x][0])
        base = self._enter_worth(g, ctx, p, iid, "hand") - self.w["hand"] - SPEND * c.cost
        empty_alt = any(cur < 0 for _, cur in vals.values())
        out = {}
        why = self._why
        if not why:  # choose: only the best allowed square, best first (no exact power needed
            for sq in sorted(vals, key=lambda x: -vals[x][0]):  # unless it replaces, A-3)
                v, cur = vals[sq]
                if cur >= 0 and (v <= 0 or g.cards[cur].power >= c.power or
                                 ctx.power(cur) >= c.power or empty_alt and sq != best_sq):
                    continue
                s = v + base - (0.0 if sq == best_sq else 0.001)
                out[sq] = (self.DEVELOP + s if s > 0 else s, "")
                break
            return out
        for sq, (v, cur) in vals.items():
            if cur >= 0:
                if v <= 0 or g.cards[cur].power >= c.power or ctx.power(cur) >= c.power:
                    out[sq] = (-1.0, why and f"would replace {g.name(cur)}, as strong or stronger (L-4)")
                    continue
                if empty_alt and sq != best_sq:
                    out[sq] = (-1.0, why and f"would replace {g.name(cur)} while an empty square is free")
                    continue
            elif not why and sq != best_sq:
                continue
            s = v + base - (0.0 if sq == best_sq else 0.001)
            if s <= 0:
                out[sq] = (s, why and f"{c.name}: worth less than keeping the card")
            elif cur >= 0:
                out[sq] = (self.DEVELOP + s, f"{c.name} ({c.power}) on square {sq} replacing the "
                           f"weaker {g.name(cur)} ({ctx.power(cur)}): worth more there (L-4)")
            else:
                out[sq] = (self.DEVELOP + s, why and f"{c.name} ({c.power}) on square {sq}")
        return out

    def _play_event(self, g: Game, ctx: _Ctx, p: int, iid: int) -> tuple[float, str]:
        c = g.cards[iid]
        total = 0.0
        why = []
        for ab in g.scripts[iid].events:
            v, r = self.ability_worth(g, ctx, p, iid, ab)
            total += v
            if r:
                why.append(r)
        total -= self.w["hand"] + SPEND * c.cost
        reason = f"{c.name}: " + ("; ".join(why) or "no effect now")
        if total <= 0:
            return total, reason + " (worth less than keeping it)"
        return self.DEVELOP + total, reason

    def _use_ability(self, g: Game, ctx: _Ctx, p: int, a: Action) -> tuple[float, str]:
        from zxdeck.games.zx.engine.game import activated_ability

        ab = activated_ability(g, a.a, a.b)
        v, why = self.ability_worth(g, ctx, p, a.a, ab)
        v -= self.cost_worth(g, p, a.a, ab.cost)
        reason = f"{g.name(a.a)}'s ability: {why or 'no effect now'}"
        if v <= 0:
            return v, reason
        # abilities that sleep the Z/X are better used after it attacked: keep them after attacks
        if ab.cost and ab.cost.get("sleep_self"):
            return v, reason
        return self.DEVELOP + v, reason

    def _play_ex(self, g: Game, ctx: _Ctx, p: int, iid: int) -> tuple[float, str]:
        """X-1..X-4: a Z/X EX is worth its body and enter effects minus what its condition costs."""
        from zxdeck.games.zx.engine.dunamis import _descent_candidates, _descent_spec

        c = g.cards[iid]
        sc = g.scripts[iid]
        squares = g.legal_squares(p)
        _, body = self._best_square(g, ctx, p, iid, squares)
        v = body + self._enter_worth(g, ctx, p, iid, "dunamis")
        why = f"Z/X EX {c.name} ({c.power})"
        if sc.awakening is not None:
            for e in sc.awakening.effects:
                ev, _ = self.effect_worth(g, ctx, p, iid, e)
                v += ev
            v -= SPEND * c.cost
            why += ", awakening (X-3)"
        elif sc.idealize is None:
            count, flt = _descent_spec(g, iid)
            cands = sorted(_descent_candidates(g, p, iid, flt),
                           key=lambda u: self.kill_worth(g, ctx, u, to_charge=False))
            need = count or 1
            lost = 0.0
            have = 0
            used = 0
            for u in cands:
                if used >= need and have >= c.cost:
                    break
                lost += self.kill_worth(g, ctx, u, to_charge=False) - self.w["charge"]
                have += g.cards[u].cost
                used += 1
            v -= lost
            why += f", descent destroys {used} Z/X (X-2)"
        if v <= 0:
            return v, why + ": worth less than what it costs"
        return self.DEVELOP + v, why

    def _play_event_ex(self, g: Game, ctx: _Ctx, p: int, a: Action) -> tuple[float, str]:
        c = g.cards[a.a]
        evs = g.scripts[a.a].events
        if not evs:
            return -0.1, ""
        v, why = self.ability_worth(g, ctx, p, a.a, evs[a.b])
        v -= self.w["dunamis"] + SPEND * c.cost
        reason = f"Event EX {c.name} ({evs[a.b].label or a.b}): {why or 'no effect now'}"
        if v <= 0.05:
            return v - 0.05, reason
        return self.DEVELOP + v, reason

    def _play_shift(self, g: Game, ctx: _Ctx, p: int, a: Action) -> tuple[float, str]:
        """H-1..H-4: a Shift costs nothing; its power and abilities add to the target."""
        c = g.cards[a.a]
        sc = g.scripts[a.a]
        v = 0.1 * len(sc.all) - self.w["dunamis"]
        for ab in sc.continuous:
            for e in ab.effects:
                if e["do"] == "power" and e.get("target", "self") == "self":
                    v += self.w["power"] * int(e.get("amount", 0)) / 1000.0
                if e["do"] == "protect":
                    v += 0.2
        v += 0.01 * ctx.power(a.b) / 1000.0  # on the strongest
        return self.DEVELOP + v, f"Shift {c.name} onto {g.name(a.b)}"

    # ---- attacks

    def _attack_plan(self, g: Game, ctx: _Ctx, p: int, attacks: list[Action]) -> dict[Action, tuple[float, str]]:
        """Scores of the attack actions (B-1, B-2, B-5): the player, the player square's guard,
        destroyable Z/X (alone or together), then attacks worth their triggers."""
        w = self.w
        o = 1 - p
        out: dict[Action, tuple[float, str]] = {}
        by_attacker: dict[int, list[int]] = {}
        for a in attacks:
            by_attacker.setdefault(a.a, []).append(a.b)
        power = {u: ctx.power(u) + _self_boost(g, u) for u in by_attacker}
        trig = {u: self._attack_trigger_worth(g, ctx, p, u) for u in by_attacker}
        hp: dict[int, int] = {}
        for tg in {t for ts in by_attacker.values() for t in ts if t != PLAYER}:
            hp[tg] = ctx.power(tg) - g.damage.get(tg, 0)
        # 1. the player (B-6): weakest attacker first, keeping strong ones for a blocker from life
        for u, ts in by_attacker.items():
            if PLAYER in ts:
                out[Action("attack", u, PLAYER)] = (
                    5.0 + w["life"] - power[u] / 1e6 + trig[u] + self._defender_risk(g, ctx, u, PLAYER),
                    "attack the player (B-6): a life card")
        # 2. the guard on the player square: destroy it when the lanes can, then hit the player
        guard = g.squares[PLAYER_SQUARE[o]]
        lane_units = [u for u, ts in by_attacker.items() if guard in ts] if guard >= 0 else []
        if guard >= 0 and g.owner[guard] == o and lane_units and not ctx.ob[o]:
            best = None
            n = len(lane_units)
            for mask in range(1, 1 << n):
                team = [lane_units[i] for i in range(n) if mask >> i & 1]
                if sum(power[u] for u in team) >= hp[guard]:
                    key = (len(team), sum(power[u] for u in team))
                    if best is None or key < best[0]:
                        best = (key, team)
            if best is not None:
                team = best[1]
                after = len(lane_units) - len(team)
                gain = self.kill_worth(g, ctx, guard) + after * w["life"]
                first = max(team, key=lambda u: power[u])  # the strongest starts
                for u in team:
                    s = 4.0 + gain + (0.01 if u == first else 0.0) + trig[u]
                    out[Action("attack", u, guard)] = (
                        s, f"destroy the guard {g.name(guard)} on the player square (B-2)"
                        + (f", then {after} attack(s) on the player" if after else ""))
        # 3. other Z/X it can destroy: alone (the weakest attacker that can), or together
        for tgt in hp:
            if tgt == guard and any(a.b == guard for a in out):
                continue
            atk = [u for u, ts in by_attacker.items() if tgt in ts]
            worth = self.kill_worth(g, ctx, tgt)
            alone = [u for u in atk if power[u] >= hp[tgt]]
            if alone:
                u = min(alone, key=lambda x: (PLAYER in by_attacker[x], power[x]))
                a = Action("attack", u, tgt)
                if a not in out:
                    out[a] = (2.0 + worth + trig[u] + self._defender_risk(g, ctx, u, tgt),
                              f"destroy {g.name(tgt)} ({hp[tgt]} left) (B-5)")
            elif sum(power[u] for u in atk) >= hp[tgt] and len(atk) > 1:
                u = max(atk, key=lambda x: power[x])
                a = Action("attack", u, tgt)
                if a not in out:
                    out[a] = (1.5 + worth * 0.8 + trig[u] + self._defender_risk(g, ctx, u, tgt),
                              f"damage {g.name(tgt)} towards destroying it together (B-5 damage adds up)")
        # 4. attacks worth their own triggers (an attack costs the attacker nothing, B-5)
        for u, ts in by_attacker.items():
            if trig[u] > 0.02:
                for t in ts:
                    a = Action("attack", u, t)
                    if a not in out:
                        out[a] = (trig[u] + self._defender_risk(g, ctx, u, t),
                                  f"attack for {g.name(u)}'s attack ability")
        return out

    def _attack_trigger_worth(self, g: Game, ctx: _Ctx, p: int, u: int) -> float:
        """Value of `u`'s own `attack` abilities other than its power (damage, draw, discard...)."""
        v = 0.0
        for sc in g.unit_scripts(u):
            for ab in _attack_abilities(sc)[1]:
                if ab.once_per_turn and (u, ab.card_id, ab.index) in g.once:
                    continue
                if ab.condition and not condition_holds(g, p, u, ab.condition):
                    continue
                for e in ab.effects:
                    if e["do"] == "power" and e.get("target") == "self":
                        continue
                    ev, _ = self.effect_worth(g, ctx, p, u, e)
                    v += ev
        return v

    def _defender_risk(self, g: Game, ctx: _Ctx, u: int, target: int) -> float:
        """The defender's `attacked` / `player_attacked` abilities that damage the attacker."""
        dmg = ctx.risk.get(target)
        if dmg is None:
            dmg = 0
            o = 1 - g.owner[u]
            srcs = [target] if target != PLAYER else [x for x in g.units_of(o)]
            trig = "attacked" if target != PLAYER else "player_attacked"
            for t in srcs:
                for sc in g.unit_scripts(t):
                    for ab in sc.auto.get(trig, ()):
                        if ab.once_per_turn and (t, ab.card_id, ab.index) in g.once:
                            continue
                        for e in ab.effects:
                            if e["do"] == "damage" and e.get("target") == "attacker":
                                dmg += int(e.get("amount", 0))
            ctx.risk[target] = dmg
        if dmg and dmg >= ctx.power(u) - g.damage.get(u, 0):
            return -0.5 * (self.w["units"] + self.w["power"] * ctx.power(u) / 1000.0)
        return 0.0

    # ---- battle event step (B-3)

    def _battle(self, g: Game, d: tuple, acts: list[Action]) -> list[Choice]:
        p = d[1]
        if not self.lookahead or len(acts) == 1:
            return [Choice(a, 1.0 if a.kind == "pass" else 0.0, "pass") for a in acts]
        out = []
        tried = []
        ctx: _Ctx | None = None
        for a in acts:
            if a.kind == "pass":
                tried.append(a)
                continue
            effects = self._battle_effects(g, a)
            if effects is not None and not any(e["do"] in BATTLE_EFFECTS for e in effects):
                out.append(Choice(a, -KEEP_MARGIN - 0.01, "does not change the battle: kept for later"))
            elif effects is not None and all(e["do"] == "power" for e in effects):
                ctx = ctx or _Ctx(g)
                out.append(self._power_swing(g, ctx, p, a, effects))
            else:
                tried.append(a)
        if len(tried) == 1:
            return out + [Choice(tried[0], 0.0, "pass (B-3)")]
        base = g.determinize(p, self.rng)  # never peek at hidden cards: re-deal them
        inner = self._inner_agent()
        results = []
        last = len(tried) - 1
        for i, a in enumerate(tried):
            sim = base.clone() if i < last else base
            sim.apply(a)
            _finish_battle(sim, inner)
            results.append(evaluate(sim, p, self.w))
        pass_v = results[tried.index(Action("pass"))]
        for a, v in zip(tried, results):
            if a.kind == "pass":
                out.append(Choice(a, 0.0, "pass (B-3)"))
                continue
            gain = v - pass_v
            what = self._describe_battle_action(g, a)
            if gain > KEEP_MARGIN:
                out.append(Choice(a, gain, f"{what}: changes the battle by {gain:+.2f} life (B-3)"))
            else:
                out.append(Choice(a, gain - KEEP_MARGIN, f"{what}: not worth it now ({gain:+.2f})"))
        return out

    @staticmethod
    def _battle_effects(g: Game, a: Action) -> list[dict] | None:
        """The effects of a battle-step action (an event, an ability, an Event EX mode)."""
        from zxdeck.games.zx.engine.game import activated_ability

        if a.kind == "play":
            return [e for ab in g.scripts[a.a].events for e in ab.effects]
        if a.kind == "ability":
            return list(activated_ability(g, a.a, a.b).effects)
        if a.kind == "event_ex":
            evs = g.scripts[a.a].events
            return list(evs[a.b].effects) if a.b < len(evs) else []
        return None

    def _action_cost(self, g: Game, p: int, a: Action) -> float:
        """What playing a battle-step action gives up: the card, the dunamis card, the ability's cost."""
        from zxdeck.games.zx.engine.game import activated_ability

        if a.kind == "play":
            return self.w["hand"] + SPEND * g.cards[a.a].cost
        if a.kind == "event_ex":
            return self.w["dunamis"] + SPEND * g.cards[a.a].cost
        if a.kind == "ability":
            return self.cost_worth(g, p, a.a, activated_ability(g, a.a, a.b).cost)
        return 0.0

    def _power_swing(self, g: Game, ctx: _Ctx, p: int, a: Action, effects: list[dict]) -> Choice:
        """B-3, B-5 without a look-ahead: power changes matter only when they decide whether the
        attacked Z/X is destroyed (an attack on the player takes a life card whatever the power)."""
        from zxdeck.games.zx.engine.effects import candidates

        what = self._describe_battle_action(g, a)
        b = g.battle
        att, tgt = g.battle_unit(0), g.battle_unit(1)
        if b is None or att < 0 or tgt < 0:
            return Choice(a, -KEEP_MARGIN - 0.01, f"{what}: power does not change this battle")
        attacker_side = b[2] == p
        d_att = d_tgt = 0
        for e in effects:
            amount = int(e.get("amount", 0))
            sel = e.get("target", "self")
            if sel == "attacker":
                units = [att]
            elif sel == "attack_target":
                units = [tgt]
            elif sel == "self":
                units = [a.a] if a.kind == "ability" and g.on_field(a.a) else []
            elif isinstance(sel, dict):
                units = candidates(g, p, a.a, sel, choosing=not sel.get("all"))
            else:
                units = []
            # the chosen target is the one that helps most (all of them when `all`)
            help_att = amount if attacker_side else -amount
            if att in units and (sel == "attacker" or help_att > 0 or isinstance(sel, dict) and sel.get("all")):
                d_att += amount
            if tgt in units and (sel == "attack_target" or help_att < 0 or isinstance(sel, dict) and sel.get("all")):
                d_tgt += amount
        hp = ctx.power(tgt) - g.damage.get(tgt, 0)
        kills = ctx.power(att) >= hp
        kills_after = max(ctx.power(att) + d_att, 0) >= max(ctx.power(tgt) + d_tgt, 0) - g.damage.get(tgt, 0)
        cost = self._action_cost(g, p, a)
        worth = self.kill_worth(g, ctx, tgt)
        if attacker_side and not kills and kills_after:
            return Choice(a, worth - cost, f"{what}: {g.name(att)} now destroys {g.name(tgt)} (B-3, B-5)")
        if not attacker_side and kills and not kills_after:
            return Choice(a, worth - cost, f"{what}: saves {g.name(tgt)} from {g.name(att)} (B-3, B-5)")
        return Choice(a, -KEEP_MARGIN - 0.01, f"{what}: does not change who survives: kept for later")

    def _describe_battle_action(self, g: Game, a: Action) -> str:
        if a.kind == "play":
            return g.cards[a.a].name
        if a.kind == "ability":
            return f"{g.name(a.a)}'s ability"
        if a.kind == "event_ex":
            return f"Event EX {g.cards[a.a].name}"
        return str(a)

    def _inner_agent(self) -> HeuristicAgent:
        if self._inner is None:
            self._inner = HeuristicAgent(0, self.w, lookahead=False)
            self._inner.rng = self.rng
        return self._inner

    # ---- picks

    def _pick(self, g: Game, d: tuple, acts: list[Action]) -> list[Choice]:
        _, p, purpose, options, mn, mx, chosen, cont = d
        if purpose in INDEX_PICKS:  # hidden cards or an order: nothing tells the options apart
            return [Choice(a, 1.0 if a.a == options[0] else 0.0, "") for a in acts]
        ctx = _Ctx(g) if purpose in FIELD_PICKS or purpose.startswith("target:") else _NO_CTX
        ctx.p, ctx.o = p, 1 - p
        w = self.w
        out = []
        for a in acts:
            if a.kind == "done":
                out.append(Choice(a, self._done_worth(g, p, purpose, chosen, mn, mx), "stop choosing"))
                continue
            v = a.a
            s, why = self._pick_worth(g, ctx, p, purpose, v, cont, w)
            out.append(Choice(a, s, why))
        return out

    def _done_worth(self, g: Game, p: int, purpose: str, chosen: tuple, mn: int, mx: int) -> float:
        if purpose in ("overdrive", "life_play", "overdrive_event", "life_play_event"):
            return 0.0  # declining: the card goes to the trash / charge
        if purpose in ("alter_force", "reboot_resources", "search", "retrieve", "play_free"):
            return -1.0  # take as many as allowed
        if purpose.startswith("target:"):
            return 0.0  # "up to": stop when the next target is worth nothing
        return -1.0

    def _pick_worth(self, g: Game, ctx: _Ctx, p: int, purpose: str, v: int, cont: tuple,
                    w: dict[str, float]) -> tuple[float, str]:
        cards = g.cards
        if purpose in ("overdrive", "life_play", "ex_square", "square", "ob_square"):
            iid = _placed_card(cont)
            card = cards[iid] if iid >= 0 else None
            pw = card.power if card else 3000
            is_ob = bool(card and card.type == "zx_ob")
            s = unit_worth(ctx, p, pw, v, True, is_ob, w)
            cur = g.squares[v]
            why = f"square {v}"
            if cur >= 0:
                s -= self.kill_worth(g, ctx, cur, to_charge=False)
                why += f", replacing {g.name(cur)}"
            return s, why  # declining (`done`, 0) puts the card in the trash or the charge
        if purpose == "move":
            return unit_worth(ctx, p, 3000, v, True, False, w), f"move to square {v}"
        if purpose in ("overdrive_event", "life_play_event"):
            total = sum(self.ability_worth(g, ctx, p, v, ab)[0] for ab in g.scripts[v].events)
            return total, f"play {cards[v].name} for free"
        if purpose == "over_boost":
            return cards[v].power / 1000.0 + 0.3 * len(g.scripts[v].all), f"Z/X OB {cards[v].name}"
        if purpose in ("search", "retrieve", "play_free", "start_card", "gate_card"):
            return self.card_worth(g, p, v) + cards[v].power / 20000.0, f"take {cards[v].name}"
        if purpose in ("discard", "hand_limit", "cost_discard"):
            return -self.card_worth(g, p, v), f"discard the least useful {cards[v].name}"
        if purpose in ("charge_overflow", "cost_charge", "cost_force", "alter_force",
                       "reboot_resources"):
            return -cards[v].cost / 10.0 + (0.5 if purpose in ("alter_force", "reboot_resources") else 0), ""
        if purpose == "descent":
            return -self.kill_worth(g, ctx, v, to_charge=False), f"destroy {g.name(v)} for the descent (X-2)"
        if purpose == "void_bringer":
            mine = g.owner[v] == p
            k = self.kill_worth(g, ctx, v, to_charge=False)
            return (-k if mine else k), f"Void Bringer on {g.name(v)} (B-6)"
        if purpose == "deck_bottom_order":
            return 0.0, ""
        if purpose.startswith("target:"):
            eff = cont[3] if len(cont) > 3 and isinstance(cont[3], dict) else {"do": purpose[7:]}
            src = cont[2] if len(cont) > 2 else -1
            val = self._unit_effect(g, ctx, p, src, eff, v)
            return val, f"{purpose[7:]} {g.name(v)}"
        # life_hit, refresh_life, trigger_order: indices with nothing to tell them apart
        return (1.0 if v == 0 else 0.0), ""


def _placed_card(cont: tuple) -> int:
    """The card a square pick places (its continuation names it), -1 when unknown."""
    name = cont[0] if cont else ""
    if name in ("overdrive", "life_play", "ex_place", "place_chosen") and len(cont) >= 3:
        return int(cont[2])
    if name == "ob_place" and len(cont) >= 3:
        return int(cont[2])
    return -1


def _finish_battle(g: Game, agent: HeuristicAgent, limit: int = 200) -> None:
    """Play the current battle out on a copy: both players pass in its event step (B-3), every other
    choice by `agent`; stop when the battle is over (B-8) or the game ends."""
    n = 0
    while not g.over and g.battle is not None and n < limit:
        d = g.decision
        if d is None:
            break
        if d[0] == "battle":
            g.apply(Action("pass"))
        else:
            g.apply(agent.choose(g))
        n += 1


__all__ = ["Choice", "HeuristicAgent", "unit_worth"]
