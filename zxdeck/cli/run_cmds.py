"""The run commands of every game: `sim`, `tournament`, `gauntlet`, `optimize` and `bot`.

One implementation in the core (issue 21: the commands are the core's, a game is a plug-in):
`register(group, game)` makes the commands for the game `game` from its run parts, the object
its package names in `RUNS` (`"module:name"`, imported when a command is made; its protocol is
`zxdeck.game_api.RunParts`). The parts give what differs from game to game: the help texts (each
command's summary, description, examples, and the options' words), the defaults (turn limit,
agent, games, --jobs), the options that say how decks are checked, how a deck is read and
checked, the agents, the game factory, the card events, the run manifest, the line that replays a
failed game and the sim report. The rest (options, checks, --resume, the run over a backend, the
outputs and exit status) is here, the same for every game.

Like every zxdeck/cli module, this one imports only click, the standard library and zxdeck.cli
at module level; the library (and the game's parts) are imported when a command is made or runs.

Exit status: 0 done (also when --precision stopped it early), 1 an illegal deck (Z/X, without
--allow-illegal; a game whose deck errors are usage errors says 2), 2 could not run (bad option,
unreadable file, a game that failed, a bot that broke the protocol), 130 interrupted (the partial
result is printed, with the command that resumes the run when it has an --out folder).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from zxdeck.cli import AppContext, examples_epilog, pass_app
from zxdeck.cli.analysis import card_stats_option, html_option
from zxdeck.cli.runs import (  # noqa: F401 - EXIT_INTERRUPTED, run_tournament: as by zxdeck.cli.sim_cmds
    EXIT_INTERRUPTED,
    run_options,
    run_tournament,
)
from zxdeck.errors import ZxError

RUN_COMMANDS = ("sim", "tournament", "gauntlet", "optimize", "bot")

# The option words the core uses when a game's parts do not give their own (`RunParts.words`,
# keyed "COMMAND.PARAM" or "PARAM").
WORDS: dict[str, str] = {
    "sim.games": "Games to play (in pairs: the same seed twice, seats swapped).",
    "sim.ai1": "Agent of DECK_A.",
    "sim.ai2": "Agent of DECK_B.",
    "tournament.games": "Games per pairing (in pairs, seats swapped).",
    "tournament.ai": "The agent playing every deck.",
    "tournament.agents": "Rate agents instead of decks: a comma-separated list (with --deck).",
    "gauntlet.games": "Games against each deck of the field (in pairs, seats swapped).",
    "gauntlet.ai": "The agent of DECK.",
    "optimize.games": "The most games a candidate plays against each field deck.",
    "optimize.ai": "The agent of DECK and its candidates.",
    "optimize.try": "A candidate: \"-1 NAME +1 NAME\" (repeat for more).",
    "optimize.field": "A folder of decks or a YAML field file with shares (default: DECK itself).",
    "optimize.jobs": "Worker processes (Ray tasks with --backend ray); auto: one per CPU.",
    "bot.ai": "The opponent's agent.",
    "bot.seat": "The bot's seat.",
    "bot.seed": "Seed of the first game (game i has seed SEED+i).",
    "bot.games": "Games to play, one after the other on the same stdin/stdout.",
    "turn_limit": "A longer game ends as a draw.",
}
DEFAULTS: dict[str, Any] = {
    "sim.games": 1000, "tournament.games": 100, "gauntlet.games": 200, "optimize.games": 200,
    "jobs": "auto",
}


def load_parts(game: str) -> Any:
    """The run parts of the game `game` (its module's `RUNS`, `"module:name"`); None when the
    game names none."""
    import importlib

    from zxdeck.games import game_module

    where = getattr(game_module(game), "RUNS", None)
    if not where:
        return None
    module_name, _, attr = where.partition(":")
    return getattr(importlib.import_module(module_name), attr)


def command_prefix(game: str) -> str:
    """How a message names a command of `game` after `zxdeck `: '' for the default game, else
    `--game KEY ` (`zxdeck --game moz sim --resume runs/x`)."""
    from zxdeck.games import DEFAULT_GAME

    return "" if game == DEFAULT_GAME else f"--game {game} "


class RunCommand(click.Command):
    """A run command whose --help lists the game's agents (`RunParts.agent_rows`) before the
    examples, under `agents_title` (none for `bot`)."""

    def __init__(self, *args: Any, parts: Any = None, agents_title: str = "", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.parts = parts
        self.agents_title = agents_title

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if self.agents_title and self.parts is not None:
            with formatter.section(self.agents_title):
                formatter.write_dl(list(self.parts.agent_rows()))
        super().format_epilog(ctx, formatter)


def _unavailable(name: str, game: str, what: str) -> click.Command:
    """A command the game cannot serve (its parts lack `what`): one line, exit 2."""

    @click.command(name, context_settings={"ignore_unknown_options": True, "allow_extra_args": True,
                                            "help_option_names": []}, add_help_option=False)
    def unavailable() -> None:
        click.echo(f"zxdeck: error: `{name}` is not available for --game {game}: the game "
                   f"supplies no {what}", err=True)
        raise SystemExit(2)

    return unavailable


def _renamed(deck: Any, path: str) -> Any:
    """A loaded deck (a dataclass with `path`, `zxdeck.game_api.LoadedDeck`) shown as `path`."""
    import dataclasses

    return dataclasses.replace(deck, path=path)


def _user_errors(func: Callable[..., Any]) -> Callable[..., Any]:
    from zxdeck.cli.app import user_errors

    return user_errors(func)


class _Maker:
    """Makes one game's run commands from its parts."""

    def __init__(self, parts: Any, game: str) -> None:
        self.parts = parts
        self.game = game
        self.prefix = command_prefix(game)

    def word(self, command: str, param: str) -> str:
        words = getattr(self.parts, "words", {}) or {}
        for key in (f"{command}.{param}", param):
            if key in words:
                return str(words[key])
        return WORDS.get(f"{command}.{param}", WORDS.get(param, ""))

    def default(self, command: str, param: str) -> Any:
        defaults = getattr(self.parts, "defaults", {}) or {}
        for key in (f"{command}.{param}", param):
            if key in defaults:
                return defaults[key]
        return DEFAULTS.get(f"{command}.{param}", DEFAULTS.get(param))

    def texts(self, command: str) -> dict[str, Any]:
        return dict((getattr(self.parts, "texts", {}) or {}).get(command) or {})

    def command(self, name: str, func: Callable[..., Any], options: list[Any],
                agents_title: str = "") -> click.Command:
        """The click command `name` running `func`, with `options` (decorators, in --help order)
        and the texts of the game's parts (summary, description, examples and note)."""
        t = self.texts(name)
        if agents_title:  # the game may name the agent options its way (`texts[name]["agents"]`)
            agents_title = t.get("agents", agents_title)
        epilog = examples_epilog(list(t.get("examples") or []), t.get("note", ""))
        for option in reversed(options):
            func = option(func)
        return click.command(name, cls=RunCommand, parts=self.parts, agents_title=agents_title,
                             epilog=epilog, short_help=t.get("summary"),
                             help=t.get("doc"))(func)

    def turn_limit_option(self, command: str) -> Any:
        return click.option("--turn-limit", type=click.IntRange(1), default=self.parts.turn_limit,
                            show_default=True, help=self.word(command, "turn_limit"))

    def deck_options(self, command: str) -> list[Any]:
        """The options that say how the decks are checked (`RunParts.deck_options`): each a dict
        with `decls` (e.g. ("--regulation", "-r")), `name` (the parameter), `help`, `flag`
        (True: an on/off flag), `metavar` and `commands` (those it is part of; all if absent)."""
        out = []
        for o in self.parts.deck_options:
            if "commands" in o and command not in o["commands"]:
                continue
            if o.get("flag"):
                out.append(click.option(*o["decls"], o["name"], is_flag=True, help=o.get("help")))
            else:
                out.append(click.option(*o["decls"], o["name"], metavar=o.get("metavar"),
                                        default=o.get("default"), help=o.get("help")))
        return out

    def agent(self, spec: str) -> Any:
        """The game's agent maker for `spec`, checked now (a bot's program not found, exit 2)."""
        maker = self.parts.parse_agent(spec)
        maker.make(0)
        return maker

    def agents(self, text: str) -> list[Any]:
        makers = list(self.parts.parse_agents(text))
        for m in makers:
            m.make(0)
        return makers

    def resumed_checks(self, ctx: click.Context, checks: dict[str, Any],
                       stored: dict[str, Any]) -> dict[str, Any]:
        from zxdeck.cli.runs import given

        return {k: v if given(ctx, k) else stored.get(k, v) for k, v in checks.items()}

    def load(self, app: AppContext, catalog: Any, path: str, label: str,
             checks: dict[str, Any]) -> Any:
        return self.parts.load_deck(app, catalog, path, label, checks)

    # --- sim ---------------------------------------------------------------------------------

    def sim(self) -> click.Command:
        from zxdeck.cli.app import all_seats_ai_option

        parts, maker = self.parts, self

        def sim_cmd(ctx: click.Context, app: AppContext, deck_a: str | None, deck_b: str | None,
                    games: int, ai1: str, ai2: str, ai_all: str | None, seed: int, jobs: str,
                    backend: str, out_dir: str | None, resume_dir: str | None, fmt: str,
                    turn_limit: int, precision: float | None, card_stats: bool = False,
                    html_path: str | None = None, **checks: Any) -> None:
            maker.run_sim(ctx, app, deck_a, deck_b, games, ai1, ai2, ai_all, seed, jobs, backend,
                          out_dir, resume_dir, fmt, turn_limit, precision, card_stats, html_path,
                          checks)

        return self.command("sim", sim_cmd, [
            click.argument("deck_a", required=False, metavar="DECK_A"),
            click.argument("deck_b", required=False, metavar="DECK_B"),
            click.option("-n", "--games", type=int, default=self.default("sim", "games"),
                         show_default=True, help=self.word("sim", "games")),
            click.option("--ai1", default=parts.default_agent, show_default=True,
                         help=self.word("sim", "ai1")),
            click.option("--ai2", default=parts.default_agent, show_default=True,
                         help=self.word("sim", "ai2")),
            all_seats_ai_option,
            run_options("run", jobs=self.default("sim", "jobs")),
            click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]),
                         default="table", show_default=True, help="csv: one row per game."),
            self.turn_limit_option("sim"),
            *self.deck_options("sim"),
            click.option("--precision", type=float, default=None, metavar="P",
                         help="Stop once the 95 % interval's half-width is at most P (e.g. 0.02)."),
            card_stats_option,
            html_option,
            pass_app,
            click.pass_context,
            _user_errors,
        ], agents_title="Agents (--ai, --ai1, --ai2)")

    def run_sim(self, ctx: click.Context, app: AppContext, deck_a: str | None, deck_b: str | None,
                games: int, ai1: str, ai2: str, ai_all: str | None, seed: int, jobs: str,
                backend: str, out_dir: str | None, resume_dir: str | None, fmt: str,
                turn_limit: int, precision: float | None, card_stats: bool,
                html_path: str | None, checks: dict[str, Any]) -> None:
        """Play DECK_A against DECK_B many times: A's win rate with its 95 % interval."""
        from zxdeck.cli.analysis import (
            cards_keep,
            emit_card_stats,
            emit_html,
            resumed_card_stats,
        )
        from zxdeck.cli.app import seat_agents
        from zxdeck.cli.runs import (
            TimeoutCount,
            check_common,
            emit,
            even_games,
            finish,
            given,
            resume_manifest,
            resumed_agent,
            run_all,
        )
        from zxdeck.sim.core import Contest, Match, Side
        from zxdeck.sim.progress import sim_description
        from zxdeck.sim.report import games_csv, sim_result
        from zxdeck.sim.store import open_run

        parts = self.parts
        n_jobs = check_common(games, precision, backend, jobs)
        if turn_limit < 1:
            raise ZxError(f"--turn-limit must be at least 1, not {turn_limit}")
        stored = store = None
        names: dict[str, str] = {}
        if resume_dir:
            store, stored = resume_manifest(resume_dir, out_dir, "sim", self.game)
            games = games if given(ctx, "games") else stored["games"]
            seed = seed if given(ctx, "seed") else stored["seed"]
            turn_limit = turn_limit if given(ctx, "turn_limit") else stored["turn_limit"]
            precision = precision if given(ctx, "precision") else stored["precision"]
            checks = self.resumed_checks(ctx, checks, stored)
            ai1 = resumed_agent(ctx, "ai1", ai1, stored["a"].get("agent"), resume_dir)
            ai2 = resumed_agent(ctx, "ai2", ai2, stored["b"].get("agent"), resume_dir)
            deck_a = deck_a or stored["a"]["path"]
            deck_b = deck_b or stored["b"]["path"]
            names = {"a": stored["a"]["deck"], "b": stored["b"]["deck"]}  # the run's names stay
            card_stats = resumed_card_stats(stored, card_stats, resume_dir)
        elif not deck_a or not deck_b:
            raise ZxError(f"give two decks: zxdeck {self.prefix}sim DECK_A DECK_B (or --resume DIR)")
        else:
            games = even_games(games)
        ai1, ai2 = seat_agents(ctx, ai_all, ai1, ai2)
        agent_a, agent_b = self.agent(ai1), self.agent(ai2)  # a bad agent: exit 2 before any deck
        catalog = parts.catalog(app)
        a = self.load(app, catalog, deck_a, "A", checks)
        b = self.load(app, catalog, deck_b, "B", checks)
        name_a = names.get("a") or parts.deck_name(deck_a)
        name_b = names.get("b") or parts.deck_name(deck_b)
        manifest = parts.base_manifest("sim", app, catalog, seed, turn_limit, checks)
        manifest.update({
            "games": games, "precision": precision,
            "a": {"deck": name_a, **a.describe(), "agent": agent_a.to_json()},
            "b": {"deck": name_b, **b.describe(), "agent": agent_b.to_json()},
        })
        if card_stats:
            manifest["card_stats"] = True
        manifest, out = open_run(manifest, stored, store, out_dir, resume_dir)
        events = parts.card_events() if card_stats else None
        contest = Contest(parts.factory(turn_limit), Side(name_a, a.setup, agent_a, agent_a.label),
                          Side(name_b, b.setup, agent_b, agent_b.label), cards=events)
        collected: list[dict[str, Any]] = []
        keep = collected.extend if fmt == "csv" and out is None and not card_stats else None
        cards = None
        if events is not None:
            from zxdeck.analysis.cards import sim_cards

            cards = sim_cards(name_a, name_b, events.copies(a.setup), events.copies(b.setup))
            if stored is not None:
                cards.feed(0, out.records())
            keep = cards_keep(cards, keep)
        paths = {"a": (deck_a, agent_a.label), "b": (deck_b, agent_b.label)}

        def replay(f: Any) -> str:
            return parts.replay_command(f, paths, turn_limit) or ""

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
            lists = parts.card_events().copies
            emit_html(html_path, "sim", result, {f"{name_a} (A)": lists(a.setup),
                                                 f"{name_b} (B)": lists(b.setup)})
            if fmt == "json":
                import json

                emit(json.dumps(result, ensure_ascii=False, indent=2))
            elif fmt == "csv" and cards is not None:
                emit_card_stats(result["card_stats"], "csv")
            elif fmt == "csv":
                emit(games_csv(list(out.records()) if out is not None else collected))
            else:
                emit(parts.render_sim(result))
                if cards is not None:
                    emit_card_stats(result["card_stats"], "table")
        finish(outcome, out_dir or resume_dir, f"{self.prefix}sim",
               replay if parts.replays_games else None, app.debug)

    # --- tournament --------------------------------------------------------------------------

    def tournament(self) -> click.Command:
        parts, maker = self.parts, self

        def tournament_cmd(ctx: click.Context, app: AppContext, decks: tuple[str, ...], games: int,
                           ai: str, agents: str | None, ladder_deck: str | None, seed: int,
                           jobs: str, backend: str, out_dir: str | None, resume_dir: str | None,
                           fmt: str, plot_path: str | None, turn_limit: int,
                           card_stats: bool = False, html_path: str | None = None,
                           **checks: Any) -> None:
            maker.run_tournament(ctx, app, decks, games, ai, agents, ladder_deck, seed, jobs,
                                 backend, out_dir, resume_dir, fmt, plot_path, turn_limit,
                                 card_stats, html_path, checks)

        return self.command("tournament", tournament_cmd, [
            click.argument("decks", nargs=-1, metavar="DECK... | DIR"),
            click.option("-n", "--games", type=int, default=self.default("tournament", "games"),
                         show_default=True, help=self.word("tournament", "games")),
            click.option("--ai", default=parts.default_agent, show_default=True,
                         help=self.word("tournament", "ai")),
            click.option("--agents", metavar="LIST", help=self.word("tournament", "agents")),
            click.option("--deck", "ladder_deck", metavar="DECK",
                         help="The deck every agent plays (--agents)."),
            run_options("tournament", jobs=self.default("tournament", "jobs")),
            click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]),
                         default="table", show_default=True,
                         help="csv: one row per pairing and direction."),
            click.option("--plot", "plot_path", metavar="FILE.png|svg",
                         help="Draw the matchup matrix as a heat map (zxdeck[plot])."),
            self.turn_limit_option("tournament"),
            *self.deck_options("tournament"),
            card_stats_option,
            html_option,
            pass_app,
            click.pass_context,
            _user_errors,
        ], agents_title="Agents (--ai, --agents)")

    def run_tournament(self, ctx: click.Context, app: AppContext, decks: tuple[str, ...],
                       games: int, ai: str, agents: str | None, ladder_deck: str | None,
                       seed: int, jobs: str, backend: str, out_dir: str | None,
                       resume_dir: str | None, fmt: str, plot_path: str | None, turn_limit: int,
                       card_stats: bool, html_path: str | None, checks: dict[str, Any]) -> None:
        """Round robin of decks (or of agents on one deck): matchup matrix and ranking."""
        from zxdeck.cli.analysis import resumed_card_stats
        from zxdeck.cli.runs import (
            check_common,
            even_games,
            given,
            resume_manifest,
            resumed_entrant_agents,
        )
        from zxdeck.sim.tournament import Entrant, new_entrants

        parts = self.parts
        n_jobs = check_common(games, None, backend, jobs)
        if turn_limit < 1:
            raise ZxError(f"--turn-limit must be at least 1, not {turn_limit}")
        if plot_path:
            from zxdeck.sim.plot import check_plot_path

            check_plot_path(plot_path)
        catalog = parts.catalog(app)
        stored = store = None
        if resume_dir:
            store, stored = resume_manifest(resume_dir, out_dir, "tournament", self.game)
            if decks or ladder_deck:
                raise ZxError("--resume takes its entrants from the run's manifest: give no decks")
            specs = resumed_entrant_agents(ctx, [e.get("agent") for e in stored["entrants"]], ai,
                                           agents, resume_dir, parts.parse_agent, parts.parse_agents)
            games = games if given(ctx, "games") else stored["games"]
            seed = seed if given(ctx, "seed") else stored["seed"]
            turn_limit = turn_limit if given(ctx, "turn_limit") else stored["turn_limit"]
            checks = self.resumed_checks(ctx, checks, stored)
            card_stats = resumed_card_stats(stored, card_stats, resume_dir)
            entrants = []
            for e, spec in zip(stored["entrants"], specs):
                d = self.load(app, catalog, e["path"], e["name"], checks)
                entrants.append(Entrant(e["name"], _renamed(d, e["deck"]),
                                        parts.parse_agent(spec)))
        else:
            entrants = new_entrants(
                decks, agents, ladder_deck, self.agents, lambda: self.agent(ai),
                lambda path, name: self.load(app, catalog, path, name, checks),
                f"zxdeck {self.prefix}tournament DECK... | DIR")
            games = even_games(games)
        manifest = parts.base_manifest("tournament", app, catalog, seed, turn_limit, checks)
        manifest.update({"games": games, "entrants": [e.describe() for e in entrants]})
        run_tournament(entrants, games=games, seed=seed, factory=parts.factory(turn_limit),
                       manifest=manifest, backend=backend, n_jobs=n_jobs, out_dir=out_dir,
                       resume_dir=resume_dir, stored=stored, store=store, fmt=fmt,
                       plot_path=plot_path, debug=app.debug, command=f"{self.prefix}tournament",
                       card_events=parts.card_events() if card_stats else None,
                       html_path=html_path, deck_list=parts.card_events().copies)

    # --- gauntlet ----------------------------------------------------------------------------

    def gauntlet(self) -> click.Command:
        parts, maker = self.parts, self

        def gauntlet_cmd(ctx: click.Context, app: AppContext, deck: str | None,
                         field: str | None, games: int, ai: str, field_ai: str | None, seed: int,
                         jobs: str, backend: str, out_dir: str | None, resume_dir: str | None,
                         fmt: str, turn_limit: int, precision: float | None,
                         card_stats: bool = False, html_path: str | None = None,
                         **checks: Any) -> None:
            maker.run_gauntlet(ctx, app, deck, field, games, ai, field_ai, seed, jobs, backend,
                               out_dir, resume_dir, fmt, turn_limit, precision, card_stats,
                               html_path, checks)

        return self.command("gauntlet", gauntlet_cmd, [
            click.argument("deck", required=False, metavar="DECK"),
            click.argument("field", required=False, metavar="FIELD"),
            click.option("-n", "--games", type=int, default=self.default("gauntlet", "games"),
                         show_default=True, help=self.word("gauntlet", "games")),
            click.option("--ai", default=parts.default_agent, show_default=True,
                         help=self.word("gauntlet", "ai")),
            click.option("--field-ai", default=None, metavar="AGENT",
                         help="The agent of the field's decks (default: --ai)."),
            run_options("gauntlet", jobs=self.default("gauntlet", "jobs")),
            click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]),
                         default="table", show_default=True,
                         help="csv: one row per field deck, then the field."),
            self.turn_limit_option("gauntlet"),
            *self.deck_options("gauntlet"),
            click.option("--precision", type=float, default=None, metavar="P",
                         help="Stop a match once its 95 % interval's half-width is at most P."),
            card_stats_option,
            html_option,
            pass_app,
            click.pass_context,
            _user_errors,
        ], agents_title="Agents (--ai, --ai1, --ai2)")

    def run_gauntlet(self, ctx: click.Context, app: AppContext, deck: str | None,
                     field: str | None, games: int, ai: str, field_ai: str | None, seed: int,
                     jobs: str, backend: str, out_dir: str | None, resume_dir: str | None,
                     fmt: str, turn_limit: int, precision: float | None, card_stats: bool,
                     html_path: str | None, checks: dict[str, Any]) -> None:
        """Play DECK against every deck of FIELD: the win rate against each, and the expected
        win rate against the field (weighted by each deck's share) with its 95 % interval."""
        from pathlib import Path

        from zxdeck.analysis.field import FieldDeck, read_field
        from zxdeck.cli.analysis import gauntlet_manifest, resumed_card_stats, run_gauntlet
        from zxdeck.cli.runs import check_common, even_games, given, resume_manifest, resumed_agent

        parts = self.parts
        n_jobs = check_common(games, precision, backend, jobs)
        stored = store = None
        if resume_dir:
            if deck or field:
                raise ZxError("--resume takes the deck and the field from the run's manifest: "
                              "give neither")
            store, stored = resume_manifest(resume_dir, out_dir, "gauntlet", self.game)
            games = games if given(ctx, "games") else stored["games"]
            seed = seed if given(ctx, "seed") else stored["seed"]
            turn_limit = turn_limit if given(ctx, "turn_limit") else stored["turn_limit"]
            precision = precision if given(ctx, "precision") else stored["precision"]
            checks = self.resumed_checks(ctx, checks, stored)
            ai = resumed_agent(ctx, "ai", ai, stored["deck"]["agent"], resume_dir)  # a bot: typed again
            field_ai = resumed_agent(ctx, "field_ai", field_ai or ai, stored["field"][0]["agent"],
                                     resume_dir)
            card_stats = resumed_card_stats(stored, card_stats, resume_dir)
            name, deck_path = stored["deck"]["name"], stored["deck"]["path"]
            shown_deck = stored["deck"]["deck"]
            fdecks = [FieldDeck(f["path"], f["name"], f["share"]) for f in stored["field"]]
            shown = {f["name"]: f["deck"] for f in stored["field"]}
        elif not deck or not field:
            raise ZxError(f"give a deck and a field: zxdeck {self.prefix}gauntlet DECK FIELD "
                          "(or --resume DIR)")
        else:
            games = even_games(games)
            name, deck_path, shown_deck = Path(deck).stem, deck, deck
            fdecks = read_field(field)
            shown = {f.name: f.path for f in fdecks}
        agent, opp_agent = self.agent(ai), self.agent(field_ai or ai)
        catalog = parts.catalog(app)
        loaded = _renamed(self.load(app, catalog, deck_path, name, checks), shown_deck)
        field_loaded = []
        for f in fdecks:
            d = self.load(app, catalog, f.path, f.name, checks)
            field_loaded.append((f, _renamed(d, shown[f.name])))
        base = parts.base_manifest("gauntlet", app, catalog, seed, turn_limit, checks)
        manifest = gauntlet_manifest(base, (name, loaded), field_loaded, games, precision, agent,
                                     opp_agent, card_stats)
        run_gauntlet((name, loaded), field_loaded, agent=agent, field_agent=opp_agent,
                     games=games, seed=seed, factory=parts.factory(turn_limit), manifest=manifest,
                     backend=backend, n_jobs=n_jobs, out_dir=out_dir, resume_dir=resume_dir,
                     stored=stored, store=store, fmt=fmt, precision=precision, debug=app.debug,
                     command=f"{self.prefix}gauntlet",
                     card_events=parts.card_events() if card_stats else None,
                     html_path=html_path, deck_list=parts.card_events().copies)

    # --- optimize ----------------------------------------------------------------------------

    def optimize(self) -> click.Command:
        parts, maker = self.parts, self

        def optimize_cmd(ctx: click.Context, app: AppContext, deck: str | None,
                         tries: tuple[str, ...], candidates_file: str | None, field: str | None,
                         games: int, confidence: float, ai: str, field_ai: str | None, seed: int,
                         jobs: str, backend: str, out_dir: str | None, resume_dir: str | None,
                         fmt: str, turn_limit: int, card_stats: bool = False,
                         html_path: str | None = None, **checks: Any) -> None:
            maker.run_optimize(ctx, app, deck, tries, candidates_file, field, games, confidence,
                               ai, field_ai, seed, jobs, backend, out_dir, resume_dir, fmt,
                               turn_limit, card_stats, html_path, checks)

        return self.command("optimize", optimize_cmd, [
            click.argument("deck", required=False, metavar="DECK"),
            click.option("--try", "tries", multiple=True, metavar="CHANGE",
                         help=self.word("optimize", "try")),
            click.option("--candidates", "candidates_file", metavar="FILE",
                         help="Candidates from a file, one change a line (# comments)."),
            click.option("--field", "field", metavar="FIELD", help=self.word("optimize", "field")),
            click.option("-n", "--games", type=int, default=self.default("optimize", "games"),
                         show_default=True, help=self.word("optimize", "games")),
            click.option("--confidence", type=float, default=0.95, show_default=True,
                         help="Stop once the leader is ahead of every other candidate with this "
                              "confidence."),
            click.option("--ai", default=parts.default_agent, show_default=True,
                         help=self.word("optimize", "ai")),
            click.option("--field-ai", default=None, metavar="AGENT",
                         help="The agent of the field's decks (default: --ai)."),
            click.option("--seed", type=int, default=0, show_default=True,
                         help="Master seed (the same for every candidate)."),
            click.option("--jobs", default=self.default("optimize", "jobs"), show_default=True,
                         metavar="K|auto", help=self.word("optimize", "jobs")),
            click.option("--backend", type=click.Choice(["local", "ray"]), default="local",
                         show_default=True, help="local processes, or Ray (zxdeck[ray])."),
            click.option("--out", "out_dir", metavar="DIR",
                         help="Write manifest.json and games.jsonl here."),
            click.option("--resume", "resume_dir", metavar="DIR",
                         help="Finish the interrupted race in DIR (the same ranking as a race "
                              "never stopped)."),
            click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table",
                         show_default=True),
            self.turn_limit_option("optimize"),
            *self.deck_options("optimize"),
            card_stats_option(csv=False),
            html_option,
            pass_app,
            click.pass_context,
            _user_errors,
        ], agents_title="Agents (--ai, --ai1, --ai2)")

    def run_optimize(self, ctx: click.Context, app: AppContext, deck: str | None,
                     tries: tuple[str, ...], candidates_file: str | None, field: str | None,
                     games: int, confidence: float, ai: str, field_ai: str | None, seed: int,
                     jobs: str, backend: str, out_dir: str | None, resume_dir: str | None,
                     fmt: str, turn_limit: int, card_stats: bool, html_path: str | None,
                     checks: dict[str, Any]) -> None:
        """Race changes of DECK against a field: every candidate checked (illegal ones listed and
        left out), all played on the same seeds, the weaker half left out each round."""
        from pathlib import Path

        from zxdeck.analysis.field import FieldDeck, read_field
        from zxdeck.cli.analysis import (
            candidate_changes,
            optimize_manifest,
            resumed_card_stats,
            run_optimize,
        )
        from zxdeck.cli.runs import check_common, even_games, given, resume_manifest, resumed_agent

        parts = self.parts
        n_jobs = check_common(games, None, backend, jobs)
        stored = store = None
        if resume_dir:
            if deck or tries or candidates_file or field:
                raise ZxError("--resume takes the deck, the candidates and the field from the "
                              "run's manifest: give none of them")
            store, stored = resume_manifest(resume_dir, out_dir, "optimize", self.game)
            games = games if given(ctx, "games") else stored["games"]
            seed = seed if given(ctx, "seed") else stored["seed"]
            confidence = confidence if given(ctx, "confidence") else stored["confidence"]
            turn_limit = turn_limit if given(ctx, "turn_limit") else stored["turn_limit"]
            checks = self.resumed_checks(ctx, checks, stored)
            ai = resumed_agent(ctx, "ai", ai, stored["deck"]["agent"], resume_dir)
            field_ai = resumed_agent(ctx, "field_ai", field_ai or ai, stored["field"][0]["agent"],
                                     resume_dir)
            card_stats = resumed_card_stats(stored, card_stats, resume_dir)
            changes = list(stored["changes"])
            shown, deck_path = stored["deck"]["deck"], stored["deck"]["path"]
            fdecks = [FieldDeck(f["path"], f["name"], f["share"]) for f in stored["field"]]
            field_shown = {f["name"]: f["deck"] for f in stored["field"]}
        elif not deck:
            raise ZxError(f"give a deck: zxdeck {self.prefix}optimize DECK --try "
                          f"\"{parts.change_example}\" (or --resume DIR)")
        else:
            games = even_games(games)
            changes = candidate_changes(tries, candidates_file)
            shown = deck_path = deck
            fdecks = read_field(field) if field else [FieldDeck(deck, Path(deck).stem, 1.0)]
            field_shown = {f.name: f.path for f in fdecks}
        if not 0.5 <= confidence < 1:
            raise ZxError(f"--confidence must be at least 0.5 and below 1, not {confidence}")
        agent, opp_agent = self.agent(ai), self.agent(field_ai or ai)
        catalog = parts.catalog(app)
        original = _renamed(self.load(app, catalog, deck_path, "the", checks), shown)
        legal, illegal = parts.candidates(app, catalog, deck_path, shown, changes, checks)
        field_loaded = []
        for f in fdecks:
            d = self.load(app, catalog, f.path, f.name, checks)
            field_loaded.append((f, _renamed(d, field_shown[f.name])))
        field_decks = [(f.name, d.setup, f.share) for f, d in field_loaded]
        base = parts.base_manifest("optimize", app, catalog, seed, turn_limit, checks)
        manifest = optimize_manifest(base, original, changes, legal, field_loaded, games,
                                     confidence, agent, opp_agent)
        lists = parts.card_events().copies
        run_optimize(original.setup, legal, illegal, field_decks, agent=agent,
                     field_agent=opp_agent, factory=parts.factory(turn_limit), seed=seed,
                     games=games, confidence=confidence, backend=backend, n_jobs=n_jobs, fmt=fmt,
                     manifest=manifest, html_path=html_path,
                     deck_lists={f"{Path(shown).stem} (original)": lists(original.setup),
                                 **{f"{n} (field)": lists(st) for n, st, _ in field_decks}},
                     out_dir=out_dir, resume_dir=resume_dir, stored=stored, store=store,
                     card_events=parts.card_events() if card_stats else None,
                     command=f"{self.prefix}optimize")

    # --- bot ---------------------------------------------------------------------------------

    def bot(self) -> click.Command:
        parts, maker = self.parts, self

        def bot_cmd(app: AppContext, deck: str, vs: str, ai: str, seat: str, seed: int,
                    games: int, timeout: int, turn_limit: int, quiet: bool, **checks: Any) -> None:
            maker.run_bot(app, deck, vs, ai, seat, seed, games, timeout, turn_limit, quiet, checks)

        return self.command("bot", bot_cmd, [
            click.option("--deck", "deck", required=True, metavar="DECK",
                         help="The deck the bot plays."),
            click.option("--vs", "vs", required=True, metavar="DECK", help="The opponent's deck."),
            click.option("--ai", default=parts.default_agent, show_default=True,
                         help=self.word("bot", "ai")),
            click.option("--seat", type=click.Choice(["p1", "p2"]), default="p1",
                         show_default=True, help=self.word("bot", "seat")),
            click.option("--seed", type=int, default=0, show_default=True,
                         help=self.word("bot", "seed")),
            click.option("-n", "--games", type=click.IntRange(1), default=1, show_default=True,
                         help=self.word("bot", "games")),
            click.option("--timeout", type=click.IntRange(0), default=0, show_default=True,
                         metavar="MS", help="Milliseconds per answer, then the first legal "
                                            "action is played (0: wait)."),
            self.turn_limit_option("bot"),
            *self.deck_options("bot"),
            click.option("--quiet", "-q", is_flag=True, help="No summary line on stderr at the end."),
            pass_app,
            _user_errors,
        ])

    def run_bot(self, app: AppContext, deck: str, vs: str, ai: str, seat: str, seed: int,
                games: int, timeout: int, turn_limit: int, quiet: bool,
                checks: dict[str, Any]) -> None:
        """Play DECK against --vs DECK where stdin/stdout is the player (docs/BOTS.md)."""
        from zxdeck.agents.bot import serve, serve_summary, stdio_channel

        parts = self.parts
        parts.parse_agent(ai).make(0)  # an unknown agent: exit 2 before reading decks
        catalog = parts.catalog(app)
        mine = self.load(app, catalog, deck, "bot's", checks)
        theirs = self.load(app, catalog, vs, "opponent's", checks)
        player = 0 if seat == "p1" else 1
        played = serve(mine.setup, theirs.setup, ai, stdio_channel(), player, seed, games, timeout,
                       turn_limit, game=self.game)
        if not quiet:
            click.echo(serve_summary(played, player, parts.game_word, parts.tie_word), err=True)


def register(group: click.Group, game: str | None = None) -> None:
    """Add `sim`, `tournament`, `gauntlet`, `optimize` and `bot` of the game `game` (default: the
    default game) to `group`, made from the game's run parts (`RUNS`); a command the game's parts
    cannot serve says so in one line (exit 2)."""
    from zxdeck.games import DEFAULT_GAME

    game = game or DEFAULT_GAME
    parts = load_parts(game)
    maker = _Maker(parts, game) if parts is not None else None
    needs = {"sim": ("load_deck", "factory"), "tournament": ("load_deck", "factory"),
             "gauntlet": ("load_deck", "factory"), "optimize": ("load_deck", "factory", "candidates"),
             "bot": ("load_deck",)}
    for name in RUN_COMMANDS:
        missing = [n for n in needs[name] if not callable(getattr(parts, n, None))]
        if maker is None or missing:
            what = "run parts (RUNS)" if maker is None else f"{missing[0]} in its run parts"
            group.add_command(_unavailable(name, game, what))
        else:
            group.add_command(getattr(maker, name)())


__all__ = ["RUN_COMMANDS", "RunCommand", "command_prefix", "load_parts", "register"]
