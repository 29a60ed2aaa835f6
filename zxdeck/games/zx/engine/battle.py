"""Battle (B-1..B-9): declaration, the alternating battle event step, damage, life damage."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zxdeck.games.zx.engine.actions import PASS, PLAYER, Action
from zxdeck.games.zx.engine.registry import decision, task

_new_action = tuple.__new__  # Action(kind, a, b) without the keyword-handling constructor (same value)

if TYPE_CHECKING:
    from zxdeck.games.zx.engine.game import Game


@task("attack")
def _t_attack(g: Game, p: int, attacker: int, target: int) -> None:
    """B-1: sleep the attacker; `attack` / `attacked` / `player_attacked` trigger; then B-3..B-8."""
    if not g.on_field(attacker) or g.slept[attacker]:
        return
    g.slept[attacker] = 1
    g.battle = (attacker, target, p)
    g.battle_left = 0
    g.phase = "battle"
    tname = "player" if target == PLAYER else g.name(target)
    if g.listener is not None:
        g._emit("attack", player=p, card=attacker, name=g.name(attacker), target=target, target_name=tname)
    g.stack.append(("battle_end",))
    g.stack.append(("check_life",))
    g.stack.append(("damage_step",))
    g.stack.append(("bes", p, 0))
    g.fire("attack", attacker)
    if target == PLAYER:
        if "player_attacked" in g.triggered[1 - p]:
            for u in g.units_of(1 - p):
                g.fire("player_attacked", u)
    elif g.on_field(target):
        g.fire("attacked", target)


@task("bes")
def _t_bes(g: Game, p: int, passes: int) -> None:
    """B-3: starting with the attacking player, each plays a battle-timing card/ability or passes."""
    if g._check_life() or passes >= 2:
        return
    g._decide(("battle", p, passes))


def _legal_battle(g: Game, d: tuple) -> list[Action]:
    p = d[1]
    acts = [PASS]
    ps = g.players[p]
    cards = g.cards
    card_type = g.card_type
    # one action per card number (`_distinct`): the checks read only the card, so the copies of a
    # card number pass or fail together and filtering before taking the first copy gives the same actions
    card_id = g.card_id
    seen: set[str] = set()
    for iid in ps.hand:
        if card_type[iid] == "event" and cards[iid].timing in ("battle", "any"):
            cid = card_id[iid]
            if cid not in seen:
                seen.add(cid)
                if g.can_pay(p, g.card_cost[iid], g.card_color[iid]):
                    acts.append(_new_action(Action, ("play", iid, -1)))
    acts.extend(_game._ability_actions(g, p, ("battle", "any")))
    acts.extend(_dunamis.dunamis_actions(g, p, battle=True))
    return acts


def _apply_battle(g: Game, d: tuple, a: Action) -> None:
    _, p, passes = d
    if a.kind == "pass":
        g.stack.append(("bes", 1 - p, passes + 1))
        return
    g.stack.append(("bes", 1 - p, 0))
    if a.kind == "play":
        _game._play_from_hand(g, p, a.a, -1)
    elif a.kind == "ability":
        g.stack.append(("activate", p, a.a, a.b))
    else:
        _dunamis.apply_dunamis_action(g, p, a)


decision("battle", _legal_battle, _apply_battle)


@task("damage_step")
def _t_damage_step(g: Game) -> None:
    """B-4..B-6."""
    if g.battle is None:
        return
    attacker, target, p = g.battle
    if g.battle_unit(0) < 0:  # B-4: the attacker has left the field (even if it came back)
        return
    if target != PLAYER:
        if g.battle_unit(1) >= 0:  # B-5 (a target that left and came back is not the target any more)
            g.deal_damage(target, g.power(attacker), attacker)
        return
    life = g.players[1 - p].life
    if life:  # B-6: the attacker chooses one of the defender's life cards
        g.pick(p, "life_hit", tuple(range(len(life))), 1, 1, ("life_hit", p))


@task("life_hit")
def _t_life_hit(g: Game, p: int, chosen: tuple) -> None:
    d = 1 - p
    life = g.players[d].life
    if not chosen or chosen[0] >= len(life):
        return
    iid = life.pop(chosen[0])
    g.limbo.append(iid)
    if g.listener is not None:
        g._mv(iid, "life", "pending")
    card = g.cards[iid]
    if g.listener is not None:
        g._emit("life_damage", player=d, card=iid, name=card.name, icon=card.ignition)
    g.stack.append(("life_resolve", p, iid))
    g.fire("life", iid)


@task("life_resolve")
def _t_life_resolve(g: Game, p: int, iid: int) -> None:
    """B-6: with the ignition icon the defender may play it for free; otherwise it goes to the charge."""
    d = 1 - p
    card = g.cards[iid]
    if iid not in g.limbo:
        return
    if card.ignition and card.is_zx:
        g.pick(d, "life_play", tuple(g.legal_squares(d)), 0, 1, ("life_play", p, iid))
    elif card.ignition and card.type == "event":
        g.pick(d, "life_play_event", (iid,), 0, 1, ("life_play", p, iid))
    else:
        _life_to_charge(g, d, iid)


def _life_to_charge(g: Game, d: int, iid: int) -> None:
    """B-6: a revealed life card not played goes to the defender's charge."""
    g.limbo.remove(iid)
    g.to_charge(d, iid, "pending")
    if g.listener is not None:
        g._emit("life_to_charge", player=d, card=iid, name=g.cards[iid].name)


@task("life_play")
def _t_life_play(g: Game, p: int, iid: int, chosen: tuple) -> None:
    d = 1 - p
    if not chosen:
        _life_to_charge(g, d, iid)
        return
    # Life Recovery / Void Bringer belong to this play ("at this time"): the card's own
    # triggers wait until they are done (A-9 check timing)
    g.stack.append(("resolved",))
    g.stack.append(("lrvb", p, iid))
    if g.cards[iid].is_zx:
        g.place(d, iid, chosen[0], "life")
    else:
        g.push_event(d, iid, "life")


@task("lrvb")
def _t_lrvb(g: Game, p: int, iid: int) -> None:
    """B-6: Life Recovery / Void Bringer when the defender's life <= the attacker's."""
    d = 1 - p
    card = g.cards[iid]
    if not (card.life_recovery or card.void_bringer):
        return
    if len(g.players[d].life) > len(g.players[p].life):
        return
    if card.void_bringer:
        # the revealed card's effect: the opponent's Z/X that "cannot be chosen by the opponent's
        # effects" are not a choice (B-6 ruling)
        units = tuple(u for u in g.squares if u >= 0 and (g.owner[u] == d or not g.protected(u, "effects")))
        if units:
            g.pick(d, "void_bringer", units, 1, 1, ("void_bringer", d))
    if card.life_recovery:  # pushed last: it runs before Void Bringer
        g.from_deck(d, "life", 1, card.name)


@task("void_bringer")
def _t_void_bringer(g: Game, d: int, chosen: tuple) -> None:
    for u in chosen:
        name = g.name(u)
        owner = g.owner[u]
        g.leave_field(u, "trash")
        if g.listener is not None:
            g._emit("void_bringer", player=d, card=u, name=name, owner=owner)


@task("check_life")
def _t_check_life(g: Game) -> None:
    """B-7: the loss by zero life is checked once the damage step has fully resolved."""
    g._check_life()


@task("battle_end")
def _t_battle_end(g: Game) -> None:
    """B-8."""
    g.battle = None
    g.battle_left = 0
    g.phase = "main"


# used at call time (a module attribute, not an import statement run at every call); imported last:
# game imports this module while it is being set up
from zxdeck.games.zx.engine import dunamis as _dunamis  # noqa: E402
from zxdeck.games.zx.engine import game as _game  # noqa: E402
