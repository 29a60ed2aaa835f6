"""`play` and `replay` are the core's (zxdeck.cli.play_cmds): made for each game from its SCREEN
parts (zxdeck.game_api.GameScreen), with the saves folder of zxdeck.terminal.saves; a game
without the parts gets a one-line refusal (exit 2)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from zxdeck.cli import play_cmds
from zxdeck.game_api import GameScreen
from zxdeck.games import GAMES, game_module
from zxdeck.terminal import saves

REPO = Path(__file__).resolve().parents[2]
MOZ_A = str(REPO / "examples" / "moz" / "shell_dragons.txt")
MOZ_B = str(REPO / "examples" / "moz" / "dusk_minus.txt")


def zxdeck(*args: str, cwd: Path | None = None, stdin: str = "", data: Path | None = None
           ) -> subprocess.CompletedProcess:
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "100", "LINES": "40"}
    env.pop("ZXDECK_GAME", None)
    if data is not None:
        env["ZXDECK_DATA_DIR"] = str(data)
    return subprocess.run([sys.executable, "-m", "zxdeck", *args], input=stdin, capture_output=True,
                          text=True, env=env, cwd=cwd or REPO, timeout=300)


@pytest.mark.parametrize("game", list(GAMES))
def test_each_game_names_screen_parts_that_keep_the_protocol(game: str) -> None:
    parts = play_cmds.screen_parts(game)
    assert isinstance(parts, GameScreen)
    assert set(parts.play_options) <= set(play_cmds.PLAY_OPTIONS)
    assert set(parts.replay_options) <= set(play_cmds.REPLAY_OPTIONS)
    assert game_module(game).COMMANDS["play"] == game_module(game).COMMANDS["replay"] == "zxdeck.cli.play_cmds"


@pytest.mark.parametrize("game", list(GAMES))
def test_the_commands_are_made_from_the_games_words_and_options(game: str) -> None:
    parts = play_cmds.screen_parts(game)
    group = click.Group(game)
    play_cmds.register(group, game)
    play, replay = group.commands["play"], group.commands["replay"]
    assert play.short_help == parts.play_help.summary and replay.short_help == parts.replay_help.summary
    offered = {p.name for p in play.params}
    # every option the game takes, and no other (the core's names: --log is log_path, ...)
    names = {"ai": "ai_all", "log": "log_path", "save": "save_path", "replay": "replay_path",
             "resume": "resume_path", "saves": "list_saves_"}
    assert offered == {names.get(o, o.replace("-", "_")) for o in parts.play_options}
    for option, words in parts.play_options.items():
        param = next(p for p in play.params if p.name == names.get(option, option.replace("-", "_")))
        if "help" in words:
            assert param.help == words["help"]
        if "default" in words:
            assert param.default == words["default"]
    help_text = CliRunner().invoke(play, ["--help"], terminal_width=100).output
    assert parts.play_help.examples[0].split()[0] in help_text and "Examples:" in help_text


def test_moz_gets_its_own_words_and_zx_keeps_its_own() -> None:
    moz = zxdeck("--game", "moz", "play", "--help")
    zx = zxdeck("play", "--help")
    assert moz.returncode == zx.returncode == 0
    moz_text, zx_text = " ".join(moz.stdout.split()), " ".join(zx.stdout.split())
    assert "MOZ match" in moz_text and "--game moz play" in moz_text and "[default: 400;" in moz_text
    assert "--saves" in moz_text  # what MOZ gains of Z/X's session
    assert "Play a game of Z/X" in zx_text and "[default: 100;" in zx_text and "MOZ" not in zx_text


@pytest.mark.parametrize("command", ["play", "replay"])
def test_a_game_without_screen_parts_is_refused_in_one_line(command: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_module("moz"), "SCREEN", None)
    group = click.Group("moz")
    play_cmds.register(group, "moz")
    r = CliRunner().invoke(group.commands[command], ["--p1", "x"])
    assert r.exit_code == 2
    assert r.output == f"zxdeck: error: `{command}` is not available for --game moz: the game has no " \
                       "terminal parts for it (SCREEN)\n"


def test_parts_without_replay_refuse_replay_only(monkeypatch: pytest.MonkeyPatch) -> None:
    parts = play_cmds.screen_parts("moz")

    class NoReplay:
        command, play_help, replay_help = parts.command, parts.play_help, parts.replay_help
        play_options, replay_options, play = parts.play_options, parts.replay_options, parts.play

    monkeypatch.setattr(play_cmds, "screen_parts", lambda game: NoReplay())
    group = click.Group("moz")
    play_cmds.register(group, "moz")
    assert group.commands["play"].short_help == parts.play_help.summary
    r = CliRunner().invoke(group.commands["replay"], ["x.json"])
    assert r.exit_code == 2 and "`replay` is not available for --game moz" in r.output


def test_a_new_save_name_is_unique_and_found_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ZXDECK_DATA_DIR", str(tmp_path))
    one = saves.new_save_path("moz-game-1")
    saves.write_save(one, {"game": "moz"})
    two = saves.new_save_path("moz-game-1")
    assert one.parent == two.parent == tmp_path / "saves" and one != two and not two.exists()
    assert saves.find_save(one.name) == one and saves.find_save(one.stem) == one
    assert saves.find_save("elsewhere/none.json") == Path("elsewhere/none.json")


def test_the_saves_of_another_game_are_not_listed(tmp_path: Path) -> None:
    (tmp_path / "a.json").write_text(json.dumps({"header": {"game": "moz"}}), encoding="utf-8")
    (tmp_path / "b.json").write_text(json.dumps({"header": {"format": "zxdeck-game"}}), encoding="utf-8")
    (tmp_path / "c.json").write_text("not json", encoding="utf-8")

    def summary(path: Path) -> dict:
        if path.name == "c.json":
            from zxdeck.errors import ZxError

            raise ZxError(f"{path}: not a saved game (not JSON)")
        return {"decks": ["x", "y"], "ai": "random", "moves": 3, "turn": 2, "status": "in progress"}

    rows = saves.list_saves("zx", summary, tmp_path)
    assert sorted(r["path"].name for r in rows) == ["b.json", "c.json"]
    assert sorted(r["path"].name for r in saves.list_saves("moz", summary, tmp_path)) == ["a.json", "c.json"]
    text = saves.save_rows_text(rows, tmp_path, "zxdeck --game moz")
    assert text[0] == f"saved games in {tmp_path} (newest first; resume: zxdeck --game moz play --resume NAME):"
    assert any("unreadable:" in line for line in text)


def test_the_resume_command_names_the_programs_and_the_log_again() -> None:
    again = [("--ai1", None), ("--ai2", "bot:python3 x.py"), ("--log", "m.jsonl")]
    assert saves.resume_command("zxdeck --game moz", "/d/a b.json", again) \
        == "zxdeck --game moz play --resume '/d/a b.json' --ai2 'bot:python3 x.py' --log m.jsonl"
    assert saves.resume_command("zxdeck", "g.json") == "zxdeck play --resume g.json"


def test_moz_saves_in_the_data_folder_lists_them_and_resumes_by_name(tmp_path: Path) -> None:
    """N-4: a MOZ match against the computer is saved after every move in the data folder under
    a unique name; `play --saves` lists it (Z/X's do not see it) and `--resume NAME` finds it
    from any folder."""
    here, elsewhere, data = tmp_path / "here", tmp_path / "elsewhere", tmp_path / "data"
    here.mkdir()
    elsewhere.mkdir()
    r = zxdeck("--game", "moz", "play", "--p1", MOZ_A, "--p2", MOZ_B, "--ai2", "random", "--seed", "2",
               cwd=here, stdin="1\n1\nq\n", data=data)
    assert r.returncode == 0, r.stderr
    assert not list(here.iterdir())
    found = list((data / "saves").glob("moz-game-2-*.json"))
    assert len(found) == 1
    listed = zxdeck("--game", "moz", "play", "--saves", cwd=elsewhere, data=data)
    assert listed.returncode == 0, listed.stderr
    assert found[0].name in listed.stdout and "in progress" in listed.stdout and "against random" in listed.stdout
    assert "resume: zxdeck --game moz play --resume NAME" in listed.stdout
    zx_listed = zxdeck("play", "--saves", cwd=elsewhere, data=data)
    assert found[0].name not in zx_listed.stdout
    again = zxdeck("--game", "moz", "play", "--resume", found[0].stem, cwd=elsewhere, stdin="q\n", data=data)
    assert again.returncode == 0 and "あなた (p1)" in again.stdout, again.stderr
