"""Invariants checked after every action by the fuzz tests (tests/engine and tests/engine_audit)."""

from __future__ import annotations

from collections import Counter

from zxdeck.engine import Game


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


def check_invariants(g: Game) -> None:
    seen = all_locations(g)
    n = len(g.cards)
    bad = [i for i in range(n) if seen[i] != 1]
    assert not bad, f"cards not exactly once: {[(i, g.cards[i].name, seen[i]) for i in bad[:5]]}"
    for p, ps in enumerate(g.players):
        for zone in (ps.deck, ps.hand, ps.life, ps.resources, ps.charge, ps.trash, ps.dunamis):
            assert all(g.owner[i] == p for i in zone), "a card in another player's zone"
        if g.decision is not None and g.decision[0] in ("main", "battle", "resource", "ignite"):
            assert len(ps.charge) <= 4, f"Z-5: charge {len(ps.charge)} > 4 at a {g.decision[0]} decision"
        assert len(ps.life) >= 0
    for sq, u in enumerate(g.squares):
        if u >= 0:
            assert g.cards[u].is_field_card, f"{g.cards[u].name} on square {sq}"
    for p, ps in enumerate(g.players):
        on_field_ob = any(u >= 0 and g.owner[u] == p and g.cards[u].type == "zx_ob" for u in g.squares)
        assert ps.player_face_up != on_field_ob or not g.started, "O-2 / O-5: player card face vs Z/X OB"
    for u in g.squares:
        if u >= 0 and g.cards[u].type == "zx_ex":
            assert not g.face_up[u], "X-5: a used Z/X EX came back to the field"
    assert set(g.shift_on) <= {u for u in g.squares if u >= 0}, "H-5: a Shift on a Z/X that left"
    assert g.squares[1] < 0 or g.owner[g.squares[1]] == 0, "L-1: a Z/X on the opponent's player square"
    assert g.squares[7] < 0 or g.owner[g.squares[7]] == 1, "L-1: a Z/X on the opponent's player square"
    if not g.over:
        assert g.legal_actions(), "no legal action in a running game"
