"""`--cards` given more than once: later catalogs add cards or override them (INTERFACES.md section 1).

The SQLite cache of several catalogs is keyed by all of them in order; a number
used twice inside one file is still an error naming the file.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from zxdeck.catalog.db import cache_file, db_path, open_db
from zxdeck.catalog.loader import (
    builtin_catalog_path,
    catalog_paths,
    load_catalog,
    merge_cards,
    parse_catalog,
)
from zxdeck.cli import main
from zxdeck.errors import CatalogError

ROOT = Path(__file__).resolve().parents[2]
BASE = """cards:
  - {id: A-001, name: 始まりの剣士, type: zx, color: red, cost: 1, power: 2000, abilities: []}
  - {id: A-002, name: 古い竜, type: zx, color: red, cost: 3, power: 5000, abilities: []}
  - {id: A-003, name: 三番目, type: event, color: red, cost: 1, abilities: []}
"""
MINE = """cards:
  - {id: A-002, name: 新しい竜, type: zx, color: blue, cost: 4, power: 7000, abilities: []}
  - {id: B01-034, name: 取り込んだ剣士, type: zx, color: red, cost: 2, power: 3000}
"""


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("ZXDECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("ZXDECK_CARDS", raising=False)


@pytest.fixture
def files(tmp_path) -> tuple[Path, Path]:
    base, mine = tmp_path / "base.yaml", tmp_path / "mine.yaml"
    base.write_text(BASE, encoding="utf-8")
    mine.write_text(MINE, encoding="utf-8")
    return base, mine


class Run:
    def __init__(self, exit_code: int, stdout: str, stderr: str) -> None:
        self.exit_code, self.stdout, self.stderr = exit_code, stdout, stderr
        self.output = stdout + stderr


def zx(*args: str) -> Run:
    """`zxdeck ARGS` in-process through `main` (its error handling and exit statuses included)."""
    runner = CliRunner()
    with runner.isolation() as (out, err, _):
        try:
            main(list(args))
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    return Run(code, out.getvalue().decode(), err.getvalue().decode())


def test_later_catalog_overrides_in_place_and_adds_at_the_end(files) -> None:
    catalog = load_catalog(list(files))
    assert [c.id for c in catalog] == ["A-001", "A-002", "A-003", "B01-034"]
    assert catalog.get("A-002").name == "新しい竜" and catalog.get("A-002").color == "blue"
    assert catalog.lookup("古い竜") == [] and catalog.lookup("新しい竜")[0].id == "A-002"
    assert catalog.path == files[1]


def test_merge_cards_of_parsed_lists() -> None:
    first = parse_catalog(BASE.encode(), "base")
    second = parse_catalog(MINE.encode(), "mine")
    assert [c.name for c in merge_cards([first, second])] == ["始まりの剣士", "新しい竜", "三番目", "取り込んだ剣士"]
    assert [c.name for c in merge_cards([second, first])] == ["古い竜", "取り込んだ剣士", "始まりの剣士", "三番目"]


def test_a_clash_inside_one_file_is_an_error_naming_it(files, tmp_path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text(MINE + "  - {id: B01-034, name: 二枚目, type: zx}\n", encoding="utf-8")
    with pytest.raises(CatalogError) as info:
        load_catalog([files[0], bad])
    assert "bad.yaml" in str(info.value) and "B01-034" in str(info.value) and "duplicate id" in str(info.value)
    result = zx("--cards", str(files[0]), "--cards", str(bad), "search", "c:red")
    assert result.exit_code == 2 and "duplicate id" in result.output


def test_cache_key_covers_every_catalog_in_order(files) -> None:
    base, mine = files
    keys = {db_path([base]), db_path([base, mine]), db_path([mine, base]), db_path([mine])}
    assert len(keys) == 4
    assert db_path([base]) == cache_file(open_db(base).digest)
    first = open_db([base, mine])
    assert first.built and first.catalog_paths == (base, mine)
    assert open_db([base, mine]).built is False  # warm
    mine.write_text(MINE.replace("新しい竜", "もっと新しい竜"), encoding="utf-8")
    rebuilt = open_db([base, mine])
    assert rebuilt.built and rebuilt.digest != first.digest
    assert rebuilt.catalog().get("A-002").name == "もっと新しい竜"


def test_builtin_keyword_and_environment_list(files, monkeypatch) -> None:
    base, mine = files
    assert catalog_paths(["builtin", str(mine)]) == [builtin_catalog_path(), mine]
    monkeypatch.setenv("ZXDECK_CARDS", os.pathsep.join([str(base), str(mine)]))
    assert catalog_paths() == [base, mine]
    odd = base.with_name(f"odd{os.pathsep}name.yaml")  # one file whose name holds the separator
    odd.write_text(BASE, encoding="utf-8")
    monkeypatch.setenv("ZXDECK_CARDS", str(odd))
    assert catalog_paths() == [odd]
    assert catalog_paths(str(base)) == [base]  # --cards wins over the environment


def test_cli_player_cards_on_top_of_the_builtin_catalog(files) -> None:
    _, mine = files
    result = zx("--cards", "builtin", "--cards", str(mine), "search", "id:B01", "--format", "ids")
    assert result.exit_code == 0 and result.stdout.split() == ["B01-034"]
    assert zx("--cards", "builtin", "--cards", str(mine), "card", "ZX01-001").exit_code == 0
    info = json.loads(zx("--cards", "builtin", "--cards", str(mine), "db", "info", "--format", "json").stdout)
    assert info["cards"] == 337 and " + " in info["catalog"]
    deck = ROOT / "examples" / "decks" / "red.txt"
    assert zx("--cards", "builtin", "--cards", str(mine), "validate", str(deck)).exit_code == 0


def test_play_names_the_cards_it_cannot_run(tmp_path) -> None:
    """A card without machine-readable abilities (here the Life Recovery Z/X of the blue deck,
    overridden with text only) is refused by `play`, by number and name, unless allowed."""
    override = tmp_path / "override.yaml"
    override.write_text(
        "cards:\n  - {id: ZX01-074, name: 鋼鉄の装甲少女アズゼル, type: zx, color: blue, cost: 2, power: 2000,"
        " icons: [ignition], text: \"ライフリカバリー\\n【自】このカードが登場した時、カードを1枚引く。\"}\n",
        encoding="utf-8")
    blue = str(ROOT / "examples" / "decks" / "blue.txt")
    red = str(ROOT / "examples" / "decks" / "red.txt")
    args = ["--cards", "builtin", "--cards", str(override), "play", "--auto", "--seed", "1", "-q",
            "--p1", red, "--p2", blue]
    refused = zx(*args)
    assert refused.exit_code == 1
    assert "p2 deck" in refused.output and "cannot run 1 card" in refused.output
    assert "ZX01-074 鋼鉄の装甲少女アズゼル" in refused.output and "--allow-unscripted" in refused.output
    allowed = zx(*args, "--allow-unscripted")
    assert allowed.exit_code == 0 and "winner:" in allowed.stdout


def _main_error(capsys, *args: str) -> tuple[int, str]:
    with pytest.raises(SystemExit) as info:
        main(list(args))
    return int(info.value.code), capsys.readouterr().err


def test_a_broken_catalog_from_the_environment_names_the_variable(tmp_path, monkeypatch, capsys) -> None:
    """$ZXDECK_CARDS, set long ago and forgotten: its catalog's errors say where it came from
    (missing, or broken YAML), with the file and line as for --cards; --cards names no variable."""
    broken = tmp_path / "broken.yaml"
    broken.write_text("cards:\n  - id: [a\n", encoding="utf-8")
    deck = str(ROOT / "examples" / "decks" / "red.txt")
    monkeypatch.setenv("ZXDECK_CARDS", str(broken))
    for args in (("search", "x"), ("validate", deck), ("card", "x")):
        assert _main_error(capsys, *args) == (
            2, f"zxdeck: error: $ZXDECK_CARDS: {broken}: line 2: YAML error: unclosed bracket '['\n")
    missing = tmp_path / "gone.yaml"
    monkeypatch.setenv("ZXDECK_CARDS", str(missing))
    assert _main_error(capsys, "search", "x") == (2, f"zxdeck: error: $ZXDECK_CARDS: {missing}: catalog file not found\n")
    # the same file through --cards: the variable is not to blame
    assert _main_error(capsys, "--cards", str(missing), "search", "x") == (
        2, f"zxdeck: error: {missing}: catalog file not found\n")
