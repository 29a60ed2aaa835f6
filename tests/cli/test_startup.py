"""The import picture of the commands, so that start-up does not regress (times are measured by
bench/bench_startup.py, never asserted here).

Each command runs in a fresh interpreter with a warm cache; the test lists the heavy modules it
imported. The start-up rule of the developers' guide: modules under zxdeck/cli/ import only click
and the standard library at module level; library code is imported inside the commands.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "examples" / "decks" / "red.txt"

# Imported by no command that does not need it (third-party and our heavy packages).
HEAVY = (
    "yaml", "yaml_rs", "jaconv", "tabulate", "wcwidth", "rich", "rapidfuzz", "sqlite_utils",
    "platformdirs", "importlib.metadata", "zxdeck.engine", "zxdeck.agents", "zxdeck.play",
    "zxdeck.catalog.loader", "zxdeck.catalog.abilities", "zxdeck.safeyaml",
    # the same modules by their homes in the Z/X game package (the names above are compatibility
    # paths, in sys.modules only when imported by those names)
    "zxdeck.games.zx.engine", "zxdeck.games.zx.agents", "zxdeck.games.zx.catalog.abilities",
    # the terminal game (the package zxdeck.games.zx.play itself is light: `zxdeck --help` reads
    # the words of its SCREEN parts, parts.py; the game is in these)
    "zxdeck.games.zx.play.start", "zxdeck.games.zx.play.session", "zxdeck.games.zx.play.screen",
    "zxdeck.games.zx.play.savefile", "zxdeck.games.zx.play.replay_view",
    "hashlib",  # a warm command remembers the catalog's digest (zxdeck.catalog.paths): no hashing
    "dataclasses",  # the records a warm validate builds are written out (zxdeck.records)
    "click", "inspect",  # a plain `validate` or `search` runs without click (zxdeck.cli.fastpath)
)
CLICK = ("click", "inspect")
PROBE = """\
import json, sys
from zxdeck.cli import main
try:
    main(sys.argv[1:])
except SystemExit:
    pass
heavy = json.loads({heavy!r})
print(json.dumps(sorted(m for m in heavy if m in sys.modules)))
"""


def imported(*args: str, env: dict[str, str]) -> list[str]:
    """The modules of HEAVY that `zxdeck ARGS` imported (a fresh interpreter, output discarded)."""
    code = PROBE.format(heavy=json.dumps(HEAVY))
    proc = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, env=env,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.splitlines()[-1])


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """A warm cache of the built-in catalog (and of the default regulation) in a private folder.

    Files younger than 2 s are hashed on every open (zxdeck.catalog.paths.RACY_NS): the cache is
    built, left to age, then opened once more so that its digests are remembered."""
    cache = tmp_path_factory.mktemp("cache")
    environ = {**os.environ, "ZXDECK_CACHE_DIR": str(cache), "NO_COLOR": "1"}
    environ.pop("ZXDECK_CARDS", None)
    for rounds in range(2):
        if rounds:
            time.sleep(2.2)
        for args in (("validate", str(DECK)), ("regulations",)):
            subprocess.run([sys.executable, "-m", "zxdeck", *args], env=environ, check=True,
                           capture_output=True, timeout=120)
    return environ


def test_version_imports_nothing_but_zxdeck(env: dict[str, str]) -> None:
    """`zxdeck --version` does not even import click."""
    code = ("import sys\nfrom zxdeck.cli import main\nmain(['--version'])\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('click', 'zxdeck')))")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60)
    assert proc.stdout.splitlines() == ["zxdeck, version 0.1.0", "['zxdeck', 'zxdeck.cli', 'zxdeck.errors']"]


@pytest.mark.parametrize(
    ("args", "allowed"),
    [
        (("--help",), CLICK),
        (("validate", str(DECK)), ("jaconv",)),  # card names are folded (katakana as hiragana)
        (("validate", "--format", "json", str(DECK)), ("jaconv",)),
        (("validate", "--color", "always", "-r", "v2", str(DECK)), ("jaconv",)),  # colors without click
        (("validate", "--date", "2022-05-01", str(DECK)), ("jaconv", *CLICK)),  # click parses dates
        (("search", "c:red", "t:zx", "--limit", "5"), ("jaconv",)),
        (("search", "c:red", "--format", "ids"), ("jaconv",)),
        (("search", "-is:ig", "c:red", "--format", "ids"), ("jaconv", *CLICK)),  # click parses "-term"
        (("card", "ZX01-001"), ("jaconv", "yaml", *CLICK)),  # a card in full shows its abilities as YAML
        (("db", "path"), CLICK),
        (("regulations",), ("jaconv", *CLICK)),
    ],
)
def test_warm_commands_import_only_what_they_need(env: dict[str, str], args: tuple[str, ...],
                                                  allowed: tuple[str, ...]) -> None:
    """No YAML, yaml-rs, tabulate, rich, rapidfuzz, sqlite_utils, platformdirs (the cache folder is
    given), engine or agents for a warm validate or search; no click for a plain validate or search."""
    assert set(imported(*args, env=env)) <= set(allowed)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the XDG cache folder is read directly on Linux")
def test_the_default_cache_folder_needs_no_platformdirs_on_linux(env: dict[str, str], tmp_path: Path) -> None:
    """Without $ZXDECK_CACHE_DIR, the XDG cache folder is found without importing platformdirs."""
    default = {k: v for k, v in env.items() if k != "ZXDECK_CACHE_DIR"}
    default["XDG_CACHE_HOME"] = str(tmp_path)
    assert "platformdirs" not in imported("db", "path", env=default)  # a cold cache: hashlib is fine


def _command_module_files() -> list[Path]:
    """The modules of the command line: zxdeck/cli/*.py and each game's command modules."""
    return sorted([*(ROOT / "zxdeck" / "cli").glob("*.py"), *(ROOT / "zxdeck" / "games").glob("*/cli/*.py")])


def test_cli_modules_import_nothing_heavy_at_module_level() -> None:
    """Module-level imports of zxdeck/cli/*.py and zxdeck/games/<game>/cli/*.py: the standard
    library, click, zxdeck.cli and its modules, the game's own command modules, zxdeck.errors and
    zxdeck (its version) only."""
    allowed_zxdeck = {"zxdeck", "zxdeck.cli", "zxdeck.errors"}
    for path in _command_module_files():
        own = ".".join(path.relative_to(ROOT).parent.parts) + "."  # zxdeck.cli. or zxdeck.games.zx.cli.
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                if top == "zxdeck":
                    assert name in allowed_zxdeck or name.startswith(("zxdeck.cli.", own)), \
                        f"{path.name}: imports {name} at module level"
                else:
                    assert top == "click" or top in sys.stdlib_module_names or name == "__future__", \
                        f"{path.name}: imports {name} at module level"


def test_every_command_module_is_registered_lazily() -> None:
    """Every command module (zxdeck/cli/*_cmds.py, zxdeck/games/<game>/cli/*_cmds.py) is in a
    command table (the shell's COMMANDS, a game's COMMANDS), and registers the commands that
    table names for it and no command the table gives to another module."""
    import click

    from zxdeck.cli import app
    from zxdeck.games import GAMES, game_module

    # (game key, table): the shell's own commands have no game; a core command module named by a
    # game's table (zxdeck.cli.*) makes its commands for that game: register(group, game)
    tables = [(None, app.COMMANDS), *((key, game_module(key).COMMANDS) for key in GAMES)]
    named = {module for _, table in tables for module in table.values()}
    files = {".".join(p.relative_to(ROOT).with_suffix("").parts) for p in _command_module_files()
             if p.name.endswith("_cmds.py")}
    assert files <= named, sorted(files - named)
    for game, table in tables:
        for module in set(table.values()):
            group = click.Group()
            register = __import__(module, fromlist=["register"]).register
            if game is not None and module.startswith("zxdeck.cli."):
                register(group, game)  # a core command module makes the game's commands
            else:
                register(group)
            assert {n for n, m in table.items() if m == module} <= set(group.commands), module
            for name in group.commands:
                assert table.get(name) == module, f"{module} registers {name!r}, not in its table"
