"""`zxdeck replay FILE`: a saved game (play --save, or a terminal game) or a --log file, move by move."""

from __future__ import annotations

import click

from zxdeck.cli import AppContext, examples_epilog, pass_app
from zxdeck.errors import ZxError


@click.command("replay", short_help="Step through a saved game or a --log file.",
               epilog=examples_epilog([
                   "zxdeck play --auto --seed 7 --p1 examples/decks/red.txt \\",
                   "    --p2 examples/decks/blue.txt --save game.json -q",
                   "zxdeck replay game.json              # step through it",
                   "zxdeck replay game.json --all        # every move as text",
                   "zxdeck replay game.json --at 40 --all --viewer p2",
                   "zxdeck replay game.jsonl             # a --log file",
               ]))
@click.argument("path", metavar="FILE")
@click.option("--all", "show_all", is_flag=True, help="Print every move as text and exit.")
@click.option("--at", "at", type=int, default=None, metavar="N",
              help="Start at move N (with --all: print only the board at move N).")
@click.option("--viewer", type=click.Choice(["p1", "p2"]), default=None,
              help="Whose side of the field and hand to show (default: the person's).")
@pass_app
def replay_cmd(app: AppContext, path: str, show_all: bool, at: int | None, viewer: str | None) -> None:
    """Show a finished or saved game move by move: Enter next, b back, N go to move N, q quit."""
    from zxdeck.play.replay_view import ReplayViewer, load_frames, transcript

    frames, side = load_frames(path, app.card_source())
    if viewer is not None:
        side = 0 if viewer == "p1" else 1
    last = len(frames) - 1
    if at is not None and not 0 <= at <= last:
        raise ZxError(f"--at {at}: {path} has moves 0 to {last}")
    view = ReplayViewer(frames, side)
    if show_all:
        if at is not None:
            view.show(at)
        else:
            for line in transcript(frames):
                click.echo(line)
        return
    view.run(at or 0)


def register(group: click.Group) -> None:
    """Add this module's commands to `group`."""
    group.add_command(replay_cmd)
