# Used only by scripts/build_compiled.py (Cython): `PlayerState` becomes an extension type whose
# zones and flags are typed C slots. The pure-Python package ignores this file.
cdef class PlayerState:
    cdef public list deck, hand, life, resources, charge, trash, dunamis
    cdef public dict counters
    cdef public object dunamis_plan
    cdef public long player_card, refreshes
    cdef public bint player_face_up, ex_used, event_ex_used, shift_used, resource_done
    cpdef PlayerState copy(self)
