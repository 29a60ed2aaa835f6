"""MOZ game records: the JSON Lines log of `zxdeck --game moz play --log FILE` and its replay
(`zxdeck --game moz replay FILE`), with the header discipline of zxdeck.gamelog.

The log (docs/MOZ.md, "The game log"):

- line 0, `header`: `header` (format zxdeck-log, format_version, game moz, zxdeck version,
  catalog_sha256, rules_revision) and `game` (seed, turn_limit, both decks as card ids in the
  order the engine got them, each card's fingerprint);
- every later line has `seq`, `round`, `turn`, `active`, `phase`, `event` and `state` (each
  seat's zone counts after the line, INTERFACES §5);
- `setup`: the instance table (`cards`: per seat [instance id, card id, starting zone]) and what
  happened before the first decision as text (`events`); then the setup's events as data
  (`shuffle`, `opening_hand` with the cards drawn, ...);
- one `action` line per move: `move` (from 1), `player` (p1/p2), `decision`, `action` ([kind, a,
  b], as in a save), `text` (the action in words), `events` (what it caused, as the terminal
  narrates it), and after it `vp`, `hand`, `zone` (per seat); then one line per event it caused,
  as data (`draw` with the card, `place`, `special`, `seal`, `round_result`, `vp`, ...), each
  card that changed zone in `moves` ({card, id, owner, from, to}), with `text` when narrated;
- `game_over` (when the match ended): `winner` (p1, p2 or null), `reason`, `vp`, `moves`,
  `fingerprint` (of the final position).

The log is written from the seed, the decks and the actions (replaying them with the event
record on), so it is the match exactly as played. `replay_log` reads one back: the header is
checked first (a log from another catalog whose cards of this match changed, or from another
rules revision, is refused with the reason, exit 2), then the actions are applied and the end
compared with `game_over`.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from zxdeck.action import Action
from zxdeck.errors import ZxError
from zxdeck.gamelog import (
    LOG_FORMAT,
    SAVE_FORMAT,
    IncompatibleRecord,
    check_header,
    dumps,
    make_header,
    read_log,
)
from zxdeck.games.moz.adapter import ADAPTER, card_fingerprint
from zxdeck.games.moz.catalog.model import MozCard
from zxdeck.games.moz.engine import Game

SEATS = ("p1", "p2")
SAVE_VERSION = 2  # the "format" of a MOZ save (1: before saves had a header)


def game_setup(game: Game, decks: Sequence[Sequence[str]]) -> dict[str, Any]:
    """How the match was set up: seed, turn limit, decks (card ids) and the cards' fingerprints."""
    cards = {c.id: card_fingerprint(c) for c in game.cards}
    return {"seed": game.seed, "turn_limit": game.turn_limit, "decks": [list(d) for d in decks],
            "cards": dict(sorted(cards.items()))}


def state_fingerprint(game: Game) -> str:
    """Both seats' views and the zones' order, hashed (to detect a misreplay)."""
    data = [game.observation(0), game.observation(1), game.zone, game.pile, len(game.history)]
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=str).encode()).hexdigest()[:16]


def _counts(game: Game) -> dict[str, Any]:
    return {"vp": list(game.vp), "hand": [len(h) for h in game.hand], "zone": [len(z) for z in game.zone]}


def _where(game: Game) -> dict[str, Any]:
    """What every line carries (INTERFACES §5): turn, active (whose turn), phase (the engine's step)."""
    return {"round": game.round, "turn": game.turn, "active": SEATS[game.turn_player], "phase": game.step}


def instance_table(game: Game) -> dict[str, list[list[Any]]]:
    """Each seat's cards as [instance id, card id, starting zone] (summoners start `unordered`,
    the other cards in the `zone`), in instance order."""
    out: dict[str, list[list[Any]]] = {"p1": [], "p2": []}
    for i, card in enumerate(game.cards):
        out[SEATS[game.owner[i]]].append([i, card.id, "unordered" if card.type == "summoner" else "zone"])
    return out


def start_counts(game: Game) -> dict[str, dict[str, int]]:
    """The zone counts before the first event (every card in its starting zone)."""
    zero = {"zone": 0, "hand": 0, "hole": 0, "faces": 0, "specials": 0, "held": 0, "unordered": 0,
            "pile": 0, "summoner": 0, "finished": 0}
    out = {seat: dict(zero) for seat in SEATS}
    for seat, rows in instance_table(game).items():
        for _, _, zone in rows:
            out[seat][zone] += 1
    return out


def log_lines(game: Game, decks: Sequence[Sequence[MozCard]], catalog_digest: str | None) -> list[dict[str, Any]]:
    """The log of `game` (its seed, decks and actions so far) as a list of line objects.

    After the header, every line has `seq`, `round`, `turn`, `active`, `phase`, `event` and `state`
    (each seat's zone counts after the line, `Game.zone_counts`). `setup` holds the instance table
    (`cards`); each `action` line (written before what it causes, with the words it caused in
    `events`) is followed by one line per event it caused, as data (`Game.records`): the event's
    fields, the card `moves` ({card, id, owner, from, to}) and its words (`text`) when the terminal
    narrates it."""
    rules = ADAPTER
    header = make_header(LOG_FORMAT, "moz", rules.rules_revision, catalog_digest)
    g = rules.new_game(decks[0], decks[1], game.seed, game.turn_limit, record=True)
    assert g.events is not None and g.records is not None
    lines: list[dict[str, Any]] = [{"seq": 0, "event": "header", "header": header,
                                    "game": game_setup(g, [[c.id for c in d] for d in decks])}]
    lines.append({"seq": 1, "round": 0, "turn": 0, "active": SEATS[0], "phase": "setup", "event": "setup",
                  "cards": instance_table(g), "events": list(g.events), **_counts(g), "state": start_counts(g)})

    def flush(done: int) -> int:
        for rec in g.records[done:]:  # type: ignore[index]
            lines.append({"seq": len(lines), **rec})
        return len(g.records)  # type: ignore[arg-type]

    recorded = flush(0)
    shown = len(g.events)
    for n, action in enumerate(game.history, 1):
        p, kind = g.current_player(), g.decision_kind()
        line = {"seq": len(lines), **_where(g), "event": "action", "move": n, "player": SEATS[p],
                "decision": kind, "action": action.to_json(), "text": rules.describe_action(g, action),
                "state": g.zone_counts()}
        g.apply(action)
        line.update(events=g.events[shown:], **_counts(g))
        shown = len(g.events)
        lines.append(line)
        recorded = flush(recorded)
    if g.is_over():
        lines.append({"seq": len(lines), **_where(g), "event": "game_over",
                      "winner": None if g.winner is None else SEATS[g.winner], "reason": g.reason,
                      "moves": len(g.history), "vp": list(g.vp), "fingerprint": state_fingerprint(g), "state": g.zone_counts()})
    return lines


def write_log(out: str | Path | IO[str], game: Game, decks: Sequence[Sequence[MozCard]],
              catalog_digest: str | None) -> None:
    """Write the log of `game` to a file (or an open text stream)."""
    text = "".join(dumps(line) + "\n" for line in log_lines(game, decks, catalog_digest))
    if isinstance(out, (str, Path)):
        try:
            Path(out).write_text(text, encoding="utf-8")
        except OSError as exc:
            raise ZxError(f"{out}: cannot write the log: {exc.strerror}") from None
    else:
        out.write(text)


@dataclass
class MozRecord:
    """A MOZ match as a save or log holds it: decks (cards, in the engine's order), seed, turn
    limit, actions; `end` (a log's game_over line, when the match ended) and the save's data."""

    decks: list[list[MozCard]]
    seed: int
    turn_limit: int
    actions: list[Action]
    end: dict[str, Any] | None = None
    data: dict[str, Any] | None = None

    def start(self, record: bool = True) -> Game:
        return ADAPTER.new_game(self.decks[0], self.decks[1], self.seed, self.turn_limit, record=record)

    def replay(self, where: str, record: bool = False) -> Game:
        """The match after all its actions; IncompatibleRecord if one is not legal or the end is
        not the recorded one."""
        g = self.start(record)
        for n, action in enumerate(self.actions, 1):
            if action not in g.legal_actions():
                raise IncompatibleRecord(f"{where}: move {n} ({action}) is not legal there: the record "
                                         "does not replay with this zxdeck")
            g.apply(action)
        recorded = None if self.end is None else self.end.get("fingerprint", self.end.get("state"))
        if self.end is not None and recorded != state_fingerprint(g):
            raise IncompatibleRecord(f"{where}: replaying its {len(self.actions)} moves with this zxdeck "
                                     "gives another match: not replayed")
        return g


def check_record(where: str, header: Any, cards: Any, catalog: Any, kinds: tuple[str, ...]) -> list[str]:
    """`zxdeck.gamelog.check_header` for MOZ with `catalog`; the error names the file."""
    try:
        return check_header(header, cards, game="moz", rules_revision=ADAPTER.rules_revision,
                            fingerprint=_fingerprints(catalog),
                            catalog_digest=ADAPTER.catalog_sha256(catalog) or None, kinds=kinds)
    except IncompatibleRecord as exc:
        raise IncompatibleRecord(f"{where}: {exc.message}") from None


def record_of(where: str, setup: Mapping[str, Any], actions: Sequence[Any], catalog: Any) -> MozRecord:
    """A `MozRecord` from a header's `game` (seed, turn limit, deck ids) and raw actions."""
    try:
        decks = [[catalog.by_id[cid] for cid in d] for d in setup["decks"]]
        return MozRecord(decks, int(setup["seed"]), int(setup["turn_limit"]),
                         [Action.from_json(a) for a in actions])
    except KeyError as exc:
        raise IncompatibleRecord(f"{where}: card {exc.args[0]} of this match is not in the catalog") from None
    except (TypeError, ValueError) as exc:
        raise ZxError(f"{where}: malformed record ({type(exc).__name__}: {exc})") from None


def read_log_record(path: str | Path, catalog: Any, notes: list[str] | None = None) -> MozRecord:
    """The record of a log, checked against this zxdeck and `catalog` (see the module docstring)."""
    head, lines = read_log(path)
    game = head.get("game") or {}
    found = check_record(str(path), head.get("header"), game.get("cards"), catalog, (LOG_FORMAT,))
    if notes is not None:
        notes.extend(found)
    actions = [rec.get("action") for rec in lines if rec.get("event") == "action"]
    rec = record_of(str(path), game, actions, catalog)
    rec.end = next((line for line in lines if line.get("event") == "game_over"), None)
    return rec


def read_save_record(path: str | Path, catalog: Any, notes: list[str] | None = None) -> MozRecord:
    """The record of a save (`play --save`), checked as a log is; `data` holds the save's JSON
    (agents, human seat)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except IsADirectoryError:
        raise ZxError(f"{path}: not a zxdeck save or log (a directory)") from None
    except OSError as exc:
        raise ZxError(f"{path}: cannot read the save: {exc.strerror}") from None
    except UnicodeDecodeError:  # a ValueError: before the JSON's, whose message it is not
        raise ZxError(f"{path}: not a zxdeck save or log (not UTF-8 text)") from None
    except ValueError as exc:
        raise ZxError(f"{path}: not a MOZ save (invalid JSON: {exc})") from None
    if not isinstance(data, dict) or data.get("game") != "moz":
        raise ZxError(f"{path}: not a MOZ save (format {SAVE_VERSION})")
    if data.get("format") != SAVE_VERSION or "header" not in data:
        raise IncompatibleRecord(f"{path}: a MOZ save of format {data.get('format')!r}, before saves "
                                 "carried the catalog and rules revision they were played with: it "
                                 "cannot be checked, so it is not replayed")
    found = check_record(str(path), data.get("header"), data.get("cards"), catalog, (SAVE_FORMAT,))
    if notes is not None:
        notes.extend(found)
    rec = record_of(str(path), data, data.get("actions") or [], catalog)
    rec.data = data
    return rec


def replay_log(path: str | Path, catalog: Any, notes: list[str] | None = None) -> Game:
    """The match of a log, replayed (IncompatibleRecord, exit 2, for a log this zxdeck or
    catalog would misreplay)."""
    return read_log_record(path, catalog, notes).replay(str(path))


def _fingerprints(catalog: Any) -> Any:
    by_id: Mapping[str, MozCard] = catalog.by_id

    def fingerprint(cid: str) -> str | None:
        card = by_id.get(cid)
        return None if card is None else card_fingerprint(card)

    return fingerprint


__all__ = ["SAVE_VERSION", "MozRecord", "read_save_record", "check_record", "game_setup", "log_lines", "read_log_record", "record_of",
           "replay_log", "state_fingerprint", "write_log"]
