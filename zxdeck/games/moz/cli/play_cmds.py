"""The MOZ command `zxdeck --game moz play` (a thin layer over zxdeck.games.moz.play.auto and .agents;
`sim`, `tournament` and `bot` are in zxdeck.games.moz.cli.run_cmds).

Like zxdeck/cli, this module imports only click, the standard library and zxdeck.cli at module
level; the library is imported inside the commands.
"""

from __future__ import annotations

import click

from zxdeck.cli import AppContext, examples_epilog, pass_app
from zxdeck.cli.app import all_seats_ai_option, seat_agents
from zxdeck.errors import ZxError

AGENTS_HELP = "random, heuristic, mcts, mcts:N (N = budget in iterations) or bot:COMMAND"


def _user_errors(func):  # noqa: ANN001, ANN202 - the decorator of zxdeck.cli.app
    from zxdeck.cli.app import user_errors as wrap

    return wrap(func)


def _load(app: AppContext, path: str, allow_illegal: bool) -> list:
    from zxdeck.games.moz.catalog.loader import open_catalog
    from zxdeck.games.moz.deck.parse import load_deck

    return load_deck(path, open_catalog(app.cards or None), legal=not allow_illegal)


PLAY_EPILOG = examples_epilog(
    [
        "zxdeck --game moz play --auto --seed 3 --p1 examples/moz/shell_dragons.txt "
        "--p2 examples/moz/flame_thunder.txt --ai1 heuristic --ai2 random",
        "zxdeck --game moz play --p1 examples/moz/shell_dragons.txt --p2 examples/moz/dusk_minus.txt --save g.json",
        "zxdeck --game moz play --resume g.json",
        "zxdeck --game moz play --p1 examples/moz/shell_dragons.txt --p2 examples/moz/dusk_minus.txt "
        "--level hard   # type hint (ヒント) in the match",
        "zxdeck --game moz play --auto --p1 A.txt --p2 B.txt --log match.jsonl",
    ],
    "Without --auto you play p1 at the terminal: type a choice's number, hint for advice, help for the commands, s to save, q to stop "
    "(Ctrl-C and Ctrl-D save too and print the command that resumes the match).",
)


@click.command("play", epilog=PLAY_EPILOG, short_help="Play MOZ: two agents (--auto) or you against one.")
@click.option("--p1", "p1", metavar="DECK", help="Deck of player 1.")
@click.option("--p2", "p2", metavar="DECK", help="Deck of player 2.")
@click.option("--auto", is_flag=True, help="Both players are agents; print the match.")
@click.option("--ai1", default="heuristic", show_default=True, help=f"Agent of p1 with --auto: {AGENTS_HELP}.")
@click.option("--ai2", default="heuristic", show_default=True, help=f"Agent of p2: {AGENTS_HELP}.")
@all_seats_ai_option
@click.option("--level", type=click.Choice(["easy", "normal", "hard"]), default=None,
              help="The computer's level (p2): the same as --ai2 LEVEL (docs/MOZ.md).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the match (N-4).")
@click.option("--turn-limit", type=click.IntRange(1), default=400, show_default=True,
              help="A longer match is a tie (W-3).")
@click.option("--save", "save_path", metavar="FILE",
              help="Where the match is saved (a new file; default: a new file in the user's data "
                   "folder, after every move; `s` saves too).")
@click.option("--resume", "resume_path", metavar="FILE",
              help="Go on with a saved match (a match against bot:COMMAND needs --ai2 'bot:COMMAND' "
                   "again: a save never starts a program).")
@click.option("--log", "log_path", metavar="FILE.jsonl",
              help="Write the match as JSON Lines (`zxdeck --game moz replay` reads it back).")
@click.option("--allow-illegal", is_flag=True, help="Play decks that break the deck rules (D).")
@pass_app
@_user_errors
def play_cmd(app: AppContext, p1: str | None, p2: str | None, auto: bool, ai1: str, ai2: str, seed: int,
             turn_limit: int, save_path: str | None, resume_path: str | None, log_path: str | None,
             allow_illegal: bool, ai_all: str | None, level: str | None) -> None:
    """Play a MOZ match: the board shows both summoners' four faces, your hand, the points and the
    held pile; the opponent's hand and face-down cards stay hidden."""
    import shlex

    from zxdeck.games.moz.agents import make_agent
    from zxdeck.games.moz.catalog.loader import open_catalog
    from zxdeck.games.moz.engine import Game
    from zxdeck.games.moz.play.auto import play_session, summary
    from zxdeck.games.moz.play.savefile import save_data, write_save
    from zxdeck.games.moz.play.session import summary_ja
    from zxdeck.untrusted import program_agent

    ctx = click.get_current_context()
    if level is not None:
        src = ctx.get_parameter_source("ai2")
        if src is not None and src.name != "DEFAULT" and ai2 != level:
            raise ZxError(f"give --level {level} or --ai2 {ai2}, not both")
        ai2 = level
        ctx.set_parameter_source("ai2", click.core.ParameterSource.COMMANDLINE)
    given = [ai if ai_all is not None or ((src := ctx.get_parameter_source(name)) is not None
                                          and src.name != "DEFAULT") else None
             for name, ai in (("ai1", ai1), ("ai2", ai2))]
    ai1, ai2 = seat_agents(ctx, ai_all, ai1, ai2)
    given = [ai if g is not None else None for g, ai in zip(given, (ai1, ai2))]
    states = None
    if resume_path:
        from zxdeck.games.moz.play.savefile import load_save, saved_setup
        from zxdeck.untrusted import resumed_agent

        catalog = open_catalog(app.cards or None)
        notes: list[str] = []
        # The whole save is checked and replayed before any agent is made or file written; an
        # agent that runs a program (bot:) is never taken from it (docs/SECURITY.md).
        game, data = load_save(resume_path, catalog, notes)
        specs, human = saved_setup(resume_path, data)
        specs = [s if s == "human" else resumed_agent(resume_path, s, given[n], f"--ai{n + 1}")
                 for n, s in enumerate(specs)]
        for n, spec in enumerate(specs):
            if n != human and not program_agent(spec):
                make_agent(spec)  # a bad saved agent: one line, before anything runs
        for note in notes:
            click.echo(f"zxdeck: note: {resume_path}: {note}", err=True)
        decks = data["decks"]
        states = data.get("agent_rng")
        save_path = save_path or resume_path
    else:
        if not p1 or not p2:
            raise ZxError("give two decks: --p1 DECK --p2 DECK (or --resume FILE)")
        from pathlib import Path

        if save_path and Path(save_path).exists():  # never silently over another game's save
            raise ZxError(f"{save_path}: already exists: give another --save FILE (or remove it)")
        catalog = open_catalog(app.cards or None)
        d1, d2 = _load(app, p1, allow_illegal), _load(app, p2, allow_illegal)
        game = Game(d1, d2, seed=seed, turn_limit=turn_limit)
        human = None if auto else 0
        specs = [ai1 if auto else "human", ai2]
        decks = [[c.id for c in d1], [c.id for c in d2]]
        if human is not None and not save_path:  # autosave: a new file of the data folder
            from zxdeck.gamelog import new_save_path

            save_path = str(new_save_path(f"moz-game-{seed}"))
    agents = [None if s == "human" else make_agent(s, game.seed * 2 + n + 1) for n, s in enumerate(specs)]
    if states is not None:
        from zxdeck.games.moz.play.savefile import set_agent_states

        set_agent_states(resume_path, agents, states)
    whole: dict = {}

    def on_move(g: Game) -> None:  # the save of the last whole move, written after each one
        whole["data"] = save_data(g, decks, specs, human, catalog.digest, agents)
        if human is not None and save_path:
            write_save(save_path, whole["data"])

    def resume_command() -> str:
        again = "".join(f" --ai{n + 1} {shlex.quote(s)}" for n, s in enumerate(specs) if program_agent(s))
        again += f" --log {shlex.quote(log_path)}" if log_path else ""
        return f"zxdeck --game moz play --resume {shlex.quote(str(save_path))}{again}"

    def on_save(g: Game) -> str:
        write_save(save_path, whole["data"] if "data" in whole else
                   save_data(g, decks, specs, human, catalog.digest, agents))
        if human is not None:
            return f"保存しました: {save_path} (続きから: {resume_command()})"
        return f"saved to {save_path} (resume with: {resume_command()})"

    def ask(prompt: str) -> str:
        try:
            return input(prompt)
        except EOFError:
            return "q"

    try:
        if human is None:
            play_session(game, agents, ask, click.echo, None, on_move)
        else:
            from zxdeck.games.moz.play.session import MozSession

            MozSession(game, agents, human, ask, click.echo, on_save, on_move, catalog=catalog).run()
    except KeyboardInterrupt:  # Ctrl-C: the last whole move is saved, never half of one
        if save_path and "data" in whole:
            click.echo("")
            click.echo(f"中断しました (Ctrl-C): {on_save(game)}")
        raise SystemExit(130) from None
    finally:  # a bot (bot:COMMAND) is told the result and its program stopped
        for agent in agents:
            close = getattr(agent, "close", None)
            if close is not None:
                close(game)
    if game.is_over():
        click.echo(summary(game) if human is None else summary_ja(game, human))
    elif save_path:
        click.echo(on_save(game))
    if save_path and game.is_over():
        write_save(save_path, save_data(game, decks, specs, human, catalog.digest, agents))
    if log_path:
        from zxdeck.games.moz.engine.log import write_log

        write_log(log_path, game, [[catalog.by_id[cid] for cid in d] for d in decks], catalog.digest)


def register(group: click.Group) -> None:
    """Add the MOZ play command to `group` (sim, tournament and bot: zxdeck.games.moz.cli.run_cmds)."""
    group.add_command(play_cmd)
