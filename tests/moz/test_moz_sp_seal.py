"""SP封じ (MOZ-P037..P039, limit group sp_seal, D-17): N-5 "the opponent may not use a special this
round". Specials are chosen in secret and revealed together (X-2), so the seal must act at the
reveal, before any special resolves (X-4): the sealed special goes back to its owner's hand unused
(docs/MOZ.md, "SP封じ"). Before the fix the seal resolved in X-4 order, after the opponent's special
had been used, and the sealed special resolved anyway.

For every special operation and each seat of the sealing player (p1 = the round's first player, p2 =
the second), the same position is played twice: once with the sealer using a special that does
nothing, once with a real SP封じ card: the seal changes the outcome of the round."""

from __future__ import annotations

from pathlib import Path

import pytest
from moz_scenario import beast, find, ready, summoner, support, to_special_step

from zxdeck.games.moz.catalog.loader import open_catalog
from zxdeck.games.moz.engine import Action, Game
from zxdeck.games.moz.engine.actions import NONE

REPO = Path(__file__).resolve().parents[2]
SEAL_IDS = ("MOZ-P037", "MOZ-P038", "MOZ-P039")


@pytest.fixture(scope="module")
def seal_cards() -> dict[str, object]:
    cat = open_catalog(None)
    return {cid: cat.by_id[cid] for cid in SEAL_IDS}


def special(*effects: dict, name: str = "") -> object:
    return support("special", name=name, abilities=[{"when": "special", "do": list(effects)}])


# the opponent's special of each operation; what it would do to a round the sealer wins on totals
# (sealer's beasts 20+21+22 = 63 against the victim's 10+11+12 = 33)
OPERATIONS: dict[str, dict] = {
    "summoner_power": {"op": "summoner_power", "amount": 500},
    "power": {"op": "power", "amount": 500, "target": {"side": "self", "count": 1}},
    "guard": {"op": "guard", "target": {"side": "opponent", "count": "all"}},
    "send_back": {"op": "send_back", "target": {"side": "opponent", "count": "all"}},
    "exchange": {"op": "exchange", "mode": "any_attribute"},
    "result_win": {"op": "result", "outcome": "win"},
    "result_tie": {"op": "result", "outcome": "tie"},
    "nullify": {"op": "nullify"},
    "protect": {"op": "protect"},
    "speed": {"op": "speed", "amount": 5},
    "draw": {"op": "draw", "amount": 2},
    "seal": {"op": "seal"},
}


def play_round(sealer: int, sealer_card: object, victim_card: object) -> tuple[Game, dict]:
    """Round 1 to its result: seat `sealer` uses `sealer_card`, the other seat `victim_card`; seat 0
    is the first player (speed 9 against 5). Returns the game and the outcome of the round."""
    victim = 1 - sealer
    weak = [beast(a, s, 10 + k) for k, (a, s) in enumerate((("火", "bird"), ("水", "fish"), ("風", "insect")))]
    strong = [beast(a, s, 20 + k) for k, (a, s) in enumerate((("火", "bird"), ("水", "fish"), ("風", "insect")))]
    big = beast("雷", "other", 300)  # what an exchange brings in
    beasts = {sealer: strong, victim: weak}
    zones: dict[int, list] = {sealer: strong + [sealer_card], victim: weak + [victim_card, big]}
    g = ready(zones[0], zones[1], sum0=[summoner(speed=9)], sum1=[summoner(speed=5)])
    for p, cards in ((sealer, [sealer_card]), (victim, [victim_card, big])):
        for c in cards:
            i = find(g, p, c)
            if i not in g.hand[p]:
                g.zone[p].remove(i)
                g.hand[p].append(i)
    to_special_step(g, beasts[0] + [None], beasts[1] + [None])
    hands_before = [len(h) for h in g.hand]
    chosen = {sealer: find(g, sealer, sealer_card), victim: find(g, victim, victim_card)}
    while g.decision_kind() == "special":
        g.apply(Action("special", chosen[g.current_player()]))
    while g.decision_kind() == "pick":
        legal = g.legal_actions()
        # the exchange takes the 300 beast from the hand; any other pick takes the first option
        best = max(legal, key=lambda a: getattr(g.cards[a.a], "power", 0) if a.a < len(g.cards) else 0) \
            if g.decision[2] == "exchange_hand" else legal[0]
        g.apply(best)
    assert g.round == 2 and g.last_result is not None and g.last_result["round"] == 1
    r = g.last_result
    outcome = {"winner": r["winner"], "vp": r["vp"], "totals": r["totals"],
               "victim_card_in_hand": chosen[victim] in g.hand[victim],
               "hand_change": [len(h) - n for h, n in zip(g.hand, hands_before, strict=True)]}
    return g, outcome


@pytest.mark.parametrize("seal_id", SEAL_IDS)
@pytest.mark.parametrize("sealer", [0, 1], ids=["sealer_p1_first", "sealer_p2_second"])
@pytest.mark.parametrize("op", list(OPERATIONS))
def test_n5_d17_x2_x4_a_seal_stops_every_special_operation_of_either_seat(
        op: str, sealer: int, seal_id: str, seal_cards: dict) -> None:
    """N-5, D-17, X-2, X-4: the seal acts at the reveal, whichever seat is first (X-4 order), so the
    sealed special never resolves; it goes back to its owner's hand (not used, not counted, V-3)."""
    victim = 1 - sealer
    blank = support("special", name="何もしない札")
    base_g, base = play_round(sealer, blank, special(OPERATIONS[op], name=f"{op}の札"))
    seal = seal_cards[seal_id]
    g, out = play_round(sealer, seal, special(OPERATIONS[op], name=f"{op}の札"))
    assert out != base  # the seal changes the outcome of the round
    # sealed: the victim's special went back to the hand, and the sealer won on totals (63 vs 33)
    if op != "seal":
        assert out["victim_card_in_hand"] and not base["victim_card_in_hand"]
        assert out["winner"] == sealer and out["totals"][sealer] == 63 and out["totals"][victim] == 33
        # V-3: 6 cards on faces (the bottoms are empty) + the seal itself (the sealed special is not on the battlefield)
        assert out["vp"] == 7
        assert out["hand_change"][victim] == 0
        # the seal left the sealer's hand; P039 (封印の鎖) also draws 1
        assert out["hand_change"][sealer] == (0 if seal_id == "MOZ-P039" else -1)
    # what the special did when it was not sealed
    if op in ("summoner_power", "power", "guard", "send_back", "exchange", "result_win"):
        assert base["winner"] == victim
    elif op == "result_tie":
        assert base["winner"] is None and base_g.held
    elif op == "draw":
        assert base["hand_change"][victim] == 2 - 1  # drew 2, used the special
    elif op == "seal":  # two seals of different names seal each other: neither has any effect
        assert base["victim_card_in_hand"] is False and base["winner"] == sealer and base["vp"] == 7
        assert out["victim_card_in_hand"] is False and out["vp"] == 8 and out["winner"] == sealer
        assert out["hand_change"][sealer] == -1  # P039's draw did not happen either
    else:  # nullify, protect, speed: the round is won on totals either way; the card counted (V-3)
        assert base["winner"] == sealer and base["vp"] == 8


@pytest.mark.parametrize("sealer", [0, 1])
def test_x3_two_seals_of_the_same_name_cancel_each_other(sealer: int, seal_cards: dict) -> None:
    """X-3: the same seal on both sides: neither has any effect, both stay on the battlefield (X-6)."""
    seal = seal_cards["MOZ-P037"]
    g, out = play_round(sealer, seal, seal)
    assert out["winner"] == sealer and out["vp"] == 8 and not out["victim_card_in_hand"]


def test_n5_a_seal_with_no_special_to_stop_still_counts_and_the_narration_says_so(seal_cards: dict) -> None:
    """N-5, X-6: a seal used against no special stays on the battlefield; the events narrate the seal."""
    seal = seal_cards["MOZ-P038"]
    a = [beast("火", "bird", 20), beast("水", "fish", 21), beast("風", "insect", 22)]
    b = [beast("火", "bird", 10), beast("水", "fish", 11), beast("風", "insect", 12)]
    g = ready(a + [seal], b, sum0=[summoner(speed=9)])
    i = find(g, 0, seal)
    if i not in g.hand[0]:
        g.zone[0].remove(i)
        g.hand[0].append(i)
    to_special_step(g, a + [None], b + [None])
    g.apply(Action("special", i))
    while g.decision_kind() == "special":
        g.apply(NONE)
    assert g.last_result["winner"] == 0 and g.last_result["vp"] == 7
    assert any("may not use a special" in e for e in g.events or [])


class _Probe(Game):
    """Records the specials in use at each result (X-5), before the round ends."""

    seen: list

    def _step_result(self) -> None:
        self.seen = getattr(self, "seen", [])
        self.seen.append(([list(s) for s in self.specials], set(self.cancelled)))
        super()._step_result()


def test_d17_n5_in_whole_matches_a_sealed_special_never_resolves() -> None:
    """D-17, N-5, X-4 over random matches with a deck holding a seal (flame_thunder: 沈黙の呪符): at
    every result where one seat's seal stood, the other seat has no special in use."""
    from zxdeck.agents.random_agent import RandomAgent
    from zxdeck.games import adapter

    cat = open_catalog(None)
    rules = adapter("moz")
    d1 = rules.load_deck(str(REPO / "examples/moz/flame_thunder.txt"), cat).setup
    d2 = rules.load_deck(str(REPO / "examples/moz/dusk_minus.txt"), cat).setup
    stood = 0
    for seed in range(60):
        g = _Probe(d1, d2, seed=seed, record=False)
        agents = [RandomAgent(seed), RandomAgent(seed + 1000)]
        while not g.is_over():
            g.apply(agents[g.current_player()].choose(g))
        for specials, cancelled in getattr(g, "seen", []):
            for p in (0, 1):
                seals = [i for i in specials[p] if i not in cancelled and g.cards[i].id in SEAL_IDS]
                if seals:
                    stood += 1
                    assert specials[1 - p] == [], (seed, specials)
    assert stood > 0  # the check ran on real seals
