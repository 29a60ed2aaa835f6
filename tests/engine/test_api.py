"""The library API: legal_actions / apply / clone / observation / describe / replay (after python-chess)."""

from __future__ import annotations

import pytest
from scenario import Table, zx

from zxdeck.agents import make_agent
from zxdeck.agents.match import play_game
from zxdeck.engine import Action, Game, IllegalActionError, describe
from zxdeck.engine.log import JsonlLogger
from zxdeck.engine.replay import record, replay
from zxdeck.engine.rng import Rng
from zxdeck.engine.synth import synthetic_deck

D1 = synthetic_deck("red", "R")
D2 = synthetic_deck("blue", "B")


def state_key(g: Game) -> tuple:
    """Everything that defines a position."""
    return (
        tuple((tuple(p.deck), tuple(p.hand), tuple(p.life), tuple(p.resources), tuple(p.charge),
               tuple(p.trash), tuple(p.dunamis), tuple(sorted(p.counters.items())), p.player_face_up)
              for p in g.players),
        tuple(g.squares), bytes(g.slept), bytes(g.face_up), tuple(sorted(g.damage.items())),
        tuple(sorted(g.bonus.items())), g.decision, tuple(g.stack), g.turn, g.active, g.over, g.winner,
    )


def test_illegal_action_refused() -> None:
    g = Game(D1, D2, seed=1)
    with pytest.raises(IllegalActionError):
        g.apply(Action("attack", 0, 1))


def test_clone_is_independent_and_plays_the_same() -> None:
    """clone(): same future for the same actions, and the original is untouched."""
    g = Game(D1, D2, seed=9)
    rng = Rng(1)
    for _ in range(40):
        g.apply(rng.choice(g.legal_actions()))
    c = g.clone()
    assert state_key(c) == state_key(g)
    before = state_key(g)
    r1, r2 = Rng(5), Rng(5)
    for _ in range(60):
        if c.is_over():
            break
        c.apply(r1.choice(c.legal_actions()))
    assert state_key(g) == before  # the original did not move
    for _ in range(60):
        if g.is_over():
            break
        g.apply(r2.choice(g.legal_actions()))
    assert state_key(g) == state_key(c)


def test_replay_is_exact(tmp_path) -> None:
    """Saving a game as seed + actions and replaying it gives the same game and the same log."""
    from zxdeck.catalog.loader import catalog_from_cards

    out1, out2 = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    with out1.open("w") as f:
        g = play_game(D1, D2, ("greedy", "random"), seed=4, listener=JsonlLogger(f))
    data = record(g)
    cat = catalog_from_cards({c.id: c for c in D1.main + D2.main}.values())
    with out2.open("w") as f:
        h = replay(data, cat, listener=JsonlLogger(f))
    assert h.winner == g.winner and h.history == g.history and state_key(h) == state_key(g)
    assert out1.read_text() == out2.read_text()


def test_same_seed_same_game() -> None:
    a = play_game(D1, D2, ("random", "greedy"), seed=12)
    b = play_game(D1, D2, ("random", "greedy"), seed=12)
    c = play_game(D1, D2, ("random", "greedy"), seed=13)
    assert a.history == b.history
    assert a.history != c.history


def test_observation_hides_what_it_must(table: Table) -> None:
    """Hidden: the opponent's hand, both decks, face-down life, the opponent's face-down dunamis."""
    g = table.g
    table.add(zx("T-H", "秘密", "red", 1, 1000), 1, "hand")
    ex = table.add(zx("X-1", "秘密のEX", "red", 5, 9000, ctype="zx_ex"), 1, "dunamis")
    up = table.add(zx("X-2", "公開のEX", "red", 5, 9000, ctype="zx_ex"), 1, "dunamis", face_up=True)
    obs = g.observation(0)
    text = repr(obs)
    opp = obs["players"][1]
    assert opp["hand"] == 1 and opp["hand_iids"] is None
    assert isinstance(opp["deck"], int) and isinstance(opp["life"], int)
    assert "秘密" not in text and "X-1" not in text
    assert {"iid": up, "id": "X-2", "face_up": True} in opp["dunamis"]
    mine = g.observation(1)["players"][1]
    assert any(d.get("iid") == ex for d in mine["dunamis"]) and mine["hand"] == ["T-H"]


def test_describe_every_action_in_japanese() -> None:
    """Every legal action of a few games has a readable label with card names."""
    g = Game(D1, D2, seed=2)
    agent = make_agent("random", 3)
    seen = set()
    while not g.is_over():
        for a in g.legal_actions():
            label = describe(a, g)
            assert label and "(" not in label[:1]
            seen.add(a.kind)
        g.apply(agent.choose(g))
    assert {"play", "attack", "end", "pick"} <= seen
    g2 = Game(D1, D2, seed=2)
    labels = [describe(a, g2) for a in g2.legal_actions()]
    assert any("「" in x for x in labels) or labels == ["手札を保持", "マリガン"]


def test_action_json_round_trip() -> None:
    a = Action("attack", 3, -2)
    assert Action.from_json(a.to_json()) == a and str(a) == "attack(3, -2)"


def perft(g: Game, depth: int) -> int:
    """Leaf count of the decision tree (python-chess style), through clone()."""
    if depth == 0 or g.is_over():
        return 1
    total = 0
    for a in g.legal_actions():
        c = g.clone()
        c.apply(a)
        total += perft(c, depth - 1)
    return total


def perft_replay(history: list, depth: int) -> int:
    """The same count, rebuilding every position from the seed and the action list (no clone)."""
    g = Game(D1, D2, seed=6)
    for a in history:
        g.apply(a)
    if depth == 0 or g.is_over():
        return 1
    return sum(perft_replay(history + [a], depth - 1) for a in list(g.legal_actions()))


def test_perft_clone_agrees_with_replay() -> None:
    """Move generation through clone() equals move generation on fresh replays (depth 3, mid-game)."""
    g = Game(D1, D2, seed=6)
    agent = make_agent("random", 6)
    for _ in range(30):
        g.apply(agent.choose(g))
    n = perft(g, 3)
    assert n == perft_replay(list(g.history), 3)
    assert n > 10


def test_determinize_keeps_the_visible_and_zone_sizes() -> None:
    """determinize(): hidden cards redealt, visible ones and zone sizes unchanged; it plays on legally."""
    from invariants import check_invariants

    g = Game(D1, D2, seed=15)
    agent = make_agent("random", 15)
    for _ in range(60):
        g.apply(agent.choose(g))
    v = g.current_player()
    d = g.determinize(v, Rng(1))
    check_invariants(d)
    for p in (0, 1):
        a, b = g.players[p], d.players[p]
        assert [len(a.hand), len(a.deck), len(a.life)] == [len(b.hand), len(b.deck), len(b.life)]
        assert a.trash == b.trash and a.resources == b.resources and a.charge == b.charge
    assert d.players[v].hand == g.players[v].hand and d.squares == g.squares
    mixed = sorted(g.players[1 - v].hand + g.players[1 - v].deck + g.players[1 - v].life)
    assert sorted(d.players[1 - v].hand + d.players[1 - v].deck + d.players[1 - v].life) == mixed
    while not d.is_over():
        d.apply(agent.choose(d))
    assert d.returns() in ((1.0, -1.0), (-1.0, 1.0), (0.0, 0.0))


def test_prompt_for_every_decision_kind() -> None:
    from zxdeck.engine import prompt

    g = Game(D1, D2, seed=2)
    agent = make_agent("random", 8)
    kinds = set()
    while not g.is_over():
        text = prompt(g)
        assert "ください" in text or "？" in text, text
        kinds.add(g.decision_kind())
        g.apply(agent.choose(g))
    assert prompt(g) == "" and {"mulligan", "main"} <= kinds
