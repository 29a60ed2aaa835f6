"""The Z/X side of `sim` and `tournament`: decks in, `Contest`s and manifests out.

The rest of `zxdeck.sim` knows nothing of Z/X: it plays any game with the
engine's agent API. This module reads and validates the decks (the same code
as `play --auto`: `zxdeck.engine.decks.load_game_deck`), makes the games
(`ZxGames`), and describes the decks and the catalog for the manifest.
"""

from __future__ import annotations

import hashlib
import json
import platform
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zxdeck import __version__
from zxdeck.agents import AgentSpec
from zxdeck.catalog.source import CardSource
from zxdeck.games.zx.engine import Game
from zxdeck.games.zx.engine.state import DeckSpec
from zxdeck.sim.core import Contest, Side
from zxdeck.sim.store import FORMAT


class ZxGames:
    """The game factory of Z/X: `Game(seat0_deck, seat1_deck, seed, turn_limit, first)` (picklable)."""

    def __init__(self, turn_limit: int = 100) -> None:
        self.turn_limit = turn_limit

    def __call__(self, p1: DeckSpec, p2: DeckSpec, seed: int, first: int | None = None) -> Game:
        return Game(p1, p2, seed=seed, turn_limit=self.turn_limit, first=first)


class _ZxCardListener:
    """A game listener that keeps, per player, each card's first turn in hand and in play."""

    __slots__ = ("seen",)

    def __init__(self) -> None:
        from zxdeck.analysis.cards import FirstSeen

        self.seen = FirstSeen()

    def __call__(self, g: Game, event: str, data: dict[str, Any]) -> None:
        if event == "action":  # every move: nothing to count (the most frequent call, kept cheap)
            return
        moves = data.get("moves")
        if moves:
            seen = self.seen.seen
            for m in moves:
                if m["to"] == "hand" and m["from"] == "deck":
                    name = g.cards[m["card"]].name
                    row = seen[m["owner"]].get(name)
                    if row is None:
                        seen[m["owner"]][name] = [g.turn, None]
                    elif row[0] is None:
                        row[0] = g.turn
        if event == "play":
            iid = data["card"]
            self.seen.played(g.owner[iid], g.cards[iid].name, g.turn)
        elif event == "mulligan":  # S-7: the opening hand went back; the new one is drawn next
            self.seen.forget_drawn(data["player"], g.turn)

    def cards(self, game: Game) -> tuple[dict[str, list[int | None]], dict[str, list[int | None]]]:
        return self.seen.seen


class ZxCardEvents:
    """What "drawn" and "played" mean for Z/X's card statistics (zxdeck.analysis.cards): drawn, a
    card moved from the deck to the hand (the kept opening hand, the draw phase, a search);
    played, the `play` event (a Z/X placed on a square, an event resolved, whatever the way).
    Turn 0 is the setup (the opening hand). Read from the game's event records (its listener)."""

    def start(self, factory: ZxGames, p1: DeckSpec, p2: DeckSpec, seed: int,
              first: int | None) -> tuple[Game, _ZxCardListener]:
        probe = _ZxCardListener()
        return Game(p1, p2, seed=seed, turn_limit=factory.turn_limit, first=first, listener=probe), probe

    def copies(self, setup: DeckSpec) -> dict[str, int]:
        """The deck list by name (main deck and dunamis), for the cards never drawn or played."""
        return dict(Counter(c.name for c in (*setup.main, *setup.dunamis)))


@dataclass(frozen=True)
class LoadedDeck:
    """A deck file read, validated and ready to play."""

    path: str  # as given
    spec: DeckSpec

    @property
    def setup(self) -> DeckSpec:
        """What a Z/X game takes of this deck (zxdeck.game_api.LoadedDeck)."""
        return self.spec

    @property
    def cards(self) -> dict[str, Any]:
        """The cards the engine plays: card numbers with counts, sorted."""
        def counted(cards: tuple) -> list[list[Any]]:
            return [[cid, n] for cid, n in sorted(Counter(c.id for c in cards).items())]

        return {"main": counted(self.spec.main), "dunamis": counted(self.spec.dunamis),
                "player": self.spec.player.id if self.spec.player is not None else None}

    @property
    def digest(self) -> str:
        """sha256 of the cards in the order the engine gets them: the order is the deck before
        the first shuffle, so two files listing the same cards in another order play other
        games (and a run refuses to resume with a reordered deck)."""
        order = {"main": [c.id for c in self.spec.main],
                 "dunamis": [c.id for c in self.spec.dunamis],
                 "player": self.spec.player.id if self.spec.player is not None else None}
        text = json.dumps(order, sort_keys=True, separators=(",", ":"))
        return "sha256:" + hashlib.sha256(text.encode()).hexdigest()

    def describe(self) -> dict[str, Any]:
        from zxdeck.games.zx.deck.code import is_deck_code

        where = self.path if is_deck_code(self.path) else str(Path(self.path).resolve())
        return {"path": where, "digest": self.digest, "cards": self.cards}


def load_deck(path: str, source: CardSource, allow_illegal: bool = False, label: str = "",
              allow_unscripted: bool = False, regulation: str | None = None) -> LoadedDeck:
    """Read and validate a deck file or code (IllegalDeckError, exit 1, for an illegal one unless
    allowed; see `zxdeck.engine.decks.load_game_deck`)."""
    from zxdeck.games.zx.engine.decks import load_game_deck

    spec = load_game_deck(path, source, allow_illegal, label, allow_unscripted, regulation)[0]
    return LoadedDeck(path, spec)


def catalog_sha256(path: Path) -> str:
    """The sha256 of the catalog file's bytes (as in `zxdeck db info`)."""
    from zxdeck.catalog.db import catalog_digest

    try:
        return catalog_digest(path.read_bytes())
    except OSError:
        return ""


def base_manifest(kind: str, catalog_path: Path, seed: int, turn_limit: int,
                  allow_illegal: bool = False, regulation: str | None = None,
                  allow_unscripted: bool = False) -> dict[str, Any]:
    """What every run's manifest holds besides its entrants."""
    from zxdeck.games.zx.deck.regulation import DEFAULT

    return {
        "format": FORMAT, "kind": kind, "zxdeck": __version__,
        "python": platform.python_version(), "catalog": str(catalog_path.resolve()),
        "catalog_sha256": catalog_sha256(catalog_path), "regulation": regulation or DEFAULT,
        "allow_illegal": allow_illegal, "allow_unscripted": allow_unscripted, "seed": seed,
        "turn_limit": turn_limit,
    }


def sim_contest(a: LoadedDeck, b: LoadedDeck, agent_a: AgentSpec, agent_b: AgentSpec,
                turn_limit: int, card_stats: bool = False) -> Contest:
    return Contest(ZxGames(turn_limit),
                   Side(a.path, a.spec, agent_a, agent_a.label),
                   Side(b.path, b.spec, agent_b, agent_b.label),
                   cards=ZxCardEvents() if card_stats else None)


def sim_manifest(a: LoadedDeck, b: LoadedDeck, agent_a: AgentSpec, agent_b: AgentSpec,
                 catalog_path: Path, seed: int, games: int, turn_limit: int,
                 precision: float | None, allow_illegal: bool = False,
                 regulation: str | None = None, allow_unscripted: bool = False) -> dict[str, Any]:
    out = base_manifest("sim", catalog_path, seed, turn_limit, allow_illegal, regulation,
                        allow_unscripted)
    out.update({
        "games": games, "precision": precision,
        "a": {"deck": a.path, **a.describe(), "agent": agent_a.to_json()},
        "b": {"deck": b.path, **b.describe(), "agent": agent_b.to_json()},
    })
    return out


__all__ = ["LoadedDeck", "ZxCardEvents", "ZxGames", "base_manifest", "catalog_sha256", "load_deck",
           "sim_contest", "sim_manifest"]
