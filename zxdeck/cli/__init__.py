"""The `zxdeck` command line: click only. Each command is a thin layer over a library function.

Global options: `--cards PATH` (also `$ZXDECK_CARDS`) selects another catalog (given more
than once, later catalogs add to or override earlier ones; `builtin` is the built-in one),
`--debug` shows tracebacks, `--version`. Errors are one clear line on stderr
and a documented exit status (0 ok, 1 invalid deck, 2 could not run).

This package module stays light: `main` answers `zxdeck --version` without importing click,
and the click group (`cli`, `AppContext`, `pass_app`, `examples_epilog`, `MAIN_EPILOG`, in
zxdeck.cli.app) is imported on first use; the commands themselves are imported only when run
(zxdeck.cli.app.COMMANDS).
"""

from __future__ import annotations

import sys

from zxdeck import __version__
from zxdeck.errors import EXIT_USAGE, ZxError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (2-3 ms)
if TYPE_CHECKING:
    from typing import Any

    from zxdeck.cli.app import MAIN_EPILOG, AppContext, cli, examples_epilog, pass_app

_LAZY = ("cli", "AppContext", "pass_app", "examples_epilog", "MAIN_EPILOG")
__all__ = ["MAIN_EPILOG", "AppContext", "cli", "examples_epilog", "main", "pass_app"]


def __getattr__(name: str) -> Any:
    """The click group and its helpers come from zxdeck.cli.app, imported on first use."""
    if name in _LAZY:
        from zxdeck.cli import app

        return getattr(app, name)
    raise AttributeError(f"module 'zxdeck.cli' has no attribute {name!r}")


def _show_warning(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                  file: object = None, line: str | None = None) -> None:
    """Warnings (a damaged cache rebuilt, ...) are one line on stderr, like errors."""
    print(f"zxdeck: warning: {message}", file=sys.stderr)


def usage_line(exc: Any) -> str:
    """A click error (bad option, bad value, no such command) as the one line every other error
    is, after `zxdeck: error: `, ending with where the help is: click's own `Usage: ... Error:`
    block is not shown."""
    message = " ".join(exc.format_message().split())
    ctx = getattr(exc, "ctx", None)
    if ctx is None:  # not a usage error (a file click could not open, ...): the message alone
        return message
    path = ctx.command_path if ctx.command_path.startswith("zxdeck") else "zxdeck"
    return f"{message.rstrip('.')} (`{path} -h` for help)"


def main(argv: list[str] | None = None) -> None:
    """Entry point of the `zxdeck` console script and `python -m zxdeck`."""
    args = sys.argv[1:] if argv is None else argv
    if args == ["--version"]:  # what click's version option prints, without importing click
        print(f"zxdeck, version {__version__}")
        return
    debug = "--debug" in args
    if not debug:
        import warnings

        warnings.showwarning = _show_warning
    if args[:1] in (["validate"], ["search"]) or args[:1] == ["--game"] or (args and args[0][:7] == "--game="):
        from zxdeck.cli import fastpath  # plain ones run without click (zxdeck.cli.fastpath)

        if fastpath.run(args):
            return
    import click

    from zxdeck.cli.app import cli

    try:
        status = cli.main(args=args, prog_name="zxdeck", standalone_mode=False)
    except ZxError as exc:
        if debug:
            raise
        click.echo(f"zxdeck: error: {exc.message}", err=True)
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        click.echo("zxdeck: aborted", err=True)
        sys.exit(130)
    except click.ClickException as exc:
        click.echo(f"zxdeck: error: {usage_line(exc)}", err=True)
        sys.exit(EXIT_USAGE if exc.exit_code == 1 else exc.exit_code)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except KeyboardInterrupt:
        click.echo("zxdeck: interrupted", err=True)
        sys.exit(130)
    except BrokenPipeError:
        sys.exit(0)
    except Exception as exc:  # never a traceback for the user unless --debug
        if debug:
            raise
        click.echo(
            f"zxdeck: internal error: {type(exc).__name__}: {exc} (run with --debug for the traceback)",
            err=True,
        )
        sys.exit(EXIT_USAGE)
    # Without standalone mode click returns the status of `ctx.exit(n)` instead of exiting.
    if isinstance(status, int) and status:
        sys.exit(status)
