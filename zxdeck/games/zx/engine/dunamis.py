"""The dunamis: Z/X EX (X-1..X-5), Event EX (E-1..E-3) and Shift (H-1..H-5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zxdeck.games.zx.engine.abilities import card_matches, unit_filter
from zxdeck.games.zx.engine.actions import Action
from zxdeck.games.zx.engine.registry import task

_new_action = tuple.__new__  # Action(kind, a, b) without the keyword-handling constructor (same value)

if TYPE_CHECKING:
    from zxdeck.games.zx.engine.game import Game
    from zxdeck.games.zx.engine.state import PlayerState


def _descent_spec(g: Game, iid: int) -> tuple[int, dict | None]:
    """(count, filter) of a Z/X EX's descent; count 0 = any number (the default without abilities)."""
    sc = g.scripts[iid]
    return sc.descent_count, sc.descent_filter


def _descent_candidates(g: Game, p: int, iid: int, flt: dict | None, units: list[int] | None = None
                        ) -> list[int]:
    """p's rebooted Z/X matching the descent filter (`units`: `g.units_of(p)` if known)."""
    slept = g.slept
    if units is None:
        units = g.units_of(p)
    test = unit_filter(flt)
    if test is None:
        return [u for u in units if not slept[u]]
    return [u for u in units if not slept[u] and test(g, u, p, iid)]


def _descent_possible(g: Game, p: int, iid: int, chosen: tuple = (), units: list[int] | None = None) -> bool:
    if not chosen:
        if units is None:
            units = g.units_of(p)
        return _descent_open(g, p, iid, units, _rebooted_costs(g, units))
    cards = g.card_cost
    cost = cards[iid]
    count, flt = _descent_spec(g, iid)
    cands = [u for u in _descent_candidates(g, p, iid, flt, units) if u not in chosen]
    have = sum([cards[u] for u in chosen])
    costs = sorted([cards[u] for u in cands], reverse=True)
    if count:
        need = count - len(chosen)
        return 0 <= need <= len(costs) and have + sum(costs[:need]) >= cost
    return have + sum(costs) >= cost and (chosen or cands or cost == 0)


def _rebooted_costs(g: Game, units: list[int]) -> list[int]:
    """The costs of the rebooted Z/X among `units`, highest first."""
    cards = g.card_cost
    slept = g.slept
    return sorted([cards[u] for u in units if not slept[u]], reverse=True)


def _descent_open(g: Game, p: int, iid: int, units: list[int], reb: list[int]) -> bool:
    """X-2: can p destroy Z/X for the descent of `iid`, none chosen yet? (`units`: `g.units_of(p)`,
    `reb`: `_rebooted_costs(g, units)`.) The filter only narrows p's rebooted Z/X: without enough
    of them, or enough cost among all of them, there is no descent."""
    cards = g.card_cost
    cost = cards[iid]
    sc = g.scripts[iid]
    count = sc.descent_count
    flt = sc.descent_filter
    if count:
        if len(reb) < count:
            return False
        if cost > 0 and sum(reb[:count]) < cost:
            return False
    elif cost > 0 and sum(reb) < cost:
        return False
    test = unit_filter(flt)
    if test is None:
        costs = reb
    elif sc.descent_static:  # the answer for a Z/X without a Shift is kept (Game.static_matches)
        slept = g.slept
        shift_on = g.shift_on
        memo = g.static_matches
        costs = []
        for u in units:
            if slept[u]:
                continue
            if u in shift_on:
                m = test(g, u, p, iid)
            else:
                m = memo.get((iid, u))
                if m is None:
                    m = memo[(iid, u)] = test(g, u, p, iid)
            if m:
                costs.append(cards[u])
        costs.sort(reverse=True)
    else:
        slept = g.slept
        costs = sorted([cards[u] for u in units if not slept[u] and test(g, u, p, iid)], reverse=True)
    if count:
        return count <= len(costs) and sum(costs[:count]) >= cost
    return sum(costs) >= cost and (len(costs) > 0 or cost == 0)


def awakening_possible(g: Game, p: int, iid: int) -> bool:
    """X-3: can the awakening condition (effects carried out as a cost) be carried out?"""
    ab = g.scripts[iid].awakening
    if ab is None:
        return True
    cost = g.card_cost[iid]
    for e in ab.effects:  # noqa: SIM110 - a loop, not all(<generator>): compiled as a cpdef (dunamis.pxd)
        if not _effects.effect_possible(g, p, iid, e, cost):
            return False
    return True


def ex_possible(g: Game, p: int, iid: int, squares: list[int] | None = None,
                units: list[int] | None = None) -> bool:
    """X-1..X-4 entry conditions of a face-down Z/X EX (`squares`: `g.legal_squares(p)`, `units`:
    `g.units_of(p)`, if known)."""
    sc = g.scripts[iid]
    ps = g.players[p]
    if sc.awakening is not None:
        return bool(g.legal_squares(p) if squares is None else squares) \
            and g.can_pay(p, g.card_cost[iid], g.card_color[iid]) and awakening_possible(g, p, iid)
    if sc.idealize is not None:
        raw = sc.idealize.raw
        return bool(g.legal_squares(p) if squares is None else squares) and ps.counters.get(raw.get("counter", ""), 0) >= raw.get("n", 1)
    # X-2 descent (also the default for a Z/X EX without abilities)
    if len(ps.resources) < g.card_cost[iid]:
        return False
    if units is None:
        units = g.units_of(p)
    return _descent_open(g, p, iid, units, _rebooted_costs(g, units))


def _face_up_count(g: Game, p: int) -> int:
    up = g.face_up
    n = 0
    for d in g.players[p].dunamis:
        if up[d]:
            n += 1
    return n


def shift_targets(g: Game, p: int, iid: int, units: list[int] | None = None) -> list[int]:
    """H-2, H-4: your Z/X matching the 剣臨器 filter with no Shift on them, if the 剣臨条件 holds
    (`units`: `g.units_of(p)` if known)."""
    need = g.scripts[iid].shift_need
    if need and _face_up_count(g, p) < need:
        return []
    return _shift_candidates(g, p, iid, g.units_of(p) if units is None else units)


def _shift_candidates(g: Game, p: int, iid: int, units: list[int]) -> list[int]:
    """p's Z/X among `units` matching the 剣臨器 filter of `iid` with no Shift on them (H-4)."""
    sc = g.scripts[iid]
    test = unit_filter(sc.shift_filter)
    shift_on = g.shift_on
    if test is None:
        return [u for u in units if u not in shift_on]
    if not sc.shift_static:
        return [u for u in units if u not in shift_on and test(g, u, p, iid)]
    memo = g.static_matches  # a Shift goes on a Z/X without a Shift: its answer is kept
    out = []
    for u in units:
        if u not in shift_on:
            m = memo.get((iid, u))
            if m is None:
                m = memo[(iid, u)] = test(g, u, p, iid)
            if m:
                out.append(u)
    return out


_ZX_EX, _EVENT_EX, _SHIFT = 1, 2, 3
# the main phase's entries of a plan (`_plan`, index 6): what each check reads of the card, by kind
_AWAKEN, _IDEALIZE, _DESCENT, _MAIN_EVENT_EX, _MAIN_SHIFT = 1, 2, 3, 4, 5


def _plan(g: Game, ps: PlayerState) -> tuple:
    """(dunamis, face-up flags, face-up count, entries, the dunamis cards' face-up flags, Event EX
    entries, main-phase entries) of a player's dunamis: `entries` are (instance id, kind) of the
    first face-down Z/X EX, Event EX and Shift of each card number, in dunamis order; the Event EX
    entries are (instance id, cost, color, modes offered) of those that are Event EX; the main-phase
    entries are `entries` with what their check reads of the card (`_main_actions`). Kept on the player (`dunamis_plan`) and made
    again only when the zone or one of its cards' face-up flag has changed (a Z/X EX played or
    back, a Shift used...): a few times a game."""
    plan = ps.dunamis_plan
    dun = ps.dunamis
    up = g.face_up
    if plan is not None and plan[0] == dun:
        if plan[1] == up:
            return plan
        # another card turned face up (the other player's, mostly): is every one of these as before?
        flags = plan[4]
        for i in range(len(dun)):
            if up[dun[i]] != flags[i]:
                break
        else:
            plan = (plan[0], bytes(up), plan[2], plan[3], flags, plan[5], plan[6])
            ps.dunamis_plan = plan
            return plan
    card_id = g.card_id
    card_type = g.card_type
    n_up = 0
    seen: set[str] = set()
    entries = []
    flags = bytearray(len(dun))
    for i, iid in enumerate(dun):
        if up[iid]:
            n_up += 1
            flags[i] = 1
        else:
            t = card_type[iid]
            if t == "zx_ex":
                kind = _ZX_EX
            elif t == "event_ex":
                kind = _EVENT_EX
            elif t == "shift":
                kind = _SHIFT
            else:
                kind = 0  # a Z/X OB's top half: over_boost_cards() (its card numbers are its own)
            if kind:
                cid = card_id[iid]
                if cid not in seen:
                    seen.add(cid)
                    entries.append((iid, kind))
    # the Event EX entries alone, with what their check reads (a battle event step offers nothing else)
    card_cost = g.card_cost
    card_color = g.card_color
    scripts = g.scripts
    events = tuple([(iid, card_cost[iid], card_color[iid], min(len(scripts[iid].events) or 1, 2))
                    for iid, kind in entries if kind == _EVENT_EX])
    # the same entries with what the main phase's check of each reads of its card (`_main_actions`)
    main = []
    for iid, kind in entries:
        sc = scripts[iid]
        if kind == _ZX_EX:
            if sc.awakening is not None:
                main.append((iid, _AWAKEN, card_cost[iid], card_color[iid], sc.awakening.effects, 0))
            elif sc.idealize is not None:
                raw = sc.idealize.raw
                main.append((iid, _IDEALIZE, card_cost[iid], card_color[iid], raw.get("counter", ""),
                             raw.get("n", 1)))
            else:  # X-2 descent (also the default for a Z/X EX without abilities)
                main.append((iid, _DESCENT, card_cost[iid], card_color[iid], None, 0))
        elif kind == _EVENT_EX:
            main.append((iid, _MAIN_EVENT_EX, card_cost[iid], card_color[iid], None,
                         min(len(sc.events) or 1, 2)))
        else:  # the 剣臨器 filter's compiled test and whether it reads only the cards
            main.append((iid, _MAIN_SHIFT, card_cost[iid], card_color[iid],
                         (unit_filter(sc.shift_filter), sc.shift_static), sc.shift_need))
    plan = (dun[:], bytes(up), n_up, tuple(entries), flags, events, tuple(main))
    ps.dunamis_plan = plan
    return plan


def dunamis_actions(g: Game, p: int, battle: bool, squares: list[int] | None = None) -> list[Action]:
    """The dunamis actions of player p in the main phase (battle=False) or a battle event step
    (`squares`: `g.legal_squares(p)` if the caller has it).

    One face-down card of each card number, in dunamis order: a Z/X EX (main phase) if X-1..X-4
    allow it, an Event EX (main phase or battle, E-2) if its cost can be paid, a Shift (main
    phase) on each Z/X it may go on (H-2, H-4). What several checks share (p's Z/X, the costs of
    the rebooted ones, the face-up count) is computed once, and only when needed."""
    ps = g.players[p]
    acts: list[Action] = []
    if not ps.dunamis:
        return acts
    ex_ok = not ps.ex_used and not ps.event_ex_used  # X-1, E-3: one Z/X EX or Event EX a turn
    if battle:  # E-2: only Event EX in a battle event step
        if ex_ok:
            plan = ps.dunamis_plan
            if plan is None or plan[0] != ps.dunamis or plan[1] != g.face_up:
                plan = _plan(g, ps)
            for iid, cost, color, modes in plan[5]:
                if g.can_pay(p, cost, color):
                    for m in range(modes):
                        acts.append(_new_action(Action, ("event_ex", iid, m)))
        return acts
    shift_ok = not ps.shift_used  # H-1
    if not ex_ok and not shift_ok:
        return acts
    plan = _plan(g, ps)
    n_up = plan[2]
    card_cost = g.card_cost
    scripts = g.scripts
    units = None
    reb = None
    for iid, kind in plan[3]:
        if kind == _ZX_EX:
            if not ex_ok:
                continue
            sc = scripts[iid]
            if sc.awakening is not None:  # X-3 (the cheap checks first: the same answer)
                ok = g.can_pay(p, card_cost[iid], g.card_color[iid]) and awakening_possible(g, p, iid)
                if ok:
                    if squares is None:
                        squares = g.legal_squares(p)
                    ok = len(squares) > 0
            elif sc.idealize is not None:
                raw = sc.idealize.raw
                ok = ps.counters.get(raw.get("counter", ""), 0) >= raw.get("n", 1)
                if ok:
                    if squares is None:
                        squares = g.legal_squares(p)
                    ok = len(squares) > 0
            elif len(ps.resources) < card_cost[iid]:  # X-2 descent
                ok = False
            else:
                if units is None:
                    units = g.units_of(p)
                if reb is None:
                    reb = _rebooted_costs(g, units)
                ok = _descent_open(g, p, iid, units, reb)
            if ok:
                acts.append(_new_action(Action, ("ex", iid, -1)))
        elif kind == _EVENT_EX:  # E-2: every Event EX, main phase or battle; no timing of its own
            if ex_ok and g.can_pay(p, card_cost[iid], g.card_color[iid]):
                modes = len(scripts[iid].events) or 1
                for m in range(min(modes, 2)):
                    acts.append(_new_action(Action, ("event_ex", iid, m)))
        elif shift_ok and scripts[iid].shift_need <= n_up:
            if units is None:
                units = g.units_of(p)
            for u in _shift_candidates(g, p, iid, units):
                acts.append(_new_action(Action, ("shift", iid, u)))
    return acts


def main_actions(g: Game, p: int, acts: list[Action], nreb: int, colors: set[str],
                 squares: list[int], units: list[int]) -> None:
    """`dunamis_actions(g, p, battle=False, squares)`, appended to `acts`, with what the main
    phase's legal actions have computed: `nreb` and `colors`, the count and the colors of p's
    rebooted resources (what `can_pay` reads), `squares` (`g.legal_squares(p)`) and `units`
    (`g.units_of(p)`). The same checks in the same order, with what each reads of its card taken
    from the plan's main-phase entries."""
    ps = g.players[p]
    if not ps.dunamis:
        return
    ex_ok = not ps.ex_used and not ps.event_ex_used  # X-1, E-3: one Z/X EX or Event EX a turn
    shift_ok = not ps.shift_used  # H-1
    if not ex_ok and not shift_ok:
        return
    plan = ps.dunamis_plan
    if plan is None or plan[0] != ps.dunamis or plan[1] != g.face_up:
        plan = _plan(g, ps)
    reb = None
    for iid, kind, cost, color, data, n in plan[6]:
        if kind == _MAIN_SHIFT:
            if shift_ok and n <= plan[2]:  # H-2: enough face-up dunamis cards
                # `_shift_candidates(g, p, iid, units)`, with the filter's test from the plan (H-4)
                test, static = data
                shift_on = g.shift_on
                if test is None:
                    for u in units:
                        if u not in shift_on:
                            acts.append(_new_action(Action, ("shift", iid, u)))
                elif not static:
                    for u in units:
                        if u not in shift_on and test(g, u, p, iid):
                            acts.append(_new_action(Action, ("shift", iid, u)))
                else:
                    memo = g.static_matches  # a Shift goes on a Z/X without a Shift: its answer is kept
                    for u in units:
                        if u not in shift_on:
                            mt = memo.get((iid, u))
                            if mt is None:
                                mt = memo[(iid, u)] = test(g, u, p, iid)
                            if mt:
                                acts.append(_new_action(Action, ("shift", iid, u)))
            continue
        if not ex_ok:
            continue
        # can_pay(p, cost, color), C-1
        payable = cost <= 0 or (nreb >= cost and (color == "colorless" or color in colors))
        if kind == _MAIN_EVENT_EX:  # E-2: every Event EX, main phase or battle; no timing of its own
            if payable:
                for m in range(n):
                    acts.append(_new_action(Action, ("event_ex", iid, m)))
            continue
        if kind == _AWAKEN:  # X-3 (the cheap checks first: the same answer)
            ok = payable and len(squares) > 0
            if ok:  # awakening_possible(g, p, iid), the effects from the plan
                for e in data:
                    if not _effects.effect_possible(g, p, iid, e, cost):
                        ok = False
                        break
        elif kind == _IDEALIZE:
            ok = ps.counters.get(data, 0) >= n and len(squares) > 0
        elif len(ps.resources) < cost:  # X-2 descent
            ok = False
        else:
            if reb is None:
                reb = _rebooted_costs(g, units)
            ok = _descent_open(g, p, iid, units, reb)
        if ok:
            acts.append(_new_action(Action, ("ex", iid, -1)))


def apply_dunamis_action(g: Game, p: int, a: Action) -> None:
    ps = g.players[p]
    iid = a.a
    card = g.cards[iid]
    if a.kind == "ex":
        ps.ex_used = True
        ps.dunamis.remove(iid)
        g.limbo.append(iid)
        if g.listener is not None:
            g._mv(iid, "dunamis_down", "pending")
        sc = g.scripts[iid]
        how = "awakening" if sc.awakening is not None else "idealize" if sc.idealize is not None else "descent"
        if g.listener is not None:
            g._emit("declare", player=p, card=iid, name=card.name, via="dunamis", condition=how)
        g.stack.append(("resolved",))  # descent's destroyed triggers wait until the EX stands
        g.stack.append(("ex_square", p, iid))
        if sc.awakening is not None:
            for eff in reversed(sc.awakening.effects):
                g.stack.append(("eff", p, iid, _effects.in_full(eff)))
            g.stack.append(("pay", p, card.cost, card.color, False, iid, ()))
        elif sc.idealize is not None:
            k = sc.idealize.raw.get("counter", "")
            n = sc.idealize.raw.get("n", 1)
            ps.counters[k] = ps.counters.get(k, 0) - n
            if g.listener is not None:
                g._emit("counter", player=p, counter=k, n=ps.counters[k], change=-n)
        else:
            g.stack.append(("descent", p, iid, ()))
    elif a.kind == "event_ex":
        # E-1: out of the dunamis while it resolves (pending, not face up), face up once resolved
        ps.event_ex_used = True
        ps.dunamis.remove(iid)
        g.limbo.append(iid)
        if g.listener is not None:
            g._mv(iid, "dunamis_down", "pending")
        if g.listener is not None:
            g._emit("declare", player=p, card=iid, name=card.name, via="dunamis", cost=card.cost, mode=a.b)
        g.stack.append(("resolved",))  # its effect's triggers wait until it is face up
        g.stack.append(("event_ex_end", p, iid))
        evs = g.scripts[iid].events
        if evs:
            g.stack.append(("ability", p, iid, evs[a.b]))
        g.stack.append(("emit_play", p, iid, a.b))
        if card.cost:
            g.stack.append(("pay", p, card.cost, card.color, False, iid, ()))
    elif a.kind == "shift":
        ps.shift_used = True
        ps.dunamis.remove(iid)
        g.shift_on[a.b] = iid
        if g.listener is not None:
            g._mv(iid, "dunamis_down", "field", square=g.square_of(a.b))
        if g.listener is not None:
            g._emit("shift", player=p, card=iid, name=card.name, target=a.b, target_name=g.cards[a.b].name)
    else:
        raise RuntimeError(f"not a dunamis action: {a}")


@task("emit_play")
def _t_emit_play(g: Game, p: int, iid: int, mode: int) -> None:
    if g.listener is not None:
        g._emit("play", player=p, card=iid, name=g.cards[iid].name, square=-1, via="dunamis", mode=mode)


@task("event_ex_end")
def _t_event_ex_end(g: Game, p: int, iid: int) -> None:
    """E-1: the Event EX's effect has resolved: it goes face up into the dunamis."""
    if iid in g.limbo:
        g.limbo.remove(iid)
        g.face_up[iid] = 1
        g.players[g.owner[iid]].dunamis.append(iid)
        if g.listener is not None:
            g._mv(iid, "pending", "dunamis_up")
        if g.listener is not None:
            g._emit("event_resolved", player=p, card=iid, name=g.cards[iid].name, to="dunamis_up")


@task("descent")
def _t_descent(g: Game, p: int, iid: int, chosen: tuple) -> None:
    """X-2: choose the Z/X to destroy, one at a time, keeping the condition reachable."""
    cost = g.cards[iid].cost
    count, flt = _descent_spec(g, iid)
    have = sum(g.cards[u].cost for u in chosen)
    if count:
        complete = len(chosen) == count
    else:
        complete = have >= cost and (bool(chosen) or cost == 0)
    if complete:
        for u in chosen:
            g.destroy(u)
        return
    opts = tuple(u for u in _descent_candidates(g, p, iid, flt)
                 if u not in chosen and _descent_possible(g, p, iid, chosen + (u,)))
    if not opts:  # cannot happen when ex_possible held; fail safe: the EX goes back unused
        g.limbo.remove(iid)
        g.players[p].dunamis.append(iid)
        g.stack.pop()  # drop ("ex_square", ...)
        g.not_placed(p, iid, "pending", "dunamis_down")
        return
    g.pick(p, "descent", opts, 1, 1, ("descent_add", p, iid, chosen))


@task("descent_add")
def _t_descent_add(g: Game, p: int, iid: int, chosen: tuple, picked: tuple) -> None:
    g.stack.append(("descent", p, iid, chosen + picked))


@task("ex_square")
def _t_ex_square(g: Game, p: int, iid: int) -> None:
    """X-5: the Z/X EX is placed like any Z/X (L-1..L-5)."""
    squares = tuple(g.legal_squares(p))
    if not squares:  # nowhere to stand: it goes face up into the dunamis
        g.limbo.remove(iid)
        g.drop_forces(iid, "pending")
        g.face_up[iid] = 1
        g.players[p].dunamis.append(iid)
        g.not_placed(p, iid, "pending", "dunamis_up")
        return
    g.pick(p, "ex_square", squares, 1, 1, ("ex_place", p, iid))


@task("ex_place")
def _t_ex_place(g: Game, p: int, iid: int, chosen: tuple) -> None:
    g.place(p, iid, chosen[0], "dunamis")


def over_boost_cards(g: Game, p: int) -> list[int]:
    """O-2: face-down Z/X OB top halves of your player card in your dunamis (player card face up)."""
    ps = g.players[p]
    if not ps.player_face_up:
        return []
    pname = g.cards[ps.player_card].name if ps.player_card >= 0 else ""
    return [d for d in ps.dunamis if not g.face_up[d] and g.cards[d].type == "zx_ob"
            and (not pname or not g.cards[d].player or g.cards[d].player == pname)]


def zone_cards(g: Game, p: int, zone: str, flt: dict | None) -> list[int]:
    """Cards of p's zone matching a card filter (for search / retrieve / play_free)."""
    ps = g.players[p]
    lst = {"hand": ps.hand, "trash": ps.trash, "charge": ps.charge, "deck": ps.deck}[zone]
    return [i for i in lst if card_matches(g.cards[i], flt)]


# used at call time (a module attribute, not an import statement run at every call); imported last:
# effects imports this module
from zxdeck.games.zx.engine import effects as _effects  # noqa: E402
