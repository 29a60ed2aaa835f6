"""The `greedy` agent: a one-decision heuristic.

It develops the field (strongest affordable Z/X first, on squares from which
it can reach the opponent's player square), uses removal on the opponent's
strongest Z/X, attacks the player whenever it can and Z/X it can destroy,
always ignites and over-drives, and discards its cheapest cards when it
must. Ties are broken by its seeded generator, so it is deterministic.
"""

from __future__ import annotations

from zxdeck.games.zx.engine import PLAYER, Action, Game
from zxdeck.games.zx.engine.rng import Rng
from zxdeck.games.zx.engine.state import ADJACENT, PLAYER_SQUARE

HARMFUL = frozenset({"damage", "destroy", "bounce", "deck_bottom", "to_resource", "to_trash", "sleep"})


def _effects_of(g: Game, iid: int) -> list[dict]:
    return [e for ab in g.scripts[iid].all for e in ab.effects]


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game) -> Action:
        acts = game.legal_actions()
        if len(acts) == 1:
            return acts[0]
        d = game.decision
        assert d is not None
        kind = d[0]
        score = getattr(self, "_score_" + kind, None)
        if score is None:
            return acts[0]
        best: list[Action] = []
        best_s = -1e18
        for a in acts:
            s = score(game, d, a)
            if s > best_s:
                best, best_s = [a], s
            elif s == best_s:
                best.append(a)
        # ties are broken uniformly by the seeded generator (one draw, only when there is a tie)
        return best[0] if len(best) == 1 else best[self.rng.randbelow(len(best))]

    # --- helpers
    def _square_value(self, g: Game, p: int, sq: int) -> float:
        v = 0.0
        eps = PLAYER_SQUARE[1 - p]
        if eps in ADJACENT[sq]:
            v += 3
        elif sq // 3 == 1:
            v += 2
        else:
            v += 1
        cur = g.squares[sq]
        if cur >= 0:
            v -= 4 + g.cards[cur].cost  # replacing our own Z/X (L-4)
        return v

    # --- decisions
    def _score_mulligan(self, g: Game, d: tuple, a: Action) -> float:
        hand = g.players[d[1]].hand
        cheap = sum(1 for i in hand if g.cards[i].type == "zx" and g.cards[i].cost <= 3)
        keep = cheap >= 2
        return 1.0 if (a.kind == "keep") == keep else 0.0

    def _score_resource(self, g: Game, d: tuple, a: Action) -> float:
        ps = g.players[d[1]]
        if a.kind == "skip":
            return 0.5 if len(ps.resources) >= 8 else -1.0
        c = g.cards[a.a]
        dup = sum(1 for i in ps.hand if g.cards[i].id == c.id)
        return dup + (c.cost - len(ps.resources) - 2) * 0.5 + (0.5 if c.type == "event" else 0)

    def _score_ignite(self, g: Game, d: tuple, a: Action) -> float:
        return 1.0 if a.kind == "ignite" else 0.0

    def _score_main(self, g: Game, d: tuple, a: Action) -> float:
        p = d[1]
        k = a.kind
        if k == "end":
            return 0.0
        if k == "play":
            c = g.cards[a.a]
            if c.type == "zx":
                return 300 + c.cost * 10 + c.power / 1000 + self._square_value(g, p, a.b)
            effs = _effects_of(g, a.a)
            if any(e["do"] in HARMFUL for e in effs):
                return 250 + c.cost if g.units_of(1 - p) else -1
            return 120
        if k == "ex":
            return 400
        if k == "event_ex":
            return 150 if g.units_of(1 - p) else 20
        if k == "shift":
            return 200
        if k == "ability":
            return 50
        if k == "attack":
            att = a.a
            if a.b == PLAYER:
                return 200 + g.power(att) / 1000
            tgt = a.b
            left = g.power(tgt) - g.damage.get(tgt, 0)
            if g.power(att) >= left:
                return 150 + g.cards[tgt].cost * 5
            return -5.0  # a futile attack
        return 1.0

    def _score_battle(self, g: Game, d: tuple, a: Action) -> float:
        return 1.0 if a.kind == "pass" else 0.0

    def _score_confirm(self, g: Game, d: tuple, a: Action) -> float:
        return 1.0 if a.kind == "yes" else 0.0

    def _score_pay(self, g: Game, d: tuple, a: Action) -> float:
        return 0.0

    def _score_pick(self, g: Game, d: tuple, a: Action) -> float:
        _, p, purpose, options, mn, mx, chosen, cont = d
        if a.kind == "done":
            return 0.0
        v = a.a
        if purpose in ("overdrive", "life_play", "ex_square", "square", "ob_square", "move"):
            return 10 + self._square_value(g, p, v)
        if purpose in ("overdrive_event", "life_play_event", "search", "retrieve", "alter_force",
                       "play_free", "start_card", "gate_card", "over_boost", "reboot_resources"):
            return 10 + g.cards[v].cost
        if purpose in ("charge_overflow", "hand_limit", "discard", "cost_discard", "cost_charge",
                       "cost_force", "descent"):
            return 10 - g.cards[v].cost
        if purpose == "void_bringer":
            return (10 if g.owner[v] != p else -10) + g.cards[v].cost
        if purpose.startswith("target:"):
            harmful = purpose[7:] in HARMFUL
            mine = g.owner[v] == p
            val = g.power(v) / 1000 + g.cards[v].cost
            if harmful:
                if purpose == "target:damage":
                    val += 5  # prefer what the damage can destroy: approximated by strongest
                return val if not mine else -val
            return val if mine else -val
        return 1.0 if v == options[0] else 0.0
