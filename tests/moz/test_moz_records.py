"""The MOZ card model's written-out record classes (zxdeck.records) behave as the frozen,
slotted dataclasses they replaced: same `__init__` signature, repr, equality (`extra` not
compared), hash, immutability, pickling and copying (K-9, K-12, K-16, Y-2, Y-3)."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from dataclasses import dataclass, field
from typing import Any

import pytest

from zxdeck.games.moz.catalog import loader as catalog
from zxdeck.games.moz.catalog import model
from zxdeck.games.moz.deck import parse as deck
from zxdeck.records import FACTORY, FrozenInstanceError

BEAST_FACES = ("top", "left", "right")


class Ref:
    """The former dataclass definitions (same names, so that repr compares)."""

    @dataclass(frozen=True, slots=True)
    class Target:
        side: str = "self"
        faces: tuple[str, ...] = BEAST_FACES
        kind: str = "beast"
        attribute: str | None = None
        sub_attribute: str | None = None
        power_min: int | None = None
        power_max: int | None = None
        this: bool = False
        count: int | None = 1

    @dataclass(frozen=True, slots=True)
    class Effect:
        op: str
        amount: int = 0
        side: str = "self"
        target: Any = None
        mode: str = ""
        outcome: str = ""

    @dataclass(frozen=True, slots=True)
    class Ability:
        when: str
        effects: tuple
        condition: tuple = ()

    @dataclass(frozen=True, slots=True)
    class MozCard:
        id: str
        name: str
        type: str
        name_en: str = ""
        text: str = ""
        set: str = ""
        abilities: tuple = ()
        limit_group: str | None = None
        extra: tuple = field(default=(), compare=False)

    @dataclass(frozen=True, slots=True)
    class Summoner(MozCard):
        sex: str | None = None
        age: int | None = None
        level: int = 1
        summon_attributes: tuple[str, str, str] = ("", "", "")
        speed: int = 0

    @dataclass(frozen=True, slots=True)
    class Beast(MozCard):
        attribute: str = ""
        sub_attribute: str = ""
        power: int = 0

    @dataclass(frozen=True, slots=True)
    class Support(MozCard):
        attribute: str | None = None

    @dataclass(frozen=True)
    class Limit:
        rule: str
        code: str
        what: str
        match: dict[str, Any]
        minimum: int | None = None
        maximum: int | None = None
        per: str | None = None
        extra: dict[str, Any] = field(default_factory=dict)
        count_key: bool = True
        point_lines: bool = True

    @dataclass
    class MozValidation:
        deck: Any
        errors: list = field(default_factory=list)
        warnings: list = field(default_factory=list)
        counts: dict[str, Any] = field(default_factory=dict)
        regulation: str = "glyphwar"


CARD = {"id": "MOZ-1", "name": "竜", "type": "beast"}
CARD_OTHERS = {"name_en": "Dragon", "text": "t", "set": "s", "abilities": ("a",), "limit_group": "sp_seal",
               "extra": (("k", 1),)}
CASES = [
    (model.Target, Ref.Target, {}, {"side": "opponent", "faces": ("top",), "kind": "any", "attribute": "貝",
                                    "sub_attribute": "dragon", "power_min": 1, "power_max": 2, "this": True,
                                    "count": None}),
    (model.Effect, Ref.Effect, {"op": "power"}, {"amount": 50, "side": "opponent", "target": model.Target(),
                                                 "mode": "same_kind", "outcome": "win"}),
    (model.Ability, Ref.Ability, {"when": "special", "effects": ()}, {"effects": (1,), "condition": (("a", 1),)}),
    (model.MozCard, Ref.MozCard, CARD, CARD_OTHERS),
    (model.Summoner, Ref.Summoner, {**CARD, "type": "summoner"},
     {**CARD_OTHERS, "sex": "female", "age": 3, "level": 7, "summon_attributes": ("a", "b", "c"), "speed": 4}),
    (model.Beast, Ref.Beast, CARD, {**CARD_OTHERS, "attribute": "貝", "sub_attribute": "dragon", "power": -100}),
    (model.Support, Ref.Support, {**CARD, "type": "attribute_change"}, {**CARD_OTHERS, "attribute": "炎"}),
    (deck.Limit, Ref.Limit, {"rule": "D-1", "code": "c", "what": "w", "match": {"type": "summoner"}},
     {"minimum": 5, "maximum": 5, "per": "name", "extra": {"k": 1}, "count_key": False, "point_lines": False}),
    (deck.MozValidation, Ref.MozValidation, {"deck": "d"}, {"errors": [1], "warnings": [2], "counts": {"a": 1},
                                                               "regulation": "r"}),
]
IDS = [c[0].__name__ for c in CASES]


def _same_repr(ours: object, ref: type) -> bool:
    twin = ref(**{f.name: getattr(ours, f.name) for f in dataclasses.fields(ref)})
    return repr(ours) == repr(twin).replace("Ref.", "")  # the references are nested in Ref


@pytest.mark.parametrize(("cls", "ref", "required", "others"), CASES, ids=IDS)
def test_same_signature(cls: type, ref: type, required: dict, others: dict) -> None:
    ours = inspect.signature(cls.__init__).parameters
    theirs = inspect.signature(ref.__init__).parameters
    assert list(ours) == list(theirs)
    for name, param in theirs.items():
        if param.default is inspect.Parameter.empty:
            assert ours[name].default is inspect.Parameter.empty, name
        elif param.default is getattr(dataclasses, "_HAS_DEFAULT_FACTORY", object()):
            assert ours[name].default is FACTORY, name
        else:
            assert ours[name].default == param.default, name
    assert cls.__match_args__ == ref.__match_args__


@pytest.mark.parametrize(("cls", "ref", "required", "others"), CASES, ids=IDS)
def test_same_repr_equality_and_hash(cls: type, ref: type, required: dict, others: dict) -> None:
    base, base_ref = cls(**required), ref(**required)
    assert _same_repr(base, ref)
    frozen = ref.__dataclass_params__.frozen
    for name, value in others.items():
        args = {**required, name: value}
        one, one_ref = cls(**args), ref(**args)
        assert _same_repr(one, ref)
        assert (one == base) == (one_ref == base_ref), name
        if frozen:
            try:
                expected = hash(one_ref)
            except TypeError:  # a dict field: unhashable both ways
                with pytest.raises(TypeError):
                    hash(one)
            else:
                assert hash(one) == expected, name
    assert (base == required) is False
    if not frozen:
        with pytest.raises(TypeError):
            hash(base)


@pytest.mark.parametrize(("cls", "ref", "required", "others"), [c for c in CASES if c[1].__dataclass_params__.frozen],
                         ids=[c[0].__name__ for c in CASES if c[1].__dataclass_params__.frozen])
def test_frozen_ones_refuse_assignment_and_survive_pickle_and_copy(cls: type, ref: type, required: dict,
                                                                   others: dict) -> None:
    one = cls(**{**required, **others})
    with pytest.raises(FrozenInstanceError):
        one.x = 1  # type: ignore[attr-defined]
    with pytest.raises(AttributeError):
        delattr(one, next(iter(required), "side"))
    for twin in (pickle.loads(pickle.dumps(one)), copy.copy(one), copy.deepcopy(one)):
        assert twin == one and type(twin) is cls and repr(twin) == repr(one)


def test_factory_defaults_are_not_shared() -> None:
    assert deck.MozValidation("d").errors is not deck.MozValidation("d").errors
    assert deck.Limit("D-1", "c", "w", {}).extra is not deck.Limit("D-1", "c", "w", {}).extra


def test_cards_have_slots_only_and_a_beast_is_a_moz_card() -> None:
    b = model.Beast("MOZ-1", "竜", "beast", power=100)
    assert not hasattr(b, "__dict__") and isinstance(b, model.MozCard)
    assert b.is_beast and not b.usable_as_help
    assert model.Beast("MOZ-1", "竜", "beast", power=100, extra=(("k", 1),)) == b  # extra not compared


def test_the_catalog_class_keeps_its_fields() -> None:
    cat = catalog.MozCatalog([model.Beast("MOZ-1", "竜", "beast")])
    assert cat.by_id["MOZ-1"].name == "竜" and cat.paths == () and cat.cache is None and not cat.built
