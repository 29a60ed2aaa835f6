"""Where the chunks of a run are played: in this process, in worker processes, or on Ray.

A backend plays chunks (`play_chunk`: a range of games of one match) and
hands back their `ChunkResult`s; the scheduler (`runner.py`) decides what to
play and puts the results in order, so every backend gives the same games.

- `InlineBackend`: this process, one chunk at a time (`--jobs 1`).
- `ProcessBackend`: a pool of worker processes (`--jobs K`). The matches
  (decks and agents) go once to each worker when it starts (inherited by fork
  on Linux, pickled once elsewhere); a chunk is then three integers. Workers
  ignore SIGINT: Ctrl-C reaches the parent, which asks them to stop after
  their current game (a shared event).
- `RayBackend`: Ray tasks (`--backend ray`, the `zxdeck[ray]` extra): a local
  Ray started for the run, or the cluster of `RAY_ADDRESS`. The matches are
  put once in the object store (`ray.put`) and each worker process keeps the
  copy it fetched, so they travel once per worker, not once per task. On a
  running cluster with `ZXDECK_RAY_KEEP_WARM` the chunks go to warm detached
  actors that outlive the command instead (`ray_pool.py`).
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import time
import uuid
from collections.abc import Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from zxdeck.errors import ZxError
from zxdeck.lifeline import die_with_parent, end_now
from zxdeck.sim.core import ChunkResult, GameFailed, Match, play_chunk
from zxdeck.sim.seeds import game_seed

Chunk = tuple[int, int, int]  # (match, start, stop)


class Backend:
    """What the scheduler asks of a backend (see the module docstring)."""

    name = "?"
    slots = 1  # chunks kept in flight
    workers = 1

    def open(self, matches: Sequence[Match]) -> None:
        self.matches = matches

    def submit(self, chunk: Chunk) -> Any:
        raise NotImplementedError

    def wait(self, handles: list[Any], timeout: float | None) -> list[Any]:
        """The handles of `handles` whose chunk is finished (possibly none after `timeout`)."""
        raise NotImplementedError

    def result(self, handle: Any, chunk: Chunk) -> ChunkResult:
        raise NotImplementedError

    def stop(self, handles: list[Any]) -> None:
        """Ask the chunks in flight (`handles`) to end after their current game."""

    def abort(self) -> None:
        """End the chunks in flight now, their games unfinished (a second Ctrl-C)."""

    def close(self) -> None:
        pass

    def _lost(self, chunk: Chunk, why: str) -> ChunkResult:
        m, start, stop = chunk
        failure = GameFailed(m, start, game_seed(self.matches[m].seed, start), why, last=stop - 1,
                             key=self.matches[m].key)
        return ChunkResult(m, start, failure=failure)


class InlineBackend(Backend):
    """Chunks played in this process, in order (`--jobs 1`): no start-up cost at all."""

    name = "local"

    def submit(self, chunk: Chunk) -> ChunkResult:
        return play_chunk(self.matches, *chunk)

    def wait(self, handles: list[Any], timeout: float | None) -> list[Any]:
        return handles

    def result(self, handle: ChunkResult, chunk: Chunk) -> ChunkResult:
        return handle


# --- worker processes

_MATCHES: Sequence[Match] = ()
_STOP: Any = None


ENDED_BY_POOL = (-signal.SIGTERM, 128 + signal.SIGTERM)  # exit codes of workers ended on purpose
_NOW: Any = None  # this worker's slot of the games being played: [pid, match, index]


def _init_worker(matches: Sequence[Match], stop_event: Any, parent: int = 0,
                 playing: Any = None, next_slot: Any = None) -> None:
    global _MATCHES, _STOP, _NOW
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C
    signal.signal(signal.SIGTERM, _end_worker)  # the parent ends the run now: bots end too
    _MATCHES = matches
    _STOP = stop_event
    if parent:
        die_with_parent(parent)  # even after a kill -9 of the parent
    if playing is not None and next_slot is not None:
        with next_slot.get_lock():
            slot = next_slot.value
            next_slot.value += 1
        if 3 * slot + 2 < len(playing):
            _NOW = (playing, 3 * slot)
            playing[3 * slot] = os.getpid()
            playing[3 * slot + 1] = playing[3 * slot + 2] = -1


def _end_worker(signum: int = signal.SIGTERM, frame: Any = None) -> None:
    """End this worker now, and the bots it runs (zxdeck.lifeline)."""
    end_now(128 + signum)


def _worker_chunk(match: int, start: int, stop: int) -> ChunkResult:
    return play_chunk(_MATCHES, match, start, stop, _STOP.is_set, _playing)


def _playing(match: int, index: int) -> None:
    """Say which game this worker plays now (`index` -1: none), for the parent to name the game
    of a worker that dies."""
    if _NOW is not None:
        playing, at = _NOW
        playing[at + 1] = match
        playing[at + 2] = index


def process_context() -> multiprocessing.context.BaseContext:
    """fork on Linux (cheap, and the matches are inherited, not pickled); elsewhere the
    platform's default (spawn: the calling script needs an `if __name__ == "__main__":` guard).

    The pool's processes are all forked at its first chunk, before any progress display
    starts a thread. A process that has imported Ray (a program that used `--backend ray`
    before, a test session) has Ray's threads, and a child forked then can hang on a lock one
    of them held: such a process starts its workers with spawn (the matches are pickled once
    per worker; the games are the same)."""
    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("spawn" if "ray" in sys.modules else "fork")
    return multiprocessing.get_context()


class ProcessBackend(Backend):
    """A pool of `jobs` worker processes."""

    name = "local"

    def __init__(self, jobs: int) -> None:
        self.workers = jobs
        self.slots = 2 * jobs

    def open(self, matches: Sequence[Match]) -> None:
        super().open(matches)
        ctx = process_context()
        self._stop = ctx.Event()
        # what each worker plays now (pid, match, game): names the game of a worker that dies
        self._playing = ctx.Array("q", 3 * self.workers, lock=False)
        self._slots = ctx.Value("i", 0)
        self._dead: tuple[int, int, str] | None = None
        self._aborted = False
        self._pool = ProcessPoolExecutor(self.workers, mp_context=ctx, initializer=_init_worker,
                                         initargs=(matches, self._stop, os.getpid(),
                                                   self._playing, self._slots))
        self._procs: dict[int, Any] = {}

    def submit(self, chunk: Chunk) -> Future:
        future = self._pool.submit(_worker_chunk, *chunk)
        self._procs.update(getattr(self._pool, "_processes", None) or {})
        return future

    def wait(self, handles: list[Future], timeout: float | None) -> list[Future]:
        return list(wait(handles, timeout=timeout, return_when=FIRST_COMPLETED).done)

    def result(self, handle: Future, chunk: Chunk) -> ChunkResult:
        try:
            return handle.result()
        except BrokenProcessPool:
            if self._aborted:  # ended by a second Ctrl-C
                return ChunkResult(chunk[0], chunk[1], interrupted=True)
            dead = self._died()
            if dead is None:
                return self._lost(chunk, "a worker process died")
            m, index, how = dead
            if m == chunk[0] and chunk[1] <= index < chunk[2]:
                seed = game_seed(self.matches[m].seed, index)
                return ChunkResult(m, chunk[1], failure=GameFailed(
                    m, index, seed, f"the worker process playing it died ({how})",
                    key=self.matches[m].key))
            return ChunkResult(chunk[0], chunk[1], interrupted=True)  # ended with the pool
        except Exception as exc:  # a result that could not travel back
            return self._lost(chunk, f"{type(exc).__name__}: {exc}")

    def _died(self) -> tuple[int, int, str] | None:
        """The game (match, index) of the worker that died first, and how, when it is known."""
        if self._dead is None:
            time.sleep(0.1)  # the pool ends the other workers: their exit codes tell them apart
            found = []
            for i in range(0, len(self._playing), 3):
                pid, m, index = self._playing[i:i + 3]
                proc = self._procs.get(pid)
                code = proc.exitcode if proc is not None else None
                if index >= 0 and code is not None and code not in ENDED_BY_POOL:
                    how = (f"killed by signal {-code}" if code < 0 else f"exit status {code}")
                    found.append((m, index, how))
            if len(found) == 1:
                self._dead = found[0]
        return self._dead

    def stop(self, handles: list[Any]) -> None:
        self._stop.set()

    def abort(self) -> None:
        """End the workers now (they end the bots they run)."""
        self._aborted = True
        self._stop.set()
        for proc in list(self._procs.values()):
            with contextlib.suppress(Exception):
                proc.terminate()

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


# --- Ray

_RAY_CACHE: dict[str, Sequence[Match]] = {}


def _ray_chunk(matches_box: list[Any], match: int, start: int, stop: int) -> ChunkResult:
    """A Ray task: the matches come as a reference (in a list, so Ray does not resolve it for
    every task) and are fetched once per worker process."""
    import ray

    ref = matches_box[0]
    key = ref.hex()
    matches = _RAY_CACHE.get(key)
    if matches is None:
        matches = _RAY_CACHE[key] = ray.get(ref)
    return play_chunk(matches, match, start, stop)


RAY_MISSING = "the ray backend needs Ray: pip install 'zxdeck[ray]'"


def require_ray() -> None:
    """ZxError (exit 2) saying how to install Ray when it is not installed (without importing
    it: that takes a third of a second, which `connect_early` spends in another process)."""
    import importlib.util

    if importlib.util.find_spec("ray") is None:  # (None too when sys.modules["ray"] is None)
        raise ZxError(RAY_MISSING)


KEEP_WARM_ENV = "ZXDECK_RAY_KEEP_WARM"

# Ray settings of a driver that connects to a running Ray (environment variables read by
# ray.init; see RayBackend.open)
QUIET_DRIVER = {"RAY_task_events_report_interval_ms": "0", "RAY_enable_metrics_collection": "0"}


def keep_warm_setting(value: str | None = None) -> float:
    """Seconds a warm worker pool outlives a run (`ZXDECK_RAY_KEEP_WARM`; unset or 0: none)."""
    text = os.environ.get(KEEP_WARM_ENV, "") if value is None else value
    if not text.strip():
        return 0.0
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not seconds >= 0 or seconds == float("inf"):
        raise ZxError(f"{KEEP_WARM_ENV} must be a number of seconds (0: no warm pool), not {text!r}")
    return seconds


class RayBackend(Backend):
    """Chunks as Ray tasks: a local Ray for the run, or the cluster at `address` / $RAY_ADDRESS.

    With `keep_warm` seconds (default: $ZXDECK_RAY_KEEP_WARM) and a Ray this run did not start
    itself, chunks go to a pool of detached actors that stay warm between runs
    (`zxdeck.sim.ray_pool`). `phases` holds the seconds each step of `open` took.
    """

    name = "ray"

    def __init__(self, workers: int | None, address: str | None = None,
                 keep_warm: float | None = None) -> None:
        require_ray()
        self.phases: dict[str, float] = {}
        self.address = address if address is not None else os.environ.get("RAY_ADDRESS") or None
        self.requested = workers
        self.keep_warm = keep_warm_setting() if keep_warm is None else keep_warm
        self._started = False
        self._private = False  # a Ray started for this run only (ends with it)
        self._connected = False
        self._actors: list[Any] = []
        self._link: Any = None  # a Ray driver in a child process (ray_link.py), when one was started
        if self.address is not None:
            from zxdeck.sim.ray_link import take_early

            self._link = take_early(self.address, workers, self.keep_warm)
        self._next = 0

    def _phase(self, name: str, since: float) -> float:
        now = time.perf_counter()
        self.phases[name] = now - since
        return now

    def connect(self) -> None:
        """Start or reach Ray (`open` does it when it was not done before)."""
        t = time.perf_counter()
        import ray

        t = self._phase("import ray", t)
        if not ray.is_initialized():
            options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False,
                                       "logging_level": "ERROR", "configure_logging": False}
            if self.address is None and self.requested is not None:
                options["num_cpus"] = self.requested  # a local Ray of exactly this many workers
            # a driver connecting to a running Ray reports no task events or metrics of its own
            # (its workers still do): with them, ray.shutdown waits about 0.3 s for their
            # reporting threads, a seventh of a 2,000-game run. A value the user set wins.
            quiet = {} if self.address is None else {
                k: v for k, v in QUIET_DRIVER.items() if k not in os.environ}
            os.environ.update(quiet)
            try:  # "local": a new Ray, even when another one runs on this machine
                ray.init(address=self.address or "local", **options)
            except Exception as exc:  # no cluster at the address, ...
                raise ZxError(f"cannot start or reach Ray ({self.address or 'local'}): {exc}") from None
            finally:  # read by ray.init only: the rest of the process keeps its environment
                for k in quiet:
                    os.environ.pop(k, None)
            self._started = True
            self._private = self.address is None
        self._phase("ray.init", t)
        cpus = int(ray.cluster_resources().get("CPU", 1))
        self.workers = min(self.requested, cpus) if self.requested else cpus
        self.workers = max(1, self.workers)
        self.slots = 2 * self.workers
        self._connected = True

    def open(self, matches: Sequence[Match]) -> None:
        super().open(matches)
        if self._link is not None:  # the child process connected meanwhile: it plays the chunks
            t = time.perf_counter()
            self.workers, self.slots, phases = self._link.open(matches)
            self.phases.update(phases)
            self._phase("waiting for the early connection", t)
            return
        import ray

        if not self._connected:
            self.connect()
        t = time.perf_counter()
        self._ref = ray.put(list(matches))
        t = self._phase("put", t)
        if self.keep_warm > 0 and not self._private:
            from zxdeck.sim.ray_pool import pool_eligible

            if pool_eligible(matches):
                self._open_pool()
                self._phase("pool", t)
                return
        self._remote = ray.remote(num_cpus=1, max_retries=0)(_ray_chunk)

    def _open_pool(self) -> None:
        import ray
        from ray.exceptions import RayActorError

        from zxdeck.sim.ray_pool import NAMESPACE, PoolWorker, code_digest, pool_name

        digest = code_digest()
        self._run = uuid.uuid4().hex
        actors: list[Any] = [None] * self.workers
        for _ in range(20):
            missing = [i for i, a in enumerate(actors) if a is None]
            if not missing:
                break
            for i in missing:
                actors[i] = PoolWorker.options(  # type: ignore[attr-defined]
                    name=pool_name(digest, i), namespace=NAMESPACE, lifetime="detached",
                    get_if_exists=True).remote(digest, self.keep_warm)
            calls = {i: actors[i].hello.remote(self.keep_warm) for i in missing}
            for i, call in calls.items():
                try:
                    hello = ray.get(call)
                except RayActorError:
                    hello = None
                if hello is None:  # it was ending after an idle while: start another one
                    actors[i] = None
                elif hello[0] != digest:
                    raise ZxError(f"a Ray worker runs other zxdeck code ({hello[0]}) than this "
                                  f"one ({digest}): install the same zxdeck and Python on every node")
            if any(a is None for a in actors):
                time.sleep(0.25)
        if any(a is None for a in actors):
            raise ZxError("cannot start the warm Ray workers (they keep ending)")
        self._actors = actors
        self._load = [0] * len(actors)
        self._on: dict[str, int] = {}
        # one chunk per actor: an actor's calls queue on that actor, so a second chunk sent to a
        # busy one would wait behind it while another actor idles (the scheduler's slots are
        # shared by all workers, like a process pool's queue)
        self.slots = len(actors)

    def submit(self, chunk: Chunk) -> Any:
        if self._link is not None:
            self._next += 1
            self._link.submit(self._next, chunk)
            return self._next
        if self._actors:
            i = min(range(len(self._actors)), key=self._load.__getitem__)
            handle = self._actors[i].chunk.remote(self._run, [self._ref], *chunk)
            self._load[i] += 1
            self._on[handle.hex()] = i
            return handle
        return self._remote.remote([self._ref], *chunk)

    def wait(self, handles: list[Any], timeout: float | None) -> list[Any]:
        if self._link is not None:
            return self._link.wait(handles, timeout)
        import ray

        ready, _ = ray.wait(handles, num_returns=1, timeout=timeout)
        if ready:
            more, _ = ray.wait(handles, num_returns=len(handles), timeout=0)
            ready = list({r.hex(): r for r in [*ready, *more]}.values())
        return ready

    def result(self, handle: Any, chunk: Chunk) -> ChunkResult:
        if self._link is not None:
            res = self._link.result(handle)
            return res if res is not None else self._lost(
                chunk, f"the process connected to Ray ended ({self._link.lost})")
        import ray
        from ray.exceptions import RayTaskError, TaskCancelledError

        if self._actors:
            self._load[self._on.pop(handle.hex())] -= 1
        try:
            return ray.get(handle)
        except TaskCancelledError:
            return ChunkResult(chunk[0], chunk[1], interrupted=True)
        except RayTaskError as exc:
            return self._lost(chunk, f"Ray task failed: {exc.cause!r}" if exc.cause else str(exc))
        except ray.exceptions.RayError as exc:
            return self._lost(chunk, f"a Ray worker was lost ({type(exc).__name__})")

    def stop(self, handles: list[Any]) -> None:
        if self._link is not None:
            self._link.stop(handles)
            return
        import ray

        if self._actors:  # the warm workers end the run's chunks after their current game
            for actor in self._actors:
                actor.stop.remote(self._run)
            return
        for h in handles:  # a KeyboardInterrupt in the task: play_chunk ends after this game
            ray.cancel(h, force=False)

    def close(self) -> None:
        if self._link is not None:
            self._link.close()
            self._link = None
        self._actors = []  # the warm workers stay up (they end after keep_warm idle seconds)
        self._connected = False
        if self._started:
            import ray

            ray.shutdown()
            self._started = False


def make_backend(name: str, jobs: int | None) -> Backend:
    """`local` (in this process for one job, else worker processes) or `ray`.

    `jobs` None means one worker per CPU (`--jobs auto`; for Ray: the cluster's CPUs).
    """
    if name == "ray":
        return RayBackend(jobs)
    if name != "local":
        raise ZxError(f"unknown backend {name!r} (local, ray)")
    n = jobs if jobs is not None else (os.cpu_count() or 1)
    return InlineBackend() if n <= 1 else ProcessBackend(n)


__all__ = ["Backend", "InlineBackend", "KEEP_WARM_ENV", "ProcessBackend", "QUIET_DRIVER", "RAY_MISSING",
           "RayBackend", "keep_warm_setting", "make_backend", "process_context", "require_ray"]
