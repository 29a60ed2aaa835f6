"""Reading and checking a catalog file (INTERFACES.md section 1).

`load_catalog(path)` returns a `Catalog` or raises `CatalogError` naming the
file, the card id or YAML line, and every problem found. YAML is read one way only
(zxdeck.safeyaml.load_document: YAML 1.2, yaml-rs or PyYAML's safe loader alike): tags such as
`!!python/object` are an error, never executed, and a key given twice is an error.

PyYAML, yaml-rs and the ability schema are imported only when a catalog is parsed: a warm
start reads the SQLite cache and never needs them. Where the catalogs are and reading their
bytes is zxdeck.catalog.paths (re-exported here).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, TypeVar

from zxdeck.catalog.index import CardIndex
from zxdeck.catalog.paths import (
    BUILTIN,
    CatalogFiles,
    CatalogSpec,
    builtin_catalog_path,
    builtin_data_dir,
    catalog_path,
    catalog_paths,
    read_catalog_bytes,
    read_catalog_files,
)
from zxdeck.catalog.schema import CatalogSchema, default_schema
from zxdeck.errors import CatalogError
from zxdeck.text import fold, fold_compact

MAX_PROBLEMS_SHOWN = 20
CardT = TypeVar("CardT")  # a game's card class (it has an `id`)
Card = Any  # a card of the catalog's game
# Nesting allowed in a catalog (the built-in one has 10); yaml-rs itself stops at about 255.
MAX_DEPTH = 200


@dataclass
class Catalog(CardIndex[Any]):
    """The cards of one catalog file, with look-ups by id and by (folded) name."""

    cards: list[Card]
    path: Path | None = None
    digest: str = ""
    by_id: dict[str, Card] = field(init=False)

    def find(self, text: str) -> Card | None:
        """The one card `text` names (number first, then name); None when nothing or it is ambiguous by name only."""
        exact = self.by_id.get(text.strip())
        if exact:
            return exact
        found = self.lookup(text)
        if not found:
            return None
        key = fold_compact(text)
        for card in found:  # a card number wins over a name
            if fold_compact(card.id) == key:
                return card
        return found[0]

    @cached_property
    def lookup_keys(self) -> list[tuple[str, Card]]:
        """(display string, card) pairs for fuzzy "did you mean" suggestions."""
        pairs: list[tuple[str, Card]] = []
        for card in self.cards:
            pairs.append((card.id, card))
            pairs.append((card.name, card))
            if card.name_en:
                pairs.append((card.name_en, card))
        return pairs

    def players(self) -> list[Card]:
        return [c for c in self.cards if c.type == "player"]


def card_from_mapping(raw: dict[str, Any], problems: list[str], where: str, check: bool = True,
                      schema: CatalogSchema | None = None) -> Any:
    """Build a card of the game of `schema` (default Z/X) from one YAML mapping with the game's
    checker, adding every problem found to `problems` (None when there is one)."""
    return (schema or default_schema()).card_from_mapping(raw, problems, where, check)


def _card_lines(data: bytes) -> list[int]:
    """The 1-based YAML line of each entry of `cards` (only computed on the error path)."""
    import yaml

    try:
        node = yaml.compose(data, Loader=_safe_loader())
    except yaml.YAMLError:
        return []
    if not isinstance(node, yaml.MappingNode):
        return []
    for key, value in node.value:
        if getattr(key, "value", None) == "cards" and isinstance(value, yaml.SequenceNode):
            return [item.start_mark.line + 1 for item in value.value]
    return []


def _safe_loader() -> Any:
    """PyYAML's safe loader, the libyaml one when present (for the lines of entries only)."""
    import yaml

    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def yaml_rs_module() -> Any:
    """yaml-rs, or None (zxdeck.safeyaml.USE_YAML_RS False, or not installed)."""
    from zxdeck.safeyaml import yaml_rs_module as module

    return module()


def _load_yaml(data: bytes, source: str) -> Any:
    """The one reading of a user's YAML (zxdeck.safeyaml.load_document): YAML 1.2 values with
    yaml-rs or PyYAML alike; no tags, anchors, aliases or key given twice, nesting up to
    `MAX_DEPTH`; a problem is a `CatalogError` naming the file and line."""
    from zxdeck.safeyaml import load_document

    return load_document(data, source, CatalogError, MAX_DEPTH)


def load_yaml_document(data: bytes, source: str) -> Any:
    """The document of a catalog file, read safely (`_load_yaml`), for any game's catalog;
    `CatalogError` naming the file (and line) for syntax errors, tags, anchors, deep nesting."""
    return _load_yaml(data, source)


def catalog_entry_lines(data: bytes) -> list[int]:
    """The 1-based YAML line of each entry of the `cards` list (for error messages)."""
    return _card_lines(data)


def parse_catalog(data: bytes, source: str = "<catalog>", schema: CatalogSchema | None = None) -> list[Card]:
    """Parse and check catalog YAML bytes with the checker of `schema`'s game (default Z/X);
    raise `CatalogError` with every problem found."""
    check = (schema or default_schema()).card_from_mapping
    doc = _load_yaml(data, source)
    if isinstance(doc, list):
        entries = doc
    elif isinstance(doc, dict) and isinstance(doc.get("cards"), list):
        entries = doc["cards"]
    else:
        raise CatalogError(f"{source}: a catalog is a mapping with a 'cards' list")
    problems: list[str] = []
    cards: list[Card] = []
    seen: dict[str, int] = {}
    lines: list[int] | None = None
    for index, raw in enumerate(entries):
        if not isinstance(raw, dict):
            lines = lines if lines is not None else _card_lines(data)
            at = f"line {lines[index]}" if index < len(lines) else f"entry {index + 1}"
            problems.append(f"{source}: {at}: a card must be a mapping, got {raw!r:.60}")
            continue
        ident = raw.get("id")
        if lines is None and not (isinstance(ident, str) and ident):
            lines = _card_lines(data)
        where = f"card {ident}" if isinstance(ident, str) and ident else (
            f"line {lines[index]}" if lines and index < len(lines) else f"entry {index + 1}"
        )
        card = check(raw, problems, f"{source}: {where}")
        if card is None:
            continue
        if card.id in seen:
            problems.append(f"{source}: card {card.id}: duplicate id (also entry {seen[card.id] + 1})")
            continue
        seen[card.id] = index
        cards.append(card)
    if problems:
        raise CatalogError.refused(problems, MAX_PROBLEMS_SHOWN)
    return cards


def merge_cards(parts: Iterable[list[CardT]]) -> list[CardT]:
    """The cards of several catalogs in order: a later card with the same number replaces the
    earlier one in its place; new numbers are added at the end. (Inside one file a number
    used twice is an error: `parse_catalog`.) Any game's cards with an `id` (MOZ's too)."""
    merged: dict[str, CardT] = {}
    for cards in parts:
        for card in cards:
            merged[card.id] = card
    return list(merged.values())


def load_catalog(path: CatalogSpec = None) -> Catalog:
    """Load and check a catalog file, or several merged (default: `--cards` / `$ZXDECK_CARDS` /
    the built-in one)."""
    files = read_catalog_files(path)
    return Catalog(files.parse(), path=files.path, digest=files.digest)


def catalog_from_cards(cards: Iterable[Card]) -> Catalog:
    """A catalog from cards built in code (tests, synthetic benchmarks)."""
    return Catalog(list(cards))


__all__ = [
    "BUILTIN",
    "Catalog",
    "CatalogFiles",
    "CatalogSpec",
    "builtin_catalog_path",
    "builtin_data_dir",
    "catalog_from_cards",
    "catalog_path",
    "catalog_paths",
    "load_catalog",
    "merge_cards",
    "read_catalog_bytes",
    "read_catalog_files",
    "parse_catalog",
    "fold",
]
