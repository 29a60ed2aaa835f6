"""A deck of synthetic cards that use every primitive, trigger, condition and cost of ABILITIES.md
with unusual parameters (for the audit fuzz)."""

from __future__ import annotations

from zxdeck.engine import DeckSpec
from zxdeck.engine.synth import event, zx


def _auto(trigger: str, *effects: dict, **kw) -> dict:
    return {"kind": "auto", "trigger": trigger, "effects": list(effects), **kw}


def weird_deck(color: str = "red", prefix: str = "W") -> DeckSpec:
    c = color
    p = prefix
    opp = {"side": "opponent"}
    main = [
        zx(f"{p}01", f"{p}焔", c, 1, 3000, ignition=True, abilities=[
            _auto("enter", {"do": "damage", "amount": 2000, "target": {"side": "any", "upto": True, "count": 2}})]),
        zx(f"{p}02", f"{p}盾", c, 2, 5000, ignition=True, keywords=("life_recovery",), abilities=[
            {"kind": "continuous", "effects": [{"do": "protect", "from": "effects"}]}]),
        zx(f"{p}03", f"{p}虚", c, 2, 4000, ignition=True, keywords=("void_bringer",), abilities=[
            _auto("life", {"do": "draw", "n": 1})]),
        zx(f"{p}04", f"{p}種", c, 1, 2000, evol_seed=True, abilities=[
            _auto("milled", {"do": "charge_from_deck", "n": 2})]),
        zx(f"{p}05", f"{p}纏", c, 3, 6000, abilities=[
            _auto("enter", {"do": "alter_force", "n": 2}),
            {"kind": "activated", "cost": {"force": 1}, "timing": "any",
             "effects": [{"do": "power", "amount": 3000, "target": "self"}]}]),
        zx(f"{p}06", f"{p}探", c, 2, 4000, ignition=True, abilities=[
            _auto("enter", {"do": "search", "filter": {"max_cost": 2, "type": ["zx"]}, "n": 2, "to": "square"})]),
        zx(f"{p}07", f"{p}移", c, 1, 3000, abilities=[
            _auto("attack", {"do": "move", "target": "self"}, {"do": "power", "amount": 1000, "target": "self"}),
            _auto("attacked", {"do": "move", "target": "attacker"})]),
        zx(f"{p}08", f"{p}滅", c, 4, 8000, abilities=[
            _auto("destroyed", {"do": "destroy", "target": {"side": "any", "all": True,
                                                             "filter": {"max_power": 2000}}}),
            _auto("turn_end", {"do": "discard", "n": 1, "who": "opponent", "random": True})]),
        zx(f"{p}09", f"{p}循", c, 2, 4000, abilities=[
            {"kind": "activated", "cost": {"sleep_self": True, "discard": 1},
             "effects": [{"do": "play_free", "from": "deck_top"}, {"do": "reboot_resources", "n": 2}]},
            _auto("ally_enter", {"do": "gain_counter", "counter": "melody", "n": 1}, once_per_turn=True)]),
        zx(f"{p}10", f"{p}夢", c, 3, 5000, abilities=[
            {"kind": "activated", "cost": {"counters": {"counter": "melody", "n": 2}, "charge": 1},
             "timing": "battle", "effects": [{"do": "bounce", "target": "attacker"},
                                            {"do": "retrieve", "from": "charge", "to": "hand", "n": 1}]},
            {"kind": "continuous", "condition": {"zero_optima": 2},
             "effects": [{"do": "power", "amount": 2000, "target": {"side": "self", "filter": {"other": True}}}]}]),
        event(f"{p}11", f"{p}嵐", c, 2, ignition=True, timing="any", abilities=[
            {"kind": "event", "effects": [{"do": "sleep", "target": {**opp, "count": 2}},
                                          {"do": "to_resource", "target": {"side": "self", "upto": True},
                                           "slept": True}]}]),
        event(f"{p}12", f"{p}還", c, 1, ignition=True, timing="battle", abilities=[
            {"kind": "event", "effects": [{"do": "power", "amount": -3000, "target": "attacker"},
                                          {"do": "deck_bottom", "target": {**opp, "upto": True,
                                                                          "filter": {"max_cost": 1}}}]}]),
        event(f"{p}13", f"{p}蘇", c, 3, abilities=[
            {"kind": "event", "effects": [{"do": "play_free", "from": "trash", "filter": {"type": ["zx"]}},
                                          {"do": "mill", "n": 3, "who": "opponent"},
                                          {"do": "life_recover", "n": 1}]}]),
        event(f"{p}14", f"{p}盛", c, 0, abilities=[
            {"kind": "event", "condition": {"life_at_most": 3},
             "effects": [{"do": "ramp", "n": 2, "slept": True}, {"do": "draw", "n": 2, "who": "opponent"}]}]),
        event(f"{p}15", f"{p}OB", c, 0, ignition=True, abilities=[
            {"kind": "event", "effects": [{"do": "over_boost"}, {"do": "to_trash", "target": {**opp, "upto": True}},
                                          {"do": "reboot", "target": {"side": "self", "all": True}}]}]),
        zx(f"{p}16", f"{p}王", c, 5, 9000, abilities=[
            _auto("turn_start", {"do": "retrieve", "from": "trash", "to": "resource", "n": 1}),
            _auto("player_attacked", {"do": "destroy", "target": {**opp, "filter": {"state": "slept"}}},
                  cost={"pay": 1})]),
    ]
    counts = [4, 3, 4, 3, 3, 3, 3, 3, 3, 3, 4, 3, 3, 2, 3, 3]
    deck = []
    for card, n in zip(main, counts):
        deck.extend([card] * n)
    deck = (deck + [main[0]] * 50)[:50]
    pc = zx(f"{p}PC", f"{p}主", ctype="player", cost=0, power=0)
    dunamis = [
        zx(f"{p}X1", f"{p}覇", c, 4, 10000, ctype="zx_ex", abilities=[
            {"kind": "descent", "count": 2, "filter": {"color": c}}]),
        zx(f"{p}X2", f"{p}覚", c, 2, 7000, ctype="zx_ex", abilities=[
            {"kind": "awakening", "effects": [{"do": "discard", "n": 1}]},
            _auto("enter", {"do": "destroy", "target": {**opp}})]),
        zx(f"{p}X3", f"{p}理", c, 3, 8000, ctype="zx_ex", abilities=[
            {"kind": "idealize", "counter": "melody", "n": 2}]),
        zx(f"{p}O1", f"{p}皇", c, 0, 10000, ctype="zx_ob", player=f"{p}主"),
        zx(f"{p}O2", f"{p}皇弐", c, 0, 9000, ctype="zx_ob", player=f"{p}主"),
        zx(f"{p}S1", f"{p}剣", c, 0, 0, ctype="shift", races=("武装",), abilities=[
            {"kind": "shift", "dunamis_face_up": 1, "target": {"type": ["zx_ob"]}},
            _auto("attack", {"do": "draw", "n": 1})]),
        event(f"{p}V1", f"{p}演", c, 1, ctype="event_ex", timing="any", abilities=[
            {"kind": "event", "label": "a", "effects": [{"do": "damage", "amount": 4000, "target": opp}]},
            {"kind": "event", "label": "b", "effects": [{"do": "win"}], "condition": {"counters": {
                "counter": "melody", "n": 9}}}]),
    ]
    return DeckSpec(main=tuple(deck), dunamis=tuple(dunamis), player=pc, name=f"weird-{c}")
