"""Rules engine speed: random-vs-random decisions/s and games/s on one core, and clone() time.

    python bench/bench_engine.py [--games 300] [--runs 5]
    python bench/bench_engine.py --baseline engine-baseline [--games 300] [--runs 5]
    python bench/bench_engine.py --baseline issue25-baseline [--games 300] [--runs 5]
    python bench/bench_engine.py --baseline issue25-baseline --instructions [--games 20]

Uses the built-in catalog and the example decks (all 25 pairings in turn).
Prints the median of several runs. Targets: >= 20,000 decisions/s, >= 50 games/s,
clone <= 50 microseconds.

With `--baseline REV`, the `zxdeck` package of git revision REV is exported into a
temporary directory and both engines (REV and this working tree) play the SAME games
(same seeds, decks and random agents) in separate processes, one run of each in turn
(the order alternates between runs). The action sequence of every game must be identical
between the two engines (the count of identical games is printed; any difference exits
with status 1). It prints decisions/s, games/s and clone() time of each engine and the
ratio current / baseline (medians over the runs), by wall time and by CPU time (steadier on a
shared machine). REV is any git revision, or a name of `PINNED` (`issue25-baseline`: main as
of f103be2, before issue 25's engine changes), pinned here by its full hash so that it needs no
branch or tag. `--compiled DIR` measures the compiled engine of scripts/build_compiled.py
(in DIR, e.g. build/compiled) instead of this tree's Python one. Both engines read this tree's
`data/cards.yaml` and `examples/decks/`.

With `--instructions` (and `--baseline`), each engine plays the first `--games` games (20 unless
given) once under valgrind's callgrind, and once playing none (the decks loaded and the warm-up
games played in both, as in a timed run: the abilities' compiled tests are made there); the
difference is the instructions those games cost, which does not depend on the machine's load.
It prints both counts and their ratio, and checks that the games are identical.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
COLORS = ("red", "blue", "white", "black", "green")
# pinned baselines by name -> commit (a git revision of that name, if any, is not looked up)
PINNED = {"issue25-baseline": "f103be2561cc973224a5ad12b605006e04b71d60"}


def load_specs() -> dict:
    from zxdeck.catalog import load_catalog
    from zxdeck.deck import read_deck
    from zxdeck.engine.decks import spec_from_deck

    cat = load_catalog(ROOT / "data" / "cards.yaml")
    return {c: spec_from_deck(read_deck(ROOT / "examples" / "decks" / f"{c}.txt", cat)) for c in COLORS}


def run_games(specs: dict, n: int, offset: int, digests: list[str] | None = None,
              cpu: list[float] | None = None) -> tuple[int, int, float]:
    """Play games `offset .. offset+n-1`; with `digests`, append a digest of each game's actions
    (computed after the timing, from `Game.history`); with `cpu`, append the CPU seconds used."""
    from zxdeck.agents.random_agent import RandomAgent
    from zxdeck.engine import Game

    decisions = 0
    games = []
    c0 = time.process_time()
    t0 = time.perf_counter()
    for i in range(n):
        s = offset + i
        g = Game(specs[COLORS[s % 5]], specs[COLORS[(s // 5) % 5]], seed=s)
        agents = (RandomAgent(2 * s), RandomAgent(2 * s + 1))
        while not g.is_over():
            g.apply(agents[g.current_player()].choose(g))
            decisions += 1
        if digests is not None:
            games.append(g)
    dt = time.perf_counter() - t0
    if cpu is not None:
        cpu.append(time.process_time() - c0)
    if digests is not None:
        for g in games:
            h = hashlib.sha1(repr([tuple(a) for a in g.history]).encode())
            h.update(f"|{g.winner}|{g.reason}|{g.turn}".encode())
            digests.append(h.hexdigest())
    return n, decisions, dt


def clone_time(specs: dict, samples: int = 200) -> float:
    """Median clone() time in microseconds over positions taken from random games."""
    from zxdeck.engine import Game
    from zxdeck.engine.rng import Rng

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


def worker(games: int, offset: int, with_clone: bool) -> dict[str, Any]:
    """One timed run in this process (whatever `zxdeck` is first on sys.path)."""
    import zxdeck

    specs = load_specs()
    run_games(specs, 20, 10_000)  # warm up
    digests: list[str] = []
    cpu: list[float] = []
    n, d, dt = run_games(specs, games, offset, digests, cpu)
    out: dict[str, Any] = {"package": str(Path(zxdeck.__file__).parent), "games": n, "decisions": d,
                           "seconds": dt, "cpu_seconds": cpu[0], "digests": digests}
    if with_clone:
        out["clone_us"] = clone_time(specs)
    return out


def export_rev(rev: str, dest: Path) -> str:
    """Export the `zxdeck` package of git revision `rev` (or the commit `PINNED` names) into `dest`;
    returns the full hash."""
    rev = PINNED.get(rev, rev)
    full = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", f"{rev}^{{commit}}"],
                          capture_output=True, text=True)
    if full.returncode != 0:
        sys.exit(f"bench_engine: unknown git revision {rev!r}")
    archive = dest / "rev.tar"
    subprocess.run(["git", "-C", str(ROOT), "archive", "-o", str(archive), full.stdout.strip(), "zxdeck"],
                   check=True)
    with tarfile.open(archive) as tf:
        tf.extractall(dest, filter="data")
    archive.unlink()
    return full.stdout.strip()


def run_worker(pkg_root: Path, games: int, offset: int, with_clone: bool,
               callgrind: Path | None = None) -> dict[str, Any]:
    """Run `worker` in a new process with `pkg_root` first on the path; with `callgrind` (an output
    file), under valgrind's callgrind, with `instructions` added to the result."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(pkg_root)
    env["PYTHONHASHSEED"] = "0"
    cmd = [sys.executable, str(Path(__file__).resolve()), "--worker", "--games", str(games),
           "--offset", str(offset)]
    if with_clone:
        cmd.append("--clone")
    if callgrind is not None:
        cmd = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={callgrind}", *cmd]
    res = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if callgrind is not None and res.returncode == 0:
        found = re.search(r"refs:\s+([\d,]+)", res.stderr)
        if not found:
            sys.exit(f"bench_engine: no instruction count from valgrind:\n{res.stderr[-500:]}")
        data = json.loads(res.stdout)
        data["instructions"] = int(found.group(1).replace(",", ""))
        if Path(data["package"]).resolve() != (pkg_root / "zxdeck").resolve():
            sys.exit(f"bench_engine: worker imported {data['package']}, not {pkg_root / 'zxdeck'}")
        return data
    if res.returncode != 0:
        sys.exit(f"bench_engine: worker for {pkg_root} failed:\n{res.stderr}")
    data = json.loads(res.stdout)
    if Path(data["package"]).resolve() != (pkg_root / "zxdeck").resolve():
        sys.exit(f"bench_engine: worker imported {data['package']}, not {pkg_root / 'zxdeck'}")
    return data


def count_instructions(rev: str, games: int, current: Path = ROOT) -> int:
    """Instructions (valgrind callgrind) of the first `games` games, baseline and current engine."""
    if shutil.which("valgrind") is None:
        sys.exit("bench_engine: --instructions needs valgrind")
    with tempfile.TemporaryDirectory(prefix="zxdeck-baseline-") as tmp:
        full = export_rev(rev, Path(tmp))
        counts: dict[str, int] = {}
        digests: dict[str, list[str]] = {}
        for k, root in (("baseline", Path(tmp)), ("current", current)):
            played = run_worker(root, games, 0, False, Path(tmp) / "cg.out")
            empty = run_worker(root, 0, 0, False, Path(tmp) / "cg.out")
            counts[k] = played["instructions"] - empty["instructions"]
            digests[k] = played["digests"]
            print(f"{k}: {played['decisions']:,} decisions, {counts[k]:,} instructions "
                  f"({played['instructions']:,} - {empty['instructions']:,} playing none)", flush=True)
    same = sum(a == b for a, b in zip(digests["baseline"], digests["current"]))
    print(f"baseline: {rev} ({full[:10]}); current: {'working tree' if current == ROOT else 'compiled copy'} "
          f"{current}")
    print(f"instructions, {games} games: {counts['baseline']:,} -> {counts['current']:,}: "
          f"{counts['baseline'] / counts['current']:.3f}x fewer")
    print(f"identical games: {same}/{games}")
    return 0 if same == games else 1


def compare(rev: str, games: int, runs: int, current: Path = ROOT) -> int:
    with tempfile.TemporaryDirectory(prefix="zxdeck-baseline-") as tmp:
        full = export_rev(rev, Path(tmp))
        engines = {"baseline": Path(tmp), "current": current}
        res: dict[str, list[dict[str, Any]]] = {"baseline": [], "current": []}
        same = total = 0
        differ: list[int] = []
        for r in range(runs):
            order = ("baseline", "current") if r % 2 == 0 else ("current", "baseline")
            out = {k: run_worker(engines[k], games, r * games, with_clone=True) for k in order}
            for k in order:
                res[k].append(out[k])
            for i, (a, b) in enumerate(zip(out["baseline"]["digests"], out["current"]["digests"])):
                total += 1
                if a == b:
                    same += 1
                else:
                    differ.append(r * games + i)
            print(f"run {r + 1}/{runs}: " + ", ".join(
                f"{k} {out[k]['decisions'] / out[k]['seconds']:,.0f} decisions/s" for k in ("baseline", "current")),
                flush=True)

    def med(k: str, f: Any) -> float:
        return statistics.median(f(x) for x in res[k])

    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"Python {platform.python_version()} ({platform.python_implementation()})")
    print(f"baseline: {rev} ({full[:10]}); current: {'working tree' if current == ROOT else 'compiled copy'} "
          f"{current}")
    print(f"random vs random, {games} games x {runs} runs, interleaved (median):")
    print(f"{'':16}{'baseline':>10}{'current':>12}{'ratio':>8}")
    for label, f in (("decisions/s", lambda x: x["decisions"] / x["seconds"]),
                     ("games/s", lambda x: x["games"] / x["seconds"]),
                     ("decisions/cpu-s", lambda x: x["decisions"] / x["cpu_seconds"])):
        b, c = med("baseline", f), med("current", f)
        print(f"{label:16}{b:>10,.1f}{c:>12,.1f}{c / b:>7.2f}x")
    for label, key in (("per-run ratio", "seconds"), ("per-run cpu", "cpu_seconds")):
        ratios = [b[key] / c[key] for b, c in zip(res["baseline"], res["current"])]
        print(f"{label:16}{'':22}{statistics.median(ratios):>7.2f}x  "
              f"(runs: {', '.join(f'{x:.2f}' for x in ratios)})")
    b, c = med("baseline", lambda x: x["clone_us"]), med("current", lambda x: x["clone_us"])
    print(f"{'clone() us':16}{b:>10.1f}{c:>12.1f}{c / b:>7.2f}x")
    if os.getloadavg()[0] > 1.5:
        print(f"note: load average {os.getloadavg()[0]:.1f} (shared machine); the CPU-time figures are steadier")
    print(f"identical games: {same}/{total}")
    if differ:
        print(f"DIFFERENT GAMES (action sequences differ): seeds {differ[:20]}"
              f"{' ...' if len(differ) > 20 else ''}", file=sys.stderr)
        return 1
    return 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=None, help="games a run (300; 20 with --instructions)")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--baseline", metavar="REV", help="compare with the engine of git revision REV")
    ap.add_argument("--compiled", metavar="DIR", type=Path,
                    help="with --baseline: measure the engine built by scripts/build_compiled.py in DIR")
    ap.add_argument("--instructions", action="store_true",
                    help="with --baseline: count instructions under valgrind (--games defaults to 20)")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--offset", type=int, default=0, help=argparse.SUPPRESS)
    ap.add_argument("--clone", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.games is None:
        args.games = 20 if args.instructions else 300
    if args.worker:
        print(json.dumps(worker(args.games, args.offset, args.clone)))
        return
    if args.instructions:
        if not args.baseline:
            ap.error("--instructions needs --baseline REV")
        sys.exit(count_instructions(args.baseline, args.games,
                                    args.compiled.resolve() if args.compiled else ROOT))
    if args.baseline:
        sys.exit(compare(args.baseline, args.games, args.runs,
                         args.compiled.resolve() if args.compiled else ROOT))
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
