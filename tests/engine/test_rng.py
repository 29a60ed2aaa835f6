"""Known answers of the project's generator (zxdeck/engine/rng.py): SplitMix64 and what is built on it.

The expected values were printed by this C program (Vigna's public-domain reference
`splitmix64.c` plus the documented randbelow / shuffle / sample / random algorithms),
compiled with gcc; the first two outputs for seed 1234567 are also the published test
vector of SplitMix64 (Java's SplittableRandom gives the same):

    static uint64_t x;
    uint64_t next() { uint64_t z = (x += 0x9e3779b97f4a7c15);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9; z = (z ^ (z >> 27)) * 0x94d049bb133111eb;
        return z ^ (z >> 31); }
    uint64_t randbelow(uint64_t n) { int k = bitlen(n - 1); if (!k) return 0;
        for (;;) { uint64_t v = next() >> (64 - k); if (v < n) return v; } }
    shuffle: for (i = len - 1; i > 0; i--) swap(a[i], a[randbelow(i + 1)]);
    sample:  for (i = 0; i < k; i++) swap(b[i], b[i + randbelow(n - i)]);
    random:  (double)(next() >> 11) / 2^53

If one of these fails, every seeded game, golden log and saved game changes: never
"fix" the numbers, fix the generator.
"""

from __future__ import annotations

import pytest

from zxdeck.engine.rng import MASK64, Rng

NEXT64 = {
    0: [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F, 0xF88BB8A8724C81EC, 0x1B39896A51A8749B],
    1: [0x910A2DEC89025CC1, 0xBEEB8DA1658EEC67, 0xF893A2EEFB32555E, 0x71C18690EE42C90B, 0x71BB54D8D101B5B9],
    42: [0xBDD732262FEB6E95, 0x28EFE333B266F103, 0x47526757130F9F52, 0x581CE1FF0E4AE394, 0x09BC585A244823F2],
    1234567: [6457827717110365317, 3203168211198807973, 0x883EBCE5A3F27C77, 0x3FBEF740E9177B3F,
              0xE3B8346708CB5ECD],
    MASK64: [0xE4D971771B652C20, 0xE99FF867DBF682C9, 0x382FF84CB27281E9, 0x6D1DB36CCBA982D2, 0xB4A0472E578069AE],
}


@pytest.mark.parametrize("seed", sorted(NEXT64))
def test_next64_known_answers(seed: int) -> None:
    r = Rng(seed)
    assert [r.next64() for _ in range(5)] == NEXT64[seed]


def test_negative_seed_is_taken_modulo_2_64() -> None:
    a, b = Rng(-1), Rng(MASK64)
    assert [a.next64() for _ in range(3)] == [b.next64() for _ in range(3)] == NEXT64[MASK64][:3]


def test_randbelow_known_answers() -> None:
    r = Rng(42)
    assert [r.randbelow(6) for _ in range(12)] == [5, 1, 2, 2, 0, 1, 2, 4, 1, 3, 4, 4]
    r = Rng(42)
    assert [r.randbelow(1000003) for _ in range(5)] == [777587, 167678, 292134, 360910, 39877]


def test_randbelow_one_draws_nothing_and_bad_bounds_are_refused() -> None:
    r = Rng(5)
    assert r.randbelow(1) == 0 and r.getstate() == 5
    with pytest.raises(ValueError):
        r.randbelow(0)
    with pytest.raises(ValueError):
        r.randbelow((1 << 64) + 1)


def test_shuffle_known_answer_and_final_state() -> None:
    r = Rng(7)
    a = list(range(10))
    r.shuffle(a)
    assert a == [2, 8, 5, 9, 1, 3, 4, 7, 0, 6]
    assert r.getstate() == 10372713005361028292


def test_random_known_answers() -> None:
    r = Rng(3)
    assert [r.random() for _ in range(3)] == [0.11345034205715454, 0.70029351359290237, 0.61297468254662435]


def test_sample_known_answer_and_choice() -> None:
    assert Rng(11).sample(range(0, 80, 10), 3) == [20, 30, 70]
    assert Rng(42).choice("abcdef") == "f"  # randbelow(6) of seed 42 is 5
    with pytest.raises(ValueError):
        Rng(1).sample([1, 2], 3)
    with pytest.raises(IndexError):
        Rng(1).choice([])


def test_clone_and_state_round_trip_are_independent_copies() -> None:
    r = Rng(99)
    r.next64()
    c = r.clone()
    assert [c.next64() for _ in range(4)] == [r.next64() for _ in range(4)]
    c.next64()
    assert c.getstate() != r.getstate()
    s = Rng(0)
    s.setstate(r.getstate())
    assert s.next64() == r.next64()
    for bad in (-1, 1 << 64, "7", 1.0, True):
        with pytest.raises(ValueError):
            s.setstate(bad)  # type: ignore[arg-type]


def test_randbelow_is_roughly_uniform() -> None:
    """A chi-square check with a generous bound: a rejection bug (bias to low values) fails it."""
    r = Rng(2024)
    n, draws = 6, 60_000
    counts = [0] * n
    for _ in range(draws):
        counts[r.randbelow(n)] += 1
    expected = draws / n
    chi2 = sum((c - expected) ** 2 / expected for c in counts)
    assert chi2 < 25.0, counts  # 5 degrees of freedom: p < 0.0002 for a fair generator
