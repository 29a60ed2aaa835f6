"""Invariants of a MOZ game, checked at every decision (N-6, N-3, V-6)."""

from __future__ import annotations

import json

from zxdeck.games.moz.catalog.model import Beast
from zxdeck.games.moz.engine import Game
from zxdeck.rng import Rng


def check_cards(g: Game) -> None:
    """N-6: card conservation, summoner conservation, the shape of every face."""
    for p in (0, 1):
        mine = [i for i in g.held if g.owner[i] == p]
        on_faces = g.on_faces(p)
        assert all(g.owner[i] == p for i in on_faces + g.specials[p] + g.hole[p] + g.hand[p] + g.zone[p])
        total = len(g.zone[p]) + len(g.hand[p]) + len(g.hole[p]) + len(on_faces) + len(g.specials[p]) + len(mine)
        assert total == g.zone_size[p], (p, total)
        everything = g.zone[p] + g.hand[p] + g.hole[p] + on_faces + g.specials[p] + mine
        assert len(set(everything)) == len(everything), "a card in two places"
        current = [g.summoner[p]] if g.summoner[p] >= 0 else []
        assert len(g.pile[p]) + len(g.unordered[p]) + len(current) + len(g.finished[p]) == 5
        for f, cards in enumerate(g.faces[p]):
            assert len(cards) <= 2
            up = [i for i in cards if i not in g.down]
            if not cards or not up:
                continue
            assert len(up) == len(cards), "a placement is face up or face down as a whole"
            if f < 3:  # N-6: exactly one beast, alone or under a reverse / attribute change
                assert isinstance(g.cards[cards[-1]], Beast)
                if len(cards) == 2:
                    assert g.cards[cards[0]].type in ("reverse", "attribute_change")
            else:
                assert len(cards) == 1 and g.cards[cards[0]].usable_as_help


def check_hidden(g: Game, rng: Rng) -> None:
    """N-3: what a player sees does not change when everything hidden from them is dealt again,
    and the view is JSON."""
    for v in (0, 1):
        obs = g.observation(v)
        json.dumps(obs)
        other = g.determinize(v, rng).observation(v)
        assert obs == other, f"observation of seat {v} depends on hidden information"
        o = obs["players"][1 - v]
        assert isinstance(o["hand"], int) and isinstance(o["pile"], int) and o["hand_iids"] is None
        assert o["special_chosen"] in (True, False)
        for face in o["faces"]:
            for c in face["cards"]:
                assert c["face_up"] or set(c) == {"face_up"}


class Watch:
    """Checks every invariant after each action; VP never go down (V-6)."""

    def __init__(self, rng_seed: int = 0, hidden_every: int = 1) -> None:
        self.vp = [0, 0]
        self.rng = Rng(rng_seed)
        self.hidden_every = hidden_every
        self.n = 0

    def __call__(self, g: Game) -> None:
        check_cards(g)
        assert g.vp[0] >= self.vp[0] and g.vp[1] >= self.vp[1], "VP went down"
        self.vp = list(g.vp)
        if not g.is_over():
            assert g.current_player() in (0, 1) and g.legal_actions()
        self.n += 1
        if self.n % self.hidden_every == 0:
            check_hidden(g, self.rng)
