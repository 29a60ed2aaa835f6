"""The new `hard` against a frozen copy of the old one (bench/pinned_hard/), in one run (issue 25).

Plays `--pairs` paired openings on held-out seeds (a seed and an ordered pair of the five
example decks, the 25 pairings in turn, as in bench_agents.py; seeds from `--seed`, apart from
every seed the agents were tuned or measured on): each opening twice, the new agent in the
first seat, then in the second, so that the deck order and the coin flip cancel out. A draw
counts half. Games run in `--workers` processes; each finished game prints one line (flushed)
and the results so far are written to `--out` (JSON) after every game. `--max-seconds` stops
the run (only this bench: the agents' budgets are counts, never times) when that much wall
time has passed: the games still running are dropped, and only the pairs whose two games
both finished are counted.

Printed at the end (and in the JSON): the new agent's score with its 95 % Wilson interval, the
pairs won 2-0 / split / lost 0-2, and the CPU time of each agent's searched decisions (more
than one legal action and not a routine one such as paying a cost; `time.process_time` of the
worker around each `choose`): median, 95th percentile, mean, and the CPU of each agent a game.

    python bench/hard_vs_pinned.py --pairs 100 --workers 16 --max-seconds 540 --out hvp.json
    python bench/hard_vs_pinned.py --pairs 1 --workers 2 --budget-new 40 --budget-old 40 --out t.json

Runs on other machines or at other times add up: `--start K` begins at pair K (pair k is
always the same opening), and `--merge A.json B.json ...` prints the score over all their
complete pairs (a pair counted once):

    python bench/hard_vs_pinned.py --start 100 --pairs 100 --workers 16 --out hvp2.json
    python bench/hard_vs_pinned.py --merge hvp.json hvp2.json --out all.json

`--new` takes any agent spec (default: the level `hard`); `--budget-new`/`--budget-old` replace
the budgets (small ones to try the bench quickly). Only the project's own dependencies are used.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH))
from bench_agents import _specs, opening, wilson  # noqa: E402

DEFAULT_SEED = 250000  # held out: tuning uses 100000+, the figures 0-499, 9000, the ladder 31000-46000


def searched(g: Any) -> bool:
    """A decision the searches search: more than one legal action, not a routine one."""
    from zxdeck.games.zx.agents.zx_search import is_routine

    return len(g.legal_actions()) > 1 and not is_routine(g)


def make_new(spec: str, seed: int, budget: int | None) -> Any:
    from zxdeck.agents import parse_agent
    from zxdeck.agents.levels import LEVELS

    agent = parse_agent(LEVELS.get(spec, spec)).make(seed)
    if budget is not None:
        agent.budget = budget
    return agent


def make_old(seed: int, budget: int | None) -> Any:
    from pinned_hard import pinned_hard

    return pinned_hard(seed) if budget is None else pinned_hard(seed, budget)


def play(job: tuple[int, int, int, str, int | None, int | None]) -> dict:
    """One game: pair k's opening with the new agent in seat `new_seat`."""
    from zxdeck.engine import Game
    from zxdeck.sim.seeds import agent_seed

    k, new_seat, base, spec, b_new, b_old = job
    seed, d1, d2 = opening(k, base)
    agents: list[Any] = [None, None]
    agents[new_seat] = make_new(spec, agent_seed(seed, new_seat), b_new)
    agents[1 - new_seat] = make_old(agent_seed(seed, 1 - new_seat), b_old)
    g = Game(_specs()[d1], _specs()[d2], seed=seed)
    cpu: list[list[float]] = [[], []]  # searched decisions of seat 0, seat 1
    total = [0.0, 0.0]
    t0 = time.perf_counter()
    while not g.is_over():
        p = g.current_player()
        s = searched(g)
        c = time.process_time()
        a = agents[p].choose(g)
        dt = time.process_time() - c
        total[p] += dt
        if s:
            cpu[p].append(dt)
        g.apply(a)
    new_points = 0.5 if g.winner is None else (1.0 if g.winner == new_seat else 0.0)
    return {"pair": k, "new_seat": new_seat, "seed": seed, "decks": [d1, d2], "new_points": new_points,
            "turns": g.turn, "wall": round(time.perf_counter() - t0, 2),
            "cpu_new": cpu[new_seat], "cpu_old": cpu[1 - new_seat],
            "cpu_game_new": round(total[new_seat], 3), "cpu_game_old": round(total[1 - new_seat], 3)}


def _pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[int(q * (len(xs) - 1))] if xs else 0.0


def summary(games: list[dict], pairs_asked: int) -> dict:
    """The score over the complete pairs (both games finished) and the CPU figures."""
    by_pair: dict[int, list[dict]] = {}
    for r in games:
        by_pair.setdefault(r["pair"], []).append(r)
    done = sorted(k for k, rs in by_pair.items() if len(rs) == 2)
    kept = [r for k in done for r in by_pair[k]]
    n = len(kept)
    points = sum(r["new_points"] for r in kept)
    lo, hi = wilson(points, n)
    split = [sum(r["new_points"] for r in by_pair[k]) for k in done]

    def cpu(key: str) -> dict:
        xs = [x for r in kept for x in r[key]]
        per_game = [r["cpu_game_" + key[4:]] for r in kept]
        return {"decisions": len(xs), "median": round(statistics.median(xs), 4) if xs else None,
                "p95": round(_pct(xs, 0.95), 4), "mean": round(statistics.mean(xs), 4) if xs else None,
                "per_game_mean": round(statistics.mean(per_game), 2) if per_game else None}

    new, old = cpu("cpu_new"), cpu("cpu_old")
    ratio = (new["median"] / old["median"]) if new["median"] and old["median"] else None
    return {"pairs_asked": pairs_asked, "pairs_done": len(done), "games": n, "new_points": points,
            "score": round(points / n, 4) if n else None, "wilson95": [round(lo, 4), round(hi, 4)],
            "pairs_won": sum(1 for s in split if s > 1), "pairs_split": sum(1 for s in split if s == 1),
            "pairs_lost": sum(1 for s in split if s < 1), "cpu_new": new, "cpu_old": old,
            "cpu_median_ratio": round(ratio, 4) if ratio else None}


def write(out: Path, meta: dict, games: list[dict], pairs: int) -> dict:
    s = summary(games, pairs)
    tmp = out.with_name(out.name + ".tmp")
    tmp.write_text(json.dumps({"meta": meta, "summary": s, "games": games}, indent=1) + "\n",
                   encoding="utf-8")
    tmp.replace(out)
    return s


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pairs", type=int, default=100, help="paired openings (2 games each)")
    ap.add_argument("--start", type=int, default=0, help="the first pair (another run's pairs follow)")
    ap.add_argument("--merge", type=Path, nargs="+", metavar="JSON",
                    help="only add up the games of these result files (written to --out)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes")
    ap.add_argument("--seed", type=int, default=DEFAULT_SEED, help="seed of the first opening")
    ap.add_argument("--out", type=Path, required=True, help="the JSON result file")
    ap.add_argument("--max-seconds", type=float, default=0.0,
                    help="stop after this much wall time, keeping the complete pairs (0: no bound)")
    ap.add_argument("--new", default="hard", help="the new agent: a level or an agent spec")
    ap.add_argument("--budget-new", type=int, default=None, help="replace the new agent's budget")
    ap.add_argument("--budget-old", type=int, default=None, help="replace the old agent's budget (800)")
    args = ap.parse_args(argv)
    if args.pairs < 1 or args.workers < 1 or args.start < 0:
        print("hard_vs_pinned: --pairs and --workers must be at least 1, --start at least 0",
              file=sys.stderr)
        return 2
    if args.merge:
        return merge(args.merge, args.out)
    from zxdeck.agents.levels import LEVELS

    meta = {"machine": platform.machine(), "cores": os.cpu_count(), "python": platform.python_version(),
            "new": args.new, "new_spec": LEVELS.get(args.new, args.new), "old": "bench/pinned_hard",
            "budget_new": args.budget_new, "budget_old": args.budget_old, "seed": args.seed,
            "workers": args.workers, "max_seconds": args.max_seconds,
            "started": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())}
    print(f"# {meta['machine']}, {meta['cores']} cores, CPython {meta['python']}; new {meta['new_spec']} "
          f"vs pinned old hard; {args.pairs} pairs from seed {args.seed}, {args.workers} workers",
          flush=True)
    # pair by pair, both seats of a pair next to each other (a stopped run leaves few half pairs)
    jobs = [(k, s, args.seed, args.new, args.budget_new, args.budget_old)
            for k in range(args.start, args.start + args.pairs) for s in (0, 1)]
    games: list[dict] = []
    t0 = time.perf_counter()
    stopped = False
    s = write(args.out, meta, games, args.pairs)
    ctx = mp.get_context("spawn")  # no state shared with the parent; the same on every platform
    pool = ctx.Pool(min(args.workers, len(jobs)))
    try:
        it = pool.imap_unordered(play, jobs)
        for _ in range(len(jobs)):
            left = args.max_seconds - (time.perf_counter() - t0) if args.max_seconds else None
            if left is not None and left <= 0:
                stopped = True
                break
            try:
                r = it.next(timeout=left)
            except mp.TimeoutError:
                stopped = True
                break
            games.append(r)
            s = write(args.out, meta, games, args.pairs)
            who = "new won" if r["new_points"] == 1 else "old won" if r["new_points"] == 0 else "draw"
            print(f"game {len(games)}: pair {r['pair']} seed {r['seed']} {r['decks'][0]} vs {r['decks'][1]}, "
                  f"new as P{r['new_seat'] + 1}: {who} in {r['turns']} turns; CPU median a searched "
                  f"decision new {statistics.median(r['cpu_new']) if r['cpu_new'] else 0:.3f} s, old "
                  f"{statistics.median(r['cpu_old']) if r['cpu_old'] else 0:.3f} s; CPU a game new "
                  f"{r['cpu_game_new']:.1f} s, old {r['cpu_game_old']:.1f} s; wall {r['wall']:.0f} s; "
                  f"score so far {s['new_points']:g}/{s['games']} over {s['pairs_done']} pairs",
                  flush=True)
    finally:
        pool.terminate()
        pool.join()
    meta["wall_seconds"] = round(time.perf_counter() - t0, 1)
    meta["stopped_by_max_seconds"] = stopped
    s = write(args.out, meta, games, args.pairs)
    if stopped:
        print(f"# stopped at --max-seconds {args.max_seconds:g}: {len(games)} games finished, "
              f"{s['pairs_done']} complete pairs kept", flush=True)
    if not s["games"]:
        print("no complete pair", flush=True)
        return 1
    report(s, meta["wall_seconds"], args.out)
    return 0


def merge(files: list[Path], out: Path) -> int:
    """The games of several result files (same seed and agents), each (pair, seat) once."""
    games: dict[tuple[int, int], dict] = {}
    metas = []
    for f in files:
        try:
            data = json.loads(f.read_text(encoding="utf-8"))
            metas.append(data["meta"])
            for r in data["games"]:
                games.setdefault((r["pair"], r["new_seat"]), r)
        except (OSError, ValueError, KeyError, TypeError) as e:
            print(f"hard_vs_pinned: {f}: not a result file of this bench ({e})", file=sys.stderr)
            return 2
    keys = {(m.get("seed"), m.get("new_spec"), m.get("budget_new"), m.get("budget_old")) for m in metas}
    if len(keys) > 1:
        print(f"hard_vs_pinned: the files were played with other seeds or agents: {sorted(map(str, keys))}",
              file=sys.stderr)
        return 2
    meta = dict(metas[0], merged=[str(f) for f in files],
                wall_seconds=round(sum(m.get("wall_seconds", 0.0) for m in metas), 1))
    kept = list(games.values())
    s = write(out, meta, kept, len({k for k, _ in games}))
    if not s["games"]:
        print("no complete pair", flush=True)
        return 1
    report(s, meta["wall_seconds"], out)
    return 0


def report(s: dict, wall: float, out: Path) -> None:
    lo, hi = s["wilson95"]
    n, o = s["cpu_new"], s["cpu_old"]
    print(f"new vs old hard: {s['new_points']:g}/{s['games']} = {100 * s['score']:.1f}% "
          f"[95% Wilson {100 * lo:.1f}-{100 * hi:.1f}] over {s['pairs_done']} pairs "
          f"(pairs won {s['pairs_won']}, split {s['pairs_split']}, lost {s['pairs_lost']})")
    for name, c in (("new", n), ("old", o)):
        print(f"CPU a searched decision, {name}: median {c['median']:.3f} s, p95 {c['p95']:.3f} s, mean "
              f"{c['mean']:.3f} s over {c['decisions']} decisions; CPU a game {c['per_game_mean']:.1f} s")
    print(f"median ratio new/old: {s['cpu_median_ratio']:.3f}; wall {wall:.0f} s; results in {out}",
          flush=True)


if __name__ == "__main__":
    sys.exit(main())
