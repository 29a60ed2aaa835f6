"""Benchmark: the mcts agent against greedy (issue 5: at least 60% of 200 games).

Games cycle over the 25 ordered pairs of the five example decks (mirror
matches included); mcts plays player 1 in half of them and player 2 in the
other half; game i has seed i. A draw is not a win. Also reports the seconds
mcts takes per decision (only decisions with more than one legal action are
timed; forced ones are answered at once).

    python bench/bench_mcts.py --games 200 --budget 200 --workers 2
    python bench/bench_mcts.py --games 4 --budgets 50,100,200,400,800   # seconds per decision only
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COLORS = ("red", "blue", "white", "black", "green")
_SPECS: dict = {}


def _specs() -> dict:
    if not _SPECS:
        from zxdeck.catalog import open_catalog
        from zxdeck.deck import read_deck
        from zxdeck.engine.decks import spec_from_deck

        cat = open_catalog(None)
        for c in COLORS:
            _SPECS[c] = spec_from_deck(read_deck(str(ROOT / "examples" / "decks" / f"{c}.txt"), cat))
    return _SPECS


def play_one(args: tuple[int, int, int]) -> dict:
    """Game i: returns who won, which side mcts played and its decision times."""
    from zxdeck.agents.greedy import GreedyAgent
    from zxdeck.agents.match import agent_seed
    from zxdeck.agents.mcts import MctsAgent
    from zxdeck.engine import Game

    i, budget, horizon = args
    specs = _specs()
    d1, d2 = COLORS[i % 5], COLORS[(i // 5) % 5]
    side = (i // 25) % 2
    agents: list = [None, None]
    agents[side] = MctsAgent(agent_seed(i, side), budget=budget, horizon=horizon)
    agents[1 - side] = GreedyAgent(agent_seed(i, 1 - side))
    g = Game(specs[d1], specs[d2], seed=i)
    times = []
    while not g.is_over():
        p = g.current_player()
        if p == side and len(g.legal_actions()) > 1:
            t = time.perf_counter()
            a = agents[p].choose(g)
            times.append(time.perf_counter() - t)
        else:
            a = agents[p].choose(g)
        g.apply(a)
    return {"i": i, "decks": (d1, d2), "side": side, "winner": g.winner, "turns": g.turn,
            "times": times}


def run(games: int, budget: int, horizon: int, workers: int) -> dict:
    t0 = time.perf_counter()
    jobs = [(i, budget, horizon) for i in range(games)]
    results = []
    with mp.Pool(workers) as pool:
        for r in pool.imap_unordered(play_one, jobs, chunksize=1):
            results.append(r)
            if len(results) % 10 == 0:
                won = sum(1 for x in results if x["winner"] == x["side"])
                print(f"  ... {len(results)}/{games} games, mcts won {won}", file=sys.stderr, flush=True)
    wall = time.perf_counter() - t0
    wins = sum(1 for r in results if r["winner"] == r["side"])
    draws = sum(1 for r in results if r["winner"] is None)
    times = sorted(t for r in results for t in r["times"])
    return {
        "games": games, "budget": budget, "horizon": horizon, "wins": wins, "draws": draws,
        "losses": games - wins - draws, "win_rate": wins / games,
        "decisions": len(times),
        "median_s": statistics.median(times) if times else 0.0,
        "mean_s": statistics.fmean(times) if times else 0.0,
        "p95_s": times[int(0.95 * (len(times) - 1))] if times else 0.0,
        "max_s": times[-1] if times else 0.0,
        "wall_s": wall,
        "as_p1": sum(1 for r in results if r["side"] == 0 and r["winner"] == 0),
        "as_p2": sum(1 for r in results if r["side"] == 1 and r["winner"] == 1),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--budget", type=int, default=200)
    ap.add_argument("--budgets", help="comma-separated budgets to time (overrides --budget)")
    ap.add_argument("--horizon", type=int, default=2)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    print(f"# {platform.processor() or platform.machine()}, {mp.cpu_count()} cores, "
          f"Python {platform.python_version()}")
    budgets = [int(b) for b in args.budgets.split(",")] if args.budgets else [args.budget]
    for b in budgets:
        r = run(args.games, b, args.horizon, args.workers)
        print(f"budget {b:>4} horizon {r['horizon']}: mcts won {r['wins']}/{r['games']} "
              f"({100 * r['win_rate']:.1f}%), draws {r['draws']}, losses {r['losses']} "
              f"(as p1 {r['as_p1']}, as p2 {r['as_p2']}); "
              f"s/decision median {r['median_s']:.3f} mean {r['mean_s']:.3f} p95 {r['p95_s']:.3f} "
              f"max {r['max_s']:.3f} over {r['decisions']} decisions; wall {r['wall_s']:.0f} s",
              flush=True)


if __name__ == "__main__":
    main()
