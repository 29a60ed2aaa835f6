"""What zxdeck takes from a file it did not just write, and what it never takes (docs/SECURITY.md).

A save, a replay, a log or a run folder may come from someone else. Two things are never taken
from such a file: a command line (an agent that runs a program, `bot:COMMAND`) and a path to
write. `program_agent(spec)` says whether an agent spec runs a program, so that a caller can ask
for it again on the command line instead; `printable(text)` is a file's text made safe to quote
in a one-line message (no control characters, no terminal escapes, bounded length).
"""

from __future__ import annotations

import re

from zxdeck.errors import ZxError

PROGRAM_AGENTS = frozenset({"bot"})  # agents whose setting is a command line they run (every
# `raw` agent of the registries: tests/security/test_crafted_saves.py checks it)
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def program_agent(spec: object) -> bool:
    """Whether an agent spec (`bot:python3 b.py`, `bot --cmd 'python3 b.py'`, ...) names an agent
    that runs a program. Anything that is not a string is not an agent spec (False)."""
    if not isinstance(spec, str):
        return False
    text = spec.strip()
    name = re.split(r"[:\s]", text, maxsplit=1)[0] if text else ""
    return name in PROGRAM_AGENTS


class BotNotGiven(ZxError):
    """A saved game whose agent runs a program, resumed without that program on the command line
    (exit status 2)."""


def resumed_agent(where: object, saved: str, given: str | None, option: str) -> str:
    """The agent a resumed game is played with, for a seat whose saved agent is `saved` and whose
    option `option` the person gave as `given` (None: not given). A saved agent that runs a
    program is never taken from the file: the person must give one again (`BotNotGiven`, one
    line naming `option`, otherwise); any other saved agent stays (a different one given is
    refused: the game would change). ZxError messages name `where` (the file)."""
    if program_agent(saved):
        if given is None:
            raise BotNotGiven(
                f"{where}: this game was played against a program ({printable(saved)}); a saved "
                f"game never starts a program: give it again on the command line to go on, e.g. "
                f"{option} 'bot:COMMAND'")
        if not program_agent(given):
            raise ZxError(f"{where}: this game was played against a program ({printable(saved)}); "
                          f"{option} {printable(given)} is not one: give {option} 'bot:COMMAND'")
        return given
    if given is not None and given.strip() != saved.strip():
        raise ZxError(f"{where}: this game is played against {printable(saved)}; {option} "
                      f"{printable(given)} would change it: leave {option} out to go on")
    return saved


def plain(text: object, limit: int = 80) -> str:
    """`text` from a file as it may be printed on a terminal: control characters (escape
    sequences included) as `?`, cut to `limit` characters (with '...')."""
    value = _CONTROL.sub("?", str(text))
    return value[:limit] + "..." if len(value) > limit else value


def printable(text: object, limit: int = 80) -> str:
    """`text` as it may be shown in a one-line message: control characters as `?`, cut to `limit`
    characters (with '...'), quoted as Python would (repr)."""
    return repr(plain(text, limit))


__all__ = ["PROGRAM_AGENTS", "BotNotGiven", "plain", "printable", "program_agent", "resumed_agent"]
