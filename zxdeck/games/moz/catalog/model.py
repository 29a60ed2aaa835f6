"""The MOZ card model (MOZ_RULES.md sections 1 and 17) and the effect vocabulary.

One immutable card per catalog entry: `Summoner` (K-1, K-9, K-10), `Beast` (K-2,
K-12) or `Support` (K-3..K-7, K-16; its `kind` is one of the five support keys).
`card_from_mapping` turns one catalog mapping into a card, or raises `CardError`
naming the field and the problem (Y-3, Y-5); the catalog loader adds the file
and line.

Abilities are data (N-5): each is a `trigger` (when it acts), an optional
`condition` and a list of `Effect` primitives the engine executes. The YAML form
(field `abilities` of a card):

    abilities:
      - when: continuous          # round_start (R-2) | placed (T-7) | continuous (T-8, P-1) | special (X-4)
        if: {opponent_sex: female}            # optional, every key must hold (CONDITION_KEYS)
        do:
          - {op: power, amount: 100, target: {side: self, attribute: 貝}}

`op` is one of `OPS`; `target` is a selector (`Target`). Continuous effects are in
force while their card is face up on a face (a summoner's: while it is the
current summoner) and select every matching card; one-shot effects (the other
triggers) pick `count` targets (the card's player chooses; `count: all` takes
every match) and their power changes last until the round ends.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from zxdeck.records import FrozenRecord
from zxdeck.text import nfkc

# K-1..K-7: the type keys with their Japanese names.
TYPES: dict[str, str] = {
    "summoner": "召喚師",
    "beast": "召喚獣",
    "help": "ヘルプカード",
    "special": "スペシャルカード",
    "help_special": "ヘルプ&スペシャルカード",
    "reverse": "リバースカード",
    "attribute_change": "属性チェンジカード",
}
SUPPORT_KINDS = ("help", "special", "help_special", "reverse", "attribute_change")  # K-8
FACES = ("top", "left", "right", "bottom")  # K-10
BEAST_FACES = ("top", "left", "right")
SEXES = ("male", "female")
# K-14, Y-4: the named sub-attributes and their Japanese spellings.
SUB_ATTRIBUTES: dict[str, str] = {
    "dragon": "竜", "male": "男", "female": "女", "beast": "獣", "fish": "魚", "bird": "鳥", "insect": "虫",
}
_SUB_FROM_JA = {ja: en for en, ja in SUB_ATTRIBUTES.items()}
# D-11..D-17 (Y-3)
LIMIT_GROUPS = (
    "natural_disaster", "devils_deed", "heavens_miracle", "send_back", "change_same_kind",
    "change_any_attribute", "gods_barrier", "blockman", "sp_seal",
)
SHELL = "貝"  # K-13: the one attribute the text names

KNOWN_KEYS = frozenset({
    "id", "name", "name_en", "type", "text", "abilities", "set", "sex", "age", "level",
    "summon_attributes", "speed", "attribute", "sub_attribute", "power", "limit_group",
})

# --- the effect vocabulary -------------------------------------------------------------------

TRIGGERS = ("round_start", "placed", "continuous", "special")
# op -> what it does (the engine's `effects` module executes each)
OPS: dict[str, str] = {
    "power": "add `amount` to the power of each selected face-up beast (P-1)",
    "summoner_power": "add `amount` to the summoner's total of `side` (P-1, K-11)",
    "speed": "add `amount` to the speed of the summoner of `side` (R-2, R-3)",
    "guard": "turn the selected cards on faces face down (Z-5, ガード(0化))",
    "send_back": "send the selected cards on faces to their owners' holes (送還(墓場送り))",
    "exchange": "swap one of your face-up beasts with a beast from your hand "
                "(`mode`: same_kind = same attribute, any_attribute = any beast) (チェンジ)",
    "nullify": "the opponent's special this round has no effect (悪魔の所業(無効))",
    "seal": "the opponent may not use a special this round (SP封じ): acts at the reveal, the "
            "opponent's chosen special goes back to the hand unused",
    "protect": "your cards on faces cannot be guarded, sent back or exchanged by the opponent "
               "this round (神の障壁, ブロックマン)",
    "result": "decide the round: `outcome` win (your summoner wins) or tie (V-1 step 1, H-1)",
    "draw": "draw `amount` cards from your zone (none when it is empty)",
}
CONDITION_KEYS = (
    "opponent_sex", "opponent_level_min", "opponent_level_max", "opponent_attribute",
    "opponent_speed_min", "own_sex", "own_level_min", "own_level_max",
)
TARGET_SIDES = ("self", "opponent", "any")


class CardError(ValueError):
    """A catalog entry with a missing field or a value of the wrong form (Y-5)."""


class Target(FrozenRecord):
    """A selector of cards on faces. Empty filters match anything; `this` = the ability's own card."""

    __slots__ = _fields = ("side", "faces", "kind", "attribute", "sub_attribute", "power_min", "power_max",
                           "this", "count")
    side: str
    faces: tuple[str, ...]
    kind: str  # beast | any (any card on a face, supports and face-down cards included)
    attribute: str | None
    sub_attribute: str | None
    power_min: int | None
    power_max: int | None
    this: bool
    count: int | None  # one-shot effects: how many to pick; None = all matches

    def __init__(self, side: str = "self", faces: tuple[str, ...] = BEAST_FACES, kind: str = "beast",
                 attribute: str | None = None, sub_attribute: str | None = None, power_min: int | None = None,
                 power_max: int | None = None, this: bool = False, count: int | None = 1) -> None:
        set_ = object.__setattr__
        set_(self, "side", side)
        set_(self, "faces", faces)
        set_(self, "kind", kind)
        set_(self, "attribute", attribute)
        set_(self, "sub_attribute", sub_attribute)
        set_(self, "power_min", power_min)
        set_(self, "power_max", power_max)
        set_(self, "this", this)
        set_(self, "count", count)


class Effect(FrozenRecord):
    """One primitive: `op` (a key of OPS) with its arguments."""

    __slots__ = _fields = ("op", "amount", "side", "target", "mode", "outcome")
    op: str
    amount: int
    side: str
    target: Target | None
    mode: str
    outcome: str

    def __init__(self, op: str, amount: int = 0, side: str = "self", target: Target | None = None,
                 mode: str = "", outcome: str = "") -> None:
        set_ = object.__setattr__
        set_(self, "op", op)
        set_(self, "amount", amount)
        set_(self, "side", side)
        set_(self, "target", target)
        set_(self, "mode", mode)
        set_(self, "outcome", outcome)


class Ability(FrozenRecord):
    """`when` the effects act, an optional condition (keys of CONDITION_KEYS), the effects."""

    __slots__ = _fields = ("when", "effects", "condition")
    when: str
    effects: tuple[Effect, ...]
    condition: tuple[tuple[str, Any], ...]

    def __init__(self, when: str, effects: tuple[Effect, ...], condition: tuple[tuple[str, Any], ...] = ()) -> None:
        set_ = object.__setattr__
        set_(self, "when", when)
        set_(self, "effects", effects)
        set_(self, "condition", condition)


_CARD_FIELDS = ("id", "name", "type", "name_en", "text", "set", "abilities", "limit_group", "extra")


class MozCard(FrozenRecord):
    """Fields common to every kind (Y-2). Immutable and hashable; `extra` (unknown catalog keys)
    is neither compared nor hashed."""

    __slots__ = _fields = _CARD_FIELDS
    _compare = _CARD_FIELDS[:-1]
    id: str
    name: str
    type: str
    name_en: str
    text: str
    set: str
    abilities: tuple[Ability, ...]
    limit_group: str | None  # D-18
    extra: tuple[tuple[str, Any], ...]

    def __init__(self, id: str, name: str, type: str, name_en: str = "", text: str = "",  # noqa: A002
                 set: str = "", abilities: tuple[Ability, ...] = (), limit_group: str | None = None,  # noqa: A002
                 extra: tuple[tuple[str, Any], ...] = ()) -> None:
        _init_card(self, id, name, type, name_en, text, set, abilities, limit_group, extra)

    @property
    def is_summoner(self) -> bool:
        return self.type == "summoner"

    @property
    def is_beast(self) -> bool:
        return self.type == "beast"

    @property
    def is_support(self) -> bool:
        return self.type in SUPPORT_KINDS

    @property
    def usable_as_help(self) -> bool:  # L-3, K-17
        return self.type in ("help", "help_special")

    @property
    def usable_as_special(self) -> bool:  # L-7, X-2, K-17
        return self.type in ("special", "help_special")

    def to_mapping(self) -> dict[str, Any]:
        """The catalog mapping of this card (Y-1 keys; abilities in their YAML form)."""
        out: dict[str, Any] = {"id": self.id, "name": self.name}
        if self.name_en:
            out["name_en"] = self.name_en
        out["type"] = self.type
        for key in _KIND_FIELDS.get(self.type, ()):
            out[key] = getattr(self, key)
        if "summon_attributes" in out:
            out["summon_attributes"] = dict(zip(BEAST_FACES, out["summon_attributes"], strict=True))
        if self.limit_group:
            out["limit_group"] = self.limit_group
        if self.set:
            out["set"] = self.set
        if self.text:
            out["text"] = self.text
        if self.abilities:
            out["abilities"] = [ability_to_mapping(a) for a in self.abilities]
        return out


def _init_card(card: MozCard, id: str, name: str, type: str, name_en: str, text: str, set: str,  # noqa: A002
               abilities: tuple[Ability, ...], limit_group: str | None, extra: tuple[tuple[str, Any], ...]) -> None:
    set_ = object.__setattr__
    set_(card, "id", id)
    set_(card, "name", name)
    set_(card, "type", type)
    set_(card, "name_en", name_en)
    set_(card, "text", text)
    set_(card, "set", set)
    set_(card, "abilities", abilities)
    set_(card, "limit_group", limit_group)
    set_(card, "extra", extra)


class Summoner(MozCard):
    """K-9, K-10: `summon_attributes` is (top, left, right)."""

    __slots__ = ("sex", "age", "level", "summon_attributes", "speed")
    _fields = _CARD_FIELDS + __slots__
    _compare = _fields[:8] + _fields[9:]
    sex: str | None
    age: int | None
    level: int
    summon_attributes: tuple[str, str, str]
    speed: int

    def __init__(self, id: str, name: str, type: str, name_en: str = "", text: str = "",  # noqa: A002
                 set: str = "", abilities: tuple[Ability, ...] = (), limit_group: str | None = None,  # noqa: A002
                 extra: tuple[tuple[str, Any], ...] = (), sex: str | None = None, age: int | None = None,
                 level: int = 1, summon_attributes: tuple[str, str, str] = ("", "", ""), speed: int = 0) -> None:
        _init_card(self, id, name, type, name_en, text, set, abilities, limit_group, extra)
        set_ = object.__setattr__
        set_(self, "sex", sex)
        set_(self, "age", age)
        set_(self, "level", level)
        set_(self, "summon_attributes", summon_attributes)
        set_(self, "speed", speed)

    def face_attribute(self, face: str) -> str:
        return self.summon_attributes[BEAST_FACES.index(face)]


class Beast(MozCard):
    """K-12, K-14, K-15."""

    __slots__ = ("attribute", "sub_attribute", "power")
    _fields = _CARD_FIELDS + __slots__
    _compare = _fields[:8] + _fields[9:]
    attribute: str
    sub_attribute: str
    power: int

    def __init__(self, id: str, name: str, type: str, name_en: str = "", text: str = "",  # noqa: A002
                 set: str = "", abilities: tuple[Ability, ...] = (), limit_group: str | None = None,  # noqa: A002
                 extra: tuple[tuple[str, Any], ...] = (), attribute: str = "", sub_attribute: str = "",
                 power: int = 0) -> None:
        _init_card(self, id, name, type, name_en, text, set, abilities, limit_group, extra)
        set_ = object.__setattr__
        set_(self, "attribute", attribute)
        set_(self, "sub_attribute", sub_attribute)
        set_(self, "power", power)


class Support(MozCard):
    """K-3..K-7, K-16: `attribute` is set for attribute change cards only."""

    __slots__ = ("attribute",)
    _fields = _CARD_FIELDS + __slots__
    _compare = _fields[:8] + _fields[9:]
    attribute: str | None

    def __init__(self, id: str, name: str, type: str, name_en: str = "", text: str = "",  # noqa: A002
                 set: str = "", abilities: tuple[Ability, ...] = (), limit_group: str | None = None,  # noqa: A002
                 extra: tuple[tuple[str, Any], ...] = (), attribute: str | None = None) -> None:
        _init_card(self, id, name, type, name_en, text, set, abilities, limit_group, extra)
        object.__setattr__(self, "attribute", attribute)


_KIND_FIELDS: dict[str, tuple[str, ...]] = {
    "summoner": ("sex", "age", "level", "summon_attributes", "speed"),
    "beast": ("attribute", "sub_attribute", "power"),
    "attribute_change": ("attribute",),
}


def same_attribute(a: str | None, b: str | None) -> bool:
    """K-13: attributes are the same when equal after NFKC."""
    return a is not None and b is not None and (a == b or attr_key(a) == attr_key(b))


@functools.lru_cache(maxsize=4096)
def attr_key(a: str) -> str:
    """An attribute as compared (K-13: NFKC, stripped); cached, the agents compare many."""
    return nfkc(a).strip()


# --- parsing ---------------------------------------------------------------------------------


def _int(data: Mapping[str, Any], key: str, required: bool, minimum: int | None = None) -> int | None:
    value = data.get(key)
    if value is None:
        if required:
            raise CardError(f"missing required field '{key}'")
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise CardError(f"'{key}' must be an integer, not {value!r}")
    if minimum is not None and value < minimum:
        raise CardError(f"'{key}' must be at least {minimum}, not {value}")
    return value


def _str(data: Mapping[str, Any], key: str, required: bool) -> str | None:
    value = data.get(key)
    if value is None:
        if required:
            raise CardError(f"missing required field '{key}'")
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise CardError(f"'{key}' must be a string, not {value!r}")
    text = str(value).strip()
    if required and not text:
        raise CardError(f"'{key}' must not be empty")
    return text


def sub_attribute_key(value: str) -> str:
    """Y-4: Japanese sub-attribute values become the English keys; other strings are kept."""
    v = nfkc(value).strip()
    return _SUB_FROM_JA.get(v, v.lower() if v.lower() in SUB_ATTRIBUTES else v)


def parse_target(data: Any, default_side: str, default_kind: str) -> Target:
    if data is None:
        data = {}
    if not isinstance(data, Mapping):
        raise CardError(f"'target' must be a mapping, not {data!r}")
    unknown = set(data) - {"side", "faces", "kind", "attribute", "sub_attribute", "power_min",
                           "power_max", "this", "count"}
    if unknown:
        raise CardError(f"unknown target key '{sorted(unknown)[0]}'")
    side = str(data.get("side", default_side))
    if side not in TARGET_SIDES:
        raise CardError(f"target side must be one of {', '.join(TARGET_SIDES)}, not {side!r}")
    faces = data.get("faces", BEAST_FACES if default_kind == "beast" else FACES)
    if isinstance(faces, str):
        faces = [faces]
    if not isinstance(faces, list | tuple) or not faces or any(f not in FACES for f in faces):
        raise CardError(f"target faces must be a list of {', '.join(FACES)}, not {faces!r}")
    kind = str(data.get("kind", default_kind))
    if kind not in ("beast", "any"):
        raise CardError(f"target kind must be beast or any, not {kind!r}")
    count_raw = data.get("count", 1)
    if count_raw == "all":
        count: int | None = None
    elif isinstance(count_raw, int) and not isinstance(count_raw, bool) and count_raw >= 1:
        count = count_raw
    else:
        raise CardError(f"target count must be a positive integer or 'all', not {count_raw!r}")
    sub = data.get("sub_attribute")
    return Target(
        side=side, faces=tuple(faces), kind=kind,
        attribute=None if data.get("attribute") is None else str(data["attribute"]),
        sub_attribute=None if sub is None else sub_attribute_key(str(sub)),
        power_min=_int(data, "power_min", False), power_max=_int(data, "power_max", False),
        this=bool(data.get("this", False)), count=count,
    )


_DEFAULT_SIDE = {"guard": "opponent", "send_back": "opponent"}


def parse_effect(data: Any) -> Effect:
    if not isinstance(data, Mapping):
        raise CardError(f"an effect must be a mapping with 'op', not {data!r}")
    op = data.get("op")
    if not isinstance(op, str) or op not in OPS:
        raise CardError(f"unknown effect op {op!r} (known: {', '.join(OPS)})")
    unknown = set(data) - {"op", "amount", "side", "target", "mode", "outcome"}
    if unknown:
        raise CardError(f"effect {op}: unknown key '{sorted(unknown)[0]}'")
    side = str(data.get("side", "self"))
    if side not in ("self", "opponent"):
        raise CardError(f"effect {op}: side must be self or opponent, not {side!r}")
    amount = _int(data, "amount", op in ("power", "summoner_power", "speed", "draw")) or 0
    target = None
    if op in ("power", "guard", "send_back"):
        target = parse_target(data.get("target"), _DEFAULT_SIDE.get(op, "self"),
                              "beast" if op == "power" else "any")
    mode = str(data.get("mode", "same_kind" if op == "exchange" else ""))
    if op == "exchange" and mode not in ("same_kind", "any_attribute"):
        raise CardError(f"effect exchange: mode must be same_kind or any_attribute, not {mode!r}")
    outcome = str(data.get("outcome", ""))
    if op == "result" and outcome not in ("win", "tie"):
        raise CardError(f"effect result: outcome must be win or tie, not {outcome!r}")
    if op == "draw" and amount < 0:
        raise CardError("effect draw: amount must be >= 0")
    return Effect(op=op, amount=amount, side=side, target=target, mode=mode, outcome=outcome)


def parse_ability(data: Any) -> Ability:
    if not isinstance(data, Mapping):
        raise CardError(f"an ability must be a mapping with 'when' and 'do', not {data!r}")
    when = data.get("when")
    if when not in TRIGGERS:
        raise CardError(f"ability 'when' must be one of {', '.join(TRIGGERS)}, not {when!r}")
    effects = data.get("do")
    if isinstance(effects, Mapping):
        effects = [effects]
    if not isinstance(effects, list) or not effects:
        raise CardError("ability 'do' must be a non-empty list of effects")
    cond = data.get("if") or {}
    if not isinstance(cond, Mapping):
        raise CardError(f"ability 'if' must be a mapping, not {cond!r}")
    for key in cond:
        if key not in CONDITION_KEYS:
            raise CardError(f"unknown condition {key!r} (known: {', '.join(CONDITION_KEYS)})")
    return Ability(when=when, effects=tuple(parse_effect(e) for e in effects),
                   condition=tuple(sorted((str(k), v) for k, v in cond.items())))


def target_to_mapping(t: Target) -> dict[str, Any]:
    out: dict[str, Any] = {"side": t.side, "faces": list(t.faces), "kind": t.kind}
    for key in ("attribute", "sub_attribute", "power_min", "power_max"):
        if getattr(t, key) is not None:
            out[key] = getattr(t, key)
    if t.this:
        out["this"] = True
    out["count"] = "all" if t.count is None else t.count
    return out


def ability_to_mapping(a: Ability) -> dict[str, Any]:
    effects = []
    for e in a.effects:
        m: dict[str, Any] = {"op": e.op}
        if e.amount:
            m["amount"] = e.amount
        if e.side != "self":
            m["side"] = e.side
        if e.target is not None:
            m["target"] = target_to_mapping(e.target)
        if e.mode:
            m["mode"] = e.mode
        if e.outcome:
            m["outcome"] = e.outcome
        effects.append(m)
    out: dict[str, Any] = {"when": a.when}
    if a.condition:
        out["if"] = dict(a.condition)
    out["do"] = effects
    return out


def card_from_mapping(data: Mapping[str, Any]) -> MozCard:
    """One catalog entry as a card (Y-2, Y-3); `CardError` names the field and the problem."""
    if not isinstance(data, Mapping):
        raise CardError(f"a card must be a mapping, not {type(data).__name__}")
    cid = _str(data, "id", True)
    name = _str(data, "name", True)
    kind = data.get("type")
    if kind is None:
        raise CardError("missing required field 'type'")
    if not isinstance(kind, str) or kind not in TYPES:
        raise CardError(f"unknown type {kind!r:.60} (known: {', '.join(TYPES)})")
    group = data.get("limit_group")
    if group is not None:
        if kind == "summoner":
            raise CardError("a summoner has no limit_group")
        if not isinstance(group, str) or group not in LIMIT_GROUPS:
            raise CardError(f"unknown limit_group {group!r:.60} (known: {', '.join(LIMIT_GROUPS)})")
    raw_abilities = data.get("abilities") or []
    if not isinstance(raw_abilities, list):
        raise CardError("'abilities' must be a list")
    try:
        abilities = tuple(parse_ability(a) for a in raw_abilities)
    except CardError as exc:
        raise CardError(f"abilities: {exc}") from None
    common: dict[str, Any] = {
        "id": cid, "name": name, "type": kind, "name_en": _str(data, "name_en", False) or "",
        "text": _str(data, "text", False) or "", "set": _str(data, "set", False) or "",
        "abilities": abilities, "limit_group": group,
        "extra": tuple((str(k), v) for k, v in data.items() if k not in KNOWN_KEYS),
    }
    if kind == "summoner":
        sex = data.get("sex")
        if sex is not None and (not isinstance(sex, str) or sex not in SEXES):
            raise CardError(f"'sex' must be male, female or null, not {sex!r:.60}")
        attrs = data.get("summon_attributes")
        if attrs is None:
            raise CardError("missing required field 'summon_attributes'")
        if not isinstance(attrs, Mapping) or set(attrs) != set(BEAST_FACES):
            raise CardError("'summon_attributes' must have exactly the keys top, left, right")
        faces = []
        for f in BEAST_FACES:
            v = attrs[f]
            if v is None or isinstance(v, bool) or not str(v).strip():
                raise CardError(f"summon_attributes.{f} must be an attribute string")
            faces.append(str(v).strip())
        return Summoner(**common, sex=sex, age=_int(data, "age", False, 0),
                        level=_int(data, "level", True, 1) or 1,
                        summon_attributes=(faces[0], faces[1], faces[2]),
                        speed=_int(data, "speed", True) or 0)
    if kind == "beast":
        return Beast(**common, attribute=_str(data, "attribute", True) or "",
                     sub_attribute=sub_attribute_key(_str(data, "sub_attribute", True) or ""),
                     power=_int(data, "power", True) or 0)
    attribute = _str(data, "attribute", kind == "attribute_change") if kind == "attribute_change" else None
    return Support(**common, attribute=attribute)


__all__ = [
    "Ability", "BEAST_FACES", "Beast", "CONDITION_KEYS", "CardError", "Effect", "FACES", "LIMIT_GROUPS",
    "MozCard", "OPS", "SHELL", "SUB_ATTRIBUTES", "SUPPORT_KINDS", "Summoner", "Support", "TRIGGERS",
    "TYPES", "Target", "attr_key", "card_from_mapping", "parse_ability", "same_attribute",
    "sub_attribute_key",
]
