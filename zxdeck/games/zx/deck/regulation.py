"""Regulations are data: one YAML file per regulation under `data/regulations/`.

`load_regulation("current")` (the default, ZX_RULES D-1..D-15),
`load_regulation("v2")` (the ver. 2.0 rule book, D-16), `load_regulation("sealed")`
(a 40-card main deck and a dunamis of at most 8), or a path to any YAML file of
the same shape. `list_regulations()` lists the built-in ones.

Dates: a regulation has the date it takes effect (`date`) and belongs to a
`format` (`constructed`, `sealed`); within a format the regulation in force on a
day is the newest one dated on or before it (`regulation_for`). A regulation may
carry dated banned / restricted lists (`lists`), each complete as of its date:
`Regulation.at(day)` applies the newest list dated on or before the day, and
errors name that list and its date.

A regulation is read on every `zxdeck validate`; once checked, it is kept as JSON in the cache
folder (`regulations/<sha256 of the YAML bytes>.json`, with a digest of its own content), so a
later run reads that instead of importing PyYAML (a fifth of a warm validate's start-up).
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path
from typing import Any

from zxdeck.errors import ZxError
from zxdeck.games.zx.catalog.model import TYPES
from zxdeck.records import FACTORY, FrozenRecord

DEFAULT = "current"
DEFAULT_FORMAT = "constructed"


class RegulationError(ZxError):
    """A regulation could not be found or its file is malformed (exit 2)."""


class CardList(FrozenRecord):
    """A dated banned / restricted list: card number or name -> most copies allowed (0: banned)."""

    _fields = ("date", "title", "banned", "restricted")

    def __init__(self, date: str, title: str = "", banned: tuple[str, ...] = (),
                 restricted: dict[str, int] = FACTORY) -> None:
        object.__setattr__(self, "date", date)  # YYYY-MM-DD, the day it takes effect
        object.__setattr__(self, "title", title)
        object.__setattr__(self, "banned", banned)
        object.__setattr__(self, "restricted", {} if restricted is FACTORY else restricted)

    @property
    def limits(self) -> dict[str, int]:
        return {**{card: 0 for card in self.banned}, **self.restricted}

    @property
    def label(self) -> str:
        """How errors name the list: its date and title."""
        return f"the list of {self.date}" + (f" ({self.title})" if self.title else "")

    def to_dict(self) -> dict[str, Any]:
        return {"date": self.date, "title": self.title, "banned": list(self.banned),
                "restricted": dict(self.restricted)}


class Regulation(FrozenRecord):
    """The limits of one regulation. `None` for a limit means "not checked"."""

    _fields = (
        "name", "title", "date", "source", "main_size", "main_types", "copy_limit", "ignition",
        "ignition_max", "life_recovery_max", "void_bringer_max", "recommend_start_card", "dunamis_max",
        "dunamis_types", "dunamis_copy_limit", "ob_max", "non_ob_max", "ob_must_match_player",
        "event_ex_player_warning", "player_max", "card_limits", "rule_ids", "path", "format", "lists",
        "on", "active_list",
    )

    def __init__(
        self,
        name: str,
        title: str = "",
        date: str | None = None,
        source: str = "",
        main_size: int = 50,
        main_types: frozenset[str] = frozenset({"zx", "event"}),
        copy_limit: int = 4,
        ignition: int | None = 20,  # exactly this many (D-4)
        ignition_max: int | None = None,  # at most this many (when `ignition` is None)
        life_recovery_max: int | None = 4,
        void_bringer_max: int | None = 4,
        recommend_start_card: bool = True,
        dunamis_max: int = 16,
        dunamis_types: frozenset[str] = frozenset({"zx_ex", "zx_ob", "shift", "event_ex"}),
        dunamis_copy_limit: int = 4,
        ob_max: int | None = 4,
        non_ob_max: int | None = 12,
        ob_must_match_player: bool = True,
        event_ex_player_warning: bool = True,
        player_max: int = 1,
        card_limits: dict[str, int] = FACTORY,
        rule_ids: dict[str, str] = FACTORY,  # error code -> rule id to cite instead
        path: str | None = None,
        format: str = DEFAULT_FORMAT,  # noqa: A002
        lists: tuple[CardList, ...] = (),  # dated banned / restricted lists, oldest first
        on: str | None = None,  # the day it was picked for (`at`), YYYY-MM-DD
        active_list: CardList | None = None,  # the list in force on that day
    ) -> None:
        set_ = object.__setattr__
        set_(self, "name", name)
        set_(self, "title", title)
        set_(self, "date", date)
        set_(self, "source", source)
        set_(self, "main_size", main_size)
        set_(self, "main_types", main_types)
        set_(self, "copy_limit", copy_limit)
        set_(self, "ignition", ignition)
        set_(self, "ignition_max", ignition_max)
        set_(self, "life_recovery_max", life_recovery_max)
        set_(self, "void_bringer_max", void_bringer_max)
        set_(self, "recommend_start_card", recommend_start_card)
        set_(self, "dunamis_max", dunamis_max)
        set_(self, "dunamis_types", dunamis_types)
        set_(self, "dunamis_copy_limit", dunamis_copy_limit)
        set_(self, "ob_max", ob_max)
        set_(self, "non_ob_max", non_ob_max)
        set_(self, "ob_must_match_player", ob_must_match_player)
        set_(self, "event_ex_player_warning", event_ex_player_warning)
        set_(self, "player_max", player_max)
        set_(self, "card_limits", {} if card_limits is FACTORY else card_limits)
        set_(self, "rule_ids", {} if rule_ids is FACTORY else rule_ids)
        set_(self, "path", path)
        set_(self, "format", format)
        set_(self, "lists", lists)
        set_(self, "on", on)
        set_(self, "active_list", active_list)

    def at(self, day: dt.date) -> Regulation:
        """This regulation as it stands on `day`: with the newest list dated on or before it."""
        iso = day.isoformat()
        in_force = [cl for cl in self.lists if cl.date <= iso]
        return self.replace(on=iso, active_list=in_force[-1] if in_force else None)

    def limit_sources(self) -> list[tuple[dict[str, int], str]]:
        """(card limits, how errors name where they come from): the regulation's own
        `card_limits`, then the list in force."""
        sources = [(dict(self.card_limits), f"in regulation {self.name}")] if self.card_limits else []
        if self.active_list is not None:
            sources.append((self.active_list.limits, f"by {self.active_list.label} of regulation {self.name}"))
        return sources

    @property
    def limited_cards(self) -> int:
        """How many card numbers or names are banned or restricted now."""
        return len({k for limits, _ in self.limit_sources() for k in limits})

    def ignition_text(self) -> str:
        if self.ignition is not None:
            return str(self.ignition)
        return f"at most {self.ignition_max}" if self.ignition_max is not None else "any"

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name, "title": self.title, "date": self.date, "source": self.source,
            "format": self.format,
            "main": {"size": self.main_size, "types": sorted(self.main_types),
                     "copy_limit": self.copy_limit, "ignition": self.ignition,
                     "ignition_max": self.ignition_max,
                     "life_recovery_max": self.life_recovery_max,
                     "void_bringer_max": self.void_bringer_max,
                     "recommend_start_card": self.recommend_start_card},
            "dunamis": {"max_size": self.dunamis_max, "types": sorted(self.dunamis_types),
                        "copy_limit": self.dunamis_copy_limit, "ob_max": self.ob_max,
                        "non_ob_max": self.non_ob_max,
                        "ob_must_match_player": self.ob_must_match_player,
                        "event_ex_player_warning": self.event_ex_player_warning},
            "player_max": self.player_max,
            "card_limits": dict(self.card_limits),
            "rule_ids": dict(self.rule_ids),
            "path": self.path,
            "lists": [cl.to_dict() for cl in self.lists],
            "on": self.on,
            "list_in_force": self.active_list.to_dict() if self.active_list else None,
        }


def regulations_dir() -> Path:
    """The folder of the built-in regulation files (packaged data or `data/` of a checkout)."""
    from zxdeck.catalog.paths import builtin_data_dir

    return builtin_data_dir() / "regulations"


def list_regulations() -> list[Regulation]:
    """Every built-in regulation, the default first."""
    folder = regulations_dir()
    found = [load_regulation(p) for p in sorted(folder.glob("*.yaml"))] if folder.is_dir() else []
    return sorted(found, key=lambda r: (r.name != DEFAULT, r.name))


def in_force(regulations: list[Regulation], fmt: str, day: dt.date) -> Regulation | None:
    """The regulation of format `fmt` in force on `day`: the newest dated on or before it
    (undated ones are never picked by date)."""
    dated = [r for r in regulations if r.format == fmt and r.date and r.date <= day.isoformat()]
    return max(dated, key=lambda r: r.date or "") if dated else None


def regulation_for(name: str | os.PathLike[str] | None = None, day: dt.date | None = None) -> Regulation:
    """The regulation to check decks with, as it stands on `day` (today when None).

    With a name (or file), that regulation, refused when it takes effect after `day`. Without
    one, the default regulation, or with a `day`, the regulation of the default's format in
    force that day (`--date`). Raises RegulationError naming what is wrong (exit 2).
    """
    if name is None and day is not None:
        regulations = list_regulations()
        reg = in_force(regulations, DEFAULT_FORMAT, day)
        if reg is None:
            dated = sorted((r for r in regulations if r.format == DEFAULT_FORMAT and r.date),
                           key=lambda r: r.date or "")
            earliest = f" (the earliest is {dated[0].name}, from {dated[0].date})" if dated else ""
            undated = [r.name for r in regulations if r.format == DEFAULT_FORMAT and not r.date]
            older = (f"; undated, maybe in force then: {', '.join(undated)} (e.g. --regulation {undated[0]} "
                     f"--date {day.isoformat()})" if undated else "; choose one with --regulation")
            raise RegulationError(f"no {DEFAULT_FORMAT} regulation is known to be in force on "
                                  f"{day.isoformat()}{earliest}{older}")
    else:
        reg = load_regulation(name)
        if day is not None and reg.date and reg.date > day.isoformat():
            raise RegulationError(f"regulation {reg.name} takes effect on {reg.date}, after "
                                  f"{day.isoformat()} (see `zxdeck regulations --history`)")
    return reg.at(day or dt.date.today())


def load_regulation(name_or_path: str | os.PathLike[str] | None = None) -> Regulation:
    """A regulation by built-in name (`current`, `v2`) or from a YAML file path."""
    from zxdeck.kept import data_file, load_checked

    path = data_file(str(name_or_path) if name_or_path else DEFAULT, regulations_dir(), RegulationError)
    try:
        return load_checked(path, "regulations", lambda data: parse_regulation(data, str(path)), _values,
                            lambda values: _from_values(values, str(path)))
    except OSError as exc:  # a FileRefused (zxdeck.bounded) says why in `problem`
        problem = getattr(exc, "problem", None) or f"cannot read regulation: {exc.strerror or exc}"
        raise RegulationError(f"{path}: {problem}") from None


_SETS = ("main_types", "dunamis_types")
_NOT_KEPT = ("path", "on", "active_list")  # set by where it is read from and by `at`


def _values(regulation: Regulation) -> dict[str, Any]:
    """A checked regulation as JSON values (kept in the cache folder: zxdeck.kept)."""
    values = {name: getattr(regulation, name) for name in Regulation._fields if name not in _NOT_KEPT}
    for name in _SETS:
        values[name] = sorted(values[name])
    values["lists"] = [cl.to_dict() for cl in regulation.lists]
    return values


def _from_values(values: dict[str, Any], source: str) -> Regulation:
    """The regulation of kept values (`_values`); KeyError / TypeError for another layout."""
    for name in _SETS:
        values[name] = frozenset(values[name])
    values["lists"] = tuple(CardList(cl["date"], cl["title"], tuple(cl["banned"]), cl["restricted"])
                            for cl in values["lists"])
    return Regulation(**values, path=source)


def _get(doc: dict[str, Any], section: str, key: str, default: Any) -> Any:
    part = doc.get(section) or {}
    if not isinstance(part, dict):
        raise RegulationError(f"'{section}' must be a mapping")
    return part.get(key, default)


def parse_regulation(data: bytes | str, source: str = "<regulation>") -> Regulation:
    """Check and build a `Regulation` from YAML; every problem raises `RegulationError` naming it."""
    from zxdeck.safeyaml import load_small

    doc = load_small(data, source, RegulationError)
    if not isinstance(doc, dict) or not isinstance(doc.get("name"), str):
        raise RegulationError(f"{source}: a regulation is a mapping with at least a 'name'")

    def num(section: str, key: str, default: int | None, optional: bool = True) -> int | None:
        value = _get(doc, section, key, default)
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RegulationError(f"{source}: {section}.{key} must be an integer >= 0, got {value!r}")
        return value

    def flag(section: str, key: str) -> bool:
        value = _get(doc, section, key, True)
        if not isinstance(value, bool):  # YAML 1.2: `yes` / `no` are text, never read as a flag
            raise RegulationError(f"{source}: {section}.{key} must be true or false, got {value!r:.40}")
        return value

    def types(section: str, default: frozenset[str]) -> frozenset[str]:
        value = _get(doc, section, "types", sorted(default))
        if not isinstance(value, list) or not all(isinstance(t, str) and t in TYPES for t in value):
            raise RegulationError(f"{source}: {section}.types must be a list of {', '.join(TYPES)}")
        return frozenset(value)

    limits = doc.get("card_limits") or {}
    if not isinstance(limits, dict) or not all(
        isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in limits.values()
    ):
        raise RegulationError(f"{source}: card_limits maps a card number or name to a count >= 0")
    rule_ids = doc.get("rule_ids") or {}
    if not isinstance(rule_ids, dict):
        raise RegulationError(f"{source}: rule_ids maps an error code to a rule id")
    fmt = doc.get("format", DEFAULT_FORMAT)
    if not isinstance(fmt, str) or not fmt:
        raise RegulationError(f"{source}: format must be a name such as constructed or sealed")
    try:
        return Regulation(
            name=doc["name"],
            title=str(doc.get("title") or ""),
            date=None if doc.get("date") is None else _date(doc["date"], "date"),
            format=fmt,
            lists=_lists(doc.get("lists")),
            ignition_max=num("main", "ignition_max", None),
            source=str(doc.get("source") or ""),
            main_size=num("main", "size", 50, optional=False),  # type: ignore[arg-type]
            main_types=types("main", frozenset({"zx", "event"})),
            copy_limit=num("main", "copy_limit", 4, optional=False),  # type: ignore[arg-type]
            ignition=num("main", "ignition", 20),
            life_recovery_max=num("main", "life_recovery_max", 4),
            void_bringer_max=num("main", "void_bringer_max", 4),
            recommend_start_card=flag("main", "recommend_start_card"),
            dunamis_max=num("dunamis", "max_size", 16, optional=False),  # type: ignore[arg-type]
            dunamis_types=types("dunamis", frozenset({"zx_ex", "zx_ob", "shift", "event_ex"})),
            dunamis_copy_limit=num("dunamis", "copy_limit", 4, optional=False),  # type: ignore[arg-type]
            ob_max=num("dunamis", "ob_max", 4),
            non_ob_max=num("dunamis", "non_ob_max", 12),
            ob_must_match_player=flag("dunamis", "ob_must_match_player"),
            event_ex_player_warning=flag("dunamis", "event_ex_player_warning"),
            player_max=_player_max(doc, source),
            card_limits={str(k): int(v) for k, v in limits.items()},
            rule_ids={str(k): str(v) for k, v in rule_ids.items()},
            path=source,
        )
    except RegulationError as exc:
        if exc.message.startswith(source):
            raise
        raise RegulationError(f"{source}: {exc.message}") from None


def _date(value: Any, what: str) -> str:
    """A YAML date (or `YYYY-MM-DD` text) as `YYYY-MM-DD`."""
    if isinstance(value, dt.datetime):
        value = value.date()
    if isinstance(value, dt.date):
        return value.isoformat()
    try:
        return dt.date.fromisoformat(str(value)).isoformat()
    except ValueError:
        raise RegulationError(f"{what} must be a date YYYY-MM-DD, got {str(value)[:30]!r}") from None


def _lists(value: Any) -> tuple[CardList, ...]:
    """The dated banned / restricted lists, checked and sorted by date."""
    if value is None:
        return ()
    if not isinstance(value, list):
        raise RegulationError("lists is a list of {date, title, banned, restricted}")
    out: list[CardList] = []
    for i, item in enumerate(value):
        where = f"lists[{i}]"
        if not isinstance(item, dict) or "date" not in item:
            raise RegulationError(f"{where} must be a mapping with a date")
        unknown = set(item) - {"date", "title", "banned", "restricted"}
        if unknown:
            raise RegulationError(f"{where}: unknown key {sorted(map(str, unknown))[0]!r} "
                                  "(date, title, banned, restricted)")
        banned = item.get("banned") or []
        if not isinstance(banned, list) or not all(isinstance(c, str | int) and str(c).strip() for c in banned):
            raise RegulationError(f"{where}.banned is a list of card numbers or names")
        restricted = item.get("restricted") or {}
        if not isinstance(restricted, dict) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in restricted.values()
        ):
            raise RegulationError(f"{where}.restricted maps a card number or name to a count >= 1")
        title = item.get("title") or ""
        if not isinstance(title, str | int):
            raise RegulationError(f"{where}.title must be text")
        out.append(CardList(_date(item["date"], f"{where}.date"), str(title),
                            tuple(str(c) for c in banned), {str(k): v for k, v in restricted.items()}))
    out.sort(key=lambda cl: cl.date)
    for a, b in zip(out, out[1:]):
        if a.date == b.date:
            raise RegulationError(f"two lists take effect on {a.date}")
    return tuple(out)


def _player_max(doc: dict[str, Any], source: str) -> int:
    value = doc.get("player_max", 1)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RegulationError(f"{source}: player_max must be an integer >= 0, got {value!r}")
    return value
