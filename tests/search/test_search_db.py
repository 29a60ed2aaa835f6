"""The SQLite cache (zxdeck.catalog.db): content keys, warm opens without YAML, rebuilds of
changed, corrupt or truncated caches, concurrent builds, the full Catalog round trip."""

from __future__ import annotations

import multiprocessing
import os
import sqlite3
import time
from pathlib import Path

import pytest
from search_data import ALL_IDS, FIXTURE_YAML

from zxdeck.catalog import load_catalog, open_catalog
from zxdeck.catalog import loader as loader_module
from zxdeck.catalog.db import (
    SCHEMA_VERSION,
    CacheRepairedWarning,
    cache_file,
    catalog_digest,
    db_path,
    open_db,
)
from zxdeck.catalog.query import search_ids
from zxdeck.catalog.synthetic import synthetic_catalog_yaml
from zxdeck.errors import EXIT_USAGE, CatalogError


def _no_yaml(*_args, **_kwargs):
    raise AssertionError("the YAML was parsed although the cache is warm")


def test_first_open_builds_then_warm_open_reads_no_yaml(catalog_file: Path, cache_dir: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    first = open_db(catalog_file)
    assert first.built and first.path == cache_file(catalog_digest(catalog_file.read_bytes()))
    assert first.path.parent == cache_dir and first.path.is_file()
    first.close()
    monkeypatch.setattr(loader_module, "parse_catalog", _no_yaml)
    monkeypatch.setattr(loader_module, "load_catalog", _no_yaml)
    warm = open_db(catalog_file)
    assert not warm.built
    assert set(search_ids(warm, "")) == ALL_IDS
    assert len(open_catalog(catalog_file)) == len(ALL_IDS)
    warm.close()


def test_cache_is_keyed_by_content_and_rebuilt_when_the_yaml_changes(catalog_file: Path,
                                                                     cache_dir: Path) -> None:
    first = open_db(catalog_file)
    old_path = first.path
    first.close()
    catalog_file.write_text(FIXTURE_YAML.replace("name: 蒼の騎士", "name: 蒼の聖騎士"), encoding="utf-8")
    second = open_db(catalog_file)
    assert second.built and second.path != old_path
    assert search_ids(second, "n:聖騎士") == ["T01-003"]
    assert not old_path.exists()  # the stale cache of the same catalog file is pruned
    second.close()
    copy = catalog_file.parent / "copy.yaml"  # same bytes elsewhere: same cache
    copy.write_bytes(catalog_file.read_bytes())
    third = open_db(copy)
    assert not third.built and third.path == second.path
    third.close()
    assert db_path(copy) == second.path


def test_a_cache_built_by_another_zxdeck_version_is_not_trusted(catalog_file: Path, cache_dir: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A new version may check catalogs differently: it builds its own cache instead of reading an old one."""
    import zxdeck

    first = open_db(catalog_file)
    first.close()
    monkeypatch.setattr(zxdeck, "__version__", "99.0.0")
    newer = open_db(catalog_file)
    assert newer.built and newer.path != first.path and "99.0.0" in newer.path.name
    newer.close()


def test_caches_of_deleted_catalogs_are_pruned_by_the_hourly_sweep(tmp_path: Path, cache_dir: Path,
                                                                   catalog_file: Path) -> None:
    gone = tmp_path / "gone.yaml"
    gone.write_text(FIXTURE_YAML.replace("蒼の騎士", "消える騎士"), encoding="utf-8")
    gone_cache = open_db(gone).path
    gone.unlink()
    kept = tmp_path / "kept.yaml"
    kept.write_text(FIXTURE_YAML.replace("蒼の騎士", "残る騎士"), encoding="utf-8")
    kept_cache = open_db(kept).path
    assert gone_cache.exists()  # the sweep runs at most once an hour
    an_hour_ago = time.time() - 3700
    for path in (cache_dir / ".swept", gone_cache, kept_cache):
        os.utime(path, (an_hour_ago, an_hour_ago))
    open_db(catalog_file)
    assert not gone_cache.exists()  # its catalog file is gone
    assert kept_cache.exists()  # another existing catalog's cache stays
    assert len(list((cache_dir / "paths").iterdir())) == 2  # pointers of kept and catalog_file


def test_open_catalog_rebuilds_the_full_catalog(catalog_file: Path) -> None:
    """Every field survives the database: cards, extra keys, abilities, keywords from text."""
    parsed = load_catalog(catalog_file)
    for _ in range(2):  # cold (builds) then warm (reads the database)
        cached = open_catalog(catalog_file)
        assert cached.cards == parsed.cards
        assert [c.extra for c in cached] == [c.extra for c in parsed]
        assert [c.abilities for c in cached] == [c.abilities for c in parsed]
        assert [c.to_dict() for c in cached] == [c.to_dict() for c in parsed]
        assert cached.digest == parsed.digest
        assert cached.find("紅蓮の剣士ジーク").id == "T01-001"


def test_extra_values_json_cannot_hold_become_strings(tmp_path: Path) -> None:
    """docs/DATABASE.md: a YAML date in an unknown key is kept as its ISO string."""
    path = tmp_path / "dated.yaml"
    path.write_text("cards:\n  - {id: A-1, name: a, type: zx, released: 2020-01-31, tags: [x, 1]}\n",
                    encoding="utf-8")
    (card,) = open_catalog(path).cards
    assert card.extra == {"released": "2020-01-31", "tags": ["x", 1]}


def test_open_catalog_round_trip_on_a_synthetic_catalog(tmp_path: Path) -> None:
    path = tmp_path / "synthetic.yaml"
    path.write_text(synthetic_catalog_yaml(400, seed=7), encoding="utf-8")
    parsed = load_catalog(path)
    cached = open_catalog(path)
    assert [c.to_dict() for c in cached] == [c.to_dict() for c in parsed]


def _corrupt_truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def _corrupt_garbage(path: Path) -> None:
    path.write_bytes(b"this is not a database at all" * 100)


def _corrupt_empty(path: Path) -> None:
    path.write_bytes(b"")


def _corrupt_middle(path: Path) -> None:
    data = bytearray(path.read_bytes())
    quarter = len(data) // 4
    data[quarter: 3 * quarter] = os.urandom(2 * quarter)
    path.write_bytes(bytes(data))


def _corrupt_other_database(path: Path) -> None:
    path.unlink()
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE meta (key TEXT, value TEXT)")
    conn.execute("INSERT INTO meta VALUES ('schema', '999')")
    conn.commit()
    conn.close()


def _corrupt_no_meta(path: Path) -> None:
    path.unlink()
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE unrelated (x)")
    conn.commit()
    conn.close()


@pytest.mark.parametrize(
    "damage",
    [_corrupt_truncate, _corrupt_garbage, _corrupt_empty, _corrupt_middle, _corrupt_other_database,
     _corrupt_no_meta],
)
def test_corrupt_or_truncated_cache_is_rebuilt(tmp_path: Path, damage) -> None:
    path = tmp_path / "synthetic.yaml"
    path.write_text(synthetic_catalog_yaml(600, seed=3), encoding="utf-8")
    first = open_db(path)
    expected = search_ids(first, "c:red t:zx")
    cache = first.path
    first.close()
    damage(cache)
    with pytest.warns(CacheRepairedWarning, match="damaged"):  # said once, on stderr for the CLI
        again = open_db(path)  # must not raise
    assert search_ids(again, "c:red t:zx") == expected
    assert len(again.cards()) == 600
    again.close()
    check = sqlite3.connect(cache)
    assert check.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    check.close()


def test_corruption_found_during_a_query_rebuilds_and_retries(catalog_file: Path) -> None:
    db = open_db(catalog_file)
    expected = search_ids(db, "c:red")
    db.close()
    db = open_db(catalog_file)  # opened as a valid cache ...
    assert not db.built
    db.conn.close()
    db.conn = sqlite3.connect(":memory:")  # ... whose tables then turn out to be missing
    with pytest.warns(CacheRepairedWarning, match="damaged"):
        assert search_ids(db, "c:red") == expected
    assert db.built
    db.close()


def _build_in_process(args: tuple[str, str, object]) -> tuple[str, int, list[str]]:
    catalog, cache, start = args
    os.environ["ZXDECK_CACHE_DIR"] = cache
    start.wait(30)  # type: ignore[attr-defined]
    db = open_db(catalog, rebuild=True)
    result = (str(db.path), len(db.cards()), search_ids(db, "c:red t:zx"))
    db.close()
    return result


def test_concurrent_builds_never_break_the_cache(tmp_path: Path, cache_dir: Path) -> None:
    """Four processes rebuild the same cache at once: all succeed, one valid file, no leftovers."""
    path = tmp_path / "synthetic.yaml"
    path.write_text(synthetic_catalog_yaml(3000, seed=5), encoding="utf-8")
    expected = search_ids(open_db(path), "c:red t:zx")
    ctx = multiprocessing.get_context("spawn")
    with ctx.Manager() as manager:
        start = manager.Event()
        with ctx.Pool(4) as pool:
            pending = pool.map_async(_build_in_process, [(str(path), str(cache_dir), start)] * 4)
            time.sleep(0.5)
            start.set()
            results = pending.get(120)
    assert {r[0] for r in results} == {str(cache_file(catalog_digest(path.read_bytes())))}
    assert all(r[1] == 3000 and r[2] == expected for r in results)
    files = sorted(p.name for p in cache_dir.glob("cards-*"))
    assert files == [Path(results[0][0]).name]  # no temporary files left
    db = open_db(path)
    assert not db.built and search_ids(db, "c:red t:zx") == expected
    db.close()


def test_a_reader_keeps_working_while_the_cache_is_replaced(catalog_file: Path) -> None:
    reader = open_db(catalog_file)
    before = search_ids(reader, "t:zx")
    rebuilt = open_db(catalog_file, rebuild=True)
    assert search_ids(reader, "t:zx") == before == search_ids(rebuilt, "t:zx")
    reader.close()
    rebuilt.close()


def test_stale_temporary_files_are_removed(catalog_file: Path, cache_dir: Path) -> None:
    cache_dir.mkdir(parents=True)
    digest = catalog_digest(catalog_file.read_bytes())
    stale = cache_dir / (cache_file(digest).name + ".crashed.tmp")
    fresh = cache_dir / (cache_file(digest).name + ".building.tmp")
    stale.write_bytes(b"half a database")
    fresh.write_bytes(b"another process is writing this")
    old = time.time() - 7200
    os.utime(stale, (old, old))
    open_db(catalog_file).close()
    assert not stale.exists() and fresh.exists()


def test_unwritable_cache_folder_falls_back_to_memory(catalog_file: Path, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("ZXDECK_CACHE_DIR", str(blocker / "cache"))
    db = open_db(catalog_file)
    assert db.path is None and db.built
    assert set(search_ids(db, "")) == ALL_IDS
    assert db.info()["database"] == ":memory:"
    db.close()


def test_disk_full_during_the_build_falls_back_to_memory(catalog_file: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from zxdeck.catalog import db as dbmod

    def full(*_args, **_kwargs):
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(dbmod, "build_cache_file", full)
    db = open_db(catalog_file)
    assert db.path is None and set(search_ids(db, "")) == ALL_IDS
    db.close()


def test_without_the_trigram_tokenizer_search_uses_instr(catalog_file: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """An old SQLite without FTS5 trigram still builds a cache; searches scan instead."""
    from zxdeck.catalog import db as dbmod

    expected = {q: search_ids(open_db(catalog_file), q) for q in ("ドラゴン", "o:ダメージ", "dragon")}
    monkeypatch.setattr(dbmod, "FTS_TOKENIZE", "no_such_tokenizer")
    db = open_db(catalog_file, rebuild=True)
    assert not db.fts and db.path is not None and db.info()["fts"] == "none"
    assert {q: search_ids(db, q) for q in expected} == expected
    db.close()


def test_refused_catalog_is_an_error_and_never_cached(tmp_path: Path, cache_dir: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("cards:\n  - {id: A, name: a, type: monster}\n", encoding="utf-8")
    with pytest.raises(CatalogError, match="unknown type 'monster'") as info:
        open_db(bad)
    assert info.value.exit_code == EXIT_USAGE
    assert not cache_dir.exists() or not any(cache_dir.iterdir())
    with pytest.raises(CatalogError, match="catalog file not found"):
        open_db(tmp_path / "missing.yaml")
    tagged = tmp_path / "tagged.yaml"
    tagged.write_text("cards:\n  - !!python/object:os.system {id: A}\n", encoding="utf-8")
    with pytest.raises(CatalogError):
        open_db(tagged)


def test_the_database_is_read_only(db) -> None:
    """Section 4: no query can change or damage the database."""
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        db.conn.execute("DELETE FROM cards")
    assert set(search_ids(db, "")) == ALL_IDS


def test_info_counts_cards_by_type_and_color(db, catalog_file: Path) -> None:
    info = db.info()
    assert info["cards"] == len(ALL_IDS)
    assert info["by_type"] == {"event": 2, "event_ex": 1, "player": 2, "shift": 1, "zx": 7,
                               "zx_ex": 1, "zx_ob": 1}
    assert info["by_color"] == {"red": 4, "blue": 2, "white": 2, "black": 1, "green": 2,
                                "colorless": 2}
    assert info["catalog"] == str(catalog_file)
    assert info["digest"] == catalog_digest(catalog_file.read_bytes())
    assert info["schema"] == SCHEMA_VERSION
    assert info["size_bytes"] == db.path.stat().st_size > 0


def test_the_cache_is_an_ordinary_sqlite_file(db) -> None:
    """docs/DATABASE.md: sqlite3 (or Datasette) opens it; the documented tables are there."""
    conn = sqlite3.connect(db.path)
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"cards", "card_search", "cards_fts", "meta"} <= tables
    same = conn.execute("SELECT count(*) FROM cards JOIN card_search ON card_search.rid = cards.rowid "
                        "WHERE card_search.id = cards.id").fetchone()[0]
    assert same == len(ALL_IDS)
    row = conn.execute("SELECT name, races, icons, name_f FROM cards WHERE id = 'T01-001'").fetchone()
    assert row == ("紅蓮の剣士ジーク", '["ドラゴン", "武人"]', '["ignition"]', "紅蓮の剣士じーく")
    conn.close()


@pytest.mark.parametrize(
    "env",
    [{}, {"XDG_CACHE_HOME": "/tmp/xdg-cache"}, {"XDG_CACHE_HOME": "relative/cache"}, {"XDG_CACHE_HOME": ""},
     {"HOME": "/home/someone"}, {"HOME": "/home/someone", "XDG_CACHE_HOME": "~/c"}],
)
def test_default_cache_folder_is_platformdirs_one(env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/DATABASE.md: without $ZXDECK_CACHE_DIR the cache folder is platformdirs' user cache dir
    (read directly from the XDG variables on Linux, to keep platformdirs out of start-up)."""
    import platformdirs

    from zxdeck.catalog.paths import cache_dir

    monkeypatch.delenv("ZXDECK_CACHE_DIR", raising=False)
    monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    assert cache_dir() == Path(platformdirs.user_cache_dir("zxdeck", appauthor=False))
