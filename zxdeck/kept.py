"""Small YAML data files (regulations) checked once and kept as JSON in the cache folder.

A regulation is read on every `validate`; parsing its YAML means importing PyYAML, a fifth of a
warm command's start-up. `load_checked(path, kind, parse)` parses and checks the file once and
keeps the checked values as JSON (`<cache>/<kind>/<sha256 of the YAML bytes>.json`, with a digest
of its own content), so a later run with the same bytes reads that instead. A damaged or
foreign kept file is ignored and written again; an unwritable cache folder only means parsing
every time. Used by Z/X's and MOZ's regulations.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


# How the YAML was read when the values were kept: values kept by another reading (YAML 1.1,
# where a key given twice silently kept its last value) are never used.
READING = "yaml12"


def _kept_file(kind: str, digest: str) -> Path:
    from zxdeck.catalog.paths import cache_dir

    return cache_dir() / kind / f"{digest[:32]}-{READING}.json"


def _content_digest(values: dict[str, Any]) -> str:
    import json

    from zxdeck.catalog.paths import sha256_hex

    return sha256_hex(json.dumps(values, sort_keys=True, ensure_ascii=False).encode())


def kept_values(kind: str, digest: str) -> dict[str, Any] | None:
    """The values checked earlier from the bytes with this sha256, or None (not kept, damaged).
    The kept file's own digest is verified once per version of it (remembered by its status,
    as catalogs' digests are: zxdeck.catalog.paths)."""
    import json

    from zxdeck.catalog.paths import remember_digest, remembered_digest

    try:
        target = _kept_file(kind, digest)
        with target.open("rb") as fh:
            doc = json.loads(fh.read())
            st = os.fstat(fh.fileno())
        values = doc["values"]
        if not isinstance(values, dict):
            return None
        if remembered_digest(target, st) != doc["check"]:
            if doc["check"] != _content_digest(values):
                return None
            remember_digest(target, st, doc["check"])
        return values
    except (OSError, ValueError, KeyError, TypeError):
        return None


def keep_values(kind: str, digest: str, values: dict[str, Any]) -> None:
    """Keep checked JSON values for `kept_values` (best effort: an unwritable folder is fine)."""
    import json

    try:
        target = _kept_file(kind, digest)
        target.parent.mkdir(parents=True, exist_ok=True)
        tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"check": _content_digest(values), "values": values},
                                  ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, target)
    except OSError:
        pass


def data_file(name_or_path: str, folder: Path, error: Callable[[str], Exception], what: str = "regulation") -> Path:
    """The file a user means: a path (ends in .yaml / .yml or holds a folder separator), else the
    built-in `folder/NAME.yaml`; an unknown name raises `error(message)` listing the known ones."""
    if name_or_path.endswith((".yaml", ".yml")) or os.sep in name_or_path or "/" in name_or_path:
        return Path(name_or_path)
    path = folder / f"{name_or_path}.yaml"
    if not path.is_file():
        known = sorted(p.stem for p in folder.glob("*.yaml"))
        raise error(f"unknown {what} {name_or_path!r} (known: {', '.join(known) or 'none'}; or give a YAML file)")
    return path


# The largest data file (a regulation) read: a real one is a few kilobytes.
MAX_BYTES = 1024 * 1024


def load_checked(path: str | os.PathLike[str], kind: str, parse: Callable[[bytes], T],
                 dump: Callable[[T], dict[str, Any]], build: Callable[[dict[str, Any]], T],
                 what: str = "regulation") -> T:
    """The object read from the file at `path`: `build(values)` from the kept values when the same
    bytes were checked before, else `parse(bytes)` (which raises on a bad file), whose `dump` is
    kept for next time. Kept values `build` cannot use (another layout) are parsed again.
    Only a regular file of at most `MAX_BYTES` is read; OSError as reading the file raises it
    (`zxdeck.bounded.FileRefused`, whose `problem` says why, for another file)."""
    from zxdeck.catalog.paths import digest_of_file, sha256_hex

    digest, data = digest_of_file(path, MAX_BYTES, what)  # remembered while unchanged: no hashing
    values = kept_values(kind, digest)
    if values is not None:
        try:
            return build(values)
        except (KeyError, TypeError, ValueError, AttributeError):
            pass
    if data is None:
        from zxdeck.bounded import read_file

        data = read_file(path, MAX_BYTES, what)[0]
        digest = sha256_hex(data)
    found = parse(data)
    keep_values(kind, digest, dump(found))
    return found
