"""The `zxdeck` entry point: exit statuses and error lines (INTERFACES.md section 3)."""

from __future__ import annotations

import click
import pytest

from zxdeck.cli import cli, main
from zxdeck.errors import ZxError


@cli.command("_test-exit", hidden=True)
@click.argument("status", type=int)
@click.pass_context
def _exit_command(ctx: click.Context, status: int) -> None:
    ctx.exit(status)


@cli.command("_test-error", hidden=True)
def _error_command() -> None:
    raise ZxError("deck.txt: line 3: something is wrong", exit_code=1)


@cli.command("_test-crash", hidden=True)
def _crash_command() -> None:
    raise RuntimeError("boom")


@pytest.mark.parametrize("status", [0, 1, 2])
def test_ctx_exit_status_is_the_process_status(status: int) -> None:
    with pytest.raises(SystemExit) as info:
        main(["_test-exit", str(status)])
        raise SystemExit(0)
    assert info.value.code == status


def test_zx_error_is_one_line_and_its_status(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["_test-error"])
    assert info.value.code == 1
    assert capsys.readouterr().err == "zxdeck: error: deck.txt: line 3: something is wrong\n"


def test_unexpected_error_has_no_traceback_unless_debug(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["_test-crash"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "RuntimeError: boom" in err and "--debug" in err
    with pytest.raises(RuntimeError, match="boom"):
        main(["--debug", "_test-crash"])


def test_bad_option_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main(["--no-such-option"])
    assert info.value.code == 2
    assert "No such option" in capsys.readouterr().err


RED = "examples/decks/red.txt"


@pytest.mark.parametrize(("args", "expected"), [
    (["valdiate", RED], "zxdeck: error: no such command 'valdiate'; did you mean 'validate'? (`zxdeck -h` for help)"),
    (["--game", "moz", "valdiate", RED],
     "zxdeck: error: no such command 'valdiate'; did you mean 'validate'? (`zxdeck -h` for help)"),
    (["tournamnet"], "zxdeck: error: no such command 'tournamnet'; did you mean 'tournament'? (`zxdeck -h` for help)"),
    (["xyzzy"], "zxdeck: error: no such command 'xyzzy' (`zxdeck -h` for help)"),
    (["validate", "--date", "2021-13-45", RED],
     "zxdeck: error: Invalid value for '--date': '2021-13-45' is not a day: month must be in 1..12 "
     "(`zxdeck validate -h` for help)"),
    (["regulations", "--date", "2021-02-30"],
     "zxdeck: error: Invalid value for '--date': '2021-02-30' is not a day: day is out of range for month "
     "(`zxdeck regulations -h` for help)"),
    (["validate", "--date", "soon", RED],
     "zxdeck: error: Invalid value for '--date': 'soon' is not a day written YYYY-MM-DD (e.g. 2022-05-01) "
     "(`zxdeck validate -h` for help)"),
])
def test_usage_errors_are_one_line_with_exit_2(capsys: pytest.CaptureFixture[str], monkeypatch, args,
                                               expected) -> None:
    """One error style: a bad command, option or value is one `zxdeck: error:` line (not click's
    `Usage: ... Error:` block), exit 2, with a "did you mean" for a mistyped command."""
    monkeypatch.delenv("ZXDECK_GAME", raising=False)
    with pytest.raises(SystemExit) as info:
        main(args)
    assert info.value.code == 2
    out, err = capsys.readouterr()
    assert (out, err) == ("", expected + "\n")


@pytest.mark.parametrize("args", [
    ["validate", "--format", "jsn", RED],  # a bad value: the fast path leaves it to click
    ["--game", "moz", "validate", "--format", "jsn", "examples/moz/flame_thunder.txt"],
    ["search", "--sort", "nmae", "c:red"],
    ["--game", "moz", "search", "--limit", "-1", "x"],
    ["sim", "--bogus"],
])
def test_the_fast_paths_and_click_give_the_same_one_line_usage_error(capsys: pytest.CaptureFixture[str],
                                                                     args) -> None:
    with pytest.raises(SystemExit) as info:
        main(args)
    assert info.value.code == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and err.startswith("zxdeck: error: ")
    assert "Usage:" not in err and "-h` for help)" in err
