"""Invariants of a Z/X position, checked at EVERY decision of every kind by the fuzz and property tests.

`check_invariants(g)` checks everything that must hold whenever a player is asked anything
(mulligan, resource, ignite, main, battle, pick, pay, confirm) and once the game is over;
`hand_limit_listener` checks P-6 at each turn end (a moment, not a decision); `play_checked`
plays a game with both. Some invariants are about one kind of decision by their nature (A-9: no
trigger waits when a player gets priority; a pick offers a real choice); they are still looked at
every time.

Used by tests/engine (test_fuzz.py, test_property.py, ...) and tests/engine_audit.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from zxdeck.engine import Game
from zxdeck.engine.game import CHARGE_LIMIT, HAND_LIMIT

# Decisions at which a player gets priority: no process is under way (A-9, B-3, P-2..P-5).
PRIORITY = frozenset({"mulligan", "resource", "ignite", "main", "battle"})
# Rule processes that finish before anything else continues (Z-5, R-1).
RULE_PICKS = frozenset({"charge_overflow", "refresh_life"})
RULE_TASKS = frozenset({"charge_limit", "refresh_life"})


def all_locations(g: Game) -> Counter:
    """How many times each card instance appears in some zone (each must be exactly once)."""
    seen: Counter = Counter()
    for ps in g.players:
        for zone in (ps.deck, ps.hand, ps.life, ps.resources, ps.charge, ps.trash, ps.dunamis):
            seen.update(zone)
        if ps.player_card >= 0:
            seen[ps.player_card] += 1
    for u in g.squares:
        if u >= 0:
            seen[u] += 1
    for fs in g.forces.values():
        seen.update(fs)
    seen.update(g.shift_on.values())
    seen.update(g.limbo)
    return seen


def _rule_process_asked(g: Game) -> bool:
    """The decision is the choice of a Z-5 / R-1 rule process (which may be followed by another one)."""
    d = g.decision
    return d is not None and d[0] == "pick" and d[2] in RULE_PICKS


def check_invariants(g: Game) -> None:
    """Every invariant of the position, whatever the decision (or none: the game is over)."""
    seen = all_locations(g)
    n = len(g.cards)
    bad = [i for i in range(n) if seen[i] != 1]
    assert not bad, f"cards not exactly once: {[(i, g.cards[i].name, seen[i]) for i in bad[:5]]}"
    d = g.decision
    kind = g.decision_kind()
    for p, ps in enumerate(g.players):
        for zone in (ps.deck, ps.hand, ps.life, ps.resources, ps.charge, ps.trash, ps.dunamis):
            assert all(g.owner[i] == p for i in zone), "a card in another player's zone"
        if len(ps.charge) > CHARGE_LIMIT and not g.over:
            # Z-5: a fifth card is trimmed at once; only another rule process may come first
            own_pick = d is not None and d[0] == "pick" and d[2] == "charge_overflow" and d[1] == p
            pending = ("charge_limit", p) in g.stack
            assert own_pick or (_rule_process_asked(g) and pending), \
                f"Z-5: player {p}'s charge holds {len(ps.charge)} at a {kind} decision"
    if not g.over:
        # the life card of a refresh is chosen before anything else continues
        waiting = [t for t in g.stack if t[0] in RULE_TASKS]
        assert not waiting or _rule_process_asked(g), f"R-1 / Z-5: {waiting[0]} waits below a {kind} decision"
    for sq, u in enumerate(g.squares):
        if u >= 0:
            assert g.cards[u].is_field_card, f"{g.cards[u].name} on square {sq}"
    on_field = {u for u in g.squares if u >= 0}
    assert set(g.damage) <= on_field, "B-5: damage on a card that is not on the field"
    assert set(g.forces) <= on_field, "Z-6: forces under a card that is not on the field"
    for p, ps in enumerate(g.players):
        on_field_ob = any(g.owner[u] == p and g.cards[u].type == "zx_ob" for u in on_field)
        assert ps.player_face_up != on_field_ob or not g.started, "O-2 / O-5: player card face vs Z/X OB"
    for u in on_field:
        if g.cards[u].type == "zx_ex":
            assert not g.face_up[u], "X-5: a used Z/X EX came back to the field"
    assert set(g.shift_on) <= on_field, "H-5: a Shift on a Z/X that left"
    assert g.squares[1] < 0 or g.owner[g.squares[1]] == 0, "L-1: a Z/X on the opponent's player square"
    assert g.squares[7] < 0 or g.owner[g.squares[7]] == 1, "L-1: a Z/X on the opponent's player square"
    if g.over:
        assert d is None and g.current_player() == -1 and not g.legal_actions(), "moves after the end"
        return
    acts = g.legal_actions()
    assert acts, f"no legal action in a running game ({kind})"
    assert len(set(acts)) == len(acts), f"the same action twice at a {kind} decision"
    assert g.current_player() in (0, 1)
    if d[0] in PRIORITY:
        # triggers are on the stack (or resolved) before a player gets priority; nothing resolves
        assert not g.triggers, f"A-9: a trigger waits at a {kind} decision"
        assert not any(t[0] == "resolved" for t in g.stack), f"A-9: a resolution is under way at {kind}"
        assert not g.limbo, f"a card is left being played at a {kind} decision"
        if g.started:
            for u in on_field:
                dmg = g.damage.get(u, 0)
                assert not dmg or dmg < g.power(u), f"B-5: {g.name(u)} survives lethal damage at {kind}"
    if d[0] in ("pick", "pay"):
        # a choice with a single outcome is carried out without asking
        assert len(acts) >= 2, f"a {kind} decision with a single option {acts}"


def hand_limit_listener(game: Game, event: str, data: dict[str, Any]) -> None:
    """P-6: the turn player's hand holds at most 6 cards when the turn ends."""
    if event == "turn_end":
        n = len(game.players[game.active].hand)
        assert n <= HAND_LIMIT, f"P-6: hand of {n} at a turn end"


def play_checked(g: Game, agents: Sequence[Any], limit: int = 20_000) -> int:
    """Play `g` to the end with `agents`, checking every invariant at every decision; the decisions made."""
    g.listener = hand_limit_listener
    n = 0
    while not g.is_over():
        check_invariants(g)
        g.apply(agents[g.current_player()].choose(g))
        n += 1
        assert n < limit, "the game does not end"
    check_invariants(g)
    return n
