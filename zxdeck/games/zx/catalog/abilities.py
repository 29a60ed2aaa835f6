"""Static checker of the card ability schema (docs/ABILITIES.md).

`check_abilities(card)` returns a list of problems ("card ZX01-001: ability #2
effect #1: ..."); an empty list means the abilities follow the schema. The
tables below are the schema itself: the renderer (`cardtext`) and the tests
use them too, so adding a primitive means adding one row here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from zxdeck.games.zx.catalog.model import COLORS, EVENT_TYPES, TIMINGS, TYPES, Card

# --- the vocabulary of docs/ABILITIES.md -------------------------------------------------

# kind -> (required keys, optional keys); `kind` itself is always allowed.
KINDS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "auto": (frozenset({"trigger", "effects"}),
             frozenset({"condition", "cost", "optional", "once_per_turn", "via"})),
    "activated": (frozenset({"cost", "effects"}), frozenset({"condition", "timing", "once_per_turn"})),
    "continuous": (frozenset({"effects"}), frozenset({"condition"})),
    "event": (frozenset({"effects"}), frozenset({"condition", "label"})),
    "descent": (frozenset({"count", "filter"}), frozenset()),
    "awakening": (frozenset({"effects"}), frozenset()),
    "idealize": (frozenset({"counter", "n"}), frozenset()),
    "shift": (frozenset({"dunamis_face_up", "target"}), frozenset()),
}
EX_KINDS = frozenset({"descent", "awakening", "idealize"})

TRIGGERS = frozenset({
    "enter", "attack", "attacked", "destroyed", "turn_start", "turn_end", "milled", "life",
    "ally_enter", "player_attacked",
})
VIA = frozenset({"overdrive", "life", "hand", "effect"})
COUNTERS: dict[str, str] = {"dream_key": "ドリーム・キー", "memory_piece": "メモリーピース", "melody": "メロディ"}
TARGET_WORDS = frozenset({"self", "attacker", "attack_target"})
SIDES = frozenset({"opponent", "self", "any"})
AREAS = frozenset({"own_area", "center", "enemy_area", "normal_square", "player_square"})
STATES = frozenset({"rebooted", "slept"})
WHO = frozenset({"self", "opponent"})


def _int(minimum: int) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            return f"must be an integer >= {minimum}, got {value!r}"
        return None
    return check


def _nonzero_int(value: Any) -> str | None:
    if isinstance(value, bool) or not isinstance(value, int) or value == 0:
        return f"must be a non-zero integer, got {value!r}"
    return None


def _bool(value: Any) -> str | None:
    return None if isinstance(value, bool) else f"must be true or false, got {value!r}"


def _str(value: Any) -> str | None:
    return None if isinstance(value, str) and value else f"must be a non-empty string, got {value!r}"


def _one_of(choices: frozenset[str] | Mapping[str, Any]) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        if isinstance(value, str) and value in choices:
            return None
        return f"must be one of {', '.join(sorted(choices))}, got {value!r}"
    return check


def _types(value: Any) -> str | None:
    if isinstance(value, list) and value and all(isinstance(v, str) and v in TYPES for v in value):
        return None
    return f"must be a non-empty list of type keys ({', '.join(TYPES)}), got {value!r}"


def _mapping_of(checks: Mapping[str, Callable[[Any], str | None]], required: frozenset[str] = frozenset(),
                what: str = "key") -> Callable[[Any], str | None]:
    """A checker of a mapping whose keys are `checks`; returns the first problem."""
    def check(value: Any) -> str | None:
        if not isinstance(value, dict):
            return f"must be a mapping, got {value!r}"
        for key in required - value.keys():
            return f"missing {key!r}"
        for key, item in value.items():
            sub = checks.get(key)
            if sub is None:
                return f"unknown {what} {key!r} (valid: {', '.join(sorted(checks))})"
            problem = sub(item)
            if problem:
                return f"{key} {problem}"
        return None
    return check


FILTER_KEYS: dict[str, Callable[[Any], str | None]] = {
    "type": _types, "color": _one_of(COLORS), "race": _str, "name": _str,
    "max_cost": _int(0), "min_cost": _int(0), "max_power": _int(0), "min_power": _int(0),
    "area": _one_of(AREAS), "state": _one_of(STATES), "other": _bool, "has_force": _int(1),
    "ignition": _bool,
}
check_filter = _mapping_of(FILTER_KEYS, what="filter key")
_COUNTER_N = _mapping_of({"counter": _one_of(COUNTERS), "n": _int(1)}, frozenset({"counter", "n"}))

SELECTOR_KEYS: dict[str, Callable[[Any], str | None]] = {
    "side": _one_of(SIDES), "count": _int(1), "upto": _bool, "all": _bool, "filter": check_filter,
}
_check_selector = _mapping_of(SELECTOR_KEYS, what="target key")


def check_target(value: Any) -> str | None:
    if isinstance(value, str):
        return None if value in TARGET_WORDS else f"must be one of {', '.join(sorted(TARGET_WORDS))} or a selector, got {value!r}"
    problem = _check_selector(value)
    if problem is None and value.get("all") and (value.get("upto") or "count" in value):
        return "'all' excludes 'count' and 'upto'"
    return problem


CONDITIONS: dict[str, Callable[[Any], str | None]] = {
    "zero_optima": _int(1),
    "lv": _mapping_of({"race": _str, "n": _int(1)}, frozenset({"race", "n"})),
    "has_force": _int(1),
    "counters": _COUNTER_N,
    "own_zx": _mapping_of({"min": _int(1), "filter": check_filter}, frozenset({"min"})),
    "life_at_most": _int(0),
    "player": _str,
    "dunamis_face_up": _int(1),
}
COSTS: dict[str, Callable[[Any], str | None]] = {
    "sleep_self": lambda v: None if v is True else f"must be true, got {v!r}",
    "pay": _int(1),
    "discard": _int(1),
    "counters": _COUNTER_N,
    "force": _int(1),
    "charge": _int(1),
}
check_condition = _mapping_of(CONDITIONS, what="condition")
_check_cost = _mapping_of(COSTS, what="cost")


def check_cost(value: Any) -> str | None:
    problem = _check_cost(value)
    if problem is None and not value:
        return "must not be empty"
    return problem


_N = _int(1)
_WHO = _one_of(WHO)
_TARGET = check_target
# primitive -> (required params, {param: checker}); `do` itself is always allowed.
PRIMITIVES: dict[str, tuple[frozenset[str], dict[str, Callable[[Any], str | None]]]] = {
    "draw": (frozenset(), {"n": _N, "who": _WHO}),
    "damage": (frozenset({"amount", "target"}), {"amount": _int(1), "target": _TARGET}),
    "destroy": (frozenset({"target"}), {"target": _TARGET}),
    "power": (frozenset({"amount", "target"}), {"amount": _nonzero_int, "target": _TARGET}),
    "bounce": (frozenset({"target"}), {"target": _TARGET}),
    "deck_bottom": (frozenset({"target"}), {"target": _TARGET}),
    "to_resource": (frozenset({"target"}), {"target": _TARGET, "slept": _bool}),
    "to_trash": (frozenset({"target"}), {"target": _TARGET}),
    "sleep": (frozenset({"target"}), {"target": _TARGET}),
    "reboot": (frozenset({"target"}), {"target": _TARGET}),
    "search": (frozenset({"to"}), {"filter": check_filter, "n": _N,
                                   "to": _one_of(frozenset({"hand", "resource", "square"}))}),
    "discard": (frozenset(), {"n": _N, "who": _WHO, "random": _bool}),
    "mill": (frozenset(), {"n": _N, "who": _WHO}),
    "gain_counter": (frozenset({"counter"}), {"counter": _one_of(COUNTERS), "n": _N}),
    "alter_force": (frozenset(), {"n": _N}),
    "move": (frozenset({"target"}), {"target": _TARGET}),
    "play_free": (frozenset({"from"}), {"from": _one_of(frozenset({"hand", "trash", "charge", "deck_top"})),
                                        "filter": check_filter}),
    "life_recover": (frozenset(), {"n": _N}),
    "retrieve": (frozenset({"from", "to"}), {"from": _one_of(frozenset({"trash", "charge"})),
                                             "to": _one_of(frozenset({"hand", "resource", "deck_bottom"})),
                                             "filter": check_filter, "n": _N}),
    "ramp": (frozenset(), {"n": _N, "slept": _bool}),
    "charge_from_deck": (frozenset(), {"n": _N}),
    "reboot_resources": (frozenset(), {"n": _N}),
    "over_boost": (frozenset(), {}),
    "protect": (frozenset({"from"}), {"from": _one_of(frozenset({"attack", "effects"}))}),
    "win": (frozenset(), {}),
}
CONTINUOUS_PRIMITIVES = frozenset({"power", "protect"})


# --- the checker --------------------------------------------------------------------------

def _known(value: Any, table: Any) -> bool:
    """`value in table`, false (not a TypeError) for lists and other unhashable values."""
    return isinstance(value, str) and value in table


def _effect_problems(effect: Any, kind: str) -> list[str]:
    if not isinstance(effect, dict):
        return [f"an effect must be a mapping like {{do: draw}}, got {effect!r:.60}"]
    name = effect.get("do")
    if not _known(name, PRIMITIVES):
        return [f"unknown primitive do: {name!r} (valid: {', '.join(PRIMITIVES)})"]
    if kind == "continuous" and name not in CONTINUOUS_PRIMITIVES:
        return [f"a continuous ability may only use power / protect, not {name!r}"]
    if name == "protect" and kind != "continuous":
        return ["'protect' is only allowed in a continuous ability"]
    required, params = PRIMITIVES[name]
    out = [f"{name}: missing required parameter {key!r}" for key in sorted(required - effect.keys())]
    for key, value in effect.items():
        if key == "do":
            continue
        check = params.get(key)
        if check is None:
            out.append(f"{name}: unknown parameter {key!r} (valid: {', '.join(sorted(params)) or 'none'})")
            continue
        problem = check(value)
        if problem:
            out.append(f"{name}: {key} {problem}")
    return out


def _effects_problems(ability: dict[str, Any], kind: str) -> list[str]:
    effects = ability.get("effects")
    if not isinstance(effects, list) or not effects:
        return ["'effects' must be a non-empty list"]
    out = []
    for j, effect in enumerate(effects, 1):
        out.extend(f"effect #{j}: {p}" for p in _effect_problems(effect, kind))
    return out


def _ability_problems(ability: Any, card: Card) -> list[str]:
    if not isinstance(ability, dict):
        return [f"an ability must be a mapping with a 'kind', got {ability!r:.60}"]
    kind = ability.get("kind")
    if not _known(kind, KINDS):
        return [f"unknown kind {kind!r} (valid: {', '.join(KINDS)})"]
    required, optional = KINDS[kind]
    out = [f"{kind}: missing required key {key!r}" for key in sorted(required - ability.keys())]
    extra = ability.keys() - required - optional - {"kind"}
    out.extend(f"{kind}: unknown key {key!r}" for key in sorted(extra))
    if kind == "event" and card.type not in EVENT_TYPES:
        out.append(f"'event' abilities belong to event / event_ex cards, not {card.type}")
    if kind in EX_KINDS and card.type != "zx_ex":
        out.append(f"'{kind}' is only for zx_ex cards, not {card.type}")
    if kind == "shift" and card.type != "shift":
        out.append(f"'shift' is only for shift cards, not {card.type}")
    if kind in ("auto", "activated", "continuous") and card.type == "player":
        out.append("a player card has no abilities")
    if kind in ("activated", "continuous") and card.type in EVENT_TYPES:
        out.append(f"an event has only 'event' (★) abilities, not {kind!r}")
    if kind == "auto":
        trigger = ability.get("trigger")
        if not _known(trigger, TRIGGERS):
            out.append(f"unknown trigger {trigger!r} (valid: {', '.join(sorted(TRIGGERS))})")
        elif trigger == "milled" and not card.evol_seed:
            out.append("trigger 'milled' needs the evol_seed icon (A-7)")
        elif card.type in EVENT_TYPES and trigger not in ("milled", "life"):
            out.append(f"an event can only have auto abilities with trigger milled / life, not {trigger!r}")
        if "via" in ability:
            if trigger != "enter":
                out.append("'via' is only allowed with trigger 'enter'")
            elif not _known(ability["via"], VIA):
                out.append(f"via must be one of {', '.join(sorted(VIA))}, got {ability['via']!r}")
    for key in ("optional", "once_per_turn"):
        if key in ability and not isinstance(ability[key], bool):
            out.append(f"{key} must be true or false, got {ability[key]!r}")
    if "timing" in ability and not _known(ability["timing"], TIMINGS):
        out.append(f"timing must be one of {', '.join(TIMINGS)}, got {ability['timing']!r}")
    if "label" in ability and not isinstance(ability["label"], str):
        out.append(f"label must be a string, got {ability['label']!r}")
    if "condition" in ability:
        problem = check_condition(ability["condition"])
        if problem:
            out.append(f"condition: {problem}")
    if "cost" in ability:
        problem = check_cost(ability["cost"])
        if problem:
            out.append(f"cost: {problem}")
    if "effects" in KINDS[kind][0]:
        out.extend(_effects_problems(ability, kind))
    if kind == "descent":
        for key, check in (("count", _N), ("filter", check_filter)):
            problem = check(ability.get(key)) if key in ability else None
            if problem:
                out.append(f"descent: {key} {problem}")
    elif kind == "idealize":
        for key, check in (("counter", _one_of(COUNTERS)), ("n", _N)):
            problem = check(ability.get(key)) if key in ability else None
            if problem:
                out.append(f"idealize: {key} {problem}")
    elif kind == "shift":
        for key, check in (("dunamis_face_up", _int(0)), ("target", check_filter)):
            problem = check(ability.get(key)) if key in ability else None
            if problem:
                out.append(f"shift: {key} {problem}")
    return out


def ability_problems(card: Card) -> list[str]:
    """Problems of `card.abilities` without the card id ("ability #1: ..."); [] when fine or absent.

    An empty list is a vanilla card of any type (a Z/X EX then uses the default descent condition).
    """
    abilities = card.abilities
    if abilities is None:
        return []
    out: list[str] = []
    kinds: list[str | None] = []
    for i, ability in enumerate(abilities, 1):
        out.extend(f"ability #{i}: {p}" for p in _ability_problems(ability, card))
        kind = ability.get("kind") if isinstance(ability, dict) else None
        kinds.append(kind if isinstance(kind, str) else None)
    if card.type == "event_ex" and abilities and kinds.count("event") != 2:
        out.append(f"an event_ex needs exactly 2 'event' abilities (E-1), has {kinds.count('event')}")
    if card.type == "zx_ex" and abilities and sum(k in EX_KINDS for k in kinds) != 1:
        out.append("a zx_ex needs exactly one of descent / awakening / idealize (X-2..X-4)")
    if card.type == "shift" and abilities and kinds.count("shift") != 1:
        out.append("a shift needs exactly one 'shift' ability (H-2)")
    if card.evol_seed and abilities and not any(
        isinstance(a, dict) and a.get("trigger") == "milled" for a in abilities
    ):
        out.append("a card with the evol_seed icon needs an auto ability with trigger 'milled' (A-7)")
    return out


def check_abilities(card: Card | Mapping[str, Any]) -> list[str]:
    """Every schema problem of the card's abilities, each naming the card id and the ability index.

    `card` is a `Card` or a catalog mapping (a mapping that is not a valid card raises `CatalogError`).
    """
    if not isinstance(card, Card):
        card = _card_of(card)
    return [f"card {card.id}: {p}" for p in ability_problems(card)]


def _card_of(raw: Mapping[str, Any]) -> Card:
    from zxdeck.catalog.loader import card_from_mapping  # late import: the loader uses this module

    problems: list[str] = []
    card = card_from_mapping(dict(raw), problems, f"card {raw.get('id')}", check=False)
    if card is None:
        from zxdeck.errors import CatalogError

        raise CatalogError("; ".join(problems), problems)
    return card


__all__ = [
    "CONDITIONS", "COSTS", "COUNTERS", "FILTER_KEYS", "KINDS", "PRIMITIVES", "SELECTOR_KEYS", "TRIGGERS",
    "ability_problems", "check_abilities",
]
