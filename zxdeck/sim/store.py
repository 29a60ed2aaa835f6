"""A run's folder (`--out DIR`): `manifest.json`, `games.jsonl`, and `result.json` at the end.

- `manifest.json` says what the run is (zxdeck version, catalog sha256,
  regulation, decks with their digests and card lists, agents and their
  settings, master seed, games, Python version). It is written once, before
  any game, atomically. Nothing in it depends on --jobs or the backend.
- `games.jsonl` has one line per finished game, in game order. Lines are
  appended a batch at a time by a single write of whole lines; a run that is
  stopped (Ctrl-C, a failed game) writes only games whose predecessors are
  all written, so the file is always a prefix of the complete run's file.
- `--resume DIR` reads both, checks that the manifest still describes the
  same run (same decks, catalog, agents, settings and zxdeck version) and
  continues after the last complete line (a line cut by a crash of the
  machine is dropped and played again).
- Nothing in the folder is taken on trust: `manifest.json` carries the checksum
  of each of its keys (`checksums`) and each line of `games.jsonl` a checksum
  chained to the line before it and to the manifest (`chain`), so a key or a
  line changed, added, removed or moved by hand is refused naming it (a folder
  without checksums, from before them, is refused too). They catch mistakes,
  not a forger: the sums are not secret.
- One writer per folder: a run holds `run.lock` (an fcntl lock, which a
  process that died no longer holds) while it writes there; another `--out` or
  `--resume` on that folder is refused naming the holder (pid, host, command,
  since when).
"""

from __future__ import annotations

import hashlib
import json
import os
import socket
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from zxdeck.errors import ZxError

MANIFEST = "manifest.json"
GAMES = "games.jsonl"
RESULT = "result.json"
FORMAT = "zxdeck-sim/1"
LOCK = "run.lock"
SEAL = "checksums"  # the manifest's key holding the checksum of each other key
CHAIN = "chain"  # the key of a games.jsonl line holding its chained checksum


def _canonical(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode()


def _sum(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:32]


def unsealed(manifest: dict[str, Any]) -> dict[str, Any]:
    """A manifest without its checksums."""
    return {k: v for k, v in manifest.items() if k != SEAL}


def sealed(manifest: dict[str, Any]) -> dict[str, Any]:
    """A manifest with the checksum of each of its keys (`checksums`), as manifest.json holds it."""
    body = unsealed(manifest)
    return {**body, SEAL: {k: _sum(_canonical(v)) for k, v in body.items()}}


def manifest_sum(manifest: dict[str, Any]) -> str:
    """The checksum of a whole manifest: where the chain of games.jsonl starts."""
    return _sum(_canonical(unsealed(manifest)))


def chained(previous: str, record: dict[str, Any]) -> str:
    """The checksum of a game's record after the line (or manifest) whose checksum is `previous`."""
    return _sum(previous.encode() + _canonical(record))


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.write_text(text, encoding="utf-8")
        os.replace(tmp, path)
    except OSError as exc:
        raise ZxError(f"{path}: cannot write: {exc.strerror}") from None


class RunDir:
    """The folder of one run; `append` adds finished games to games.jsonl."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._games: IO[str] | None = None
        self._lock: IO[str] | None = None
        self._first: str | None = None  # the manifest's checksum: where the chain starts
        self._chain = ""  # the checksum of the last line written or read

    def lock(self) -> None:
        """Hold the folder's lock (`run.lock`) until `release()` or the end of this process;
        a ZxError naming the holder when another process holds it (exit 2)."""
        if self._lock is not None:
            return
        try:
            import fcntl
        except ImportError:  # not POSIX: no lock
            return
        path = self.path / LOCK
        try:
            f = open(path, "a+", encoding="utf-8")  # noqa: SIM115 - held until release()
        except OSError as exc:
            raise ZxError(f"{path}: cannot open the run's lock: {exc.strerror}") from None
        try:
            fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            f.seek(0)
            holder = f.read(2000).strip() or "another process"
            f.close()
            raise ZxError(f"{self.path}: the run is in use by {holder}: one run writes a folder at "
                          "a time (wait for it to end, or stop it)") from None
        f.seek(0)
        f.truncate()
        since = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
        command = " ".join(["zxdeck", *sys.argv[1:]])
        f.write(f"pid {os.getpid()} on {socket.gethostname()} since {since} ({command})\n")
        f.flush()
        self._lock = f

    def release(self) -> None:
        """Close games.jsonl and let go of the folder's lock."""
        self.close()
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    @property
    def manifest_path(self) -> Path:
        return self.path / MANIFEST

    @property
    def games_path(self) -> Path:
        return self.path / GAMES

    def create(self, manifest: dict[str, Any]) -> None:
        """Start a new run here: the folder is made if needed and must not hold a run already.
        The folder's lock is held from here on (`lock`)."""
        if self.path.exists() and not self.path.is_dir():
            raise ZxError(f"{self.path}: is a file, not a folder (--out names the folder the run "
                          "writes, made if needed)")
        if self.manifest_path.exists() or self.games_path.exists():
            self._refuse_existing()
        try:
            self.path.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise ZxError(f"{self.path}: cannot create the output folder: {exc.strerror}") from None
        if not self.path.is_dir():
            raise ZxError(f"{self.path}: not a folder")
        self.lock()
        if self.manifest_path.exists() or self.games_path.exists():
            self._refuse_existing()
        _write_atomic(self.manifest_path,
                      json.dumps(sealed(manifest), ensure_ascii=False, indent=2) + "\n")
        self._first = self._chain = manifest_sum(manifest)
        self._open(truncate_to=0)

    def _refuse_existing(self) -> None:
        self.lock()  # a run going on there is named
        self.release()
        raise ZxError(f"{self.path}: already holds a run (continue it with --resume {self.path}, "
                      "or choose another --out)")

    def read_manifest(self) -> dict[str, Any]:
        if not self.path.exists():
            raise ZxError(f"{self.path}: no such folder, so no {MANIFEST}: --resume takes the "
                          "folder a run wrote with --out")
        if not self.path.is_dir():
            raise ZxError(f"{self.path}: is a file, not a folder: --resume takes the folder a run "
                          "wrote with --out")
        try:
            text = self.manifest_path.read_text(encoding="utf-8")
        except FileNotFoundError:
            raise ZxError(f"{self.path}: no {MANIFEST}: not the folder a run wrote with --out "
                          "(sim, tournament, gauntlet, optimize)") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise ZxError(f"{self.manifest_path}: cannot read: {exc}") from None
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ZxError(f"{self.manifest_path}: not a run manifest (JSON error line {exc.lineno}: "
                          f"{exc.msg})") from None
        except (ValueError, RecursionError) as exc:  # a 5,000-digit number, nesting too deep
            raise ZxError(f"{self.manifest_path}: not a run manifest ({exc})") from None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ZxError(f"{self.manifest_path}: not a run manifest (expected format {FORMAT})")
        sums = data.get(SEAL)
        if not isinstance(sums, dict):
            raise ZxError(f"{self.manifest_path}: has no checksums (written by a zxdeck before them, "
                          "or edited): it cannot be checked, so it is not resumed; start the run "
                          "again with --out")
        body = unsealed(data)
        for key in sorted(set(body) | set(sums), key=str):
            if key not in body:
                what = "was removed"
            elif key not in sums:
                what = "was added"
            elif sums[key] != _sum(_canonical(body[key])):
                what = "was changed"
            else:
                continue
            raise ZxError(f"{self.manifest_path}: key {key!r} {what} since the run wrote it "
                          "(its checksum does not match): refused")
        self._first = manifest_sum(body)
        return body

    def records(self) -> Iterator[dict[str, Any]]:
        """The games already written, in order (without their `chain`), each checked against
        its checksum; a last line without its newline is left out (and cut off when the run
        resumes)."""
        if self._first is None:
            self.read_manifest()
        assert self._first is not None
        chain = self._chain = self._first
        self._valid_bytes = 0
        try:
            f = open(self.games_path, "rb")  # noqa: SIM115 - closed below
        except FileNotFoundError:
            return
        except OSError as exc:
            raise ZxError(f"{self.games_path}: cannot read: {exc.strerror}") from None
        with f:
            for n, line in enumerate(f, 1):
                if not line.endswith(b"\n"):
                    break
                try:
                    rec = json.loads(line)
                except (ValueError, RecursionError):
                    raise ZxError(f"{self.games_path}: line {n}: not a game record") from None
                if not isinstance(rec, dict):
                    raise ZxError(f"{self.games_path}: line {n}: not a game record")
                mark = rec.pop(CHAIN, None)
                chain = chained(chain, rec)
                if mark != chain:
                    raise ZxError(f"{self.games_path}: line {n}: changed since the run wrote it (its "
                                  "checksum does not match; a line removed, added or moved shows "
                                  "there too): refused")
                self._valid_bytes += len(line)
                self._chain = chain
                yield rec

    def open_for_resume(self) -> None:
        """Append after the complete lines read by `records()`."""
        self._open(truncate_to=self._valid_bytes)

    def _open(self, truncate_to: int) -> None:
        try:
            f = open(self.games_path, "a+b")  # noqa: SIM115 - closed by close()
            f.truncate(truncate_to)
        except OSError as exc:
            raise ZxError(f"{self.games_path}: cannot write: {exc.strerror}") from None
        self._games = f  # type: ignore[assignment]

    def append(self, records: list[dict[str, Any]]) -> None:
        """Add finished games: whole lines in one write, flushed."""
        assert self._games is not None
        lines = []
        for r in records:
            self._chain = chained(self._chain, r)
            lines.append(json.dumps({**r, CHAIN: self._chain}, ensure_ascii=False) + "\n")
        data = "".join(lines).encode()
        try:
            self._games.write(data)  # type: ignore[arg-type]
            self._games.flush()
        except OSError as exc:
            raise ZxError(f"{self.games_path}: cannot write: {exc.strerror}") from None

    def write_result(self, result: dict[str, Any]) -> None:
        _write_atomic(self.path / RESULT, json.dumps(result, ensure_ascii=False, indent=2) + "\n")

    def close(self) -> None:
        if self._games is not None:
            self._games.close()
            self._games = None


# Where files are does not change the games (the decks' and catalog's digests are compared).
IGNORED = frozenset({"path", "catalog"})


def _strip(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _strip(v) for k, v in value.items() if k not in IGNORED}
    if isinstance(value, list):
        return [_strip(v) for v in value]
    return value


def compare_manifests(old: dict[str, Any], new: dict[str, Any], where: str) -> None:
    """ZxError naming the first difference between a run's manifest and the run asked for now
    (file locations aside: decks and catalog are compared by content)."""
    old, new = _strip(old), _strip(new)
    for key in sorted(set(old) | set(new)):
        if old.get(key) != new.get(key):
            detail = _first_difference(old.get(key), new.get(key), key)
            raise ZxError(f"{where}: cannot resume: the run no longer matches its manifest "
                          f"({detail})")


def open_run(manifest: dict[str, Any], stored: dict[str, Any] | None, store: RunDir | None,
             out_dir: str | None, resume_dir: str | None) -> tuple[dict[str, Any], RunDir | None]:
    """The manifest a run goes on with and the folder its games are written to: on `--resume`
    (`stored`: the manifest read from `store`), the stored one once it matches `manifest`
    (`compare_manifests`); else `manifest` itself, written into a new folder `out_dir` if given
    (whose lock it then holds)."""
    if stored is not None:
        compare_manifests(stored, manifest, resume_dir or "")
        return stored, store
    if out_dir:
        out = RunDir(out_dir)
        out.create(manifest)
        return manifest, out
    return manifest, None


def _first_difference(a: Any, b: Any, path: str) -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                return _first_difference(a.get(key), b.get(key), f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b)):
            if x != y:
                return _first_difference(x, y, f"{path}[{i}]")

    def short(v: Any) -> str:
        text = json.dumps(v, ensure_ascii=False)
        return text if len(text) <= 60 else text[:57] + "..."

    return f"{path}: was {short(a)}, now {short(b)}"


__all__ = ["FORMAT", "GAMES", "LOCK", "MANIFEST", "RESULT", "RunDir", "chained", "compare_manifests",
           "manifest_sum", "sealed", "unsealed"]
