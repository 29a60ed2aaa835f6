"""Where the catalogs and the cache folder are, and reading the catalogs' bytes.

No YAML here: a warm start needs only these (the loader re-exports them).
"""

from __future__ import annotations

import hashlib
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import TYPE_CHECKING

from zxdeck.errors import CatalogError

if TYPE_CHECKING:
    from zxdeck.catalog.model import Card

CACHE_ENV = "ZXDECK_CACHE_DIR"


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
    if not items:
        env = os.environ.get("ZXDECK_CARDS") or ""
        # one existing file is one catalog even when its name holds the separator
        items = [env] if env and Path(env).is_file() else [p for p in env.split(os.pathsep) if p]
    if not items:
        return [builtin_catalog_path()]
    return [builtin_catalog_path() if str(p) == BUILTIN else Path(p) for p in items]


def catalog_path(explicit: CatalogSpec = None) -> Path:
    """The catalog to use (`catalog_paths`); with several, the last one (whose cards win)."""
    return catalog_paths(explicit)[-1]


def read_catalog_bytes(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except FileNotFoundError:
        raise CatalogError(f"{path}: catalog file not found") from None
    except IsADirectoryError:
        raise CatalogError(f"{path}: is a folder, not a catalog file") from None
    except OSError as exc:
        raise CatalogError(f"{path}: cannot read catalog: {exc.strerror}") from None


@dataclass(frozen=True)
class CatalogFiles:
    """The bytes of the catalogs to use, in order, and the digest that covers them all."""

    paths: tuple[Path, ...]
    datas: tuple[bytes, ...]

    @property
    def path(self) -> Path:
        """The last catalog (the only one, usually)."""
        return self.paths[-1]

    @property
    def label(self) -> str:
        return " + ".join(str(p) for p in self.paths)

    @cached_property
    def digest(self) -> str:
        """sha256 of the bytes of a single catalog; for several, of their digests in order."""
        digests = [hashlib.sha256(data).hexdigest() for data in self.datas]
        if len(digests) == 1:
            return digests[0]
        return hashlib.sha256(("catalogs\n" + "\n".join(digests)).encode()).hexdigest()

    def parse(self) -> list[Card]:
        """Parse and check every catalog (errors name the file), then merge them (`merge_cards`)."""
        from zxdeck.catalog.loader import merge_cards, parse_catalog

        return merge_cards(parse_catalog(data, str(path)) for path, data in zip(self.paths, self.datas))


def read_catalog_files(explicit: CatalogSpec = None) -> CatalogFiles:
    """Read the catalogs named by `--cards` / `$ZXDECK_CARDS` / the built-in one (`catalog_paths`)."""
    paths = tuple(catalog_paths(explicit))
    return CatalogFiles(paths, tuple(read_catalog_bytes(p) for p in paths))


__all__ = [
    "BUILTIN",
    "CACHE_ENV",
    "CatalogFiles",
    "CatalogSpec",
    "builtin_catalog_path",
    "builtin_data_dir",
    "cache_dir",
    "catalog_path",
    "catalog_paths",
    "read_catalog_bytes",
    "read_catalog_files",
]
