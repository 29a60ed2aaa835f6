"""`zxdeck play`: a whole game between computer players (`--auto`), with a JSON Lines log.

Without `--auto` a person plays player 1 at the terminal (`zxdeck.play`, through
`run_interactive` below); `--resume FILE` continues a saved terminal game.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from zxdeck.cli import AppContext, examples_epilog, pass_app
from zxdeck.errors import ZxError


def load_deck_spec(app: AppContext, path: str, allow_illegal: bool, label: str,
                   allow_unscripted: bool = False, regulation: str | None = None) -> Any:
    """Read and validate a deck file or code; an illegal deck is refused with the validator's report
    (exit 1), and so is a deck with cards the engine cannot run (no machine-readable abilities)."""
    from zxdeck.engine.decks import IllegalDeckError, load_game_deck

    try:
        return load_game_deck(path, app.card_source(), allow_illegal, label, allow_unscripted,
                              regulation)[0]
    except IllegalDeckError as exc:
        click.echo(exc.report, err=True)
        raise


def run_interactive(app: AppContext, p1: Any, p2: Any, ai2: str, seed: int, turn_limit: int,
                    log: str | None, budget: int | None = None, save_path: str | None = None) -> int:
    """The terminal mode: a person is player 1 against `ai2` (zxdeck.play)."""
    from zxdeck.play import start_game

    return start_game(p1, p2, ai=ai2, seed=seed, turn_limit=turn_limit, budget=budget,
                      save_path=save_path, log=log)


def make_printer(out: Callable[[str], None]) -> Callable[..., None]:
    from zxdeck.engine.log import narrate

    closed = False

    def printer(g: Any, event: str, data: dict[str, Any]) -> None:
        nonlocal closed
        line = narrate(g, event, data)
        if line is not None and not closed:
            try:
                out(line)
            except BrokenPipeError:  # `| head`: stop printing, finish the game and its log
                closed = True
                devnull = os.open(os.devnull, os.O_WRONLY)
                os.dup2(devnull, sys.stdout.fileno())

    return printer


PLAY_EPILOG = examples_epilog(
    [
        "zxdeck play --p1 my.txt --p2 examples/decks/red.txt     # you against greedy",
        "zxdeck play --p1 my.txt --p2 examples/decks/red.txt --ai2 mcts --budget 400",
        "zxdeck play --resume GAME.json    # continue after quit or Ctrl-C",
        "zxdeck play --auto --seed 1 --p1 examples/decks/red.txt \\",
        "    --p2 examples/decks/blue.txt --log game.jsonl",
        "zxdeck play --auto --seed 7 --p1 examples/decks/red.txt \\",
        "    --p2 examples/decks/blue.txt --ai1 random --save game.json -q",
        "zxdeck play --replay game.json --log game.jsonl",
    ],
    "Rule ids in the game's messages, such as (P-5) or (B-6), are explained by "
    "`zxdeck rules P-5`.",
)


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def _settings(info: Any) -> str:
    """The settings of an agent for the help: ` Settings: budget=200 (simulations...), ...`."""
    if not info.settings:
        return ""
    parts = [f"{s.name.replace('_', '-')}={s.default}" + (f" ({s.help})" if s.help else "")
             for s in info.settings]
    first = f" ({info.primary}: {info.name}:N)" if info.primary else ""
    return f" Settings{first}: " + ", ".join(parts) + "."


class PlayCommand(click.Command):
    """`play` (and `sim`, `tournament`), whose --help lists the agents of the registry with
    their settings (imported only for the help)."""

    agents_title = "Agents (--ai1, --ai2)"

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        from zxdeck.agents import AGENTS, agent_summary

        with formatter.section(self.agents_title):
            formatter.write_dl([(name, _sentence(agent_summary(name)).rstrip(".") + "."
                                 + _settings(AGENTS[name])) for name in AGENTS])
        super().format_epilog(ctx, formatter)


@click.command("play", cls=PlayCommand, epilog=PLAY_EPILOG,
               short_help="Play a game: you against the computer, or computer vs computer.")
@click.option("--auto", is_flag=True, help="Two computer players play the whole game.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the game (coin flip, shuffles, agents).")
@click.option("--p1", "p1", metavar="DECK", help="Deck file of player 1.")
@click.option("--p2", "p2", metavar="DECK", help="Deck file of player 2.")
@click.option("--ai1", default="greedy", show_default=True,
              help="Agent of player 1 (listed below), with settings: mcts:50 or 'mcts --budget 50'.")
@click.option("--ai2", default="greedy", show_default=True, help="Agent of player 2.")
@click.option("--log", "log_path", metavar="FILE.jsonl", help="Write the game as JSON Lines.")
@click.option("--turn-limit", type=click.IntRange(1), default=100, show_default=True,
              help="A longer game ends as a draw (W-3).")
@click.option("--allow-illegal", is_flag=True, help="Play decks that break construction rules.")
@click.option("--regulation", "-r", metavar="NAME|FILE", default=None,
              help="Regulation the decks are checked with (default: current; e.g. sealed).")
@click.option("--allow-unscripted", is_flag=True,
              help="Play cards without machine-readable abilities (imported cards) as blank cards.")
@click.option("--save", "save_path", metavar="FILE.json", help="Save the game as seed + actions (replay).")
@click.option("--quiet", "-q", is_flag=True, help="Print only the result.")
@click.option("--replay", "replay_path", metavar="FILE.json",
              help="Show (and --log) a game saved with --save instead of playing a new one.")
@click.option("--resume", "resume_path", metavar="FILE.json",
              help="Continue a terminal game saved by quit, Ctrl-C or Ctrl-D.")
@click.option("--first", type=click.Choice(["p1", "p2"]), default=None,
              help="Who goes first (--auto), instead of the seeded coin flip (S-5).")
@click.option("--budget", type=click.IntRange(1), default=None,
              help="Simulations per decision of the mcts agent (default 200).")
@pass_app
def play_cmd(app: AppContext, auto: bool, seed: int, p1: str | None, p2: str | None, ai1: str,
             ai2: str, log_path: str | None, turn_limit: int, allow_illegal: bool, regulation: str | None,
             allow_unscripted: bool, save_path: str | None, quiet: bool, replay_path: str | None,
             resume_path: str | None, first: str | None, budget: int | None) -> None:
    """Play a game of Z/X: computer vs computer with --auto, else you (player 1) vs --ai2."""
    from zxdeck.agents import make_agent
    from zxdeck.agents.match import agent_seed, play_game
    from zxdeck.engine.log import JsonlLogger

    if resume_path:
        from zxdeck.play import resume_game

        sys.exit(resume_game(resume_path, app.card_source(), budget=budget))
    if not replay_path:
        if not p1 or not p2:
            raise ZxError("give both decks: --p1 DECK --p2 DECK (or --replay FILE.json)")
        for name in (ai1, ai2):
            make_agent(name)  # unknown agent: exit 2 before reading decks
        spec1 = load_deck_spec(app, p1, allow_illegal, "p1", allow_unscripted, regulation)
        spec2 = load_deck_spec(app, p2, allow_illegal, "p2", allow_unscripted, regulation)
        if not auto:
            sys.exit(run_interactive(app, spec1, spec2, ai2, seed, turn_limit, log_path, budget,
                                     save_path))
    listeners: list[Callable[..., None]] = []
    log_file = None
    if log_path:
        try:
            log_file = open(log_path, "w", encoding="utf-8")  # noqa: SIM115 - closed below
        except OSError as exc:
            raise ZxError(f"{log_path}: cannot write the log: {exc.strerror}") from None
        listeners.append(JsonlLogger(log_file))
    if not quiet:
        listeners.append(make_printer(click.echo))

    def listener(g: Any, event: str, data: dict[str, Any]) -> None:
        for fn in listeners:
            fn(g, event, data)

    try:
        if replay_path:
            g = _replay_file(app, replay_path, listener)
        else:
            agents = (make_agent(ai1, agent_seed(seed, 0)), make_agent(ai2, agent_seed(seed, 1)))
            for agent in agents:  # --budget: simulations of the mcts agent
                if budget is not None and hasattr(agent, "budget"):
                    agent.budget = budget
            g = play_game(spec1, spec2, agents, seed=seed, turn_limit=turn_limit, listener=listener,
                          first=None if first is None else int(first[1]) - 1)
    finally:
        if log_file is not None:
            log_file.close()
    if save_path:
        from zxdeck.engine.replay import save

        save(g, save_path)
    if quiet:
        w = "draw" if g.winner is None else f"p{g.winner + 1}"
        click.echo(f"winner: {w} ({g.reason}) turns: {g.turn}")


def _replay_file(app: AppContext, path: str, listener: Callable[..., None]) -> Any:
    import json

    from zxdeck.engine.replay import replay

    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ZxError(f"{path}: replay file not found") from None
    except (OSError, ValueError) as exc:
        raise ZxError(f"{path}: not a replay file ({exc})") from None
    if not isinstance(data, dict):
        raise ZxError(f"{path}: not a replay file")
    return replay(data, app.card_source(), listener=listener)


def register(group: click.Group) -> None:
    """Add this module's commands to `group`."""
    group.add_command(play_cmd)
