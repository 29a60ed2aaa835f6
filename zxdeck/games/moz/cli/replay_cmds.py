"""`zxdeck --game moz replay FILE`: a MOZ log (`play --log`) or save (`play --save`) replayed and
shown move by move, or the board at one move. The file is checked first (zxdeck.gamelog): one
played under another rules revision, or whose cards changed in the catalog, is refused with the
reason (exit 2).

Like zxdeck/cli, this module imports only click, the standard library and zxdeck.cli at module
level.
"""

from __future__ import annotations

import click

from zxdeck.cli import AppContext, examples_epilog, pass_app
from zxdeck.errors import ZxError

REPLAY_EPILOG = examples_epilog([
    "zxdeck --game moz play --auto --seed 3 --p1 examples/moz/shell_dragons.txt "
    "--p2 examples/moz/flame_thunder.txt --log match.jsonl",
    "zxdeck --game moz replay match.jsonl",
    "zxdeck --game moz replay match.jsonl --at 40 --viewer p2",
    "zxdeck --game moz replay my.json",
], "A .jsonl file is read as a log, any other as a save.")


def _user_errors(func):  # noqa: ANN001, ANN202 - the decorator of zxdeck.cli.app
    from zxdeck.cli.app import user_errors as wrap

    return wrap(func)


@click.command("replay", epilog=REPLAY_EPILOG, short_help="Show a MOZ log or save move by move.")
@click.argument("path", metavar="FILE")
@click.option("--at", "at", type=int, default=None, metavar="N",
              help="Print only the board after move N (0: before the first move).")
@click.option("--viewer", type=click.Choice(["p1", "p2"]), default="p1", show_default=True,
              help="Whose side the board of --at shows (the other hand stays hidden, N-3).")
@pass_app
@_user_errors
def replay_cmd(app: AppContext, path: str, at: int | None, viewer: str) -> None:
    """Replay a MOZ log (.jsonl, `play --log`) or save (`play --save`) and print its moves with
    what each caused, then the result; with --at N, the board after move N."""
    from zxdeck.games.moz.catalog.loader import open_catalog
    from zxdeck.games.moz.engine.log import SEATS, read_log_record, read_save_record
    from zxdeck.games.moz.play.auto import describe, render, summary

    catalog = open_catalog(app.cards or None)
    notes: list[str] = []
    read = read_log_record if path.endswith(".jsonl") else read_save_record
    record = read(path, catalog, notes)
    record.replay(path)  # refused before anything is shown when it does not replay
    for note in notes:
        click.echo(f"zxdeck: note: {path}: {note}", err=True)
    moves = record.actions
    if at is not None and not 0 <= at <= len(moves):
        raise ZxError(f"--at {at}: {path} has moves 0 to {len(moves)}")
    g = record.start(record=True)
    assert g.events is not None
    if at is not None:
        for action in moves[:at]:
            g.apply(action)
        click.echo(f"after move {at} of {len(moves)}:")
        click.echo(render(g, 0 if viewer == "p1" else 1))
        return
    for line in g.events:
        click.echo(line)
    shown = len(g.events)
    for n, action in enumerate(moves, 1):
        click.echo(f"{n}. {SEATS[g.current_player()]}: {describe(g, action)}")
        g.apply(action)
        for line in g.events[shown:]:
            click.echo(f"   {line}")
        shown = len(g.events)
    click.echo(summary(g) if g.is_over() else
               f"not over after {len(moves)} moves: VP {g.vp[0]} - {g.vp[1]}")


def register(group: click.Group) -> None:
    """Add the MOZ replay command to `group`."""
    group.add_command(replay_cmd)
