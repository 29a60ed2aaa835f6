# Used only by scripts/build_compiled.py (Cython): typed locals of the battle event step.
# The pure-Python package ignores this file.
cimport cython
from zxdeck.games.zx.engine.game cimport Game
from zxdeck.games.zx.engine.state cimport PlayerState


@cython.locals(p=long, acts=list, ps=PlayerState, cards=list, card_type=list, iid=long, card_id=list, seen=set)
cpdef list _legal_battle(Game g, tuple d)
