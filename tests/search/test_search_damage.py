"""A damaged cache file never gives a wrong answer or an internal error (docs/DATABASE.md).

Regression of a load run in which 256 random bytes written into the middle of the SQLite cache
made `zxdeck search` return 333 of 335 cards (exit 0, on every later run too) or crash with raw
bytes in the message. Here many seeded damages (positions, lengths, before and after the cache
was verified once) are made to a cache: every one is detected and the cache rebuilt, saying so
once, and the answers are those of the undamaged cache.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

from zxdeck.catalog.db import CacheRepairedWarning, open_db
from zxdeck.catalog.query import count, search, search_ids
from zxdeck.catalog.synthetic import synthetic_catalog_yaml

QUERIES = ("", "c:red t:zx", "o:カード", "-is:ig cost<=2", "r:ドラゴン or t:event", "n:/^紅/")


def _answers(db) -> list:
    out = []
    for q in QUERIES:
        out.append(search_ids(db, q))
        out.append([c.to_dict() for c in search(db, q, sort="power")])
        out.append(count(db, q))
    return out


def _damage(path: Path, rng: random.Random) -> tuple[int, int]:
    size = path.stat().st_size
    length = rng.choice((1, 4, 16, 256, 256, 256, 4096))
    pos = rng.randrange(0, size - length)
    with path.open("r+b") as fh:
        fh.seek(pos)
        old = fh.read(length)
        new = bytes(rng.randrange(256) for _ in range(length))
        if new == old:  # a damage that changes nothing is no damage
            new = bytes(b ^ 0xFF for b in old)
        fh.seek(pos)
        fh.write(new)
    return pos, length


def _age(path: Path) -> None:
    """Make the cache look built long ago, so that a verified open records it as verified."""
    old = path.stat().st_mtime - 3600
    os.utime(path, (old, old))


@pytest.fixture
def synthetic(tmp_path: Path) -> Path:
    path = tmp_path / "synthetic.yaml"
    path.write_text(synthetic_catalog_yaml(300, seed=11), encoding="utf-8")
    return path


@pytest.mark.parametrize("verified_first", [False, True], ids=["fresh", "verified-before"])
def test_random_damage_is_detected_and_rebuilt_with_one_warning(synthetic: Path, verified_first: bool) -> None:
    first = open_db(synthetic)
    expected = _answers(first)
    cache = first.path
    first.close()
    pristine = cache.read_bytes()
    rng = random.Random(20261123 + verified_first)
    for case in range(30):
        cache.write_bytes(pristine)
        if verified_first:
            _age(cache)
            open_db(synthetic).close()  # verified: later opens trust the unchanged file
        pos, length = _damage(cache, rng)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            db = open_db(synthetic)
            got = _answers(db)
        db.close()
        where = f"case {case}: {length} bytes at {pos} of {len(pristine)}"
        assert got == expected, where
        repaired = [w for w in caught if issubclass(w.category, CacheRepairedWarning)]
        assert db.built and len(repaired) == 1, where
        assert str(cache) in str(repaired[0].message) and "damaged" in str(repaired[0].message)
        again = open_db(synthetic)  # the rebuilt cache is whole again: warm, no warning
        assert not again.built and _answers(again) == expected, where
        again.close()


def test_damage_that_puts_the_modification_time_back_is_still_found(synthetic: Path) -> None:
    first = open_db(synthetic)
    expected = _answers(first)
    cache = first.path
    first.close()
    _age(cache)
    open_db(synthetic).close()
    stat = cache.stat()
    _damage(cache, random.Random(5))
    os.utime(cache, ns=(stat.st_atime_ns, stat.st_mtime_ns))
    with pytest.warns(CacheRepairedWarning):
        db = open_db(synthetic)
    assert db.built and _answers(db) == expected
    db.close()


def test_an_undamaged_verified_cache_is_not_rebuilt(synthetic: Path) -> None:
    open_db(synthetic).close()
    cache = open_db(synthetic).path
    _age(cache)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for _ in range(3):
            db = open_db(synthetic)
            assert not db.built
            db.close()


def test_search_command_on_a_damaged_cache_says_so_once_and_answers_right(synthetic: Path,
                                                                          cache_dir: Path) -> None:
    """The whole process: exit 0, the undamaged answer, one warning line on stderr."""
    env = {**os.environ, "ZXDECK_CACHE_DIR": str(cache_dir), "ZXDECK_CARDS": str(synthetic)}
    cmd = [sys.executable, "-m", "zxdeck", "search", "--format", "json", "t:zx"]
    clean = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
    cache = next(cache_dir.glob("cards-*.sqlite"))
    size = cache.stat().st_size
    with cache.open("r+b") as fh:
        fh.seek(size // 2)
        fh.write(random.Random(7).randbytes(256))
    damaged = subprocess.run(cmd, env=env, capture_output=True, text=True)
    assert damaged.returncode == 0 and damaged.stdout == clean.stdout
    lines = damaged.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("zxdeck: warning: ") and "damaged" in lines[0]
    later = subprocess.run(cmd, env=env, capture_output=True, text=True)
    assert later.returncode == 0 and later.stdout == clean.stdout and later.stderr == ""
