"""The deck helpers of Z/X's commands that check and load decks as `play` does (sim, tournament,
gauntlet, bot). `play` and `replay` themselves are the core's (zxdeck.cli.play_cmds, made from
Z/X's SCREEN parts, zxdeck.games.zx.play.parts); this module keeps the names the other Z/X
command modules import until they move to the core too. Its old path,
zxdeck.games.zx.cli.play_cmds, still imports it (zxdeck.ALIASES).

Like zxdeck/cli, it imports only click, the standard library and zxdeck.cli at module level.
"""

from __future__ import annotations

from typing import Any

from zxdeck.cli.play_cmds import deck_check_options

__all__ = ["catalog_digest", "deck_check_options", "load_deck_spec", "regulation_name"]


def load_deck_spec(app: Any, path: str, allow_illegal: bool, label: str,
                   allow_unscripted: bool = False, regulation: str | None = None) -> Any:
    """zxdeck.games.zx.play.parts.load_deck_spec (a deck read and checked as `play` does)."""
    from zxdeck.games.zx.play import parts

    return parts.load_deck_spec(app, path, allow_illegal, label, allow_unscripted, regulation)


def regulation_name(option: str | None = None) -> str:
    """zxdeck.games.zx.play.parts.regulation_name."""
    from zxdeck.games.zx.play import parts

    return parts.regulation_name(option)


def catalog_digest(app: Any) -> str | None:
    """zxdeck.games.zx.play.parts.catalog_digest."""
    from zxdeck.games.zx.play import parts

    return parts.catalog_digest(app)
