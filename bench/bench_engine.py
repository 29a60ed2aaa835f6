"""Rules engine speed: random-vs-random decisions/s and games/s on one core, and clone() time.

    python bench/bench_engine.py [--games 300] [--runs 5]

Uses the built-in catalog and the example decks (all 25 pairings in turn).
Prints the median of several runs. Targets: >= 20,000 decisions/s, >= 50 games/s,
clone <= 50 microseconds.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import time
from pathlib import Path

from zxdeck.agents.random_agent import RandomAgent
from zxdeck.catalog import load_catalog
from zxdeck.deck import read_deck
from zxdeck.engine import Game
from zxdeck.engine.decks import spec_from_deck
from zxdeck.engine.rng import Rng

ROOT = Path(__file__).resolve().parents[1]
COLORS = ("red", "blue", "white", "black", "green")


def load_specs() -> dict:
    cat = load_catalog(ROOT / "data" / "cards.yaml")
    return {c: spec_from_deck(read_deck(ROOT / "examples" / "decks" / f"{c}.txt", cat)) for c in COLORS}


def run_games(specs: dict, n: int, offset: int) -> tuple[int, int, float]:
    decisions = 0
    t0 = time.perf_counter()
    for i in range(n):
        s = offset + i
        g = Game(specs[COLORS[s % 5]], specs[COLORS[(s // 5) % 5]], seed=s)
        agents = (RandomAgent(2 * s), RandomAgent(2 * s + 1))
        while not g.is_over():
            g.apply(agents[g.current_player()].choose(g))
            decisions += 1
    return n, decisions, time.perf_counter() - t0


def clone_time(specs: dict, samples: int = 200) -> float:
    """Median clone() time in microseconds over positions taken from random games."""
    rng = Rng(7)
    positions = []
    for s in range(20):
        g = Game(specs[COLORS[s % 5]], specs[COLORS[(s + 2) % 5]], seed=s)
        steps = 20 + rng.randbelow(180)
        while not g.is_over() and steps:
            g.apply(rng.choice(g.legal_actions()))
            steps -= 1
        positions.append(g)
    times = []
    for _ in range(samples // len(positions) + 1):
        for g in positions:
            t0 = time.perf_counter()
            for _ in range(100):
                g.clone()
            times.append((time.perf_counter() - t0) / 100 * 1e6)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    specs = load_specs()
    run_games(specs, 20, 10_000)  # warm up
    dps, gps, per_game = [], [], []
    for r in range(args.runs):
        n, d, dt = run_games(specs, args.games, r * args.games)
        dps.append(d / dt)
        gps.append(n / dt)
        per_game.append(d / n)
    ct = clone_time(specs)
    print(f"machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}")
    print(f"random vs random, {args.games} games x {args.runs} runs (median):")
    print(f"  decisions/s: {statistics.median(dps):,.0f}  (runs: {', '.join(f'{x:,.0f}' for x in dps)})")
    print(f"  games/s:     {statistics.median(gps):,.1f}")
    print(f"  decisions per game: {statistics.median(per_game):.0f}")
    print(f"  clone():     {ct:.1f} us (median)")


if __name__ == "__main__":
    main()
