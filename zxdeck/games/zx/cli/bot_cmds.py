"""`zxdeck bot`: this process's stdin/stdout is a player, speaking the bot protocol (docs/BOTS.md).

The other way round from `--ai1 bot:COMMAND` (where zxdeck starts the program): here a program
starts zxdeck and plays through its pipes. Exit status: 0 the games were played, 1 an illegal
deck, 2 could not run or the bot broke the protocol (the error is also sent to it as JSON).
"""

from __future__ import annotations

import click

from zxdeck.cli import AppContext, examples_epilog, pass_app

BOT_EPILOG = examples_epilog([
    "zxdeck bot --deck examples/decks/red.txt --vs examples/decks/blue.txt --ai heuristic",
    "python3 examples/bots/host_demo.py     # a program that runs `zxdeck bot` and plays",
    "zxdeck sim red.txt blue.txt --ai1 'bot:python3 examples/bots/random_bot.py'",
], "The other direction, zxdeck running your program as a player: --ai1 'bot:COMMAND' of "
   "sim, tournament (--ai, --agents) and play. Protocol and examples: docs/BOTS.md.")


@click.command("bot", epilog=BOT_EPILOG,
               short_help="Be a player over JSON Lines on stdin/stdout (your own bot).")
@click.option("--deck", "deck", required=True, metavar="DECK", help="The deck the bot plays.")
@click.option("--vs", "vs", required=True, metavar="DECK", help="The opponent's deck.")
@click.option("--ai", default="greedy", show_default=True,
              help="The opponent's agent (those of `zxdeck play --help`).")
@click.option("--seat", type=click.Choice(["p1", "p2"]), default="p1", show_default=True,
              help="The bot's seat (who goes first is the seeded coin flip, S-5).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the first game (game i has seed SEED+i).")
@click.option("-n", "--games", type=click.IntRange(1), default=1, show_default=True,
              help="Games to play, one after the other on the same stdin/stdout.")
@click.option("--timeout", type=click.IntRange(0), default=0, show_default=True, metavar="MS",
              help="Milliseconds per answer, then the first legal action is played (0: wait).")
@click.option("--turn-limit", type=click.IntRange(1), default=100, show_default=True,
              help="A longer game ends as a draw (W-3).")
@click.option("--allow-illegal", is_flag=True, help="Play decks that break construction rules.")
@click.option("--regulation", "-r", metavar="NAME|FILE", default=None,
              help="Regulation the decks are checked with (default: current; e.g. sealed).")
@click.option("--quiet", "-q", is_flag=True, help="No summary line on stderr at the end.")
@pass_app
def bot_cmd(app: AppContext, deck: str, vs: str, ai: str, seat: str, seed: int, games: int,
            timeout: int, turn_limit: int, allow_illegal: bool, regulation: str | None,
            quiet: bool) -> None:
    """Play DECK against --vs DECK where stdin/stdout is the player: JSON Lines in and out.

    zxdeck writes hello, observation (with the legal actions) and game_over messages to stdout
    and reads the answers ({"type":"ready"}, {"action":I}) from stdin; nothing else is written
    to stdout. A summary goes to stderr at the end.
    """
    from zxdeck.agents import make_agent
    from zxdeck.agents.bot import serve, serve_summary, stdio_channel
    from zxdeck.games.zx.cli.play_cmds import load_deck_spec

    make_agent(ai)  # an unknown agent: exit 2 before reading decks
    mine = load_deck_spec(app, deck, allow_illegal, "bot's", False, regulation)
    theirs = load_deck_spec(app, vs, allow_illegal, "opponent's", False, regulation)
    player = 0 if seat == "p1" else 1
    played = serve(mine, theirs, ai, stdio_channel(), player, seed, games, timeout, turn_limit)
    if not quiet:
        click.echo(serve_summary(played, player), err=True)


def register(group: click.Group) -> None:
    """Add this module's commands to `group`."""
    group.add_command(bot_cmd)

