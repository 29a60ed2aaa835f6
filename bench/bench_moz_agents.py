"""MOZ computer players against each other: win rates with paired seeds.

Every seed is played twice with the seats swapped (same decks, same engine seed), so the
seat and the deck cancel out; seed s plays the pairing s mod P of the P pairings of the decks
(every pair of decks, a deck against itself included). Ties count half. The decks are the MOZ example decks
(examples/moz/*.txt, read with the built-in catalog; `--decks fixture`: the engine tests'
fixture decks). A 95 % Wilson interval comes with each rate.

    python bench/bench_moz_agents.py --pairs 250 heuristic:random mcts:100:random
"""

from __future__ import annotations

import argparse
import math
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))


def decks(which: str) -> list[list]:
    """The example decks (examples/moz/*.txt with the built-in catalog) or the fixture decks."""
    if which == "examples":
        from zxdeck.games.moz.catalog import open_catalog
        from zxdeck.games.moz.deck import load_deck

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


def play(a: str, b: str, d1: list, d2: list, seed: int) -> int | None:
    from zxdeck.games.moz.agents import make_agent
    from zxdeck.games.moz.engine import Game

    g = Game(d1, d2, seed=seed, record=False)
    agents = [make_agent(a, seed * 2 + 1), make_agent(b, seed * 2 + 2)]
    while not g.is_over():
        g.apply(agents[g.current_player()].choose(g))
    return g.winner


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("matchups", nargs="+", help="A:B agent specs, e.g. heuristic:random or mcts:100:random")
    ap.add_argument("--pairs", type=int, default=100, help="seeds per matchup (each played twice)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--decks", choices=["examples", "fixture"], default="examples")
    args = ap.parse_args()
    pool = decks(args.decks)
    pairings = [(i, j) for i in range(len(pool)) for j in range(i, len(pool))]
    print(f"# {platform.node()} {platform.python_implementation()} {platform.python_version()} "
          f"({platform.machine()}); {len(pool)} {args.decks} decks, {len(pairings)} pairings, "
          f"seeds {args.seed}..{args.seed + args.pairs - 1}")
    for m in args.matchups:
        tokens = m.split(":")
        k = 2 if len(tokens) > 2 and tokens[1].isdigit() else 1
        a, b = ":".join(tokens[:k]), ":".join(tokens[k:])
        score = 0.0
        n = 0
        t = time.process_time()
        for s in range(args.seed, args.seed + args.pairs):
            i, j = pairings[s % len(pairings)]
            d1, d2 = pool[i], pool[j]
            for swap in (False, True):
                w = play(b, a, d1, d2, s) if swap else play(a, b, d1, d2, s)
                me = 1 if swap else 0
                score += 1.0 if w == me else 0.5 if w is None else 0.0
                n += 1
        lo, hi = wilson(score, n)
        print(f"{a} vs {b}: {score:g}/{n} = {score / n:.3f} [{lo:.3f}, {hi:.3f}]  "
              f"({time.process_time() - t:.1f} s CPU)")


if __name__ == "__main__":
    main()
