"""Round robins: every pair of entrants plays a paired match on the same machinery as `sim`.

Entrants are decks played by one agent (`zxdeck tournament DECK... | DIR`), or
agents playing one deck in mirror matches (`--agents random,greedy --deck D`:
an agent ladder). Pairing `i < j` is a `Match` with side A = entrant i and
side B = entrant j, `games` games, and its own master seed derived from the
tournament's seed and the two entrants' names, so a pairing's games do not
change when entrants are added or removed.

Generic over the game (zxdeck.game_api): an entrant's deck is any loaded deck
(`setup`, `describe()`), its agent any agent spec (`make`, `label`, `to_json()`),
and the games come from the game's factory (`GameAdapter.factory(turn_limit)`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

from zxdeck.errors import ZxError
from zxdeck.game_api import AgentMaker, GameFactory, LoadedDeck
from zxdeck.sim.core import Contest, Match, Side
from zxdeck.sim.seeds import match_seed

DECK_SUFFIXES = (".txt", ".yaml", ".yml", ".json")


@dataclass(frozen=True)
class Entrant:
    """A deck with the agent that plays it."""

    name: str
    deck: LoadedDeck
    agent: AgentMaker

    @property
    def spec(self) -> Any:
        """What the game takes of the deck (for Z/X its `DeckSpec`)."""
        return self.deck.setup

    def describe(self) -> dict[str, Any]:
        return {"name": self.name, "deck": self.deck.path, **self.deck.describe(),
                "agent": self.agent.to_json()}


def deck_files(paths: Sequence[str]) -> list[str]:
    """Deck files from the arguments: files as given, folders expanded to their deck files
    (*.txt, *.yaml, *.yml, *.json directly inside, sorted; sub-folders are not searched)."""
    out: list[str] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            found = sorted(str(f) for f in path.iterdir() if f.is_file() and f.suffix in DECK_SUFFIXES)
            if not found:
                raise ZxError(f"{p}: no deck file (*.txt, *.yaml, *.json) in this folder")
            out += found
        else:
            out.append(p)
    return out


def entrant_names(paths: Sequence[str]) -> list[str]:
    """Short names for deck files: the file name without suffix, or the path when two share it."""
    stems = [Path(p).stem for p in paths]
    return [s if stems.count(s) == 1 else p for s, p in zip(stems, paths)]


def new_entrants(decks: Sequence[str], agents: str | None, ladder_deck: str | None,
                 agent_specs: Any, default_spec: Any, load: Any, usage: str) -> list[Entrant]:
    """The entrants of a new tournament, from the command's arguments (any game).

    With `agents` (an agent ladder): `agent_specs(agents)` each playing `load(ladder_deck,
    "the")`; else every deck of `decks` (files or folders, `deck_files`) as `load(path, name)`
    played by `default_spec()`. Misused arguments are one ZxError each; `usage` is the command
    line shown when no deck is given."""
    if agents:
        if decks:
            raise ZxError("--agents rates agents on one --deck: give no other decks")
        if not ladder_deck:
            raise ZxError("--agents needs --deck DECK: the deck every agent plays")
        specs = agent_specs(agents)
        deck = load(ladder_deck, "the")
        return [Entrant(s.label, deck, s) for s in specs]
    if not decks:
        raise ZxError(f"give decks or a folder of decks: {usage}")
    if ladder_deck:
        raise ZxError("--deck goes with --agents (an agent ladder)")
    spec = default_spec()
    files = deck_files(decks)
    return [Entrant(name, load(path, name), spec) for name, path in zip(entrant_names(files), files)]


def pairings(n: int) -> list[tuple[int, int]]:
    return list(combinations(range(n), 2))


def tournament_matches(entrants: Sequence[Entrant], seed: int, games: int,
                       factory: GameFactory, cards: Any = None) -> tuple[list[tuple[int, int]], list[Match]]:
    """The pairings (i < j) and their matches, in the order they are played; `factory` makes
    the games (`GameAdapter.factory(turn_limit)`); `cards`, the game's card events, adds each
    game's card record (`zxdeck.analysis.cards`)."""
    if len(entrants) < 2:
        raise ZxError(f"a tournament needs at least 2 entrants (got {len(entrants)})")
    names = [e.name for e in entrants]
    if len(set(names)) != len(names):
        raise ZxError("two entrants have the same name: " + ", ".join(
            sorted({n for n in names if names.count(n) > 1})))
    pairs = pairings(len(entrants))
    matches = []
    for i, j in pairs:
        a, b = entrants[i], entrants[j]
        key = f"{a.name} vs {b.name}"
        contest = Contest(factory, Side(a.name, a.spec, a.agent, a.agent.label),
                          Side(b.name, b.spec, b.agent, b.agent.label), cards=cards)
        matches.append(Match(contest, match_seed(seed, key), games, key))
    return pairs, matches


__all__ = ["DECK_SUFFIXES", "Entrant", "deck_files", "entrant_names", "pairings",
           "tournament_matches"]
