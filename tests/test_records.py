"""The classes written out on `zxdeck.records` behave as the dataclasses they replaced.

Each reference below is the former `@dataclass` definition; the written-out class must have the
same `__init__` signature, `repr`, equality, hash, immutability, pickling and copying.
"""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from zxdeck.catalog import query
from zxdeck.catalog.db import CatalogDB
from zxdeck.catalog.model import Card
from zxdeck.deck.layout import Header
from zxdeck.deck.model import Deck, DeckEntry, Problem
from zxdeck.deck.regulation import CardList, Regulation
from zxdeck.deck.validate import ValidationResult
from zxdeck.records import FACTORY, FrozenInstanceError


class Ref:
    """The former dataclass definitions (same names, so that repr compares)."""

    @dataclass(frozen=True, slots=True)
    class Card:
        id: str
        name: str
        type: str
        name_en: str = ""
        color: str = "colorless"
        cost: int = 0
        power: int = 0
        races: tuple[str, ...] = ()
        icons: frozenset[str] = frozenset()
        keywords: frozenset[str] = frozenset()
        player: str = ""
        timing: str = "main"
        text: str = ""
        abilities: tuple[Any, ...] | None = None
        extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    @dataclass
    class DeckEntry:
        count: int
        text: str
        section: str = "main"
        card: Any = None
        line: int | None = None

    @dataclass
    class Problem:
        code: str
        message: str
        line: int | None = None
        rule: str | None = None
        severity: str = "error"
        hint: str = ""
        name: str | None = None
        suggestions: list[str] | None = None
        suggested_cards: list[dict[str, Any]] | None = None
        found: Any = None
        allowed: str | None = None
        lines: list[int] = field(default_factory=list)

    @dataclass
    class Deck:
        source: str = "<deck>"
        entries: list = field(default_factory=list)
        problems: list = field(default_factory=list)
        encoding: str = "utf-8"
        empty: bool = False
        name: str = ""

    @dataclass(frozen=True)
    class Header:
        section: str
        kind: str = ""
        count: int | None = None
        rest: str = ""
        meta: bool = False

    @dataclass(frozen=True)
    class CardList:
        date: str
        title: str = ""
        banned: tuple[str, ...] = ()
        restricted: dict[str, int] = field(default_factory=dict)

    @dataclass(frozen=True)
    class Regulation:
        name: str
        title: str = ""
        date: str | None = None
        source: str = ""
        main_size: int = 50
        main_types: frozenset[str] = frozenset({"zx", "event"})
        copy_limit: int = 4
        ignition: int | None = 20
        ignition_max: int | None = None
        life_recovery_max: int | None = 4
        void_bringer_max: int | None = 4
        recommend_start_card: bool = True
        dunamis_max: int = 16
        dunamis_types: frozenset[str] = frozenset({"zx_ex", "zx_ob", "shift", "event_ex"})
        dunamis_copy_limit: int = 4
        ob_max: int | None = 4
        non_ob_max: int | None = 12
        ob_must_match_player: bool = True
        event_ex_player_warning: bool = True
        player_max: int = 1
        card_limits: dict[str, int] = field(default_factory=dict)
        rule_ids: dict[str, str] = field(default_factory=dict)
        path: str | None = None
        format: str = "constructed"
        lists: tuple = ()
        on: str | None = None
        active_list: Any = None

    @dataclass
    class ValidationResult:
        deck: Any
        regulation: Any
        errors: list = field(default_factory=list)
        warnings: list = field(default_factory=list)
        counts: dict[str, Any] = field(default_factory=dict)

    @dataclass
    class CatalogDB:
        conn: Any
        catalog_path: Path
        digest: str
        path: Path | None = None
        built: bool = False
        build_seconds: float = 0.0
        fts: bool = True
        catalog_paths: tuple[Path, ...] = ()
        _cards: list | None = field(default=None, repr=False)
        _folded: dict = field(default_factory=dict, repr=False)

    @dataclass(frozen=True)
    class Language:
        keywords: dict[str, str]
        keyword_help: str
        numeric: frozenset[str]
        regex_fields: frozenset[str]
        enums: dict[str, tuple[dict[str, Any], str]]
        negations: dict[str, str]
        spaced: Any

    @dataclass(frozen=True)
    class Term:
        field: str
        op: str
        value: Any
        source: str

    @dataclass(frozen=True)
    class Not:
        child: Any

    @dataclass(frozen=True)
    class And:
        children: tuple

    @dataclass(frozen=True)
    class Or:
        children: tuple

    @dataclass(frozen=True)
    class All:
        pass

    @dataclass(frozen=True)
    class Token:
        kind: str
        text: str
        pos: int
        key: str = ""
        op: str = ""
        value: str = ""
        quoted: bool = False
        regex: bool = False
        exact: bool = False


# (class, reference, required arguments, other values for each field to vary it)
CASES = [
    (Card, Ref.Card, {"id": "ZX01-001", "name": "竜", "type": "zx"},
     {"name_en": "Dragon", "cost": 3, "races": ("ドラゴン",), "icons": frozenset({"ignition"}),
      "abilities": ("x",), "extra": {"k": 1}, "timing": "any"}),
    (DeckEntry, Ref.DeckEntry, {"count": 4, "text": "ZX01-001"}, {"section": "dunamis", "line": 3, "count": 2}),
    (Problem, Ref.Problem, {"code": "copy-limit", "message": "too many"},
     {"line": 2, "rule": "D-3", "lines": [1, 2], "found": 5, "hint": "h", "suggestions": ["a"]}),
    (Deck, Ref.Deck, {}, {"source": "a.txt", "empty": True, "name": "n", "entries": [1]}),
    (Header, Ref.Header, {"section": "main"}, {"kind": "ig", "count": 20, "rest": "r", "meta": True}),
    (CardList, Ref.CardList, {"date": "2022-01-01"}, {"title": "t", "banned": ("A",), "restricted": {"B": 1}}),
    (Regulation, Ref.Regulation, {"name": "current"},
     {"main_size": 40, "ignition": None, "card_limits": {"A": 1}, "format": "sealed", "on": "2024-01-01",
      "dunamis_types": frozenset({"shift"}), "player_max": 0}),
    (ValidationResult, Ref.ValidationResult, {"deck": "d", "regulation": "r"}, {"errors": [1], "counts": {"a": 1}}),
    (CatalogDB, Ref.CatalogDB, {"conn": None, "catalog_path": Path("c.yaml"), "digest": "ab"},
     {"built": True, "fts": False, "_cards": [], "path": Path("x.sqlite")}),
    (query.Language, Ref.Language, {"keywords": {"c": "color"}, "keyword_help": "h", "numeric": frozenset({"cost"}),
                                    "regex_fields": frozenset(), "enums": {}, "negations": {}, "spaced": None},
     {"keyword_help": "other", "numeric": frozenset(), "negations": {"not": "is"}}),
    (query.Term, Ref.Term, {"field": "any", "op": ":", "value": "a", "source": "a"},
     {"field": "cost", "op": ">=", "value": 3, "source": "cost>=3"}),
    (query.Not, Ref.Not, {"child": 1}, {"child": 2}),
    (query.And, Ref.And, {"children": (1, 2)}, {"children": ()}),
    (query.Or, Ref.Or, {"children": (1, 2)}, {"children": (3,)}),
    (query.All, Ref.All, {}, {}),
    (query.Token, Ref.Token, {"kind": "term", "text": "c:red", "pos": 0},
     {"key": "c", "op": ":", "value": "red", "quoted": True, "regex": True, "pos": 4, "exact": True}),
]
IDS = [case[0].__name__ for case in CASES]


def _repr(value: object) -> str:
    return repr(value).replace("Ref.", "")  # the references are nested in Ref


def _same_repr(ours: object, ref: type) -> bool:
    """repr as the dataclass writes it, given the very same field values (sets print in the
    order their own history gives)."""
    twin = ref(**{f.name: getattr(ours, f.name) for f in dataclasses.fields(ref)})
    return repr(ours) == _repr(twin)


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
def test_same_values_repr_equality_and_hash(cls: type, ref: type, required: dict, others: dict) -> None:
    base, base_ref = cls(**required), ref(**required)
    assert _same_repr(base, ref)
    for name in [f.name for f in dataclasses.fields(ref)]:
        assert getattr(base, name) == getattr(base_ref, name), name
    frozen = ref.__dataclass_params__.frozen
    for name, value in others.items():
        args = {**required, name: value}
        one, one_ref = cls(**args), ref(**args)
        assert _same_repr(one, ref)
        assert (one == base) == (one_ref == base_ref), name
        assert (one == cls(**args)) == (one_ref == ref(**args))
        assert one.replace(**{name: value}) == one and base.replace(**{name: value}) == one
        assert _same_repr(base.replace(**{name: value}), ref)
        if frozen:
            try:
                expected = hash(one_ref)
            except TypeError:
                with pytest.raises(TypeError):
                    hash(one)
            else:
                assert hash(one) == expected
    assert (base == required) is False and (base != base_ref) is True  # other classes never equal
    if not frozen:
        with pytest.raises(TypeError):
            hash(base)
    # defaults built per instance are not shared
    factory_fields = [n for n, p in inspect.signature(cls.__init__).parameters.items() if p.default is FACTORY]
    for name in factory_fields:
        assert getattr(cls(**required), name) is not getattr(cls(**required), name)


@pytest.mark.parametrize(("cls", "ref", "required", "others"), [c for c in CASES if c[1].__dataclass_params__.frozen],
                         ids=[c[0].__name__ for c in CASES if c[1].__dataclass_params__.frozen])
def test_frozen_ones_refuse_assignment_and_survive_pickle_and_copy(cls: type, ref: type, required: dict,
                                                                   others: dict) -> None:
    one = cls(**{**required, **others})
    name = next(iter(required), "anything")
    with pytest.raises(FrozenInstanceError):
        setattr(one, name, "x")
    with pytest.raises(AttributeError):
        delattr(one, name)
    for twin in (pickle.loads(pickle.dumps(one)), copy.copy(one), copy.deepcopy(one)):
        # a frozenset field may iterate in another order after pickling, so its repr may too:
        # the reprs must hold the same characters, in any order
        assert twin == one and type(twin) is cls and sorted(repr(twin)) == sorted(repr(one))


def test_card_has_slots_only() -> None:
    card = Card("ZX01-001", "竜", "zx")
    assert not hasattr(card, "__dict__")
    assert Card.__slots__ == tuple(f.name for f in dataclasses.fields(Ref.Card))


def test_mutable_ones_pickle_and_copy() -> None:
    deck = Deck("a.txt", [DeckEntry(4, "x", card=Card("A", "a", "zx"))], [Problem("c", "m", lines=[1])])
    for twin in (pickle.loads(pickle.dumps(deck)), copy.deepcopy(deck)):
        assert twin == deck and repr(twin) == repr(deck)
    deck.name = "renamed"
    assert deck.name == "renamed"
