"""Results of `sim` and `tournament` as JSON objects (INTERFACES.md section 6), tables and CSV.

Every field but `timing` depends only on the games, so it is the same for any
--jobs, any backend, and after a resume.
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Sequence
from typing import Any

from zxdeck.csvsafe import writer as csv_writer
from zxdeck.sim.runner import RunOutcome
from zxdeck.sim.stats import Tally, bradley_terry, counter_stats, histogram, wilson

Z95_ELO = 1.959963984540054


def _r(x: float | None, digits: int = 4) -> float | None:
    return None if x is None else round(x, digits)


def _rate(wins: float, games: int) -> float | None:
    return round(wins / games, 4) if games else None


def timing(outcome: RunOutcome | None, backend: str, workers: int) -> dict[str, Any]:
    """What varies from run to run: kept apart so the rest can be compared byte for byte."""
    if outcome is None:
        return {"seconds": 0.0, "games_per_second": None, "played": 0, "backend": backend,
                "workers": workers}
    return {"seconds": round(outcome.seconds, 3),
            "games_per_second": round(outcome.played / outcome.seconds, 1) if outcome.seconds else None,
            "played": outcome.played, "backend": backend, "workers": workers}


def _side(t: Tally, s: str, entry: dict[str, Any]) -> dict[str, Any]:
    other = "b" if s == "a" else "a"
    first, second = t.first[s], t.second[s]
    points = t.wins[s] + t.draws / 2
    return {
        "deck": entry["deck"], "agent": entry["agent_label"], "wins": t.wins[s],
        "losses": t.wins[other], "win_rate": _rate(points, t.games),
        "first": {"games": first[0], "wins": first[1], "win_rate": _rate(first[1], first[0])},
        "second": {"games": second[0], "wins": second[1], "win_rate": _rate(second[1], second[0])},
        "lost_by": dict(sorted(t.lost_by[s].items())),
        **({"rounds": {
            "first": {"rounds": t.rounds_first[s][0], "wins": t.rounds_first[s][1],
                      "win_rate": _rate(t.rounds_first[s][1], t.rounds_first[s][0])},
            "second": {"rounds": t.rounds_second[s][0], "wins": t.rounds_second[s][1],
                       "win_rate": _rate(t.rounds_second[s][1], t.rounds_second[s][0])},
        }} if t.rounds else {}),
    }


def rounds_summary(tallies: Iterable[Tally]) -> dict[str, Any] | None:
    """For a game that chooses the first player every round (MOZ, by speed): the rounds, how many had
    their first player chosen by speed, and how the round's first player did; None otherwise."""
    rounds = by_speed = tied = first_won = 0
    for t in tallies:
        rounds += t.rounds
        by_speed += t.rounds_by_speed
        tied += t.rounds_tied
        first_won += t.rounds_first["a"][1] + t.rounds_first["b"][1]
    if not rounds:
        return None
    return {"rounds": rounds, "by_speed": by_speed, "coin_flip": rounds - by_speed, "ties": tied,
            "first_wins": first_won, "first_win_rate": _rate(first_won, rounds),
            "second_wins": rounds - tied - first_won}


def _rounds_line(r: dict[str, Any]) -> str:
    return (f"Rounds: {r['rounds']} (first player by speed in {r['by_speed']}, by a coin flip on equal "
            f"speed in {r['coin_flip']}).\nThe round's first player won {r['first_wins']} of {r['rounds']} "
            f"rounds ({_pct(r['first_win_rate'])} %), the second {r['second_wins']}, ties {r['ties']}.")


def agent_label(agent: dict[str, Any]) -> str:
    """The spec string of a manifest's agent entry (`AgentSpec.to_json`)."""
    return str(agent.get("spec") or agent.get("name"))


def sim_result(tally: Tally, manifest: dict[str, Any], outcome: RunOutcome | None,
               backend: str = "local", workers: int = 1) -> dict[str, Any]:
    """The JSON object of `zxdeck sim --format json`."""
    entries = {s: {"deck": manifest[s]["deck"], "agent_label": agent_label(manifest[s]["agent"])}
               for s in ("a", "b")}
    lo, hi = tally.interval()
    first_games = tally.first["a"][0] + tally.first["b"][0]
    first_wins = tally.first["a"][1] + tally.first["b"][1]
    requested = manifest["games"]
    complete = outcome is None or outcome.status == "complete"
    return {
        "games": tally.games, "draws": tally.draws,
        "a": _side(tally, "a", entries["a"]), "b": _side(tally, "b", entries["b"]),
        "win_rate": _r(tally.win_rate()), "interval": [_r(lo), _r(hi)],
        "first": {"games": first_games, "wins": first_wins, "win_rate": _rate(first_wins, first_games)},
        **({"rounds": rs} if (rs := rounds_summary([tally])) is not None else {}),
        "reasons": dict(sorted(tally.reasons.items())),
        "turns": {**counter_stats(tally.turns), "histogram": histogram(tally.turns)},
        "decisions": counter_stats(tally.decisions),
        "seed": manifest["seed"], "requested": requested, "precision": manifest.get("precision"),
        "complete": complete, "stopped_early": complete and tally.games < requested,
        "manifest": manifest,
        "timing": timing(outcome, backend, workers),
    }


def without_timing(result: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in result.items() if k != "timing"}


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}"


def render_sim(result: dict[str, Any]) -> str:
    """The human report of a sim run."""
    from tabulate import tabulate

    a, b = result["a"], result["b"]
    lines = [f"{a['deck']} ({a['agent']}) vs {b['deck']} ({b['agent']}): {result['games']} games "
             f"(paired seats), seed {result['seed']}"]
    if not result["complete"]:
        lines[0] += f", stopped after {result['games']} of {result['requested']}"
    elif result["stopped_early"]:
        lines[0] += f", precision {result['precision']} reached (of {result['requested']})"
    lo, hi = result["interval"]
    if result["games"]:
        lines.append(f"A win rate {_pct(result['win_rate'])} % (95 % interval {_pct(lo)}-{_pct(hi)} %), "
                     f"draws {result['draws']}")
    rows = []
    by_round = "rounds" in result  # the first player is chosen every round (MOZ): count rounds
    for tag, side in (("A", a), ("B", b)):
        lost = ", ".join(f"{k} {v}" for k, v in side["lost_by"].items()) or "-"
        first, second = (side["rounds"]["first"], side["rounds"]["second"]) if by_round else \
            (side["first"], side["second"])
        unit = "rounds" if by_round else "games"
        rows.append([tag, side["deck"], side["agent"], side["wins"], _pct(side["win_rate"]),
                     f"{first['wins']}/{first[unit]}", f"{second['wins']}/{second[unit]}", lost])
    heads = ["rounds won first", "rounds won second"] if by_round else ["won first", "won second"]
    lines.append(tabulate(rows, ["", "deck", "agent", "wins", "win %", *heads, "lost by"],
                          tablefmt="simple", disable_numparse=True))
    if by_round:
        lines.append(_rounds_line(result["rounds"]))
    else:
        f = result["first"]
        lines.append(f"The player going first won {f['wins']} of {f['games']} games ({_pct(f['win_rate'])} %).")
    ends = ", ".join(f"{k} {v}" for k, v in result["reasons"].items())
    lines.append(f"Games ended by: {ends or '-'}")
    t, d = result["turns"], result["decisions"]
    if result["games"]:
        lines.append(f"Turns: mean {t['mean']}, median {t['median']}, min {t['min']}, max {t['max']}")
        most = max(row[2] for row in t["histogram"]) or 1
        for lo_t, hi_t, n in t["histogram"]:
            label = f"{lo_t}" if lo_t == hi_t else f"{lo_t}-{hi_t}"
            lines.append(f"  {label:>7} | {'#' * round(30 * n / most):<30} {n}")
        lines.append(f"Decisions per game: mean {d['mean']}, median {d['median']}, "
                     f"min {d['min']}, max {d['max']}")
    tm = result["timing"]
    rate = f", {tm['games_per_second']} games/s" if tm["games_per_second"] else ""
    lines.append(f"Time: {tm['seconds']:.1f} s for {tm['played']} games{rate} "
                 f"({tm['workers']} worker{'s' if tm['workers'] != 1 else ''}, {tm['backend']})")
    return "\n".join(lines)


CSV_FIELDS = ["index", "seed", "a_seat", "first", "winner", "reason", "turns", "decisions"]


def games_csv(records: Iterable[dict[str, Any]], match: bool = False) -> str:
    """One row per game (sim --format csv)."""
    buf = io.StringIO()
    w = csv_writer(buf, lineterminator="\n")  # names stay text (csvsafe)
    w.writerow((["match"] if match else []) + CSV_FIELDS)
    for r in records:
        row = [r["index"], r["seed"], r["seats"].index("a") + 1, r["first"] or "",
               r["winner"] or "", r["reason"], r["turns"], r["decisions"]]
        w.writerow(([r.get("match", "")] if match else []) + row)
    return buf.getvalue()


# --- tournaments


def tournament_result(names: Sequence[str], pairs: Sequence[tuple[int, int]],
                      tallies: Sequence[Tally], manifest: dict[str, Any],
                      outcome: RunOutcome | None, backend: str = "local",
                      workers: int = 1) -> dict[str, Any]:
    """The JSON object of `zxdeck tournament --format json`: matrix of row vs column, games,
    intervals, and the Bradley-Terry ranking on the Elo scale with 95 % intervals."""
    k = len(names)
    points = [[0.0] * k for _ in range(k)]
    games = [[0] * k for _ in range(k)]
    for (i, j), t in zip(pairs, tallies):
        points[i][j], points[j][i] = t.points, t.games - t.points
        games[i][j] = games[j][i] = t.games
    matrix = [[_rate(points[i][j], games[i][j]) if i != j and games[i][j] else None
               for j in range(k)] for i in range(k)]
    intervals = [[[_r(x) for x in wilson(points[i][j], games[i][j])] if i != j and games[i][j]
                  else None for j in range(k)] for i in range(k)]
    # only the entrants that played are rated (a run stopped early may leave some without a
    # game: they get no rating and come last, unranked, rather than a made-up one)
    played = [i for i in range(k) if sum(games[i])]
    ratings: dict[int, tuple[float, float]] = {}
    if len(played) >= 2:
        sub = bradley_terry([[points[i][j] for j in played] for i in played],
                            [[games[i][j] for j in played] for i in played])
        ratings = dict(zip(played, sub))
    ranking = []
    for i in sorted(ratings, key=lambda i: (-round(ratings[i][0], 6), i)):
        r, se = ratings[i]
        total = sum(games[i])
        ranking.append({
            "name": names[i], "rating": round(r, 1), "interval": [round(r - Z95_ELO * se, 1),
                                                                   round(r + Z95_ELO * se, 1)],
            "games": total, "score": _rate(sum(points[i]), total),
        })
    for i in range(k):
        if i not in ratings:
            total = sum(games[i])
            ranking.append({"name": names[i], "rating": None, "interval": None, "games": total,
                            "score": _rate(sum(points[i]), total)})
    complete = outcome is None or outcome.status == "complete"
    return {
        "entrants": list(names), "matrix": matrix, "games": games, "intervals": intervals,
        "ranking": ranking, "seed": manifest["seed"], "games_per_pairing": manifest["games"],
        **({"rounds": rs} if (rs := rounds_summary(tallies)) is not None else {}),
        "complete": complete, "manifest": manifest, "timing": timing(outcome, backend, workers),
    }


def _style(text: str, rate: float | None, color: bool) -> str:
    if not color or rate is None:
        return text
    import click

    fg = "green" if rate >= 0.6 else "red" if rate <= 0.4 else "yellow"
    return click.style(text, fg=fg, bold=rate >= 0.75 or rate <= 0.25)


def render_tournament(result: dict[str, Any], color: bool = False) -> str:
    """The matrix (row's win % against column, 95 % interval) and the ranking, as text."""
    from wcwidth import wcswidth

    names = result["entrants"]
    width = max([wcswidth(n) for n in names] + [4])
    cells = [[("-" if m is None else f"{100 * m:.0f} [{100 * iv[0]:.0f}-{100 * iv[1]:.0f}]")
              for m, iv in zip(row, ivs)] for row, ivs in zip(result["matrix"], result["intervals"])]
    col = max([len(c) for row in cells for c in row] + [wcswidth(n) for n in names]) + 2

    def pad(text: str, w: int) -> str:
        return text + " " * max(0, w - wcswidth(text))

    lines = [f"{len(names)} entrants, {result['games_per_pairing']} games a pairing (paired seats), "
             f"seed {result['seed']}" + ("" if result["complete"] else ", incomplete")]
    lines.append("Win % of row against column [95 % interval]:")
    lines.append(pad("", width + 2) + "".join(pad(n, col) for n in names).rstrip())
    for name, row, rates in zip(names, cells, result["matrix"]):
        text = pad(name, width + 2)
        for j, (cell, rate) in enumerate(zip(row, rates)):
            end = "" if j == len(row) - 1 else " " * (col - len(cell))
            text += _style(cell, rate, color) + end
        lines.append(text.rstrip())
    lines.append("Ranking (Bradley-Terry, Elo scale, 0 = average, 95 % interval):")
    rows = [[n + 1, r["name"], f"{r['rating']:+.0f}",
             f"{r['interval'][0]:+.0f} .. {r['interval'][1]:+.0f}", _pct(r["score"]), r["games"]]
            if r["rating"] is not None else ["", r["name"], "-", "no games: not rated",
                                             _pct(r["score"]), r["games"]]
            for n, r in enumerate(result["ranking"])]
    from tabulate import tabulate

    lines.append(tabulate(rows, ["", "entrant", "rating", "interval", "score %", "games"],
                          tablefmt="simple", disable_numparse=True, colalign=(
                              "right", "left", "right", "left", "right", "right")))
    if "rounds" in result:
        lines.append(_rounds_line(result["rounds"]))
    tm = result["timing"]
    rate = f", {tm['games_per_second']} games/s" if tm["games_per_second"] else ""
    lines.append(f"Time: {tm['seconds']:.1f} s for {tm['played']} games{rate} "
                 f"({tm['workers']} worker{'s' if tm['workers'] != 1 else ''}, {tm['backend']})")
    return "\n".join(lines)


def tournament_csv(result: dict[str, Any]) -> str:
    """One row per ordered pairing: row, column, games, row's win rate and interval."""
    buf = io.StringIO()
    w = csv_writer(buf, lineterminator="\n")  # names stay text (csvsafe)
    w.writerow(["row", "column", "games", "win_rate", "low", "high"])
    names = result["entrants"]
    for i, row in enumerate(result["matrix"]):
        for j, rate in enumerate(row):
            if rate is not None:
                lo, hi = result["intervals"][i][j]
                w.writerow([names[i], names[j], result["games"][i][j], rate, lo, hi])
    return buf.getvalue()


__all__ = ["agent_label", "games_csv", "render_sim", "render_tournament", "sim_result",
           "timing", "tournament_csv", "tournament_result", "without_timing"]
