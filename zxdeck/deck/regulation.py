"""Regulations are data: one YAML file per regulation under `data/regulations/`.

`load_regulation("current")` (the default, ZX_RULES D-1..D-15) or
`load_regulation("v2")` (the ver. 2.0 rule book, D-16), or a path to any YAML
file of the same shape. `list_regulations()` lists the built-in ones.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from zxdeck.catalog.model import TYPES
from zxdeck.errors import ZxError

DEFAULT = "current"


class RegulationError(ZxError):
    """A regulation could not be found or its file is malformed (exit 2)."""


@dataclass(frozen=True)
class Regulation:
    """The limits of one regulation. `None` for a limit means "not checked"."""

    name: str
    title: str = ""
    date: str | None = None
    source: str = ""
    main_size: int = 50
    main_types: frozenset[str] = frozenset({"zx", "event"})
    copy_limit: int = 4
    ignition: int | None = 20
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
    rule_ids: dict[str, str] = field(default_factory=dict)  # error code -> rule id to cite instead
    path: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name, "title": self.title, "date": self.date, "source": self.source,
            "main": {"size": self.main_size, "types": sorted(self.main_types),
                     "copy_limit": self.copy_limit, "ignition": self.ignition,
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
        }


def regulations_dir() -> Path:
    """The folder of the built-in regulation files (packaged data or `data/` of a checkout)."""
    from zxdeck.catalog.loader import builtin_data_dir

    return builtin_data_dir() / "regulations"


def list_regulations() -> list[Regulation]:
    """Every built-in regulation, the default first."""
    folder = regulations_dir()
    found = [load_regulation(p) for p in sorted(folder.glob("*.yaml"))] if folder.is_dir() else []
    return sorted(found, key=lambda r: (r.name != DEFAULT, r.name))


def load_regulation(name_or_path: str | os.PathLike[str] | None = None) -> Regulation:
    """A regulation by built-in name (`current`, `v2`) or from a YAML file path."""
    text = str(name_or_path) if name_or_path else DEFAULT
    path = Path(text)
    if not (text.endswith((".yaml", ".yml")) or os.sep in text or "/" in text):
        path = regulations_dir() / f"{text}.yaml"
        if not path.is_file():
            known = sorted(p.stem for p in regulations_dir().glob("*.yaml"))
            raise RegulationError(
                f"unknown regulation {text!r} (known: {', '.join(known) or 'none'}; or give a YAML file)"
            )
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RegulationError(f"{path}: cannot read regulation: {exc.strerror or exc}") from None
    return parse_regulation(data, str(path))


def _get(doc: dict[str, Any], section: str, key: str, default: Any) -> Any:
    part = doc.get(section) or {}
    if not isinstance(part, dict):
        raise RegulationError(f"'{section}' must be a mapping")
    return part.get(key, default)


def parse_regulation(data: bytes | str, source: str = "<regulation>") -> Regulation:
    """Check and build a `Regulation` from YAML; every problem raises `RegulationError` naming it."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        doc = yaml.load(data, Loader=loader)  # noqa: S506 - safe loaders only
    except yaml.YAMLError as exc:
        raise RegulationError(f"{source}: YAML error: {exc}") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("name"), str):
        raise RegulationError(f"{source}: a regulation is a mapping with at least a 'name'")

    def num(section: str, key: str, default: int | None, optional: bool = True) -> int | None:
        value = _get(doc, section, key, default)
        if value is None and optional:
            return None
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RegulationError(f"{source}: {section}.{key} must be an integer >= 0, got {value!r}")
        return value

    def types(section: str, default: frozenset[str]) -> frozenset[str]:
        value = _get(doc, section, "types", sorted(default))
        if not isinstance(value, list) or not set(value) <= set(TYPES):
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
    try:
        return Regulation(
            name=doc["name"],
            title=str(doc.get("title") or ""),
            date=None if doc.get("date") is None else str(doc["date"]),
            source=str(doc.get("source") or ""),
            main_size=num("main", "size", 50, optional=False),  # type: ignore[arg-type]
            main_types=types("main", frozenset({"zx", "event"})),
            copy_limit=num("main", "copy_limit", 4, optional=False),  # type: ignore[arg-type]
            ignition=num("main", "ignition", 20),
            life_recovery_max=num("main", "life_recovery_max", 4),
            void_bringer_max=num("main", "void_bringer_max", 4),
            recommend_start_card=bool(_get(doc, "main", "recommend_start_card", True)),
            dunamis_max=num("dunamis", "max_size", 16, optional=False),  # type: ignore[arg-type]
            dunamis_types=types("dunamis", frozenset({"zx_ex", "zx_ob", "shift", "event_ex"})),
            dunamis_copy_limit=num("dunamis", "copy_limit", 4, optional=False),  # type: ignore[arg-type]
            ob_max=num("dunamis", "ob_max", 4),
            non_ob_max=num("dunamis", "non_ob_max", 12),
            ob_must_match_player=bool(_get(doc, "dunamis", "ob_must_match_player", True)),
            event_ex_player_warning=bool(_get(doc, "dunamis", "event_ex_player_warning", True)),
            player_max=_player_max(doc, source),
            card_limits={str(k): int(v) for k, v in limits.items()},
            rule_ids={str(k): str(v) for k, v in rule_ids.items()},
            path=source,
        )
    except RegulationError as exc:
        if exc.message.startswith(source):
            raise
        raise RegulationError(f"{source}: {exc.message}") from None


def _player_max(doc: dict[str, Any], source: str) -> int:
    value = doc.get("player_max", 1)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RegulationError(f"{source}: player_max must be an integer >= 0, got {value!r}")
    return value
