"""The scheduler: chunks of games out to a backend, their records back in game order.

Games are ordered match by match, game by game. The scheduler keeps the
backend's slots busy with chunks of consecutive games, sized to about
`chunk_seconds` of work from the time the finished chunks took (small at
first, never one tiny game per task once the pace is known, and never so
large that a worker idles at the end). Results may come back in any order;
they are passed on (`on_records`, then the tallies) strictly in game order,
so the output does not depend on the backend, the number of workers or
their timing.

Early stop (`precision`): after each *pair* of games of a match, in game
order, the match ends once the Wilson 95 % interval's half-width is at most
`precision`. The decision depends on the games only, never on which games
happened to be finished first; games played past that point are dropped.

A run ends `complete`, `interrupted` (Ctrl-C: the chunks in flight are asked
to stop after their current game, and whatever is finished in order is kept)
or `failed` (a game raised an exception or a worker died: the chunks before
it are finished and kept, nothing after it).
"""

from __future__ import annotations

import contextlib
import json
import math
import signal
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from zxdeck.errors import ZxError
from zxdeck.sim.backends import Backend, Chunk
from zxdeck.sim.core import ChunkResult, GameFailed, Match
from zxdeck.sim.seeds import game_seed
from zxdeck.sim.stats import Tally
from zxdeck.sim.store import RunDir

MIN_CHUNK = 2  # one pair
MAX_CHUNK = 5000


@dataclass
class RunOutcome:
    status: str  # complete, interrupted, failed
    played: int  # games added by this run (after a resume: the new ones only)
    seconds: float
    failure: GameFailed | None = None


def precision_limit(tally: Tally, precision: float | None) -> bool:
    """Whether a match stops here: at a pair boundary with the interval narrow enough."""
    return precision is not None and tally.games % 2 == 0 and tally.precise(precision)


class Scheduler:
    """One run of `matches` on `backend`, continuing after the games `tallies` already hold."""

    def __init__(self, matches: Sequence[Match], backend: Backend, tallies: Sequence[Tally],
                 on_records: Callable[[int, list[dict[str, Any]]], None] | None = None,
                 precision: float | None = None, chunk_seconds: float = 2.0,
                 progress: Callable[[Scheduler], None] | None = None) -> None:
        self.matches = matches
        self.backend = backend
        self.tallies = list(tallies)
        self.on_records = on_records
        self.precision = precision
        self.chunk_seconds = chunk_seconds
        self.progress = progress
        # games each match plays: fewer when its records already reached the precision
        self.limit = [m.games for m in matches]
        for i, t in enumerate(self.tallies):
            if t.games >= self.limit[i] or precision_limit(t, precision):
                self.limit[i] = t.games
        self.front = [t.games for t in self.tallies]  # next game to pass on, per match
        self.cursor = (0, self.front[0] if matches else 0)  # next game to hand out
        self.buffer: dict[tuple[int, int], ChunkResult] = {}
        self.played = 0
        self.busy = 0.0  # worker seconds of finished chunks
        self.busy_games = 0
        self.started = time.perf_counter()

    # --- planning

    @property
    def total(self) -> int:
        return sum(self.limit)

    @property
    def done(self) -> int:
        return sum(self.front)

    def _chunk_size(self, remaining: int) -> int:
        slots = max(1, self.backend.slots)
        if self.busy_games:
            size = int(self.chunk_seconds / max(self.busy / self.busy_games, 1e-6))
        else:
            size = MIN_CHUNK
        size = min(size, MAX_CHUNK, math.ceil(self.remaining() / slots))
        size = max(MIN_CHUNK, size - size % 2)
        return min(size, remaining)

    def remaining(self) -> int:
        """Games not yet handed out."""
        m, i = self.cursor
        rest = max(0, self.limit[m] - i) if m < len(self.matches) else 0
        return rest + sum(self.limit[j] - self.front[j] for j in range(m + 1, len(self.matches)))

    def next_chunk(self) -> Chunk | None:
        m, i = self.cursor
        while m < len(self.matches) and i >= self.limit[m]:
            m += 1
            i = self.front[m] if m < len(self.matches) else 0
        if m >= len(self.matches):
            self.cursor = (m, 0)
            return None
        size = self._chunk_size(self.limit[m] - i)
        self.cursor = (m, i + size)
        return (m, i, i + size)

    # --- results in order

    def _deliver(self) -> bool:
        """Pass on the finished chunks that continue the order; False once a chunk ended early."""
        for m in range(len(self.matches)):
            while self.front[m] < self.limit[m]:
                res = self.buffer.pop((m, self.front[m]), None)
                if res is None:
                    return True
                taken: list[dict[str, Any]] = []
                tally = self.tallies[m]
                for rec in res.records:
                    if self.front[m] >= self.limit[m]:
                        break
                    tally.add(rec)
                    taken.append(rec)
                    self.front[m] += 1
                    if precision_limit(tally, self.precision):
                        self.limit[m] = self.front[m]
                if taken:
                    self.played += len(taken)
                    if self.on_records is not None:
                        self.on_records(m, taken)
                if self.front[m] < self.limit[m] and res.start + len(res.records) != self.front[m]:
                    return False  # cannot happen: chunks start where the order is
                if self.front[m] < self.limit[m] and (res.failure or res.interrupted):
                    return False  # the chunk ended early: nothing after it can be passed on
        return True

    # --- the loop

    def run(self) -> RunOutcome:
        backend = self.backend
        inflight: dict[Any, Chunk] = {}
        failure: GameFailed | None = None
        interrupted = False
        stopping = False
        try:
            while True:
                while not stopping and len(inflight) < backend.slots:
                    chunk = self.next_chunk()
                    if chunk is None:
                        break
                    inflight[backend.submit(chunk)] = chunk
                if not inflight:
                    break
                for handle in backend.wait(list(inflight), 0.25):
                    chunk = inflight.pop(handle)
                    res = backend.result(handle, chunk)
                    self._finished(res)
                    if res.failure is not None:
                        failure = _earliest(failure, res.failure)
                        stopping = True
                    elif res.interrupted and not stopping:  # Ctrl-C seen by the chunk itself
                        interrupted = stopping = True
                        backend.stop(list(inflight))
                with _ctrl_c_held():
                    self._deliver()
                if self.progress is not None:
                    self.progress(self)
                if self.done >= self.total and inflight and not stopping:  # precision reached
                    backend.stop(list(inflight))
                    stopping = True
        except KeyboardInterrupt:
            interrupted = True
            backend.stop(list(inflight))
            try:
                while inflight:  # each ends after its current game
                    for handle in backend.wait(list(inflight), 0.25):
                        self._finished(backend.result(handle, inflight.pop(handle)))
            except KeyboardInterrupt:  # a second Ctrl-C: keep what is in order, leave now
                backend.abort()  # the games in progress end unfinished (their bots too)
                for handle in backend.wait(list(inflight), 5.0):
                    self._finished(backend.result(handle, inflight.pop(handle)))
            with _ctrl_c_held(then_raise=False):
                self._deliver()
        finally:
            backend.close()
        if failure is not None:
            status = "failed"
        elif interrupted or self.done < self.total:
            status = "interrupted"
        else:
            status = "complete"
        return RunOutcome(status, self.played, time.perf_counter() - self.started, failure)

    def _finished(self, res: ChunkResult) -> None:
        self.buffer[(res.match, res.start)] = res
        if res.records and not res.failure and not res.interrupted:
            self.busy += res.seconds
            self.busy_games += len(res.records)





@contextlib.contextmanager
def _ctrl_c_held(then_raise: bool = True) -> Iterator[None]:
    """Ctrl-C (SIGINT) arriving while finished games are passed on (counted in the tallies and
    written to games.jsonl) is held until they all are, then raised (`then_raise`; a run that is
    already stopping drops it): a game is never counted without being written (in the main
    thread; elsewhere signals cannot arrive anyway)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[int] = []
    old = signal.signal(signal.SIGINT, lambda signum, frame: held.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)
        if held and then_raise:
            if old is signal.default_int_handler or old is None:
                raise KeyboardInterrupt
            if callable(old):
                old(signal.SIGINT, None)


def _earliest(old: GameFailed | None, new: GameFailed) -> GameFailed:
    """The failure to report: the first failed game; lost workers (a range of games each, all
    chunks in flight fail when one worker dies) merge into one range."""
    if old is None:
        return new
    if old.last is not None and new.last is not None and old.match == new.match:
        first = old if old.index <= new.index else new
        return replace(first, last=max(old.last, new.last))
    return new if (new.match, new.index) < (old.match, old.index) else old


def read_tallies(out: RunDir, matches: Sequence[Match]) -> list[Tally]:
    """The tallies of the games already in `out`'s games.jsonl, each record checked against the
    run (its match, game index and seed must be the next expected ones)."""
    tallies = [Tally() for _ in matches]
    by_key = {m.key: i for i, m in enumerate(matches)}
    current = 0
    for n, rec in enumerate(out.records(), 1):
        m = by_key.get(rec.get("match", ""))
        index = rec.get("index")
        where = f"{out.games_path}: line {n}"
        if m is None or m < current:
            raise ZxError(f"{where}: game of an unknown or earlier match {rec.get('match')!r}")
        current = m
        t = tallies[m]
        if index != t.games or t.games >= matches[m].games:
            raise ZxError(f"{where}: expected game {t.games}, found {index!r}")
        if rec.get("seed") != game_seed(matches[m].seed, index):
            raise ZxError(f"{where}: game {index} has seed {rec.get('seed')!r}, not this run's")
        _check_record(rec, where)
        t.add(rec)
    return tallies


def _check_record(rec: dict[str, Any], where: str) -> None:
    """ZxError naming the first value of a game's record that the tallies cannot take."""
    checks = {
        "winner": lambda v: v in ("a", "b", None),
        "first": lambda v: v in ("a", "b", None),
        "reason": lambda v: v is None or isinstance(v, str),
        "turns": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**31,
        "decisions": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**31,
    }
    for key, ok in checks.items():
        value = rec.get(key, 0 if key in ("turns", "decisions") else None)
        if not ok(value):
            text = json.dumps(value, ensure_ascii=False)
            raise ZxError(f"{where}: not a game record of this run ({key} is "
                          f"{text if len(text) <= 40 else text[:37] + '...'})")


def run_matches(matches: Sequence[Match], backend: Backend, out: RunDir | None = None,
                resume: bool = False, precision: float | None = None,
                progress: Callable[[Scheduler], None] | None = None,
                on_records: Callable[[int, list[dict[str, Any]]], None] | None = None,
                chunk_seconds: float = 2.0) -> tuple[list[Tally], RunOutcome]:
    """Play `matches` (continuing the run in `out` when `resume`) and return their tallies.

    `out`, when given, receives every finished game in order (games.jsonl);
    its manifest must already be written (`RunDir.create`) or checked.
    """
    if out is not None and resume:
        tallies = read_tallies(out, matches)
        out.open_for_resume()
    else:
        tallies = [Tally() for _ in matches]

    def sink(m: int, records: list[dict[str, Any]]) -> None:
        if out is not None:
            out.append(records)
        if on_records is not None:
            on_records(m, records)

    try:
        backend.open(matches)
        scheduler = Scheduler(matches, backend, tallies, sink, precision, chunk_seconds, progress)
        outcome = scheduler.run()
    finally:
        if out is not None:
            out.close()
    return scheduler.tallies, outcome


__all__ = ["RunOutcome", "Scheduler", "precision_limit", "read_tallies", "run_matches"]
