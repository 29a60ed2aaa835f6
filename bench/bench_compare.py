"""Engine speed of two source trees, measured paired (A B A B ...) on a shared machine.

    python bench/bench_compare.py /path/to/tree_A /path/to/tree_B [--rounds 5] [--games 150] [--agent random]

Each round runs, in a fresh interpreter per tree (PYTHONPATH set to the tree), the same
workload: games between two `--agent` agents (random or greedy) over the 25 pairings of the
tree's example decks (decisions/s, the agents included), then the median time of `Game.clone()` over positions
taken from those games. Rounds alternate the trees so that a change in the machine's load
hits both; times are the process's CPU time (time.process_time), which other processes on
a shared machine disturb less than wall time. The medians over the rounds are printed with
the ratio B / A.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
from pathlib import Path

WORKER = r"""
import json, statistics, sys, time
from pathlib import Path
from zxdeck.agents import make_agent
from zxdeck.catalog import load_catalog
from zxdeck.deck import read_deck
from zxdeck.engine import Game
from zxdeck.engine.decks import spec_from_deck

games = int(sys.argv[1])
agent = sys.argv[2]
colors = ("red", "blue", "white", "black", "green")
cat = load_catalog(Path("data/cards.yaml"))
specs = [spec_from_deck(read_deck(Path("examples/decks") / f"{c}.txt", cat)) for c in colors]

def play(seed, keep=None):
    g = Game(specs[seed % 5], specs[(seed // 5) % 5], seed=seed)
    agents = (make_agent(agent, 2 * seed), make_agent(agent, 2 * seed + 1))
    n = 0
    while not g.is_over():
        if keep is not None and n == 40:
            keep.append(g.clone())
        g.apply(agents[g.current_player()].choose(g))
        n += 1
    return n

for s in range(10):
    play(10_000 + s)  # warm up
t0 = time.process_time()
decisions = sum(play(s) for s in range(games))
dps = decisions / (time.process_time() - t0)
positions = []
for s in range(20):
    play(500 + s, positions)
times = []
for _ in range(5):
    for g in positions:
        t0 = time.process_time()
        for _ in range(1000):
            g.clone()
        times.append((time.process_time() - t0) / 1000 * 1e6)
print(json.dumps({"dps": dps, "clone_us": statistics.median(times), "decisions": decisions}))
"""


def run(tree: Path, games: int, agent: str) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    out = subprocess.run([sys.executable, "-c", WORKER, str(games), agent], cwd=tree, env=env,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a", type=Path)
    ap.add_argument("b", type=Path)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--agent", default="random", choices=("random", "greedy"))
    args = ap.parse_args()
    res: dict[str, list[dict]] = {"a": [], "b": []}
    for r in range(args.rounds):
        order = ("a", "b") if r % 2 == 0 else ("b", "a")
        for k in order:
            res[k].append(run(getattr(args, k).resolve(), args.games, args.agent))
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cpus, "
          f"Python {platform.python_version()} ({platform.python_implementation()})")
    print(f"{args.rounds} rounds, {args.games} {args.agent}-vs-{args.agent} games each, trees alternated")
    med = {}
    for k in ("a", "b"):
        dps = [x["dps"] for x in res[k]]
        cl = [x["clone_us"] for x in res[k]]
        med[k] = (statistics.median(dps), statistics.median(cl))
        print(f"  {k.upper()} {getattr(args, k)}: decisions/s {med[k][0]:,.0f} "
              f"(runs {', '.join(f'{x:,.0f}' for x in dps)}), clone {med[k][1]:.1f} us "
              f"(runs {', '.join(f'{x:.1f}' for x in cl)}), {res[k][0]['decisions']} decisions")
    print(f"  B / A: decisions/s {med['b'][0] / med['a'][0]:.3f}, clone {med['b'][1] / med['a'][1]:.3f}")


if __name__ == "__main__":
    main()
