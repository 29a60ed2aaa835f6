"""Effect primitives of docs/ABILITIES.md: one small function each, dispatched by `do:` name.

Each primitive is `fn(game, controller, source, effect, targets, chosen)`:
`targets` are the Z/X chosen by the selector (already picked by the
controller), `chosen` is the result of a further pick the primitive asked for
(None on the first call). A primitive that needs a choice pushes a `pick` whose
continuation is this same effect task, so nothing but data sits on the stack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zxdeck.games.zx.engine.abilities import UNIT_EFFECTS, card_matches, unit_filter
from zxdeck.games.zx.engine.dunamis import over_boost_cards, zone_cards
from zxdeck.games.zx.engine.registry import effect, task
from zxdeck.games.zx.engine.state import ADJACENT, PLAYER_SQUARE

if TYPE_CHECKING:
    from zxdeck.games.zx.engine.game import Game


FULL = "_in_full"  # marks an effect carried out as an X-3 awakening condition (never in card data)


def in_full(eff: dict[str, Any]) -> dict[str, Any]:
    """`eff` as an X-3 awakening condition: every "up to" choice must take the full count."""
    return {**eff, FULL: True}


def _least(eff: dict[str, Any], n: int) -> int:
    """The fewest cards an "up to n" choice may take: n for an awakening condition, else 0."""
    return n if eff.get(FULL) else 0


def _who(ctl: int, eff: dict[str, Any]) -> int:
    return 1 - ctl if eff.get("who", "self") == "opponent" else ctl


def candidates(g: Game, ctl: int, src: int, sel: dict[str, Any], choosing: bool = True) -> list[int]:
    """The Z/X a selector may pick (`protect: effects` units of the opponent excluded when choosing)."""
    side = sel.get("side", "opponent")
    test = unit_filter(sel.get("filter"))
    owner = g.owner
    out = []
    for u in g.squares:
        if u < 0:
            continue
        own = owner[u] == ctl
        if (side == "self" and not own) or (side == "opponent" and own):
            continue
        if test is not None and not test(g, u, ctl, src):
            continue
        if choosing and not own and g.protected(u, "effects"):
            continue
        out.append(u)
    return out


def choose_targets(g: Game, ctl: int, src: int, eff: dict[str, Any]) -> tuple | None:
    """The targets of a unit effect: a word, all matching, or a pick by the controller (returns None)."""
    if eff["do"] not in UNIT_EFFECTS:
        return ()
    tgt = eff.get("target", "self")
    if isinstance(tgt, str):
        if tgt == "self":
            return (src,) if g.on_field(src) else ()
        u = g.battle_unit(0 if tgt == "attacker" else 1)
        return (u,) if u >= 0 else ()
    if tgt.get("all"):
        return tuple(candidates(g, ctl, src, tgt, choosing=False))
    cands = candidates(g, ctl, src, tgt)
    mx = min(int(tgt.get("count", 1)), len(cands))
    if mx == 0:
        return ()
    mn = _least(eff, mx) if tgt.get("upto") else mx
    g.pick(ctl, "target:" + eff["do"], tuple(cands), mn, mx, ("eff", ctl, src, eff))
    return None


def effect_possible(g: Game, p: int, src: int, eff: dict[str, Any], paid: int = 0) -> bool:
    """Can an effect be carried out in full, every "up to" at its full count (X-3 awakening
    conditions)? `paid`: resources the cost will have slept first."""
    name = eff["do"]
    ps = g.players[p]
    n = eff.get("n", 1)
    if name == "search":
        return len(_search_options(g, p, eff)) >= n and (eff.get("to", "hand") != "square" or bool(g.legal_squares(p)))
    if name == "alter_force":
        return len(ps.trash) >= n
    if name == "reboot_resources":
        return sum(1 for r in ps.resources if g.slept[r]) + paid >= n
    if name == "play_free":
        return bool(_play_free_options(g, p, eff))
    if name == "over_boost":
        return bool(over_boost_cards(g, p)) and bool(g.legal_squares(p, empty_only=True))
    if name == "discard":
        return len(g.players[_who(p, eff)].hand) >= eff.get("n", 1)
    if name in ("mill", "ramp", "charge_from_deck", "life_recover"):
        return len(ps.deck) + len(ps.trash) >= eff.get("n", 1)
    if name == "retrieve":
        return len(zone_cards(g, p, eff.get("from", "trash"), eff.get("filter"))) >= eff.get("n", 1)
    if name in UNIT_EFFECTS:
        tgt = eff.get("target", "self")
        if isinstance(tgt, str):
            return tgt == "self" or g.battle is not None
        if tgt.get("all"):
            return True
        return _has_candidates(g, p, src, tgt, int(tgt.get("count", 1)))
    return True


def _has_candidates(g: Game, ctl: int, src: int, sel: dict[str, Any], n: int) -> bool:
    """`len(candidates(g, ctl, src, sel)) >= n`, stopping at the n-th candidate."""
    if n <= 0:
        return True
    side = sel.get("side", "opponent")
    test = unit_filter(sel.get("filter"))
    owner = g.owner
    for u in g.squares:
        if u < 0:
            continue
        own = owner[u] == ctl
        if (side == "self" and not own) or (side == "opponent" and own):
            continue
        if test is not None and not test(g, u, ctl, src):
            continue
        if not own and g.protected(u, "effects"):
            continue
        n -= 1
        if n == 0:
            return True
    return False


def nothing_to_do(g: Game, p: int, src: int, eff: dict[str, Any], targets: tuple | None = None
                  ) -> str | None:
    """Why effect `eff` of `src` (controlled by p) would do nothing now, or None if it may do
    something: a reason code of `zxdeck.engine.describe.NOTHING` ("no_target", "no_card:trash",
    ...). `targets`: the Z/X already chosen for a unit effect (None: not chosen yet)."""
    name = eff["do"]
    if name in UNIT_EFFECTS:
        tgt = eff.get("target", "self")
        if targets is not None:
            if targets:
                return None
            return "left_field" if tgt == "self" else "no_target"
        if isinstance(tgt, str):
            return None if tgt != "self" or g.on_field(src) else "left_field"
        return None if candidates(g, p, src, tgt, choosing=not tgt.get("all")) else "no_target"
    ps = g.players[p]
    if name == "search":
        return None if _search_options(g, p, eff) else "no_card:deck"
    if name == "retrieve":
        frm = eff.get("from", "trash")
        return None if zone_cards(g, p, frm, eff.get("filter")) else f"no_card:{frm}"
    if name == "play_free":
        return None if _play_free_options(g, p, eff) else "no_playable"
    if name == "over_boost":
        if not over_boost_cards(g, p):
            return "no_ob"
        return None if g.legal_squares(p, empty_only=True) else "no_square"
    if name == "discard":
        return None if g.players[_who(p, eff)].hand else "empty_hand"
    if name == "reboot_resources":
        return None if any(g.slept[r] for r in ps.resources) else "no_slept_resource"
    if name == "alter_force":
        if not g.on_field(src) and not (eff.get(FULL) and src in g.limbo):
            return "left_field"
        return None if ps.trash else "no_card:trash"
    if name in ("mill", "ramp", "charge_from_deck", "life_recover", "draw"):
        q = _who(p, eff) if name in ("mill", "draw") else p
        return None if g.players[q].deck or g.players[q].trash else "empty_deck"
    return None


def _remove_from_deck(g: Game, p: int, iid: int) -> None:
    """Take a chosen card out of p's deck; the caller refreshes (R-1) once the card is placed."""
    g.players[p].deck.remove(iid)


# ---------------------------------------------------------------------- unit effects


@effect("damage")
def fx_damage(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    for t in targets:
        g.deal_damage(t, int(eff.get("amount", 0)), src)


@effect("destroy")
def fx_destroy(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    for t in targets:
        g.destroy(t)


@effect("power")
def fx_power(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    amount = int(eff.get("amount", 0))
    for t in targets:
        if g.on_field(t):
            g.bonus[t] = g.bonus.get(t, 0) + amount
            if g.listener is not None:
                g._emit("power", player=g.owner[t], card=t, name=g.name(t), amount=amount)


def _move_away(g: Game, targets: tuple, dest: str, event: str, slept: bool = False) -> None:
    for t in targets:
        if g.on_field(t):
            name = g.name(t)
            g.leave_field(t, dest, slept)
            if g.listener is not None:
                g._emit(event, player=g.owner[t], card=t, name=name)


@effect("bounce")
def fx_bounce(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    _move_away(g, targets, "hand", "bounce")


@effect("deck_bottom")
def fx_deck_bottom(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    """Each owner orders their own cards (one at a time; the last chosen ends at the very bottom)."""
    live = [t for t in targets if g.on_field(t)]
    for p in (1, 0):
        mine = tuple(t for t in live if g.owner[t] == p)
        if mine:
            g.stack.append(("deck_bottom_next", p, mine, None))


@task("deck_bottom_next")
def _t_deck_bottom_next(g: Game, p: int, left: tuple, chosen: tuple | None) -> None:
    if chosen:
        _move_away(g, chosen, "deck_bottom", "deck_bottom")
        left = tuple(t for t in left if t not in chosen)
    left = tuple(t for t in left if g.on_field(t))
    if len(left) == 1:
        _move_away(g, left, "deck_bottom", "deck_bottom")
    elif left:
        g.pick(p, "deck_bottom_order", left, 1, 1, ("deck_bottom_next", p, left))


@effect("to_resource")
def fx_to_resource(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    _move_away(g, targets, "resource", "to_resource", bool(eff.get("slept", False)))


@effect("to_trash")
def fx_to_trash(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    _move_away(g, targets, "trash", "to_trash")


@effect("sleep")
def fx_sleep(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    changed = [t for t in targets if g.on_field(t) and not g.slept[t]]
    for t in changed:
        g.slept[t] = 1
    if changed and g.listener is not None:
        g._emit("sleep", player=ctl, cards=changed, names=[g.name(t) for t in changed], reason="effect")


@effect("reboot")
def fx_reboot(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    changed = [t for t in targets if g.on_field(t) and g.slept[t]]
    for t in changed:
        g.slept[t] = 0
    if changed and g.listener is not None:
        g._emit("reboot", player=ctl, cards=changed, names=[g.name(t) for t in changed], reason="effect")


@effect("move")
def fx_move(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    for t in reversed(targets):
        g.stack.append(("move_unit", ctl, t))


@task("move_unit")
def _t_move_unit(g: Game, ctl: int, t: int) -> None:
    sq = g.square_of(t)
    if sq < 0:
        return
    enemy_ps = PLAYER_SQUARE[1 - g.owner[t]]
    opts = tuple(s for s in ADJACENT[sq] if g.squares[s] < 0 and s != enemy_ps)
    if opts:
        g.pick(ctl, "move", opts, 1, 1, ("move_to", t))


@task("move_to")
def _t_move_to(g: Game, t: int, chosen: tuple) -> None:
    sq = g.square_of(t)
    if sq >= 0 and chosen and g.squares[chosen[0]] < 0:
        g.squares[sq] = -1
        g.squares[chosen[0]] = t
        if g.listener is not None:
            g._emit("move", player=g.owner[t], card=t, name=g.name(t), square=chosen[0], from_square=sq)


# ---------------------------------------------------------------------- player effects


@effect("draw")
def fx_draw(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    g.draw(_who(ctl, eff), int(eff.get("n", 1)))


@effect("discard")
def fx_discard(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    q = _who(ctl, eff)
    hand = g.players[q].hand
    k = min(int(eff.get("n", 1)), len(hand))
    if k <= 0:
        return
    if eff.get("random"):
        picked = tuple(g.rng.sample(hand, k))
        g.stack.append(("to_trash_from", q, "hand", picked))
    else:
        g.pick(q, "discard", tuple(hand), k, k, ("to_trash_from", q, "hand"))


@effect("mill")
def fx_mill(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    g.from_deck(_who(ctl, eff), "mill", int(eff.get("n", 1)))


@effect("gain_counter")
def fx_gain_counter(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    c = g.players[ctl].counters
    k = eff.get("counter", "")
    c[k] = c.get(k, 0) + int(eff.get("n", 1))
    if g.listener is not None:
        g._emit("counter", player=ctl, counter=k, n=c[k], change=int(eff.get("n", 1)))


@effect("alter_force")
def fx_alter_force(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    """A-8, Z-6: up to n cards from your trash under this Z/X (as an awakening condition, X-3:
    exactly n, under the Z/X EX being played, which enters with them)."""
    if not g.on_field(src) and not (eff.get(FULL) and src in g.limbo):
        return
    if chosen is None:
        trash = tuple(g.players[ctl].trash)
        n = int(eff.get("n", 1))
        g.pick(ctl, "alter_force", trash, _least(eff, n), n, ("eff", ctl, src, eff, targets))
        return
    trash = g.players[ctl].trash
    where = "field" if g.on_field(src) else "pending"
    for c in chosen:
        trash.remove(c)
        if g.listener is not None:
            g._mv(c, "trash", where)
    if chosen:
        g.forces[src] = g.forces.get(src, ()) + tuple(chosen)
        if g.listener is not None:
            g._emit("alter_force", player=ctl, card=src, name=g.name(src), n=len(chosen))


def _put_card(g: Game, p: int, c: int, to: str, frm: str) -> None:
    """Put card `c`, just taken out of p's zone `frm`, into `to`: hand, resource (rebooted),
    deck_bottom, or square (p chooses where it is placed)."""
    ps = g.players[p]
    if to == "hand":
        ps.hand.append(c)
        if g.listener is not None:
            g._mv(c, frm, "hand")
    elif to == "resource":
        ps.resources.append(c)
        g.slept[c] = 0
        if g.listener is not None:
            g._mv(c, frm, "resource")
    elif to == "deck_bottom":
        ps.deck.insert(0, c)
        if g.listener is not None:
            g._mv(c, frm, "deck")
    elif to == "square":
        g.limbo.append(c)
        if g.listener is not None:
            g._mv(c, frm, "pending")
        g.stack.append(("place_pick", p, c, "effect"))
    else:
        raise ValueError(f"unknown destination {to!r}")


@effect("search")
def fx_search(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    ps = g.players[ctl]
    to = eff.get("to", "hand")
    if chosen is None:
        opts = _search_options(g, ctl, eff)
        if opts:
            n = int(eff.get("n", 1))
            g.pick(ctl, "search", tuple(opts), _least(eff, n), n, ("eff", ctl, src, eff, targets))
            return
        chosen = ()
    for c in chosen:
        _remove_from_deck(g, ctl, c)
        _put_card(g, ctl, c, to, "deck")
    g.rng.shuffle(ps.deck)
    if g.listener is not None:
        g._emit("search", player=ctl, names=[g.cards[c].name for c in chosen], to=to)
    if not ps.deck:  # the search took the last cards
        g.refresh(ctl)


def _search_options(g: Game, ctl: int, eff: dict) -> list[int]:
    to = eff.get("to", "hand")
    return [i for i in zone_cards(g, ctl, "deck", eff.get("filter")) if to != "square" or g.cards[i].is_zx]


@task("place_pick")
def _t_place_pick(g: Game, p: int, iid: int, via: str) -> None:
    squares = tuple(g.legal_squares(p))
    if not squares:
        g.limbo.remove(iid)
        g.players[p].trash.append(iid)
        g.not_placed(p, iid, "pending", "trash")
        return
    g.pick(p, "square", squares, 1, 1, ("place_chosen", p, iid, via))


@task("place_chosen")
def _t_place_chosen(g: Game, p: int, iid: int, via: str, chosen: tuple) -> None:
    g.place(p, iid, chosen[0], via)


@effect("play_free")
def fx_play_free(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    """C-2: play one matching card from a zone without paying its cost."""
    ps = g.players[ctl]
    zone = eff.get("from", "hand")
    if chosen is None:
        opts = _play_free_options(g, ctl, eff)
        if opts:
            g.pick(ctl, "play_free", opts, _least(eff, 1), 1, ("eff", ctl, src, eff, targets))
        return
    for c in chosen:
        if zone == "deck_top":
            _remove_from_deck(g, ctl, c)
        else:
            getattr(ps, zone).remove(c)
        g.limbo.append(c)
        if g.listener is not None:
            g._mv(c, "deck" if zone == "deck_top" else zone, "pending")
        if g.listener is not None:
            g._emit("declare", player=ctl, card=c, name=g.cards[c].name, via="effect", cost=0)
        if g.cards[c].is_zx:
            g.stack.append(("place_pick", ctl, c, "effect"))
        else:
            g.push_event(ctl, c, "effect")
    if zone == "deck_top" and chosen and not ps.deck:  # before the card is placed or resolves
        g.refresh(ctl)


def _play_free_options(g: Game, ctl: int, eff: dict) -> tuple[int, ...]:
    ps = g.players[ctl]
    zone = eff.get("from", "hand")
    flt = eff.get("filter")
    if zone == "deck_top":
        pool = [ps.deck[-1]] if ps.deck and card_matches(g.cards[ps.deck[-1]], flt) else []
    else:
        pool = zone_cards(g, ctl, zone, flt)
    can_place = bool(g.legal_squares(ctl))
    return tuple(i for i in pool if g.cards[i].type == "event" or (g.cards[i].is_zx and can_place))


@effect("life_recover")
def fx_life_recover(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    g.from_deck(ctl, "life", int(eff.get("n", 1)))


@effect("retrieve")
def fx_retrieve(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    ps = g.players[ctl]
    frm = eff.get("from", "trash")
    to = eff.get("to", "hand")
    if chosen is None:
        opts = tuple(zone_cards(g, ctl, frm, eff.get("filter")))
        if opts:
            n = int(eff.get("n", 1))
            g.pick(ctl, "retrieve", opts, _least(eff, n), n, ("eff", ctl, src, eff, targets))
        return
    src_zone = getattr(ps, frm)
    for c in chosen:
        src_zone.remove(c)
        _put_card(g, ctl, c, to, frm)
    if chosen and g.listener is not None:
        g._emit("retrieve", player=ctl, names=[g.cards[c].name for c in chosen], to=to)


@effect("ramp")
def fx_ramp(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    g.from_deck(ctl, "ramp", int(eff.get("n", 1)), bool(eff.get("slept")))


@effect("charge_from_deck")
def fx_charge_from_deck(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    g.from_deck(ctl, "charge", int(eff.get("n", 1)))


@effect("reboot_resources")
def fx_reboot_resources(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    if chosen is None:
        opts = tuple(r for r in g.players[ctl].resources if g.slept[r])
        if opts:
            n = int(eff.get("n", 1))
            g.pick(ctl, "reboot_resources", opts, _least(eff, n), n, ("eff", ctl, src, eff, targets))
        return
    woken = [r for r in chosen if g.slept[r]]
    for r in woken:
        g.slept[r] = 0
    if woken and g.listener is not None:
        g._emit("reboot", player=ctl, cards=woken, names=[g.cards[r].name for r in woken], reason="effect")


@effect("over_boost")
def fx_over_boost(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    """O-2: player card face down; a matching face-down Z/X OB onto an empty square."""
    if chosen is None:
        opts = over_boost_cards(g, ctl)
        if opts and g.legal_squares(ctl, empty_only=True):
            g.pick(ctl, "over_boost", tuple(opts), 1, 1, ("eff", ctl, src, eff, targets))
        return
    if not chosen:
        return
    squares = tuple(g.legal_squares(ctl, empty_only=True))
    g.pick(ctl, "ob_square", squares, 1, 1, ("ob_place", ctl, chosen[0]))


@task("ob_place")
def _t_ob_place(g: Game, p: int, ob: int, chosen: tuple) -> None:
    ps = g.players[p]
    ps.dunamis.remove(ob)
    ps.player_face_up = False
    g.place(p, ob, chosen[0], "effect", frm="dunamis_down")


@effect("protect")
def fx_protect(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    """Continuous only: read by `Game.protected`; nothing happens when resolved."""


@effect("win")
def fx_win(g: Game, ctl: int, src: int, eff: dict, targets: tuple, chosen: Any) -> None:
    """W-2: the controller wins."""
    g._end(ctl, "card")
