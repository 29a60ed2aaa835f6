"""Cost of `--card-stats` over a plain `sim` (target: at most 10 %).

Plays the same games (same seeds, decks and agents) in this process, with and without the
game's card events, alternating the two several times, and prints the median time of each and
the overhead. The games are the same either way (the records agree but for `cards`), which the
script checks too.

Usage: python bench/bench_card_stats.py [--game zx|moz] [--games 200] [--runs 5] [--ai greedy]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from zxdeck.sim.core import Contest, Side, play_one

ROOT = Path(__file__).resolve().parents[1]


def contests(game: str, ai: str) -> tuple[Contest, Contest]:
    from zxdeck.games import adapter

    rules = adapter(game)
    if game == "zx":
        from zxdeck.catalog import load_catalog
        from zxdeck.games.zx.sim import load_deck

        cat = load_catalog(ROOT / "data" / "cards.yaml")
        a, b = (load_deck(str(ROOT / "examples" / "decks" / f"{c}.txt"), cat) for c in ("red", "blue"))
        agent = rules.parse_agent(ai or "greedy")
        limit = 100
    else:
        from zxdeck.games.moz.catalog.loader import open_catalog

        cat = open_catalog(None)
        a, b = (rules.load_deck(str(ROOT / "examples" / "moz" / f"{n}.txt"), cat)
                for n in ("dusk_minus", "shell_dragons"))
        agent = rules.parse_agent(ai or "heuristic")
        limit = 400
    sides = (Side("a", a.setup, agent), Side("b", b.setup, agent))
    return (Contest(rules.factory(limit), *sides),
            Contest(rules.factory(limit), *sides, cards=rules.card_events()))


def timed(contest: Contest, games: int) -> tuple[float, list[dict]]:
    t0 = time.perf_counter()
    records = [play_one(contest, 1, i) for i in range(games)]
    return time.perf_counter() - t0, records


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=["zx", "moz"], default="zx")
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--ai", default="")
    args = ap.parse_args()
    plain, watched = contests(args.game, args.ai)
    times: dict[str, list[float]] = {"plain": [], "card-stats": []}
    for _ in range(args.runs):
        t, r0 = timed(plain, args.games)
        times["plain"].append(t)
        t, r1 = timed(watched, args.games)
        times["card-stats"].append(t)
        assert [{k: v for k, v in r.items() if k != "cards"} for r in r1] == r0, "not the same games"
    p, c = statistics.median(times["plain"]), statistics.median(times["card-stats"])
    print(f"{args.game}, {args.games} games x {args.runs} runs (median): plain {p:.3f} s, "
          f"--card-stats {c:.3f} s, overhead {100 * (c - p) / p:+.1f} %")


if __name__ == "__main__":
    main()
