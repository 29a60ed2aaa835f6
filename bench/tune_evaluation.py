"""Fit the weights of the shared evaluation (zxdeck/agents/evaluation.py) by self-play.

1. **Weights** (coordinate search): for each weight in turn, the `heuristic` agent with that
   weight moved up or down by `step` (relative; absolute 0.05 for weights near 0) plays the
   agent with the current weights over `--pairs` openings, each played twice with the seats
   swapped (all 25 pairings of the example decks). A move is kept when it scores more than
   `--accept` of the points. Each round halves the step. Life stays 1 (the unit).
2. **Slope** of `win_probability`: positions at the start of every main phase of self-play
   games with the final weights, the evaluation's score against who won; the slope with the
   least log loss (a grid search) is printed.

The openings use seeds from `--seed` (default 100000), away from those of bench_agents.py, so
the figures of bench_agents.py are on held-out games. Paste the printed WEIGHTS and SCALE into
evaluation.py.

    python bench/tune_evaluation.py --rounds 2 --pairs 200 --workers 2
"""

from __future__ import annotations

import argparse
import math
import multiprocessing as mp
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_agents import _specs, opening  # noqa: E402


def _pair(args: tuple[int, int, dict, dict]) -> float:
    """Opening k twice, weights A in seat 0 then in seat 1: A's points (a draw is half)."""
    from zxdeck.agents.heuristic import HeuristicAgent
    from zxdeck.agents.match import agent_seed
    from zxdeck.engine import Game

    k, base, wa, wb = args
    seed, d1, d2 = opening(k, base)
    specs = _specs()
    pts = 0.0
    for a_seat in (0, 1):
        ws = [wa, wb] if a_seat == 0 else [wb, wa]
        agents = [HeuristicAgent(agent_seed(seed, s), ws[s]) for s in (0, 1)]
        g = Game(specs[d1], specs[d2], seed=seed)
        while not g.is_over():
            g.apply(agents[g.current_player()].choose(g))
        pts += 0.5 if g.winner is None else (1.0 if g.winner == a_seat else 0.0)
    return pts


def match(pool, wa: dict, wb: dict, pairs: int, base: int) -> float:
    """A's share of the points against B over `pairs` openings x 2 seats."""
    jobs = [(k, base, wa, wb) for k in range(pairs)]
    pts = sum(pool.imap_unordered(_pair, jobs, chunksize=4)) if pool else sum(map(_pair, jobs))
    return pts / (2 * pairs)


def tune(weights: dict, rounds: int, pairs: int, base: int, step: float, accept: float,
         workers: int) -> dict:
    w = dict(weights)
    pool = mp.Pool(workers) if workers > 1 else None
    try:
        for r in range(rounds):
            print(f"round {r + 1}: step {step:.2f}", flush=True)
            for name in w:
                if name == "life":
                    continue
                for direction in (+1, -1):
                    cand = dict(w)
                    old = w[name]
                    delta = step * abs(old) if abs(old) >= 0.1 else 0.05
                    cand[name] = round(old + direction * delta, 4)
                    t0 = time.perf_counter()
                    rate = match(pool, cand, w, pairs, base)
                    kept = rate > accept
                    print(f"  {name}: {old:g} -> {cand[name]:g}: {100 * rate:.1f}% "
                          f"({'kept' if kept else 'no'}, {time.perf_counter() - t0:.0f} s)", flush=True)
                    if kept:
                        w = cand
                        break
            step /= 2
    finally:
        if pool:
            pool.close()
    return w


def fit_scale(weights: dict, games: int, base: int) -> tuple[float, float, int]:
    """The slope of the logistic win probability with the least log loss on self-play positions."""
    from zxdeck.agents.evaluation import evaluate
    from zxdeck.agents.heuristic import HeuristicAgent
    from zxdeck.agents.match import agent_seed
    from zxdeck.engine import Game

    specs = _specs()
    samples: list[tuple[float, float]] = []
    for k in range(games):
        seed, d1, d2 = opening(k, base)
        agents = [HeuristicAgent(agent_seed(seed, s), weights) for s in (0, 1)]
        g = Game(specs[d1], specs[d2], seed=seed)
        seen: list[tuple[int, float]] = []
        last = (-1, -1)
        while not g.is_over():
            d = g.decision
            if d[0] == "main" and (g.turn, g.active) != last:
                last = (g.turn, g.active)
                seen.append((g.active, evaluate(g, g.active, weights)))
            g.apply(agents[g.current_player()].choose(g))
        for p, s in seen:
            y = 0.5 if g.winner is None else (1.0 if g.winner == p else 0.0)
            samples.append((s, y))

    def loss(c: float) -> float:
        tot = 0.0
        for s, y in samples:
            q = 1.0 / (1.0 + math.exp(-max(-60.0, min(60.0, c * s))))
            q = min(max(q, 1e-9), 1 - 1e-9)
            tot -= y * math.log(q) + (1 - y) * math.log(1 - q)
        return tot / len(samples)

    best = min((c / 20 for c in range(1, 61)), key=loss)
    return best, loss(best), len(samples)


def main() -> None:
    from zxdeck.agents.evaluation import WEIGHTS

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--pairs", type=int, default=200, help="openings per trial (2 games each)")
    ap.add_argument("--step", type=float, default=0.5)
    ap.add_argument("--accept", type=float, default=0.52)
    ap.add_argument("--seed", type=int, default=100_000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--scale-games", type=int, default=400)
    args = ap.parse_args()
    print(f"# {platform.processor() or platform.machine()}, {mp.cpu_count()} cores, "
          f"{platform.python_implementation()} {platform.python_version()}; seeds from {args.seed}")
    w = tune(WEIGHTS, args.rounds, args.pairs, args.seed, args.step, args.accept, args.workers)
    print("WEIGHTS = {")
    for k, v in w.items():
        print(f'    "{k}": {v!r},')
    print("}")
    base = args.seed + 50_000
    print(f"start vs tuned on other openings: tuned scores "
          f"{100 * (1 - match(None, WEIGHTS, w, 100, base)):.1f}% over 200 games", flush=True)
    scale, ll, n = fit_scale(w, args.scale_games, base)
    print(f"SCALE = {scale} (log loss {ll:.3f} over {n} positions; 0.693 is a coin)")


if __name__ == "__main__":
    main()
