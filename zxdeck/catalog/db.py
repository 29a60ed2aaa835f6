"""The SQLite cache of a catalog: built once per catalog content, opened read-only afterwards.

`open_db(path)` reads the catalog file's bytes, hashes them (sha256) and opens
`cards-v<SCHEMA>-<zxdeck version>-<digest>.sqlite` in the cache folder (`$ZXDECK_CACHE_DIR`, else
the user cache dir). When that file is missing, corrupt or truncated, the YAML
is parsed (libyaml safe loader, via `loader.parse_catalog`) and the database is
built into a temporary file in the same folder, then moved into place with
`os.replace`, so concurrent builders never leave a broken file. The builder seals the file (a
digest of its bytes in its header); an open checks the seal, so a damaged file is rebuilt, never
read (`CacheRepairedWarning` says so). A warm open never parses YAML. Every field is stored, so `CatalogDB.catalog()` rebuilds the
full `Catalog`. The tables are described in docs/DATABASE.md.
"""

from __future__ import annotations

import contextlib
import os
import re
import sqlite3
import time
import warnings
from collections.abc import Iterable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from zxdeck.catalog.paths import cache_dir, sha256_hex
from zxdeck.catalog.schema import CatalogSchema, default_schema
from zxdeck.records import FACTORY, Record

if TYPE_CHECKING:  # at run time the loader is imported lazily: it pulls in yaml
    from zxdeck.catalog.loader import Catalog
    from zxdeck.catalog.paths import CatalogFiles, CatalogSpec

# The version of the default game's (Z/X's) tables, its schema's `version` (3: the file is sealed,
# header user_version / application_id); a cache file is named and checked by its game's version.
SCHEMA_VERSION = 3
Card = Any  # a card of the catalog's game
STALE_TMP_SECONDS = 3600
# The seal: the first 8 bytes of the sha256 of the file (these 8 bytes counted as zeros), kept in
# two 4-byte header fields SQLite stores but never interprets (user_version, application_id).
SEAL_AT = (60, 68)
VERIFIED = "verified"  # <cache dir>/verified/<cache file name>: the file status last verified
RACY_NS = 2_000_000_000  # a status younger than this may not show a write in the same instant


class CacheRepairedWarning(UserWarning):
    """A damaged cache file was found and rebuilt (the answer comes from the rebuilt file)."""

MMAP_BYTES = 256 * 1024 * 1024
FTS_TOKENIZE = "trigram case_sensitive 1"  # the columns are already folded


def catalog_digest(data: bytes) -> str:
    """The cache key of a catalog: the sha256 of its bytes."""
    return sha256_hex(data)


def cache_file(digest: str, directory: Path | None = None, schema: CatalogSchema | None = None) -> Path:
    """The cache database for a catalog with this digest, built by this version of zxdeck
    (a new version may check catalogs differently, so it never trusts an older cache); a game
    other than the default has a folder of its own (`schema.cache_subdir`)."""
    from zxdeck import __version__

    folder = directory or cache_dir()
    if schema is not None and schema.cache_subdir and directory is None:
        folder = folder / schema.cache_subdir
    return folder / f"cards-v{_version(schema)}-{__version__}-{digest[:32]}.sqlite"


def _version(schema: CatalogSchema | None) -> int:
    """The table version of `schema`'s game (None: the default game's, without importing it)."""
    return SCHEMA_VERSION if schema is None else schema.version


@lru_cache(maxsize=128)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern, re.IGNORECASE)


def _regexp(pattern: str, value: str | None) -> int:
    """SQLite REGEXP: `value REGEXP pattern` (patterns are checked when the query is parsed)."""
    if value is None:
        return 0
    try:
        return 1 if _compiled(pattern).search(value) else 0
    except (re.error, RecursionError, MemoryError):
        return 0


def prepare_connection(conn: sqlite3.Connection) -> sqlite3.Connection:
    """Register the functions queries use (REGEXP)."""
    conn.create_function("regexp", 2, _regexp, deterministic=True)
    return conn


def write_cards(conn: sqlite3.Connection, cards: Iterable[Card], meta: dict[str, str],
                schema: CatalogSchema | None = None) -> int:
    """Create the tables of `schema`'s game (default Z/X) and the full-text index in an empty
    database; return the card count."""
    import sqlite_utils

    schema = schema or default_schema()
    columns_of = schema.columns
    card_row = schema.card_row
    db = sqlite_utils.Database(conn)
    conn.execute("PRAGMA journal_mode=OFF")
    conn.execute("PRAGMA synchronous=OFF")
    table = db.table("cards")
    table.create(
        columns_of,
        pk="id",
        not_null={c for c in columns_of if c not in schema.nullable},
    )
    count = 0

    # Rows go in sorted by id, so rowid order is id order: sorting by id costs nothing and
    # scans read the table in order. `seq` keeps the catalog order.
    ordered = sorted(enumerate(cards), key=lambda pair: pair[1].id)

    def rows() -> Iterator[dict[str, Any]]:
        nonlocal count
        for seq, card in ordered:
            count += 1
            yield card_row(card, seq)

    table.insert_all(rows(), batch_size=500)
    # Only selective look-ups get an index; type/color/cost/power filters scan (cheaper here).
    for index in schema.indexes:
        table.create_index(list(index))
    fts = "none"
    if schema.fts_columns:
        try:
            table.enable_fts(list(schema.fts_columns), tokenize=FTS_TOKENIZE)
            fts = "trigram"
        except sqlite3.OperationalError:  # SQLite < 3.34 has no trigram tokenizer: instr() only
            conn.execute("DROP TABLE IF EXISTS cards_fts")
    narrow = db.table("card_search")
    search_columns = schema.search_columns
    narrow.create({"rid": int, **{c: columns_of[c] for c in search_columns}}, pk="rid",
                  not_null=set(search_columns) - schema.nullable)
    columns = ", ".join(search_columns)
    conn.execute(f"INSERT INTO card_search (rid, {columns}) SELECT rowid, {columns} FROM cards ORDER BY rowid")
    narrow.create_index(["id_f"])
    conn.execute("ANALYZE")
    db.table("meta").insert_all(
        [{"key": k, "value": v} for k, v in {**meta, "card_count": str(count), "fts": fts}.items()],
        pk="key",
    )
    conn.commit()
    return count


def _seal_of(fh: Any) -> tuple[bytes, bytes]:
    """(the seal stored in the file's header, the seal its bytes have); the file read from 0."""
    import hashlib

    fh.seek(0)
    header = bytearray(fh.read(100))
    if len(header) < 100:
        return b"", b"short"
    a, b = SEAL_AT
    stored = bytes(header[a:a + 4] + header[b:b + 4])
    header[a:a + 4] = header[b:b + 4] = bytes(4)
    digest = hashlib.sha256(header)
    while chunk := fh.read(1 << 20):
        digest.update(chunk)
    return stored, digest.digest()[:8]


def seal(path: Path) -> None:
    """Write the seal of a finished database file into its header (`SEAL_AT`)."""
    with path.open("r+b") as fh:
        _, actual = _seal_of(fh)
        for offset, part in zip(SEAL_AT, (actual[:4], actual[4:])):
            fh.seek(offset)
            fh.write(part)


def _status(st: os.stat_result) -> str:
    return f"{st.st_ino} {st.st_size} {st.st_mtime_ns} {st.st_ctime_ns}"


def intact(path: Path) -> bool:
    """Is the cache file exactly as its builder sealed it?

    Hashing the whole file costs about 1 ms for the built-in catalog but ~100 ms for a 50 MB
    cache, so a file found intact is remembered by its status (inode, size, modification and
    change times, in `verified/`): while that status is the same, the file has not been written
    (a write sets the change time, which no user tool can put back) and is not hashed again. A
    status less than `RACY_NS` old is never remembered: a write in the same clock tick as the
    build would not change it.
    """
    marker = path.parent / VERIFIED / path.name
    with path.open("rb") as fh:
        status = _status(os.fstat(fh.fileno()))
        try:
            if marker.read_text(encoding="ascii") == status:
                return True
        except (OSError, UnicodeDecodeError):
            pass
        stored, actual = _seal_of(fh)
        st = os.fstat(fh.fileno())
    if stored != actual:
        return False
    if time.time_ns() - max(st.st_mtime_ns, st.st_ctime_ns) > RACY_NS:
        with contextlib.suppress(OSError):  # remembering is an optimisation only
            marker.parent.mkdir(exist_ok=True)
            _write_atomic(marker, status)
    return True


def _repaired(path: Path, catalog_path: Path) -> None:
    warnings.warn(f"{path}: the card cache was damaged; rebuilt it from {catalog_path}",
                  CacheRepairedWarning, stacklevel=3)


def _connect_ro(path: Path) -> sqlite3.Connection:
    # immutable=1: the file is never changed in place (a rebuild replaces it), so no locks needed.
    uri = path.resolve().as_uri() + "?mode=ro&immutable=1"
    conn = prepare_connection(sqlite3.connect(uri, uri=True, check_same_thread=False))
    conn.execute(f"PRAGMA mmap_size={MMAP_BYTES}")  # scans read the OS page cache directly
    return conn


def _has_fts(conn: sqlite3.Connection) -> bool:
    row = conn.execute("SELECT value FROM meta WHERE key = 'fts'").fetchone()
    return bool(row) and row[0] == "trigram"


def _usable(conn: sqlite3.Connection, path: Path, digest: str, schema: CatalogSchema | None = None) -> bool:
    """True when the cache file is complete and built from this catalog with this schema."""
    page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    page_count = conn.execute("PRAGMA page_count").fetchone()[0]
    if page_size * page_count != path.stat().st_size:  # truncated or padded
        return False
    from zxdeck import __version__

    meta = dict(conn.execute("SELECT key, value FROM meta"))
    game = schema.game if schema is not None and schema.cache_subdir else None
    return (
        meta.get("schema") == str(_version(schema))
        and meta.get("game") == game
        and meta.get("digest") == digest
        and meta.get("zxdeck_version") == __version__
    )


class CatalogDB(Record):
    """An open catalog database (the cache file, or an in-memory copy when the cache is unwritable)."""

    _fields = ("conn", "catalog_path", "digest", "path", "built", "build_seconds", "fts", "catalog_paths",
               "_cards", "_folded")
    _no_repr = ("_cards", "_folded")
    _schema: CatalogSchema | None = None  # set by `open_db` (`with_schema`) for a game other than the default

    def __init__(self, conn: sqlite3.Connection, catalog_path: Path, digest: str, path: Path | None = None,
                 built: bool = False, build_seconds: float = 0.0, fts: bool = True,
                 catalog_paths: tuple[Path, ...] = (), _cards: list[Card] | None = None,
                 _folded: dict[tuple[str, ...], list[tuple]] = FACTORY) -> None:
        self.conn = conn
        self.catalog_path = catalog_path  # the last catalog when several are merged
        self.digest = digest
        self.path = path  # the cache file; None for an in-memory database
        self.built = built  # True when this open (re)built it
        self.build_seconds = build_seconds
        self.fts = fts  # the trigram index exists (meta `fts`)
        self.catalog_paths = catalog_paths  # every catalog, in order (`--cards` given more than once)
        self._cards = _cards
        self._folded = {} if _folded is FACTORY else _folded

    @property
    def schema(self) -> CatalogSchema:
        """The catalog schema of the database's game (default Z/X's)."""
        return self._schema or default_schema()

    def with_schema(self, schema: CatalogSchema | None) -> CatalogDB:
        """This database, read as a catalog of `schema`'s game."""
        self._schema = schema
        return self

    def execute(self, sql: str, params: Iterable[Any] = ()) -> list[tuple]:
        """Run a read-only statement; a cache found corrupt on the way is rebuilt once, then retried."""
        try:
            return self.conn.execute(sql, tuple(params)).fetchall()
        except sqlite3.DatabaseError as exc:
            # Corruption is a plain DatabaseError ("malformed", "not a database"); an
            # OperationalError is only a cache problem when a table or column is missing.
            foreign = isinstance(exc, sqlite3.OperationalError) and "no such" not in str(exc)
            if self.path is None or self.built or foreign:
                raise
            damaged = self.path
            self._rebuild()
            _repaired(damaged, self.catalog_path)
            return self.conn.execute(sql, tuple(params)).fetchall()

    def _rebuild(self) -> None:
        fresh = open_db(self.catalog_paths or self.catalog_path, rebuild=True, schema=self.schema)
        with contextlib.suppress(sqlite3.Error):
            self.conn.close()
        self.conn, self.path, self.built, self.fts = fresh.conn, fresh.path, True, fresh.fts
        self._folded.clear()
        self.build_seconds = fresh.build_seconds

    def folded_rows(self, columns: tuple[str, ...]) -> list[tuple]:
        """(rowid, *columns) of every card, for Python-side matching (/regex/ terms); kept for
        later queries on this connection. `text_f` comes from `cards`, the rest from `card_search`."""
        if columns not in self._folded:
            allowed = set(self.schema.search_columns) | {"text_f"}
            if not set(columns) <= allowed:
                raise ValueError(f"not a folded column: {columns}")
            table = "cards" if "text_f" in columns else "card_search"
            self._folded[columns] = self.execute(f"SELECT rowid, {', '.join(columns)} FROM {table}")
        return self._folded[columns]

    def cards(self) -> list[Card]:
        """Every card, in catalog order."""
        if self._cards is None:
            rows = self.execute(f"SELECT {self.schema.card_select} FROM cards ORDER BY seq")
            card_from_row = self.schema.card_from_row
            self._cards = [card_from_row(r) for r in rows]
        return self._cards

    def catalog(self) -> Catalog:
        """The full `Catalog`, rebuilt from the database without reading YAML."""
        from zxdeck.catalog.loader import Catalog

        return Catalog(self.cards(), path=self.catalog_path, digest=self.digest)

    def meta(self) -> dict[str, str]:
        return dict(self.execute("SELECT key, value FROM meta"))

    def info(self) -> dict[str, Any]:
        """What the database holds: paths, digest, size, card counts by type and color."""
        meta = self.meta()
        by_type = dict(self.execute("SELECT type, count(*) FROM cards GROUP BY type ORDER BY type"))
        by_color = dict(self.execute(
            "SELECT color, count(*) FROM cards WHERE type != ? GROUP BY color ORDER BY color_order",
            ("player",),
        ))
        return {
            "catalog": " + ".join(str(p) for p in self.catalog_paths or (self.catalog_path,)),
            "digest": self.digest,
            "database": str(self.path) if self.path else ":memory:",
            "size_bytes": self.path.stat().st_size if self.path else None,
            "schema": _version(self._schema),
            "fts": meta.get("fts"),
            "built_at": meta.get("built_at"),
            "zxdeck_version": meta.get("zxdeck_version"),
            "cards": sum(by_type.values()),
            "by_type": by_type,
            "by_color": by_color,
        }

    def close(self) -> None:
        self.conn.close()


def _meta(catalog_path: Path | str, digest: str, schema: CatalogSchema | None = None) -> dict[str, str]:
    from zxdeck import __version__

    game = {"game": schema.game} if schema is not None and schema.cache_subdir else {}  # default: no key
    return {
        **game,
        "schema": str(_version(schema)),
        "digest": digest,
        "catalog_path": str(catalog_path),
        "built_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "zxdeck_version": __version__,
    }


def build_cache_file(cards: list[Any], dest: Path, catalog_path: Path | str, digest: str,
                     writer: Any = None, meta: dict[str, str] | None = None,
                     schema: CatalogSchema | None = None) -> None:
    """Write the database to a temporary file beside `dest`, seal it, then move it into place
    atomically. `writer(conn, cards, meta)` fills it (default `write_cards` with the tables of
    `schema`'s game, default Z/X)."""
    import tempfile

    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp_name = tempfile.mkstemp(prefix=dest.name + ".", suffix=".tmp", dir=dest.parent)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        conn = sqlite3.connect(tmp)
        try:
            if writer is None:
                write_cards(conn, cards, meta or _meta(catalog_path, digest, schema), schema)
            else:
                writer(conn, cards, meta or _meta(catalog_path, digest, schema))
        finally:
            conn.close()
        seal(tmp)
        try:
            os.replace(tmp, dest)
        except PermissionError:  # Windows: another process has it open; it built the same content
            if not dest.exists():
                raise
    finally:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()


POINTERS = "paths"  # <cache dir>/paths/<hash of a catalog path>: "<cache file name>\n<catalog path>"
SWEEP_MARKER = ".swept"
SWEEP_SECONDS = 3600


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def _prune(directory: Path, keep: Path, catalog_path: Path | str) -> None:
    """Keep the cache folder small, without opening every file in it.

    The cache this catalog file had before (its pointer in `paths/`) is removed at once.
    About once an hour a sweep also removes the caches of catalog files that no longer
    exist, cache files no pointer names, and temporary files left by crashed builds.
    """
    pointers = directory / POINTERS
    pointers.mkdir(exist_ok=True)
    pointer = pointers / sha256_hex(str(catalog_path).encode())[:32]
    try:
        previous = pointer.read_text(encoding="utf-8").split("\n", 1)[0]
    except (OSError, UnicodeDecodeError):
        previous = ""
    if previous and previous != keep.name and "/" not in previous and "\\" not in previous:
        (directory / previous).unlink(missing_ok=True)
        (directory / VERIFIED / previous).unlink(missing_ok=True)
    _write_atomic(pointer, f"{keep.name}\n{catalog_path}")
    marker = directory / SWEEP_MARKER
    try:
        if time.time() - marker.stat().st_mtime < SWEEP_SECONDS:
            return
    except OSError:
        pass
    marker.touch()
    _sweep(directory, keep)


def _sweep(directory: Path, keep: Path) -> None:
    """Remove pointers of deleted catalog files, cache files no pointer names (older than a
    minute, so a build whose pointer is still being written is spared) and stale temporary files."""
    now = time.time()
    named: set[str] = {keep.name}
    for pointer in (directory / POINTERS).iterdir():
        try:
            name, catalog = pointer.read_text(encoding="utf-8").split("\n", 1)
            if all(Path(p).exists() for p in catalog.split("\n")):  # several: one a line
                named.add(name)
            else:
                pointer.unlink()
        except (OSError, ValueError, UnicodeDecodeError):
            continue
    verified = directory / VERIFIED
    if verified.is_dir():
        for marker in verified.iterdir():
            if not (directory / marker.name).exists():
                with contextlib.suppress(OSError):
                    marker.unlink()
    for other in directory.glob("cards-v*.sqlite*"):
        try:
            age = now - other.stat().st_mtime
            if other.suffix == ".tmp":
                if age > STALE_TMP_SECONDS:
                    other.unlink()
            elif other.name not in named and age > 60:
                other.unlink()
        except OSError:
            continue


def _memory_db(cards: list[Card], catalog_path: Path | str, digest: str,
               schema: CatalogSchema | None = None) -> sqlite3.Connection:
    conn = prepare_connection(sqlite3.connect(":memory:", check_same_thread=False))
    write_cards(conn, cards, _meta(catalog_path, digest, schema), schema)
    conn.execute("PRAGMA query_only=ON")
    return conn


def open_db(path: CatalogSpec = None, *, rebuild: bool = False, schema: CatalogSchema | None = None,
            files: CatalogFiles | None = None) -> CatalogDB:
    """Open the cache of a catalog (`--cards` / `$ZXDECK_CARDS` / built-in), building it when needed.

    With several catalogs (`--cards` given more than once) the cache holds them merged
    (`loader.merge_cards`) and its key, the digest, covers all of them in order. `schema` is the
    game's catalog schema (default Z/X's); `files`, the catalogs already read (another game finds
    its own), else `path` is read as Z/X's `--cards`.
    Raises `CatalogError` when a catalog file cannot be read or is refused.
    """
    from zxdeck.catalog.paths import read_catalog_files

    if files is None:
        files = read_catalog_files(path)
    resolved, digest = files.path, files.digest
    target = cache_file(digest, schema=schema)
    damaged = False
    if not rebuild and target.is_file():
        conn = None
        try:
            if intact(target):
                conn = _connect_ro(target)
                if _usable(conn, target, digest, schema):
                    return CatalogDB(conn, resolved, digest, target, fts=_has_fts(conn),
                                     catalog_paths=files.paths).with_schema(schema)  # schema read when used
            else:
                damaged = True
        except (sqlite3.Error, OSError):
            damaged = True  # unreadable: rebuild below
        if conn is not None:
            conn.close()
    cards = files.parse(schema)
    if files.digest != digest:  # the file changed since its digest was taken: key by what was parsed
        digest = files.digest
        target = cache_file(digest, schema=schema)
    label = "\n".join(str(p.resolve()) for p in files.paths)  # the catalogs, one a line
    started = time.perf_counter()
    try:
        build_cache_file(cards, target, label, digest, schema=schema)
        conn = _connect_ro(target)
        db = CatalogDB(conn, resolved, digest, target, built=True, fts=_has_fts(conn), catalog_paths=files.paths).with_schema(schema)
        with contextlib.suppress(OSError):  # housekeeping never fails a command
            _prune(target.parent, target, label)
    except (OSError, sqlite3.Error):  # cache folder not writable, disk full: keep it in memory
        conn = _memory_db(cards, label, digest, schema)
        db = CatalogDB(conn, resolved, digest, None, built=True, fts=_has_fts(conn), catalog_paths=files.paths).with_schema(schema)
    db.build_seconds = time.perf_counter() - started
    if damaged:
        _repaired(target, resolved)
    return db


def db_path(path: CatalogSpec = None) -> Path:
    """Where the cache of this catalog (or these catalogs) lives (whether or not it is built yet)."""
    from zxdeck.catalog.paths import read_catalog_files

    return cache_file(read_catalog_files(path).digest)
