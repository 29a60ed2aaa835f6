"""MOZ computer players against each other: win rates with paired seeds, and the heuristic's speed.

Every seed is played twice with the seats swapped (same decks, same engine seed), so the
seat and the deck cancel out; seed s plays the pairing s mod P of the P pairings of the decks
(every pair of decks, a deck against itself included). Ties count half. The decks are the MOZ example decks
(examples/moz/*.txt, read with the built-in catalog; `--decks fixture`: the engine tests'
fixture decks). A 95 % Wilson interval comes with each rate.

    python bench/bench_moz_agents.py --pairs 250 heuristic:random mcts:100:random
    python bench/bench_moz_agents.py --pairs 200 --workers 16 hard:normal normal:easy easy:random

The levels (easy, normal, hard) are agent specs like the others; `--workers N` plays the games in
N processes (the scores do not depend on it). Each line gives the CPU time a match of the two
agents, so `heuristic:heuristic` measures the heuristic's speed (matches/s a core). `pinned` is the
heuristic as it was before issue 21's speed-up (bench/pinned_moz/, a frozen copy), so
`heuristic:pinned` measures the new heuristic's strength against the old one.

`--profile N` prints where the current heuristic spends its time: cProfile over N seeded matches
of it against itself (the seeds and decks of `--speed`), the functions sorted by their own time.

    python bench/bench_moz_agents.py --profile 6 --seed 5000 --pairs 0

`--speed R` first times the old and the new heuristic side by side: R runs, each playing
`--speed-matches` seeded matches of the heuristic against itself with the old heuristic on the old
engine (bench/pinned_moz/, both as they were before issue 21), the old heuristic on the current
engine, and the new heuristic (the same seeds and decks; CPU time of this process), and prints
the median matches/s of each and the ratios. `--json FILE` writes everything printed as JSON.

    python bench/bench_moz_agents.py --speed 5 --pairs 200 --workers 16 heuristic:pinned hard:normal \
        --json moz-agents.json
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))


def decks(which: str) -> list[list]:
    """The example decks (examples/moz/*.txt with the built-in catalog) or the fixture decks."""
    if which == "examples":
        from zxdeck.games.moz.catalog.loader import open_catalog
        from zxdeck.games.moz.deck.parse import load_deck

        catalog = open_catalog(None)
        return [load_deck(p, catalog) for p in sorted((ROOT / "examples" / "moz").glob("*.txt"))]
    from moz_fixture import fixture_deck

    return [fixture_deck(v) for v in range(7)]


def wilson(k: float, n: int) -> tuple[float, float]:
    if n == 0:
        return (0.0, 1.0)
    z, p = 1.96, k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return ((c - h) / d, (c + h) / d)


def make(spec: str, seed: int):  # noqa: ANN201
    """An agent from its spec; `pinned`: the frozen old heuristic (bench/pinned_moz/)."""
    if spec == "pinned":
        sys.path.insert(0, str(ROOT / "bench"))
        from pinned_moz import pinned_heuristic

        return pinned_heuristic(seed)
    from zxdeck.games.moz.agents import make_agent

    return make_agent(spec, seed)


def play(a: str, b: str, d1: list, d2: list, seed: int) -> int | None:
    from zxdeck.games.moz.engine import Game

    g = Game(d1, d2, seed=seed, record=False)
    agents = [make(a, seed * 2 + 1), make(b, seed * 2 + 2)]
    while not g.is_over():
        g.apply(agents[g.current_player()].choose(g))
    return g.winner


_POOL: list[list] = []


def _init(which: str) -> None:
    _POOL[:] = decks(which)


def _one(task: tuple[str, str, int, int, int, bool]) -> tuple[float, float]:
    """One game of a pair: A's score (1, 0.5, 0) and the CPU seconds it took (in this process)."""
    a, b, i, j, s, swap = task
    t = time.process_time()
    d1, d2 = _POOL[i], _POOL[j]
    w = play(b, a, d1, d2, s) if swap else play(a, b, d1, d2, s)
    me = 1 if swap else 0
    return (1.0 if w == me else 0.5 if w is None else 0.0), time.process_time() - t


def _pinned_game():  # noqa: ANN202
    """The engine's Game as it was before issue 21 (bench/pinned_moz/game.py)."""
    sys.path.insert(0, str(ROOT / "bench"))
    from pinned_moz.game import Game

    return Game


def _timed(spec: str, game_class: object, matches: int, pairings: list[tuple[int, int]], seed: int) -> float:
    """Matches a CPU second of `spec` against itself on `game_class`, seeds seed.. in turn."""
    t = time.process_time()
    for s in range(seed, seed + matches):
        i, j = pairings[s % len(pairings)]
        g = game_class(_POOL[i], _POOL[j], seed=s, record=False)
        agents = [make(spec, s * 2 + 1), make(spec, s * 2 + 2)]
        while not g.is_over():
            g.apply(agents[g.current_player()].choose(g))
    return matches / (time.process_time() - t)


def speed(runs: int, matches: int, pairings: list[tuple[int, int]], seed: int) -> dict:
    """Matches/s (CPU) of the heuristic against itself, `runs` times each and in turn (so that
    all see the same load), on the same seeds and decks: `old` is the heuristic and the engine as
    they were before issue 21 (bench/pinned_moz/), `pinned_on_new_engine` the old heuristic on the
    current engine, `new` the current heuristic and engine."""
    from zxdeck.games.moz.engine import Game

    old_game = _pinned_game()
    variants = {"old": ("pinned", old_game), "pinned_on_new_engine": ("pinned", Game), "new": ("heuristic", Game)}
    times: dict[str, list[float]] = {k: [] for k in variants}
    for _ in range(runs):
        for k, (spec, cls) in variants.items():
            times[k].append(_timed(spec, cls, matches, pairings, seed))
    med = {k: statistics.median(v) for k, v in times.items()}
    print(f"heuristic speed (matches/s a core, CPU, median of {runs} runs of {matches} matches against itself): "
          f"old heuristic and engine {med['old']:.2f}, old heuristic on the new engine "
          f"{med['pinned_on_new_engine']:.2f}, new {med['new']:.2f}: {med['new'] / med['old']:.1f}x "
          f"({med['new'] / med['pinned_on_new_engine']:.1f}x on the same engine)")
    return {"runs": runs, "matches": matches, "matches_per_s": times, "median": med,
            "ratio": med["new"] / med["old"], "ratio_same_engine": med["new"] / med["pinned_on_new_engine"]}


def profile(matches: int, pairings: list[tuple[int, int]], seed: int, top: int = 25) -> None:
    """cProfile of the current heuristic against itself over `matches` seeded matches: the `top`
    functions by their own time (the engine's and the agent's)."""
    import cProfile
    import pstats

    from zxdeck.games.moz.engine import Game

    prof = cProfile.Profile()
    prof.enable()
    _timed("heuristic", Game, matches, pairings, seed)
    prof.disable()
    print(f"profile of the heuristic against itself, {matches} matches (seeds {seed}..{seed + matches - 1}):")
    pstats.Stats(prof, stream=sys.stdout).sort_stats("tottime").print_stats(top)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("matchups", nargs="*", help="A:B agent specs, e.g. heuristic:random, mcts:100:random, hard:normal")
    ap.add_argument("--speed", type=int, default=0, metavar="R",
                    help="time the old and the new heuristic side by side, R runs (median)")
    ap.add_argument("--speed-matches", type=int, default=10, help="matches a run of --speed")
    ap.add_argument("--profile", type=int, default=0, metavar="N",
                    help="cProfile the current heuristic against itself over N matches (by own time)")
    ap.add_argument("--json", metavar="FILE", help="write the results as JSON")
    ap.add_argument("--pairs", type=int, default=100, help="seeds per matchup (each played twice)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--decks", choices=["examples", "fixture"], default="examples")
    ap.add_argument("--workers", type=int, default=1,
                    help="worker processes (the results do not depend on it; only the wall time)")
    args = ap.parse_args()
    _init(args.decks)
    pool = _POOL
    pairings = [(i, j) for i in range(len(pool)) for j in range(i, len(pool))]
    print(f"# {platform.node()} {platform.python_implementation()} {platform.python_version()} "
          f"({platform.machine()}); {len(pool)} {args.decks} decks, {len(pairings)} pairings, "
          f"seeds {args.seed}..{args.seed + args.pairs - 1}, {args.workers} worker(s)")
    out: dict = {"machine": platform.node(), "python": platform.python_version(), "decks": args.decks,
                 "seed": args.seed, "pairs": args.pairs, "workers": args.workers, "matchups": []}
    if args.profile:
        profile(args.profile, pairings, args.seed)
    if args.speed:
        out["speed"] = speed(args.speed, args.speed_matches, pairings, args.seed)
    executor = None
    if args.workers > 1 and args.matchups:
        from concurrent.futures import ProcessPoolExecutor

        executor = ProcessPoolExecutor(args.workers, initializer=_init, initargs=(args.decks,))
    try:
        for m in args.matchups:
            tokens = m.split(":")
            k = 2 if len(tokens) > 2 and tokens[1].isdigit() else 1
            a, b = ":".join(tokens[:k]), ":".join(tokens[k:])
            tasks = [(a, b, *pairings[s % len(pairings)], s, swap)
                     for s in range(args.seed, args.seed + args.pairs) for swap in (False, True)]
            wall = time.perf_counter()
            results = list(executor.map(_one, tasks, chunksize=2)) if executor else [_one(t) for t in tasks]
            wall = time.perf_counter() - wall
            score = sum(r[0] for r in results)
            cpu = sum(r[1] for r in results)
            n = len(results)
            lo, hi = wilson(score, n)
            print(f"{a} vs {b}: {score:g}/{n} = {score / n:.3f} [{lo:.3f}, {hi:.3f}]  "
                  f"({cpu:.1f} s CPU, {cpu / n:.3f} s CPU a match, {n / cpu:.1f} matches/s a core; "
                  f"{wall:.1f} s wall)")
            pair_scores = [results[k][0] + results[k + 1][0] for k in range(0, n, 2)]
            out["matchups"].append({
                "a": a, "b": b, "games": n, "score": score, "rate": score / n, "wilson95": [lo, hi],
                "pairs_won": sum(1 for x in pair_scores if x > 1), "pairs_split": sum(1 for x in pair_scores if x == 1),
                "pairs_lost": sum(1 for x in pair_scores if x < 1), "cpu_s": cpu, "wall_s": wall})
    finally:
        if executor is not None:
            executor.shutdown()
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
