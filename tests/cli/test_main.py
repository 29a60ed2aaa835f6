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
