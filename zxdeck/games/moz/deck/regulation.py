"""MOZ's deck rules are data: one YAML file per regulation under `data/moz/regulations/`.

Every MOZ deck rule (MOZ_RULES.md section 2, D-1..D-17) has one shape: "the cards matching a
predicate (counted all together, or per name / per power) number at least / at most N". A
regulation file lists them (`limits`), each with the rule id its errors cite, its error code and
the extra keys of its JSON error; `load_regulation()` reads the built-in `glyphwar` (the
default), another built-in by name, or any YAML file of the same shape
(`zxdeck --game moz validate --regulation FILE.yaml`). A file is checked once and kept as JSON
in the cache folder (zxdeck.kept), so a warm `validate` does not import PyYAML.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from zxdeck.errors import ZxError
from zxdeck.games.moz.catalog.model import MozCard
from zxdeck.records import FACTORY, FrozenRecord

DEFAULT = "glyphwar"

# The card fields a limit may match on (`level_min` and `not_type` are the two special keys).
MATCH_FIELDS = frozenset({"type", "level", "sub_attribute", "attribute", "power", "limit_group", "sex", "age",
                          "speed", "id", "name"})
PER_KEYS = ("name", "power")
_LIMIT_KEYS = {"rule", "code", "what", "match", "minimum", "maximum", "per", "extra", "count_key", "point_lines"}


class RegulationError(ZxError):
    """A MOZ regulation could not be found or its file is malformed (exit 2)."""


class Limit(FrozenRecord):
    """One deck rule: the cards matching `match` (every key must hold; a list is "any of";
    `level_min`: level >= N; `not_type`: type not in the list), counted per value of `per`
    (`name`: by NFKC name, D-3; `power`: by printed power, D-10) or all together, must number
    at least `minimum` / at most `maximum`. `what` names the cards in messages; `extra` holds
    the extra JSON keys of the error (MOZ_RULES section 2)."""

    __slots__ = _fields = ("rule", "code", "what", "match", "minimum", "maximum", "per", "extra", "count_key",
                           "point_lines")
    rule: str
    code: str
    what: str
    match: dict[str, Any]
    minimum: int | None
    maximum: int | None
    per: str | None
    extra: dict[str, Any]
    count_key: bool  # the error has a `count` key
    point_lines: bool  # the error names the lines of the cards counted (not for D-1, D-2)

    def __init__(self, rule: str, code: str, what: str, match: dict[str, Any], minimum: int | None = None,
                 maximum: int | None = None, per: str | None = None, extra: dict[str, Any] = FACTORY,
                 count_key: bool = True, point_lines: bool = True) -> None:
        set_ = object.__setattr__
        set_(self, "rule", rule)
        set_(self, "code", code)
        set_(self, "what", what)
        set_(self, "match", match)
        set_(self, "minimum", minimum)
        set_(self, "maximum", maximum)
        set_(self, "per", per)
        set_(self, "extra", {} if extra is FACTORY else extra)
        set_(self, "count_key", count_key)
        set_(self, "point_lines", point_lines)

    def matches(self, card: MozCard) -> bool:
        for key, want in self.match.items():
            if key == "not_type":
                if card.type in want:
                    return False
            elif key == "level_min":
                if getattr(card, "level", None) is None or card.level < want:  # type: ignore[attr-defined]
                    return False
            else:
                value = getattr(card, key, None)
                if value not in (want if isinstance(want, list) else [want]):
                    return False
        return True

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self._fields}


class MozRegulation(FrozenRecord):
    """A named list of deck rules (`limits`, checked in this order)."""

    __slots__ = _fields = ("name", "title", "source", "limits", "path")
    name: str
    title: str
    source: str
    limits: tuple[Limit, ...]
    path: str | None

    def __init__(self, name: str, limits: tuple[Limit, ...], title: str = "", source: str = "",
                 path: str | None = None) -> None:
        set_ = object.__setattr__
        set_(self, "name", name)
        set_(self, "title", title)
        set_(self, "source", source)
        set_(self, "limits", limits)
        set_(self, "path", path)

    def __iter__(self):  # noqa: ANN204 - iterating a regulation iterates its limits
        return iter(self.limits)

    def __len__(self) -> int:
        return len(self.limits)


def regulations_dir() -> Path:
    """The folder of MOZ's built-in regulation files (packaged data or `data/` of a checkout)."""
    from zxdeck.catalog.paths import builtin_data_dir

    return builtin_data_dir() / "moz" / "regulations"


def list_regulations() -> list[MozRegulation]:
    """The built-in MOZ regulations, by name."""
    return [load_regulation(p.stem) for p in sorted(regulations_dir().glob("*.yaml"))]


def load_regulation(name_or_path: str | os.PathLike[str] | None = None) -> MozRegulation:
    """A MOZ regulation by built-in name (`glyphwar`) or from a YAML file path."""
    from zxdeck.kept import data_file, load_checked

    path = data_file(str(name_or_path) if name_or_path else DEFAULT, regulations_dir(), RegulationError,
                     "MOZ regulation")
    try:
        return load_checked(path, "moz-regulations", lambda data: parse_regulation(data, str(path)), _values,
                            lambda values: _from_values(values, str(path)))
    except OSError as exc:  # a FileRefused (zxdeck.bounded) says why in `problem`
        problem = getattr(exc, "problem", None) or f"cannot read regulation: {exc.strerror or exc}"
        raise RegulationError(f"{path}: {problem}") from None


def _values(regulation: MozRegulation) -> dict[str, Any]:
    return {"name": regulation.name, "title": regulation.title, "source": regulation.source,
            "limits": [limit.to_dict() for limit in regulation.limits]}


def _from_values(values: dict[str, Any], path: str) -> MozRegulation:
    return MozRegulation(values["name"], tuple(Limit(**limit) for limit in values["limits"]), values["title"],
                         values["source"], path=path)


def parse_regulation(data: bytes | str, source: str = "<regulation>") -> MozRegulation:
    """Check and build a `MozRegulation` from YAML; the first problem raises `RegulationError`
    naming the file and the limit (by its position and rule)."""
    from zxdeck.safeyaml import load_small

    doc = load_small(data, source, RegulationError)
    if not isinstance(doc, dict) or not isinstance(doc.get("name"), str) or not doc["name"].strip():
        raise RegulationError(f"{source}: a MOZ regulation is a mapping with a 'name' and a list of 'limits'")
    unknown = sorted(set(doc) - {"name", "title", "source", "limits"}, key=str)
    if unknown:
        raise RegulationError(f"{source}: unknown key {unknown[0]!r} (known: name, title, source, limits)")
    raw = doc.get("limits")
    if not isinstance(raw, list) or not raw:
        raise RegulationError(f"{source}: 'limits' must be a non-empty list of rules")
    limits = tuple(_limit(item, f"{source}: limit {i}") for i, item in enumerate(raw, 1))
    for key in ("title", "source"):
        if not isinstance(doc.get(key, ""), str):
            raise RegulationError(f"{source}: '{key}' must be text")
    return MozRegulation(doc["name"].strip(), limits, doc.get("title", ""), doc.get("source", ""), path=source)


def _limit(item: Any, where: str) -> Limit:
    if not isinstance(item, dict):
        raise RegulationError(f"{where}: a limit is a mapping (rule, code, what, match, minimum/maximum)")
    if isinstance(item.get("rule"), str):
        where = f"{where} ({item['rule']})"
    unknown = sorted(set(item) - _LIMIT_KEYS, key=str)
    if unknown:
        raise RegulationError(f"{where}: unknown key {unknown[0]!r} (known: {', '.join(sorted(_LIMIT_KEYS))})")
    for key in ("rule", "code", "what"):
        if not isinstance(item.get(key), str) or not item[key].strip():
            raise RegulationError(f"{where}: '{key}' must be non-empty text")
    try:
        item["what"].format(name="", power=0)
    except (KeyError, IndexError, ValueError):
        raise RegulationError(f"{where}: 'what' may only use {{name}} and {{power}}") from None
    match = item.get("match", {})
    if not isinstance(match, dict):
        raise RegulationError(f"{where}: 'match' must be a mapping of card field -> value(s)")
    for key, want in match.items():
        if key == "level_min":
            if not _is_count(want):
                raise RegulationError(f"{where}: 'level_min' must be a whole number >= 0")
        elif key == "not_type" or key in MATCH_FIELDS:
            if isinstance(want, dict | list) and not (isinstance(want, list)
                                                      and all(isinstance(w, str | int) for w in want)):
                raise RegulationError(f"{where}: match {key!r} must be a value or a list of values")
        else:
            raise RegulationError(f"{where}: cannot match on {key!r} "
                                  f"(fields: {', '.join(sorted(MATCH_FIELDS | {'level_min', 'not_type'}))})")
    bounds = {}
    for key in ("minimum", "maximum"):
        value = item.get(key)
        if value is not None and not _is_count(value):
            raise RegulationError(f"{where}: {key!r} must be a whole number >= 0")
        bounds[key] = value
    if bounds["minimum"] is None and bounds["maximum"] is None:
        raise RegulationError(f"{where}: a limit needs a 'minimum' or a 'maximum'")
    if bounds["minimum"] is not None and bounds["maximum"] is not None and bounds["minimum"] > bounds["maximum"]:
        raise RegulationError(f"{where}: 'minimum' is above 'maximum'")
    per = item.get("per")
    if per is not None and per not in PER_KEYS:
        raise RegulationError(f"{where}: 'per' must be one of {', '.join(PER_KEYS)}")
    extra = item.get("extra", {})
    if not isinstance(extra, dict) or not all(isinstance(k, str) for k in extra):
        raise RegulationError(f"{where}: 'extra' must be a mapping of JSON keys")
    flags = {}
    for key in ("count_key", "point_lines"):
        value = item.get(key, True)
        if not isinstance(value, bool):
            raise RegulationError(f"{where}: {key!r} must be true or false")
        flags[key] = value
    return Limit(item["rule"].strip(), item["code"].strip(), item["what"], dict(match), bounds["minimum"],
                 bounds["maximum"], per, dict(extra), **flags)


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
