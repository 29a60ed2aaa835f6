"""The game record (INTERFACES.md section 5): a referee follows every card and every payment from
the JSON Lines log alone (tests/support/referee.py) and finds the `state` of every event.

C-1 (each payment), and the `pending` count of INTERFACES 5: a revealed life card waiting for
its owner's choice (B-6), an event or Event EX resolving (T-2, E-1), a card being played.
"""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path

import pytest
from referee import Referee, RefereeError, referee_log
from scenario import Table, zx

from zxdeck.agents.match import play_game
from zxdeck.engine.actions import PLAYER
from zxdeck.engine.log import JsonlLogger
from zxdeck.engine.synth import event

ROOT = Path(__file__).resolve().parents[2]
COLORS = ("red", "blue", "white", "black", "green")
GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture(scope="module")
def specs():
    from zxdeck.catalog import load_catalog
    from zxdeck.deck import read_deck
    from zxdeck.engine.decks import spec_from_deck

    cat = load_catalog(ROOT / "data" / "cards.yaml")
    return {c: spec_from_deck(read_deck(ROOT / "examples" / "decks" / f"{c}.txt", cat), name=c) for c in COLORS}


def _log(p1, p2, agents, seed: int) -> list[dict]:
    out = io.StringIO()
    play_game(p1, p2, agents, seed=seed, listener=JsonlLogger(out))
    return [json.loads(x) for x in out.getvalue().splitlines()]


AGENTS = [("random", "random"), ("greedy", "greedy"), ("random", "greedy"), ("greedy", "random")]


@pytest.mark.parametrize("agents", AGENTS, ids="-".join)
def test_c1_the_log_accounts_for_every_card_and_payment(specs, agents) -> None:
    """Every pairing of the example decks (25), for each agent pairing: the referee replays each
    log's moves onto per-player zones and finds each event's `state`, and every `pay` event
    passes C-1. The games must exercise the record: payments, life cards, events, and (in the
    long random games) refreshes (R-1)."""
    totals = {"moves": 0, "payments": 0, "life_damage": 0, "event_resolved": 0}
    if agents == ("random", "random"):
        totals["refresh"] = 0
    for i in range(25):
        recs = _log(specs[COLORS[i % 5]], specs[COLORS[i // 5]], agents, seed=1000 + i)
        ref = referee_log(recs)
        totals["moves"] += ref.moves
        totals["payments"] += ref.payments
        for r in recs:
            if r["event"] in totals:
                totals[r["event"]] += 1
    assert all(totals.values()), totals


def test_the_golden_logs_pass_the_referee() -> None:
    for path in sorted(GOLDEN.glob("*.jsonl")):
        recs = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines()]
        assert referee_log(recs).payments > 0, path.name


# ------------------------------------------------------------------ the referee can fail


@pytest.fixture(scope="module")
def one_log(specs) -> list[dict]:
    return _log(specs["red"], specs["blue"], ("greedy", "greedy"), seed=1)


def _first(recs: list[dict], event: str, pred=lambda r: True) -> int:
    return next(i for i, r in enumerate(recs) if r["event"] == event and pred(r))


def test_a_card_move_left_out_of_the_log_is_caught(one_log) -> None:
    recs = copy.deepcopy(one_log)
    i = _first(recs, "draw")
    recs[i]["moves"].pop()
    with pytest.raises(RefereeError, match="state says"):
        referee_log(recs)


def test_a_move_from_the_wrong_zone_is_caught(one_log) -> None:
    recs = copy.deepcopy(one_log)
    i = _first(recs, "resource")
    recs[i]["moves"][0]["owner"] = "p1" if recs[i]["moves"][0]["owner"] == "p2" else "p2"
    with pytest.raises(RefereeError, match="moved from"):
        referee_log(recs)


def test_a_move_the_event_cannot_make_is_caught(one_log) -> None:
    recs = copy.deepcopy(one_log)
    i = _first(recs, "draw")
    recs[i]["event"] = "attack"
    with pytest.raises(RefereeError, match="may not move"):
        referee_log(recs)


def test_c1_paying_with_a_slept_resource_is_caught(specs) -> None:
    """C-1: the referee knows from the log which resources are slept: paying twice with one is refused."""
    for seed in range(20):
        recs = _log(specs["red"], specs["green"], ("greedy", "greedy"), seed=seed)
        pays = [i for i, r in enumerate(recs) if r["event"] == "pay"]
        same = [(i, j) for i, j in zip(pays, pays[1:])
                if recs[i]["turn"] == recs[j]["turn"] and recs[i]["player"] == recs[j]["player"]]
        if same:
            break
    i, j = same[0]
    referee_log(recs)
    recs[j]["resources"][0] = recs[i]["resources"][0]
    with pytest.raises(RefereeError, match="already slept"):
        referee_log(recs)


def test_c1_a_payment_without_the_color_or_short_is_caught(one_log) -> None:
    recs = copy.deepcopy(one_log)
    i = _first(recs, "pay", lambda r: r["color"] != "colorless")
    recs[i]["colors"] = ["green"] * len(recs[i]["colors"])
    with pytest.raises(RefereeError, match="C-1: no"):
        referee_log(copy.deepcopy(recs))
    recs = copy.deepcopy(one_log)
    recs[i]["cost"] += 1
    with pytest.raises(RefereeError, match="C-1"):
        referee_log(recs)


# ------------------------------------------------------------------ pending (INTERFACES 5)


class Recorder:
    """A listener writing the JSON Lines log of a scenario, and a referee that checks it. The
    referee starts from the scenario's position when the recorder is attached (`listen`)."""

    def __init__(self, t: Table) -> None:
        self.out = io.StringIO()
        self.logger = JsonlLogger(self.out)
        self.ref = Referee()
        g = t.g
        self.ref.start({w: {"deck": list(ps.deck), "hand": list(ps.hand), "life": list(ps.life),
                            "resource": list(ps.resources), "charge": list(ps.charge), "trash": list(ps.trash),
                            "dunamis_down": [d for d in ps.dunamis if not g.face_up[d]],
                            "dunamis_up": [d for d in ps.dunamis if g.face_up[d]],
                            "field": [u for u in g.squares if u >= 0 and g.owner[u] == p]}
                        for p, (w, ps) in enumerate(zip(("p1", "p2"), g.players))})
        self.ref.seq = -1
        self.ref.card_id = {i: c.id for i, c in enumerate(g.cards)}  # what the setup event would say
        self.seen = 0
        g.listener = self

    def __call__(self, g, ev, data) -> None:
        self.logger(g, ev, data)

    def records(self) -> list[dict]:
        """The records so far, each checked by the referee (C-1, moves, counts adding up)."""
        recs = [json.loads(x) for x in self.out.getvalue().splitlines()]
        for r in recs[self.seen:]:
            self.ref.see(r)
        self.seen = len(recs)
        return recs


def test_b6_a_revealed_life_card_waiting_for_its_owner_is_pending() -> None:
    """B-6: the life card hit is revealed: while its owner decides to play it, it is in no zone
    (pending 1), and the counts still add up; declined, it goes to the charge (pending 0)."""
    t = Table()
    t.to_main()
    ig = zx("T-IGL", "命の竜", "red", 2, 3000, ignition=True)
    t.set_life(1, [ig, ig])
    a = t.add(zx("T-ATK", "攻め手", "red", 1, 5000), 0, "field", 4)
    rec = Recorder(t)
    t.act("attack", a, PLAYER)
    t.pass_battle()
    t.pick(0)
    assert t.kind == "pick:life_play" and t.who == 1
    last = rec.records()[-1]
    assert last["event"] == "life_damage" and last["state"]["p2"]["pending"] == 1
    t.done()
    after = [r for r in rec.records() if r["event"] == "life_to_charge"]
    assert after and after[0]["state"]["p2"]["pending"] == 0 and after[0]["state"]["p2"]["charge"] == 1


def test_t2_an_event_resolving_is_pending_until_it_goes_to_the_trash() -> None:
    """T-2: an event resolves in no zone (pending), then goes to the trash (`event_resolved`)."""
    t = Table()
    t.to_main()
    iid = t.add(event("T-EV", "テスト", "colorless", 0, abilities=[{"kind": "event", "effects": [
        {"do": "draw", "n": 1}]}]), 0, "hand")
    rec = Recorder(t)
    t.act("play", iid, -1)
    recs = rec.records()
    evs = [r["event"] for r in recs]
    assert evs[:3] == ["action", "declare", "play"] and "event_resolved" in evs  # the move, then what it did
    k = evs.index("event_resolved")
    assert recs[0]["state"]["p1"]["pending"] == 0
    assert all(r["state"]["p1"]["pending"] == 1 for r in recs[1:k]) and recs[k]["state"]["p1"]["pending"] == 0
    assert [(m["card"], m["from"], m["to"]) for m in recs[k]["moves"]] == [(iid, "pending", "trash")]


def test_c1_a_scenario_with_costs_passes_the_referee() -> None:
    """C-1: a played Z/X and an event with costs, an attack and a life card: the referee follows it."""
    t = Table()
    t.to_main()
    t.resources(0, "red", 3)
    ev = t.add(event("T-EV", "テスト", "red", 1, abilities=[{"kind": "event", "effects": [
        {"do": "draw", "n": 2}]}]), 0, "hand")
    card = t.add(zx("T-RED", "赤の戦士", "red", 2, 5000), 0, "hand")
    rec = Recorder(t)
    t.act("play", ev, -1)
    t.act("play", card, 4)
    t.act("attack", card, PLAYER)
    t.pass_battle()
    t.pick(0)
    recs = rec.records()
    pays = [r for r in recs if r["event"] == "pay"]
    assert [p["cost"] for p in pays] == [1, 2] and rec.ref.payments == 2
    assert "life_damage" in [r["event"] for r in recs]


def test_e1_an_event_ex_resolving_is_pending_and_turns_face_up_after() -> None:
    """E-1: an Event EX leaves the face-down dunamis while its effect resolves (pending, not face
    up) and goes face up into the dunamis once it has resolved."""
    t = Table()
    g = t.g
    t.to_main()
    ex = t.add(event("T-EEX", "双つの奇跡", "colorless", 0, ctype="event_ex", abilities=[
        {"kind": "event", "effects": [{"do": "draw", "n": 1}]},
        {"kind": "event", "effects": [{"do": "draw", "n": 2}]}]), 0, "dunamis")
    rec = Recorder(t)
    t.act("event_ex", ex, 0)
    recs = rec.records()
    evs = [r["event"] for r in recs]
    assert evs[:4] == ["action", "declare", "play", "ability"] and evs[-1] == "event_resolved"
    draw = recs[evs.index("draw")]
    assert draw["state"]["p1"]["pending"] == 1 and draw["state"]["p1"]["dunamis_up"] == 0
    assert recs[-1]["state"]["p1"]["pending"] == 0 and recs[-1]["state"]["p1"]["dunamis_up"] == 1
    assert g.face_up[ex] and ex in g.players[0].dunamis


def test_c1_a_color_the_log_gives_against_an_earlier_one_is_caught(one_log) -> None:
    """C-1: a card number has one color: a pay event that calls a resource (or the paid card)
    another color than the log gave that card number before is refused."""
    recs = copy.deepcopy(one_log)
    pays = [i for i, r in enumerate(recs) if r["event"] == "pay"]
    first = recs[pays[0]]
    later = next(i for i in pays[1:] if first["resources"][0] in recs[i]["resources"])
    k = recs[later]["resources"].index(first["resources"][0])
    other = next(c for c in ("red", "blue", "white", "black", "green") if c != recs[later]["colors"][k])
    recs[later]["colors"][k] = other
    with pytest.raises(RefereeError, match="is given as"):
        referee_log(recs)


def test_c1_a_payment_other_than_the_declared_cost_is_caught(one_log) -> None:
    """C-1: the cost paid is the cost the play declared."""
    recs = copy.deepcopy(one_log)
    i = _first(recs, "declare", lambda r: r.get("cost", 0) > 0)
    recs[i]["cost"] += 1
    with pytest.raises(RefereeError, match="declared a cost"):
        referee_log(recs)
