"""A referee for game logs, for every game: it reads a JSON Lines log alone and rebuilds where
every card of both players is, then checks each line's `state` (each player's zone counts) against
what the log's card moves give.

The log format it reads is the one every game writes (INTERFACES.md §5, docs/GAMELOG.md): after an
optional `header` line, a `setup` line that says where every card starts (the game's adapter reads
it: `GameAdapter.start_zones`), then one object a line with `seq`, `turn`, `active`, `phase`,
`event` and `state`; every card that changes zone is in the line's `moves` (`card`, `id`,
`owner`, `from`, `to`, zones named as the keys of `state`). `follow_zones(lines, start_zones)`
raises `LogRefereeError` naming the line at the first problem: a line without those keys, a card
that moves from a zone it is not in or changes owner or card id, a `state` that is not what the
moves give, a player whose card count changes (conservation).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

EVERY_LINE = ("seq", "turn", "active", "phase", "event", "state")


class LogRefereeError(AssertionError):
    """The log does not account for its cards (the message names the line and the problem)."""


class ZoneReferee:
    """Where each card is (`pos`: instance -> (owner, zone)), by following a log line by line."""

    def __init__(self, start_zones: Callable[[Mapping[str, Any]], Mapping[int, tuple[str, str, str]]]) -> None:
        self.start_zones = start_zones
        self.pos: dict[int, tuple[str, str]] = {}
        self.card_id: dict[int, str] = {}
        self.total: dict[str, int] = {}
        self.kinds: Counter[str] = Counter()
        self.moves = 0
        self.lines = 0

    def fail(self, rec: Mapping[str, Any], msg: str) -> None:
        raise LogRefereeError(f"line {rec.get('seq')} ({rec.get('event')}): {msg}")

    def counts(self) -> dict[str, Counter[str]]:
        out: dict[str, Counter[str]] = {who: Counter() for who in self.total}
        for who, zone in self.pos.values():
            out[who][zone] += 1
        return out

    def see(self, rec: Mapping[str, Any]) -> None:
        event = rec.get("event")
        if event == "header":
            return
        missing = [k for k in EVERY_LINE if k not in rec]
        if missing:
            self.fail(rec, f"missing {', '.join(missing)}")
        self.kinds[str(event)] += 1
        self.lines += 1
        if event == "setup":
            for iid, (who, zone, cid) in self.start_zones(rec).items():
                if iid in self.pos:
                    self.fail(rec, f"card {iid} starts twice")
                self.pos[iid] = (who, zone)
                self.card_id[iid] = cid
            self.total = dict(Counter(who for who, _ in self.pos.values()))
        elif not self.pos:
            self.fail(rec, "a line before the setup line")
        moves = rec.get("moves")
        for m in moves if isinstance(moves, list) else ():
            iid = m["card"]
            if iid not in self.pos:
                self.fail(rec, f"card {iid} is not in the setup")
            who, zone = self.pos[iid]
            if zone != m["from"]:
                self.fail(rec, f"card {iid} moves from {m['from']} but is in {zone}")
            if who != m["owner"] or ("id" in m and self.card_id[iid] != m["id"]):
                self.fail(rec, f"card {iid} is {who}'s {self.card_id[iid]}, not {m['owner']}'s {m.get('id')}")
            self.pos[iid] = (who, m["to"])
            self.moves += 1
        mine = self.counts()
        for who, counts in mine.items():
            given = rec["state"].get(who)
            if not isinstance(given, Mapping):
                self.fail(rec, f"no state for {who}")
            for zone in set(counts) | set(given):
                if counts.get(zone, 0) != given.get(zone, 0):
                    self.fail(rec, f"{who} {zone}: state says {given.get(zone, 0)}, the moves give "
                                   f"{counts.get(zone, 0)}")
            if sum(given.values()) != self.total[who]:
                self.fail(rec, f"{who}'s cards add up to {sum(given.values())}, not {self.total[who]}")


def follow_zones(lines: Sequence[Mapping[str, Any]],
                 start_zones: Callable[[Mapping[str, Any]], Mapping[int, tuple[str, str, str]]]) -> ZoneReferee:
    """Follow a whole log (see the module docstring); `start_zones(setup_line)` gives each card's
    (owner, starting zone, card id) by instance id."""
    ref = ZoneReferee(start_zones)
    for n, rec in enumerate(lines):
        if rec.get("seq") != n:
            raise LogRefereeError(f"line {n}: seq {rec.get('seq')} (the lines are not in order)")
        ref.see(rec)
    if not ref.pos:
        raise LogRefereeError("the log has no setup line")
    return ref


__all__ = ["EVERY_LINE", "LogRefereeError", "ZoneReferee", "follow_zones"]
