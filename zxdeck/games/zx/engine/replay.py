"""Saving a game as seed + decks + action list, and replaying it exactly, or refusing to.

A record (`record(g)`, the JSON of a save file) starts with a header:

    {"header": {"format": "zxdeck-game", "format_version": 2, "zxdeck": "0.1.0",
                "catalog_sha256": "58b8...", "regulation": "current", "rules_revision": 1},
     "seed": 7, "turn_limit": 100, "first": null, "decks": [...],
     "cards": {"ZX01-001": "<fingerprint>", ...}, "actions": [["keep", -1, -1], ...],
     "end": {"moves": 212, "turn": 9, "over": true, "winner": 0, "reason": "life",
             "state": "<fingerprint>"}}

`replay()` first checks the record against this zxdeck and the catalog it is
given (`check_record`): a newer or older format, another rules revision of the
engine, or a card of the game that is missing or changed in the catalog is
refused with the reason (`IncompatibleRecord`, exit status 2). What differs but
cannot change the game (another catalog whose cards of this game are the same,
another zxdeck version with the same rules revision) is returned as notes for
the caller to print. After the moves are applied, the final position is compared
with `end`: a record that replays into another game is refused, never shown.

The JSON Lines log (`zxdeck.engine.log.JsonlLogger`) carries the same header and
game on its first line, and every action, so a log replays the same way.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from zxdeck import __version__
from zxdeck.catalog.model import Card
from zxdeck.catalog.source import CardSource
from zxdeck.errors import ZxError
from zxdeck.gamelog import FORMAT_VERSION, IncompatibleRecord, card_verdict, check_version
from zxdeck.games.zx.engine.actions import Action
from zxdeck.games.zx.engine.game import Game
from zxdeck.games.zx.engine.state import DeckSpec

SAVE_FORMAT = "zxdeck-game"
LOG_FORMAT = "zxdeck-log"
# FORMAT_VERSION (zxdeck.gamelog) is 2; 1 was the files before headers (top-level "format": "zxdeck-replay-1")
OLD_FORMAT = "zxdeck-replay-1"
FORMAT = SAVE_FORMAT  # kept for the callers that only name the file kind
# The rules revision of the engine: raise it with every change that makes the same seed, decks
# and actions give another game (a rule, a card primitive, the random generator, the order of
# legal actions). Records of another revision are refused, never misreplayed.
# 2: T-4 (a filter's zx takes a Z/X EX / OB), E-2 (every Event EX in main phase and battle),
#    B-3 (activated abilities in the battle event step), B-6 (Void Bringer and protect).
RULES_REVISION = 2



def catalog_sha256(catalog: Any) -> str | None:
    """The sha256 of a card source's catalog file (`Catalog` or the SQLite `DbCards`), if known."""
    digest = getattr(catalog, "digest", None)
    return digest if isinstance(digest, str) and digest else None


def make_header(kind: str = SAVE_FORMAT, catalog_digest: str | None = None,
                regulation: str = "current") -> dict[str, Any]:
    """The header of a save (`kind` zxdeck-game) or a log (zxdeck-log) written by this zxdeck."""
    return {"format": kind, "format_version": FORMAT_VERSION, "zxdeck": __version__,
            "catalog_sha256": catalog_digest, "regulation": regulation,
            "rules_revision": RULES_REVISION}


_FINGERPRINTS: dict[int, tuple[Card, str]] = {}


def card_fingerprint(card: Card) -> str:
    """What of a card can change a game (not its rendered text or English name), hashed."""
    hit = _FINGERPRINTS.get(id(card))
    if hit is not None and hit[0] is card:
        return hit[1]
    data = {"id": card.id, "name": card.name, "type": card.type, "color": card.color,
            "cost": card.cost, "power": card.power, "races": list(card.races),
            "icons": sorted(card.icons), "keywords": sorted(card.keywords), "player": card.player,
            "timing": card.timing, "abilities": card.abilities}
    raw = json.dumps(data, ensure_ascii=False, sort_keys=True, default=str)
    fp = hashlib.sha256(raw.encode("utf-8")).hexdigest()[:16]
    _FINGERPRINTS[id(card)] = (card, fp)
    return fp


def state_fingerprint(g: Game) -> str:
    """Every zone, square, damage and sleep of a position, hashed (to detect a misreplay)."""
    players = [[ps.deck, ps.hand, ps.life, ps.resources, ps.charge, ps.trash, ps.dunamis,
                sorted(ps.counters.items())] for ps in g.players]
    data = [g.turn, g.phase, g.active, g.over, g.winner, g.reason, g.squares, players,
            sorted(g.damage.items()), bytes(g.slept).hex(), bytes(g.face_up).hex(),
            g.decision_kind()]
    return hashlib.sha256(json.dumps(data).encode()).hexdigest()[:16]


def spec_to_json(spec: DeckSpec) -> dict[str, Any]:
    return {
        "main": [c.id for c in spec.main],
        "dunamis": [c.id for c in spec.dunamis],
        "player": spec.player.id if spec.player else None,
        "name": spec.name,
    }


def spec_from_json(data: dict[str, Any], catalog: CardSource) -> DeckSpec:
    def get(cid: str) -> Card:
        card = catalog.get(cid)
        if card is None:
            raise IncompatibleRecord(f"card {cid} of this game is not in the catalog")
        return card

    return DeckSpec(
        main=tuple(get(c) for c in data["main"]),
        dunamis=tuple(get(c) for c in data.get("dunamis", [])),
        player=get(data["player"]) if data.get("player") else None,
        name=data.get("name", ""),
    )


def game_record(g: Game) -> dict[str, Any]:
    """How the game was set up: seed, turn limit, first player, decks and their cards' fingerprints."""
    cards = {c.id: card_fingerprint(c) for spec in g.specs
             for c in (*spec.main, *spec.dunamis, *((spec.player,) if spec.player else ()))}
    return {"seed": g.seed, "turn_limit": g.turn_limit, "first": g.first_given,
            "decks": [spec_to_json(s) for s in g.specs], "cards": dict(sorted(cards.items()))}


def record(g: Game, header: dict[str, Any] | None = None) -> dict[str, Any]:
    """The game as plain data: header, seed, turn limit, decks, actions and the final position."""
    data: dict[str, Any] = {"header": header or make_header()}
    data.update(game_record(g))
    data["actions"] = [a.to_json() for a in g.history]
    data["end"] = {"moves": len(g.history), "turn": g.turn, "over": g.over,
                   "winner": g.winner, "reason": g.reason, "state": state_fingerprint(g)}
    return data


def _version_of(header: Any, data: dict[str, Any]) -> int:
    if not isinstance(header, dict):
        if data.get("format") == OLD_FORMAT:
            raise IncompatibleRecord(
                f"written by an older zxdeck (format {OLD_FORMAT}, before saves and logs carried "
                "the catalog and rules revision they were played with): it cannot be checked, "
                "so it is not replayed")
        raise IncompatibleRecord("not a zxdeck game record (no header)")
    try:
        return int(header.get("format_version"))
    except (TypeError, ValueError):
        raise IncompatibleRecord("damaged header (format_version)") from None


def check_record(data: dict[str, Any], catalog: CardSource,
                 digest: str | None = None) -> list[str]:
    """Refuse (`IncompatibleRecord`) a record this zxdeck and `catalog` cannot replay faithfully;
    return notes on what differs harmlessly. `digest`: the catalog's sha256 when known."""
    header = data.get("header")
    version = _version_of(header, data)
    recorded = header.get("game", "zx")  # Z/X's records predate the key
    if recorded != "zx":  # another game's record: say so, not that its cards are unknown
        raise IncompatibleRecord(f"a record of the game {recorded!r}, not 'zx' "
                                 f"(choose it with --game {recorded})")
    by = check_version(header, version, RULES_REVISION)
    cards = data.get("cards")
    if not isinstance(cards, dict):
        raise IncompatibleRecord("damaged record: the fingerprints of its cards are missing")
    changed = []
    for cid, fp in cards.items():
        card = catalog.get(cid)
        if card is None:
            raise IncompatibleRecord(f"card {cid} of this game is not in the catalog")
        if card_fingerprint(card) != fp:
            changed.append(f"{cid} {card.name}")
    return card_verdict(header, changed, len(cards), digest or catalog_sha256(catalog), by,
                        RULES_REVISION)


def new_game(data: dict[str, Any], catalog: CardSource, listener: Any = None) -> Game:
    """The game of a record at its start (before any action)."""
    try:
        p1, p2 = (spec_from_json(d, catalog) for d in data["decks"])
        return Game(p1, p2, seed=int(data["seed"]), turn_limit=int(data.get("turn_limit", 100)),
                    first=data.get("first"), listener=listener)
    except (KeyError, TypeError, ValueError) as exc:
        raise ZxError(f"malformed record ({type(exc).__name__}: {exc})") from None


def actions_of(data: dict[str, Any]) -> list[Action]:
    try:
        return [Action.from_json(raw) for raw in data["actions"]]
    except (KeyError, TypeError, ValueError) as exc:
        raise ZxError(f"malformed record ({type(exc).__name__}: {exc})") from None


def check_end(g: Game, data: dict[str, Any]) -> None:
    """Refuse a replay whose final position is not the recorded one."""
    end = data.get("end")
    if not isinstance(end, dict) or end.get("moves") != len(g.history):
        return
    if end.get("state") != state_fingerprint(g):
        raise IncompatibleRecord(
            f"replaying its {len(g.history)} moves with this zxdeck gives another game (turn "
            f"{g.turn}, the record ends in turn {end.get('turn')}): not replayed")


def replay(data: dict[str, Any], catalog: CardSource, listener: Any = None,
           notes: list[str] | None = None) -> Game:
    """Rebuild a game from `record()` data by applying every action again (checked first and
    at the end; see the module docstring). Harmless differences are appended to `notes`."""
    found = check_record(data, catalog)
    if notes is not None:
        notes.extend(found)
    g = new_game(data, catalog, listener)
    for i, action in enumerate(actions_of(data)):
        if action not in g.legal_actions():
            raise IncompatibleRecord(f"move {i + 1} ({action}) is not legal there: the record does "
                                     "not replay with this zxdeck")
        g.apply(action)
    check_end(g, data)
    return g


def save(g: Game, path: str | Path, header: dict[str, Any] | None = None) -> None:
    Path(path).write_text(json.dumps(record(g, header), ensure_ascii=False) + "\n", encoding="utf-8")


def load(path: str | Path, catalog: CardSource, listener: Any = None) -> Game:
    return replay(json.loads(Path(path).read_text(encoding="utf-8")), catalog, listener)
