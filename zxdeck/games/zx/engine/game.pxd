# Used only by scripts/build_compiled.py (Cython): `Game` becomes an extension type whose
# attributes are C slots. The pure-Python package ignores this file.
cdef class Game:
    cdef public object specs, seed, turn_limit, rng, listener, cards, owner, scripts, players
    cdef public object squares, slept, face_up, damage, bonus, forces, shift_on, once, limbo
    cdef public object _moves, stack, rules, triggers, decision, battle, battle_left, turn
    cdef public object first, first_given, active, phase, started, over, winner, reason
    cdef public object history, _legal, _cont_guard
    cdef dict __dict__
    cdef object __weakref__
