"""`zxdeck --game GAME --help` is the game's own help: its description, only its commands (each
with its own summary) and its examples, which parse with the real options (issue 21)."""

from __future__ import annotations

import re
import shlex

import pytest

from tests.cli.test_help import parse_zxdeck
from zxdeck.cli import main
from zxdeck.games import GAMES, game_module


def help_of(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str,
            env_game: str | None = None) -> str:
    monkeypatch.setenv("COLUMNS", "80")
    if env_game is None:
        monkeypatch.delenv("ZXDECK_GAME", raising=False)
    else:
        monkeypatch.setenv("ZXDECK_GAME", env_game)
    code = 0
    try:
        main([*args, "--help"])
    except SystemExit as exc:
        code = exc.code
    assert code in (0, None)
    return capsys.readouterr().out


def listed_commands(text: str) -> set[str]:
    block = text.split("\nCommands:\n", 1)[1].split("\n\n", 1)[0]
    return {m.group(1) for m in re.finditer(r"^  (\S+)\s", block, re.M)}


@pytest.mark.parametrize("args", [["--game", "moz"], ["--game=moz"], ["--debug", "--game", "moz"]])
def test_moz_help_is_moz_own(args: list[str], capsys: pytest.CaptureFixture[str],
                             monkeypatch: pytest.MonkeyPatch) -> None:
    text = help_of(capsys, monkeypatch, *args)
    assert "The Miracle of the Zone" in text
    assert "full Z/X game" not in text
    assert "D-1..D-16" not in text and "Check MOZ decks (D-1..D-18)." in text
    assert listed_commands(text) == set(game_module("moz").COMMANDS) | {"games"}
    assert "zxdeck rules B-6" not in text and "zxdeck --game moz validate" in text


def test_the_environment_chooses_the_help_as_the_option_does(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    by_option = help_of(capsys, monkeypatch, "--game", "moz")
    assert help_of(capsys, monkeypatch, env_game="moz") == by_option
    # the option wins over the environment, as it does when a command runs
    assert help_of(capsys, monkeypatch, "--game", "zx", env_game="moz") == help_of(capsys, monkeypatch)


def test_zx_help_is_unchanged_by_the_game_machinery(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    text = help_of(capsys, monkeypatch)
    assert help_of(capsys, monkeypatch, "--game", "zx") == text
    assert "zxdeck: card search, deck validation and the full Z/X game at the terminal." in text
    assert "Check decks against the construction rules (D-1..D-16)." in text
    assert listed_commands(text) == set(game_module("zx").COMMANDS) | {"games"}


@pytest.mark.parametrize("game", list(GAMES))
def test_each_games_help_examples_parse(game: str) -> None:
    module = game_module(game)
    examples = getattr(module, "HELP_EXAMPLES", ())
    joined: list[str] = []
    for line in examples:
        if joined and joined[-1].endswith("\\"):
            joined[-1] = joined[-1][:-1] + " " + line.strip()
        else:
            joined.append(line)
    for example in joined:
        argv = shlex.split(example)
        assert argv[0] == "zxdeck" and argv[1:3] == ["--game", game], example
        assert parse_zxdeck(argv[1:]).name in module.COMMANDS, example


def test_an_unknown_game_in_the_help_is_a_usage_error(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ZXDECK_GAME", raising=False)
    with pytest.raises(SystemExit) as exc:
        main(["--game", "chess", "--help"])
    assert exc.value.code == 2
    assert "unknown game 'chess'" in capsys.readouterr().err
