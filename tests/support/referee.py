"""A referee that checks a game from its JSON Lines log alone (INTERFACES.md section 5).

It follows every card from the `setup` event (each main deck card in its deck, each dunamis
card face down in its dunamis) through the `moves` of every event, and checks at every event:

- each move takes the card from where the log last put it, with the right owner;
- each player's `state` counts are exactly where the log put that player's cards, and they add
  up to the size of that player's main deck plus dunamis;
- each `pay` event (C-1): as many resources as the cost, all the payer's, all rebooted before,
  one of them of the paid card's color unless it is colorless; they are slept after; the cost
  is the one the `declare` of that card stated; and the colors the log gives agree over the
  game (a card number has one color: each resource and each paid card, known by the card
  numbers of `setup` and of the moves, is given the same color every time);
- the moves an event carries are moves that event may make (a `draw` moves deck -> hand only,
  an `attack` moves nothing, ...).

Resources are followed as rebooted / slept: a card enters the resources rebooted unless its
move says `slept`; `pay` and `sleep` events sleep, `reboot` events reboot.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

ZONES = ("deck", "hand", "life", "resource", "charge", "trash", "field", "dunamis_down", "dunamis_up",
         "pending")

ANY = None  # an event that may move cards between any zones (an effect's event, a refresh...)
# event -> the (from, to) pairs its moves may have; events not listed must move nothing
ALLOWED: dict[str, set[tuple[str, str]] | None] = {
    "start_card": {("deck", "field")},
    "gate_card": {("deck", "dunamis_up")},
    "mulligan": {("hand", "deck")},
    "draw": {("deck", "hand")},
    "setup_life": {("deck", "life")},
    "setup_resource": {("deck", "resource")},
    "resource": {("hand", "resource")},
    "ignite": {("charge", "trash")},
    "ignition": {("deck", "pending")},
    "ignition_trash": {("pending", "trash")},
    "refresh": {("trash", "deck")},
    "refresh_life": {("life", "charge")},
    "life_damage": {("life", "pending")},
    "life_to_charge": {("pending", "charge")},
    "life_recover": {("deck", "life")},
    "play": {("pending", "field"), ("dunamis_down", "field")},
    "declare": {("hand", "pending"), ("dunamis_down", "pending"), ("trash", "pending"), ("charge", "pending"),
                ("deck", "pending")},
    "event_resolved": {("pending", "trash"), ("pending", "dunamis_up")},
    "not_placed": {("pending", "trash"), ("pending", "dunamis_up"), ("pending", "dunamis_down"),
                   ("dunamis_down", "dunamis_up")},
    "shift": {("dunamis_down", "field")},
    "discard": {("hand", "trash")},
    "to_trash": {("charge", "trash"), ("hand", "trash"), ("field", "trash"), ("pending", "trash"),
                 ("field", "dunamis_up")},
    "mill": {("deck", "trash")},
    "ramp": {("deck", "resource")},
    "charge_from_deck": {("deck", "charge")},
    "search": {("deck", "hand"), ("deck", "resource"), ("deck", "pending")},
    "retrieve": {(z, t) for z in ("trash", "charge") for t in ("hand", "resource", "deck")},
    "alter_force": {("trash", "field"), ("trash", "pending")},
}
# a Z/X leaving its square: it, its forces and its Shift (to the trash / dunamis), nothing else
LEAVE = {("field", z) for z in ("charge", "trash", "hand", "deck", "resource", "dunamis_up")}
for _e in ("destroy", "bounce", "deck_bottom", "to_resource", "void_bringer", "replaced"):
    ALLOWED[_e] = LEAVE
ALLOWED["to_trash"] |= LEAVE


class RefereeError(AssertionError):
    pass


class Referee:
    """Feed it the log's records in order (`see`); it raises RefereeError at the first problem."""

    def __init__(self) -> None:
        self.pos: dict[int, tuple[str, str]] = {}  # card -> (owner, zone)
        self.total: dict[str, int] = {}
        self.slept: set[int] = set()  # resources that are slept
        self.payments = 0
        self.moves = 0
        self.seq = -1
        self.card_id: dict[int, str] = {}  # instance -> card number (setup, moves)
        self.color_of: dict[str, tuple[str, int]] = {}  # card number -> (color the log gave, seq)
        self.declared: dict[int, int] = {}  # card being played -> the cost its `declare` stated

    def start(self, zones: dict[str, dict[str, list[int]]]) -> None:
        """Where each player's cards are at the start: {"p1": {"deck": [ids], "hand": [...], ...}}
        (the `setup` event, or a scenario's position; zones as in `state`)."""
        for who, z in zones.items():
            for zone, iids in z.items():
                for iid in iids:
                    self.pos[iid] = (who, zone)
            self.total[who] = sum(len(v) for v in z.values())

    def fail(self, rec: dict[str, Any], msg: str) -> None:
        raise RefereeError(f"seq {rec.get('seq')} {rec.get('event')}: {msg}")

    def see(self, rec: dict[str, Any]) -> None:
        ev = rec["event"]
        if rec["seq"] != self.seq + 1:
            self.fail(rec, f"sequence number after {self.seq}")
        self.seq = rec["seq"]
        if ev == "header":  # a --log file's first line: who wrote it, the game's set-up
            return
        if ev == "setup":
            self.start({who: {"deck": [i for i, _ in z["deck"]], "dunamis_down": [i for i, _ in z["dunamis"]]}
                        for who, z in rec["cards"].items()})
            for z in rec["cards"].values():
                self.card_id.update((i, cid) for i, cid in (*z["deck"], *z["dunamis"]))
        elif not self.pos:
            self.fail(rec, "the log does not begin with a setup event")
        if ev == "declare" and "cost" in rec:
            self.declared[rec["card"]] = rec["cost"]
        elif ev in ("play", "not_placed", "event_resolved"):  # the play is over (nothing paid: cost 0)
            self.declared.pop(rec.get("card"), None)
        if ev == "pay":
            self._pay(rec)
        elif ev in ("sleep", "reboot"):
            for c in rec.get("cards", []):
                if c in self.pos and self.pos[c][1] == "resource":
                    (self.slept.add if ev == "sleep" else self.slept.discard)(c)
        allowed = ALLOWED.get(ev, set())
        for m in rec.get("moves", []):
            self._move(rec, m, allowed)
        self._counts(rec)

    def _move(self, rec: dict[str, Any], m: dict[str, Any], allowed: set | None) -> None:
        c, frm, to = m["card"], m["from"], m["to"]
        if self.card_id.setdefault(c, m["id"]) != m["id"]:
            self.fail(rec, f"card {c} moves as {m['id']}, but it is {self.card_id[c]}")
        if frm not in ZONES or to not in ZONES:
            self.fail(rec, f"unknown zone in {m}")
        if allowed is not None and (frm, to) not in allowed:
            self.fail(rec, f"this event may not move a card {frm} -> {to}: {m}")
        if self.pos.get(c) != (m["owner"], frm):
            self.fail(rec, f"card {c} ({m['id']}) moved from {m['owner']} {frm}, but the log has it at {self.pos.get(c)}")
        self.pos[c] = (m["owner"], to)
        if frm == "resource":
            self.slept.discard(c)
        if to == "resource" and m.get("slept"):
            self.slept.add(c)
        self.moves += 1

    def _pay(self, rec: dict[str, Any]) -> None:
        """C-1 from the log alone."""
        who, cost, color = rec["player"], rec["cost"], rec["color"]
        res = rec["resources"]
        if len(res) != cost or len(set(res)) != len(res):
            self.fail(rec, f"C-1: {len(res)} distinct resources slept for a cost of {cost}")
        for r in res:
            if self.pos.get(r) != (who, "resource"):
                self.fail(rec, f"C-1: {r} is not a resource of {who} (log has {self.pos.get(r)})")
            if r in self.slept:
                self.fail(rec, f"C-1: resource {r} was already slept")
        colors = rec["colors"]
        if len(colors) != len(res):
            self.fail(rec, f"C-1: {len(colors)} colors for {len(res)} resources")
        if cost and color != "colorless" and color not in colors:
            self.fail(rec, f"C-1: no {color} resource among {colors}")
        for card, col in ((rec["card"], color), *zip(res, colors)):
            self._color(rec, card, col)
        declared = self.declared.pop(rec["card"], None)
        if declared is not None and declared != cost:
            self.fail(rec, f"C-1: {cost} paid for card {rec['card']}, whose play declared a cost of {declared}")
        self.slept.update(res)
        self.payments += 1

    def _color(self, rec: dict[str, Any], card: int, color: str) -> None:
        """The log gives a card number one color all game long."""
        cid = self.card_id.get(card)
        if cid is None:
            self.fail(rec, f"C-1: card {card} is not a card of the game")
        seen = self.color_of.setdefault(cid, (color, rec["seq"]))
        if seen[0] != color:
            self.fail(rec, f"C-1: card {card} ({cid}) is given as {color}, but as {seen[0]} at seq {seen[1]}")

    def _counts(self, rec: dict[str, Any]) -> None:
        state = rec["state"]
        have: dict[str, Counter] = {w: Counter() for w in state}
        for who, zone in self.pos.values():
            have[who][zone] += 1
        for who, counts in state.items():
            for z in ZONES:
                if counts.get(z, 0) != have[who][z]:
                    self.fail(rec, f"{who} {z}: state says {counts.get(z, 0)}, the moves give {have[who][z]}")
            if sum(counts.get(z, 0) for z in ZONES) != self.total[who]:
                self.fail(rec, f"{who}: the counts add up to {sum(counts.values())}, not {self.total[who]}")


def referee_log(records: list[dict[str, Any]]) -> Referee:
    """Check a whole log (parsed JSON Lines records); returns the referee for its tallies."""
    ref = Referee()
    for rec in records:
        ref.see(rec)
    return ref
