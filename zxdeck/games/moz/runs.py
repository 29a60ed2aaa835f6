"""The run parts of MOZ (`zxdeck.game_api.RunParts`): what the core's `sim`, `tournament`,
`gauntlet`, `optimize` and `bot` (zxdeck.cli.run_cmds) take of MOZ, named by `RUNS` in
zxdeck/games/moz/__init__.py: the help texts and defaults of each command, the option that says how
decks are checked, and the MOZ pieces of a run (its adapter, zxdeck.games.moz.sim), imported when
a run needs them.

This module imports nothing at module level but the standard library and zxdeck.errors: the help
of `zxdeck --game moz` lists the commands with their summaries without loading the engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zxdeck.errors import ZxError

if TYPE_CHECKING:
    from zxdeck.games.moz.adapter import MozGames
    from zxdeck.games.moz.agents import AgentFactory

DEFAULT_TURN_LIMIT = 400  # zxdeck.games.moz.engine.game.DEFAULT_TURN_LIMIT (W-3), checked by a test


AGENTS_HELP = "random, heuristic, mcts, mcts:N or bot:COMMAND"


class MozRuns:
    """The run parts of MOZ (`zxdeck.game_api.RunParts`): what the core's `sim`, `tournament`,
    `gauntlet`, `optimize` and `bot` (zxdeck.cli.run_cmds) need of MOZ. `RUNS` in
    zxdeck/games/moz/__init__.py names the instance `RUNS` below.

    A deck is checked by D-1..D-18 (`--allow-illegal` plays it anyway); an illegal deck is a
    usage error (exit 2). The sim report says who went first in round 1 (by speed, R-3) and how
    that player did, besides every round's first player (zxdeck.sim.report)."""

    key = "moz"
    turn_limit = DEFAULT_TURN_LIMIT
    default_agent = "heuristic"
    game_word, tie_word = "match", "tied"  # the bot's summary line
    change_example = "-1 NAME +1 NAME"
    replays_games = False  # no `play --auto` line names a failed match
    texts: dict[str, dict[str, Any]] = {
        "sim": {
            "summary": "Play two MOZ decks many times: win rate with its interval.",
            "doc": "Play DECK_A against DECK_B many times (zxdeck.sim over MOZ's game adapter): A's "
                   "win rate\nwith its 95 % interval. A deck is named by its file name in the report.",
            "examples": [
                "zxdeck --game moz sim examples/moz/shell_dragons.txt examples/moz/flame_thunder.txt -n 200",
                "zxdeck --game moz sim A.txt B.txt --ai1 heuristic --ai2 random --format json",
                "zxdeck --game moz sim A.txt B.txt -n 10000 --precision 0.02 --out runs/ab",
                "zxdeck --game moz sim --resume runs/ab        # after Ctrl-C",
            ],
            "note": "Games are played in pairs (the same seed twice, seats swapped); the results do "
                    "not depend on --jobs or the backend. The report says who went first in round 1 "
                    "(by speed, R-3) and how that player did. Exit status: 0 done, 2 could not run or "
                    "a game failed, 130 interrupted.",
        },
        "tournament": {
            "summary": "Round robin of MOZ decks or agents: matchup matrix and ranking.",
            "doc": "Round robin of MOZ decks (or of agents on one deck): matchup matrix and ranking.",
            "examples": [
                "zxdeck --game moz tournament examples/moz -n 20",
                "zxdeck --game moz tournament examples/moz --ai random --format json",
                "zxdeck --game moz tournament --agents random,heuristic --deck examples/moz/shell_dragons.txt",
                "zxdeck --game moz tournament examples/moz --out runs/moz   # then --resume runs/moz",
            ],
            "note": "Every pairing plays games in pairs: the same seed twice, seats swapped. The "
                    "results do not depend on --jobs or the backend.",
        },
        "gauntlet": {
            "summary": "One MOZ deck against a field of decks: win rate against each and overall.",
            "agents": "Agents (--ai, --field-ai)",
            "doc": "Play DECK against every deck of FIELD: the win rate against each, and the "
                   "expected win\nrate against the field (weighted by each deck's share) with its "
                   "95 % interval.",
            "examples": [
                "zxdeck --game moz gauntlet examples/moz/shell_dragons.txt examples/moz -n 20",
                "zxdeck --game moz gauntlet A.txt field.yaml --out runs/g   # then --resume runs/g",
            ],
            "note": "FIELD: a folder of decks (equal shares) or a YAML file: `decks:` with `- deck: "
                    "FILE` and `share: 0.3` (docs/ANALYSIS.md). Exit status: 0 done, 2 could not run "
                    "or a game failed, 130 interrupted.",
        },
        "optimize": {
            "summary": "Which change of a MOZ deck is best against a field: raced, ranked.",
            "agents": "Agents (--ai, --field-ai)",
            "doc": "Race changes of a MOZ deck against a field (the same as Z/X's `optimize`).",
            "examples": [
                "zxdeck --game moz optimize examples/moz/shell_dragons.txt --try \"-1 NAME +1 NAME\" "
                "--field examples/moz",
            ],
            "note": "Each candidate is DECK with a change: -COUNT NAME removes copies, +COUNT NAME "
                    "adds them. The field defaults to DECK itself. The same answer for any --jobs "
                    "(docs/ANALYSIS.md). Exit status: 0 done, 2 could not run, 130 interrupted.",
        },
        "bot": {
            "summary": "Be a MOZ player over JSON Lines on stdin/stdout.",
            "doc": "Play MOZ with DECK against --vs DECK where stdin/stdout is the player: JSON Lines "
                   "in and out\n(the protocol of docs/BOTS.md). Nothing but protocol lines is "
                   "written to stdout.",
            "examples": [
                "zxdeck --game moz bot --deck examples/moz/shell_dragons.txt --vs examples/moz/dusk_minus.txt",
                "zxdeck --game moz sim A.txt B.txt --ai2 'bot:python3 examples/bots/random_bot.py'",
            ],
            "note": "The bot protocol is Z/X's (docs/BOTS.md); its hello says \"game\":\"moz\", and "
                    "the observation is MOZ's (docs/MOZ.md).",
        },
    }
    words = {
        "sim.games": "Games (in pairs, seats swapped).",
        "sim.ai1": f"Agent of DECK_A: {AGENTS_HELP}.",
        "tournament.ai": f"The agent playing every deck: {AGENTS_HELP}.",
        "tournament.agents": "Rate agents instead of decks: random,heuristic,mcts:50 (with --deck).",
        "optimize.try": "A candidate: \"-1 NAME +1 NAME\" (repeat for more).",
        "optimize.field": "A folder of decks, a deck or a YAML field file with shares (default: DECK).",
        "optimize.jobs": "Worker processes.",
        "bot.ai": f"The opponent's agent: {AGENTS_HELP}.",
        "bot.seat": "The bot's seat (who goes first is decided every round, R-3).",
        "bot.seed": "Seed of the first match (match i has seed SEED+i).",
        "bot.games": "Matches to play, one after the other on the same stdin/stdout.",
        "turn_limit": "A longer match is a tie (W-3).",
    }
    # sim's --jobs is auto as Z/X's (issue 21); gauntlet and optimize keep one worker by default
    defaults = {"sim.games": 200, "tournament.games": 100, "gauntlet.games": 100,
                "optimize.games": 100, "jobs": "auto", "gauntlet.jobs": "1", "optimize.jobs": "1"}
    deck_options = (
        {"decls": ("--allow-illegal",), "name": "allow_illegal", "flag": True,
         "help": "Play decks that break the deck rules (D)."},
    )

    def agent_rows(self) -> list[tuple[str, str]]:
        """MOZ's agents and levels, for --help."""
        from zxdeck.games.moz.agents import AGENTS

        return [(name, text[:1].upper() + text[1:].rstrip(".") + ".") for name, text in AGENTS.items()]

    def parse_agent(self, spec: str) -> AgentFactory:
        from zxdeck.games.moz.agents import AgentFactory

        return AgentFactory(spec)

    def parse_agents(self, text: str) -> list[AgentFactory]:
        from zxdeck.games.moz.agents import parse_agents

        return parse_agents(text)

    def catalog(self, app: Any) -> Any:
        """The MOZ catalog in use (`--cards`, else the built-in one)."""
        from zxdeck.games.moz.catalog.loader import open_catalog

        return open_catalog(app.cards or None)

    def load_deck(self, app: Any, catalog: Any, path: str, label: str, checks: dict[str, Any]) -> Any:
        """Read and check a deck file (D-1..D-18; a DeckFileError, exit 2, names the problem)."""
        from zxdeck.games import adapter

        return adapter("moz").load_deck(path, catalog, bool(checks.get("allow_illegal")))

    def deck_name(self, path: str) -> str:
        """A deck as sim's report names it: its file name."""
        from pathlib import Path

        return Path(path).name

    def factory(self, turn_limit: int) -> MozGames:
        from zxdeck.games.moz.adapter import MozGames

        return MozGames(turn_limit)

    def card_events(self) -> Any:
        from zxdeck.games.moz.adapter import MozCardEvents

        return MozCardEvents()

    def base_manifest(self, kind: str, app: Any, catalog: Any, seed: int, turn_limit: int,
                      checks: dict[str, Any]) -> dict[str, Any]:
        from zxdeck.games.moz.sim import run_manifest

        return run_manifest(kind, catalog, seed, turn_limit, bool(checks.get("allow_illegal")))

    def replay_command(self, failure: Any, paths: dict[str, tuple[str, str]], turn_limit: int) -> str | None:
        return None

    def render_sim(self, result: dict[str, Any]) -> str:
        """The sim report, with who went first in round 1 (by speed, R-3) and how that player did
        after the rounds' line (a match's own first player: MOZ decides it again every round)."""
        from zxdeck.sim.report import render_sim

        text = render_sim(result)
        first = result.get("first") or {}
        if not first.get("games"):
            return text
        rate = first.get("win_rate")
        line = (f"The first player of round 1 (by speed, R-3) won {first['wins']} of "
                f"{first['games']} matches ({'-' if rate is None else f'{100 * rate:.1f}'} %).")
        lines = text.split("\n")
        at = next((i + 1 for i, s in enumerate(lines) if s.startswith("The round's first player won")),
                  None)
        if at is None:
            return text
        return "\n".join([*lines[:at], line, *lines[at:]])

    def candidates(self, app: Any, catalog: Any, deck_path: str, shown: str, changes: list[str],
                   checks: dict[str, Any]) -> tuple[list[tuple[str, Any]], list[dict[str, Any]]]:
        """The changes of `optimize` applied to the deck: (legal `(change, cards)`s, illegal
        `{"candidate", "errors"}`s); a candidate breaking a D rule is illegal unless allowed."""
        from zxdeck.analysis.optimize import parse_change
        from zxdeck.decks.variant import changed_deck
        from zxdeck.games.moz.catalog.model import Summoner
        from zxdeck.games.moz.deck.parse import read_deck, validate

        parsed = read_deck(deck_path, catalog)
        legal: list[tuple[str, Any]] = []
        illegal: list[dict[str, Any]] = []
        for text in changes:
            try:
                variant = changed_deck(parsed, parse_change(text), catalog.find,
                                       lambda card: "summoners" if isinstance(card, Summoner) else "zone",
                                       catalog)
            except ZxError as exc:
                illegal.append({"candidate": text, "errors": [str(exc)]})
                continue
            errors = [f"{p.code}: {p.message}" for p in validate(variant).errors]
            if errors and not checks.get("allow_illegal"):
                illegal.append({"candidate": text, "errors": errors})
            else:
                legal.append((text, tuple(e.card for e in variant.entries if e.card is not None
                                          for _ in range(e.count))))
        return legal, illegal


RUNS = MozRuns()

__all__ = ["RUNS", "MozRuns"]
