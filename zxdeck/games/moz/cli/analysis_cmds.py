"""`zxdeck --game moz draw`: the odds of holding named MOZ cards by a turn. (MOZ's gauntlet and
optimize are the core's run commands now: zxdeck.cli.run_cmds over MOZ's run parts.)
"""

from __future__ import annotations

import click

from zxdeck.cli import AppContext, examples_epilog, pass_app


def _user_errors(func):  # noqa: ANN001, ANN202 - the decorator of zxdeck.cli.app
    from zxdeck.cli.app import user_errors as wrap

    return wrap(func)


@click.command("draw", epilog=examples_epilog([
    "zxdeck --game moz draw examples/moz/shell_dragons.txt --odds \"潮騒の竜,珊瑚の龍王\" --by-turn 3",
], "S-3: an opening hand of 7; T-3: one card a turn (the first too); S-5: no mulligan."),
    short_help="The odds of holding named MOZ cards by a turn, exact and simulated.")
@click.argument("deck", metavar="DECK")
@click.option("--odds", required=True, metavar="NAME,NAME:2",
              help="The cards wanted (NAME:COUNT for several copies).")
@click.option("--by-turn", "by_turn", type=int, default=1, show_default=True, metavar="T",
              help="By your own turn T (after its draw step).")
@click.option("--sims", type=click.IntRange(0, 1_000_000), default=1000, show_default=True,
              help="Games set up by the engine to check the exact figure (0: none).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first set-up.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--allow-illegal", is_flag=True, help="Read a deck that breaks the deck rules (D).")
@pass_app
@_user_errors
def draw_cmd(app: AppContext, deck: str, odds: str, by_turn: int, sims: int, seed: int, fmt: str,
             allow_illegal: bool) -> None:
    """The exact odds of holding the named cards by your turn T, and their frequency in games set
    up by the engine as a check (docs/ANALYSIS.md)."""
    import json

    from zxdeck.analysis.odds import parse_wanted
    from zxdeck.games import adapter
    from zxdeck.games.moz.catalog.loader import open_catalog
    from zxdeck.games.moz.deck.odds import moz_odds, render_moz_odds

    loaded = adapter("moz").load_deck(deck, open_catalog(app.cards or None), allow_illegal)
    result = moz_odds(loaded.setup, parse_wanted(odds), by_turn, sims, seed)
    if fmt == "json":
        click.echo(json.dumps({"deck": deck, **result}, ensure_ascii=False, indent=2))
    else:
        click.echo(render_moz_odds(result, deck))


def register(group: click.Group) -> None:
    """Add the MOZ draw command to `group`."""
    group.add_command(draw_cmd)
