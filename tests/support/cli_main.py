"""`zxdeck ARGS` run in-process through `zxdeck.cli.main`, error handling and exit codes included
(the tests of commands that read a catalog, a deck or a card list share it)."""

from __future__ import annotations

from dataclasses import dataclass

from click.testing import CliRunner

from zxdeck.cli import main


def run_main(*args: str, stdin: str = "") -> tuple[int, str, str]:
    """(exit code, standard output, standard error) of `zxdeck ARGS`, `stdin` its input."""
    runner = CliRunner()
    with runner.isolation(input=stdin) as (out, err, _):
        try:
            main(list(args))
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        return code, out.getvalue().decode(), err.getvalue().decode()


@dataclass
class Run:
    code: int
    out: str
    err: str


def run_cli(*args: str) -> Run:
    """`run_main` as a record (`.code`, `.out`, `.err`)."""
    return Run(*run_main(*args))
