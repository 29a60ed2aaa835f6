"""`zxdeck --game moz sim`, `tournament` and `bot`: the core's simulation, round robin and bot
protocol (zxdeck.sim, zxdeck.agents.bot) over MOZ's game adapter (zxdeck.games.moz.adapter).

Like zxdeck/cli, this module imports only click, the standard library and zxdeck.cli at module
level; the library is imported inside the commands. Exit status: 0 done, 2 could not run (a
bad option, a deck that cannot be read or breaks a D rule without --allow-illegal, a game that
failed, a bot that broke the protocol), 130 interrupted (--resume DIR finishes a run written
with --out DIR).
"""

from __future__ import annotations

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
from zxdeck.cli.app import all_seats_ai_option, seat_agents
from zxdeck.cli.runs import run_options
from zxdeck.errors import ZxError

AGENTS_HELP = "random, heuristic, mcts, mcts:N or bot:COMMAND"


def _user_errors(func):  # noqa: ANN001, ANN202 - the decorator of zxdeck.cli.app
    from zxdeck.cli.app import user_errors as wrap

    return wrap(func)


def _catalog(app: AppContext):  # noqa: ANN202
    from zxdeck.games.moz.catalog.loader import open_catalog

    return open_catalog(app.cards or None)


TOURNAMENT_EPILOG = examples_epilog([
    "zxdeck --game moz tournament examples/moz -n 20",
    "zxdeck --game moz tournament examples/moz --ai random --format json",
    "zxdeck --game moz tournament --agents random,heuristic --deck examples/moz/shell_dragons.txt",
    "zxdeck --game moz tournament examples/moz --out runs/moz   # then --resume runs/moz",
], "Every pairing plays games in pairs: the same seed twice, seats swapped. The results do not "
   "depend on --jobs or the backend.")


@click.command("tournament", epilog=TOURNAMENT_EPILOG,
               short_help="Round robin of MOZ decks or agents: matchup matrix and ranking.")
@click.argument("decks", nargs=-1, metavar="DECK... | DIR")
@click.option("-n", "--games", type=int, default=100, show_default=True,
              help="Games per pairing (in pairs, seats swapped).")
@click.option("--ai", default="heuristic", show_default=True, help=f"The agent playing every deck: {AGENTS_HELP}.")
@click.option("--agents", metavar="LIST", help="Rate agents instead of decks: random,heuristic,mcts:50 (with --deck).")
@click.option("--deck", "ladder_deck", metavar="DECK", help="The deck every agent plays (--agents).")
@run_options("tournament")
@click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]), default="table",
              show_default=True, help="csv: one row per pairing and direction.")
@click.option("--plot", "plot_path", metavar="FILE.png|svg",
              help="Draw the matchup matrix as a heat map (zxdeck[plot]).")
@click.option("--turn-limit", type=click.IntRange(1), default=400, show_default=True,
              help="A longer match is a tie (W-3).")
@click.option("--allow-illegal", is_flag=True, help="Play decks that break the deck rules (D).")
@card_stats_option
@html_option
@pass_app
@click.pass_context
@_user_errors
def tournament_cmd(ctx: click.Context, app: AppContext, decks: tuple[str, ...], games: int, ai: str,
                   agents: str | None, ladder_deck: str | None, seed: int, jobs: str, backend: str,
                   out_dir: str | None, resume_dir: str | None, fmt: str, plot_path: str | None,
                   turn_limit: int, allow_illegal: bool, card_stats: bool = False,
                   html_path: str | None = None) -> None:
    """Round robin of MOZ decks (or of agents on one deck): matchup matrix and ranking."""
    from zxdeck.cli.runs import (
        check_common,
        even_games,
        given,
        resume_manifest,
        resumed_entrant_agents,
        run_tournament,
    )
    from zxdeck.games import adapter
    from zxdeck.games.moz.agents import AgentFactory, parse_agents
    from zxdeck.sim.tournament import Entrant, new_entrants

    rules = adapter("moz")
    n_jobs = check_common(games, None, backend, jobs)
    if turn_limit < 1:
        raise ZxError(f"--turn-limit must be at least 1, not {turn_limit}")
    if plot_path:
        from zxdeck.sim.plot import check_plot_path

        check_plot_path(plot_path)
    catalog = _catalog(app)
    stored = store = None
    if resume_dir:
        store, stored = resume_manifest(resume_dir, out_dir, "tournament", "moz")
        if decks or ladder_deck:
            raise ZxError("--resume takes its entrants from the run's manifest: give no decks")
        specs = resumed_entrant_agents(ctx, [e.get("agent") for e in stored["entrants"]], ai, agents,
                                       resume_dir, AgentFactory, parse_agents)
        games = games if given(ctx, "games") else stored["games"]
        seed = seed if given(ctx, "seed") else stored["seed"]
        turn_limit = turn_limit if given(ctx, "turn_limit") else stored["turn_limit"]
        allow_illegal = allow_illegal if given(ctx, "allow_illegal") else stored["allow_illegal"]
        card_stats = resumed_card_stats(stored, card_stats, resume_dir)
        entrants = []
        for e, spec in zip(stored["entrants"], specs):
            d = rules.load_deck(e["path"], catalog, allow_illegal)
            entrants.append(Entrant(e["name"], type(d)(e["deck"], d.cards), AgentFactory(spec)))
    else:
        entrants = new_entrants(decks, agents, ladder_deck, parse_agents, lambda: AgentFactory(ai),
                                lambda path, name: rules.load_deck(path, catalog, allow_illegal),
                                "zxdeck --game moz tournament DECK... | DIR")
    if stored is None:
        games = even_games(games)
    manifest = run_manifest("tournament", catalog, seed, turn_limit, allow_illegal)
    manifest.update({"games": games, "entrants": [
        {"name": e.name, "deck": e.deck.path, **e.deck.describe(), "agent": e.agent.to_json()}
        for e in entrants]})
    run_tournament(entrants, games=games, seed=seed, factory=rules.factory(turn_limit),
                   manifest=manifest, backend=backend, n_jobs=n_jobs, out_dir=out_dir,
                   resume_dir=resume_dir, stored=stored, store=store, fmt=fmt, plot_path=plot_path,
                   debug=app.debug, command="--game moz tournament",
                   card_events=rules.card_events() if card_stats else None, html_path=html_path,
                   deck_list=rules.card_events().copies)


SIM_EPILOG = examples_epilog([
    "zxdeck --game moz sim examples/moz/shell_dragons.txt examples/moz/flame_thunder.txt -n 200",
    "zxdeck --game moz sim A.txt B.txt --ai1 heuristic --ai2 random --format json",
    "zxdeck --game moz sim A.txt B.txt -n 10000 --precision 0.02 --out runs/ab",
    "zxdeck --game moz sim --resume runs/ab        # after Ctrl-C",
], "Games are played in pairs (the same seed twice, seats swapped); the results do not depend on "
   "--jobs or the backend. Exit status: 0 done, 2 could not run or a game failed, 130 interrupted.")


@click.command("sim", epilog=SIM_EPILOG, short_help="Play two MOZ decks many times: win rate with its interval.")
@click.argument("deck_a", required=False, metavar="DECK_A")
@click.argument("deck_b", required=False, metavar="DECK_B")
@click.option("-n", "--games", type=int, default=200, show_default=True, help="Games (in pairs, seats swapped).")
@click.option("--ai1", default="heuristic", show_default=True, help=f"Agent of DECK_A: {AGENTS_HELP}.")
@click.option("--ai2", default="heuristic", show_default=True, help="Agent of DECK_B.")
@all_seats_ai_option
@run_options("run", jobs="1")
@click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]), default="table",
              show_default=True, help="csv: one row per game.")
@click.option("--turn-limit", type=click.IntRange(1), default=400, show_default=True,
              help="A longer match is a tie (W-3).")
@click.option("--precision", type=float, default=None, metavar="P",
              help="Stop once the 95 % interval's half-width is at most P (e.g. 0.02).")
@click.option("--allow-illegal", is_flag=True, help="Play decks that break the deck rules (D).")
@card_stats_option
@html_option
@pass_app
@click.pass_context
@_user_errors
def sim_cmd(ctx: click.Context, app: AppContext, deck_a: str | None, deck_b: str | None, games: int,
            ai1: str, ai2: str, ai_all: str | None, seed: int, jobs: str, backend: str, out_dir: str | None,
            resume_dir: str | None, fmt: str, turn_limit: int, precision: float | None,
            allow_illegal: bool, card_stats: bool = False, html_path: str | None = None) -> None:
    """Play DECK_A against DECK_B many times (zxdeck.sim over MOZ's game adapter): A's win rate
    with its 95 % interval. A deck is named by its file name in the report."""
    from pathlib import Path

    from zxdeck.cli.runs import (
        TimeoutCount,
        check_common,
        even_games,
        finish,
        given,
        resume_manifest,
        resumed_agent,
        run_all,
    )
    from zxdeck.games import adapter
    from zxdeck.games.moz.agents import AgentFactory
    from zxdeck.sim.core import Contest, Match, Side
    from zxdeck.sim.progress import sim_description
    from zxdeck.sim.report import games_csv, render_sim, sim_result
    from zxdeck.sim.store import open_run

    rules = adapter("moz")
    n_jobs = check_common(games, precision, backend, jobs)
    if turn_limit < 1:
        raise ZxError(f"--turn-limit must be at least 1, not {turn_limit}")
    stored = store = None
    names: dict[str, str] = {}
    if resume_dir:
        store, stored = resume_manifest(resume_dir, out_dir, "sim", "moz")
        games = games if given(ctx, "games") else stored["games"]
        seed = seed if given(ctx, "seed") else stored["seed"]
        turn_limit = turn_limit if given(ctx, "turn_limit") else stored["turn_limit"]
        precision = precision if given(ctx, "precision") else stored["precision"]
        allow_illegal = allow_illegal if given(ctx, "allow_illegal") else stored["allow_illegal"]
        ai1 = resumed_agent(ctx, "ai1", ai1, stored["a"].get("agent"), resume_dir)
        ai2 = resumed_agent(ctx, "ai2", ai2, stored["b"].get("agent"), resume_dir)
        deck_a = deck_a or stored["a"]["path"]
        deck_b = deck_b or stored["b"]["path"]
        names = {"a": stored["a"]["deck"], "b": stored["b"]["deck"]}
        card_stats = resumed_card_stats(stored, card_stats, resume_dir)
    elif not deck_a or not deck_b:
        raise ZxError("give two decks: zxdeck --game moz sim DECK_A DECK_B (or --resume DIR)")
    else:
        games = even_games(games)
    ai1, ai2 = seat_agents(ctx, ai_all, ai1, ai2)
    agent_a, agent_b = AgentFactory(ai1), AgentFactory(ai2)  # a bad spec: exit 2 before any deck
    catalog = _catalog(app)
    a = rules.load_deck(deck_a, catalog, allow_illegal)
    b = rules.load_deck(deck_b, catalog, allow_illegal)
    name_a = names.get("a") or Path(deck_a).name
    name_b = names.get("b") or Path(deck_b).name
    manifest = run_manifest("sim", catalog, seed, turn_limit, allow_illegal)
    manifest.update({
        "games": games, "precision": precision,
        "a": {"deck": name_a, **a.describe(), "agent": agent_a.to_json()},
        "b": {"deck": name_b, **b.describe(), "agent": agent_b.to_json()},
    })
    if card_stats:
        manifest["card_stats"] = True
    manifest, out = open_run(manifest, stored, store, out_dir, resume_dir)
    events = rules.card_events() if card_stats else None
    contest = Contest(rules.factory(turn_limit), Side(name_a, a.setup, agent_a, agent_a.label),
                      Side(name_b, b.setup, agent_b, agent_b.label), cards=events)
    collected: list[dict] = []
    keep = collected.extend if fmt == "csv" and out is None and not card_stats else None
    cards = None
    if events is not None:
        from zxdeck.analysis.cards import sim_cards

        cards = sim_cards(name_a, name_b, events.copies(a.setup), events.copies(b.setup))
        if stored is not None:
            cards.feed(0, out.records())
        keep = cards_keep(cards, keep)
    late = TimeoutCount(keep)
    tallies, outcome, be = run_all([Match(contest, seed, games)], backend, n_jobs, out, stored is not None,
                                precision, sim_description, late)
    late.report({"a": f"{agent_a.label} (A)", "b": f"{agent_b.label} (B)"})
    result = sim_result(tallies[0], manifest, outcome, be.name, be.workers)
    if cards is not None:
        result["card_stats"] = cards.result()
    if out is not None and outcome.status == "complete":
        out.write_result(result)
    if outcome.status != "failed":
        lists = rules.card_events().copies
        emit_html(html_path, "sim", result, {f"{name_a} (A)": lists(a.setup), f"{name_b} (B)": lists(b.setup)})
        if fmt == "json":
            import json

            click.echo(json.dumps(result, ensure_ascii=False, indent=2))
        elif fmt == "csv" and cards is not None:
            emit_card_stats(result["card_stats"], "csv")
        elif fmt == "csv":
            click.echo(games_csv(list(out.records()) if out is not None else collected).rstrip("\n"))
        else:
            click.echo(render_sim(result).rstrip("\n"))
            if cards is not None:
                emit_card_stats(result["card_stats"], "table")
    finish(outcome, out_dir or resume_dir, "--game moz sim", None, app.debug)


def run_manifest(kind: str, catalog: object, seed: int, turn_limit: int,
                 allow_illegal: bool) -> dict[str, object]:
    """What every MOZ run's manifest holds besides its entrants (zxdeck.sim.store)."""
    import platform

    from zxdeck import __version__
    from zxdeck.games import adapter
    from zxdeck.sim.store import FORMAT

    rules = adapter("moz")
    path = getattr(catalog, "path", None)
    return {"format": FORMAT, "kind": kind, "game": "moz", "zxdeck": __version__,
            "python": platform.python_version(), "catalog": str(path.resolve()) if path else "",
            "catalog_sha256": rules.catalog_sha256(catalog), "rules_revision": rules.rules_revision,
            "allow_illegal": allow_illegal, "seed": seed, "turn_limit": turn_limit}


BOT_EPILOG = examples_epilog([
    "zxdeck --game moz bot --deck examples/moz/shell_dragons.txt --vs examples/moz/dusk_minus.txt",
    "zxdeck --game moz sim A.txt B.txt --ai2 'bot:python3 examples/bots/random_bot.py'",
], "The bot protocol is Z/X's (docs/BOTS.md); its hello says \"game\":\"moz\", and the observation "
   "is MOZ's (docs/MOZ.md).")


@click.command("bot", epilog=BOT_EPILOG, short_help="Be a MOZ player over JSON Lines on stdin/stdout.")
@click.option("--deck", "deck", required=True, metavar="DECK", help="The deck the bot plays.")
@click.option("--vs", "vs", required=True, metavar="DECK", help="The opponent's deck.")
@click.option("--ai", default="heuristic", show_default=True, help=f"The opponent's agent: {AGENTS_HELP}.")
@click.option("--seat", type=click.Choice(["p1", "p2"]), default="p1", show_default=True,
              help="The bot's seat (who goes first is decided every round, R-3).")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the first match (match i has seed SEED+i).")
@click.option("-n", "--games", type=click.IntRange(1), default=1, show_default=True,
              help="Matches to play, one after the other on the same stdin/stdout.")
@click.option("--timeout", type=click.IntRange(0), default=0, show_default=True, metavar="MS",
              help="Milliseconds per answer, then the first legal action is played (0: wait).")
@click.option("--turn-limit", type=click.IntRange(1), default=400, show_default=True,
              help="A longer match is a tie (W-3).")
@click.option("--allow-illegal", is_flag=True, help="Play decks that break the deck rules (D).")
@click.option("--quiet", "-q", is_flag=True, help="No summary line on stderr at the end.")
@pass_app
@_user_errors
def bot_cmd(app: AppContext, deck: str, vs: str, ai: str, seat: str, seed: int, games: int,
            timeout: int, turn_limit: int, allow_illegal: bool, quiet: bool) -> None:
    """Play MOZ with DECK against --vs DECK where stdin/stdout is the player: JSON Lines in and out
    (the protocol of docs/BOTS.md). Nothing but protocol lines is written to stdout."""
    from zxdeck.agents.bot import serve, serve_summary, stdio_channel
    from zxdeck.games import adapter

    rules = adapter("moz")
    rules.parse_agent(ai)  # an unknown agent: exit 2 before reading decks
    catalog = _catalog(app)
    mine = rules.load_deck(deck, catalog, allow_illegal)
    theirs = rules.load_deck(vs, catalog, allow_illegal)
    player = 0 if seat == "p1" else 1
    played = serve(mine.setup, theirs.setup, ai, stdio_channel(), player, seed, games, timeout,
                   turn_limit, game="moz")
    if not quiet:
        click.echo(serve_summary(played, player, "match", "tied"), err=True)


def register(group: click.Group) -> None:
    """Add the MOZ sim, tournament and bot commands to `group`."""
    group.add_command(sim_cmd)
    group.add_command(tournament_cmd)
    group.add_command(bot_cmd)
