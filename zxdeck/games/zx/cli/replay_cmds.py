"""`zxdeck replay FILE`: a saved game (play --save, or a terminal game) or a --log file, move by move."""

from __future__ import annotations

import click

from zxdeck.cli import AppContext, examples_epilog, pass_app
from zxdeck.errors import ZxError

KEYS_HELP = """\b
Keys while viewing (type one and Enter):
  Enter or n   next move          b     previous move
  N            go to move N       t N   first move of turn N
  s            first move         e     last move
  help or ?    list the keys      q     quit (also Ctrl-D)"""

@click.command("replay", short_help="Step through a saved game or a --log file.",
               epilog=examples_epilog([
                   "zxdeck play --auto --seed 7 --p1 examples/decks/red.txt \\",
                   "    --p2 examples/decks/blue.txt --save game.json -q",
                   "zxdeck replay game.json              # step through it",
                   "zxdeck replay game.json --all        # every move as text",
                   "zxdeck replay game.json --at 40 --all --viewer p2",
                   "zxdeck replay game.jsonl             # a --log file",
               ]) + "\n\n" + KEYS_HELP)
@click.argument("path", metavar="FILE")
@click.option("--all", "show_all", is_flag=True, help="Print every move as text and exit.")
@click.option("--at", "at", type=int, default=None, metavar="N",
              help="Start at move N (with --all: print only the board at move N).")
@click.option("--viewer", type=click.Choice(["p1", "p2"]), default=None,
              help="Whose side of the field and hand to show (default: the person's).")
@pass_app
def replay_cmd(app: AppContext, path: str, show_all: bool, at: int | None, viewer: str | None) -> None:
    """Show a saved game (.json) or a --log file (.jsonl) move by move, with the field.

    A file that this zxdeck or catalog would replay into another game is refused
    with the reason (exit 2)."""
    from zxdeck.games.zx.play.replay_view import ReplayViewer, load_frames, transcript

    notes: list[str] = []
    frames, side = load_frames(path, app.card_source(), notes)
    for note in notes:
        click.echo(f"zxdeck: note: {path}: {note}", err=True)
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
