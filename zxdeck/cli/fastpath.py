"""`zxdeck validate DECK...` and `zxdeck search QUERY...` without importing click, for the
command lines this module fully understands.

Importing click costs a warm `zxdeck validate` as much as everything else it does together (it
imports inspect, typing, uuid, datetime, gettext, threading). `zxdeck.cli.main` therefore first
asks `run` whether the command line is a plain `validate` or `search`: the command first (no
global option), then arguments and the command's options in their ordinary spellings
(`--format json`, `--format=json`, `-r NAME`, `--limit 5`), each at most once, with a valid value.
For such a line the parser (`parse_validate`, `parse_search`) returns exactly the parameters click
would give the command; for anything else (`--help`, `-h`, `--date`, a query term starting with
`-`, an unknown or repeated option, a bad value, a missing deck, `--`, shell completion, a game
chosen in $ZXDECK_GAME, a misconfigured output encoding, Windows) it returns None and click runs
the command as always, with its own help and errors.

Both paths run the same body (`validate_decks`, `search_cards`, which the click commands call with
click's echo), write with the same echo (`echo` does what `click.echo` does for text on the
standard streams) and end with the same status; tests/cli/test_fastpath.py checks the option
tables against the click commands, the parameters against click's parser on generated command
lines, and the output and exit status of both paths on the same command lines.
"""

from __future__ import annotations

import os
import sys

from zxdeck.errors import EXIT_OK, EXIT_USAGE, ZxError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import IO, Any


VALIDATE_FORMATS = ("text", "json", "human")  # validate --format (human: the old name of text, not shown)
DECK_FORMATS = ("auto", "text", "yaml", "json")  # --deck-format of every command that reads decks
COLOR_MODES = ("auto", "always", "never")  # validate --color

# The options of `validate` taken here: spelling -> (parameter, allowed values or None for any).
VALIDATE_OPTIONS: dict[str, tuple[str, tuple[str, ...] | None]] = {
    "--format": ("fmt", VALIDATE_FORMATS),
    "--regulation": ("regulation", None),
    "-r": ("regulation", None),
    "--deck-format": ("deck_format", DECK_FORMATS),
    "--color": ("color", COLOR_MODES),
}
# Every parameter of `validate` but `decks`, with its default (`day` is --date: left to click).
VALIDATE_DEFAULTS: dict[str, Any] = {"fmt": "text", "regulation": None, "day": None, "deck_format": "auto",
                                     "color": "auto"}
# Environment variables that change what the click group does: the fast path is not taken with them.
# $ZXDECK_GAME naming a game other than the default is served by that game's fast path.
GAME_ENV = "ZXDECK_GAME"
CLICK_ENV = ("_ZXDECK_COMPLETE", GAME_ENV)


def parse_validate(args: list[str], options: dict[str, tuple[str, tuple[str, ...] | None]] = VALIDATE_OPTIONS,
                   defaults: dict[str, Any] = VALIDATE_DEFAULTS) -> dict[str, Any] | None:
    """The parameters click gives `validate_cmd` for `validate ARGS`, or None to let click parse
    (`options` / `defaults`: the validate command's, default Z/X's)."""
    params = dict(defaults)
    decks: list[str] = []
    given: set[str] = set()
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "-" or not arg.startswith("-"):
            decks.append(arg)
            i += 1
            continue
        spelling, eq, value = arg.partition("=")
        if spelling not in options or (eq and not spelling.startswith("--")):
            return None  # help, --date, an unknown option, `-rNAME`, `--`: click's business
        if not eq:
            if i + 1 >= len(args):
                return None
            value = args[i + 1]
        i += 1 if eq else 2
        name, allowed = options[spelling]
        if not value or value.startswith("-") or name in given or (allowed is not None and value not in allowed):
            return None
        given.add(name)
        params[name] = value
    if not decks:
        return None
    return {"decks": tuple(decks), **params}


def _plain_streams() -> bool:
    """Standard streams click writes to unchanged (it rewraps one whose encoding is ASCII)."""
    import codecs

    for stream in (sys.stdout, sys.stderr):
        encoding = getattr(stream, "encoding", None)
        if stream is None or not encoding or getattr(stream, "errors", None) is None:
            return False
        try:
            if codecs.lookup(encoding).name == "ascii":
                return False
        except LookupError:
            pass
    return True


_ANSI = None


def echo(message: str | None = None, err: bool = False, color: bool | None = None) -> None:
    """`click.echo` for text on the standard streams: a newline added, ANSI styles removed when
    `color` is False, or None and the stream is not a terminal; then flushed."""
    stream = sys.stderr if err else sys.stdout
    out = f"{message or ''}\n"
    if color is None:
        try:
            strip = not stream.isatty()
        except Exception:  # noqa: BLE001 - click.utils.isatty: any failure means not a terminal
            strip = True
        strip = strip and not type(stream).__module__.startswith("ipykernel.")
    else:
        strip = not color
    if strip and "\033" in out:
        global _ANSI
        if _ANSI is None:
            import re

            _ANSI = re.compile(r"\033\[[0-?]*[ -/]*[@-~]")  # click._compat._ansi_re
        out = _ANSI.sub("", out)
    stream.write(out)
    stream.flush()


def use_color(stream: IO[str] | None, mode: str = "auto") -> bool:
    """Colors when asked (`always`), never with `never` or NO_COLOR, else only on a terminal."""
    if mode == "never" or os.environ.get("NO_COLOR"):
        return False
    if mode == "always":
        return True
    try:
        return bool(stream is not None and stream.isatty())
    except (AttributeError, ValueError):
        return False


def report_decks(decks: tuple[str, ...], read: Callable[[str], Any], check: Callable[[Any], Any],
                 render_human: Callable[..., str], render_json: Callable[..., str], fmt: str, color: str,
                 echo: Callable[..., None] = echo, unreadable: dict[str, Any] | None = None) -> None:
    """Read and check each deck (any game's `read` / `check` / renderers), report on stdout, and
    exit 0 / 1 / 2. One unreadable deck of several is reported and the others still checked;
    `unreadable` adds keys to its JSON entry."""
    single = len(decks) == 1
    results: list = []
    status = EXIT_OK
    colored = use_color(sys.stdout, color)
    for path in decks:
        try:
            deck = read(path)
        except ZxError as exc:
            if single:
                raise
            echo(f"zxdeck: error: {exc.message}", err=True)
            status = max(status, exc.exit_code)
            results.append({"deck": path, "valid": False, **(unreadable or {}), "counts": None,
                            "errors": [{"code": "unreadable", "message": exc.message, "line": None}],
                            "warnings": []})
            if fmt != "json":
                echo(f"{path}: could not read ({exc.message})")
            continue
        result = check(deck)
        results.append(result)
        status = max(status, result.exit_code)
        if fmt != "json":
            if len(results) > 1:
                echo()
            echo(render_human(result, colored), color=colored)
    if fmt == "json":
        echo(render_json(results, single))
    if status != EXIT_OK:
        sys.exit(status)


SEARCH_FORMATS = ("table", "json", "csv", "ids")  # search --format
SEARCH_SORTS = ("id", "name", "cost", "power", "color")  # search --sort
# The options of `search` taken here: spelling -> (parameter, allowed values; "int": a count >= 0;
# None: a flag).
SEARCH_OPTIONS: dict[str, tuple[str, tuple[str, ...] | str | None]] = {
    "--format": ("fmt", SEARCH_FORMATS),
    "--sort": ("sort", SEARCH_SORTS),
    "--reverse": ("reverse", None),
    "--limit": ("limit", "int"),
}
SEARCH_DEFAULTS: dict[str, Any] = {"fmt": "table", "sort": "id", "reverse": False, "limit": None}


def parse_search(args: list[str], options: dict[str, tuple[str, tuple[str, ...] | str | None]] = SEARCH_OPTIONS,
                 defaults: dict[str, Any] = SEARCH_DEFAULTS) -> dict[str, Any] | None:
    """The parameters click gives `search_cmd` for `search ARGS`, or None to let click parse
    (`options` / `defaults`: the search command's, default Z/X's).

    Query terms starting with `-` (`-is:ig`), `-h`, misplaced global options and anything
    unusual are left to click, whose command handles them."""
    params = dict(defaults)
    query: list[str] = []
    given: set[str] = set()
    i = 0
    while i < len(args):
        arg = args[i]
        if not arg.startswith("-"):
            query.append(arg)
            i += 1
            continue
        spelling, eq, value = arg.partition("=")
        if spelling not in options:
            return None
        name, allowed = options[spelling]
        if name in given:
            return None
        given.add(name)
        if allowed is None:  # a flag
            if eq:
                return None
            params[name] = True
            i += 1
            continue
        if not eq:
            if i + 1 >= len(args):
                return None
            value = args[i + 1]
        i += 1 if eq else 2
        if allowed == "int":
            if not (value.isascii() and value.isdigit()):
                return None
            params[name] = int(value)
        elif value in allowed:
            params[name] = value
        else:
            return None
    return {"query": tuple(query), **params}


def _game_and_command(args: list[str]) -> tuple[str | None, list[str]]:
    """(the game `--game KEY` / `--game=KEY` names when it comes first, else None; the rest)."""
    if args[:1] == ["--game"] and len(args) > 1:
        return args[1], args[2:]
    if args and args[0].startswith("--game="):
        return args[0][len("--game="):], args[1:]
    return None, args


def fast_candidate(args: list[str]) -> bool:
    """Could `zxdeck ARGS` be a command a fast path runs (`validate` / `search`, maybe after
    `--game KEY`)?"""
    return _game_and_command(args)[1][:1] in (["validate"], ["search"])


def _fast_commands(args: list[str]) -> tuple[str, list[str], dict[str, Any]] | None:
    """(game key, the command line after the game option, the game's `FAST_COMMANDS`), or None
    when no fast path may run it: the default game (Z/X) chosen by `--game` or $ZXDECK_GAME
    (click runs those), an unknown game, a game without a fast path (its module's `FASTPATH`)."""
    chosen, rest = _game_and_command(args)
    if any(os.environ.get(v) for v in CLICK_ENV if v != GAME_ENV):
        return None
    env = os.environ.get(GAME_ENV)
    if chosen is None and env:
        chosen = env
    from zxdeck.games import DEFAULT_GAME, GAMES, game_module

    key = DEFAULT_GAME if chosen is None else chosen.strip().casefold()
    if key not in GAMES or (chosen is not None and key == DEFAULT_GAME):
        return None
    module_name = getattr(game_module(key), "FASTPATH", None)
    if module_name is None:
        return None
    return key, rest, __import__(module_name, fromlist=["FAST_COMMANDS"]).FAST_COMMANDS


def run(args: list[str]) -> bool:
    """Run `zxdeck ARGS` without click when ARGS are a plain `validate` or `search` the fast
    parser understands (then return True, or exit with the status); False: click must run it.

    Ends as the click path does (click.Command.main in standalone_mode=False, then
    zxdeck.cli.main): a ZxError is one line and its status; Ctrl-C / end of input a blank line,
    `zxdeck: aborted` and 130; a broken pipe status 1 (click's); other errors one line and 2.
    """
    if sys.platform.startswith("win") or not fast_candidate(args):
        return False
    found = _fast_commands(args)
    if found is None:
        return False
    key, rest, commands = found
    if rest[0] not in commands:
        return False
    parser, body, own_errors = commands[rest[0]]
    params = parser(rest[1:])
    if params is None or not _plain_streams():
        return False
    from zxdeck.cli.context import AppContext

    app = AppContext(game=key)
    try:
        try:
            try:
                try:
                    body(app, **params)
                except ZxError as exc:
                    if not own_errors:
                        raise
                    echo(f"zxdeck: error: {exc.message}", err=True)
                    sys.exit(exc.exit_code)
            except (EOFError, KeyboardInterrupt):
                echo(err=True)
                echo("zxdeck: aborted", err=True)
                sys.exit(130)
            except OSError as exc:
                import errno

                if exc.errno != errno.EPIPE:
                    raise
                import click.utils  # what click puts on the streams then (a rare path: click may load)

                pacify = getattr(click.utils, "_PacifyFlushWrapper", None) or click.utils.PacifyFlushWrapper
                sys.stdout = pacify(sys.stdout)
                sys.stderr = pacify(sys.stderr)
                sys.exit(1)
        except ZxError as exc:  # zxdeck.cli.main
            echo(f"zxdeck: error: {exc.message}", err=True)
            sys.exit(exc.exit_code)
    except BrokenPipeError:
        sys.exit(0)
    except Exception as exc:  # never a traceback for the user unless --debug
        echo(f"zxdeck: internal error: {type(exc).__name__}: {exc} (run with --debug for the traceback)", err=True)
        sys.exit(EXIT_USAGE)
    return True
