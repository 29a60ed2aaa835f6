"""Record classes written out: what `@dataclass` generates, without generating it at import.

`@dataclass` writes each class's `__init__`, `__repr__`, `__eq__` (and for frozen ones
`__setattr__`, `__delattr__`, `__hash__`) as source text and compiles it when the module is
imported, and importing dataclasses imports inspect: for the nine classes a warm
`zxdeck validate` builds (cards, deck lines, problems, regulations, ...) that was about a sixth
of its start-up (and the query's seven classes a tenth of `zxdeck search`'s). The classes on
those paths derive from `Record` / `FrozenRecord` instead: each
writes its `__init__` by hand and names its fields in `_fields`; the rest is shared here.
tests/test_records.py checks each against the dataclass with the same fields (signature,
repr, equality, hash, immutability, pickling, copying).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import Any, Self

FACTORY: Any = type("_FactoryDefault", (), {"__repr__": lambda self: "<factory>"})()
"""Default of an argument whose value is built per instance (dataclass's `default_factory`)."""


class FrozenInstanceError(AttributeError):
    """Assigning to (or deleting) a field of a frozen record (as dataclasses.FrozenInstanceError)."""


class Record:
    """Fields in `_fields` (in `__init__` order); `_compare` are those `==` compares (default all);
    `_no_repr` are left out of `repr`."""

    __slots__ = ()
    _fields: tuple[str, ...] = ()
    _compare: tuple[str, ...] | None = None
    _no_repr: tuple[str, ...] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "_compare" not in cls.__dict__:
            cls._compare = cls._fields
        cls.__match_args__ = cls._fields

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields if name not in self._no_repr)
        return f"{type(self).__qualname__}({shown})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            names = self._compare or ()
            return tuple(getattr(self, n) for n in names) == tuple(getattr(other, n) for n in names)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # mutable and compared by value: unhashable

    def replace(self, **changes: Any) -> Self:
        """A copy with some fields changed (dataclasses.replace)."""
        values = {name: getattr(self, name) for name in self._fields}
        unknown = set(changes) - set(values)
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {sorted(unknown)[0]!r}")
        values.update(changes)
        return type(self)(**values)

    __replace__ = replace  # copy.replace (Python 3.13)


class FrozenRecord(Record):
    """A record whose fields cannot be assigned after `__init__` (which sets them with
    `object.__setattr__`); hashable by its compared fields."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, name) for name in self._compare))  # type: ignore[union-attr]

    def __getstate__(self) -> list[Any]:
        return [getattr(self, name) for name in self._fields]

    def __setstate__(self, state: list[Any]) -> None:
        for name, value in zip(self._fields, state):
            object.__setattr__(self, name, value)
