"""Connecting to a running Ray while the command reads its decks: the Ray driver in a child.

Importing Ray and connecting to a cluster takes a driver about half a second
of Python work (`import ray` alone ~0.35 s on an idle core), a quarter of a
2,000-game run on two cores. A thread cannot overlap it with reading the
catalog and the decks (both are Python work under one GIL), so when a command
knows early that it will use a running Ray (`--backend ray` with
`RAY_ADDRESS`), `connect_early` forks a child process, before the command
reads anything, that imports Ray and connects while its parent goes on. The
parent never imports Ray: its `RayBackend` hands the matches to the child
once, then sends it chunks and gets their `ChunkResult`s back over a pipe
(`RayLink`); the child plays them with an ordinary in-process `RayBackend`
(tasks or the warm pool), so the games and results are the same as with any
other backend.

Only on Linux (fork: the parent has not imported Ray or started a thread), and
only for a running Ray named by an address: a Ray started for the run takes
seconds to start, against which the overlap is negligible.

Messages, parent to child: ("open", matches), ("submit", id, chunk),
("stop", [ids]), ("close",); child to parent: ("opened", workers, slots,
phases) or ("error", message), ("result", id, ChunkResult), ("closed",).
"""

from __future__ import annotations

import atexit
import contextlib
import multiprocessing
import os
import queue
import signal
import sys
import threading
import time
from collections.abc import Sequence
from typing import Any

from zxdeck.errors import ZxError
from zxdeck.sim.core import ChunkResult, Match

_EARLY: RayLink | None = None


class RayLink:
    """The parent's end: a child process that is (or becomes) a Ray driver."""

    def __init__(self, address: str, workers: int | None, keep_warm: float) -> None:
        self.key = (address, workers, keep_warm)
        ctx = multiprocessing.get_context("fork")
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(child, address, workers, keep_warm),
                                name="zxdeck-ray-driver", daemon=True)
        self.started = time.perf_counter()
        self.proc.start()
        child.close()
        self.done: dict[int, ChunkResult] = {}
        self.lost = ""  # why the child is gone, once it is

    def open(self, matches: Sequence[Match]) -> tuple[int, int, dict[str, float]]:
        """Hand the matches over; the child's workers, slots and phases (after it connected)."""
        self.conn.send(("open", list(matches)))
        reply = self._recv()
        if reply is None:
            self.close()
            raise ZxError(f"cannot reach Ray: the process connecting to it ended ({self.lost})")
        if reply[0] == "error":
            self.close()
            raise ZxError(reply[1])
        _, workers, slots, phases = reply
        return workers, slots, phases

    def _recv(self) -> Any:
        try:
            return self.conn.recv()
        except (EOFError, OSError):
            self.lost = self.lost or f"exit status {self.proc.exitcode}"
            return None

    def submit(self, ident: int, chunk: tuple[int, int, int]) -> None:
        if not self.lost:
            try:
                self.conn.send(("submit", ident, chunk))
            except OSError:
                self.lost = "the pipe to it closed"

    def wait(self, idents: list[int], timeout: float | None) -> list[int]:
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self.lost and not any(i in self.done for i in idents):
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            if not self.conn.poll(left):
                break
            while not self.lost and self.conn.poll(0):
                msg = self._recv()
                if msg is None:
                    break
                if msg[0] == "result":
                    self.done[msg[1]] = msg[2]
                elif msg[0] == "error":
                    self.lost = msg[1]
                elif msg[0] == "closed":
                    self.lost = "it ended"
        if self.lost:  # every chunk in flight is finished (lost) now
            return list(idents)
        return [i for i in idents if i in self.done]

    def result(self, ident: int) -> ChunkResult | None:
        """The chunk's result, None when the child ended before sending it."""
        return self.done.pop(ident, None)

    def stop(self, idents: list[int]) -> None:
        if not self.lost:
            with contextlib.suppress(OSError):
                self.conn.send(("stop", idents))

    def close(self, patience: float = 30.0) -> None:
        """Ask the child to disconnect from Ray and end; wait for it (at most about `patience`
        seconds: a child stuck connecting is killed)."""
        deadline = time.monotonic() + patience
        try:
            if self.proc.is_alive():
                self.conn.send(("close",))
                while self.conn.poll(max(0.0, deadline - time.monotonic())):
                    msg = self._recv()
                    if msg is None or msg[0] == "closed":
                        break
        except OSError:
            pass
        self.proc.join(max(0.1, deadline - time.monotonic()))
        if self.proc.is_alive():
            self.proc.kill()
            self.proc.join()
        self.conn.close()


def can_link() -> bool:
    return sys.platform.startswith("linux") and "ray" not in sys.modules


def connect_early(workers: int | None, address: str | None = None,
                  keep_warm: float | None = None) -> bool:
    """Start connecting to the running Ray at `address` ($RAY_ADDRESS) in a child process, for the
    `RayBackend(workers)` the command makes later (which takes it over: `take_early`). False
    (nothing started) without an address, off Linux, or once Ray is imported in this process."""
    global _EARLY
    from zxdeck.sim.backends import keep_warm_setting

    address = address if address is not None else os.environ.get("RAY_ADDRESS") or None
    if address is None or not can_link():
        return False
    keep = keep_warm_setting() if keep_warm is None else keep_warm
    drop_early()
    _EARLY = RayLink(address, workers, keep)
    # a command that ends before its run: end the child before multiprocessing's exit handler
    # (registered earlier, so run later) waits for it without a time limit
    atexit.unregister(_drop_at_exit)
    atexit.register(_drop_at_exit)
    return True


def _drop_at_exit() -> None:
    global _EARLY
    link, _EARLY = _EARLY, None
    if link is not None:
        link.close(patience=5.0)


def take_early(address: str | None, workers: int | None, keep_warm: float) -> RayLink | None:
    """The early connection made for exactly this backend, if any (ended if it was for another)."""
    global _EARLY
    link, _EARLY = _EARLY, None
    if link is not None and link.key != (address, workers, keep_warm):
        link.close()
        return None
    return link


def drop_early() -> None:
    """End an early connection no backend took (a command that stopped before its run)."""
    global _EARLY
    link, _EARLY = _EARLY, None
    if link is not None:
        link.close()


# --- the child


def _serve(conn: Any, address: str, workers: int | None, keep_warm: float) -> None:
    """The child: connect, wait for the matches, then play the chunks it is sent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's; it sends "stop"
    from zxdeck.sim.backends import RayBackend

    backend: RayBackend | None = None
    try:
        try:
            backend = RayBackend(workers, address=address, keep_warm=keep_warm)
            backend.connect()
            msg = conn.recv()
            if msg[0] != "open":
                return
            backend.open(msg[1])
        except ZxError as exc:
            conn.send(("error", str(exc)))
            return
        except EOFError:  # the parent ended before its run
            return
        conn.send(("opened", backend.workers, backend.slots, dict(backend.phases)))
        _play(conn, backend)
    except Exception as exc:  # reported to the parent as a lost connection
        with contextlib.suppress(OSError):
            conn.send(("error", f"the Ray driver process failed: {type(exc).__name__}: {exc}"))
    finally:
        if backend is not None:
            backend.close()
        with contextlib.suppress(OSError):
            conn.send(("closed",))
        conn.close()
        os._exit(0)  # Ray's exit handlers already ran in close(); skip the rest


def _play(conn: Any, backend: Any) -> None:
    commands: queue.Queue[Any] = queue.Queue()

    def read() -> None:
        try:
            while True:
                msg = conn.recv()
                commands.put(msg)
                if msg[0] == "close":
                    return
        except (EOFError, OSError):
            commands.put(("close",))

    threading.Thread(target=read, daemon=True).start()
    inflight: dict[Any, tuple[int, tuple[int, int, int]]] = {}
    closing = False
    while True:
        while True:  # the parent's commands, in order
            try:
                msg = commands.get(block=not inflight and not closing)
            except queue.Empty:
                break
            if msg[0] == "submit":
                inflight[backend.submit(msg[2])] = (msg[1], msg[2])
            elif msg[0] == "stop":
                wanted = set(msg[1])
                backend.stop([h for h, (i, _) in inflight.items() if i in wanted])
            else:
                closing = True
                break
        if closing and not inflight:
            return
        if not inflight:
            continue
        for handle in backend.wait(list(inflight), 0.005):
            ident, chunk = inflight.pop(handle)
            conn.send(("result", ident, backend.result(handle, chunk)))


__all__ = ["RayLink", "can_link", "connect_early", "drop_early", "take_early"]
