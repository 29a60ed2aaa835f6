"""A referee for MOZ logs (`zxdeck --game moz play --log`): it reads the log alone and rebuilds
where every card of both seats is, from the instance table of the `setup` line and the `moves` of
the event lines, then checks every line's `state` (each seat's zone counts) against that, and N-6
(zone + hand + hole + faces + specials + held = the zone size; the summoner zones = 5).

`referee_moz_log(lines)` raises `MozRefereeError` naming the line and the problem; it returns the
referee (the final position, the events seen)."""

from __future__ import annotations

from collections import Counter
from typing import Any

SEATS = ("p1", "p2")
ZONES = ("zone", "hand", "hole", "faces", "specials", "held")
SUMMONER_ZONES = ("unordered", "pile", "summoner", "finished")
EVERY_LINE = ("seq", "round", "turn", "active", "phase", "event", "state")


class MozRefereeError(AssertionError):
    """The log does not account for its cards (the message names the line)."""


class MozReferee:
    def __init__(self) -> None:
        self.where: dict[int, str] = {}  # instance id -> zone
        self.owner: dict[int, str] = {}
        self.card_id: dict[int, str] = {}
        self.zone_size: dict[str, int] = {}
        self.kinds: Counter[str] = Counter()
        self.drawn: dict[str, list[int]] = {"p1": [], "p2": []}

    def fail(self, rec: dict[str, Any], msg: str) -> None:
        raise MozRefereeError(f"line {rec.get('seq')} ({rec.get('event')}): {msg}")

    def setup(self, rec: dict[str, Any]) -> None:
        for seat in SEATS:
            rows = rec["cards"][seat]
            for iid, cid, zone in rows:
                if iid in self.where:
                    self.fail(rec, f"instance {iid} listed twice")
                self.where[iid], self.owner[iid], self.card_id[iid] = zone, seat, cid
            self.zone_size[seat] = sum(1 for _, _, z in rows if z == "zone")
            if sum(1 for _, _, z in rows if z == "unordered") != 5:
                self.fail(rec, f"{seat} has not 5 summoners")

    def counts(self) -> dict[str, dict[str, int]]:
        out = {seat: dict.fromkeys(ZONES + SUMMONER_ZONES, 0) for seat in SEATS}
        for iid, zone in self.where.items():
            out[self.owner[iid]][zone] += 1
        return out

    def see(self, rec: dict[str, Any]) -> None:
        if rec["event"] == "header":
            return
        missing = [k for k in EVERY_LINE if k not in rec]
        if missing:
            self.fail(rec, f"missing {missing}")
        if rec["active"] not in SEATS:
            self.fail(rec, f"active {rec['active']!r}")
        self.kinds[rec["event"]] += 1
        if rec["event"] == "setup":
            self.setup(rec)
        elif not self.where:
            self.fail(rec, "an event before the setup line")
        moves = rec.get("moves", [])
        if rec["event"] == "game_over":  # its `moves` is the number of actions
            moves = []
        for m in moves:
            iid = m["card"]
            if self.where.get(iid) != m["from"]:
                self.fail(rec, f"card {iid} moves from {m['from']} but is in {self.where.get(iid)}")
            if self.owner[iid] != m["owner"] or self.card_id[iid] != m["id"]:
                self.fail(rec, f"card {iid} is {self.owner[iid]}'s {self.card_id[iid]}, not {m['owner']}'s {m['id']}")
            if m["from"] == m["to"]:
                self.fail(rec, f"card {iid} moves from {m['from']} to itself")
            self.where[iid] = m["to"]
            if m["from"] == "zone" and m["to"] == "hand":
                self.drawn[m["owner"]].append(iid)
        mine = self.counts()
        if rec["state"] != mine:
            self.fail(rec, f"state {rec['state']} but the moves give {mine}")
        for seat in SEATS:
            if sum(mine[seat][z] for z in ZONES) != self.zone_size[seat]:
                self.fail(rec, f"N-6: {seat}'s zone cards do not add up to {self.zone_size[seat]}")
            if sum(mine[seat][z] for z in SUMMONER_ZONES) != 5:
                self.fail(rec, f"N-6: {seat}'s summoners do not add up to 5")


def referee_moz_log(lines: list[dict[str, Any]]) -> MozReferee:
    ref = MozReferee()
    for n, rec in enumerate(lines):
        if rec.get("seq") != n:
            raise MozRefereeError(f"line {n}: seq {rec.get('seq')}")
        ref.see(rec)
    if not ref.where:
        raise MozRefereeError("no setup line")
    return ref
