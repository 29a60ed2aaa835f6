"""The agent ladder of docs/AI.md: pairings played with `zxdeck tournament --agents`, Elo-style
ratings (Bradley-Terry) over all of them, and the table written into docs/AI.md.

Every pairing is one or more runs of the real command, one per deck (every agent plays
the same deck; the five example decks in turn), each with paired seats:

    zxdeck tournament --agents A,B --deck examples/decks/D.txt -n N --seed S --jobs 1 --format json

Pairings between fast agents get `--games` games, pairings with a slow one (`hard`,
`mcts...`) `--slow-games` (the machine is shared: say so, and read the intervals). Results
are kept in `--results` (JSON, one entry per pairing and deck), so the ladder can be built
in several sittings or in parallel processes (`--only A/B C/D ...`); `--write-docs` rebuilds
the table between the markers `<!-- ladder:begin -->` and `<!-- ladder:end -->` of
docs/AI.md from every result in the file. The seeds (from 31000) are apart from those the
evaluation was tuned on (100000 and up) and from bench_agents.py's (0-499).

    python bench/ladder.py --games 40 --slow-games 10 --write-docs
    python bench/ladder.py --only hard/heuristic mcts:200/heuristic --slow-games 20 --write-docs
    python bench/ladder.py --only hard/heuristic --rounds 10 --seed 41000
"""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "AI.md"
RESULTS = ROOT / "bench" / "ladder-results.json"
BEGIN, END = "<!-- ladder:begin -->", "<!-- ladder:end -->"
COLORS = ("red", "blue", "white", "black", "green")
# The guided search and the UCB1 tree at equal CPU a searched decision (0.15 and 0.16 s at the
# median, `bench/bench_levels.py --agent`, docs/PERFORMANCE.md).
GUIDED_150 = "mcts:budget=150,horizon=1,search=halving,width=4"
UCB_125 = "mcts:budget=125,search=ucb"
ENTRANTS = ("random", "greedy-v1", "heuristic", "easy", "normal", "hard", "mcts:50", "mcts:200",
            GUIDED_150, UCB_125)
SLOW = ("hard", "mcts")
# The pairings of the ladder: every fast pair at --games, and each slow agent against a few
# anchors at --slow-games; the last one compares the guided search with the UCB1 tree at equal
# CPU a decision.
PAIRINGS = (
    ("heuristic", "greedy-v1"), ("heuristic", "random"), ("greedy-v1", "random"),
    ("easy", "random"), ("easy", "heuristic"), ("normal", "greedy-v1"), ("normal", "random"),
    ("easy", "normal"),
    ("hard", "heuristic"), ("hard", "random"), ("hard", "greedy-v1"),
    ("mcts:50", "greedy-v1"), ("mcts:50", "heuristic"), ("mcts:200", "heuristic"),
    ("mcts:200", "greedy-v1"), (GUIDED_150, UCB_125),
)


def slow(name: str) -> bool:
    return any(name == s or name.startswith(s + ":") for s in SLOW)


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    ph = wins / n
    den = 1 + z * z / n
    centre = (ph + z * z / (2 * n)) / den
    half = z * math.sqrt(ph * (1 - ph) / n + z * z / (4 * n * n)) / den
    return centre - half, centre + half


def run_pairing(a: str, b: str, deck: str, games: int, seed: int) -> dict:
    """One tournament run: A's points against B on `deck`."""
    cmd = [sys.executable, "-m", "zxdeck", "tournament", "--agents", f"{a},{b}", "--deck",
           str(ROOT / "examples" / "decks" / f"{deck}.txt"), "-n", str(games), "--seed", str(seed),
           "--jobs", "1", "--format", "json"]
    t0, c0 = time.perf_counter(), os.times()
    out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=ROOT).stdout
    c1 = os.times()
    data = json.loads(out)
    from zxdeck.agents import parse_agent

    names = data["entrants"]
    i, j = (names.index(x) if x in names else names.index(parse_agent(x).label) for x in (a, b))
    n = data["games"][i][j]
    return {"a": a, "b": b, "deck": deck, "seed": seed, "games": n,
            "points": round(data["matrix"][i][j] * n, 3), "wall": round(time.perf_counter() - t0, 1),
            "cpu": round(c1.children_user + c1.children_system - c0.children_user - c0.children_system, 1)}


def load(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else []


def totals(results: list[dict]) -> dict[tuple[str, str], list[float]]:
    """(a, b) -> [a's points, games, cpu seconds], over every deck."""
    out: dict[tuple[str, str], list[float]] = {}
    for r in results:
        t = out.setdefault((r["a"], r["b"]), [0.0, 0, 0.0])
        t[0] += r["points"]
        t[1] += r["games"]
        t[2] += r.get("cpu", 0.0)
    return out


def table(results: list[dict], note: str) -> str:
    from zxdeck.sim.stats import bradley_terry

    tot = totals(results)
    names = [e for e in ENTRANTS if any(e in k for k in tot)]
    names += sorted({x for k in tot for x in k} - set(names))
    # The ratings need a connected set of pairings: they are fitted over the largest group of
    # agents linked by pairings played; the others are listed apart (their pairings are below).
    group = {n: n for n in names}

    def root(n: str) -> str:
        while group[n] != n:
            n = group[n]
        return n

    for a, b in tot:
        group[root(a)] = root(b)
    size: dict[str, int] = {}
    for (a, _b), (_, n, _) in tot.items():
        size[root(a)] = size.get(root(a), 0) + int(n)
    main = max(size, key=lambda r: size[r])
    apart = [n for n in names if root(n) != main]
    names = [n for n in names if root(n) == main]
    idx = {n: i for i, n in enumerate(names)}
    k = len(names)
    points = [[0.0] * k for _ in range(k)]
    games = [[0] * k for _ in range(k)]
    for (a, b), (p, n, _) in tot.items():
        if a not in idx:
            continue
        i, j = idx[a], idx[b]
        points[i][j] += p
        points[j][i] += n - p
        games[i][j] += n
        games[j][i] += n
    ratings = bradley_terry(points, games)
    order = sorted(range(k), key=lambda i: -ratings[i][0])
    lines = [note, "", "| rank | agent | rating | 95 % interval | games |", "|---|---|---|---|---|"]
    for r, i in enumerate(order, 1):
        rt, se = ratings[i]
        lines.append(f"| {r} | `{names[i]}` | {rt:+.0f} | {rt - 1.96 * se:+.0f} .. {rt + 1.96 * se:+.0f} "
                     f"| {sum(games[i])} |")
    if apart:
        lines += ["", "Not rated (played only among themselves, so not on the same scale): "
                  + ", ".join(f"`{n}`" for n in apart) + "."]
    lines += ["", "| pairing | won by the first | games | win % | 95 % interval | CPU s |",
              "|---|---|---|---|---|---|"]
    for (a, b), (p, n, cpu) in tot.items():
        lo, hi = wilson(p, int(n))
        lines.append(f"| `{a}` vs `{b}` | {p:g} | {n} | {100 * p / n:.1f} | {100 * lo:.1f}-{100 * hi:.1f} "
                     f"| {cpu:.0f} |")
    return "\n".join(lines)


def write_docs(text: str) -> None:
    doc = DOC.read_text(encoding="utf-8")
    if BEGIN not in doc or END not in doc:
        raise SystemExit(f"{DOC}: no {BEGIN} ... {END} markers")
    head, rest = doc.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    DOC.write_text(head + BEGIN + "\n" + text + "\n" + END + tail, encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=40, help="games of a pairing of fast agents (all decks)")
    ap.add_argument("--slow-games", type=int, default=10, help="games of a pairing with hard or mcts")
    ap.add_argument("--decks", default=",".join(COLORS), help="the decks, in turn")
    ap.add_argument("--seed", type=int, default=31000, help="master seed (+ the deck's index)")
    ap.add_argument("--only", nargs="+", metavar="A/B", help="play only these pairings")
    ap.add_argument("--results", type=Path, default=RESULTS, help="the results kept between runs")
    ap.add_argument("--write-docs", action="store_true", help="rebuild the table in docs/AI.md")
    ap.add_argument("--no-play", action="store_true", help="only rebuild the table from --results")
    ap.add_argument("--rounds", type=int, default=0,
                    help="play each pairing in rounds instead: every deck 2 games (seats paired) a "
                         "round, seed = --seed + 10 x round + the deck's index (a run stopped "
                         "early still covers the decks evenly)")
    args = ap.parse_args()
    decks = args.decks.split(",")
    pairings = [tuple(p.split("/", 1)) for p in args.only] if args.only else list(PAIRINGS)
    results = load(args.results)
    if not args.no_play:
        print(f"# {platform.machine()}, {os.cpu_count()} cores, CPython {platform.python_version()}, "
              f"{datetime.date.today()}", flush=True)
        for a, b in pairings:
            n = args.slow_games if slow(a) or slow(b) else args.games
            per = max(2, 2 * math.ceil(n / len(decks) / 2))  # paired seats: an even number a deck
            runs = [(decks[d], args.seed + d) for d in range(min(len(decks), math.ceil(n / per)))]
            if args.rounds:
                per = 2
                runs = [(deck, args.seed + 10 * r + d) for r in range(args.rounds)
                        for d, deck in enumerate(decks)]
            for deck, seed in runs:
                if any(r["a"] == a and r["b"] == b and r["deck"] == deck and r["seed"] == seed
                       for r in load(args.results)):
                    continue
                r = run_pairing(a, b, deck, per, seed)
                results = load(args.results) + [r]  # another process may have added some
                args.results.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
                print(f"{a} vs {b} on {deck}: {r['points']:g}/{r['games']} (wall {r['wall']} s, "
                      f"CPU {r['cpu']} s)", flush=True)
    text = table(load(args.results), "Written by `python bench/ladder.py --no-play --write-docs` "
                 "from the runs kept in `bench/ladder-results.json` (commands below).")
    print(text)
    if args.write_docs:
        write_docs(text)


if __name__ == "__main__":
    main()
