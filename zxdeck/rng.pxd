# Used only by scripts/build_compiled.py (Cython): `Rng` becomes an extension type whose state is
# a C unsigned 64-bit integer, and SplitMix64's arithmetic runs in C (the same values: unsigned
# arithmetic wraps modulo 2**64, which is what the Python code's masks do). The pure-Python
# package ignores this file.
cimport cython

ctypedef unsigned long long u64
cdef u64 _GAMMA, _MIX1, _MIX2, _MASK


@cython.final
cdef class Rng:
    cdef public u64 state

    @cython.locals(s=u64, z=u64)
    cpdef next64(self)

    @cython.locals(k=long, shift=long, s=u64, z=u64, x=u64)
    cpdef randbelow(self, n)

    @cython.locals(s=u64, z=u64)
    cpdef double random(self)
