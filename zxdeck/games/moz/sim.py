"""The MOZ side of `zxdeck --game moz sim`: decks in, a `Contest` for the generic zxdeck.sim out.

zxdeck.sim plays any game with the engine's agent API; this module only makes MOZ games
(`MozGames`) and the manifest. A game's `first` (what sim's "first" counts) is the player who
went first in round 1 (R-3; MOZ decides it again every round).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from zxdeck import __version__
from zxdeck.errors import ZxError
from zxdeck.games.moz.adapter import MozGames
from zxdeck.games.moz.agents import AgentFactory
from zxdeck.games.moz.catalog.model import MozCard
from zxdeck.games.moz.engine.game import DEFAULT_TURN_LIMIT
from zxdeck.sim.core import Contest, Match, Side


def moz_contest(deck_a: tuple[str, Sequence[MozCard]], deck_b: tuple[str, Sequence[MozCard]], ai_a: str, ai_b: str,
                turn_limit: int = DEFAULT_TURN_LIMIT) -> Contest:
    """A paired match of deck A (agent `ai_a`) against deck B (agent `ai_b`)."""
    return Contest(MozGames(turn_limit), Side(deck_a[0], tuple(deck_a[1]), AgentFactory(ai_a), ai_a),
                   Side(deck_b[0], tuple(deck_b[1]), AgentFactory(ai_b), ai_b))


def moz_manifest(deck_a: str, deck_b: str, ai_a: str, ai_b: str, seed: int, games: int,
                 turn_limit: int) -> dict[str, Any]:
    return {"kind": "sim", "game": "moz", "zxdeck": __version__, "seed": seed, "games": games,
            "turn_limit": turn_limit, "precision": None,
            "a": {"deck": deck_a, "agent": {"spec": ai_a}}, "b": {"deck": deck_b, "agent": {"spec": ai_b}}}


def run_sim(deck_a: tuple[str, Sequence[MozCard]], deck_b: tuple[str, Sequence[MozCard]], ai_a: str, ai_b: str,
            games: int, seed: int = 0, turn_limit: int = DEFAULT_TURN_LIMIT, jobs: int = 1) -> dict[str, Any]:
    """Play the match and return the JSON object of `sim --format json` (INTERFACES.md section 6)."""
    from zxdeck.sim.backends import make_backend
    from zxdeck.sim.report import sim_result
    from zxdeck.sim.runner import run_matches

    games += games % 2  # in pairs: the same seed twice, seats swapped
    contest = moz_contest(deck_a, deck_b, ai_a, ai_b, turn_limit)
    backend = make_backend("local", jobs)
    (tally,), outcome = run_matches([Match(contest, seed, games)], backend)
    if outcome.status == "failed" and outcome.failure is not None:  # one line, exit 2
        f = outcome.failure
        if f.last is not None:
            raise ZxError(f"{f.error} while playing one of games {f.index}-{f.last}")
        raise ZxError(f"game {f.index} (seed {f.seed}) failed: {f.error}")
    manifest = moz_manifest(deck_a[0], deck_b[0], ai_a, ai_b, seed, games, turn_limit)
    return sim_result(tally, manifest, outcome, backend.name, backend.workers)


def run_manifest(kind: str, catalog: object, seed: int, turn_limit: int,
                 allow_illegal: bool) -> dict[str, object]:
    """What every MOZ run's manifest holds besides its entrants (zxdeck.sim.store)."""
    import platform

    from zxdeck.games import adapter
    from zxdeck.sim.store import FORMAT

    rules = adapter("moz")
    path = getattr(catalog, "path", None)
    return {"format": FORMAT, "kind": kind, "game": "moz", "zxdeck": __version__,
            "python": platform.python_version(), "catalog": str(path.resolve()) if path else "",
            "catalog_sha256": rules.catalog_sha256(catalog), "rules_revision": rules.rules_revision,
            "allow_illegal": allow_illegal, "seed": seed, "turn_limit": turn_limit}

