"""One option convention over every command of every registered game (issue 20): it walks the
command tables, so a new command or game is checked too.

- every command and sub-command accepts `-h` and its help lists it;
- every short option has a long spelling (`draw -n` is `--openings`);
- `--turn-limit` is range-checked by the option itself (at least 1);
- agents: a command with any agent option has `--ai` (every computer player); one with
  `--ai1` has `--ai2`; the agents listed by a help each have their own line;
- `--format` offers `json` and shows no old alias (`validate --format human` still works); an
  option's help names `--format csv` only where the command has it (optimize has no CSV);
- no help cites a file that is not shipped (INTERFACES.md).
The old spellings keep working (tested at the end)."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from zxdeck.cli.app import COMMANDS, _game_command, cli
from zxdeck.games import GAMES, game_module

ROOT = Path(__file__).resolve().parents[2]
AGENT_OPTIONS = {"--ai", "--ai1", "--ai2", "--agents"}


def _commands() -> list[tuple[str, tuple[str, ...], click.Command]]:
    out = []
    for key in GAMES:
        for name in sorted(set(game_module(key).COMMANDS) | set(COMMANDS)):
            if name in COMMANDS:
                group = click.Group()
                importlib.import_module(COMMANDS[name]).register(group)
                command = group.commands[name]
            else:
                command = _game_command(key, name)
            assert command is not None, (key, name)
            out.append((key, (name,), command))
            if isinstance(command, click.Group):
                out += [(key, (name, sub), c) for sub, c in sorted(command.commands.items())]
    return out


COMMAND_LIST = _commands()
IDS = [f"{key}:{' '.join(path)}" for key, path, _ in COMMAND_LIST]


def _options(command: click.Command) -> list[click.Option]:
    return [p for p in command.params if isinstance(p, click.Option)]


def test_the_walk_covers_every_game_and_command() -> None:
    assert {key for key, _, _ in COMMAND_LIST} == set(GAMES)
    assert len(COMMAND_LIST) >= 25
    assert ("zx", ("draw",)) in {(k, p) for k, p, _ in COMMAND_LIST}


@pytest.mark.parametrize(("key", "path", "command"), COMMAND_LIST, ids=IDS)
def test_every_command_accepts_dash_h_and_lists_it(key, path, command, tmp_path) -> None:
    env = {"ZXDECK_CACHE_DIR": str(tmp_path), "ZXDECK_GAME": ""}
    result = CliRunner().invoke(cli, ["--game", key, *path, "-h"], env=env, prog_name="zxdeck")
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"Usage: zxdeck {' '.join(path)}")
    assert "-h, --help" in result.output


@pytest.mark.parametrize(("key", "path", "command"), COMMAND_LIST, ids=IDS)
def test_options_follow_the_convention(key, path, command) -> None:
    options = _options(command)
    spellings = {o for p in options for o in p.opts}
    for p in options:
        if not p.hidden and p.name != "help":
            assert any(o.startswith("--") for o in p.opts), f"{p.opts}: a short option needs a long form"
        if "--turn-limit" in p.opts:
            assert isinstance(p.type, click.IntRange) and p.type.min == 1, "--turn-limit: at least 1"
        if "--format" in p.opts and isinstance(p.type, click.Choice):
            shown = p.type.get_metavar(p, click.Context(command))
            assert "json" in p.type.choices and "human" not in shown, shown
    if spellings & AGENT_OPTIONS:
        assert "--ai" in spellings, f"{' '.join(path)}: an agent option but no --ai"
    if "--ai1" in spellings:
        assert "--ai2" in spellings
    ctx = click.Context(command, info_name=" ".join(path))
    assert "INTERFACES.md" not in command.get_help(ctx)
    formats = next((p.type.choices for p in options if "--format" in p.opts
                    and isinstance(p.type, click.Choice)), ())
    for p in options:  # an option's help promises --format csv only where the command has it
        if "--format csv" in (p.help or ""):
            assert "csv" in formats, f"{' '.join(path)} {p.opts[0]}: help names --format csv"


def test_the_agents_each_have_their_own_help_line() -> None:
    from zxdeck.agents import AGENTS, agent_summary

    lines = {name: agent_summary(name) for name in AGENTS}
    assert len(set(lines.values())) == len(lines), lines
    assert lines["greedy"] != lines["greedy-v1"]


# ---- the convention's new spellings, and the old ones still working


def _run(tmp_path, *args: str):
    env = {"ZXDECK_CACHE_DIR": str(tmp_path), "ZXDECK_GAME": "", "ZXDECK_CARDS": ""}
    return CliRunner().invoke(cli, list(args), env=env)


def test_ai_gives_both_seats_and_ai1_ai2_still_work(tmp_path) -> None:
    red, blue = str(ROOT / "examples" / "decks" / "red.txt"), str(ROOT / "examples" / "decks" / "blue.txt")
    both = _run(tmp_path, "sim", red, blue, "-n", "2", "--ai", "random", "--format", "json")
    assert both.exit_code == 0, both.output
    doc = json.loads(both.stdout)
    assert (doc["a"]["agent"], doc["b"]["agent"]) == ("random", "random")
    one = _run(tmp_path, "sim", red, blue, "-n", "2", "--ai", "random", "--ai2", "greedy", "--format", "json")
    doc = json.loads(one.stdout)
    assert (doc["a"]["agent"], doc["b"]["agent"]) == ("random", "greedy")
    old = _run(tmp_path, "sim", red, blue, "-n", "2", "--ai1", "greedy", "--ai2", "random", "--format", "json")
    doc = json.loads(old.stdout)
    assert (doc["a"]["agent"], doc["b"]["agent"]) == ("greedy", "random")
    game = ["play", "--auto", "--seed", "1", "--p1", red, "--p2", blue, "--turn-limit", "4"]
    play = _run(tmp_path, *game, "--ai", "random")
    assert play.exit_code == 0, play.output
    assert play.stdout == _run(tmp_path, *game, "--ai1", "random", "--ai2", "random").stdout
    assert play.stdout != _run(tmp_path, *game).stdout  # greedy by default: another game


@pytest.mark.parametrize("args", [
    ["sim", "a.txt", "b.txt", "--turn-limit", "0"],
    ["tournament", "a.txt", "b.txt", "--turn-limit", "0"],
    ["--game", "moz", "sim", "a.txt", "b.txt", "--turn-limit", "0"],
    ["--game", "moz", "tournament", "a.txt", "b.txt", "--turn-limit", "-1"],
    ["--game", "moz", "play", "--auto", "--turn-limit", "0"],
])
def test_turn_limit_is_range_checked_before_anything_runs(tmp_path, args) -> None:
    result = _run(tmp_path, *args)
    assert result.exit_code == 2 and "--turn-limit" in result.output and "x>=1" in result.output


def test_old_spellings_still_work(tmp_path) -> None:
    red = str(ROOT / "examples" / "decks" / "red.txt")
    human = _run(tmp_path, "validate", "--format", "human", red)
    text = _run(tmp_path, "validate", "--format", "text", red)
    assert human.exit_code == text.exit_code == 0 and human.stdout == text.stdout
    moz = str(ROOT / "examples" / "moz" / "flame_thunder.txt")
    assert _run(tmp_path, "--game", "moz", "validate", "--format", "human", moz).exit_code == 0
    short = _run(tmp_path, "draw", red, "-n", "2", "--format", "json")
    long = _run(tmp_path, "draw", red, "--openings", "2", "--format", "json")
    assert short.exit_code == 0 and short.stdout == long.stdout and len(json.loads(long.stdout)["openings"]) == 2
