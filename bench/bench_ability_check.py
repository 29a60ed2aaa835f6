"""Cost of the ability schema check (and of the text renderer) on a 50,000-card catalog.

The catalog is the built-in one copied ~150 times under new card numbers, so
every card has real abilities. Prints the median of several runs of
`parse_catalog` with and without `ability_problems`, and of `render_text`.

Usage: python bench/bench_ability_check.py [--cards 50000] [--runs 5]
"""

from __future__ import annotations

import argparse
import re
import statistics
import time
from collections.abc import Callable

from zxdeck.catalog import loader
from zxdeck.catalog.cardtext import render_text
from zxdeck.catalog.loader import builtin_catalog_path, parse_catalog


def big_catalog(n_cards: int) -> bytes:
    body = builtin_catalog_path().read_text(encoding="utf-8").split("\ncards:\n", 1)[1]
    per_copy = body.count("\n  - id: ") + 1
    copies = -(-n_cards // per_copy)
    parts = [re.sub(r"^  - id: (\S+)", lambda m, k=k: f"  - id: C{k}-{m.group(1)}", body, flags=re.M)
             for k in range(copies)]
    return ("cards:\n" + "".join(parts)).encode("utf-8")


def median_time(func: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=50_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    data = big_catalog(args.cards)
    cards = parse_catalog(data, "bench")
    with_check = median_time(lambda: parse_catalog(data, "bench"), args.runs)
    real = loader.ability_problems
    loader.ability_problems = lambda card: []
    try:
        without = median_time(lambda: parse_catalog(data, "bench"), args.runs)
    finally:
        loader.ability_problems = real
    check_only = median_time(lambda: [real(c) for c in cards], args.runs)
    render = median_time(lambda: [render_text(c) for c in cards], args.runs)
    print(f"{len(cards)} cards, {len(data) / 1e6:.1f} MB, median of {args.runs} runs")
    print(f"parse_catalog with ability check:    {with_check:.2f} s")
    print(f"parse_catalog without ability check: {without:.2f} s")
    print(f"ability_problems alone:              {check_only:.2f} s")
    print(f"render_text alone:                   {render:.2f} s")


if __name__ == "__main__":
    main()
