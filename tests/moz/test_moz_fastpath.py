"""`zxdeck --game moz validate|search` (and with $ZXDECK_GAME=moz) run without click, through
MOZ's fast path (zxdeck/games/moz/fast.py), exactly as the click commands: the option tables are
the commands', the parsers decline or agree with click's, and both paths print the same and end
with the same status (D-1..D-18 reports, search results, one-line query errors, exit 0 / 1 / 2).
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

from zxdeck.cli.deck_cmds import deck_parts, make_validate
from zxdeck.cli.search_cmds import make_search
from zxdeck.games.moz import fast

ROOT = Path(__file__).resolve().parents[2]
# The commands as the core makes them for MOZ (zxdeck.cli.deck_cmds / search_cmds from its DECKS parts).
validate_cmd = make_validate(deck_parts("moz"))
search_cmd = make_search(deck_parts("moz"))
GOOD = "examples/moz/shell_dragons.txt"
BAD = "examples/moz/illegal/too_many_high_levels.txt"
# The help options the commands have under `zxdeck` (click keeps a command's help option once
# made: a context without them would take -h from the command for the tests that follow).
AS_IN_ZXDECK = {"help_option_names": ["-h", "--help"]}


def _option_table(command: click.Command) -> dict[str, tuple[str, object]]:
    table: dict[str, tuple[str, object]] = {}
    for param in command.params:
        if isinstance(param, click.Argument):
            continue
        assert isinstance(param, click.Option) and not param.multiple and param.envvar is None
        if param.is_flag:
            kind: object = None
        elif isinstance(param.type, click.Choice):
            kind = tuple(param.type.choices)
        elif param.type is click.STRING:  # any value (validate's --regulation)
            kind = None
        else:
            assert isinstance(param.type, click.IntRange) and (param.type.min, param.type.max) == (0, None)
            kind = "int"
        for spelling in (*param.opts, *param.secondary_opts):
            table[spelling] = (param.name, kind)
    return table


def test_option_tables_are_the_click_commands() -> None:
    assert _option_table(validate_cmd) == fast.VALIDATE_OPTIONS
    assert validate_cmd.make_context("validate", ["x"], **AS_IN_ZXDECK).params == {"decks": ("x",), **fast.VALIDATE_DEFAULTS}
    assert _option_table(search_cmd) == fast.SEARCH_OPTIONS
    assert search_cmd.make_context("search", [], **AS_IN_ZXDECK).params == {"query": (), **fast.SEARCH_DEFAULTS}


def _agree(parser: object, command: click.Command, args: list[str]) -> None:
    got = parser(args)  # type: ignore[operator]
    try:
        ctx = command.make_context(command.name or "", list(args), **AS_IN_ZXDECK)
    except (click.exceptions.Exit, click.ClickException):
        assert got is None
        return
    if got is not None:
        assert got == ctx.params


VALIDATE_TOKENS = ["a.txt", "-", "--format", "json", "human", "xml", "--format=json", "--deck-format", "yaml",
                   "--color", "never", "--color=always", "-r", "v2", "--regulation", "glyphwar",
                   "--regulation=x.yaml", "-h", "--help", "--", "--bogus"]
SEARCH_TOKENS = ["t:s", "lv>=5", "(a:貝", "or", "t:b)", "-sub:dragon", "--format", "ids", "csv", "xml",
                 "--sort", "level", "cost", "--sort=power", "--reverse", "--limit", "3", "-1", "x", "--limit=0",
                 "-h", "--", "--bogus", "竜"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(VALIDATE_TOKENS), max_size=6), st.lists(st.sampled_from(SEARCH_TOKENS), max_size=6))
def test_the_parsers_decline_or_agree_with_click(vargs: list[str], sargs: list[str]) -> None:
    _agree(fast.FAST_COMMANDS["validate"][0], validate_cmd, vargs)
    _agree(fast.FAST_COMMANDS["search"][0], search_cmd, sargs)


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


@pytest.fixture(scope="module")
def env(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    environ = {**os.environ, "ZXDECK_CACHE_DIR": str(tmp_path_factory.mktemp("cache"))}
    for name in ("ZXDECK_CARDS", "ZXDECK_MOZ_CARDS", "NO_COLOR", "ZXDECK_GAME", "_ZXDECK_COMPLETE"):
        environ.pop(name, None)
    subprocess.run([sys.executable, "-m", "zxdeck", "--game", "moz", "validate", GOOD], env=environ,
                   capture_output=True, timeout=120)
    return environ


def run(args: list[str], env: dict[str, str], click_only: bool) -> tuple[str, str, int, bool]:
    environ = {**env, "PROBE_CLICK_ONLY": "1" if click_only else ""}
    proc = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, env=environ,
                          timeout=120, cwd=ROOT)
    err, _, used = proc.stderr.rpartition("\n@@")
    return proc.stdout, err, proc.returncode, json.loads(used)


TAKEN = [
    (["--game", "moz", "validate", GOOD], {}),
    (["--game", "moz", "validate", BAD, GOOD], {}),
    (["--game=moz", "validate", "--format", "json", BAD], {}),
    (["--game", "moz", "validate", "missing.txt"], {}),
    (["--game", "moz", "validate", GOOD, "missing.txt", "--color", "always"], {}),
    (["validate", GOOD], {"ZXDECK_GAME": "moz"}),
    (["--game", "MOZ", "search", "sub:dragon", "pow=100", "--format", "ids"], {}),
    (["--game", "moz", "search", "t:s", "lv>=6", "--sort", "level", "--reverse", "--limit", "3"], {}),
    (["--game", "moz", "search", "g:sp_seal", "--format", "json"], {}),
    (["--game", "moz", "search", "a:貝", "(t:b", "or", "t:ac)", "--format", "csv"], {}),
    (["--game", "moz", "search", "lvl>3"], {}),
    (["--game", "moz", "search", "nothing-matches-this"], {}),
    (["search", "k:r"], {"ZXDECK_GAME": "moz"}),
]


@pytest.mark.parametrize(("args", "extra"), TAKEN, ids=[" ".join(a) for a, _ in TAKEN])
def test_both_paths_print_the_same_and_exit_the_same(args: list[str], extra: dict[str, str],
                                                     env: dict[str, str]) -> None:
    environ = {**env, **extra}
    quick = run(args, environ, click_only=False)
    slow = run(args, environ, click_only=True)
    assert quick[3] is False, "the fast path was not taken"
    assert slow[3] is True
    assert quick[:3] == slow[:3]
    assert "Traceback" not in quick[1]


def test_a_bad_query_is_one_line_and_exit_2(env: dict[str, str]) -> None:
    out, err, status, _ = run(["--game", "moz", "search", "lvl>3"], env, click_only=False)
    assert status == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert err.startswith("zxdeck: error: bad query: unknown keyword 'lvl'") and "did you mean 'lv'?" in err


DECLINED = [
    (["--game", "moz", "search", "-t:s"], {}),  # a term starting with '-': click's
    (["--game", "moz", "validate", "--help"], {}),
    (["--game", "zx", "validate", "examples/decks/red.txt"], {}),  # the default game chosen: click
    (["--game", "nonesuch", "validate", GOOD], {}),
    (["--game", "moz", "--debug", "validate", GOOD], {}),
]


@pytest.mark.parametrize(("args", "extra"), DECLINED, ids=[" ".join(a) for a, _ in DECLINED])
def test_other_command_lines_go_to_click(args: list[str], extra: dict[str, str], env: dict[str, str]) -> None:
    quick = run(args, {**env, **extra}, click_only=False)
    assert quick[3] is True
    assert quick[:3] == run(args, {**env, **extra}, click_only=True)[:3]
