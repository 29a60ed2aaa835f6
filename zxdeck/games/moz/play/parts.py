"""MOZ's parts for the core's terminal commands (`zxdeck --game moz play`, `... replay`:
zxdeck.cli.play_cmds): their words and options, and the game behind them (the Japanese session
of session.py, the plain `--auto` printer of auto.py, the saves of savefile.py). `SCREEN` is the
object zxdeck.games.moz names (zxdeck.game_api.GameScreen).
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

import click

from zxdeck.errors import ZxError
from zxdeck.terminal.words import CommandHelp, PlayRequest

AGENTS_HELP = "random, heuristic, mcts, mcts:N (N = budget in iterations) or bot:COMMAND"

PLAY_HELP = CommandHelp(
    summary="Play MOZ: two agents (--auto) or you against one.",
    doc="Play a MOZ match: the board shows both summoners' four faces, your hand, the points and the\n"
        "    held pile; the opponent's hand and face-down cards stay hidden.",
    examples=(
        "zxdeck --game moz play --auto --seed 3 --p1 examples/moz/shell_dragons.txt "
        "--p2 examples/moz/flame_thunder.txt --ai1 heuristic --ai2 random",
        "zxdeck --game moz play --p1 examples/moz/shell_dragons.txt --p2 examples/moz/dusk_minus.txt --save g.json",
        "zxdeck --game moz play --resume g.json",
        "zxdeck --game moz play --p1 examples/moz/shell_dragons.txt --p2 examples/moz/dusk_minus.txt "
        "--level hard   # type hint (ヒント) in the match",
        "zxdeck --game moz play --auto --p1 A.txt --p2 B.txt --log match.jsonl",
        "zxdeck --game moz play --saves      # the saved matches",
    ),
    note="Without --auto you play p1 at the terminal: type a choice's number, hint for advice, help for "
         "the commands, q (or save) to save and stop (Ctrl-C and Ctrl-D save too and print the command "
         "that resumes the match).",
)

PLAY_OPTIONS: dict[str, dict[str, Any]] = {
    "auto": {"help": "Both players are agents; print the match."},
    "seed": {"help": "Seed of the match (N-4)."},
    "p1": {"help": "Deck of player 1."},
    "p2": {"help": "Deck of player 2."},
    "ai1": {"default": "heuristic", "help": f"Agent of p1 with --auto: {AGENTS_HELP}."},
    "ai2": {"default": "heuristic", "help": f"Agent of p2: {AGENTS_HELP}."},
    "ai": {},
    "level": {"help": "The computer's level (p2): the same as --ai2 LEVEL (docs/MOZ.md)."},
    "log": {"help": "Write the match as JSON Lines (`zxdeck --game moz replay` reads it back)."},
    "turn-limit": {"default": 400, "help": "A longer match is a tie (W-3)."},
    "allow-illegal": {"help": "Play decks that break the deck rules (D)."},
    "save": {"metavar": "FILE",
             "help": "Where the match is saved (a new file; default: a new file in the user's data "
                     "folder, after every move; `s` saves too)."},
    "resume": {"metavar": "FILE",
               "help": "Go on with a saved match (a path, or a name listed by --saves; a match "
                       "against bot:COMMAND needs --ai2 'bot:COMMAND' again: a save never starts a "
                       "program)."},
    "quiet": {"help": "Print only the result (--auto)."},
    "saves": {"help": "List the saved matches (in the user's data folder) and exit."},
}

REPLAY_HELP = CommandHelp(
    summary="Show a MOZ log or save move by move.",
    doc="Replay a MOZ log (.jsonl, `play --log`) or save (`play --save`) and print its moves with\n"
        "    what each caused, then the result; with --at N, the board after move N; with --all,\n"
        "    every move in Japanese.",
    examples=(
        "zxdeck --game moz play --auto --seed 3 --p1 examples/moz/shell_dragons.txt "
        "--p2 examples/moz/flame_thunder.txt --log match.jsonl",
        "zxdeck --game moz replay match.jsonl",
        "zxdeck --game moz replay match.jsonl --at 40 --viewer p2",
        "zxdeck --game moz replay my.json",
        "zxdeck --game moz replay match.jsonl --all --viewer p2",
    ),
    note="A .jsonl file is read as a log, any other as a save. In a terminal, without --at, the "
         "moves are stepped one by one with the board (keys: Enter next, b back, N move N, t N turn "
         "N, s first, e last, ? the keys, q quit); through a pipe they are printed.",
)

REPLAY_OPTIONS: dict[str, dict[str, Any]] = {
    "all": {"help": "Print every move in Japanese as the viewer's seat saw it, and exit."},
    "at": {"help": "Print only the board after move N (0: before the first move)."},
    "viewer": {"default": "p1", "show_default": True,
               "help": "Whose side the board of --at, --all and the viewer show (the other hand and "
                       "drawn cards stay hidden, N-3)."},
}


def _load(app: Any, path: str, allow_illegal: bool) -> list:
    from zxdeck.games.moz.catalog.loader import open_catalog
    from zxdeck.games.moz.deck.parse import load_deck

    return load_deck(path, open_catalog(app.cards or None), legal=not allow_illegal)


def _interactive() -> bool:
    """Both ends are a terminal: the replay is stepped in the viewer, not printed."""
    import sys

    return sys.stdin.isatty() and sys.stdout.isatty()


class MozScreen:
    """MOZ at the terminal (zxdeck.game_api.GameScreen)."""

    command = "zxdeck --game moz"
    play_help = PLAY_HELP
    replay_help = REPLAY_HELP
    play_options: Mapping[str, Mapping[str, Any]] = PLAY_OPTIONS
    replay_options: Mapping[str, Mapping[str, Any]] = REPLAY_OPTIONS

    def save_summary(self, app: Any, path: Path) -> Mapping[str, Any]:
        from zxdeck.games.moz.catalog.loader import open_catalog
        from zxdeck.games.moz.play.savefile import save_summary

        return save_summary(path, open_catalog(app.cards or None))

    def play(self, app: Any, r: PlayRequest) -> int | None:
        from zxdeck.games.moz.agents import make_agent
        from zxdeck.games.moz.catalog.loader import open_catalog
        from zxdeck.games.moz.engine import Game
        from zxdeck.games.moz.play.auto import play_session, summary
        from zxdeck.games.moz.play.savefile import save_data, write_save
        from zxdeck.games.moz.play.session import summary_ja
        from zxdeck.terminal.output import pipe_safe
        from zxdeck.terminal.saves import resume_command
        from zxdeck.untrusted import program_agent

        states = None
        save_path = r.save_path
        if r.resume_path:
            from zxdeck.games.moz.play.savefile import load_save, saved_setup
            from zxdeck.untrusted import resumed_agent

            resume_path = str(r.resume_path)
            catalog = open_catalog(app.cards or None)
            notes: list[str] = []
            # The whole save is checked and replayed before any agent is made or file written; an
            # agent that runs a program (bot:) is never taken from it (docs/SECURITY.md).
            game, data = load_save(resume_path, catalog, notes)
            specs, human = saved_setup(resume_path, data)
            specs = [s if s == "human" else resumed_agent(resume_path, s, r.given[n], f"--ai{n + 1}")
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
            if not r.p1 or not r.p2:
                raise ZxError("give two decks: --p1 DECK --p2 DECK (or --resume FILE)")
            if save_path and Path(save_path).exists():  # never silently over another game's save
                raise ZxError(f"{save_path}: already exists: give another --save FILE (or remove it)")
            catalog = open_catalog(app.cards or None)
            d1, d2 = _load(app, r.p1, r.allow_illegal), _load(app, r.p2, r.allow_illegal)
            game = Game(d1, d2, seed=r.seed, turn_limit=r.turn_limit)
            human = None if r.auto else 0
            specs = [r.ai1 if r.auto else "human", r.ai2]
            decks = [[c.id for c in d1], [c.id for c in d2]]
            if human is not None and not save_path:  # autosave: a new file of the data folder
                from zxdeck.terminal.saves import new_save_path

                save_path = str(new_save_path(f"moz-game-{r.seed}"))
        agents = [None if s == "human" else make_agent(s, game.seed * 2 + n + 1) for n, s in enumerate(specs)]
        if states is not None:
            from zxdeck.games.moz.play.savefile import set_agent_states

            set_agent_states(str(r.resume_path), agents, states)
        from zxdeck.terminal.session import Autosave, guarded

        # the save of the last whole move, written after each one (a person's match)
        autosave = Autosave(save_path, write_save, enabled=human is not None)

        def on_move(g: Game) -> None:
            autosave.moved(save_data(g, decks, specs, human, catalog.digest, agents))

        def again() -> str:
            bots = [(f"--ai{n + 1}", s) for n, s in enumerate(specs) if program_agent(s)]
            return resume_command(self.command, str(save_path), [*bots, ("--log", r.log_path)])

        def on_save(g: Game) -> str:
            autosave.keep(lambda: save_data(g, decks, specs, human, catalog.digest, agents))
            if human is not None:
                return f"保存しました: {save_path} (続きから: {again()})"
            return f"saved to {save_path} (resume with: {again()})"

        def stopped() -> Any:  # Ctrl-C: save the last whole move, never half of one
            if save_path and autosave.last is not None:
                click.echo("")
                click.echo(f"中断しました (Ctrl-C): {on_save(game)}")
            raise SystemExit(130) from None

        def ask(prompt: str) -> str:
            try:
                return input(prompt)
            except EOFError:
                return "q"

        try:
            if human is None:
                say = (lambda _line: None) if r.quiet else pipe_safe(click.echo)  # `| head`: the match goes on
                play_session(game, agents, ask, say, None, on_move)
            else:
                from zxdeck.games.moz.play.session import MozSession

                # Ctrl-C, SIGTERM, SIGHUP (the terminal closed): the last whole move is saved
                guarded(lambda: MozSession(game, agents, human, ask, click.echo, on_save, on_move,
                                           catalog=catalog).run(), stopped)
        except KeyboardInterrupt:  # Ctrl-C in `--auto`
            stopped()
        finally:  # a bot (bot:COMMAND) is told the result and its program stopped
            for agent in agents:
                close = getattr(agent, "close", None)
                if close is not None:
                    close(game)
        if game.is_over():
            if human is None:
                pipe_safe(click.echo)(summary(game))
            else:
                click.echo(summary_ja(game, human))
        elif save_path:
            click.echo(on_save(game))
        if save_path and game.is_over():
            write_save(save_path, save_data(game, decks, specs, human, catalog.digest, agents))
        if r.log_path:
            from zxdeck.games.moz.engine.log import write_log

            write_log(r.log_path, game, [[catalog.by_id[cid] for cid in d] for d in decks], catalog.digest)
        return None

    def replay(self, app: Any, path: str, show_all: bool, at: int | None, viewer: int | None) -> None:
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
        if show_all or (at is None and _interactive()):
            from zxdeck.games.moz.play.replay_view import MozViewer, load_frames
            from zxdeck.terminal.viewer import transcript

            frames = load_frames(record, viewer or 0)
            if show_all:
                for line in transcript(frames):
                    click.echo(line)
                return
            MozViewer(frames, viewer or 0).run(0)
            return
        g = record.start(record=True)
        assert g.events is not None
        if at is not None:
            for action in moves[:at]:
                g.apply(action)
            click.echo(f"after move {at} of {len(moves)}:")
            click.echo(render(g, viewer or 0))
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


SCREEN = MozScreen()
