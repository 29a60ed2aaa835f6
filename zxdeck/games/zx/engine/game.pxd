# Used only by scripts/build_compiled.py (Cython): `Game` becomes an extension type whose
# attributes are typed C slots, and the hot methods and functions get typed locals (C ints for
# card ids and squares, the zones' classes). The pure-Python package ignores this file.
cimport cython
from zxdeck.games.zx.engine.state cimport PlayerState
from zxdeck.games.zx.engine.abilities cimport Ability, Script


@cython.final
cdef class Game:
    cdef public object specs, seed, turn_limit, rng, listener, decision, battle, first_given, winner, _legal
    cdef public object _floor_key, _floor, _lethal_seen
    cdef public tuple protecting, activating, triggered
    cdef public list cards, card_id, card_type, card_cost, card_color, card_power, owner, scripts, players, squares, limbo, _moves, stack, rules, triggers, history
    cdef public bytearray slept, face_up
    cdef public dict damage, bonus, forces, shift_on, static_matches
    cdef public set once
    cdef public long battle_left, turn, first, active
    cdef public str phase, reason
    cdef public bint started, over, _cont_guard
    cdef dict __dict__
    cdef object __weakref__

    @cython.locals(scripts=list, owner=list, card_type=list, sc=Script, p=long, trig=tuple, act=tuple, ab=Ability)
    cpdef _side_flags(self)
    cpdef long current_player(self)
    cpdef list legal_actions(self)
    @cython.locals(legal=list, d=tuple)
    cpdef apply(self, action)
    cpdef bint is_over(self)
    @cython.locals(g=Game)
    cpdef Game clone(self)
    cpdef long square_of(self, long iid)
    cpdef bint on_field(self, long iid)
    @cython.locals(owner=list, u=long)
    cpdef list units_of(self, long p)
    cpdef tuple unit_scripts(self, long iid)
    @cython.locals(p=long, scripts=list, shift_on=dict, u=long, sc=Script, effs=tuple, ab=Ability, eff=dict, ctl=long)
    cpdef long power(self, long iid) except? -1
    @cython.locals(ab=Ability)
    cpdef bint _cont_applies(self, long ctl, long src, ab, target, long iid) except -1
    @cython.locals(out=list, owner=list, scripts=list, shift_on=dict, u=long, effs=tuple, eff=dict)
    cpdef list guards(self, long mine, str kind)
    @cython.locals(owner=list, scripts=list, shift_on=dict, mine=long, u=long, sc=Script, effs=tuple, ab=Ability, eff=dict)
    cpdef bint protected(self, long iid, str kind) except -1
    @cython.locals(slept=bytearray, card_color=list, count=long, match=bint, r=long, ps=PlayerState)
    cpdef bint can_pay(self, long p, long n, str color) except -1
    @cython.locals(out=list, owner=list, enemy_ps=long, sq=long, u=long, slept=bytearray)
    cpdef list legal_squares(self, long p, bint empty_only=*)
    @cython.locals(owner=list, card_type=list, u=long)
    cpdef bint has_ob_on_field(self, long p) except -1
    @cython.locals(p=long, sq=long, owner=list, out=list, adj=long, v=long, eps=long)
    cpdef list attack_targets(self, long attacker)
    @cython.locals(stack=list, tasks=dict, t=tuple, n=Py_ssize_t)
    cpdef _advance(self)
    @cython.locals(stack=list, t=tuple)
    cpdef bint _check_timing(self) except -1
    @cython.locals(z0=bint, z1=bint, ps=PlayerState)
    cpdef bint _check_life(self) except -1
    cpdef _decide(self, tuple d)
    cpdef pick(self, long player, str purpose, options, long mn, long mx, tuple cont)
    @cython.locals(ch=list)
    cpdef to_charge(self, long p, long iid, str frm)
    @cython.locals(ab=Ability)
    cpdef fire_milled(self, long p, long iid)
    @cython.locals(sq=long, p=long, ps=PlayerState)
    cpdef leave_field(self, long iid, str dest, bint slept=*)
    @cython.locals(p=long, sc=Script, ab=Ability)
    cpdef destroy(self, long iid, bint by_damage=*)
    @cython.locals(scripts=list, shift_on=dict, key=tuple, u=long, sc=Script, effs=tuple, ab=Ability, eff=dict, amount=long)
    cpdef _power_floor(self)
    @cython.locals(base=long, low=long)
    cpdef bint _lethal(self, long iid, long dmg, floor) except -1
    @cython.locals(squares=list, iid=long, dmg=long, known=bint, keep=bint, seen=tuple, card_power=list, bonus=dict,
                   base=long, low=long, lethal=bint)
    cpdef _check_lethal(self)
    @cython.locals(cur=long)
    cpdef place(self, long p, long iid, long sq, str via, str frm=*)
    @cython.locals(sc=Script, ab=Ability, u=long)
    cpdef fire_enter(self, long p, long iid, str via)
    @cython.locals(p=long, sc=Script, ab=Ability)
    cpdef fire(self, str trigger, long iid)
    cpdef _add_trigger(self, long ctl, long src, Ability ab)
    @cython.locals(trig=list, a=long)
    cpdef _queue_triggers(self)
    @cython.locals(ps=PlayerState)
    cpdef bint ability_feasible(self, long p, long src, Ability ab) except -1


@cython.locals(seen=set, out=list, card_id=list, i=long)
cpdef list _distinct(Game g, iids)

@cython.locals(p=long, acts=list, ps=PlayerState, cards=list, card_cost=list, card_color=list, card_type=list,
               cost=long, slept=bytearray, nreb=long, colors=set, reb=list, units=list, squares=list,
               attackers=list, enemy_ps=long, iid=long, row=tuple, sq=long, owner=list, field=list, prot=dict,
               card_id=list, seen=set, u=long, guards=list, w=long, adjs=tuple, adj=long, v=long)
cpdef list _legal_main(Game g, tuple d)

@cython.locals(acts=list, scripts=list, shift_on=dict, u=long, idx=long, sc=Script, ab=Ability, abl=list)
cpdef list _ability_actions(Game g, long p, tuple timings, list units=*)

@cython.locals(need_match=bint, seen=set, out=list, card_color=list, slept=bytearray, r=long)
cpdef list _pay_options(Game g, long p, long n, str color, bint matched)

cpdef list _legal_pay(Game g, tuple d)
cpdef list _legal_pick(Game g, tuple d)
