"""The core's `rules [ID | WORDS]`, for every game: its rules reference looked up by id or
searched by words (zxdeck.cli.rulebook_cmd over zxdeck.rulebook).

`register(group, game)` makes it from the game's deck parts (`DECKS`, protocol
`zxdeck.game_api.DeckParts`): `rules_loader` (`"module:function"` returning its `RuleBook`),
`rules_prog` (how a user runs the command), `rules_hints` (the examples of the listing's last
lines) and the words of its help (`texts["rules"]`). A game without a rules reference says so in
one line (exit 2).
"""

from __future__ import annotations

import click

from zxdeck.cli.deck_cmds import deck_parts, texts, unavailable
from zxdeck.cli.rulebook_cmd import rules_command


def register(group: click.Group, game: str) -> None:
    """Add the `rules` command of `game` to `group`."""
    parts = deck_parts(game)
    loader = getattr(parts, "rules_loader", None)
    if not loader:
        group.add_command(unavailable("rules", game, "rules"))
        return
    words = texts(parts, "rules")
    id_hint, words_hint = parts.rules_hints
    group.add_command(rules_command(loader, parts.rules_prog, words["epilog"], words["short_help"],
                                    id_hint, words_hint))
