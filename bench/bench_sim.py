"""`zxdeck sim` speed: parallel speed-up, Ray against local processes, and the machinery's overhead.

    python bench/bench_sim.py [--games 2000] [--runs 3] [--overhead-games 400] [--no-ray]
                              [--only overhead|jobs|ray|phases] [--keep-warm SECONDS]

1. `zxdeck sim red blue -n GAMES --jobs 2` against `--jobs 1` (whole commands, greedy vs
   greedy): the speed-up (target >= 1.7 on 2 cores).
2. `--backend ray` at 2 workers against `local` at 2 jobs (target: at most 25 % slower):
   whole commands with a Ray started by the command; connecting to a running Ray
   (`ray start --head --num-cpus 2` and RAY_ADDRESS, as on a cluster), first with new Ray
   worker processes for each command, then with the warm pool (ZXDECK_RAY_KEEP_WARM, after
   one command that starts it); and the run's own time (`timing.seconds` of the JSON: from
   the first chunk, without Ray's start-up).
   `--only phases` (not in the default) times the phases of one run in-process instead:
   driver start-up, import ray, ray.init, putting the decks, the warm pool, the first
   chunk's round trip (worker start, imports, fetching the decks), the games, the end.
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


class RunningRay:
    """A Ray head started for the benchmark (`ray start --head --block` in its own session),
    stopped by ending that command, never by `ray stop` (which ends every Ray on the machine)."""

    def __init__(self, cpus: int = 2) -> None:
        ray_bin = shutil.which("ray") or str(Path(sys.executable).with_name("ray"))
        self.tmp = tempfile.mkdtemp(prefix="zxdeck-bench-ray-")
        # Ray >= 2.59 starts local clusters with token authentication: drivers need the mode too
        self.env = {**os.environ, "RAY_AUTH_MODE": os.environ.get("RAY_AUTH_MODE", "token")}
        self.proc = subprocess.Popen([ray_bin, "start", "--head", "--block", "--num-cpus", str(cpus),
                                      "--port", "0", "--include-dashboard", "false",
                                      f"--temp-dir={self.tmp}"], env=self.env,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                     start_new_session=True)
        current = Path(self.tmp, "ray_current_cluster")
        for _ in range(600):
            if current.exists() and current.read_text().strip():
                break
            if self.proc.poll() is not None:
                raise RuntimeError(f"ray start failed: {self.proc.stderr.read().decode()[-300:]}")
            time.sleep(0.1)
        self.env["RAY_ADDRESS"] = current.read_text().strip()
        time.sleep(3)  # the raylet and its agents

    def stop(self) -> None:
        self.proc.terminate()  # --block: ends the processes it started
        try:
            self.proc.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, 9)
            self.proc.wait()
        shutil.rmtree(self.tmp, ignore_errors=True)


def bench_ray(games: int, runs: int, keep_warm: float) -> None:
    try:
        import ray  # noqa: F401
    except ImportError:
        print("2. skipped: Ray is not installed (pip install 'zxdeck[ray]')")
        return
    seen: dict[str, dict] = {}
    inner: dict[str, list[float]] = {}

    def run(name: str, *extra: str, env: dict | None = None):
        def go() -> float:
            wall, data = sim(games, "--jobs", "2", *extra, env=env)
            if not same(seen.setdefault("local", data), data):
                raise SystemExit(f"{name} gave other results than local")
            inner.setdefault(name, []).append(data["timing"]["seconds"])
            return wall
        return go

    local_env = {k: v for k, v in os.environ.items() if k not in ("RAY_ADDRESS",)}
    local_env.pop("ZXDECK_RAY_KEEP_WARM", None)
    pairs = paired(runs, run("local", env=local_env), run("ray", "--backend", "ray", env=local_env))
    report(f"2a. {games} games, whole command: local --jobs 2 | ray, 2 workers, Ray started by the "
           "command", pairs, "ray/local")
    head = RunningRay()
    try:
        env = {**head.env, "ZXDECK_RAY_KEEP_WARM": "0"}
        pairs = paired(runs, run("local", env=local_env), run("running", "--backend", "ray", env=env))
        report(f"2b. {games} games, whole command: local --jobs 2 | ray, 2 workers, connecting to "
               "a running Ray (new Ray worker processes for each command)", pairs, "ray/local")
        warm_env = {**head.env, "ZXDECK_RAY_KEEP_WARM": str(keep_warm)}
        first = run("warm-first", "--backend", "ray", env=warm_env)()
        print(f"2c. first command with ZXDECK_RAY_KEEP_WARM={keep_warm:g} (starts the pool): "
              f"{first:.2f} s")
        pairs = paired(runs, run("local", env=local_env), run("warm", "--backend", "ray", env=warm_env))
        report(f"2c. {games} games, whole command: local --jobs 2 | ray, 2 workers, running Ray, "
               f"warm pool (ZXDECK_RAY_KEEP_WARM={keep_warm:g})", pairs, "ray/local")
    finally:
        head.stop()
    for name in ("ray", "running", "warm"):
        n = min(len(inner["local"]), len(inner[name]))
        report(f"2d. the run's own time (timing.seconds, without start-up): local --jobs 2 | {name}",
               list(zip(inner["local"][:n], inner[name][:n])), "ray/local")


PHASES_OF = "--phases-of"


def phases_run(mode: str, games: int) -> None:
    """One run in this process with each phase timed (a JSON line on stdout): driver start-up
    (imports, catalog and decks), `RayBackend.open` (import ray, ray.init, put, warm pool), the
    first chunk's round trip (worker start, imports, fetching the decks), the games, the end."""
    t0 = time.perf_counter()
    from zxdeck.agents import parse_agent
    from zxdeck.catalog import load_catalog
    from zxdeck.sim.backends import ProcessBackend, RayBackend
    from zxdeck.sim.core import Match
    from zxdeck.sim.runner import Scheduler
    from zxdeck.sim.stats import Tally
    from zxdeck.sim.zx import load_deck, sim_contest

    cat = load_catalog(ROOT / "data" / "cards.yaml")
    greedy = parse_agent("greedy")
    matches = [Match(sim_contest(load_deck(RED, cat), load_deck(BLUE, cat), greedy, greedy, 100),
                     1, games)]
    out: dict[str, float] = {"driver start-up": time.perf_counter() - t0}
    backend = ProcessBackend(2) if mode == "local" else RayBackend(2)
    t = time.perf_counter()
    backend.open(matches)
    out["open"] = time.perf_counter() - t
    out.update(getattr(backend, "phases", {}))
    first: list[float] = []
    plain = backend.result

    def result(handle, chunk):
        res = plain(handle, chunk)
        if not first:
            first.append(time.perf_counter() - t1 - res.seconds)
        return res

    backend.result = result  # type: ignore[method-assign]
    closing = backend.close
    ends: list[float] = []

    def close() -> None:
        c = time.perf_counter()
        closing()
        ends.append(time.perf_counter() - c)

    backend.close = close  # type: ignore[method-assign]
    t1 = time.perf_counter()
    outcome = Scheduler(matches, backend, [Tally()]).run()
    assert outcome.status == "complete"
    out["first chunk back, less its games"] = first[0]
    out["run (scheduler, with close)"] = time.perf_counter() - t1
    out["close"] = ends[0]
    out["total"] = time.perf_counter() - t0
    print(json.dumps(out))


def bench_phases(games: int, runs: int, keep_warm: float) -> None:
    """Where the seconds of a Ray run go, against local processes (medians of `runs`)."""
    try:
        import ray  # noqa: F401
    except ImportError:
        print("phases: skipped, Ray is not installed")
        return

    def one(mode: str, env: dict) -> dict[str, float]:
        r = subprocess.run([sys.executable, __file__, PHASES_OF, mode, "--games", str(games)],
                           capture_output=True, text=True, env=env, cwd=ROOT)
        if r.returncode != 0:
            raise SystemExit(f"phases of {mode} failed:\n{r.stderr[-2000:]}")
        return json.loads(r.stdout.strip().splitlines()[-1])

    local_env = {k: v for k, v in os.environ.items() if k != "RAY_ADDRESS"}
    local_env.pop("ZXDECK_RAY_KEEP_WARM", None)
    results: dict[str, list[dict[str, float]]] = {}
    head = RunningRay()
    try:
        envs = {"local": local_env, "ray started by the run": local_env,
                "running Ray": {**head.env, "ZXDECK_RAY_KEEP_WARM": "0"}}
        for _ in range(runs):
            for name, env in envs.items():
                results.setdefault(name, []).append(one("local" if name == "local" else "ray", env))
        # last: the warm pool holds its CPUs while it waits, the runs above would wait for it
        warm = {**head.env, "ZXDECK_RAY_KEEP_WARM": str(keep_warm)}
        results["warm pool, first run"] = [one("ray", warm)]
        for _ in range(runs):
            results.setdefault("running Ray, warm pool", []).append(one("ray", warm))
    finally:
        head.stop()
    print(f"phases of one {games}-game run, 2 workers (seconds, median of {runs}):")
    keys: list[str] = []
    for rows in results.values():
        keys += [k for k in rows[0] if k not in keys]
    names = list(results)
    print(f"    {'phase':34}" + "".join(f"{n:>23}" for n in names))
    for k in keys:
        cells = []
        for n in names:
            vals = [r[k] for r in results[n] if k in r]
            cells.append(f"{statistics.median(vals):23.3f}" if vals else f"{'':>23}")
        print(f"    {k:34}" + "".join(cells))


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
    ap.add_argument("--only", choices=["overhead", "jobs", "ray", "phases"],
                    help="run one comparison (phases: where a Ray run's seconds go; not in the default)")
    ap.add_argument("--keep-warm", type=float, default=120.0,
                    help="ZXDECK_RAY_KEEP_WARM of the warm-pool runs (seconds)")
    ap.add_argument(PHASES_OF, dest="phases_of", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.phases_of:
        phases_run(args.phases_of, args.games)
        return
    print(f"machine: {machine()}")
    if args.only in (None, "overhead"):
        bench_overhead(args.overhead_games, max(args.runs, 5))
    if args.only in (None, "jobs"):
        bench_jobs(args.games, args.runs)
    if args.only in (None, "ray") and not args.no_ray:
        bench_ray(args.games, args.runs, args.keep_warm)
    if args.only == "phases":
        bench_phases(args.games, args.runs, args.keep_warm)
    print(f"machine after: {machine()}")


if __name__ == "__main__":
    main()
