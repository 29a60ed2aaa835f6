"""Which change of a deck is best against a field (`zxdeck optimize`), for any game.

A candidate is the deck with a change: `-2 NAME +2 NAME` (remove two copies of one card, add two
of another; `parse_change`). The game applies it and checks the deck (an illegal candidate is
listed with its errors and left out). Then the original deck and every candidate play the same
field on **common random numbers**: game i against field deck j has the same seed for every
candidate, so two candidates are compared on the same deals and the luck of the deal cancels.

**Racing** (successive halving): round r plays every surviving candidate up to n_r games against
each field deck, n_r doubling each round up to `--games`; after a round the better half (by win
rate against the field) goes on. The original plays every round (it is what the others are
compared with). A race also stops as soon as the leader is ahead of every other survivor with the
stated confidence (the paired difference's interval above 0). Nothing depends on time or on the
order games finish in: the same answer for any --jobs and backend.

**The difference from the original** of a candidate, over the games both played: per game i
against field deck j, the candidate's score minus the original's (1 a win, 0.5 a draw, 0 a
loss) on the same seed. Its mean against each field deck, weighted by the shares, is the
difference; its standard error is the square root of the weighted sum of (share² × the
variance of the per-game differences / games); the interval is ± z of it (z = 1.96 for 95 %).
For the interval, one game won and one lost by the difference are added to each field deck's
games (as Agresti and Caffo add a success and a failure), so that candidates whose games never
differed yet do not get an interval of zero width; it is centred on that adjusted mean and kept
within -1..+1 (-100 .. +100 points), the bounds of a difference of two win rates. Pairing makes the interval much narrower than comparing two
independent win rates.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from statistics import NormalDist
from typing import Any

from zxdeck.errors import ZxError
from zxdeck.sim.core import Contest, Match, Side


def parse_change(text: str) -> list[tuple[int, str]]:
    """`-2 NAME +2 OTHER` -> [(-2, "NAME"), (2, "OTHER")] (a name runs to the next `+N` / `-N`
    that starts a word, so names may hold spaces); a one-line ZxError when it is not one."""
    s = text.strip()
    if not s:
        raise ZxError("an empty change: write it as \"-2 NAME +2 NAME\"")
    starts = [m for m in re.finditer(r"(?:^|\s)([+-]\d+)\s+", s)]
    if not starts or starts[0].start() != 0:
        raise ZxError(f"change {text!r}: expected \"-COUNT NAME +COUNT NAME ...\" "
                      "(e.g. \"-2 火の粉払い +2 紅蓮の業火\")")
    out: list[tuple[int, str]] = []
    for k, m in enumerate(starts):
        end = starts[k + 1].start() if k + 1 < len(starts) else len(s)
        name = s[m.end():end].strip()
        n = int(m.group(1))
        if not name:
            raise ZxError(f"change {text!r}: a count {m.group(1)} without a card name")
        if n == 0:
            raise ZxError(f"change {text!r}: a count of 0 for {name}")
        out.append((n, name))
    return out


def read_candidates(path: str) -> list[str]:
    """The changes of a candidates file: one change a line, `#` comments and blank lines skipped."""
    from pathlib import Path

    from zxdeck.decks.files import MAX_BYTES, decode

    p = Path(path)
    if not p.exists():
        raise ZxError(f"{path}: candidates file not found")
    if p.is_dir():
        raise ZxError(f"{path}: is a folder, not a candidates file (one change a line)")
    try:
        with p.open("rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise ZxError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise ZxError(f"{path}: more than {MAX_BYTES:,} bytes, not a candidates file (one change a line)")
    try:
        text = decode(data, path)[0]  # the encodings of a deck file
    except ZxError as exc:
        raise ZxError(str(exc).replace("not a deck", "not a candidates file")) from None
    out = []
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            out.append(line)
    if not out:
        raise ZxError(f"{path}: no candidate (one change a line, like \"-2 NAME +2 NAME\")")
    return out


@dataclass
class Scores:
    """The scores of one candidate against one field deck, game by game (in game order)."""

    points: list[float] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.points)


@dataclass
class Candidate:
    name: str  # the change as written, or "original"
    setup: Any
    scores: list[Scores]  # one per field deck
    eliminated: int | None = None  # the round it was left out after


def _side_points(rec: dict[str, Any]) -> float:
    w = rec.get("winner")
    return 0.5 if w is None else 1.0 if w == "a" else 0.0


def field_mean(c: Candidate, shares: Sequence[float], n: int | None = None) -> float:
    """The share-weighted win rate over each field deck's first `n` games (all by default)."""
    total = 0.0
    for s, sc in zip(shares, c.scores):
        pts = sc.points if n is None else sc.points[:n]
        total += s * (sum(pts) / len(pts)) if pts else 0.0
    return total


def paired_difference(x: Candidate, y: Candidate, shares: Sequence[float],
                      confidence: float = 0.95) -> tuple[float, float, float, int] | None:
    """x's win rate minus y's over the games both played (common seeds), with its interval:
    (difference, low, high, games per field deck); None without common games. The difference
    is that of the games; the interval, with a won and a lost game added, lies within -1..+1."""
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    n = min(min(a.games, b.games) for a, b in zip(x.scores, y.scores))
    if n <= 0:
        return None
    raw = mean = var = 0.0
    for s, a, b in zip(shares, x.scores, y.scores):
        diffs = [p - q for p, q in zip(a.points[:n], b.points[:n])]
        raw += s * sum(diffs) / n
        # one win and one loss of difference added (as Agresti and Caffo add a success and a
        # failure): games that never differed do not make a zero-width interval
        d = diffs + [1.0, -1.0]
        k = len(d)
        m = sum(d) / k
        v = sum((t - m) ** 2 for t in d) / (k - 1)
        mean += s * m
        var += s * s * v / k
    half = z * math.sqrt(var)
    # the difference shown is the games' own (the win rates' difference); the interval is the
    # adjusted one, within -1..+1, the bounds of a difference of two win rates
    return raw, max(-1.0, mean - half), min(1.0, mean + half), n


def schedule(games: int, candidates: int) -> list[int]:
    """Games per field deck after each round: doubling up to `games` (all even), as many rounds
    as halving `candidates` down to one takes."""
    rounds = max(1, math.ceil(math.log2(max(1, candidates)))) + 1 if candidates > 1 else 1
    out = []
    for r in range(rounds):
        n = games // (2 ** (rounds - 1 - r))
        n -= n % 2
        out.append(max(2, min(games, n)))
    return sorted(set(out))


@dataclass
class RaceResult:
    candidates: list[Candidate]  # the original first
    rounds: list[dict[str, Any]]
    games_played: int
    full_budget: int  # the games of playing every candidate fully
    stopped: str  # "halving", "confidence", "interrupted"


def race(original: Any, candidates: Sequence[tuple[str, Any]], field_decks: Sequence[tuple[str, Any, float]],
         *, agent: Any, field_agent: Any, factory: Any, seed: int, games: int,
         run_round: Callable[[list[Match]], tuple[list[list[dict[str, Any]]], str]],
         confidence: float = 0.95, cards: Any = None, plan: Sequence[int] | None = None) -> RaceResult:
    """Race `candidates` (`(name, setup)`) against the field (`(name, setup, share)`), the
    original deck playing along. `run_round(matches)` plays matches (continuing where each one's
    games stopped: `Match.games` is the new total) and returns each match's new records in game
    order, and the run's status ("complete" or "interrupted")."""
    shares = [s for _, _, s in field_decks]
    pool = [Candidate("original", original, [Scores() for _ in field_decks])]
    pool += [Candidate(n, s, [Scores() for _ in field_decks]) for n, s in candidates]
    plan = list(plan) if plan is not None else schedule(games, len(candidates))
    alive = list(range(1, len(pool)))
    played = 0
    rounds: list[dict[str, Any]] = []
    stopped = "halving"
    for r, n in enumerate(plan, 1):
        playing = [0, *alive]
        matches = []
        for ci in playing:
            c = pool[ci]
            for j, (opp, opp_setup, _) in enumerate(field_decks):
                contest = Contest(factory, Side(c.name, c.setup, agent, getattr(agent, "label", "")),
                                  Side(opp, opp_setup, field_agent, getattr(field_agent, "label", "")),
                                  cards=cards)
                m = Match(contest, seed, n, f"{c.name} vs {opp}")
                matches.append((ci, j, m))
        new, status = run_round([m for _, _, m in matches])
        for (ci, j, _), recs in zip(matches, new):
            pool[ci].scores[j].points += [_side_points(x) for x in recs]
            played += len(recs)
        rounds.append({"round": r, "games_per_opponent": n,
                       "candidates": [pool[ci].name for ci in alive]})
        if status != "complete":
            stopped = "interrupted"
            break
        if len(alive) <= 1:
            break
        order = sorted(alive, key=lambda ci: (-round(field_mean(pool[ci], shares), 12), ci))
        leader = order[0]
        ahead = all((d := paired_difference(pool[leader], pool[ci], shares, confidence)) is not None
                    and d[1] > 0 for ci in order[1:])
        if ahead:
            for ci in order[1:]:
                pool[ci].eliminated = r
            alive = [leader]
            stopped = "confidence"
            break
        if r == len(plan):
            break
        keep = max(1, math.ceil(len(order) / 2))
        for ci in order[keep:]:
            pool[ci].eliminated = r
        alive = sorted(order[:keep])
    full = (len(candidates) + 1) * len(field_decks) * plan[-1]
    return RaceResult(pool, rounds, played, full, stopped)


class RoundRunner:
    """The `run_round` of `race` on a backend of `zxdeck.sim` (`local` processes or `ray`):
    each match goes on from the games it already has (its tally is kept by key), the records
    come back in game order whatever the number of workers.

    `out` (a `zxdeck.sim.store.RunDir` open for writing): every game played is appended to its
    games.jsonl. `stored`: the games a resumed run already has (its games.jsonl: each match's
    games in order, the matches of a round interleaved); a round takes them instead of playing
    them again, each checked (its match, game index and seed), so a resumed race sees exactly
    the games of an uninterrupted one. `on_records` sees every game the race uses, stored or
    played."""

    def __init__(self, backend: str, jobs: int | None,
                 progress: Callable[[Any], None] | None = None, *, out: Any = None,
                 stored: Sequence[dict[str, Any]] | None = None,
                 on_records: Callable[[list[dict[str, Any]]], None] | None = None) -> None:
        from zxdeck.sim.stats import Tally

        self.backend, self.jobs, self.progress = backend, jobs, progress
        self.out, self.on_records = out, on_records
        self.tallies: dict[str, Tally] = {}
        self.pending: dict[str, list[tuple[int, dict[str, Any]]]] = {}
        for n, rec in enumerate(stored or (), 1):
            self.pending.setdefault(str(rec.get("match", "")), []).append((n, rec))
        self.where = f"{getattr(out, 'games_path', 'games.jsonl')}: line"

    def _take_stored(self, m: Match, tally: Any) -> list[dict[str, Any]]:
        from zxdeck.sim.runner import _check_record
        from zxdeck.sim.seeds import game_seed

        queue = self.pending.get(m.key)
        taken: list[dict[str, Any]] = []
        while queue and tally.games < m.games:
            n, rec = queue.pop(0)
            at = f"{self.where} {n}"
            if rec.get("index") != tally.games:
                raise ZxError(f"{at}: expected game {tally.games} of {m.key}, found "
                              f"{rec.get('index')!r}")
            if rec.get("seed") != game_seed(m.seed, tally.games):
                raise ZxError(f"{at}: game {tally.games} of {m.key} has seed "
                              f"{rec.get('seed')!r}, not this run's")
            _check_record(rec, at)
            tally.add(rec)
            taken.append(rec)
        return taken

    def __call__(self, matches: list[Match]) -> tuple[list[list[dict[str, Any]]], str]:
        from zxdeck.sim.backends import make_backend
        from zxdeck.sim.runner import Scheduler
        from zxdeck.sim.stats import Tally

        new: list[list[dict[str, Any]]] = [[] for _ in matches]
        for i, m in enumerate(matches):
            got = self._take_stored(m, self.tallies.setdefault(m.key, Tally()))
            new[i].extend(got)
            if got and self.on_records is not None:
                self.on_records(got)

        def sink(i: int, records: list[dict[str, Any]]) -> None:
            new[i].extend(records)
            if self.out is not None:
                self.out.append(records)
            if self.on_records is not None:
                self.on_records(records)

        be = make_backend(self.backend, self.jobs)
        be.open(matches)
        outcome = Scheduler(matches, be, [self.tallies[m.key] for m in matches],
                            sink, progress=self.progress).run()
        if outcome.status == "failed" and outcome.failure is not None:
            f = outcome.failure
            if f.last is not None:
                raise ZxError(f"{f.error} while playing one of games {f.index}-{f.last} of {f.key}")
            raise ZxError(f"game {f.index} of {f.key} (seed {f.seed}) failed: {f.error}")
        return new, outcome.status

    def leftover(self) -> str | None:
        """Where the first stored game that the race did not use is (None: all were used)."""
        lines = [q[0][0] for q in self.pending.values() if q]
        return f"{self.where} {min(lines)}" if lines else None


def round_runner(backend: str, jobs: int | None,
                 progress: Callable[[Any], None] | None = None) -> RoundRunner:
    """A `RoundRunner` that plays every game (no run folder)."""
    return RoundRunner(backend, jobs, progress)


def _r(x: float | None, digits: int = 4) -> float | None:
    return None if x is None else round(x, digits)


def race_result(res: RaceResult, field_decks: Sequence[tuple[str, Any, float]],
                illegal: Sequence[dict[str, Any]], manifest: dict[str, Any],
                confidence: float = 0.95) -> dict[str, Any]:
    """The JSON of `zxdeck optimize --format json`: the candidates ranked (the furthest round
    reached first, then the win rate against the field), each with its difference from the
    original and that difference's interval."""
    shares = [s for _, _, s in field_decks]
    original = res.candidates[0]
    rows = []
    for i, c in enumerate(res.candidates):
        n = min(sc.games for sc in c.scores)
        d = paired_difference(c, original, shares, confidence) if i else None
        rows.append({
            "candidate": c.name, "games": sum(sc.games for sc in c.scores), "games_per_opponent": n,
            "win_rate": _r(field_mean(c, shares)) if n else None,
            "difference": _r(d[0]) if d else (0.0 if i == 0 else None),
            "interval": [_r(d[1]), _r(d[2])] if d else None,
            "eliminated_after_round": c.eliminated,
            "_key": (c.eliminated is None, c.eliminated or 0, field_mean(c, shares) if n else -1, -i),
        })
    ranked = sorted(rows[1:], key=lambda r: r["_key"], reverse=True)
    for r in rows:
        r.pop("_key")
    return {"original": rows[0], "ranking": ranked, "illegal": list(illegal),
            "field": [{"deck": n, "share": _r(s, 6)} for n, _, s in field_decks],
            "rounds": res.rounds, "stopped": res.stopped, "confidence": confidence,
            "games_played": res.games_played, "full_budget": res.full_budget,
            "seed": manifest.get("seed"), "manifest": manifest}


def _pct(x: float | None, signed: bool = False) -> str:
    if x is None:
        return "-"
    return f"{100 * x:+.1f}" if signed else f"{100 * x:.1f}"


def render_race(result: dict[str, Any]) -> str:
    """The ranking as text, at most `TABLE_WIDTH` columns; a value not measured yet is "-" and
    a line under the table says why."""
    from zxdeck.analysis.cards import TABLE_WIDTH, tight_table
    from zxdeck.termtext import shorten, width, wrap

    conf = round(100 * result["confidence"])
    k, f = len(result["ranking"]), len(result["field"])
    lines = [f"{k} candidate{'s' if k != 1 else ''} against a field of {f} deck{'s' if f != 1 else ''}, "
             f"seed {result['seed']}: {result['games_played']} games played "
             f"(every candidate in full: {result['full_budget']}); "
             + {"halving": "raced by successive halving",
                "confidence": f"stopped: the leader is ahead of every other at {conf} %",
                "interrupted": "interrupted"}[result["stopped"]]]
    lines = wrap(lines[0], TABLE_WIDTH, "  ")
    for bad in result["illegal"]:
        lines.extend(wrap(f"left out (illegal): {bad['candidate']}: {'; '.join(bad['errors'])}",
                          TABLE_WIDTH, "  "))
    o = result["original"]
    rows = [["", "original", _pct(o["win_rate"]), "", "", o["games"], ""]]
    for k, r in enumerate(result["ranking"], 1):
        iv = r["interval"]
        rows.append([k, r["candidate"], _pct(r["win_rate"]), _pct(r["difference"], True),
                     "-" if iv is None else f"{_pct(iv[0], True)}..{_pct(iv[1], True)}", r["games"],
                     "" if r["eliminated_after_round"] is None else f"round {r['eliminated_after_round']}"])
    headers = ["", "candidate", "win %", "vs orig.", f"{conf} % CI", "games", "out after"]
    table = tight_table(rows, headers)
    over = max(map(width, table.splitlines())) - TABLE_WIDTH
    if over > 0:  # the longest changes shortened by what is over (in full in --format json)
        room = max(12, max(width(r[1]) for r in rows) - over)
        for r in rows:
            r[1] = shorten(r[1], room)
        table = tight_table(rows, headers)
    lines.append(table)
    missing = []
    if any(r[2] == "-" for r in rows):
        missing.append("win % -: no game yet against every field deck")
    if any(r[3] == "-" or r[4] == "-" for r in rows[1:]):
        missing.append("vs orig. / CI -: no game yet on the same deal as the original against every field deck")
    if missing:
        why = "; ".join(missing) + (" (the race was interrupted; with --out DIR, `zxdeck optimize --resume DIR` goes on)"
                                    if result["stopped"] == "interrupted" else "")
        lines.extend(wrap(why, TABLE_WIDTH))
    return "\n".join(lines)


__all__ = ["Candidate", "RaceResult", "RoundRunner", "Scores", "field_mean", "paired_difference", "parse_change",
           "race", "race_result", "read_candidates", "render_race", "round_runner", "schedule"]
