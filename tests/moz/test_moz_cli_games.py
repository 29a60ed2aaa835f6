"""The game registry and the global option `--game` / $ZXDECK_GAME (issue 14)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from zxdeck.cli import cli
from zxdeck.games import (
    DEFAULT_GAME,
    GAMES,
    UnknownGameError,
    describe_games,
    game_module,
    normalize_key,
)


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "zxdeck", *args], capture_output=True, text=True,
                          env=env, timeout=120)


def test_registry_names_each_game_by_module_path() -> None:
    assert DEFAULT_GAME == "zx"
    assert GAMES == {"zx": "zxdeck.games.zx", "moz": "zxdeck.games.moz"}
    for key, path in GAMES.items():
        module = game_module(key)
        assert module.__name__ == path
        assert key == module.KEY
        assert module.TITLE and module.RULES_VERSION and module.RULES_DOC


def test_game_keys_are_normalized_and_unknown_ones_refused() -> None:
    assert normalize_key(" MOZ ") == "moz"
    with pytest.raises(UnknownGameError, match="unknown game 'chess'"):
        normalize_key("chess")


def test_games_lists_every_game_with_its_rules_version() -> None:
    result = CliRunner().invoke(cli, ["games"])
    assert result.exit_code == 0
    assert result.output.startswith("zx (default, selected): Z/X -Zillions of enemy X-\n")
    assert "moz: The Miracle of the Zone" in result.output
    assert "Glyphwar edition (グリフワール編, 1997)" in result.output


def test_games_json_and_the_selected_game() -> None:
    result = CliRunner().invoke(cli, ["--game", "moz", "games", "--format", "json"])
    assert result.exit_code == 0
    assert json.loads(result.output) == describe_games()
    text = CliRunner().invoke(cli, ["--game", "moz", "games"]).output
    assert "moz (selected):" in text and "zx (default):" in text


def test_env_var_selects_the_game() -> None:
    result = CliRunner().invoke(cli, ["games"], env={"ZXDECK_GAME": "moz"})
    assert "moz (selected):" in result.output


def test_unknown_game_is_a_usage_error_without_traceback() -> None:
    done = run("--game", "chess", "validate", "x.txt")
    assert done.returncode == 2
    assert "unknown game 'chess'" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_command_moz_lacks_says_so_with_exit_2(monkeypatch: pytest.MonkeyPatch) -> None:
    """MOZ now has every command; a game without one (here MOZ without `stats`) says so."""
    from zxdeck.games import moz

    monkeypatch.delitem(moz.COMMANDS, "stats")
    result = CliRunner().invoke(cli, ["--game", "moz", "stats", "a.txt"])
    assert result.exit_code == 2
    assert result.output.startswith("zxdeck: error: `stats` is not available for --game moz yet")
    assert "stats" not in result.output.split("available for moz: ", 1)[1]
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_zx_stays_the_default_and_explicit_zx_is_the_same() -> None:
    plain = run("validate", "examples/decks/red.txt")
    explicit = run("--game", "zx", "validate", "examples/decks/red.txt")
    assert plain.returncode == explicit.returncode == 0
    assert plain.stdout == explicit.stdout


def test_the_default_game_imports_no_game_module() -> None:
    """`--game` adds no import to Z/X commands: nothing of another game (the Z/X code is in
    zxdeck.games.zx, whose package imports only the light registry zxdeck.games on the way)."""
    code = ("import sys\nfrom zxdeck.cli import main\ntry:\n    main(sys.argv[1:])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('zxdeck.games.moz')))")
    for args in (["validate", "examples/decks/red.txt"], ["--game", "zx", "search", "c:red", "--limit", "1"]):
        done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120)
        assert done.stdout.splitlines()[-1] == "[]", done.stderr
