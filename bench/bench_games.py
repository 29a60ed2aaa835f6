"""Every game's computer players side by side: random games per second and normal's cost a decision.

    python bench/bench_games.py [--games 200] [--normal-games 10] [--runs 3] [--game zx --game moz]

For each game (every game of `zxdeck.games.GAMES` unless `--game` names some), on its example
decks with the built-in catalog (Z/X: examples/decks/*.txt, the 25 ordered pairings; MOZ:
examples/moz/*.txt, the 16 ordered pairings), game s has seed s and the pairing s mod P:

- `random` on both seats: games (matches) per second, decisions per second, and the same per
  CPU-second of this process (steadier on a shared machine);
- `normal` on both seats (the game's `normal` level; a game without one: its `heuristic`):
  decisions per CPU-second, and its CPU cost a decision against random's (the ratio).

The games and the agents run in turn, one batch of each per run (Z/X random, MOZ random, Z/X
normal, MOZ normal, then again), so a shared machine's load falls on all of them alike; the
figures are medians over the runs. The last lines give MOZ's random games per second against
Z/X's (the ratio of the two medians). Everything is one process, one core; budgets are counts,
so the same seeds play the same games on any machine.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def example_decks(game: str) -> list[Any]:
    """The example decks of `game` read with its built-in catalog, in file-name order."""
    if game == "zx":
        from zxdeck.catalog import load_catalog
        from zxdeck.deck import read_deck
        from zxdeck.engine.decks import spec_from_deck

        cat = load_catalog(ROOT / "data" / "cards.yaml")
        colors = ("red", "blue", "white", "black", "green")  # bench_engine.py's order
        return [spec_from_deck(read_deck(ROOT / "examples" / "decks" / f"{c}.txt", cat)) for c in colors]
    if game == "moz":
        from zxdeck.games.moz.catalog.loader import open_catalog
        from zxdeck.games.moz.deck.parse import load_deck

        catalog = open_catalog(None)
        return [load_deck(p, catalog) for p in sorted((ROOT / "examples" / "moz").glob("*.txt"))]
    sys.exit(f"bench_games: no example decks known for game {game!r} (add them to example_decks)")


def normal_spec(game: str) -> str:
    """The game's `normal` level, or its `heuristic` agent where it has no levels."""
    from zxdeck.games import adapter

    names = adapter(game).agent_names()
    return "normal" if "normal" in names else "heuristic"


class Bench:
    """One game's decks, adapter and agents."""

    def __init__(self, game: str) -> None:
        from zxdeck.games import adapter

        self.game = game
        self.adapter = adapter(game)
        self.decks = example_decks(game)
        n = len(self.decks)
        self.pairings = [(i, j) for i in range(n) for j in range(n)]
        self.normal = normal_spec(game)

    def play(self, spec: str, first: int, count: int) -> tuple[int, int, float, float]:
        """Games `first .. first+count-1` with `spec` on both seats: (games, decisions, wall s, CPU s)."""
        maker = self.adapter.parse_agent(spec)
        limit = self.adapter.default_turn_limit
        decisions = 0
        c0 = time.process_time()
        t0 = time.perf_counter()
        for s in range(first, first + count):
            i, j = self.pairings[s % len(self.pairings)]
            g = self.adapter.new_game(self.decks[i], self.decks[j], s, limit)
            agents = (maker.make(2 * s + 1), maker.make(2 * s + 2))
            while not g.is_over():
                g.apply(agents[g.current_player()].choose(g))
                decisions += 1
        return count, decisions, time.perf_counter() - t0, time.process_time() - c0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200, help="random games a game a run")
    ap.add_argument("--normal-games", type=int, default=10, help="normal-vs-normal games a game a run")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--game", action="append", help="only these games (repeatable; default: all)")
    args = ap.parse_args()
    if min(args.games, args.normal_games, args.runs) < 1:
        sys.exit("bench_games: --games, --normal-games and --runs must be at least 1")
    from zxdeck.games import GAMES

    keys = args.game or list(GAMES)
    unknown = [k for k in keys if k not in GAMES]
    if unknown:
        sys.exit(f"bench_games: unknown game {unknown[0]!r} (games: {', '.join(GAMES)})")
    benches = [Bench(k) for k in keys]
    for b in benches:  # warm up (imports, caches)
        b.play("random", 10_000, 5)
        b.play(b.normal, 10_000, 1)
    res: dict[tuple[str, str], list[tuple[int, int, float, float]]] = {}
    for r in range(args.runs):
        for kind in ("random", "normal"):
            for b in benches:
                spec = "random" if kind == "random" else b.normal
                n = args.games if kind == "random" else args.normal_games
                res.setdefault((b.game, kind), []).append(b.play(spec, r * n, n))
        print(f"run {r + 1}/{args.runs} done", file=sys.stderr, flush=True)

    def med(game: str, kind: str, f: Any) -> float:
        return statistics.median(f(x) for x in res[(game, kind)])

    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"Python {platform.python_version()} ({platform.python_implementation()}); "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"{args.runs} runs; a run: {args.games} random-vs-random and {args.normal_games} "
          f"normal-vs-normal games a game (medians over the runs)")
    head = ("game", "random games/s", "games/CPU-s", "decisions/CPU-s", "decisions/game",
            "normal", "normal decisions/CPU-s", "normal/random CPU a decision")
    rows = []
    for b in benches:
        g = b.game
        r_dcpu = med(g, "random", lambda x: x[1] / x[3])
        n_dcpu = med(g, "normal", lambda x: x[1] / x[3])
        rows.append((g, f"{med(g, 'random', lambda x: x[0] / x[2]):,.1f}",
                     f"{med(g, 'random', lambda x: x[0] / x[3]):,.1f}", f"{r_dcpu:,.0f}",
                     f"{med(g, 'random', lambda x: x[1] / x[0]):,.0f}", b.normal, f"{n_dcpu:,.0f}",
                     f"{r_dcpu / n_dcpu:,.1f}x"))
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(head)]
    print("  ".join(h.rjust(w) for h, w in zip(head, widths)))
    for row in rows:
        print("  ".join(c.rjust(w) for c, w in zip(row, widths)))
    if "zx" in keys:
        zx_wall = med("zx", "random", lambda x: x[0] / x[2])
        zx_cpu = med("zx", "random", lambda x: x[0] / x[3])
        for b in benches:
            if b.game != "zx":
                wall = med(b.game, "random", lambda x: x[0] / x[2]) / zx_wall
                cpu = med(b.game, "random", lambda x: x[0] / x[3]) / zx_cpu
                print(f"{b.game} random games/s against zx's: {wall:.2f}x (wall), {cpu:.2f}x (CPU)")


if __name__ == "__main__":
    main()
