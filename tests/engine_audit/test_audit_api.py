"""Audit of the public API: hidden information (observation, determinize), clone independence, replay."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from scenario import FILLER, Table, zx

from zxdeck.agents import make_agent
from zxdeck.engine import PLAYER, Game
from zxdeck.engine.replay import record, replay
from zxdeck.engine.rng import Rng
from zxdeck.engine.synth import synthetic_deck

ROOT = Path(__file__).resolve().parents[2]
D1 = synthetic_deck("red", "R")
D2 = synthetic_deck("blue", "B")


@pytest.fixture(scope="module")
def example_specs():
    from zxdeck.catalog import load_catalog
    from zxdeck.deck import read_deck
    from zxdeck.engine.decks import spec_from_deck

    cat = load_catalog(ROOT / "data" / "cards.yaml")
    return cat, [spec_from_deck(read_deck(ROOT / "examples" / "decks" / f"{c}.txt", cat))
                 for c in ("red", "blue", "white", "black", "green")]


def state_key(g: Game) -> tuple:
    return (
        tuple((tuple(p.deck), tuple(p.hand), tuple(p.life), tuple(p.resources), tuple(p.charge),
               tuple(p.trash), tuple(p.dunamis), tuple(sorted(p.counters.items())), p.player_face_up,
               p.ex_used, p.event_ex_used, p.shift_used, p.refreshes)
              for p in g.players),
        tuple(g.squares), bytes(g.slept), bytes(g.face_up), tuple(sorted(g.damage.items())),
        tuple(sorted(g.bonus.items())), tuple(sorted(g.forces.items())), tuple(sorted(g.shift_on.items())),
        tuple(sorted(g.once)), tuple(g.limbo), g.decision, tuple(g.stack), g.turn, g.active, g.over,
        g.winner, g.rng.getstate(), tuple(g.history),
    )


def _hidden(g: Game, viewer: int) -> set[int]:
    me, opp = g.players[viewer], g.players[1 - viewer]
    return set(opp.hand) | set(opp.deck) | set(opp.life) | set(me.deck) | set(me.life) | {
        d for d in opp.dunamis if not g.face_up[d]}


def _walk_ints(obj, out: list) -> None:
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in ("iid", "hand_iids") or isinstance(v, dict | list):
                _walk_ints(v, out)
    elif isinstance(obj, list):
        for x in obj:
            if isinstance(x, int) and not isinstance(x, bool):
                out.append(x)
            else:
                _walk_ints(x, out)
    elif isinstance(obj, int) and not isinstance(obj, bool):
        out.append(obj)


def _games(specs, n: int, steps: int = 4000):
    """Random-agent games (yielding the game after every action)."""
    for s in range(n):
        a, b = specs[s % len(specs)], specs[(s + 1) % len(specs)]
        g = Game(a, b, seed=100 + s)
        agents = (make_agent("random", s), make_agent("greedy", s + 7))
        for _ in range(steps):
            if g.is_over():
                break
            g.apply(agents[g.current_player()].choose(g))
            yield g


def test_observation_never_names_hidden_cards(example_specs) -> None:
    """Z-4 hidden information: no instance id of a hidden card (opponent's hand, decks, face-down life,
    opponent's face-down dunamis) appears in observation(viewer); the opponent's hand is a count and
    their face-down dunamis entries carry nothing but face_up=False."""
    _, specs = example_specs
    checked = 0
    for g in _games(specs, 3, 600):
        for v in (0, 1):
            obs = g.observation(v)
            json.dumps(obs)
            ints: list = []
            for u in obs["field"]:
                if u is not None:
                    ints.append(u["iid"])
            for pv in obs["players"]:
                for r in pv["resources"]:
                    ints.append(r["iid"])
                for d in pv["dunamis"]:
                    if "iid" in d:
                        ints.append(d["iid"])
                    else:
                        assert d == {"face_up": False}
                if pv["hand_iids"]:
                    ints.extend(pv["hand_iids"])
            assert not set(ints) & _hidden(g, v)
            opp = obs["players"][1 - v]
            assert isinstance(opp["hand"], int) and opp["hand_iids"] is None
            assert isinstance(opp["life"], int) and isinstance(opp["deck"], int)
            assert isinstance(obs["players"][v]["life"], int)  # own life is face down too
            checked += 1
    assert checked > 100


def test_observation_invariant_under_determinize(example_specs) -> None:
    """Z-4 hidden information: redealing what the viewer cannot see never changes the viewer's observation,
    nor (at the viewer's own decision) the viewer's legal actions."""
    _, specs = example_specs
    rng = Rng(5)
    n = 0
    for g in _games(specs, 4, 500):
        v = g.current_player()
        if v < 0:
            continue
        if g.decision[0] in ("main", "battle"):  # nothing left waiting at a phase decision
            assert not g.triggers and not any(t[0] == "resolved" for t in g.stack)
        d = g.determinize(v, rng)
        assert d.observation(v) == g.observation(v), g.decision_kind()
        if g.started:  # before S-10 the opponent's face-down start card is hidden, so re-dealt (S-2)
            assert d.observation(1 - v)["field"] == g.observation(1 - v)["field"]
        assert d.legal_actions() == g.legal_actions(), g.decision_kind()
        n += 1
    assert n > 100


def test_determinize_index_and_square_picks_pin_no_card() -> None:
    """Z-4, B-6 hidden information: at a life_hit pick (options are indices 0..n, not card ids) determinize
    must still redeal the viewer's own deck (no card stays at its true place because its id is small)."""
    t = Table(seed=3)
    g = t.g
    t.to_main()
    a = t.add(zx("A-R", "赤", "red", 1, 5000), 0, "field", 4)
    t.act("attack", a, PLAYER)
    t.pass_battle()
    assert t.kind == "pick:life_hit"
    small = [i for i in (0, 1, 2, 3) if i in g.players[0].deck]
    assert small
    moved = set()
    for s in range(30):
        d = g.determinize(0, Rng(s))
        for i in small:
            if i not in d.players[0].deck or d.players[0].deck.index(i) != g.players[0].deck.index(i):
                moved.add(i)
    assert moved == set(small)


def test_determinize_other_players_pick_pins_nothing() -> None:
    """Z-4 hidden information: when the OPPONENT is choosing among their own hidden cards (discard), a
    determinization for the other player must not keep those cards in the opponent's hand."""
    t = Table(seed=4)
    g = t.g
    t.to_main()
    hand1 = [t.add(zx(f"A-H{i}", f"手{i}", "blue", i, 1000), 1, "hand") for i in range(3)]
    t.cast({"do": "discard", "n": 1, "who": "opponent"})
    assert t.kind == "pick:discard" and t.who == 1
    out = 0
    for s in range(20):
        d = g.determinize(0, Rng(s))
        out += sum(1 for i in hand1 if i not in d.players[1].hand)
        # the pending pick follows the redeal: it offers the opponent's new hand
        offered = {a.a for a in d.legal_actions()}
        assert offered <= set(d.players[1].hand)
        assert {d.cards[i].id for i in offered} == {d.cards[i].id for i in d.players[1].hand}
        d.apply(d.legal_actions()[0])
        assert len(d.players[1].hand) == 2
    assert out > 0


def test_clone_independence_deep(example_specs) -> None:
    """S-4, R-1 (shuffles) clone(): playing a clone to the end (and editing its nested zones) leaves the original unchanged."""
    _, specs = example_specs
    g = Game(specs[0], specs[1], seed=9)
    agent = make_agent("random", 9)
    for _ in range(120):
        g.apply(agent.choose(g))
    before = state_key(g)
    c = g.clone()
    assert state_key(c) == before
    c.players[0].counters["dream_key"] = 99
    c.players[1].hand.append(-5)
    c.forces[0] = (1, 2)
    c.once.add((0, "x", 0))
    c.players[1].hand.pop()
    while not c.is_over():
        c.apply(agent.choose(c))
    assert state_key(g) == before
    # and the original plays on exactly like a fresh clone would
    c2 = g.clone()
    a1, a2 = make_agent("random", 3), make_agent("random", 3)
    for _ in range(200):
        if g.is_over():
            break
        x = a1.choose(g)
        assert x == a2.choose(c2)
        g.apply(x)
        c2.apply(x)
    assert state_key(g) == state_key(c2)


def test_clone_add_card_does_not_touch_original() -> None:
    """Z-4 clone(): adding a card to a clone (positions for tests/puzzles) does not change the original."""
    t = Table()
    g = t.g
    n = len(g.cards)
    c = g.clone()
    c.add_card(FILLER, 0, "hand")
    assert len(g.cards) == n and len(g.owner) == n and len(g.scripts) == n and len(g.slept) == n


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_replay_exact_with_rng_abilities(seed: int) -> None:
    """S-4, S-5 replay: seed + actions rebuild the same game, with random discards and searches (shuffles)."""
    from zxdeck.engine.synth import event

    rnd = event("A-RD", "混乱", "red", 0, abilities=[
        {"kind": "event", "effects": [{"do": "discard", "n": 2, "who": "opponent", "random": True},
                                      {"do": "search", "filter": {"max_cost": 2}, "n": 1}]}])
    main = tuple(list(D1.main[:42]) + [rnd] * 8)
    from zxdeck.engine import DeckSpec

    d1 = DeckSpec(main=main, name="rng")
    g = Game(d1, D2, seed=seed)
    agents = (make_agent("random", seed), make_agent("random", seed + 1))
    while not g.is_over():
        g.apply(agents[g.current_player()].choose(g))

    class Cat:
        def get(self, cid):
            return {c.id: c for c in main + D2.main}.get(cid)

    g2 = replay(record(g), Cat())
    assert state_key(g2)[:-2] == state_key(g)[:-2] and g2.history == g.history
    assert g2.winner == g.winner and g2.reason == g.reason


def test_observation_shows_the_revealed_life_card_to_both() -> None:
    """B-6, hidden information: the revealed life card is public: the defender deciding where to play
    it (and the attacker) see it in observation()['revealed']; it is not in anyone's life any more."""
    t = Table()
    g = t.g
    t.to_main()
    ig = zx("A-IG", "青の炎", "blue", 2, 4000, ignition=True)
    life = t.set_life(1, [ig, FILLER])
    a = t.add(zx("A-R", "赤", "red", 1, 5000), 0, "field", 4)
    t.act("attack", a, PLAYER)
    t.pass_battle()
    t.pick(0)
    assert t.kind == "pick:life_play" and t.who == 1
    for v in (0, 1):
        obs = g.observation(v)
        assert obs["revealed"] == [{"iid": life[0], "id": "A-IG", "owner": 1}]
        assert obs["players"][1]["life"] == 1
    assert g.observation(1)["decision"] == "pick:life_play" and g.observation(0)["decision"] is None


def test_s2_s10_opponent_start_card_and_player_card_face_down_until_setup_done() -> None:
    """S-1, S-2, S-10, hidden information: during the mulligan (S-7) the opponent's start card and
    player card are still face down: observation() shows neither; after S-10 both are public."""
    from zxdeck.engine import DeckSpec

    start = zx("A-ST", "始まりの竜", "red", 1, 3000, keywords=("start_card",))
    pc = zx("A-PC", "アカネ", ctype="player", cost=0, power=0)
    deck = DeckSpec(main=(start,) + (FILLER,) * 39, player=pc)
    g = Game(deck, deck, seed=2, first=0)
    while g.decision_kind() == "pick:start_card":
        g.apply(next(a for a in g.legal_actions() if a.kind == "pick"))
    assert g.decision_kind() == "mulligan"
    v = g.current_player()
    obs = g.observation(v)
    theirs = obs["field"][7 if v == 0 else 1]
    mine = obs["field"][1 if v == 0 else 7]
    assert theirs["face_down"] and theirs["id"] is None and theirs["name"] == "" and theirs["power"] == 0
    assert mine["id"] == "A-ST" and not mine["face_down"]
    assert obs["players"][1 - v]["player_card"] == "" and obs["players"][v]["player_card"] == "アカネ"
    while g.decision_kind() == "mulligan":
        g.apply(g.legal_actions()[0])
    obs = g.observation(v)
    assert obs["field"][7 if v == 0 else 1]["id"] == "A-ST"
    assert obs["players"][1 - v]["player_card"] == "アカネ"


def test_s2_determinize_redeals_the_opponents_face_down_start_card() -> None:
    """S-2, S-10, hidden information: during the mulligan the viewer does not know which start card
    the opponent put face down, so determinize() deals it again among the opponent's hidden start
    cards (never another kind of card); the observation and the card pools are unchanged."""
    from collections import Counter

    from zxdeck.engine import DeckSpec

    st1 = zx("A-ST1", "始まりの竜", "red", 1, 3000, keywords=("start_card",))
    st2 = zx("A-ST2", "始まりの騎士", "red", 1, 3000, keywords=("start_card",))
    deck = DeckSpec(main=(st1, st2, st2) + (FILLER,) * 37)
    g = Game(deck, deck, seed=5, first=0)
    while g.decision_kind() == "pick:start_card":
        g.apply(next(a for a in g.legal_actions() if a.kind == "pick" and g.cards[a.a].id == "A-ST1"))
    assert g.decision_kind() == "mulligan"
    v = g.current_player()
    opp_sq = 7 if v == 0 else 1
    real = g.squares[opp_sq]
    assert g.cards[real].id == "A-ST1"
    seen = Counter()
    for s in range(40):
        d = g.determinize(v, Rng(s))
        assert d.observation(v) == g.observation(v)
        u = d.squares[opp_sq]
        assert d.cards[u].start_card and d.owner[u] == 1 - v
        seen[d.cards[u].id] += 1
        po, pd = g.players[1 - v], d.players[1 - v]
        assert Counter(po.hand + po.deck + po.life + [real]) == Counter(pd.hand + pd.deck + pd.life + [u])
        assert d.squares[8 - opp_sq] == g.squares[8 - opp_sq]  # the viewer's own start card stays
    assert seen["A-ST2"] > 0 and seen["A-ST1"] > 0
