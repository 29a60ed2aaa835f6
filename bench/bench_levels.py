"""Seconds a decision of the `hard` level (the guided search, `mcts search=halving`) by budget.

Plays `--games` openings (a seed and an ordered pair of the five example decks, as in
bench_agents.py) of the search at each budget against `heuristic`, seats alternating, and
times each of the search's decisions that has more than one legal action: wall-clock and
CPU time of this process (CPU time does not depend on the other work of a shared machine;
wall-clock time is what a person waits). Routine decisions (paying, igniting...: left to
the heuristic, see zxdeck/agents/mcts.py) are reported apart. The budget of `hard`
(`HARD_BUDGET` in zxdeck/agents/levels.py) is the one near 1 s a decision.

    python bench/bench_levels.py --games 2 --budgets 400,800

`--agent` times another search the same way (its budget replaced by each of `--budgets`), e.g.
the UCB1 tree, to find the budgets of equal time a decision:

    python bench/bench_levels.py --games 4 --budgets 100,200 --agent mcts:search=ucb

`--pinned` times the level `hard` at its own settings and the frozen copy of the old one
(bench/pinned_hard/, the guided search at 800 playouts) on the same openings, game by game in
turn (so the load of a shared machine falls on both alike), and prints the ratio of their
median CPU a searched decision (issue 25's target: at most 1/4):

    python bench/bench_levels.py --games 2 --pinned
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_agents import _specs, opening  # noqa: E402


def timed_game(k: int, budget: int | None, base_seed: int,
               agent: str = "hard") -> tuple[list[tuple[float, float]], list[float], float]:
    """Opening k, the search (`agent`, a level or an agent spec, at `budget`; `pinned`: the old
    `hard` of bench/pinned_hard/; budget None: the agent's own) against heuristic:
    (wall, cpu) of each searched decision, the wall time of each routine one, and the CPU
    time of all the search's decisions of the game."""
    from zxdeck.agents import parse_agent
    from zxdeck.agents.heuristic import HeuristicAgent
    from zxdeck.agents.levels import LEVELS
    from zxdeck.agents.match import agent_seed
    from zxdeck.agents.mcts import ROUTINE
    from zxdeck.engine import Game

    seed, d1, d2 = opening(k, base_seed)
    seat = k % 2
    agents: list = [None, None]
    if agent == "pinned":
        from pinned_hard import pinned_hard

        agents[seat] = pinned_hard(agent_seed(seed, seat))
    else:
        agents[seat] = parse_agent(LEVELS.get(agent, agent)).make(agent_seed(seed, seat))
    if budget is not None:
        agents[seat].budget = budget
    agents[1 - seat] = HeuristicAgent(agent_seed(seed, 1 - seat))
    g = Game(_specs()[d1], _specs()[d2], seed=seed)
    searched: list[tuple[float, float]] = []
    routine: list[float] = []
    total = 0.0
    while not g.is_over():
        p = g.current_player()
        if p == seat and len(g.legal_actions()) > 1:
            d = g.decision
            easy = d is not None and (d[0] in ROUTINE or d[0] == "pick" and d[2] in ROUTINE)
            t, c = time.perf_counter(), time.process_time()
            a = agents[p].choose(g)
            wall, cpu = time.perf_counter() - t, time.process_time() - c
            total += cpu
            if easy:
                routine.append(wall)
            else:
                searched.append((wall, cpu))
        else:
            a = agents[p].choose(g)
        g.apply(a)
    return searched, routine, total


def _line(name: str, searched: list[tuple[float, float]], routine: list[float], total: float,
          games: int) -> float:
    cpus = sorted(c for _, c in searched)
    n = len(cpus)
    med = statistics.median(cpus)
    print(f"{name}: {n} searched decisions ({n / games:.0f} a game), CPU s/decision median {med:.3f} "
          f"p95 {cpus[int(0.95 * (n - 1))]:.3f} mean {statistics.mean(cpus):.3f}, wall median "
          f"{statistics.median(sorted(w for w, _ in searched)):.3f}; routine {len(routine)}; CPU of all "
          f"its decisions {total / games:.1f} s a game", flush=True)
    return med


def compare_pinned(games: int, base_seed: int) -> None:
    from zxdeck.agents.levels import LEVELS

    print(f"# {platform.machine()}, CPython {platform.python_version()}; hard = {LEVELS['hard']} "
          f"against the pinned old hard (800 playouts), {games} games each, openings from seed "
          f"{base_seed}, in turn", flush=True)
    got: dict[str, tuple[list, list, list]] = {"hard": ([], [], [0.0]), "pinned": ([], [], [0.0])}
    for k in range(games):
        for name in ("hard", "pinned"):
            s, r, t = timed_game(k, None, base_seed, name)
            got[name][0].extend(s)
            got[name][1].extend(r)
            got[name][2][0] += t
    meds = {name: _line("new hard" if name == "hard" else "old hard (pinned)", s, r, t[0], games)
            for name, (s, r, t) in got.items()}
    print(f"median CPU a searched decision, new/old: {meds['hard'] / meds['pinned']:.3f}", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--budgets", default="400,800")
    ap.add_argument("--seed", type=int, default=9000, help="seed of the first opening")
    ap.add_argument("--agent", default="hard", help="a level or an mcts agent spec (default: hard)")
    ap.add_argument("--pinned", action="store_true",
                    help="time hard at its own settings against the old hard (bench/pinned_hard/)")
    args = ap.parse_args()
    if args.pinned:
        compare_pinned(args.games, args.seed)
        return
    print(f"# {platform.machine()}, CPython {platform.python_version()}; {args.agent}, {args.games} games "
          f"a budget, openings from seed {args.seed}")
    for b in (int(x) for x in args.budgets.split(",")):
        searched: list[tuple[float, float]] = []
        routine: list[float] = []
        total = 0.0
        for k in range(args.games):
            s, r, t = timed_game(k, b, args.seed, args.agent)
            searched += s
            routine += r
            total += t
        walls = sorted(w for w, _ in searched)
        cpus = sorted(c for _, c in searched)
        n = len(walls)
        print(f"budget {b}: {n} searched decisions ({n / args.games:.0f} a game), s/decision wall "
              f"median {statistics.median(walls):.2f} p95 {walls[int(0.95 * (n - 1))]:.2f}, CPU median "
              f"{statistics.median(cpus):.2f} p95 {cpus[int(0.95 * (n - 1))]:.2f}; routine decisions "
              f"{len(routine)}, wall median {statistics.median(routine) if routine else 0:.3f}; CPU of all "
              f"its decisions {total / args.games:.1f} s a game",
              flush=True)


if __name__ == "__main__":
    main()
