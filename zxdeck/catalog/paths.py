"""Where the catalogs and the cache folder are, reading the catalogs' bytes, and their digests.

No YAML here: a warm start needs only these (the loader re-exports them).

A catalog's cache is named by the sha256 of its bytes. Hashing needs the bytes (and hashlib,
which loads OpenSSL): a warm command would read and hash the whole YAML on every run. So a
digest, once computed, is remembered with the file's status (inode, size, modification and
change times) in `<cache dir>/fingerprints.json`; while the status is the same the file has not
been written (any write sets the change time, which no user tool can put back), and the
remembered digest is used without reading the file. A status less than `RACY_NS` old is never
remembered (a write in the same clock tick would not change it); anything unexpected (no memo,
another status, an unreadable memo) falls back to hashing the bytes.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from zxdeck.errors import CatalogError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import Any

    from zxdeck.catalog.schema import CatalogSchema

CACHE_ENV = "ZXDECK_CACHE_DIR"
# The largest catalog file read (the built-in one is 150 KB; 50,000 cards are about 25 MB).
MAX_CATALOG_BYTES = 64 * 1024 * 1024


def cache_dir() -> Path:
    """The cache folder: `$ZXDECK_CACHE_DIR`, else the platform's user cache dir for zxdeck.

    On Linux and the BSDs that is the XDG Base Directory one, `$XDG_CACHE_HOME/zxdeck` or
    `~/.cache/zxdeck`, read here directly: importing platformdirs (which imports tempfile,
    shutil, random, bz2, lzma) cost a warm command more than its SQLite queries. Anywhere else,
    or when the home folder is not absolute, platformdirs decides (tests compare both).
    """
    env = os.environ.get(CACHE_ENV)
    if env:
        return Path(env)
    if sys.platform.startswith(("linux", "freebsd", "openbsd", "netbsd")):
        xdg = os.environ.get("XDG_CACHE_HOME", "")
        base = xdg if os.path.isabs(xdg) else os.path.expanduser("~/.cache")
        if os.path.isabs(base):
            return Path(base) / "zxdeck"
    import platformdirs

    return Path(platformdirs.user_cache_dir("zxdeck", appauthor=False))


def builtin_data_dir() -> Path:
    """The folder of the built-in data: inside the installed package, or `data/` of a source checkout."""
    here = Path(__file__).resolve().parent.parent
    for candidate in (here / "data", here.parent / "data"):
        if (candidate / "cards.yaml").is_file():
            return candidate
    return here.parent / "data"


def builtin_catalog_path() -> Path:
    return builtin_data_dir() / "cards.yaml"


# What names the catalogs to use: one path, several (in order), or None for the default.
CatalogSpec = str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None
BUILTIN = "builtin"  # in `--cards` / $ZXDECK_CARDS: the built-in catalog


def catalog_paths(explicit: CatalogSpec = None) -> list[Path]:
    """The catalogs to use, in order: `--cards` (given once or more), else `$ZXDECK_CARDS`
    (several separated by `os.pathsep`), else the built-in one. `builtin` names the built-in
    catalog, so that `--cards builtin --cards mine.yaml` puts a player's cards on top of it."""
    if isinstance(explicit, str | os.PathLike):
        items: list[str | os.PathLike[str]] = [explicit] if str(explicit) else []
    else:
        items = [p for p in explicit or () if str(p)]
    global ENV_PATHS
    ENV_PATHS = ()
    if not items:
        env = os.environ.get("ZXDECK_CARDS") or ""
        # one existing file is one catalog even when its name holds the separator
        items = [env] if env and Path(env).is_file() else [p for p in env.split(os.pathsep) if p]
        ENV_PATHS = tuple(str(p) for p in items if str(p) != BUILTIN)
    if not items:
        return [builtin_catalog_path()]
    return [builtin_catalog_path() if str(p) == BUILTIN else Path(p) for p in items]


# The catalog paths the last `catalog_paths` took from $ZXDECK_CARDS (none when `--cards` named
# them): an error about one of them names the variable (zxdeck.errors.CatalogError).
ENV_PATHS: tuple[str, ...] = ()


def catalog_path(explicit: CatalogSpec = None) -> Path:
    """The catalog to use (`catalog_paths`); with several, the last one (whose cards win)."""
    return catalog_paths(explicit)[-1]


FINGERPRINTS = "fingerprints.json"  # <cache dir>/fingerprints.json: {path: [status, sha256]}
RACY_NS = 2_000_000_000  # a status younger than this may not show a write in the same instant
MAX_FINGERPRINTS = 256  # the oldest are forgotten beyond this many


def sha256_hex(data: bytes) -> str:
    import hashlib  # here only: importing it loads OpenSSL, which a warm command does not need

    return hashlib.sha256(data).hexdigest()


def file_status(st: os.stat_result) -> str:
    """What changes whenever a file is written or replaced: inode, size, mtime and ctime (ns)."""
    return f"{st.st_ino} {st.st_size} {st.st_mtime_ns} {st.st_ctime_ns}"


_memo: tuple[Path, dict[str, list[str]]] | None = None  # (cache dir, its fingerprints.json) last read


def _fingerprints() -> dict[str, list[str]]:
    global _memo
    folder = cache_dir()
    if _memo is None or _memo[0] != folder:
        import json

        try:
            memo = json.loads((folder / FINGERPRINTS).read_bytes())
        except (OSError, ValueError):
            memo = {}
        _memo = (folder, memo if isinstance(memo, dict) else {})
    return _memo[1]


def remembered_digest(path: str | os.PathLike[str], st: os.stat_result) -> str | None:
    """The digest remembered for the file at `path` with this status (`remember_digest`), or None."""
    entry = _fingerprints().get(os.path.abspath(path))
    if isinstance(entry, list) and len(entry) == 2 and entry[0] == file_status(st) and isinstance(entry[1], str):
        return entry[1]
    return None


def remember_digest(path: str | os.PathLike[str], st: os.stat_result, digest: str) -> None:
    """Remember `digest` for the file at `path` while its status stays `st` (best effort: an
    unwritable cache folder only means hashing again next time)."""
    import time

    if time.time_ns() - max(st.st_mtime_ns, st.st_ctime_ns) <= RACY_NS:
        return
    import json

    global _memo
    key = os.path.abspath(path)
    if _fingerprints().get(key) == [file_status(st), digest]:
        return
    _memo = None  # read it again: another process may have added to it
    memo = _fingerprints()
    memo.pop(key, None)
    memo[key] = [file_status(st), digest]
    for old in list(memo)[:-MAX_FINGERPRINTS]:
        del memo[old]
    folder = cache_dir()
    tmp = folder / f"{FINGERPRINTS}.{os.getpid()}.tmp"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        tmp.write_text(json.dumps(memo, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, folder / FINGERPRINTS)
    except OSError:
        with contextlib.suppress(OSError):
            tmp.unlink()


def digest_of_file(path: str | os.PathLike[str], limit: int | None = None,
                   what: str = "catalog") -> tuple[str, bytes | None]:
    """(the sha256 of the file's bytes, the bytes when they had to be read, else None): the
    remembered digest while the file's status is unchanged. Only a regular file of at most
    `limit` bytes (default `MAX_CATALOG_BYTES`) is read (zxdeck.bounded); OSError as `open`
    raises it, `zxdeck.bounded.FileRefused` (an OSError) for another file."""
    from zxdeck.bounded import open_regular, read_fd, size_text

    limit = MAX_CATALOG_BYTES if limit is None else limit
    fd, st = open_regular(path, what)
    try:
        known = remembered_digest(path, st)
        if known is not None:
            return known, None
        if st.st_size > limit:
            from zxdeck.bounded import FileRefused

            raise FileRefused(f"is {st.st_size:,} bytes; a {what} may be at most {size_text(limit)}")
        data = read_fd(fd, limit, what)
        st = os.fstat(fd)
    finally:
        os.close(fd)
    digest = sha256_hex(data)
    remember_digest(path, st, digest)
    return digest, data


def _catalog_error(path: Path, exc: OSError) -> CatalogError:
    problem = getattr(exc, "problem", None)  # zxdeck.bounded.FileRefused: not a regular file, too large
    if problem:
        return CatalogError(f"{path}: {problem}")
    if isinstance(exc, FileNotFoundError):
        return CatalogError(f"{path}: catalog file not found")
    if isinstance(exc, IsADirectoryError):
        return CatalogError(f"{path}: is a folder, not a catalog file")
    return CatalogError(f"{path}: cannot read catalog: {exc.strerror}")


def read_catalog_bytes(path: Path) -> bytes:
    """The bytes of a catalog file: a regular file of at most `MAX_CATALOG_BYTES`."""
    from zxdeck.bounded import read_file

    try:
        return read_file(path, MAX_CATALOG_BYTES, "catalog")[0]
    except OSError as exc:
        raise _catalog_error(path, exc) from None


class CatalogFiles:
    """The catalogs to use, in order, and the digest that covers them all.

    `read_catalog_files` reads a catalog's bytes only when its digest is not remembered
    (`digest_of_file`); `datas` reads the missing ones on first use, and the digests then
    become those of the bytes read (so `parse()` and `digest` always agree).
    """

    def __init__(self, paths: tuple[Path, ...], datas: tuple[bytes, ...] | None = None,
                 digests: tuple[str, ...] | None = None) -> None:
        self.paths = paths
        self._datas = datas
        self._digests = digests if digests is not None or datas is None else tuple(map(sha256_hex, datas))

    def __repr__(self) -> str:
        return f"CatalogFiles(paths={self.paths!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CatalogFiles) and (self.paths, self.digest) == (other.paths, other.digest)

    __hash__ = None  # type: ignore[assignment]

    @property
    def datas(self) -> tuple[bytes, ...]:
        """The bytes of every catalog (read now when they were not needed so far)."""
        if self._datas is None:
            read = [_read_remembering(path) for path in self.paths]
            self._datas = tuple(data for data, _ in read)
            self._digests = tuple(digest for _, digest in read)
        return self._datas

    @property
    def path(self) -> Path:
        """The last catalog (the only one, usually)."""
        return self.paths[-1]

    @property
    def label(self) -> str:
        return " + ".join(str(p) for p in self.paths)

    @property
    def digest(self) -> str:
        """sha256 of the bytes of a single catalog; for several, of their digests in order."""
        digests = self._digests if self._digests is not None else tuple(map(sha256_hex, self.datas))
        if len(digests) == 1:
            return digests[0]
        return sha256_hex(("catalogs\n" + "\n".join(digests)).encode())

    def parse(self, schema: CatalogSchema | None = None) -> list[Any]:
        """Parse and check every catalog (errors name the file) with the checker of `schema`'s game
        (default Z/X), then merge them (`merge_cards`)."""
        from zxdeck.catalog.loader import merge_cards, parse_catalog

        if schema is None or schema.parse_catalog is None:
            def parse(data: bytes, source: str) -> list[Any]:
                return parse_catalog(data, source) if schema is None else parse_catalog(data, source, schema)
        else:
            parse = schema.parse_catalog
        return merge_cards(parse(data, str(path)) for path, data in zip(self.paths, self.datas))


def read_catalog_files(explicit: CatalogSpec = None) -> CatalogFiles:
    """Read the catalogs named by `--cards` / `$ZXDECK_CARDS` / the built-in one (`catalog_paths`)."""
    paths = tuple(catalog_paths(explicit))
    digests: list[str] = []
    datas: list[bytes | None] = []
    for path in paths:
        try:
            digest, data = digest_of_file(path)
        except OSError as exc:
            raise _catalog_error(path, exc) from None
        digests.append(digest)
        datas.append(data)
    if all(data is not None for data in datas):
        return CatalogFiles(paths, tuple(datas), tuple(digests))  # type: ignore[arg-type]
    return CatalogFiles(paths, None, tuple(digests))


def _read_remembering(path: Path) -> tuple[bytes, str]:
    """(the bytes of a catalog, their sha256), remembered for `digest_of_file`."""
    from zxdeck.bounded import read_file

    try:
        data, st = read_file(path, MAX_CATALOG_BYTES, "catalog")
    except OSError as exc:
        raise _catalog_error(path, exc) from None
    digest = sha256_hex(data)
    remember_digest(path, st, digest)
    return data, digest


__all__ = [
    "BUILTIN",
    "CACHE_ENV",
    "CatalogFiles",
    "CatalogSpec",
    "MAX_CATALOG_BYTES",
    "builtin_catalog_path",
    "builtin_data_dir",
    "cache_dir",
    "catalog_path",
    "catalog_paths",
    "digest_of_file",
    "file_status",
    "read_catalog_bytes",
    "read_catalog_files",
    "remember_digest",
    "remembered_digest",
    "sha256_hex",
]
