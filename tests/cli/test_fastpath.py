"""`zxdeck validate` and `zxdeck search` without click (zxdeck.cli.fastpath) behave exactly as
the click commands.

Three checks: the option tables of the fast path are the click commands'; on generated command
lines the fast parsers either decline or give the parameters click gives; and on the same
command lines both paths print the same output and error lines and end with the same status
(D-1..D-16 reports, search results, exit 0 / 1 / 2).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from zxdeck.cli import app, fastpath
from zxdeck.cli.deck_cmds import deck_parts, make_validate
from zxdeck.cli.search_cmds import make_search

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "examples" / "decks"
# The help options the commands have under `zxdeck` (click keeps a command's help option once
# made: a context without them would take -h from the command for the tests that follow).
AS_IN_ZXDECK = {"help_option_names": ["-h", "--help"]}
# The commands as the core makes them for Z/X (zxdeck.cli.deck_cmds / search_cmds from its DECKS parts).
validate_cmd = make_validate(deck_parts("zx"))
search_cmd = make_search(deck_parts("zx"))


def test_option_table_is_the_click_commands() -> None:
    """Every option of `validate` but --date and --help is in the fast path's table with the same
    spellings, values and default; the fast path knows no other option."""
    spellings: dict[str, tuple[str, tuple[str, ...] | None]] = {}
    for param in validate_cmd.params:
        if isinstance(param, click.Argument):
            assert (param.name, param.nargs, param.required) == ("decks", -1, True)
            continue
        assert isinstance(param, click.Option)
        assert not param.multiple and not param.is_flag and param.envvar is None, param.name
        if param.name == "day":
            continue  # --date: click parses it (the fast path declines)
        choices = tuple(param.type.choices) if isinstance(param.type, click.Choice) else None
        if choices is not None:
            assert getattr(param.type, "case_sensitive", True) is not False
        else:
            assert param.type is click.STRING, param.name
        for spelling in (*param.opts, *param.secondary_opts):
            spellings[spelling] = (param.name, choices)
    assert spellings == fastpath.VALIDATE_OPTIONS
    assert validate_cmd.make_context("validate", ["x"], **AS_IN_ZXDECK).params == {"decks": ("x",), **fastpath.VALIDATE_DEFAULTS}


def test_search_option_table_is_the_click_commands() -> None:
    spellings: dict[str, tuple[str, object]] = {}
    for param in search_cmd.params:
        if isinstance(param, click.Argument):
            assert (param.name, param.nargs, param.type) == ("query", -1, click.UNPROCESSED)
            continue
        assert isinstance(param, click.Option)
        assert not param.multiple and param.envvar is None, param.name
        if param.is_flag:
            kind: object = None
            assert not param.secondary_opts
            assert search_cmd.make_context("search", [param.opts[0]], **AS_IN_ZXDECK).params[param.name] is True
        elif isinstance(param.type, click.Choice):
            kind = tuple(param.type.choices)
            assert getattr(param.type, "case_sensitive", True) is not False
        else:
            assert isinstance(param.type, click.IntRange) and (param.type.min, param.type.max) == (0, None)
            assert not param.type.min_open and not param.type.clamp
            kind = "int"
        for spelling in (*param.opts, *param.secondary_opts):
            spellings[spelling] = (param.name, kind)
    assert spellings == fastpath.SEARCH_OPTIONS
    assert search_cmd.make_context("search", [], **AS_IN_ZXDECK).params == {"query": (), **fastpath.SEARCH_DEFAULTS}


def test_global_options_are_left_at_their_defaults() -> None:
    """The fast path runs only when `validate` comes first: every global option keeps its default,
    which is what `AppContext()` holds; options read from the environment make it decline."""
    ctx = app.cli.make_context("zxdeck", ["validate", "x.txt"])
    with ctx:
        ctx.invoked_subcommand = "validate"
        ctx.invoke(app.cli.callback, **ctx.params)
    assert vars(ctx.obj) == vars(fastpath_context())
    for param in app.cli.params:
        for var in [param.envvar] if isinstance(param.envvar, str) else param.envvar or []:
            assert var in fastpath.CLICK_ENV, f"--{param.name} reads ${var}: the fast path must decline with it"


def fastpath_context() -> object:
    from zxdeck.cli.context import AppContext

    return AppContext()


TOKENS = [
    "a.txt", "b.txt", "-", "", "--format", "json", "human", "text", "xml", "--format=json", "--format=",
    "-r", "--regulation", "v2", "sealed", "--regulation=v2", "-rv2", "-r=v2", "--deck-format", "yaml", "auto",
    "--deck-format=text", "--color", "always", "never", "--color=auto", "--date", "2022-05-01", "-h",
    "--help", "--", "-x", "--form", "--debug", "--format=JSON",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=8))
def test_the_fast_parser_declines_or_agrees_with_click(args: list[str]) -> None:
    _agree(fastpath.parse_validate, validate_cmd, args)


SEARCH_TOKENS = [
    "c:red", "t:zx", "cost>=5", "(c:r", "or", "c:g)", "-is:ig", "-", "", "--format", "ids", "json", "table",
    "csv", "xml", "--format=ids", "--sort", "power", "name", "--sort=cost", "--reverse", "--reverse=1",
    "--limit", "5", "0", "-1", "+5", "05", "x", "--limit=3", "--limit=", "-h", "--help", "--", "--cards",
    "--bogus", "日本",
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(SEARCH_TOKENS), max_size=8))
def test_the_fast_search_parser_declines_or_agrees_with_click(args: list[str]) -> None:
    _agree(fastpath.parse_search, search_cmd, args)


def _agree(parser: object, command: click.Command, args: list[str]) -> None:
    fast = parser(args)  # type: ignore[operator]
    try:
        ctx = command.make_context(command.name or "", list(args), **AS_IN_ZXDECK)
    except click.exceptions.Exit:  # --help
        assert fast is None
        return
    except click.ClickException:
        assert fast is None, "the fast path accepted a command line click refuses"
        return
    if fast is not None:
        assert fast == ctx.params


PROBE = """\
import json, os, sys
from zxdeck.cli import fastpath, main
if os.environ.pop("PROBE_CLICK_ONLY", ""):
    fastpath.run = lambda args: False
code = 0
try:
    main(sys.argv[1:])
except SystemExit as exc:
    code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
sys.stdout.flush()
sys.stderr.write("\\n@@" + json.dumps("click" in sys.modules))
sys.exit(code)
"""


def run(args: list[str], env: dict[str, str], click_only: bool, stdin: str = "") -> tuple[str, str, int, bool]:
    """(stdout, stderr, status, whether click was imported) of `zxdeck ARGS` in a fresh interpreter."""
    environ = {**env, "PROBE_CLICK_ONLY": "1" if click_only else ""}
    proc = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, env=environ,
                          input=stdin, timeout=120, cwd=ROOT)
    err, _, used = proc.stderr.rpartition("\n@@")
    return proc.stdout, err, proc.returncode, json.loads(used)


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    cache = tmp_path_factory.mktemp("cache")
    environ = {**os.environ, "ZXDECK_CACHE_DIR": str(cache)}
    for name in ("ZXDECK_CARDS", "NO_COLOR", "ZXDECK_GAME", "_ZXDECK_COMPLETE"):
        environ.pop(name, None)
    subprocess.run([sys.executable, "-m", "zxdeck", "validate", str(DECKS / "red.txt")], env=environ,
                   capture_output=True, timeout=120)
    return environ


RED = "examples/decks/red.txt"
BROKEN = "examples/decks/illegal/red_broken.txt"
TAKEN = [  # command lines the fast path runs
    ["validate", RED],
    ["validate", BROKEN],
    ["validate", RED, BROKEN, "examples/decks/blue.txt"],
    ["validate", "--format", "json", BROKEN],
    ["validate", "--format=json", RED, "missing.txt"],
    ["validate", RED, "missing.txt"],
    ["validate", "missing.txt"],
    ["validate", "--format", "text", "-r", "v2", RED],
    ["validate", "--regulation", "sealed", "examples/decks/sealed/red.txt"],
    ["validate", "--regulation=nonesuch", RED],
    ["validate", "-r", "no/such/file.yaml", RED],
    ["validate", "--color", "always", BROKEN],
    ["validate", "--color=never", RED, "--format", "human"],
    ["validate", "--deck-format", "yaml", RED],
    ["validate", "--deck-format=json", RED],
    ["validate", "examples"],
    ["validate", "-"],
    ["validate", "zxd1_not-a-deck-code"],
    ["search", "c:red", "t:zx", "--limit", "5"],
    ["search", "c:red", "--format", "ids"],
    ["search", "t:zx", "(c:r", "or", "c:g)", "cost>=7", "--format=json", "--limit=2"],
    ["search", "c:u", "--sort", "power", "--reverse", "--format", "csv", "--limit", "4"],
    ["search", "o:/ダメージ/", "--limit", "0"],
    ["search"],
    ["search", "c:zz"],
    ["search", "cost>=x"],
    ["search", "ドラゴン", "--format", "table"],
    ["search", "nothing-matches-this"],
]
DECLINED = [  # command lines click runs (help, errors, --date)
    ["validate"],
    ["validate", "--help"],
    ["validate", "-h", RED],
    ["validate", "--format", "xml", RED],
    ["validate", "--format"],
    ["validate", "--date", "2022-05-01", RED],
    ["validate", "--bogus", RED],
    ["validate", "--format", "json", "--format", "text", RED],
    ["validate", "-rv2", RED],
    ["validate", "--", RED],
    ["--debug", "validate", RED],
    ["search", "-is:ig", "c:red", "--limit", "3"],
    ["search", "-h"],
    ["search", "--help"],
    ["search", "c:red", "--cards", "x.yaml"],
    ["search", "c:red", "--limit", "-1"],
    ["search", "c:red", "--format", "xml"],
    ["search", "c:red", "--reverse", "--reverse"],
]


@pytest.mark.parametrize("args", TAKEN, ids=[" ".join(a[1:]) for a in TAKEN])
@pytest.mark.parametrize("no_color", [False, True], ids=["color-auto", "NO_COLOR"])
def test_both_paths_print_the_same_and_exit_the_same(args: list[str], no_color: bool, env: dict[str, str]) -> None:
    """D-1..D-16 reports, errors and exit statuses are the click command's, byte for byte."""
    environ = {**env, "NO_COLOR": "1"} if no_color else env
    stdin = (DECKS / "blue.txt").read_text(encoding="utf-8") if "-" in args else ""
    fast = run(args, environ, click_only=False, stdin=stdin)
    slow = run(args, environ, click_only=True, stdin=stdin)
    assert fast[3] is False, "the fast path was not taken"
    assert slow[3] is True
    assert fast[:3] == slow[:3]


@pytest.mark.parametrize("args", DECLINED, ids=[" ".join(a) for a in DECLINED])
def test_other_command_lines_go_to_click(args: list[str], env: dict[str, str]) -> None:
    parser = {"validate": fastpath.parse_validate, "search": fastpath.parse_search}.get(args[0])
    assert parser is None or parser(args[1:]) is None
    fast = run(args, env, click_only=False)
    assert fast[3] is True
    assert fast[:3] == run(args, env, click_only=True)[:3]


@pytest.mark.parametrize("var", fastpath.CLICK_ENV)
def test_declines_when_the_environment_speaks_to_click(var: str, env: dict[str, str]) -> None:
    assert run(["validate", RED], {**env, var: "zx"}, click_only=False)[3] is True
    assert run(["search", "c:red"], {**env, var: "zx"}, click_only=False)[3] is True


def test_declines_when_click_would_rewrap_an_ascii_stream(env: dict[str, str]) -> None:
    args = ["validate", RED]
    environ = {**env, "PYTHONIOENCODING": "ascii"}
    fast = run(args, environ, click_only=False)
    assert fast[3] is True
    assert fast[:3] == run(args, environ, click_only=True)[:3]


@pytest.mark.parametrize("color", [None, True, False])
@pytest.mark.parametrize("err", [False, True])
def test_echo_is_clicks(color: bool | None, err: bool, capsys: pytest.CaptureFixture[str]) -> None:
    for message in ["plain", "\x1b[31mred\x1b[0m text", None, "日本語"]:
        fastpath.echo(message, err=err, color=color)
        ours = capsys.readouterr()
        click.echo(message, err=err, color=color)
        assert capsys.readouterr() == ours
