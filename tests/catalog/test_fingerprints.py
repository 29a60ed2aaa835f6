"""A catalog's (and a regulation's) digest is remembered by the file's status, so a warm command
neither reads nor hashes the YAML; any write to the file makes it read and hashed again."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import pytest

from zxdeck.catalog import paths
from zxdeck.catalog.db import cache_file, open_db

CATALOG = """\
- {id: T-1, name: First Dragon, type: zx, color: red, cost: 1, power: 1000}
"""


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("ZXDECK_CACHE_DIR", str(folder))
    return folder


@pytest.fixture()
def no_racy_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """Files just written count as old enough to be remembered (the tests cannot wait 2 s)."""
    monkeypatch.setattr(paths, "RACY_NS", -(10**18))


def _no_hashing(_data: bytes) -> str:
    raise AssertionError("hashed although the digest is remembered")


def test_remembered_while_unchanged(tmp_path: Path, cache: Path, no_racy_window: None,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(CATALOG, encoding="utf-8")
    sha = hashlib.sha256(path.read_bytes()).hexdigest()
    assert paths.digest_of_file(path) == (sha, path.read_bytes())
    assert json.loads((cache / paths.FINGERPRINTS).read_text(encoding="utf-8"))[str(path)][1] == sha
    monkeypatch.setattr(paths, "sha256_hex", _no_hashing)
    assert paths.digest_of_file(path) == (sha, None)


def test_any_write_is_seen_even_with_the_same_size_and_mtime(tmp_path: Path, cache: Path,
                                                              no_racy_window: None) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(CATALOG, encoding="utf-8")
    paths.digest_of_file(path)
    before = path.stat()
    changed = CATALOG.replace("1000", "2000")
    path.write_text(changed, encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # put the mtime back; ctime moves
    assert path.stat().st_size == before.st_size
    assert paths.digest_of_file(path) == (hashlib.sha256(changed.encode()).hexdigest(), changed.encode())


def test_a_fresh_file_is_not_remembered(tmp_path: Path, cache: Path) -> None:
    """A status younger than RACY_NS may hide a write in the same clock tick: hashed every time."""
    path = tmp_path / "cards.yaml"
    path.write_text(CATALOG, encoding="utf-8")
    assert paths.digest_of_file(path)[1] is not None
    assert paths.digest_of_file(path)[1] is not None
    assert not (cache / paths.FINGERPRINTS).exists()


@pytest.mark.parametrize("memo", ["not json", "[1, 2]", '{"%s": ["0 0 0 0", "x"]}', '{"%s": 7}'])
def test_a_damaged_memo_means_hashing_again(tmp_path: Path, cache: Path, no_racy_window: None, memo: str) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(CATALOG, encoding="utf-8")
    cache.mkdir()
    (cache / paths.FINGERPRINTS).write_text(memo.replace("%s", str(path)), encoding="utf-8")
    assert paths.digest_of_file(path) == (hashlib.sha256(CATALOG.encode()).hexdigest(), CATALOG.encode())


def test_warm_open_db_neither_reads_nor_hashes_the_catalog(tmp_path: Path, cache: Path, no_racy_window: None,
                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(CATALOG, encoding="utf-8")
    first = open_db(str(path))
    first.close()
    assert first.built
    monkeypatch.setattr(paths, "sha256_hex", _no_hashing)
    monkeypatch.setattr(paths, "read_catalog_bytes", _no_hashing)
    warm = open_db(str(path))
    assert not warm.built and warm.digest == first.digest and warm.path == first.path
    assert [c.name for c in warm.catalog().cards] == ["First Dragon"]
    warm.close()


def test_a_changed_catalog_gets_its_own_cache(tmp_path: Path, cache: Path, no_racy_window: None) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text(CATALOG, encoding="utf-8")
    open_db(str(path)).close()
    path.write_text(CATALOG.replace("First Dragon", "Second Dragon"), encoding="utf-8")
    db = open_db(str(path))
    assert db.built and db.path == cache_file(hashlib.sha256(path.read_bytes()).hexdigest())
    assert [c.name for c in db.catalog().cards] == ["Second Dragon"]
    db.close()


def test_cache_file_removed_after_the_digest_was_remembered(tmp_path: Path, cache: Path, no_racy_window: None) -> None:
    """The bytes are read when the cache must be built again, and the digest is theirs."""
    path = tmp_path / "cards.yaml"
    path.write_text(CATALOG, encoding="utf-8")
    first = open_db(str(path))
    first.close()
    assert first.path is not None
    first.path.unlink()
    again = open_db(str(path))
    assert again.built and again.path == first.path and again.digest == first.digest
    again.close()


def test_kept_regulation_check_is_remembered(cache: Path, no_racy_window: None, monkeypatch: pytest.MonkeyPatch) -> None:
    """D-1: the kept copy of a regulation is verified once, then read without hashing; a damaged
    copy (its status changes) is verified again and refused."""
    from zxdeck.deck import regulation as reg

    first = reg.load_regulation("current")
    assert reg.load_regulation("current") == first  # verifies the kept copy and remembers it
    monkeypatch.setattr(paths, "sha256_hex", _no_hashing)
    assert reg.load_regulation("current") == first
    monkeypatch.undo()
    monkeypatch.setenv("ZXDECK_CACHE_DIR", str(cache))
    monkeypatch.setattr(paths, "RACY_NS", -(10**18))
    (kept,) = (cache / "regulations").glob("*.json")
    doc = json.loads(kept.read_text(encoding="utf-8"))
    doc["values"]["main_size"] = 40
    kept.write_text(json.dumps(doc), encoding="utf-8")
    assert reg.load_regulation("current").main_size == first.main_size
