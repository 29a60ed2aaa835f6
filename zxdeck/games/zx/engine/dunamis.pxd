# Used only by scripts/build_compiled.py (Cython): typed locals of the dunamis checks.
# The pure-Python package ignores this file.
cimport cython
from zxdeck.games.zx.engine.game cimport Game
from zxdeck.games.zx.engine.state cimport PlayerState
from zxdeck.games.zx.engine.abilities cimport Script


@cython.locals(sc=Script)
cpdef tuple _descent_spec(Game g, long iid)

@cython.locals(slept=bytearray)
cpdef list _descent_candidates(Game g, long p, long iid, flt, list units=*)

@cython.locals(cost=long, count=long, cards=list, slept=bytearray, have=long, need=long)
cpdef _descent_possible(Game g, long p, long iid, tuple chosen=*, list units=*)

@cython.locals(sc=Script, ps=PlayerState)
cpdef ex_possible(Game g, long p, long iid, list squares=*, list units=*)

@cython.locals(need=long, ps=PlayerState, shift_on=dict)
cpdef list shift_targets(Game g, long p, long iid, list units=*)

@cython.locals(ps=PlayerState, acts=list, up=bytearray, card_id=list, card_type=list, seen=set, iid=long)
cpdef list dunamis_actions(Game g, long p, bint battle, list squares=*)
