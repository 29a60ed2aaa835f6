"""The compatibility paths: the Z/X modules moved into zxdeck/games/zx/, and every old path
(`zxdeck.engine`, `zxdeck.deck.parse`, `zxdeck.agents.heuristic`, ...) still imports and gives the
very module object of the new one (`zxdeck.ALIASES`)."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

from zxdeck import ALIASES, alias_target
from zxdeck.errors import ZxError

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def _new_modules() -> list[str]:
    """Every module under the new homes of ALIASES (a package alias covers its submodules)."""
    names = []
    for new in ALIASES.values():
        rel = Path(*new.split("."))
        if (ROOT / rel).is_dir():
            for path in sorted((ROOT / rel).rglob("*.py")):
                parts = list(path.relative_to(ROOT).with_suffix("").parts)
                if parts[-1] == "__init__":
                    parts.pop()
                names.append(".".join(parts))
        else:
            assert (ROOT / rel).with_suffix(".py").is_file(), new
            names.append(new)
    return names


def _old_name(new: str) -> str:
    for old, home in ALIASES.items():
        if new == home or new.startswith(home + "."):
            return old + new[len(home):]
    raise AssertionError(new)


@pytest.mark.parametrize("new", _new_modules())
def test_every_moved_module_imports_by_its_old_path_as_the_same_object(new: str) -> None:
    old = _old_name(new)
    assert alias_target(old) == new
    assert importlib.import_module(old) is importlib.import_module(new)
    assert sys.modules[old] is sys.modules[new]
    assert sys.modules[new].__name__ == new and sys.modules[new].__spec__.name == new


def test_the_old_paths_are_not_files_any_more() -> None:
    """An old path is only an alias: no module or package of that name is left behind."""
    for old in ALIASES:
        rel = ROOT / Path(*old.split("."))
        assert not rel.with_suffix(".py").exists() and not (rel / "__init__.py").exists(), old


# The paths of moved modules that README.md and docs/*.md named before the move (they name the
# new ones now); users' code may hold them.
DOCUMENTED_BEFORE = (
    "zxdeck.catalog.abilities.check_abilities", "zxdeck.catalog.cardtext.render_text",
    "zxdeck.catalog.synthetic", "zxdeck.deck.read_deck", "zxdeck.deck.validate", "zxdeck.engine.Game",
    "zxdeck.engine.decks.spec_from_deck", "zxdeck.engine.observation.observe", "zxdeck.engine.replay",
    "zxdeck.engine.synth", "zxdeck.rl.env", "zxdeck.rl.LAYOUT", "zxdeck.rules.load_rules",
    "zxdeck.sim.zx.load_deck", "zxdeck.sim.zx.sim_contest",
)


def _documented_paths() -> set[str]:
    found: set[str] = set(DOCUMENTED_BEFORE)
    for doc in DOCS:
        found.update(re.findall(r"\bzxdeck(?:\.[A-Za-z_]\w*)+", doc.read_text(encoding="utf-8")))
    return found


def test_every_old_path_in_the_docs_still_imports_as_the_same_object() -> None:
    """The dotted paths that README.md and docs/*.md name or named before the move (a module, or a
    module's attribute) resolve by the old path to the same object as by the new one."""
    checked = 0
    for dotted in sorted(_documented_paths()):
        parts = dotted.split(".")
        for cut in range(len(parts), 0, -1):  # the longest prefix that is a module
            module_path = ".".join(parts[:cut])
            try:
                module = importlib.import_module(module_path)
            except ImportError:
                continue
            except ZxError:  # an optional extra that is not installed (zxdeck.rl)
                break
            obj = module
            for attr in parts[cut:]:
                obj = getattr(obj, attr)
            new = alias_target(module_path)
            if new is not None:
                same = importlib.import_module(new)
                for attr in parts[cut:]:
                    same = getattr(same, attr)
                assert obj is same, dotted
                checked += 1
            break
        else:
            raise AssertionError(f"{dotted}: named in the docs but does not import")
    assert checked >= 5  # the docs name old paths (zxdeck.engine, zxdeck.deck, zxdeck.sim.zx, ...)


def test_an_old_submodule_path_does_not_shadow_a_package_name() -> None:
    """`zxdeck.deck.validate` is a module and the function the package exports: importing the
    module by its old path must leave `from zxdeck.deck import validate` the function."""
    code = ("import zxdeck.games.zx.deck.validate\nimport zxdeck.deck.validate\n"
            "from zxdeck.deck import validate\nprint(callable(validate), type(validate).__name__)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["True", "function"]


def test_importing_zxdeck_imports_no_game() -> None:
    code = "import sys, zxdeck\nprint(sorted(m for m in sys.modules if m.startswith('zxdeck')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "['zxdeck']"
