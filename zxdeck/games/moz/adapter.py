"""MOZ as the tools see it (`zxdeck.game_api.GameAdapter`): `zxdeck.games.adapter("moz")`.

sim, tournament, the bot protocol, the JSON Lines log and saves use only this and the engine's
game API: decks in (`load_deck`: checked by D-1..D-18, `MozDeck` with its digest), games out
(`factory`, `new_game`, `replay`), agents by spec (`parse_agent`), actions and decisions in words
(`describe_action`, `prompt`), and the identity a manifest or a log header records (`RULES_REVISION`,
`catalog_sha256`, `card_fingerprint`).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zxdeck.action import Action
from zxdeck.games.moz.catalog.model import MozCard
from zxdeck.games.moz.engine.game import DEFAULT_TURN_LIMIT, Game

# The rules revision of the MOZ engine: raise it with every change that makes the same seed, decks
# and actions give another match (a rule, a card primitive, the order of legal actions). Saves
# and logs of another revision are refused, never misreplayed.
RULES_REVISION = 2

PROMPTS = {
    "order": "Which summoner comes next in your pile? (S-1, R-9)",
    "fold": "Fold this round or go on? (T-2, F-1)",
    "draw": "Draw a card or skip the draw? (T-4)",
    "place": "Place a card on a face, face down, or a pair (T-5, T-6)",
    "partner": "Which beast goes with the pair card? (L-4, L-5)",
    "special": "Choose a special in secret, or none (X-2)",
    "pick": "Choose for the card's effect",
}


class MozGames:
    """The game factory: `Game(seat0_deck, seat1_deck, seed, turn_limit)` (picklable). MOZ decides
    the first player itself every round (R-3), so `first` is not used."""

    def __init__(self, turn_limit: int = DEFAULT_TURN_LIMIT) -> None:
        self.turn_limit = turn_limit

    def __call__(self, p1: Sequence[MozCard], p2: Sequence[MozCard], seed: int,
                 first: int | None = None) -> Game:
        return Game(p1, p2, seed=seed, turn_limit=self.turn_limit, record=False)


class _MozCardProbe:
    """Per seat, each card's first turn in hand and in play (zxdeck.analysis.cards)."""

    __slots__ = ("game", "seen")

    def __init__(self, game: Game) -> None:
        from zxdeck.analysis.cards import FirstSeen

        self.game = game
        self.seen = FirstSeen()
        for p in (0, 1):  # S-3: the opening hand, drawn before any decision (turn 0)
            for iid in game.hand[p]:
                self.seen.drawn(p, game.cards[iid].name, 0)

    def __call__(self, kind: str, p: int, iid: int) -> None:
        g = self.game
        if kind == "drawn":
            self.seen.drawn(p, g.cards[iid].name, g.turn)
        else:
            self.seen.played(p, g.cards[iid].name, g.turn)

    def cards(self, game: Game) -> tuple[dict[str, list[int | None]], dict[str, list[int | None]]]:
        return self.seen.seen


class MozCardEvents:
    """What "drawn" and "played" mean for MOZ's card statistics: drawn, a card into the hand (the
    opening hand of S-3 at turn 0, the draw step, a card's draw); played, a card placed on a face
    from the hand (face up, face down or as a pair, T-5, T-6, L-4) or used as a special (X-2).
    Summoners are neither."""

    def start(self, factory: MozGames, p1: Sequence[MozCard], p2: Sequence[MozCard], seed: int,
              first: int | None = None) -> tuple[Game, _MozCardProbe]:
        game = factory(p1, p2, seed, first)
        probe = _MozCardProbe(game)
        game.on_card = probe
        return game, probe

    def copies(self, setup: Sequence[MozCard]) -> dict[str, int]:
        """The deck list by name, summoners left out (they are never drawn nor played)."""
        from zxdeck.games.moz.catalog.model import Summoner

        out: dict[str, int] = {}
        for c in setup:
            if not isinstance(c, Summoner):
                out[c.name] = out.get(c.name, 0) + 1
        return out


def card_fingerprint(card: MozCard) -> str:
    """What of a card can change a match (every field but its texts and English name), hashed."""
    data = {name: getattr(card, name) for name in card._fields  # zxdeck.records: the fields in order
            if name not in ("text", "name_en", "extra", "set")}
    data["class"] = type(card).__name__
    raw = json.dumps(data, ensure_ascii=False, sort_keys=True, default=repr)
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class MozDeck:
    """A MOZ deck file read and checked (D-1..D-18), ready to play (`zxdeck.game_api.LoadedDeck`)."""

    path: str  # as given
    cards: tuple[MozCard, ...]  # one entry per copy, in file order (the engine splits them, D-2)

    @property
    def setup(self) -> tuple[MozCard, ...]:
        return self.cards

    @property
    def ids(self) -> list[str]:
        return [c.id for c in self.cards]

    @property
    def digest(self) -> str:
        """sha256 of the card ids in the order the engine gets them (the order before the first
        shuffle: another order plays other matches)."""
        text = json.dumps(self.ids, separators=(",", ":"))
        return "sha256:" + hashlib.sha256(text.encode()).hexdigest()

    def describe(self) -> dict[str, Any]:
        counts: dict[str, int] = {}
        for cid in self.ids:
            counts[cid] = counts.get(cid, 0) + 1
        return {"path": str(Path(self.path).resolve()), "digest": self.digest,
                "cards": [[cid, n] for cid, n in sorted(counts.items())]}


class MozAdapter:
    """MOZ for the tools (see the module docstring)."""

    key = "moz"
    rules_revision = RULES_REVISION
    default_turn_limit = DEFAULT_TURN_LIMIT

    def factory(self, turn_limit: int) -> MozGames:
        return MozGames(turn_limit)

    def card_events(self) -> MozCardEvents:
        """What "drawn" and "played" mean for card statistics (zxdeck.analysis.cards)."""
        return MozCardEvents()

    def new_game(self, p1: Sequence[MozCard], p2: Sequence[MozCard], seed: int, turn_limit: int,
                 record: bool = False) -> Game:
        return Game(p1, p2, seed=seed, turn_limit=turn_limit, record=record)

    def replay(self, p1: Sequence[MozCard], p2: Sequence[MozCard], seed: int,
               actions: Sequence[Action], turn_limit: int) -> Game:
        g = self.new_game(p1, p2, seed, turn_limit)
        for a in actions:
            g.apply(Action(*a))
        return g

    def parse_agent(self, spec: str) -> Any:
        from zxdeck.games.moz.agents import AgentFactory

        return AgentFactory(spec)

    def agent_names(self) -> list[str]:
        from zxdeck.games.moz.agents import AGENTS

        return list(AGENTS)

    def describe_action(self, game: Game, action: Action) -> str:
        from zxdeck.games.moz.play.auto import describe

        return describe(game, action)

    def prompt(self, game: Game) -> str:
        return PROMPTS.get(game.decision_kind(), game.decision_kind())

    def load_deck(self, path: str, catalog: Any, allow_illegal: bool = False) -> MozDeck:
        """Read and check a deck file (DeckFileError, exit 2, naming the file and the problem)."""
        from zxdeck.games.moz.deck.parse import load_deck

        return MozDeck(path, tuple(load_deck(path, catalog, legal=not allow_illegal)))

    def catalog_sha256(self, catalog: Any) -> str:
        """The sha256 of the MOZ catalog file(s) in use (as `zxdeck --game moz db info`)."""
        return str(getattr(catalog, "digest", "") or "")

    # --- what the conformance suite needs of a game (zxdeck.game_api, tests/test_conformance.py) ---

    def example_decks(self) -> list[str]:
        """The example decks (paths relative to the repository), all legal."""
        return [f"examples/moz/{name}.txt" for name in
                ("shell_dragons", "flame_thunder", "dusk_minus", "water_wind_swarm")]

    def open_catalog(self) -> Any:
        """The built-in catalog."""
        from zxdeck.games.moz.catalog.loader import open_catalog

        return open_catalog(None)

    def zone_counts(self, game: Game) -> dict[str, dict[str, int]]:
        """Each seat's cards by zone, as a log line's `state` (N-6)."""
        return game.zone_counts()

    def fingerprint(self, game: Game) -> str:
        """The whole position (both views, the zones' order, the history length), hashed."""
        from zxdeck.games.moz.engine.log import state_fingerprint

        return state_fingerprint(game)

    def log_lines(self, game: Game, setups: Sequence[Any], catalog: Any = None) -> list[dict[str, Any]]:
        """The game's log (as `play --log` writes it), line by line."""
        from zxdeck.games.moz.engine.log import log_lines

        return log_lines(game, setups, self.catalog_sha256(catalog) if catalog is not None else None)

    def read_log(self, path: str, catalog: Any) -> Game:
        """A log file read back and replayed (checked against `catalog`)."""
        from zxdeck.games.moz.engine.log import replay_log

        return replay_log(path, catalog)

    def save(self, game: Game, setups: Sequence[Any], path: str, catalog: Any = None) -> None:
        """Write a save of `game` (as the terminal game's `s` does)."""
        from zxdeck.games.moz.play.savefile import save_game

        save_game(path, game, [[c.id for c in d] for d in setups], ["?", "?"], None,
                  self.catalog_sha256(catalog) if catalog is not None else None)

    def load(self, path: str, catalog: Any) -> Game:
        """A save read back and replayed (checked against `catalog`)."""
        from zxdeck.games.moz.play.savefile import load_save

        return load_save(path, catalog)[0]

    def start_zones(self, setup: Mapping[str, Any]) -> dict[int, tuple[str, str, str]]:
        """Where each card starts, from a log's `setup` line: instance -> (owner, zone, card id)."""
        return {iid: (seat, zone, cid) for seat, rows in setup["cards"].items() for iid, cid, zone in rows}

    def referee(self, lines: Sequence[Mapping[str, Any]]) -> Any:
        """Check a log from the log alone (zxdeck.referee, and N-6: each seat's zone cards add up to
        its zone size, its summoners to 5); LogRefereeError naming the line."""
        from zxdeck.referee import LogRefereeError, follow_zones

        ref = follow_zones(lines, self.start_zones)
        starts = self.start_zones(next(x for x in lines if x["event"] == "setup")).values()
        zone_size = {seat: sum(1 for s, z, _ in starts if s == seat and z == "zone") for seat in ("p1", "p2")}
        for rec in lines:
            if rec.get("event") == "header":
                continue
            for seat in ("p1", "p2"):
                st = rec["state"][seat]
                if sum(st[k] for k in ("zone", "hand", "hole", "faces", "specials", "held")) != zone_size[seat]:
                    raise LogRefereeError(f"line {rec['seq']}: N-6: {seat}'s zone cards do not add up")
                if sum(st[k] for k in ("unordered", "pile", "summoner", "finished")) != 5:
                    raise LogRefereeError(f"line {rec['seq']}: N-6: {seat}'s summoners do not add up to 5")
        return ref


ADAPTER = MozAdapter()

__all__ = ["ADAPTER", "PROMPTS", "RULES_REVISION", "MozAdapter", "MozDeck", "MozGames",
           "card_fingerprint"]
