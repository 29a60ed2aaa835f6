"""`zxdeck sim` and `zxdeck tournament` of Z/X: click only, over `zxdeck.sim` and the run options
and round robin every game shares (zxdeck.cli.runs).

Exit status: 0 done (also when --precision stopped it early), 1 an illegal
deck (without --allow-illegal), 2 could not run (bad option, unreadable
file, a game that failed), 130 interrupted (the partial result is printed,
with the command that resumes the run when it has an --out folder).
"""

from __future__ import annotations

import shlex
from typing import Any

import click

from zxdeck.cli import AppContext, examples_epilog, pass_app
from zxdeck.cli.analysis import (
    card_stats_option,
    cards_keep,
    emit_card_stats,
    emit_html,
    html_option,
    resumed_card_stats,
)
from zxdeck.cli.app import PlayCommand, all_seats_ai_option, seat_agents
from zxdeck.cli.runs import (  # noqa: F401 - EXIT_INTERRUPTED, run_options, run_tournament: their old home
    EXIT_INTERRUPTED,
    TimeoutCount,
    check_common,
    emit,
    even_games,
    finish,
    given,
    resume_manifest,
    resumed_agent,
    resumed_entrant_agents,
    run_all,
    run_options,
    run_tournament,
)
from zxdeck.errors import ZxError
from zxdeck.games.zx.cli.play_cmds import deck_check_options

STATUS_NOTE = ("Exit status: 0 done, 1 an illegal deck, 2 could not run or a game failed, "
               "130 interrupted (the partial result is printed; --resume DIR finishes a run "
               "written with --out DIR). Running on a Ray cluster: docs/SCALING.md.")
SIM_EPILOG = examples_epilog([
    "zxdeck sim examples/decks/red.txt examples/decks/blue.txt -n 2000",
    "zxdeck sim red.txt blue.txt --ai1 mcts:50 --ai2 greedy -n 200 --format json",
    "zxdeck sim red.txt blue.txt -n 100000 --precision 0.01 --out runs/rb",
    "zxdeck sim --resume runs/rb        # after Ctrl-C",
    "zxdeck sim red.txt blue.txt --backend ray --jobs auto   # $RAY_ADDRESS",
], STATUS_NOTE)
TOURNAMENT_EPILOG = examples_epilog([
    "zxdeck tournament examples/decks -n 100 --plot matrix.png",
    "zxdeck tournament a.txt b.txt c.txt --ai mcts:50 --format json",
    "zxdeck tournament --agents random,greedy,mcts:200 --deck red.txt -n 200",
], STATUS_NOTE)


def _load(app: AppContext, path: str, allow_illegal: bool, label: str,
          allow_unscripted: bool = False, regulation: str | None = None) -> Any:
    """A deck read and validated as `play --auto` does (its report and exit 1 when illegal)."""
    from zxdeck.games.zx.cli.play_cmds import load_deck_spec
    from zxdeck.games.zx.sim import LoadedDeck

    return LoadedDeck(path, load_deck_spec(app, path, allow_illegal, label, allow_unscripted,
                                           regulation))




@click.command("sim", cls=PlayCommand, epilog=SIM_EPILOG,
               short_help="Play two decks many times: win rate with its 95 % interval.")
@click.argument("deck_a", required=False, metavar="DECK_A")
@click.argument("deck_b", required=False, metavar="DECK_B")
@click.option("-n", "--games", type=int, default=1000, show_default=True,
              help="Games to play (in pairs: the same seed twice, seats swapped).")
@click.option("--ai1", default="greedy", show_default=True,
              help="Agent of DECK_A (listed below), with settings: mcts:200 or 'mcts --budget 200'.")
@click.option("--ai2", default="greedy", show_default=True, help="Agent of DECK_B.")
@all_seats_ai_option
@run_options("run")
@click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]), default="table",
              show_default=True, help="csv: one row per game.")
@click.option("--turn-limit", type=click.IntRange(1), default=100, show_default=True,
              help="A longer game ends as a draw (W-3).")
@deck_check_options
@click.option("--precision", type=float, default=None, metavar="P",
              help="Stop once the 95 % interval's half-width is at most P (e.g. 0.02).")
@card_stats_option
@html_option
@pass_app
@click.pass_context
def sim_cmd(ctx: click.Context, app: AppContext, deck_a: str | None, deck_b: str | None,
            games: int, ai1: str, ai2: str, ai_all: str | None, seed: int, jobs: str, backend: str,
            out_dir: str | None, resume_dir: str | None, fmt: str, turn_limit: int,
            allow_illegal: bool, regulation: str | None, allow_unscripted: bool,
            precision: float | None, card_stats: bool = False, html_path: str | None = None) -> None:
    """Play DECK_A against DECK_B many times: A's win rate with its 95 % interval."""
    from zxdeck.agents import parse_agent
    from zxdeck.games.zx.sim import sim_contest, sim_manifest
    from zxdeck.sim.core import Match
    from zxdeck.sim.progress import sim_description
    from zxdeck.sim.report import games_csv, render_sim, sim_result
    from zxdeck.sim.store import open_run

    n_jobs = check_common(games, precision, backend, jobs)
    if turn_limit < 1:
        raise ZxError(f"--turn-limit must be at least 1, not {turn_limit}")
    stored = store = None
    if resume_dir:
        store, stored = resume_manifest(resume_dir, out_dir, "sim")

        def pick(name: str, value: Any, key: str) -> Any:
            return value if given(ctx, name) else stored[key]

        games, seed = pick("games", games, "games"), pick("seed", seed, "seed")
        turn_limit, precision = pick("turn_limit", turn_limit, "turn_limit"), pick(
            "precision", precision, "precision")
        allow_illegal = pick("allow_illegal", allow_illegal, "allow_illegal")
        allow_unscripted = pick("allow_unscripted", allow_unscripted, "allow_unscripted")
        regulation = pick("regulation", regulation, "regulation")
        ai1 = resumed_agent(ctx, "ai1", ai1, stored["a"].get("agent"), resume_dir)
        ai2 = resumed_agent(ctx, "ai2", ai2, stored["b"].get("agent"), resume_dir)
        deck_a = deck_a or stored["a"]["path"]
        deck_b = deck_b or stored["b"]["path"]
        card_stats = resumed_card_stats(stored, card_stats, resume_dir)
    elif not deck_a or not deck_b:
        raise ZxError("give two decks: zxdeck sim DECK_A DECK_B (or --resume DIR)")
    else:
        games = even_games(games)
    ai1, ai2 = seat_agents(ctx, ai_all, ai1, ai2)
    agent_a, agent_b = parse_agent(ai1), parse_agent(ai2)
    for spec in (agent_a, agent_b):
        spec.make(0)  # a bot's program not found: exit 2 before any game
    a = _load(app, deck_a, allow_illegal, "A", allow_unscripted, regulation)
    b = _load(app, deck_b, allow_illegal, "B", allow_unscripted, regulation)
    if stored is not None:  # the names shown stay those of the run
        a = type(a)(stored["a"]["deck"], a.spec)
        b = type(b)(stored["b"]["deck"], b.spec)
    manifest = sim_manifest(a, b, agent_a, agent_b, app.cards_path, seed, games, turn_limit,
                            precision, allow_illegal, regulation, allow_unscripted)
    if card_stats:
        manifest["card_stats"] = True
    manifest, out = open_run(manifest, stored, store, out_dir, resume_dir)
    contest = sim_contest(a, b, agent_a, agent_b, turn_limit, card_stats)
    collected: list[dict[str, Any]] = []
    keep = collected.extend if fmt == "csv" and out is None and not card_stats else None
    cards = None
    if card_stats:
        from zxdeck.analysis.cards import sim_cards
        from zxdeck.games.zx.sim import ZxCardEvents

        copies = ZxCardEvents().copies
        cards = sim_cards(manifest["a"]["deck"], manifest["b"]["deck"], copies(a.spec), copies(b.spec))
        if stored is not None:
            cards.feed(0, out.records())
        keep = cards_keep(cards, keep)
    paths = {"a": (deck_a, agent_a.label), "b": (deck_b, agent_b.label)}

    def replay(f: Any) -> str:  # `play --auto` plays game f.index exactly (same seeds)
        from zxdeck.sim.core import seats

        (p1, ai_1), (p2, ai_2) = (paths[s] for s in seats(f.index))
        q = shlex.quote
        return (f"zxdeck play --auto --seed {f.seed} --first p{(f.seed & 1) + 1} --p1 {q(p1)} "
                f"--p2 {q(p2)} --ai1 {q(ai_1)} --ai2 {q(ai_2)} --turn-limit {turn_limit}")

    late = TimeoutCount(keep)
    tallies, outcome, be = run_all([Match(contest, seed, games)], backend, n_jobs, out,
                                stored is not None, precision, sim_description, late)
    late.report({"a": f"{agent_a.label} (A)", "b": f"{agent_b.label} (B)"})
    result = sim_result(tallies[0], manifest, outcome, be.name, be.workers)
    if cards is not None:
        result["card_stats"] = cards.result()
    if out is not None and outcome.status == "complete":
        out.write_result(result)
    if outcome.status != "failed":
        from zxdeck.games.zx.sim import ZxCardEvents

        lists = ZxCardEvents().copies
        emit_html(html_path, "sim", result, {manifest["a"]["deck"] + " (A)": lists(a.spec),
                                             manifest["b"]["deck"] + " (B)": lists(b.spec)})
        if fmt == "json":
            import json

            emit(json.dumps(result, ensure_ascii=False, indent=2))
        elif fmt == "csv" and cards is not None:
            emit_card_stats(result["card_stats"], "csv")
        elif fmt == "csv":
            records = list(out.records()) if out is not None else collected
            emit(games_csv(records))
        else:
            emit(render_sim(result))
            if cards is not None:
                emit_card_stats(result["card_stats"], "table")
    finish(outcome, out_dir or resume_dir, "sim", replay, app.debug)


class TournamentCommand(PlayCommand):
    agents_title = "Agents (--ai, --agents)"


@click.command("tournament", cls=TournamentCommand, epilog=TOURNAMENT_EPILOG,
               short_help="Round robin of decks or agents: matchup matrix and ranking.")
@click.argument("decks", nargs=-1, metavar="DECK... | DIR")
@click.option("-n", "--games", type=int, default=100, show_default=True,
              help="Games per pairing (in pairs, seats swapped).")
@click.option("--ai", default="greedy", show_default=True, help="The agent playing every deck.")
@click.option("--agents", metavar="LIST",
              help="Rate agents instead of decks: random,greedy,mcts:200 (with --deck).")
@click.option("--deck", "ladder_deck", metavar="DECK", help="The deck every agent plays (--agents).")
@run_options("tournament")
@click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]), default="table",
              show_default=True, help="csv: one row per pairing and direction.")
@click.option("--plot", "plot_path", metavar="FILE.png|svg",
              help="Draw the matchup matrix as a heat map (zxdeck[plot]).")
@click.option("--turn-limit", type=click.IntRange(1), default=100, show_default=True,
              help="A longer game ends as a draw (W-3).")
@deck_check_options
@card_stats_option
@html_option
@pass_app
@click.pass_context
def tournament_cmd(ctx: click.Context, app: AppContext, decks: tuple[str, ...], games: int, ai: str,
                   agents: str | None, ladder_deck: str | None, seed: int, jobs: str, backend: str,
                   out_dir: str | None, resume_dir: str | None, fmt: str, plot_path: str | None,
                   turn_limit: int, allow_illegal: bool, regulation: str | None,
                   allow_unscripted: bool, card_stats: bool = False,
                   html_path: str | None = None) -> None:
    """Round robin of decks (or of agents on one deck): matchup matrix and ranking."""
    from zxdeck.agents import parse_agent, parse_agents
    from zxdeck.games.zx.sim import ZxCardEvents, ZxGames, base_manifest
    from zxdeck.sim.tournament import Entrant, new_entrants

    n_jobs = check_common(games, None, backend, jobs)
    if turn_limit < 1:
        raise ZxError(f"--turn-limit must be at least 1, not {turn_limit}")
    if plot_path:
        from zxdeck.sim.plot import check_plot_path

        check_plot_path(plot_path)
    stored = None
    if resume_dir:
        store, stored = resume_manifest(resume_dir, out_dir, "tournament")
        if decks or ladder_deck:
            raise ZxError("--resume takes its entrants from the run's manifest: give no decks")
        specs = resumed_entrant_agents(ctx, [e.get("agent") for e in stored["entrants"]], ai, agents,
                                       resume_dir, parse_agent, parse_agents)
        games = games if given(ctx, "games") else stored["games"]
        seed = seed if given(ctx, "seed") else stored["seed"]
        turn_limit = turn_limit if given(ctx, "turn_limit") else stored["turn_limit"]
        allow_illegal = allow_illegal if given(ctx, "allow_illegal") else stored["allow_illegal"]
        allow_unscripted = (allow_unscripted if given(ctx, "allow_unscripted")
                            else stored["allow_unscripted"])
        regulation = regulation if given(ctx, "regulation") else stored["regulation"]
        card_stats = resumed_card_stats(stored, card_stats, resume_dir)
        entrants = []
        for e, spec in zip(stored["entrants"], specs):
            d = _load(app, e["path"], allow_illegal, e["name"], allow_unscripted, regulation)
            entrants.append(Entrant(e["name"], type(d)(e["deck"], d.spec), parse_agent(spec)))
    else:
        def probed(specs: list[Any]) -> list[Any]:
            for s in specs:
                s.make(0)  # a bot's program not found: exit 2 before any game
            return specs

        entrants = new_entrants(
            decks, agents, ladder_deck, lambda text: probed(parse_agents(text)),
            lambda: probed([parse_agent(ai)])[0],
            lambda path, name: _load(app, path, allow_illegal, name, allow_unscripted, regulation),
            "zxdeck tournament DECK... | DIR")
    if stored is None:
        games = even_games(games)
    manifest = base_manifest("tournament", app.cards_path, seed, turn_limit, allow_illegal,
                             regulation, allow_unscripted)
    manifest.update({"games": games, "entrants": [e.describe() for e in entrants]})
    run_tournament(entrants, games=games, seed=seed, factory=ZxGames(turn_limit), manifest=manifest,
                   backend=backend, n_jobs=n_jobs, out_dir=out_dir, resume_dir=resume_dir,
                   stored=stored, store=store if stored is not None else None, fmt=fmt,
                   plot_path=plot_path, debug=app.debug,
                   card_events=ZxCardEvents() if card_stats else None, html_path=html_path,
                   deck_list=ZxCardEvents().copies)


def register(group: click.Group) -> None:
    """Add this module's commands to `group`."""
    group.add_command(sim_cmd)
    group.add_command(tournament_cmd)
