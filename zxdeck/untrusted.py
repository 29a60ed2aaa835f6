"""What zxdeck takes from a file it did not just write, and what it never takes (docs/SECURITY.md).

A save, a replay, a log or a run folder may come from someone else. Two things are never taken
from such a file: a command line (an agent that runs a program, `bot:COMMAND`) and a path to
write. `program_agent(spec)` says whether an agent spec runs a program, so that a caller can ask
for it again on the command line instead; `printable(text)` is a file's text made safe to quote
in a one-line message (no control characters, no terminal escapes, bounded length).
"""

from __future__ import annotations

import re

PROGRAM_AGENTS = frozenset({"bot"})  # agents whose setting is a command line they run
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def program_agent(spec: object) -> bool:
    """Whether an agent spec (`bot:python3 b.py`, `bot --cmd 'python3 b.py'`, ...) names an agent
    that runs a program. Anything that is not a string is not an agent spec (False)."""
    if not isinstance(spec, str):
        return False
    text = spec.strip()
    name = re.split(r"[:\s]", text, maxsplit=1)[0] if text else ""
    return name in PROGRAM_AGENTS


def printable(text: object, limit: int = 80) -> str:
    """`text` as it may be shown in a one-line message: control characters as `?`, cut to `limit`
    characters (with '...'), quoted as Python would (repr)."""
    value = _CONTROL.sub("?", str(text))
    if len(value) > limit:
        value = value[:limit] + "..."
    return repr(value)


__all__ = ["PROGRAM_AGENTS", "printable", "program_agent"]
