"""A pool of Ray worker processes kept warm between runs on a running Ray cluster.

Each `zxdeck sim` / `tournament` command is a new Ray job, and Ray starts new
worker processes for every job: on a running cluster that start (a Python
process that imports Ray, then zxdeck) is most of the fixed cost of a short
run. With `keep_warm` seconds (`ZXDECK_RAY_KEEP_WARM`), `RayBackend` plays
its chunks on *detached* actors instead, one per worker, which outlive the
command and are found again by name by the next one:

- the name holds a digest of the code that plays the games (the zxdeck
  package's files, the Python and Ray versions: `code_digest`), so an actor
  never plays a run of other code; each actor checks, when it starts, that
  its own install has the digest its name says (a node with another zxdeck
  is refused with a clear error);
- only runs whose matches are made of zxdeck and standard library objects use
  the pool (`pool_eligible`): code from elsewhere (a game defined by the
  caller) could change between runs while a warm actor keeps the old one;
- each actor holds one CPU while it lives, like a task, and ends itself after
  `keep_warm` seconds without a chunk, giving the CPU back to the cluster;
- results are those of `play_chunk` on the same matches: identical to any
  other backend.
"""

from __future__ import annotations

import hashlib
import io
import os
import pickle
import sys
import threading
import time
from collections import OrderedDict
from pathlib import Path
from typing import Any

import ray

NAMESPACE = "zxdeck"
_DIGEST: str | None = None


def code_digest() -> str:
    """sha256 (hex, 16 digits) of the zxdeck package's files with the Python and Ray versions."""
    global _DIGEST
    if _DIGEST is None:
        import zxdeck

        root = Path(zxdeck.__file__).resolve().parent
        h = hashlib.sha256(f"{sys.version}\0{ray.__version__}\0".encode())
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for name in sorted(filenames):
                if name.endswith((".pyc", ".pyo")):
                    continue
                path = Path(dirpath, name)
                h.update(str(path.relative_to(root)).encode() + b"\0")
                try:
                    h.update(path.read_bytes())
                except OSError:
                    h.update(b"\1unreadable")
        _DIGEST = h.hexdigest()[:16]
    return _DIGEST


class _Globals(pickle.Unpickler):
    def __init__(self, data: bytes) -> None:
        super().__init__(io.BytesIO(data))
        self.modules: set[str] = set()

    def find_class(self, module: str, name: str) -> Any:
        self.modules.add(module)
        return super().find_class(module, name)


def pool_eligible(matches: Any) -> bool:
    """Whether every class and function `matches` refers to comes from zxdeck or the standard
    library (so that the code digest covers all the code that plays them)."""
    try:
        reader = _Globals(pickle.dumps(matches, protocol=pickle.HIGHEST_PROTOCOL))
        reader.load()
    except Exception:  # lambdas, local classes, ...: not picklable by reference
        return False
    for module in reader.modules:
        top = module.split(".")[0]
        if top != "zxdeck" and top not in sys.stdlib_module_names:
            return False
    return True


@ray.remote(num_cpus=1, max_restarts=0, max_task_retries=0, concurrency_groups={"control": 2})
class PoolWorker:
    """One warm worker (a detached Ray actor; see the module docstring). Chunks run one at a
    time; `hello` and `stop` run beside them (the "control" group)."""

    def __init__(self, digest: str, keep: float) -> None:
        import zxdeck.sim.core  # noqa: F401  (the engine and agents, imported once)

        self.digest = code_digest()
        self.expected = digest
        self.keep = keep
        self.last = time.monotonic()
        self.busy = 0
        self.lock = threading.Lock()
        self.stopped: OrderedDict[str, None] = OrderedDict()
        self.cache: OrderedDict[str, Any] = OrderedDict()
        threading.Thread(target=self._watch, daemon=True).start()

    def _watch(self) -> None:
        while True:
            time.sleep(min(5.0, max(0.2, self.keep / 4)))
            with self.lock:
                idle = not self.busy and time.monotonic() - self.last > self.keep
                if idle:
                    self.keep = float("inf")  # nothing more is handed out: hello() says so
            if idle:
                ray.kill(ray.get_runtime_context().current_actor, no_restart=True)
                return

    @ray.method(concurrency_group="control")
    def hello(self, keep: float) -> tuple[str, int] | None:
        """This worker's code digest and process id, None when it is ending (idle too long)."""
        with self.lock:
            if self.keep == float("inf"):
                return None
            self.keep = keep
            self.last = time.monotonic()
        return self.digest, os.getpid()

    @ray.method(concurrency_group="control")
    def stop(self, run: str) -> None:
        """Chunks of `run` end after their current game."""
        self.stopped[run] = None
        while len(self.stopped) > 64:
            self.stopped.popitem(last=False)

    def chunk(self, run: str, box: list[Any], match: int, start: int, stop: int) -> Any:
        from zxdeck.sim.core import play_chunk

        if self.digest != self.expected:
            raise RuntimeError(f"this worker runs zxdeck code {self.digest}, the driver "
                               f"{self.expected}: install the same zxdeck on every node")
        with self.lock:
            self.busy += 1
        try:
            key = box[0].hex()
            matches = self.cache.get(key)
            if matches is None:
                matches = self.cache[key] = ray.get(box[0])
                while len(self.cache) > 4:
                    self.cache.popitem(last=False)
            return play_chunk(matches, match, start, stop, lambda: run in self.stopped)
        finally:
            with self.lock:
                self.busy -= 1
                self.last = time.monotonic()


def pool_name(digest: str, index: int) -> str:
    return f"zxdeck-sim-{digest}-{index}"


__all__ = ["NAMESPACE", "PoolWorker", "code_digest", "pool_eligible", "pool_name"]
