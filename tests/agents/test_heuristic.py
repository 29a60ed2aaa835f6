"""The heuristic agent's choices in constructed positions (tests/support/scenario.py), one test per
behaviour, each citing the rules it relies on; and its determinism."""

from __future__ import annotations

from battle_cards import BIG, RED, SMALL
from dunamis_cards import EX_DESCENT, IG_OB, OB, PC, RED3
from scenario import FILLER, Table, zx

from zxdeck.agents import AGENTS, make_agent
from zxdeck.agents.greedy import GreedyAgent
from zxdeck.agents.heuristic import HeuristicAgent
from zxdeck.engine import PLAYER, Action, DeckSpec
from zxdeck.engine.synth import event

SHIELD = event("T-SH", "聖なる盾", "blue", 0, timing="battle", abilities=[
    {"kind": "event", "effects": [{"do": "power", "amount": 4000, "target": "attack_target"}]}])
PUSH = event("T-PU", "紅の咆哮", "red", 0, timing="battle", abilities=[
    {"kind": "event", "effects": [{"do": "power", "amount": 3000, "target": "attacker"}]}])
BURN = event("T-BU", "火の粉", "red", 1, timing="main", abilities=[
    {"kind": "event", "effects": [{"do": "destroy", "target": {"side": "opponent"}}]}])
WEAK = zx("T-W", "赤の見習い", "red", 1, 1000)
MID = zx("T-M", "赤の戦士", "red", 1, 3000)


def _agent() -> HeuristicAgent:
    return HeuristicAgent(0)


def _main_table() -> Table:
    t = Table()
    t.to_main()
    return t


# ------------------------------------------------------------------ battle event step (B-3)


def test_b3_defender_plays_a_battle_event_that_saves_its_zx() -> None:
    """B-3, B-5: the defender's SMALL (3000) is attacked by RED (5000); +4000 saves it, so it is played."""
    t = _main_table()
    me = t.add(RED, 0, "field", 4)
    foe = t.add(SMALL, 1, "field", 5)
    ev = t.add(SHIELD, 1, "hand")
    t.act("attack", me, foe)
    t.pass_()
    assert t.kind == "battle" and t.who == 1
    agent = _agent()
    assert agent.choose(t.g) == Action("play", ev, -1)
    best = agent.explain(t.g, 1)[0]
    assert best.action == Action("play", ev, -1) and "B-3" in best.reason
    t.act("play", ev, -1)
    t.pass_battle()
    assert t.g.on_field(foe)


def test_b3_keeps_a_battle_event_that_changes_nothing() -> None:
    """B-3: BIG (9000) survives RED (5000) anyway: the event is kept for later (pass)."""
    t = _main_table()
    me = t.add(RED, 0, "field", 4)
    foe = t.add(BIG, 1, "field", 5)
    t.add(SHIELD, 1, "hand")
    t.act("attack", me, foe)
    t.pass_()
    assert t.who == 1 and len(t.g.legal_actions()) == 2
    assert _agent().choose(t.g) == Action("pass")


def test_b3_attacker_plays_a_battle_event_to_destroy_the_target() -> None:
    """B-3, B-5: RED (5000) attacks a 7000 Z/X; +3000 to the attacker destroys it, so it is played."""
    t = _main_table()
    me = t.add(RED, 0, "field", 4)
    foe = t.add(zx("T-7", "青の騎士", "blue", 3, 7000), 1, "field", 5)
    ev = t.add(PUSH, 0, "hand")
    t.act("attack", me, foe)
    assert t.kind == "battle" and t.who == 0
    assert _agent().choose(t.g) == Action("play", ev, -1)


# ------------------------------------------------------------------ placing Z/X (L-4)


def test_l4_never_replaces_a_stronger_or_equal_rebooted_zx() -> None:
    """L-4: the only empty squares are worse, but RED (5000) on the lane square is not replaced by
    MID (3000) or by another RED (5000); the explanation names the rule."""
    t = _main_table()
    t.resources(0, "red", 3)
    mine = t.add(RED, 0, "field", 4)
    mid = t.add(MID, 0, "hand")
    red = t.add(RED, 0, "hand")
    agent = _agent()
    for _ in range(3):
        a = agent.choose(t.g)
        assert not (a.kind == "play" and a.b == 4), a
        t.g.apply(a)
        if t.kind != "main":
            break
    assert t.g.squares[4] == mine
    assert {mid, red} & set(t.g.squares)  # it did develop, elsewhere


def test_l4_replacement_explained() -> None:
    """L-4: every square but one is taken by slept Z/X (L-3); the rebooted WEAK (1000) there is
    replaced by a 15000 Z/X, and the reason says why."""
    t = _main_table()
    t.resources(0, "blue", 2)
    for sq in (0, 1, 2, 3, 5, 6, 8):
        t.add(FILLER, 0, "field", sq, slept=True)
    t.add(BIG, 1, "field", 7)
    weak = t.add(WEAK, 0, "field", 4)
    big = t.add(zx("T-G", "青の巨神", "blue", 2, 15000), 0, "hand")
    agent = _agent()
    best = agent.explain(t.g, 1)[0]
    assert best.action == Action("play", big, 4)
    assert "replacing the weaker" in best.reason and "L-4" in best.reason
    assert agent.choose(t.g) == Action("play", big, 4)
    t.act("play", big, 4)
    assert t.g.squares[4] == big and weak in t.g.players[0].trash


# ------------------------------------------------------------------ attacks (B-1, B-2, B-5, B-6)


def test_b2_b6_attacks_the_player_rather_than_a_zx() -> None:
    """B-2, B-6: the player can be attacked: that comes before destroying SMALL."""
    t = _main_table()
    me = t.add(RED, 0, "field", 4)
    t.add(SMALL, 1, "field", 3)
    assert _agent().choose(t.g) == Action("attack", me, PLAYER)


def test_b2_destroys_the_guard_then_attacks_the_player() -> None:
    """B-2, B-5: SMALL guards the player square; one lane attacker destroys it, the other then attacks
    the player (B-6)."""
    t = _main_table()
    a1 = t.add(RED, 0, "field", 6)
    a2 = t.add(RED, 0, "field", 8)
    guard = t.add(SMALL, 1, "field", 7)
    agent = _agent()
    first = agent.choose(t.g)
    assert first.kind == "attack" and first.b == guard and first.a in (a1, a2)
    t.g.apply(first)
    t.pass_battle()
    assert not t.g.on_field(guard)
    other = a2 if first.a == a1 else a1
    assert agent.choose(t.g) == Action("attack", other, PLAYER)


def test_b5_attacks_a_zx_it_can_destroy_and_no_futile_attack() -> None:
    """B-5: RED (5000) can destroy SMALL (3000) but not the guard BIG (9000): it attacks SMALL; then
    the only attack left is futile and the main phase ends."""
    t = _main_table()
    me = t.add(RED, 0, "field", 4)
    t.add(BIG, 1, "field", 7)
    small = t.add(SMALL, 1, "field", 5)
    me2 = t.add(MID, 0, "field", 3)  # can reach only square 6 (empty) and 4 (own): no attack
    agent = _agent()
    assert agent.choose(t.g) == Action("attack", me, small)
    t.act("attack", me, small)
    t.pass_battle()
    assert not t.g.on_field(small)
    assert me2 in t.g.squares
    t2 = _main_table()
    t2.add(RED, 0, "field", 4)
    t2.add(BIG, 1, "field", 7)
    assert _agent().choose(t2.g) == Action("end")


def test_b5_two_attackers_destroy_together() -> None:
    """B-5: damage adds up over the turn: RED (5000) and MID (3000) destroy a 7000 Z/X together."""
    t = _main_table()
    t.add(BIG, 1, "field", 7)  # guard: the player cannot be attacked
    a1 = t.add(RED, 0, "field", 4)
    a2 = t.add(MID, 0, "field", 8)
    foe = t.add(zx("T-7", "青の騎士", "blue", 3, 7000), 1, "field", 5)
    agent = _agent()
    for _ in range(2):
        a = agent.choose(t.g)
        assert a.kind == "attack" and a.b == foe and a.a in (a1, a2)
        t.g.apply(a)
        t.pass_battle()
    assert not t.g.on_field(foe)


# ------------------------------------------------------------------ events, Z/X OB, Z/X EX


def test_removal_event_targets_the_most_valuable_zx() -> None:
    """P-5, T-2: a destroy event is played and picks BIG (9000), not SMALL."""
    t = _main_table()
    t.resources(0, "red", 1)
    ev = t.add(BURN, 0, "hand")
    big = t.add(BIG, 1, "field", 7)
    t.add(SMALL, 1, "field", 3)
    agent = _agent()
    assert agent.choose(t.g) == Action("play", ev, -1)
    t.act("play", ev, -1)
    assert t.kind == "pick:target:destroy"
    assert agent.choose(t.g) == Action("pick", big)


def test_o2_o4_plays_ig_over_boost_and_places_the_ob_on_a_lane() -> None:
    """O-2, O-4: IG Over Boost puts the Z/X OB onto the field (it cannot be attacked then), on a
    square from which it attacks the player (B-2)."""
    t = Table(deck1=DeckSpec(main=(FILLER,) * 40, player=PC))
    t.to_main()
    ob = t.add(OB, 0, "dunamis")
    t.resources(0, "red", 1)
    ev = t.add(IG_OB, 0, "hand")
    agent = _agent()
    assert agent.choose(t.g) == Action("play", ev, -1)
    t.act("play", ev, -1)
    while t.kind == "pick:over_boost":
        t.g.apply(agent.choose(t.g))
    assert t.kind == "pick:ob_square"
    sq = agent.choose(t.g).a
    assert sq in (4, 6, 8)
    t.pick(sq)
    assert t.g.squares[sq] == ob


def test_x2_plays_a_zx_ex_by_descent() -> None:
    """X-2: two red Z/X (costs 3 + 3 >= 6) are destroyed for a 12000 Z/X EX: worth it."""
    t = _main_table()
    t.resources(0, "red", 6)
    ex = t.add(EX_DESCENT, 0, "dunamis")
    t.add(RED3, 0, "field", 3)
    t.add(RED3, 0, "field", 5)
    t.add(BIG, 1, "field", 7)
    assert _agent().choose(t.g) == Action("ex", ex)


# ------------------------------------------------------------------ setup and phases


def test_s7_mulligan_keeps_two_cheap_zx() -> None:
    """S-7: a hand with two Z/X of cost <= 3 is kept; a hand without is returned."""
    from zxdeck.engine import Game

    agent = _agent()

    g = Game(DeckSpec(main=(MID,) * 40), DeckSpec(main=(FILLER,) * 40), seed=1, first=0)
    assert g.decision_kind() == "mulligan" and agent.choose(g) == Action("keep")
    g2 = Game(DeckSpec(main=(FILLER,) * 40), DeckSpec(main=(FILLER,) * 40), seed=1, first=0)
    assert agent.choose(g2) == Action("mulligan")


def test_p3_p4_puts_a_resource_and_ignites() -> None:
    """P-3: a card goes into the resources; P-4: it ignites while it has charge."""
    t2 = Table()
    t2.add(MID, 0, "hand")
    assert t2.kind == "resource"
    agent = _agent()
    a = agent.choose(t2.g)
    assert a.kind == "resource"
    t2.g.apply(a)
    t3 = Table()
    t3.add(FILLER, 0, "charge")
    t3.g.apply(Action("skip"))
    assert t3.kind == "ignite"
    assert agent.choose(t3.g).kind == "ignite"


# ------------------------------------------------------------------ determinism and names


def test_heuristic_is_deterministic_and_explain_changes_nothing() -> None:
    """The same seed, decks and agents replay the same game; explain() between moves changes nothing."""
    from pathlib import Path

    from zxdeck.agents.match import agent_seed, play_game
    from zxdeck.catalog import load_catalog
    from zxdeck.deck import read_deck
    from zxdeck.engine import Game
    from zxdeck.engine.decks import spec_from_deck

    root = Path(__file__).resolve().parents[2]
    cat = load_catalog(root / "data" / "cards.yaml")
    red = spec_from_deck(read_deck(root / "examples" / "decks" / "red.txt", cat))
    white = spec_from_deck(read_deck(root / "examples" / "decks" / "white.txt", cat))
    a = play_game(red, white, ("heuristic", "heuristic"), seed=3)
    b = play_game(red, white, ("heuristic", "heuristic"), seed=3)
    assert a.history == b.history and a.winner == b.winner
    agents = [HeuristicAgent(agent_seed(3, 0)), HeuristicAgent(agent_seed(3, 1))]
    g = Game(red, white, seed=3)
    while not g.is_over():
        agent = agents[g.current_player()]
        agent.explain(g)
        g.apply(agent.choose(g))
    assert g.history == a.history


def test_agent_names() -> None:
    """greedy-v1 is today's greedy, kept to measure against; greedy stays its name; heuristic is new."""
    assert AGENTS["greedy-v1"].factory is GreedyAgent and AGENTS["greedy"].factory is GreedyAgent
    assert isinstance(make_agent("heuristic", 1), HeuristicAgent)
