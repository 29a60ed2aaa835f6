"""Z/X as the tools see it: its `zxdeck.game_api.GameAdapter` (`ADAPTER`), which sim, tournament,
the bot protocol, saves, logs and the conformance suite use (`zxdeck.games.adapter("zx")`)."""

from __future__ import annotations

import json
from typing import Any

from zxdeck.agents import AgentSpec
from zxdeck.games.zx.engine import Game
from zxdeck.games.zx.engine.state import DeckSpec
from zxdeck.games.zx.sim import LoadedDeck, ZxCardEvents, ZxGames, load_deck


class ZxAdapter:
    """Z/X as the tools see it (`zxdeck.game_api.GameAdapter`): `zxdeck.games.adapter("zx")`."""

    key = "zx"
    default_turn_limit = 100

    @property
    def rules_revision(self) -> int:
        from zxdeck.games.zx.engine.replay import RULES_REVISION

        return RULES_REVISION

    def factory(self, turn_limit: int) -> ZxGames:
        return ZxGames(turn_limit)

    def card_events(self) -> ZxCardEvents:
        """What "drawn" and "played" mean for card statistics (zxdeck.analysis.cards)."""
        return ZxCardEvents()

    def new_game(self, p1: DeckSpec, p2: DeckSpec, seed: int, turn_limit: int) -> Game:
        return Game(p1, p2, seed=seed, turn_limit=turn_limit)

    def replay(self, p1: DeckSpec, p2: DeckSpec, seed: int, actions: Any, turn_limit: int) -> Game:
        g = self.new_game(p1, p2, seed, turn_limit)
        for a in actions:
            g.apply(a)
        return g

    def parse_agent(self, spec: str) -> AgentSpec:
        from zxdeck.agents import parse_agent

        return parse_agent(spec)

    def agent_names(self) -> list[str]:
        from zxdeck.agents import AGENTS

        return sorted(AGENTS)

    def describe_action(self, game: Game, action: Any) -> str:
        from zxdeck.games.zx.engine.describe import describe

        return describe(action, game)

    def prompt(self, game: Game) -> str:
        from zxdeck.games.zx.engine.describe import prompt

        return prompt(game)

    # --- what the conformance suite needs of a game (zxdeck.game_api, tests/test_conformance.py) ---

    def example_decks(self) -> list[str]:
        """The example decks (paths relative to the repository), all legal."""
        return [f"examples/decks/{c}.txt" for c in ("red", "blue", "white", "black", "green")]

    def open_catalog(self) -> Any:
        """The built-in catalog."""
        from zxdeck.catalog import open_catalog

        return open_catalog(())

    def load_deck(self, path: str, catalog: Any, allow_illegal: bool = False) -> LoadedDeck:
        """Read and check a deck file (as `sim` does)."""
        return load_deck(path, catalog, allow_illegal)

    def zone_counts(self, game: Game) -> dict[str, dict[str, int]]:
        """Each player's cards by zone, as a log line's `state` (INTERFACES §5)."""
        from zxdeck.games.zx.engine.log import player_counts

        return {"p1": player_counts(game, 0), "p2": player_counts(game, 1)}

    def fingerprint(self, game: Game) -> str:
        """The whole position, hashed (as a save's `end.state`)."""
        from zxdeck.games.zx.engine.replay import state_fingerprint

        return state_fingerprint(game)

    def log_lines(self, game: Game, setups: Any, catalog: Any = None) -> list[dict[str, Any]]:
        """The game's log (as `play --log` writes it), line by line: replayed with the logger."""
        import io

        from zxdeck.gamelog import LOG_FORMAT
        from zxdeck.games.zx.engine.log import JsonlLogger
        from zxdeck.games.zx.engine.replay import catalog_sha256, make_header

        out = io.StringIO()
        digest = catalog_sha256(catalog) if catalog is not None else None
        g = Game(setups[0], setups[1], seed=game.seed, turn_limit=game.turn_limit, first=game.first_given,
                 listener=JsonlLogger(out, header=make_header(LOG_FORMAT, digest)))
        for a in game.history:
            g.apply(a)
        return [json.loads(line) for line in out.getvalue().splitlines()]

    def read_log(self, path: str, catalog: Any) -> Game:
        """A log file read back and replayed (checked against `catalog`)."""
        from zxdeck.gamelog import read_log
        from zxdeck.games.zx.engine.replay import replay

        head, lines = read_log(path)
        data = {**head["game"], "header": head.get("header"),
                "actions": [rec.get("action") for rec in lines if rec.get("event") == "action"]}
        return replay(data, catalog)

    def save(self, game: Game, setups: Any, path: str, catalog: Any = None) -> None:
        """Write a save of `game` (as `play --save`)."""
        from zxdeck.games.zx.engine.replay import catalog_sha256, make_header, save

        save(game, path, make_header(catalog_digest=catalog_sha256(catalog) if catalog is not None else None))

    def load(self, path: str, catalog: Any) -> Game:
        """A save read back and replayed (checked against `catalog`)."""
        from zxdeck.games.zx.engine.replay import load

        return load(path, catalog)

    def start_zones(self, setup: Any) -> dict[int, tuple[str, str, str]]:
        """Where each card starts, from a log's `setup` line: instance -> (owner, zone, card id)."""
        out: dict[int, tuple[str, str, str]] = {}
        for seat, cards in setup["cards"].items():
            out.update((iid, (seat, "deck", cid)) for iid, cid in cards["deck"])
            out.update((iid, (seat, "dunamis_down", cid)) for iid, cid in cards["dunamis"])
        return out

    def referee(self, lines: Any) -> Any:
        """Check a log from the log alone (zxdeck.referee: every move and every line's `state`;
        tests/support/referee.py checks the payments too); LogRefereeError naming the line."""
        from zxdeck.referee import follow_zones

        return follow_zones(lines, self.start_zones)


ADAPTER = ZxAdapter()
