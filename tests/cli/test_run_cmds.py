"""The run commands are the core's (zxdeck/cli/run_cmds.py): `sim`, `tournament`, `gauntlet`,
`optimize` and `bot` are made for each game from the run parts its `RUNS` names
(zxdeck.game_api.RunParts), with the game's words and defaults; a game whose parts lack what a
command needs gets a one-line refusal (exit 2)."""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import click
import pytest
from click.testing import CliRunner

from zxdeck.cli import main, run_cmds
from zxdeck.game_api import RUN_PARTS_ATTRIBUTES, RUN_PARTS_METHODS
from zxdeck.games import GAMES, game_module

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = run_cmds.RUN_COMMANDS


def help_text(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
              *args: str) -> str:
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.delenv("ZXDECK_GAME", raising=False)
    try:
        main([*args, "--help"])
    except SystemExit as exc:
        assert exc.code in (0, None)
    return " ".join(capsys.readouterr().out.split())  # the words, not click's wrapping


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_names_run_parts_with_all_the_protocol_asks(game: str) -> None:
    parts = run_cmds.load_parts(game)
    assert parts is not None and parts.key == game
    missing = [a for a in RUN_PARTS_ATTRIBUTES if not hasattr(parts, a)]
    missing += [m for m in RUN_PARTS_METHODS if not callable(getattr(parts, m, None))]
    assert missing == []
    for command in COMMANDS:  # every command has its game's summary, description and examples
        texts = parts.texts[command]
        assert texts["summary"] and texts["doc"] and texts["examples"], (game, command)
        assert all(e.startswith(("zxdeck ", "python3 ")) for e in texts["examples"])


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_games_command_tables_point_the_run_commands_at_the_core(game: str) -> None:
    table = game_module(game).COMMANDS
    for command in COMMANDS:
        assert table[command] == "zxdeck.cli.run_cmds"


def test_the_default_turn_limit_of_the_parts_is_the_engines() -> None:
    from zxdeck.games import adapter

    for game in GAMES:
        assert run_cmds.load_parts(game).turn_limit == adapter(game).default_turn_limit


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_is_made_from_the_games_parts(command: str) -> None:
    """The same core command, another game's words and defaults."""
    made = {}
    for game in ("zx", "moz"):
        group = click.Group()
        run_cmds.register(group, game)
        assert set(group.commands) == set(COMMANDS)
        made[game] = group.commands[command]
        parts = run_cmds.load_parts(game)
        assert made[game].short_help == parts.texts[command]["summary"]
        params = {p.name: p for p in made[game].params}
        assert params["turn_limit"].default == parts.turn_limit
        agent = params.get("ai1") or params["ai"]
        assert agent.default == parts.default_agent
        deck_checks = {o["name"] for o in parts.deck_options
                       if command in o.get("commands", COMMANDS)}
        assert deck_checks <= set(params)
    assert made["zx"] is not made["moz"]
    assert made["zx"].callback is not made["moz"].callback


def test_zx_keeps_its_defaults_and_options(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Z/X's run commands are what they were: greedy, turn limit 100, --jobs auto, the deck checks
    --allow-illegal, --regulation, --allow-unscripted; its agents listed from the registry."""
    text = help_text(capsys, monkeypatch, "sim")
    assert "Play DECK_A against DECK_B many times: A's win rate with its 95 % interval." in text
    assert "--turn-limit INTEGER RANGE A longer game ends as a draw" in text
    assert "[default: 100; x>=1]" in text
    for option in ("--allow-illegal", "--regulation", "--allow-unscripted", "--precision"):
        assert option in text
    assert "Agents (--ai, --ai1, --ai2):" in text and "greedy" in text
    assert "zxdeck sim examples/decks/red.txt examples/decks/blue.txt -n 2000" in text
    bot = help_text(capsys, monkeypatch, "bot")
    assert "--regulation" in bot and "--allow-unscripted" not in bot
    assert "seeded coin flip" in bot


def test_moz_commands_show_moz_words(capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """`zxdeck --game moz sim --help`: MOZ's summary, defaults (heuristic, 400, --jobs auto as
    Z/X's) and its agents listed; no Z/X option (regulations, unscripted cards)."""
    text = help_text(capsys, monkeypatch, "--game", "moz", "sim")
    assert "(zxdeck.sim over MOZ's game adapter)" in text
    assert "[default: 400; x>=1]" in text and "[default: heuristic]" in text
    assert "auto: one per CPU. [default: auto]" in text
    agents = text.split("Agents (--ai, --ai1, --ai2):")[1]
    assert "heuristic Knows the rules" in agents and "hard Level hard" in agents
    assert "greedy" not in text and "--regulation" not in text and "--allow-unscripted" not in text
    assert "zxdeck --game moz sim examples/moz/shell_dragons.txt" in text


def _invoke(group: click.Group, *args: str) -> Any:
    return CliRunner().invoke(group, list(args))


def test_a_game_without_run_parts_gets_one_line_for_each_command(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(run_cmds, "load_parts", lambda game: None)
    group = click.Group()
    run_cmds.register(group, "moz")
    for command in COMMANDS:
        result = _invoke(group, command, "a.txt", "b.txt", "--help")
        assert result.exit_code == 2
        lines = result.output.strip().splitlines()
        assert lines == [f"zxdeck: error: `{command}` is not available for --game moz: the game "
                         "supplies no run parts (RUNS)"]


def test_parts_without_what_optimize_needs_refuse_only_optimize(
        monkeypatch: pytest.MonkeyPatch) -> None:
    real = run_cmds.load_parts("moz")

    class NoCandidates:
        def __getattr__(self, name: str) -> Any:
            if name == "candidates":
                raise AttributeError(name)
            return getattr(real, name)

    monkeypatch.setattr(run_cmds, "load_parts", lambda game: NoCandidates())
    group = click.Group()
    run_cmds.register(group, "moz")
    result = _invoke(group, "optimize", "deck.txt", "--try", "-1 A +1 B")
    assert result.exit_code == 2
    assert result.output.strip() == ("zxdeck: error: `optimize` is not available for --game moz: "
                                     "the game supplies no candidates in its run parts")
    assert isinstance(group.commands["sim"], run_cmds.RunCommand)


def test_the_old_command_modules_are_gone_and_their_paths_name_the_core() -> None:
    for path in ("zxdeck/games/zx/cli/sim_cmds.py", "zxdeck/games/zx/cli/analysis_cmds.py",
                 "zxdeck/games/zx/cli/bot_cmds.py", "zxdeck/games/moz/cli/run_cmds.py"):
        assert not (ROOT / path).exists(), path
    for old in ("zxdeck.cli.sim_cmds", "zxdeck.cli.bot_cmds"):
        assert importlib.import_module(old) is run_cmds


def test_a_bad_option_value_is_one_line_for_both_games(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["sim", "a.txt", "b.txt", "-n", "0"],
                 ["--game", "moz", "sim", "a.txt", "b.txt", "-n", "0"]):
        with pytest.raises(SystemExit) as exc:
            main(args)
        assert exc.value.code == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert err == ["zxdeck: error: -n/--games must be at least 1, not 0"]


def test_a_missing_deck_is_named_for_both_games(capsys: pytest.CaptureFixture[str]) -> None:
    red = str(ROOT / "examples" / "decks" / "red.txt")
    shell = str(ROOT / "examples" / "moz" / "shell_dragons.txt")
    for args in (["sim", red, "nonexistent.txt", "--jobs", "1"],
                 ["--game", "moz", "sim", shell, "nonexistent.txt", "--jobs", "1"]):
        with pytest.raises(SystemExit) as exc:
            main(args)
        assert exc.value.code == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert err == ["zxdeck: error: nonexistent.txt: deck file not found"]


def test_a_game_may_title_the_agents_of_a_command(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """MOZ's gauntlet lists its agents under the options that take them; Z/X's keeps its title."""
    assert "Agents (--ai, --field-ai):" in help_text(capsys, monkeypatch, "--game", "moz", "gauntlet")
    assert "Agents (--ai, --ai1, --ai2):" in help_text(capsys, monkeypatch, "gauntlet")
