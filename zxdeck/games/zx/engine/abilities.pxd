# Used only by scripts/build_compiled.py (Cython): `Ability` and `Script` become extension types
# with typed slots. The pure-Python package ignores this file.
cdef class Ability:
    cdef public str card_id, kind
    cdef public object trigger, timing, label
    cdef public long index
    cdef public object via, condition, cost, raw
    cdef public bint optional, once_per_turn
    cdef public tuple effects


cdef class Script:
    cdef public dict auto
    cdef public list activated, continuous, events, all
    cdef public object descent, awakening, idealize, shift
    cdef public tuple power_effs, protect_effs
    cdef public long descent_count, shift_need
    cdef public object descent_filter, shift_filter
    cdef public bint descent_static, shift_static
