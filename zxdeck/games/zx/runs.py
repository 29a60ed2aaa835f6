"""The run parts of Z/X (`zxdeck.game_api.RunParts`): what the core's `sim`, `tournament`,
`gauntlet`, `optimize` and `bot` (zxdeck.cli.run_cmds) take of Z/X, named by `RUNS` in
zxdeck/games/zx/__init__.py: the help texts and defaults of each command, the options that say how
decks are checked, and the Z/X pieces of a run (zxdeck.games.zx.sim: decks, games, card events,
manifest), imported when a run needs them.

This module imports nothing at module level but the standard library: `zxdeck --help` lists the
commands with their summaries without loading the engine (tests/cli/test_startup.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from zxdeck.agents import AgentSpec
    from zxdeck.games.zx.sim import LoadedDeck, ZxCardEvents, ZxGames

STATUS_NOTE = ("Exit status: 0 done, 1 an illegal deck, 2 could not run or a game failed, "
               "130 interrupted (the partial result is printed; --resume DIR finishes a run "
               "written with --out DIR). Running on a Ray cluster: docs/SCALING.md.")


class ZxRuns:
    """The run parts of Z/X (`zxdeck.game_api.RunParts`): what the core's `sim`, `tournament`,
    `gauntlet`, `optimize` and `bot` (zxdeck.cli.run_cmds) need of Z/X. `RUNS` in
    zxdeck/games/zx/__init__.py names the instance `RUNS` below."""

    key = "zx"
    turn_limit = 100  # W-3
    default_agent = "greedy"
    game_word, tie_word = "game", "drawn"  # the bot's summary line
    change_example = "-2 NAME +2 NAME"
    replays_games = True  # a failed game is named with the `play --auto` line that replays it
    texts: dict[str, dict[str, Any]] = {
        "sim": {
            "summary": "Play two decks many times: win rate with its 95 % interval.",
            "doc": "Play DECK_A against DECK_B many times: A's win rate with its 95 % interval.",
            "examples": [
                "zxdeck sim examples/decks/red.txt examples/decks/blue.txt -n 2000",
                "zxdeck sim red.txt blue.txt --ai1 mcts:50 --ai2 greedy -n 200 --format json",
                "zxdeck sim red.txt blue.txt -n 100000 --precision 0.01 --out runs/rb",
                "zxdeck sim --resume runs/rb        # after Ctrl-C",
                "zxdeck sim red.txt blue.txt --backend ray --jobs auto   # $RAY_ADDRESS",
            ],
            "note": STATUS_NOTE,
        },
        "tournament": {
            "summary": "Round robin of decks or agents: matchup matrix and ranking.",
            "doc": "Round robin of decks (or of agents on one deck): matchup matrix and ranking.",
            "examples": [
                "zxdeck tournament examples/decks -n 100 --plot matrix.png",
                "zxdeck tournament a.txt b.txt c.txt --ai mcts:50 --format json",
                "zxdeck tournament --agents random,greedy,mcts:200 --deck red.txt -n 200",
            ],
            "note": STATUS_NOTE,
        },
        "gauntlet": {
            "summary": "One deck against a field of decks: win rate against each and overall.",
            "doc": "Play DECK against every deck of FIELD: the win rate against each, and the "
                   "expected win\nrate against the field (weighted by each deck's share) with "
                   "its 95 % interval.",
            "examples": [
                "zxdeck gauntlet examples/decks/red.txt examples/decks -n 200",
                "zxdeck gauntlet red.txt field.yaml --precision 0.03 --out runs/g   # field.yaml: "
                "decks with share",
                "zxdeck gauntlet --resume runs/g",
            ],
            "note": "FIELD: a folder of decks (equal shares) or a YAML file: `decks:` with `- deck: "
                    "FILE` and `share: 0.3` (docs/ANALYSIS.md). Exit status: 0 done, 1 an illegal "
                    "deck, 2 could not run or a game failed, 130 interrupted.",
        },
        "optimize": {
            "summary": "Which change of a deck is best against a field: raced, ranked, with "
                       "intervals.",
            "doc": "Race changes of DECK against a field: every candidate checked (illegal ones "
                   "listed and\nleft out), all played on the same seeds, the weaker half left out "
                   "each round; ranked with\neach one's win rate and its difference from DECK with "
                   "the interval of that difference.",
            "examples": [
                "zxdeck optimize examples/decks/red.txt --try \"-2 火の粉払い +2 紅蓮の業火\" --try "
                "\"-1 焼却炉の火 +1 紅蓮解放\"",
                "zxdeck optimize red.txt --candidates changes.txt --field field.yaml -n 400 "
                "--jobs auto",
            ],
            "note": "Each candidate is DECK with a change: -COUNT NAME removes copies, +COUNT NAME "
                    "adds them (names or card numbers). The field defaults to DECK itself. The "
                    "answer is the same for any --jobs and backend (docs/ANALYSIS.md). Exit "
                    "status: 0 done, 1 the deck is illegal, 2 could not run, 130 interrupted.",
        },
        "bot": {
            "summary": "Be a player over JSON Lines on stdin/stdout (your own bot).",
            "doc": "Play DECK against --vs DECK where stdin/stdout is the player: JSON Lines in and "
                   "out.\n\nzxdeck writes hello, observation (with the legal actions) and "
                   "game_over messages to stdout\nand reads the answers ({\"type\":\"ready\"}, "
                   "{\"action\":I}) from stdin; nothing else is written\nto stdout. A summary goes "
                   "to stderr at the end.",
            "examples": [
                "zxdeck bot --deck examples/decks/red.txt --vs examples/decks/blue.txt --ai heuristic",
                "python3 examples/bots/host_demo.py     # a program that runs `zxdeck bot` and plays",
                "zxdeck sim red.txt blue.txt --ai1 'bot:python3 examples/bots/random_bot.py'",
            ],
            "note": "The other direction, zxdeck running your program as a player: --ai1 "
                    "'bot:COMMAND' of sim, tournament (--ai, --agents) and play. Protocol and "
                    "examples: docs/BOTS.md.",
        },
    }
    words = {
        "sim.ai1": "Agent of DECK_A (listed below), with settings: mcts:200 or 'mcts --budget 200'.",
        "tournament.agents": "Rate agents instead of decks: random,greedy,mcts:200 (with --deck).",
        "optimize.games": "The most games a candidate plays against each field deck (the budget of "
                          "the last round; earlier rounds play fewer).",
        "optimize.try": "A candidate: \"-2 NAME +2 NAME\" (repeat for more).",
        "bot.ai": "The opponent's agent (those of `zxdeck play --help`).",
        "bot.seat": "The bot's seat (who goes first is the seeded coin flip, S-5).",
        "turn_limit": "A longer game ends as a draw (W-3).",
    }
    defaults = {"sim.games": 1000, "tournament.games": 100, "gauntlet.games": 200,
                "optimize.games": 200, "jobs": "auto"}
    # how the decks of a run are checked: in this order in --help; `bot` takes no unscripted cards
    deck_options = (
        {"decls": ("--allow-illegal",), "name": "allow_illegal", "flag": True,
         "help": "Play decks that break construction rules."},
        {"decls": ("--regulation", "-r"), "name": "regulation", "metavar": "NAME|FILE",
         "help": "Regulation the decks are checked with (default: current; e.g. sealed)."},
        {"decls": ("--allow-unscripted",), "name": "allow_unscripted", "flag": True,
         "commands": ("sim", "tournament", "gauntlet", "optimize"),
         "help": "Play cards without machine-readable abilities (imported cards) as blank cards."},
    )

    def agent_rows(self) -> list[tuple[str, str]]:
        """The agents of the registry with their settings, for --help."""
        from zxdeck.agents import AGENTS, agent_summary
        from zxdeck.cli.app import _sentence, _settings

        return [(name, _sentence(agent_summary(name)).rstrip(".") + "." + _settings(AGENTS[name]))
                for name in AGENTS]

    def parse_agent(self, spec: str) -> AgentSpec:
        from zxdeck.agents import parse_agent

        return parse_agent(spec)

    def parse_agents(self, text: str) -> list[AgentSpec]:
        from zxdeck.agents import parse_agents

        return parse_agents(text)

    def catalog(self, app: Any) -> None:
        """Z/X reads its cards through `app.card_source()` (opened once per command)."""
        return None

    def load_deck(self, app: Any, catalog: Any, path: str, label: str,
                  checks: dict[str, Any]) -> LoadedDeck:
        """Read and validate a deck file or code as `play --auto` does: an illegal deck is
        refused with the validator's report on stderr (exit 1), and so is a deck with cards the
        engine cannot run."""
        import click

        from zxdeck.games.zx.engine.decks import IllegalDeckError, load_game_deck

        try:
            spec = load_game_deck(path, app.card_source(), bool(checks.get("allow_illegal")), label,
                                  bool(checks.get("allow_unscripted")), checks.get("regulation"))[0]
        except IllegalDeckError as exc:
            click.echo(exc.report, err=True)
            raise
        from zxdeck.games.zx.sim import LoadedDeck

        return LoadedDeck(path, spec)

    def deck_name(self, path: str) -> str:
        """A deck as sim's report names it: the path as given."""
        return path

    def factory(self, turn_limit: int) -> ZxGames:
        from zxdeck.games.zx.sim import ZxGames

        return ZxGames(turn_limit)

    def card_events(self) -> ZxCardEvents:
        from zxdeck.games.zx.sim import ZxCardEvents

        return ZxCardEvents()

    def base_manifest(self, kind: str, app: Any, catalog: Any, seed: int, turn_limit: int,
                      checks: dict[str, Any]) -> dict[str, Any]:
        from zxdeck.games.zx.sim import base_manifest

        return base_manifest(kind, app.cards_path, seed, turn_limit,
                             bool(checks.get("allow_illegal")), checks.get("regulation"),
                             bool(checks.get("allow_unscripted")))

    def replay_command(self, failure: Any, paths: dict[str, tuple[str, str]], turn_limit: int) -> str:
        """The `play --auto` line that plays game `failure.index` of a sim exactly (same seeds)."""
        import shlex

        from zxdeck.sim.core import seats

        (p1, ai_1), (p2, ai_2) = (paths[s] for s in seats(failure.index))
        q = shlex.quote
        return (f"zxdeck play --auto --seed {failure.seed} --first p{(failure.seed & 1) + 1} "
                f"--p1 {q(p1)} --p2 {q(p2)} --ai1 {q(ai_1)} --ai2 {q(ai_2)} "
                f"--turn-limit {turn_limit}")

    def render_sim(self, result: dict[str, Any]) -> str:
        from zxdeck.sim.report import render_sim

        return render_sim(result)

    def candidates(self, app: Any, catalog: Any, deck_path: str, shown: str, changes: list[str],
                   checks: dict[str, Any]) -> tuple[list[tuple[str, Any]], list[dict[str, Any]]]:
        """The changes of `optimize` applied to the deck: (legal `(change, DeckSpec)`s, illegal
        `{"candidate", "errors"}`s); a candidate breaking the regulation or holding cards the
        engine cannot run is illegal unless allowed."""
        from zxdeck.analysis.optimize import parse_change
        from zxdeck.errors import ZxError
        from zxdeck.games.zx.deck import read_deck, validate
        from zxdeck.games.zx.deck.variant import changed_deck
        from zxdeck.games.zx.engine.decks import spec_from_deck, unscripted_cards

        source = app.card_source()
        parsed = read_deck(deck_path, source)
        legal: list[tuple[str, Any]] = []
        illegal: list[dict[str, Any]] = []
        for text in changes:
            try:
                variant = changed_deck(parsed, parse_change(text), source)
            except ZxError as exc:
                illegal.append({"candidate": text, "errors": [str(exc)]})
                continue
            errors = [f"{p.code}: {p.message}" for p in validate(variant, checks.get("regulation")).errors]
            spec = spec_from_deck(variant, name=Path(shown).name)
            blank = unscripted_cards(spec)
            if blank and not checks.get("allow_unscripted"):
                errors.append("zxdeck cannot run " + ", ".join(f"{c.id} {c.name}" for c in blank[:4]))
            if errors and not checks.get("allow_illegal"):
                illegal.append({"candidate": text, "errors": errors})
            else:
                legal.append((text, spec))
        return legal, illegal


RUNS = ZxRuns()

__all__ = ["RUNS", "ZxRuns"]
