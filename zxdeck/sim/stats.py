"""Statistics of a run: win rate with its Wilson interval, a running tally, Bradley-Terry ratings.

Everything here is exact arithmetic on counts, fed with game records in game
order, so the same games give the same numbers to the last digit whatever
the number of workers or the backend.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

Z95 = 1.959963984540054  # the 97.5 % quantile of the standard normal distribution


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (successes may be fractional: a draw is half).

    Unlike the normal ("Wald") interval it stays inside [0, 1] and is not empty
    at 0 or n successes.
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    center = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z2 / (4 * n * n))) / denom
    lo = 0.0 if successes <= 0 else max(0.0, center - half)  # exact at the ends (no rounding)
    hi = 1.0 if successes >= n else min(1.0, center + half)
    return (lo, hi)


def half_width(successes: float, n: int) -> float:
    lo, hi = wilson(successes, n)
    return (hi - lo) / 2


def counter_stats(counts: Counter[int]) -> dict[str, Any]:
    """Mean, median, min and max of integer values given as a Counter (exact median)."""
    n = sum(counts.values())
    if not n:
        return {"mean": None, "median": None, "min": None, "max": None}
    values = sorted(counts)
    mean = sum(v * c for v, c in counts.items()) / n

    def nth(k: int) -> int:  # the k-th smallest value, from 0
        seen = 0
        for v in values:
            seen += counts[v]
            if k < seen:
                return v
        return values[-1]

    if n % 2:
        median: float = nth(n // 2)
    else:
        lo, hi = nth(n // 2 - 1), nth(n // 2)
        median = (lo + hi) // 2 if (lo + hi) % 2 == 0 else (lo + hi) / 2
    return {"mean": round(mean, 2), "median": median, "min": values[0], "max": values[-1]}


def histogram(counts: Counter[int], bins: int = 8) -> list[list[int]]:
    """`[from, to, games]` rows of equal integer width covering min..max (at most `bins` rows)."""
    if not counts:
        return []
    lo, hi = min(counts), max(counts)
    width = max(1, math.ceil((hi - lo + 1) / bins))
    rows = []
    for start in range(lo, hi + 1, width):
        end = start + width - 1
        rows.append([start, end, sum(c for v, c in counts.items() if start <= v <= end)])
    return rows


@dataclass
class Tally:
    """The running result of one match, fed game records in game order (`add`)."""

    games: int = 0
    draws: int = 0
    wins: dict[str, int] = field(default_factory=lambda: {"a": 0, "b": 0})
    # per side: games it went first / second, and its wins in those
    first: dict[str, list[int]] = field(default_factory=lambda: {"a": [0, 0], "b": [0, 0]})
    second: dict[str, list[int]] = field(default_factory=lambda: {"a": [0, 0], "b": [0, 0]})
    reasons: Counter[str] = field(default_factory=Counter)
    lost_by: dict[str, Counter[str]] = field(default_factory=lambda: {"a": Counter(), "b": Counter()})
    turns: Counter[int] = field(default_factory=Counter)
    decisions: Counter[int] = field(default_factory=Counter)
    # games whose first player is chosen again every round (MOZ, by speed): per side, rounds it went
    # first / second and its round wins in those; rounds whose first player speed chose (the
    # others: a coin flip on equal speed); tied rounds
    rounds: int = 0
    rounds_first: dict[str, list[int]] = field(default_factory=lambda: {"a": [0, 0], "b": [0, 0]})
    rounds_second: dict[str, list[int]] = field(default_factory=lambda: {"a": [0, 0], "b": [0, 0]})
    rounds_by_speed: int = 0
    rounds_tied: int = 0

    def add(self, rec: dict[str, Any]) -> None:
        self.games += 1
        winner = rec.get("winner")
        if winner is None:
            self.draws += 1
        else:
            self.wins[winner] += 1
            self.lost_by["b" if winner == "a" else "a"][rec.get("reason") or "?"] += 1
        self.reasons[rec.get("reason") or "?"] += 1
        first = rec.get("first")
        if first in ("a", "b"):
            for side in ("a", "b"):
                row = self.first[side] if side == first else self.second[side]
                row[0] += 1
                row[1] += winner == side
        self.turns[int(rec.get("turns", 0))] += 1
        self.decisions[int(rec.get("decisions", 0))] += 1
        for first, won, by_speed in rec.get("rounds") or ():
            self.rounds += 1
            self.rounds_by_speed += bool(by_speed)
            self.rounds_tied += won is None
            for side in ("a", "b"):
                row = self.rounds_first[side] if side == first else self.rounds_second[side]
                row[0] += 1
                row[1] += won == side

    @property
    def points(self) -> float:
        """A's wins plus half the draws."""
        return self.wins["a"] + self.draws / 2

    def win_rate(self) -> float | None:
        return self.points / self.games if self.games else None

    def interval(self) -> tuple[float, float]:
        return wilson(self.points, self.games)

    def precise(self, precision: float) -> bool:
        """Whether the 95 % interval's half-width is at most `precision` (asked at pair ends)."""
        return self.games > 0 and half_width(self.points, self.games) <= precision


def bradley_terry(points: list[list[float]], games: list[list[int]],
                  prior: float = 0.5) -> list[tuple[float, float]]:
    """Bradley-Terry ratings on the Elo scale with their standard errors, `[(rating, se)]`.

    `points[i][j]` is what i scored against j (wins plus half the draws) in
    `games[i][j]` games. The model: P(i beats j) = 1 / (1 + 10^((r_j - r_i)/400)).
    Fitted by maximum likelihood with Hunter's MM iterations (2004), with a
    weak prior of `prior` virtual draws on both sides of every pairing played,
    so a side that won every game gets a finite rating. Ratings are centred on
    0; standard errors come from the inverse of the Fisher information
    (the pseudo-inverse of its Laplacian, for the centred ratings).
    """
    k = len(points)
    w = [[points[i][j] + (prior if games[i][j] else 0.0) for j in range(k)] for i in range(k)]
    n = [[games[i][j] + (2 * prior if games[i][j] else 0) for j in range(k)] for i in range(k)]
    pi = [1.0] * k
    for _ in range(100_000):
        new = []
        for i in range(k):
            wins = sum(w[i])
            denom = sum(n[i][j] / (pi[i] + pi[j]) for j in range(k) if j != i and n[i][j])
            new.append(wins / denom if denom else pi[i])
        g = math.exp(sum(math.log(x) for x in new) / k)
        new = [x / g for x in new]
        change = max(abs(a - b) / b for a, b in zip(new, pi))
        pi = new
        if change < 1e-12:
            break
    theta = [math.log(x) for x in pi]
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i != j and n[i][j]:
                p = pi[i] / (pi[i] + pi[j])
                v = n[i][j] * p * (1 - p)
                info[i][i] += v
                info[i][j] -= v
    cov = _pseudo_inverse_laplacian(info)
    scale = 400 / math.log(10)
    mean = sum(theta) / k
    return [((t - mean) * scale, math.sqrt(max(0.0, cov[i][i])) * scale)
            for i, t in enumerate(theta)]


def _pseudo_inverse_laplacian(lap: list[list[float]]) -> list[list[float]]:
    """L+ = (L + J/k)^-1 - J/k for the Laplacian L of a connected graph (J: all ones)."""
    k = len(lap)
    a = [[lap[i][j] + 1 / k for j in range(k)] + [1.0 if i == j else 0.0 for j in range(k)]
         for i in range(k)]
    for col in range(k):  # Gauss-Jordan with partial pivoting
        piv = max(range(col, k), key=lambda r: abs(a[r][col]))
        if abs(a[piv][col]) < 1e-300:
            return [[math.inf] * k for _ in range(k)]
        a[col], a[piv] = a[piv], a[col]
        d = a[col][col]
        a[col] = [x / d for x in a[col]]
        for r in range(k):
            if r != col and a[r][col]:
                f = a[r][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col])]
    return [[a[i][k + j] - 1 / k for j in range(k)] for i in range(k)]


__all__ = ["Tally", "Z95", "bradley_terry", "counter_stats", "half_width", "histogram", "wilson"]
