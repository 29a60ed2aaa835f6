"""`zxdeck sim` speed: parallel speed-up, Ray against local processes, and the machinery's overhead.

    python bench/bench_sim.py [--games 2000] [--runs 3] [--overhead-games 400] [--no-ray]
                              [--only overhead|jobs|ray]

1. `zxdeck sim red blue -n GAMES --jobs 2` against `--jobs 1` (whole commands, greedy vs
   greedy): the speed-up (target >= 1.7 on 2 cores).
2. `--backend ray` at 2 workers against `local` at 2 jobs (target: at most 25 % slower):
   whole commands with a Ray started by the command, whole commands connecting to a running
   Ray (`ray start --head --num-cpus 2` and RAY_ADDRESS, as on a cluster), and the run's own
   time (`timing.seconds` of the JSON: from the first chunk, without Ray's start-up).
3. The sim machinery in one process (`run_matches`, inline) against a bare loop of
   `play_game` over the same games (target: at most 5 % overhead).

Each comparison runs its two sides alternately (A B A B ...) and reports the median of the
per-pair ratios, so that a shared, noisy machine disturbs both sides alike. It prints the
machine and the load average, and checks that the compared runs gave the same games.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RED, BLUE = (str(ROOT / "examples" / "decks" / f"{c}.txt") for c in ("red", "blue"))


def machine() -> str:
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg()) if hasattr(os, "getloadavg") else "?"
    return (f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
            f"{platform.python_implementation()} {platform.python_version()} "
            f"({' '.join(platform.python_build())}), {platform.system()} {platform.release()}; "
            f"load average {load}")


CPU: dict[str, list[float]] = {}


def sim(games: int, *extra: str, env: dict | None = None) -> tuple[float, dict]:
    """Wall time of one whole `zxdeck sim` command and its JSON; its CPU time (the command and
    its worker processes; not Ray's workers, which Ray starts) goes to CPU[extra]."""
    cmd = [sys.executable, "-m", "zxdeck", "sim", RED, BLUE, "-n", str(games), "--seed", "1",
           "--format", "json", *extra]
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU.setdefault(" ".join(extra), []).append(after.ru_utime + after.ru_stime - before.ru_utime
                                               - before.ru_stime)
    if r.returncode != 0:
        raise SystemExit(f"failed: {' '.join(cmd)}\n{r.stderr}")
    return wall, json.loads(r.stdout)


def same(a: dict, b: dict) -> bool:
    return {k: v for k, v in a.items() if k != "timing"} == {k: v for k, v in b.items() if k != "timing"}


def paired(runs: int, first, second) -> list[tuple[float, float]]:
    out = []
    for _ in range(runs):
        out.append((first(), second()))
    return out


def report(title: str, pairs: list[tuple[float, float]], what: str) -> float:
    ratios = [b / a for a, b in pairs]
    med = statistics.median(ratios)
    print(f"{title}")
    for a, b in pairs:
        print(f"    {a:7.2f} s  {b:7.2f} s   {what} {b / a:.3f}")
    print(f"    median {what}: {med:.3f}")
    return med


def bench_jobs(games: int, runs: int) -> None:
    results: dict[str, dict] = {}

    def one(jobs: str):
        def run() -> float:
            wall, data = sim(games, "--jobs", jobs)
            if jobs in results and not same(results[jobs], data):
                raise SystemExit("different results for the same run")
            results[jobs] = data
            return wall
        return run

    pairs = paired(runs, one("2"), one("1"))
    assert same(results["1"], results["2"]), "--jobs 1 and --jobs 2 gave different results"
    report(f"1. {games} greedy games, whole command: --jobs 2 | --jobs 1", pairs, "speed-up")
    cpu1, cpu2 = statistics.median(CPU["--jobs 1"]), statistics.median(CPU["--jobs 2"])
    print(f"    CPU time (command and workers), median: --jobs 1 {cpu1:.2f} s, --jobs 2 {cpu2:.2f} s: "
          f"on 2 idle cores the speed-up would be at most {2 * cpu1 / cpu2:.2f}")


def bench_ray(games: int, runs: int) -> None:
    try:
        import ray  # noqa: F401
    except ImportError:
        print("2. skipped: Ray is not installed (pip install 'zxdeck[ray]')")
        return
    seen: dict[str, dict] = {}

    def run(name: str, *extra: str, env: dict | None = None):
        def go() -> float:
            wall, data = sim(games, "--jobs", "2", *extra, env=env)
            seen[name] = data
            inner[name].append(data["timing"]["seconds"])
            return wall
        return go

    inner: dict[str, list[float]] = {"local": [], "ray": [], "ray-running": []}
    pairs = paired(runs, run("local"), run("ray", "--backend", "ray"))
    report(f"2a. {games} games, whole command: local --jobs 2 | ray, 2 workers, started by the "
           "command", pairs, "ray/local")
    ray_bin = shutil.which("ray") or str(Path(sys.executable).with_name("ray"))
    tmp = tempfile.mkdtemp(prefix="zxdeck-bench-ray-")
    started = subprocess.run([ray_bin, "start", "--head", "--num-cpus", "2", "--include-dashboard",
                              "false", f"--temp-dir={tmp}"], capture_output=True, text=True)
    if started.returncode != 0:
        print(f"2b. skipped: ray start failed: {started.stderr.strip()[-200:]}")
        return
    try:
        env = {**os.environ, "RAY_ADDRESS": "auto"}
        pairs = paired(runs, run("local"), run("ray-running", "--backend", "ray", env=env))
        report(f"2b. {games} games, whole command: local --jobs 2 | ray, 2 workers, connecting to "
               "a running Ray", pairs, "ray/local")
    finally:
        subprocess.run([ray_bin, "stop", "--force"], capture_output=True)
        shutil.rmtree(tmp, ignore_errors=True)
    assert same(seen["local"], seen["ray"]) and same(seen["local"], seen["ray-running"]), \
        "ray and local gave different results"
    n = min(len(inner["local"]), len(inner["ray-running"]))
    report("2c. the run's own time (timing.seconds, without start-up): local --jobs 2 | ray, "
           "running Ray", list(zip(inner["local"][-n:], inner["ray-running"][:n])), "ray/local")


def bench_overhead(games: int, runs: int) -> None:
    from zxdeck.agents import parse_agent
    from zxdeck.agents.match import play_game
    from zxdeck.catalog import load_catalog
    from zxdeck.sim import Match, run_matches
    from zxdeck.sim.backends import InlineBackend
    from zxdeck.sim.core import seats
    from zxdeck.sim.seeds import first_seat, game_seed
    from zxdeck.sim.zx import load_deck, sim_contest

    cat = load_catalog(ROOT / "data" / "cards.yaml")
    a, b = load_deck(RED, cat), load_deck(BLUE, cat)
    greedy = parse_agent("greedy")
    contest = sim_contest(a, b, greedy, greedy, 100)
    specs = {"a": a.spec, "b": b.spec}
    winners: dict[str, list] = {}

    def bare() -> float:
        t0 = time.perf_counter()
        out = []
        for i in range(games):
            seed = game_seed(1, i)
            p1, p2 = (specs[s] for s in seats(i))
            g = play_game(p1, p2, ("greedy", "greedy"), seed=seed, first=first_seat(1, i))
            out.append(g.winner)
        winners["bare"] = out
        return time.perf_counter() - t0

    def machinery() -> float:
        t0 = time.perf_counter()
        out: list = []
        run_matches([Match(contest, 1, games)], InlineBackend(),
                    on_records=lambda m, recs: out.extend(r["seats"].index(r["winner"])
                                                          if r["winner"] else None for r in recs))
        winners["sim"] = out
        return time.perf_counter() - t0

    pairs = paired(runs, bare, machinery)
    assert winners["bare"] == winners["sim"], "the machinery played other games than the bare loop"
    report(f"3. {games} greedy games in one process: bare play_game loop | run_matches (inline)",
           pairs, "sim/bare")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--runs", type=int, default=3, help="pairs of runs per comparison")
    ap.add_argument("--overhead-games", type=int, default=400)
    ap.add_argument("--no-ray", action="store_true")
    ap.add_argument("--only", choices=["overhead", "jobs", "ray"], help="run one comparison")
    args = ap.parse_args()
    print(f"machine: {machine()}")
    if args.only in (None, "overhead"):
        bench_overhead(args.overhead_games, max(args.runs, 5))
    if args.only in (None, "jobs"):
        bench_jobs(args.games, args.runs)
    if args.only in (None, "ray") and not args.no_ray:
        bench_ray(args.games, args.runs)
    print(f"machine after: {machine()}")


if __name__ == "__main__":
    main()
