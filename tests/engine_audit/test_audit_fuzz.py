"""Audit fuzz: games between decks that use every primitive of ABILITIES.md in odd ways (weird_cards.py).

At every decision of every kind: every invariant of tests/support/invariants.py (conservation,
zones, Z-5, R-1, A-9, L-1, O-5, X-5, H-5, a pick or pay offers a real choice...), P-6 at each turn
end, and the hidden-information invariant (determinize(viewer) never changes observation(viewer)
nor the viewer's legal actions). At the end: replay from seed + actions gives the same game; a
clone taken mid-game and played on with the same actions ends identically.
"""

from __future__ import annotations

import pytest
from invariants import check_invariants, hand_limit_listener
from weird_cards import weird_deck

from zxdeck.agents import make_agent
from zxdeck.engine import Game
from zxdeck.engine.replay import record, replay
from zxdeck.engine.rng import Rng

D1 = weird_deck("red", "W")
D2 = weird_deck("blue", "V")


class _Cat:
    by = {c.id: c for s in (D1, D2) for c in (*s.main, *s.dunamis, s.player)}

    def get(self, cid: str):
        return self.by.get(cid)


@pytest.mark.parametrize("chunk", range(4))
def test_fuzz_weird_decks(chunk: int) -> None:
    """Conservation, Z-5, L-1, O-5, X-5, H-5 and hidden information over many odd positions."""
    rng = Rng(chunk)
    for s in range(chunk * 25, chunk * 25 + 25):
        g = Game(D1, D2, seed=s, listener=hand_limit_listener)
        agents = (make_agent("random", s), make_agent("greedy" if s % 2 else "random", s + 1))
        snap = None
        n = 0
        while not g.is_over():
            check_invariants(g)
            v = g.current_player()
            acts = g.legal_actions()
            d = g.determinize(v, rng)
            assert d.observation(v) == g.observation(v), g.decision_kind()
            assert d.legal_actions() == acts, g.decision_kind()
            if n == 60:
                snap = (g.clone(), len(g.history))
            g.apply(agents[v].choose(g))
            n += 1
            assert n < 20000
        check_invariants(g)
        g2 = replay(record(g), _Cat())
        assert g2.history == g.history and g2.winner == g.winner and g2.squares == g.squares
        assert [p.trash for p in g2.players] == [p.trash for p in g.players]
        if snap is not None:
            c, k = snap
            for a in g.history[k:]:
                c.apply(a)
            assert c.is_over() and c.winner == g.winner and c.squares == g.squares
