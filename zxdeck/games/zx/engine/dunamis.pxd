# Used only by scripts/build_compiled.py (Cython): typed locals of the dunamis checks.
# The pure-Python package ignores this file.
cimport cython
from zxdeck.games.zx.engine.game cimport Game
from zxdeck.games.zx.engine.state cimport PlayerState
from zxdeck.games.zx.engine.abilities cimport Ability, Script


@cython.locals(sc=Script)
cpdef tuple _descent_spec(Game g, long iid)

@cython.locals(slept=bytearray)
cpdef list _descent_candidates(Game g, long p, long iid, flt, list units=*)

@cython.locals(cost=long, count=long, cards=list, slept=bytearray, have=long, need=long)
cpdef _descent_possible(Game g, long p, long iid, tuple chosen=*, list units=*)

@cython.locals(cards=list, slept=bytearray, u=long)
cpdef list _rebooted_costs(Game g, list units)

@cython.locals(cards=list, cost=long, sc=Script, count=long, slept=bytearray, costs=list, u=long, shift_on=dict,
               memo=dict, m=object)
cpdef bint _descent_open(Game g, long p, long iid, list units, list reb) except -1

@cython.locals(ab=Ability, cost=long)
cpdef bint awakening_possible(Game g, long p, long iid) except -1

@cython.locals(sc=Script, ps=PlayerState)
cpdef ex_possible(Game g, long p, long iid, list squares=*, list units=*)

@cython.locals(up=bytearray, n=long, d=long)
cpdef long _face_up_count(Game g, long p) except -1

@cython.locals(need=long)
cpdef list shift_targets(Game g, long p, long iid, list units=*)

@cython.locals(sc=Script, shift_on=dict, u=long, memo=dict, out=list, m=object)
cpdef list _shift_candidates(Game g, long p, long iid, list units)

@cython.locals(dun=list, up=bytearray, card_id=list, card_type=list, n_up=long, seen=set, entries=list, iid=long,
               kind=long, flags=bytearray, i=Py_ssize_t, t=str)
cpdef tuple _plan(Game g, PlayerState ps)

@cython.locals(ps=PlayerState, acts=list, ex_ok=bint, shift_ok=bint, plan=tuple, n_up=long, card_cost=list,
               scripts=list, sc=Script, iid=long, kind=long, ok=bint, m=long, modes=long, u=long)
cpdef list dunamis_actions(Game g, long p, bint battle, list squares=*)

@cython.locals(ps=PlayerState, ex_ok=bint, shift_ok=bint, plan=tuple, iid=long, kind=long, cost=long, n=long,
               ok=bint, payable=bint, m=long, u=long, shift_on=dict, memo=dict, mt=object, static=bint)
cpdef main_actions(Game g, long p, list acts, long nreb, set colors, list squares, list units)
