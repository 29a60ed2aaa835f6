"""The import layering of zxdeck: the core never imports a game, games never import each other.

Every `import` / `from ... import` of every module under zxdeck/ is read with `ast` (also the
ones inside functions and under `if TYPE_CHECKING:`). A module belongs to a game when it is under
`zxdeck/games/<key>/` for a key of the registry (zxdeck/games/__init__.py, `GAMES`); every other
module is core. An import of a compatibility path (`zxdeck.engine`, see `zxdeck.ALIASES`) counts
as an import of the module it names. The registry is the one core module allowed to name the game
packages, as strings (`GAMES`); `zxdeck.ALIASES` names the new homes of the compatibility paths
(not imports: an alias is resolved only when a user imports an old path).

Edges that break the rule today are listed in `KNOWN` with the reason; the test fails
on any other one, and on a listed one that is gone (strike it from the list), so the list only
shrinks. docs/ARCHITECTURE.md shows the import picture between packages; the test checks it is
the one the code has. `python tests/test_layering.py` rewrites that picture after a change.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "zxdeck"
DOC = ROOT / "docs" / "ARCHITECTURE.md"
BEGIN, END = "<!-- import-picture: begin -->", "<!-- import-picture: end -->"

# The imports that break the layering today: importing module -> the game modules it imports
# (compatibility paths resolved). Each group says why and what removes it. Shrink it; never grow it.
_Z = "zxdeck.games.zx."
KNOWN: dict[str, tuple[str, ...]] = {
    # none left: the last one (MOZ's deck reader using Z/X's text parser) went when the parser's
    # generic part moved to the core's zxdeck.decks.parse
}
KNOWN_CROSSINGS: set[tuple[str, str]] = {(module, _Z + target) for module, targets in KNOWN.items()
                                         for target in targets}


def module_name(path: Path, root: Path = PACKAGE) -> str:
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def game_keys() -> list[str]:
    from zxdeck.games import GAMES

    return list(GAMES)


def owner(module: str, games: Iterable[str]) -> str:
    """`core`, or the key of the game whose package holds `module`."""
    parts = module.split(".")
    if len(parts) >= 3 and parts[:2] == ["zxdeck", "games"] and parts[2] in games:
        return parts[2]
    return "core"


def resolve(name: str) -> str:
    """A compatibility path -> the module it names; any other name unchanged."""
    from zxdeck import alias_target

    return alias_target(name) or name


def imports_of(path: Path, name: str, known: set[str]) -> set[str]:
    """The zxdeck modules `path` (module `name`) imports, compatibility paths resolved;
    `from pkg import sub` counts `pkg.sub` when that is a module (or a compatibility path)."""
    is_package = path.name == "__init__.py"
    package = name if is_package else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                head = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*head, *([node.module] if node.module else [])])
            found.add(base)
            for alias in node.names:
                sub = f"{base}.{alias.name}"
                if sub in known or resolve(sub) in known:
                    found.add(sub)
    return {resolve(m) for m in found if m == "zxdeck" or m.startswith("zxdeck.")}


def import_graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    """Module -> the zxdeck modules it imports, for every module under `root`."""
    paths = {module_name(p, root): p for p in sorted(root.rglob("*.py"))}
    known = set(paths)
    return {name: imports_of(path, name, known) for name, path in paths.items()}


def crossings(graph: dict[str, set[str]], games: Iterable[str]) -> set[tuple[str, str]]:
    """The edges that break the layering: core -> a game, a game -> another game."""
    games = list(games)
    bad = set()
    for module, targets in graph.items():
        mine = owner(module, games)
        for target in targets:
            theirs = owner(target, games)
            if theirs != "core" and theirs != mine:
                bad.add((module, target))
    return bad


def unit(module: str, games: Iterable[str]) -> str:
    """The box of the picture a module is drawn in: a game, or a core package (`zxdeck` for the
    top-level modules)."""
    key = owner(module, games)
    if key != "core":
        return f"zxdeck.games.{key}"
    parts = module.split(".")
    if len(parts) >= 2 and (PACKAGE / parts[1]).is_dir():
        return ".".join(parts[:2])
    return "zxdeck"


def picture(graph: dict[str, set[str]], games: Iterable[str]) -> str:
    """The import picture: for each core package and each game, the boxes it imports."""
    games = list(games)
    edges: dict[str, set[str]] = {}
    for module, targets in graph.items():
        src = unit(module, games)
        edges.setdefault(src, set())
        for target in targets:
            dst = unit(target, games)
            if dst != src:
                edges[src].add(dst)
    core = sorted(u for u in edges if not u.startswith("zxdeck.games."))
    game_units = [f"zxdeck.games.{key}" for key in games if f"zxdeck.games.{key}" in edges]

    def row(src: str) -> str:
        names = [f"{dst} (!)" if dst.startswith("zxdeck.games.") else dst for dst in sorted(edges[src])]
        return f"  {src:<16} -> {', '.join(names) or '(nothing of zxdeck)'}"

    lines = ["```text", "core packages (zxdeck/...; `zxdeck`: its top-level modules) and what each imports:",
             *[row(src) for src in core], "games (zxdeck/games/<key>/) and what each imports:",
             *[row(src) for src in game_units],
             "(!): imports that break the layering, each listed in tests/test_layering.py (KNOWN)", "```"]
    return "\n".join(lines)


def test_core_never_imports_a_game_and_games_never_each_other() -> None:
    """A crossing not in KNOWN fails; so does a listed one that no longer exists."""
    found = crossings(import_graph(), game_keys())
    new = sorted(found - KNOWN_CROSSINGS)
    gone = sorted(KNOWN_CROSSINGS - found)
    assert not new, "imports that break the layering (core -> game, game -> game):\n" + \
        "\n".join(f"  {a} imports {b}" for a, b in new)
    assert not gone, "no longer crossing, strike from KNOWN:\n" + \
        "\n".join(f"  {a} -> {b}" for a, b in gone)


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


@pytest.mark.parametrize(
    ("files", "expected"),
    [
        # the core imports a game at module level
        ({"zxdeck/sim/run.py": "from zxdeck.games.zx.engine import Game\n"},
         {("zxdeck.sim.run", "zxdeck.games.zx.engine")}),
        # ... inside a function, under a compatibility path
        ({"zxdeck/sim/run.py": "def f():\n    import zxdeck.engine.decks\n"},
         {("zxdeck.sim.run", "zxdeck.games.zx.engine.decks")}),
        # ... `from package import submodule`, relative
        ({"zxdeck/games/__init__.py": "", "zxdeck/games/zx/__init__.py": "",
          "zxdeck/games/zx/engine.py": "", "zxdeck/games/helper.py": "from .zx import engine\n"},
         {("zxdeck.games.helper", "zxdeck.games.zx.engine"), ("zxdeck.games.helper", "zxdeck.games.zx")}),
        # a game imports another game
        ({"zxdeck/games/moz/deck/parse.py": "if True:\n    from zxdeck.games.zx.deck.parse import decode\n"},
         {("zxdeck.games.moz.deck.parse", "zxdeck.games.zx.deck.parse")}),
        # allowed: a game imports the core and itself, the core imports the core
        ({"zxdeck/games/moz/deck/parse.py": "from zxdeck.text import fold\nfrom zxdeck.games.moz.catalog import model\n",
          "zxdeck/sim/run.py": "from zxdeck.sim import core\n"},
         set()),
    ],
)
def test_a_planted_violation_is_found(tmp_path: Path, files: dict[str, str],
                                      expected: set[tuple[str, str]]) -> None:
    """The checker itself: planted imports in a scratch tree are reported (or not) as they should."""
    _write(tmp_path, {"zxdeck/__init__.py": "", "zxdeck/sim/__init__.py": "", **files})
    graph = import_graph(tmp_path / "zxdeck")
    assert crossings(graph, ["zx", "moz"]) == expected


def test_the_planted_violation_fails_the_real_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The real test body fails once a core module of the real tree imports a game."""
    real = import_graph()
    planted = {**real, "zxdeck.errors": real["zxdeck.errors"] | {"zxdeck.games.zx.engine.game"}}
    monkeypatch.setattr(sys.modules[__name__], "import_graph", lambda root=PACKAGE: planted)
    with pytest.raises(AssertionError, match="zxdeck.errors imports zxdeck.games.zx.engine.game"):
        test_core_never_imports_a_game_and_games_never_each_other()


def test_every_game_of_the_registry_is_a_package() -> None:
    for key in game_keys():
        assert (PACKAGE / "games" / key / "__init__.py").is_file(), key


def test_architecture_doc_shows_the_real_import_picture() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert BEGIN in text and END in text, f"{DOC.name}: the import picture's markers are missing"
    shown = text.split(BEGIN, 1)[1].split(END, 1)[0].strip()
    assert shown == picture(import_graph(), game_keys()), \
        "docs/ARCHITECTURE.md: the import picture is out of date; run `python tests/test_layering.py`"


def rewrite_doc() -> None:
    text = DOC.read_text(encoding="utf-8")
    head, rest = text.split(BEGIN, 1)
    tail = rest.split(END, 1)[1]
    DOC.write_text(f"{head}{BEGIN}\n{picture(import_graph(), game_keys())}\n{END}{tail}", encoding="utf-8")


if __name__ == "__main__":
    rewrite_doc()
    print(f"wrote the import picture of {DOC.relative_to(ROOT)}")
