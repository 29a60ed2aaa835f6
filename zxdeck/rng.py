"""The project's own random generator: SplitMix64, so a seed gives the same game on any Python.

CPython's `random` module does not promise that `shuffle`, `randrange` or
`sample` return the same values across versions, and a saved game, a golden
log or a seeded simulation must not change with the interpreter. Every random
choice of the engine and of the agents therefore comes from `Rng`, whose
output is fixed by this module alone:

- `next64()` is SplitMix64 (Steele, Lea & Flood, "Fast splittable
  pseudorandom number generators", OOPSLA 2014; the reference C code is
  Vigna's public-domain `splitmix64.c`): a 64-bit state advanced by the
  constant 0x9E3779B97F4A7C15 and mixed by two xor-shift-multiply rounds.
  The state of a generator is one integer (`getstate()`), so `clone()` is
  a single attribute copy.
- `randbelow(n)` takes the top k bits of `next64()`, k = bit length of
  n - 1, and rejects values >= n (no modulo bias); `randbelow(1)` is 0 and
  draws nothing.
- `random()` is the top 53 bits of `next64()` divided by 2**53.
- `shuffle(x)` is Fisher-Yates from the end: for i = len - 1 down to 1,
  swap x[i] with x[randbelow(i + 1)].
- `sample(pop, k)` is a partial Fisher-Yates from the front of a copy: for
  i = 0..k-1, swap item i with item i + randbelow(n - i); the first k items.
- `choice(seq)` is `seq[randbelow(len(seq))]`.

A seed is any integer; it is taken modulo 2**64 (negative seeds in two's
complement). tests/engine/test_rng.py pins the output with known answers of
the reference C code.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB
_TWO53 = 1.0 / (1 << 53)
# the same constants for the methods below: in the optional compiled build (rng.pxd) these are C
# unsigned 64-bit integers, so the arithmetic runs in C (wrapping modulo 2**64, as the masks do)
_GAMMA = GAMMA
_MIX1 = MIX1
_MIX2 = MIX2
_MASK = MASK64


class Rng:
    """A seeded SplitMix64 generator (see the module docstring for every method's exact algorithm)."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & MASK64

    def seed(self, seed: int) -> None:
        """Start again from `seed` (modulo 2**64)."""
        self.state = seed & MASK64

    def getstate(self) -> int:
        """The whole state: one integer in [0, 2**64), JSON-able."""
        return self.state

    def setstate(self, state: int) -> None:
        if not isinstance(state, int) or isinstance(state, bool) or not 0 <= state <= MASK64:
            raise ValueError(f"not a generator state: {state!r}")
        self.state = state

    def clone(self) -> Rng:
        """An independent generator in the same state."""
        r = Rng.__new__(Rng)
        r.state = self.state
        return r

    def next64(self) -> int:
        """The next 64-bit output of SplitMix64."""
        s = (self.state + _GAMMA) & _MASK
        self.state = s
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in [0, n), by rejection on the top bits of `next64()`."""
        if n <= 0:
            raise ValueError(f"randbelow({n}): n must be positive")
        k = (n - 1).bit_length()
        if k == 0:
            return 0
        if k > 64:
            raise ValueError(f"randbelow({n}): n must be at most 2**64")
        shift = 64 - k
        s = self.state
        while True:
            s = (s + _GAMMA) & _MASK
            z = ((s ^ (s >> 30)) * _MIX1) & _MASK
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK
            x = (z ^ (z >> 31)) >> shift
            if x < n:
                self.state = s
                return x

    def random(self) -> float:
        """A float in [0, 1): the top 53 bits of `next64()` over 2**53."""
        s = (self.state + _GAMMA) & _MASK
        self.state = s
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return ((z ^ (z >> 31)) >> 11) * _TWO53

    def shuffle(self, x: MutableSequence) -> None:
        """Shuffle `x` in place (Fisher-Yates from the end)."""
        randbelow = self.randbelow
        for i in range(len(x) - 1, 0, -1):
            j = randbelow(i + 1)
            x[i], x[j] = x[j], x[i]

    def sample(self, population: Sequence[T], k: int) -> list[T]:
        """`k` distinct items of `population` in random order (partial Fisher-Yates on a copy)."""
        pool = list(population)
        n = len(pool)
        if not 0 <= k <= n:
            raise ValueError(f"sample: k={k} out of range for {n} items")
        randbelow = self.randbelow
        for i in range(k):
            j = i + randbelow(n - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def choice(self, seq: Sequence[T]) -> T:
        """One item of a non-empty sequence."""
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.randbelow(len(seq))]

    def __repr__(self) -> str:
        return f"Rng(state=0x{self.state:016x})"


__all__ = ["Rng"]
