"""The help: every command has examples that parse, `zxdeck --help` shows whole summaries,
`play --help` lists the agents of the registry, `zxdeck` alone prints the help."""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator

import click
import pytest
from wcwidth import wcswidth

from zxdeck.agents import AGENTS, register
from zxdeck.cli import cli, main


def commands(group: click.Group = cli, path: tuple[str, ...] = ()) -> Iterator[tuple[tuple[str, ...], click.Command]]:
    """Every visible command and group under `group`, with its path of names."""
    for name, cmd in sorted(group.commands.items()):
        if cmd.hidden:
            continue
        yield (*path, name), cmd
        if isinstance(cmd, click.Group):
            yield from commands(cmd, (*path, name))


ALL = [((), cli), *commands()]
IDS = [" ".join(p) or "zxdeck" for p, _ in ALL]


def help_text(capsys: pytest.CaptureFixture[str], *args: str, columns: int = 80,
              monkeypatch: pytest.MonkeyPatch | None = None) -> str:
    if monkeypatch is not None:
        monkeypatch.setenv("COLUMNS", str(columns))
    code = 0
    try:
        main([*args, "--help"])
    except SystemExit as exc:
        code = exc.code
    assert code in (0, None)
    return capsys.readouterr().out


def examples_of(cmd: click.Command) -> list[str]:
    """The example command lines of a command's epilog (continuation lines joined)."""
    epilog = cmd.epilog or ""
    assert "\b\nExamples:\n" in epilog, "the epilog starts with a verbatim Examples paragraph"
    block = epilog.split("\b\nExamples:\n", 1)[1].split("\n\n", 1)[0]
    lines = [line.strip() for line in block.splitlines()]
    joined: list[str] = []
    for line in lines:
        if joined and joined[-1].endswith("\\"):
            joined[-1] = joined[-1][:-1] + " " + line
        else:
            joined.append(line)
    return joined


def parse_zxdeck(argv: list[str]) -> click.Command:
    """Parse a command line with the real options, as `zxdeck` would, without running it."""
    ctx = cli.make_context("zxdeck", argv)
    cmd: click.Command = cli
    while isinstance(cmd, click.Group):
        rest = [*vars(ctx).get("_protected_args", vars(ctx).get("protected_args", [])), *ctx.args]
        if not rest:
            break
        name, sub, rest = cmd.resolve_command(ctx, rest)
        assert sub is not None, f"no command {name}"
        ctx = sub.make_context(name, rest, parent=ctx)
        cmd = sub
    return cmd


@pytest.mark.parametrize(("path", "cmd"), ALL, ids=IDS)
def test_every_command_has_examples_that_parse(path: tuple[str, ...], cmd: click.Command) -> None:
    examples = examples_of(cmd)
    assert examples
    ran, runs_it = 0, False
    for example in examples:
        command_line = example.split("#", 1)[0] if " #" in example else example
        for part in command_line.split("|"):
            argv = shlex.split(part.strip())
            if argv and argv[0] == "zxdeck":
                parsed = parse_zxdeck(argv[1:])
                ran += 1
                runs_it = runs_it or parsed is cmd or (
                    isinstance(cmd, click.Group) and parsed in cmd.commands.values())
    assert ran, "at least one example is a zxdeck command"
    assert runs_it or not path, f"an example runs `zxdeck {' '.join(path)}`"


@pytest.mark.parametrize(("path", "cmd"), ALL, ids=IDS)
def test_examples_are_kept_verbatim_and_fit_80_columns(
        path: tuple[str, ...], cmd: click.Command, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    text = help_text(capsys, *path, columns=80, monkeypatch=monkeypatch)
    block = cmd.epilog.split("\b\nExamples:\n", 1)[1].split("\n\n", 1)[0]
    for line in block.splitlines():
        assert f"  {line}\n" in text  # not rewrapped by click
        assert wcswidth(f"  {line}") <= 80, line


def test_a_wrong_example_would_be_caught() -> None:
    with pytest.raises(click.UsageError):
        parse_zxdeck(["validate", "--no-such-option", "x.txt"])
    with pytest.raises(click.UsageError):
        parse_zxdeck(["no-such-command"])


@pytest.mark.parametrize("columns", [80, 120])
def test_main_help_shows_every_summary_whole(columns: int, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    text = help_text(capsys, columns=columns, monkeypatch=monkeypatch)
    listing = text.split("Commands:\n", 1)[1].split("\n\n", 1)[0]
    shown = " ".join(listing.split())
    for name, cmd in cli.commands.items():
        if cmd.hidden:
            continue
        assert cmd.short_help, f"{name} has a short_help of its own (click would cut the docstring)"
        assert " ".join(cmd.short_help.split()) in shown
        assert cmd.short_help.endswith("."), name
    assert "..." not in listing


@pytest.mark.parametrize(("path", "cmd"), [(p, c) for p, c in ALL if isinstance(c, click.Group)],
                         ids=[i for i, (_, c) in zip(IDS, ALL) if isinstance(c, click.Group)])
def test_group_listings_show_every_summary_whole(path: tuple[str, ...], cmd: click.Group,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    text = help_text(capsys, *path)
    listing = text.split("Commands:\n", 1)[1].split("\n\n", 1)[0]
    assert "..." not in listing
    for sub in cmd.commands.values():
        if not sub.hidden:
            assert sub.short_help and sub.short_help.endswith("."), sub.name


def test_play_help_names_every_agent_of_the_registry(capsys: pytest.CaptureFixture[str]) -> None:
    text = help_text(capsys, "play")
    agents = text.split("Agents (--ai, --ai1, --ai2):\n", 1)[1].split("\n\n", 1)[0]
    assert sorted(re.findall(r"^  (\S+)  ", agents, re.M)) == sorted(AGENTS)


def test_play_help_follows_the_registry(capsys: pytest.CaptureFixture[str]) -> None:
    """A newly registered agent is listed with the first line of its docstring."""

    class Cautious:
        """Plays only when it cannot lose (a test agent)."""

        name = "cautious-test"

    register("cautious-test", Cautious)  # type: ignore[arg-type]
    try:
        text = help_text(capsys, "play")
    finally:
        del AGENTS["cautious-test"]
    assert "cautious-test" in text and "Plays only when it cannot lose (a test agent)." in text


@pytest.mark.parametrize("args", [[], ["deck"], ["db"]])
def test_no_arguments_prints_the_help_and_succeeds(args: list[str],
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code = 0
    try:
        main(args)
    except SystemExit as exc:
        code = exc.code
    out, err = capsys.readouterr()
    assert code in (0, None)
    assert out.startswith(f"Usage: zxdeck {' '.join(args)}".rstrip() + " [OPTIONS]")
    assert "Commands:" in out and "Examples:" in out and err == ""
