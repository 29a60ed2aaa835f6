"""Hypothesis: any sequence of legal choices keeps every invariant at every decision (and replays exactly)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from invariants import check_invariants, hand_limit_listener

from zxdeck.engine import Game
from zxdeck.engine.synth import synthetic_deck

D1 = synthetic_deck("red", "R")
D2 = synthetic_deck("blue", "B")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=400))
def test_any_legal_sequence_keeps_invariants(seed: int, choices: list[int]) -> None:
    g = Game(D1, D2, seed=seed, listener=hand_limit_listener)
    for c in choices:
        check_invariants(g)
        if g.is_over():
            break
        acts = g.legal_actions()
        g.apply(acts[c % len(acts)])
    check_invariants(g)
    h = Game(D1, D2, seed=seed)
    for a in g.history:
        h.apply(a)
    assert h.decision == g.decision and h.squares == g.squares and h.turn == g.turn
