"""Openings in numbers: the exact probability of holding named cards after drawing n cards.

`holding(groups, deck_size, n)` is the multivariate hypergeometric probability that n cards
drawn from a deck of `deck_size` cards, holding `K_i` copies of group i, include at least `k_i`
of every group (`groups`: `[(K_i, k_i)]`). `with_mulligan(groups, deck_size, hand, n)` is the
same when the first `hand` cards may be given back once for `hand` new ones (shuffled back: a
fresh draw) and the player gives them back exactly when that makes holding the cards more
likely (the best choice, `keep_hand`). Exact rational arithmetic (math.comb), a float at the
end. A game says how many cards its player has drawn by a turn and what leaves the deck first
(for Z/X: zxdeck.games.zx.engine.opening).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb

Groups = Sequence[tuple[int, int]]  # (copies in the deck K_i, copies wanted k_i)


def parse_wanted(text: str) -> list[tuple[str, int]]:
    """`NAME,NAME:2` -> [("NAME", 1), ("NAME", 2)]: the cards wanted and how many copies; a
    one-line ZxError when it is not that."""
    from zxdeck.errors import ZxError

    out = []
    for part in text.split(","):
        name, sep, count = part.strip().rpartition(":")
        if not sep:
            name, count = count, "1"
        name = name.strip()
        if not name or not count.strip().isdigit() or int(count) < 1:
            raise ZxError(f"--odds {text!r}: expected NAME or NAME:COUNT, comma-separated "
                          "(e.g. \"火の粉払い,紅蓮の業火:2\")")
        out.append((name, int(count)))
    return out


def _splits(groups: Groups, n: int) -> Iterator[tuple[int, ...]]:
    """Every way to draw x_i of each group (0 <= x_i <= K_i) with sum(x) <= n."""
    def rec(i: int, left: int) -> Iterator[tuple[int, ...]]:
        if i == len(groups):
            yield ()
            return
        for x in range(min(groups[i][0], left) + 1):
            for rest in rec(i + 1, left - x):
                yield (x, *rest)
    yield from rec(0, n)


def _p(groups: Groups, size: int, n: int, xs: tuple[int, ...]) -> Fraction:
    """P(exactly x_i of each group among n cards drawn from `size`)."""
    others = size - sum(k for k, _ in groups)
    rest = n - sum(xs)
    if rest < 0 or rest > others:
        return Fraction(0)
    num = comb(others, rest)
    for (k, _), x in zip(groups, xs):
        num *= comb(k, x)
    return Fraction(num, comb(size, n))


def check(groups: Groups, deck_size: int) -> None:
    total = sum(k for k, _ in groups)
    if total > deck_size or any(k < 0 or want < 1 for k, want in groups):
        raise ValueError("groups do not fit the deck")


def holding_exact(groups: Groups, deck_size: int, n: int) -> Fraction:
    """P(at least k_i of each group among n cards drawn from `deck_size`), exactly."""
    return _holding(tuple(tuple(g) for g in groups), deck_size, n)


@lru_cache(maxsize=4096)
def _holding(groups: tuple[tuple[int, int], ...], deck_size: int, n: int) -> Fraction:
    check(groups, deck_size)
    n = max(0, min(n, deck_size))
    return sum((_p(groups, deck_size, n, xs) for xs in _splits(groups, n)
                if all(x >= want for x, (_, want) in zip(xs, groups))), Fraction(0))


def holding(groups: Groups, deck_size: int, n: int) -> float:
    return float(holding_exact(groups, deck_size, n))


def after_hand(groups: Groups, deck_size: int, hand: int, n: int, ys: tuple[int, ...]) -> Fraction:
    """P(success by n cards | the first `hand` cards held y_i of each group)."""
    left = [(k - y, max(0, want - y)) for (k, want), y in zip(groups, ys)]
    need = [(k, w) for k, w in left if w > 0]
    if not need:
        return Fraction(1)
    # the groups no longer needed still hold cards, which count among the "others"
    size = deck_size - hand
    return holding_exact(need, size, n - hand)


def keep_hand(groups: Groups, deck_size: int, hand: int, n: int, ys: tuple[int, ...]) -> bool:
    """Whether the best choice keeps a first hand holding y_i of each group (ties keep)."""
    return after_hand(groups, deck_size, hand, n, ys) >= holding_exact(groups, deck_size, n)


def with_mulligan_exact(groups: Groups, deck_size: int, hand: int, n: int) -> Fraction:
    """P(success by n cards) when the first `hand` may be given back once, chosen best."""
    check(groups, deck_size)
    n = max(0, min(n, deck_size))
    hand = min(hand, n)
    fresh = holding_exact(groups, deck_size, n)
    total = Fraction(0)
    for ys in _splits(groups, hand):
        p = _p(groups, deck_size, hand, ys)
        if p:
            total += p * max(after_hand(groups, deck_size, hand, n, ys), fresh)
    return total


def with_mulligan(groups: Groups, deck_size: int, hand: int, n: int) -> float:
    return float(with_mulligan_exact(groups, deck_size, hand, n))


__all__ = ["after_hand", "parse_wanted", "holding", "holding_exact", "keep_hand", "with_mulligan",
           "with_mulligan_exact"]
