"""What a game's terminal parts and the core's `play` and `replay` hand each other
(zxdeck.game_api.GameScreen): a command's words, and what the person asked of `play`.

Light on purpose (typing only): `zxdeck --help` reads the commands' words.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple


class CommandHelp(NamedTuple):
    """The words of one command for one game: the summary line of `zxdeck --help`, the text
    at the top of the command's --help (`doc`), its example lines (kept verbatim, each run by
    tests/cli/test_help.py with the real options) and a note after them."""

    summary: str
    doc: str
    examples: tuple[str, ...]
    note: str = ""


class PlayRequest(NamedTuple):
    """What the person asked of `play`, as the core command read it (an option the game's
    `play_options` does not offer keeps its default here).

    The core has already listed the saves (`--saves`), checked `--level` against `--ai2`, applied
    `--ai` to the seats, checked the files `--save` and `--log` would write, and found the save of
    `--resume` (a path, or a name in the saves folder: `resume_path`). `given` holds, per seat,
    the agent the person typed now (or None): a saved agent that runs a program (`bot:COMMAND`)
    is only ever taken from it, never from a save."""

    auto: bool = False
    seed: int = 0
    p1: str | None = None
    p2: str | None = None
    ai1: str = ""
    ai2: str = ""
    given: tuple[str | None, str | None] = (None, None)
    level: str | None = None
    log_path: str | None = None
    turn_limit: int = 0
    allow_illegal: bool = False
    regulation: str | None = None
    allow_unscripted: bool = False
    save_path: str | None = None
    quiet: bool = False
    replay_path: str | None = None
    resume_path: Path | None = None
    first: str | None = None
    budget: int | None = None
