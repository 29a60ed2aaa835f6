"""Saving a game as seed + decks + action list, and replaying it exactly."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from zxdeck.catalog.source import CardSource
from zxdeck.engine.actions import Action
from zxdeck.engine.game import Game
from zxdeck.engine.state import DeckSpec
from zxdeck.errors import ZxError

FORMAT = "zxdeck-replay-1"


def spec_to_json(spec: DeckSpec) -> dict[str, Any]:
    return {
        "main": [c.id for c in spec.main],
        "dunamis": [c.id for c in spec.dunamis],
        "player": spec.player.id if spec.player else None,
        "name": spec.name,
    }


def spec_from_json(data: dict[str, Any], catalog: CardSource) -> DeckSpec:
    def get(cid: str):
        card = catalog.get(cid)
        if card is None:
            raise ZxError(f"replay: card {cid} is not in the catalog")
        return card

    return DeckSpec(
        main=tuple(get(c) for c in data["main"]),
        dunamis=tuple(get(c) for c in data.get("dunamis", [])),
        player=get(data["player"]) if data.get("player") else None,
        name=data.get("name", ""),
    )


def record(g: Game) -> dict[str, Any]:
    """The game as plain data: seed, turn limit, decks, actions."""
    return {
        "format": FORMAT,
        "seed": g.seed,
        "turn_limit": g.turn_limit,
        "first": g.first_given,
        "decks": [spec_to_json(s) for s in g.specs],
        "actions": [a.to_json() for a in g.history],
    }


def replay(data: dict[str, Any], catalog: CardSource, listener: Any = None) -> Game:
    """Rebuild a game from `record()` data by applying every action again."""
    if data.get("format") != FORMAT:
        raise ZxError(f"replay: unknown format {data.get('format')!r}")
    try:
        p1, p2 = (spec_from_json(d, catalog) for d in data["decks"])
        g = Game(p1, p2, seed=int(data["seed"]), turn_limit=int(data.get("turn_limit", 100)),
                 first=data.get("first"), listener=listener)
        actions = [Action.from_json(raw) for raw in data["actions"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise ZxError(f"replay: malformed record ({type(exc).__name__}: {exc})") from None
    for i, action in enumerate(actions):
        if action not in g.legal_actions():
            raise ZxError(f"replay: action {i + 1} ({action}) is not legal")
        g.apply(action)
    return g


def save(g: Game, path: str | Path) -> None:
    Path(path).write_text(json.dumps(record(g), ensure_ascii=False) + "\n", encoding="utf-8")


def load(path: str | Path, catalog: CardSource, listener: Any = None) -> Game:
    return replay(json.loads(Path(path).read_text(encoding="utf-8")), catalog, listener)
