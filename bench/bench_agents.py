"""Computer players against each other: win rates with paired seeds, beginner symptoms, speed.

Every opening (a seed and an ordered pair of the five example decks, all 25 pairings in
turn) is played twice with the agents' seats swapped, so deck order and the coin flip
cancel out. Win rates (draws count half) come with a 95 % Wilson interval. For each
agent it counts the beginner symptoms of issue 9:

- battle: battle event step decisions (B-3) where something besides passing was
  playable, and how many of them it played something in;
- replace: Z/X played onto its own rebooted Z/X (L-4), and how many of those replaced
  one at least as strong (printed power of the newcomer <= current power of the old);
- idle: main phases it ended (P-5) while an attack was legal, and while an attack on
  the player or one that destroys its target alone was legal.

`--speed` plays the same openings with `random` on both seats and with the agent on both
seats, alternating (A B A B ...), and reports the decisions per second of each and
their ratio (the median of the per-opening ratios; the machine may be shared: read the
ratio).

    python bench/bench_agents.py --pairs 500 heuristic:greedy-v1 heuristic:random
    python bench/bench_agents.py --pairs 200 --speed heuristic
"""

from __future__ import annotations

import argparse
import math
import multiprocessing as mp
import platform
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COLORS = ("red", "blue", "white", "black", "green")
_SPECS: dict = {}


def _specs() -> dict:
    if not _SPECS:
        from zxdeck.catalog import load_catalog
        from zxdeck.deck import read_deck
        from zxdeck.engine.decks import spec_from_deck

        cat = load_catalog(ROOT / "data" / "cards.yaml")
        for c in COLORS:
            _SPECS[c] = spec_from_deck(read_deck(ROOT / "examples" / "decks" / f"{c}.txt", cat))
    return _SPECS


def opening(k: int, base_seed: int) -> tuple[int, str, str]:
    """Opening k: its game seed and decks (the 25 ordered pairings in turn)."""
    return base_seed + k, COLORS[k % 5], COLORS[(k // 5) % 5]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    ph = wins / n
    den = 1 + z * z / n
    centre = (ph + z * z / (2 * n)) / den
    half = z * math.sqrt(ph * (1 - ph) / n + z * z / (4 * n * n)) / den
    return centre - half, centre + half


def _observe(g, p: int, action, sym: Counter) -> None:
    """Count the symptoms of player p's decision `action` in `g` (before it is applied)."""
    from zxdeck.engine import PLAYER

    d = g.decision
    kind = d[0]
    if kind == "battle":
        if len(g.legal_actions()) > 1:
            sym["battle_playable"] += 1
            if action.kind != "pass":
                sym["battle_used"] += 1
    elif kind == "main":
        if action.kind == "play" and action.b >= 0:
            cur = g.squares[action.b]
            if cur >= 0 and g.owner[cur] == p:
                sym["replace"] += 1
                if g.cards[action.a].power <= g.power(cur):
                    sym["replace_not_weaker"] += 1
        elif action.kind == "end":
            sym["main_phases"] += 1
            attacks = [a for a in g.legal_actions() if a.kind == "attack"]
            if attacks:
                sym["idle_any"] += 1
                useful = any(a.b == PLAYER or g.power(a.a) >= g.power(a.b) - g.damage.get(a.b, 0)
                             for a in attacks)
                if useful:
                    sym["idle_useful"] += 1
    sym["decisions"] += 1


def play_pair(args: tuple[int, str, str, int]) -> dict:
    """Opening k played twice, agent A first in seat 0 then in seat 1. Returns A's points and
    both agents' symptoms."""
    from zxdeck.agents import make_agent
    from zxdeck.agents.match import agent_seed
    from zxdeck.engine import Game

    k, a_name, b_name, base_seed = args
    seed, d1, d2 = opening(k, base_seed)
    specs = _specs()
    points = 0.0
    draws = 0
    sym = {a_name + "#A": Counter(), b_name + "#B": Counter()}
    keys = (a_name + "#A", b_name + "#B")
    turns = []
    for a_seat in (0, 1):
        names = [a_name, b_name] if a_seat == 0 else [b_name, a_name]
        owner = [0, 1] if a_seat == 0 else [1, 0]  # seat -> index into keys
        agents = [make_agent(names[s], agent_seed(seed, s)) for s in (0, 1)]
        g = Game(specs[d1], specs[d2], seed=seed)
        while not g.is_over():
            p = g.current_player()
            act = agents[p].choose(g)
            _observe(g, p, act, sym[keys[owner[p]]])
            g.apply(act)
        turns.append(g.turn)
        if g.winner is None:
            points += 0.5
            draws += 1
        elif g.winner == a_seat:
            points += 1.0
    return {"k": k, "points": points, "draws": draws, "sym": sym, "turns": turns}


def run_match(a: str, b: str, pairs: int, base_seed: int, workers: int) -> dict:
    jobs = [(k, a, b, base_seed) for k in range(pairs)]
    t0 = time.perf_counter()
    if workers > 1:
        with mp.Pool(workers) as pool:
            results = list(pool.imap_unordered(play_pair, jobs, chunksize=4))
    else:
        results = [play_pair(j) for j in jobs]
    wall = time.perf_counter() - t0
    points = sum(r["points"] for r in results)
    draws = sum(r["draws"] for r in results)
    games = 2 * pairs
    sym: dict[str, Counter] = {}
    for r in results:
        for key, c in r["sym"].items():
            sym.setdefault(key, Counter()).update(c)
    turns = [t for r in results for t in r["turns"]]
    return {"a": a, "b": b, "games": games, "points": points, "draws": draws,
            "rate": points / games, "ci": wilson(points, games), "sym": sym, "wall": wall,
            "turns": statistics.fmean(turns)}


def _pct(n: int, d: int) -> str:
    return f"{n}/{d} ({100 * n / d:.0f}%)" if d else f"{n}/0"


def print_match(r: dict) -> None:
    lo, hi = r["ci"]
    print(f"{r['a']} vs {r['b']}: {r['points']:g}/{r['games']} = {100 * r['rate']:.1f}% "
          f"[95% CI {100 * lo:.1f}-{100 * hi:.1f}], draws {r['draws']}, "
          f"mean turns {r['turns']:.1f}, wall {r['wall']:.0f} s")
    for key, c in r["sym"].items():
        name = key.split("#")[0]
        print(f"  {name:>10}: battle step used {_pct(c['battle_used'], c['battle_playable'])}; "
              f"replaced own rebooted Z/X {c['replace']} (by one not stronger: {c['replace_not_weaker']}); "
              f"main phases ended with an attack legal {_pct(c['idle_any'], c['main_phases'])}, "
              f"with a player/destroying attack legal {_pct(c['idle_useful'], c['main_phases'])}")
    sys.stdout.flush()


def _selfplay(name: str, k: int, base_seed: int) -> tuple[int, float, float]:
    """Opening k with `name` on both seats: (decisions, wall seconds, CPU seconds of this process)."""
    from zxdeck.agents import make_agent
    from zxdeck.agents.match import agent_seed
    from zxdeck.engine import Game

    seed, d1, d2 = opening(k, base_seed)
    specs = _specs()
    agents = [make_agent(name, agent_seed(seed, s)) for s in (0, 1)]
    n = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    g = Game(specs[d1], specs[d2], seed=seed)
    while not g.is_over():
        g.apply(agents[g.current_player()].choose(g))
        n += 1
    return n, time.perf_counter() - t0, time.process_time() - c0


def run_speed(name: str, pairs: int, base_seed: int) -> dict:
    """Decisions/s of `name` and of `random` in self-play over the same openings, alternating
    (random, agent, random, agent...) so that a shared machine's load falls on both alike."""
    _selfplay("random", 0, base_seed + 10_000)  # warm up
    _selfplay(name, 0, base_seed + 10_000)
    ratios = []
    tot = {"random": [0, 0.0, 0.0], name: [0, 0.0, 0.0]}
    for k in range(pairs):
        for who in ("random", name):
            n, wall, cpu = _selfplay(who, k, base_seed)
            t = tot[who]
            t[0] += n
            t[1] += wall
            t[2] += cpu
            if who == "random":
                r_dps = n / wall
            else:
                ratios.append((n / wall) / r_dps)
    r, a = tot["random"], tot[name]
    return {"name": name, "games": pairs, "random_dps": r[0] / r[1], "agent_dps": a[0] / a[1],
            "ratio": (a[0] / a[1]) / (r[0] / r[1]), "cpu_ratio": (a[0] / a[2]) / (r[0] / r[2]),
            "median_ratio": statistics.median(ratios), "random_decisions": r[0], "agent_decisions": a[0]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("matches", nargs="*", default=["heuristic:greedy-v1", "heuristic:random"],
                    help="A:B pairs of agent names (default: heuristic:greedy-v1 heuristic:random)")
    ap.add_argument("--pairs", type=int, default=500, help="openings per match (2 games each)")
    ap.add_argument("--seed", type=int, default=0, help="seed of the first opening")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--speed", metavar="AGENT", help="measure AGENT's decisions/s against random's")
    args = ap.parse_args()
    print(f"# {platform.processor() or platform.machine()}, {mp.cpu_count()} cores, "
          f"{platform.python_implementation()} {platform.python_version()}; "
          f"{args.pairs} openings x 2 seats; seeds from {args.seed}")
    if args.speed:
        s = run_speed(args.speed, args.pairs, args.seed)
        print(f"speed over {s['games']} openings, self-play on both seats, alternating: "
              f"random {s['random_dps']:.0f} decisions/s ({s['random_decisions']} decisions), "
              f"{s['name']} {s['agent_dps']:.0f} decisions/s ({s['agent_decisions']} decisions)")
        print(f"{s['name']}/random decisions/s: {s['ratio']:.2f} (wall), {s['cpu_ratio']:.2f} (CPU time), "
              f"median of the per-opening ratios {s['median_ratio']:.2f}")
        return
    for m in args.matches:
        a, b = m.split(":")
        print_match(run_match(a, b, args.pairs, args.seed, args.workers))


if __name__ == "__main__":
    main()
