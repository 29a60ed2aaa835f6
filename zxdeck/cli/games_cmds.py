"""`zxdeck games`: the games zxdeck knows (zxdeck.games), their rules versions and commands."""

from __future__ import annotations

import click

from zxdeck.cli import AppContext, examples_epilog, pass_app

GAMES_EPILOG = examples_epilog(
    [
        "zxdeck games",
        "zxdeck games --format json",
        "zxdeck --game moz games                 # marks the game chosen",
        "zxdeck --game moz validate examples/moz/shell_dragons.txt",
    ],
    "Choose a game with the global option --game (default zx) or $ZXDECK_GAME.",
)


@click.command("games", epilog=GAMES_EPILOG, short_help="List the games, their rules versions and commands.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@pass_app
def games_cmd(app: AppContext, fmt: str) -> None:
    """List the games zxdeck knows (for --game), with the rules version each follows."""
    import json

    from zxdeck.games import describe_games

    games = describe_games()
    if fmt == "json":
        click.echo(json.dumps(games, ensure_ascii=False, indent=2))
        return
    for game in games:
        marks = [m for m, on in (("default", game["default"]), ("selected", game["key"] == app.game)) if on]
        mark = f" ({', '.join(marks)})" if marks else ""
        click.echo(f"{game['key']}{mark}: {game['title']}")
        click.echo(f"    rules: {game['rules_version']} ({game['rules_doc']})")
        commands = game["commands"]
        click.echo("    commands: " + ("all" if commands is None else ", ".join([*commands, "games"])))


def register(group: click.Group) -> None:
    """Add this module's commands to `group`."""
    group.add_command(games_cmd)
