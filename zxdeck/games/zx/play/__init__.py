"""Playing Z/X at the terminal: a person against a computer agent (`zxdeck play`), and the
replay viewer (`zxdeck replay`).

- `screen.py`: the field, zones, hand and dunamis as text, in layouts from full to compact
  (East Asian width).
- `session.py`: the input loop (numbered choices, commands, hints, saving), fitted to the
  terminal.
- `savefile.py`: save files (header + seed + actions + who plays), the saves folder, resuming.
- `settings.py`: the settings kept between games (`set` in the game).
- `replay_view.py`: a saved game or a `--log` file, move by move, forward and back.
- `text.py`: display width and wrapping that never splits a card name or a tag.

- `parts.py`: Z/X's SCREEN parts for the core's `play` and `replay` (zxdeck.cli.play_cmds).
- `start.py`: `start_game(...)` and `resume_game(...)` (what the parts call; both return the exit
  status), `new_session` and `open_session`.

The package itself imports nothing: `zxdeck --help` reads the words of parts.py, and the names
below are imported from start.py when first used.
"""

from __future__ import annotations

from typing import Any

__all__ = ["PlaySession", "PlaySetup", "default_save_path", "headers", "new_session", "open_session",
           "resume_game", "start_game"]


def __getattr__(name: str) -> Any:
    """The names of start.py, imported when first used (PEP 562)."""
    if name in __all__:
        from zxdeck.games.zx.play import start

        return getattr(start, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
