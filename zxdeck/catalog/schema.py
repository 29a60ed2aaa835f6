"""What a game tells the catalog machinery about its cards: the `CatalogSchema`.

The core's catalog code (YAML loading and checking, zxdeck.catalog.loader; the SQLite cache,
zxdeck.catalog.db; the search language, zxdeck.catalog.query) knows no game. Each game describes
its catalog with one `CatalogSchema`, named in its game module as `CATALOG = "module:name"` and
imported by `schema_for(key)` only when a catalog of that game is used:

- the card checker (`card_from_mapping(raw, problems, where, check)`: one YAML mapping -> a card,
  or None with the problems added), and the card class;
- the `cards` table (`columns`: name -> SQL type; `card_row` / `card_from_row` / `card_select`),
  the narrow `card_search` table (`search_columns`), the full-text columns and the indexes;
- the search fields (`SearchField`: a kind, the columns it reads, the card types it applies to,
  its keyword and aliases, its values) and the query `Language` (keywords and values), as
  `FIELDS` and `LANGUAGE` of the module `search` names (imported when a query needs them); the sorts;
- the cache's `version` and folder (`cache_subdir`, empty for the default game), and optionally
  the game's own `parse_catalog(data, source)` (else the loader's, with the card checker).

A call without a schema means the default game's (`zxdeck.games.DEFAULT_GAME`, Z/X), so
`open_db(path)` and `parse("c:red")` mean what they always meant.
"""

from __future__ import annotations

from zxdeck.records import FrozenRecord

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    import re
    from collections.abc import Callable
    from typing import Any

# The kinds of search field (what a term on it tests; zxdeck.catalog.query):
#   contains  the folded value is in one of `columns` (FTS5 trigram index when they are all in it)
#   exact     a column equals the folded value (`!"name"`)
#   id        the card number starts with the value (`id=`: equals it)
#   in        the value is a tuple of keys; the column is one of them (`type`)
#   enum      the column equals the value (a key of the field's value table)
#   flag      the value names a 0/1 column that must be 1 (`is:`)
#   number    the column compares with the number (every operator)
#   member    the value is one of the `MEMBER_SEPARATOR`-joined folded values of the column
KINDS = ("contains", "exact", "id", "in", "enum", "flag", "number", "member")
MEMBER_SEPARATOR = "\x1f"  # never produced by zxdeck.text.fold


class Language(FrozenRecord):
    """The words of a game's query language; the grammar, tokenizer and parser are shared.

    `keywords` maps each keyword (and short form) to its canonical field; `numeric` fields take
    a number and every comparison (`spaced`: the keywords that may have spaces around the
    operator, `cost >= 3`); `regex_fields` take `/regex/`; `enums` maps a field to its table of
    accepted values (folded, `-` and spaces as `_`) -> the value of the term, and the list of
    valid values shown in errors; `negations` maps a field such as `not` to the enum field it
    negates (`not:ig` = `-is:ig`). Every other field is a folded "contains" value.
    """

    _fields = ("keywords", "keyword_help", "numeric", "regex_fields", "enums", "negations", "spaced")

    def __init__(self, keywords: dict[str, str], keyword_help: str, numeric: frozenset[str],
                 regex_fields: frozenset[str], enums: dict[str, tuple[dict[str, Any], str]],
                 negations: dict[str, str], spaced: re.Pattern[str]) -> None:
        set_ = object.__setattr__
        set_(self, "keywords", keywords)
        set_(self, "keyword_help", keyword_help)
        set_(self, "numeric", numeric)
        set_(self, "regex_fields", regex_fields)
        set_(self, "enums", enums)
        set_(self, "negations", negations)
        set_(self, "spaced", spaced)


class SearchField(FrozenRecord):
    """One field of a game's search language.

    `name` is the canonical field (a `Term.field`), `keywords` its spellings (none for the
    fields a query names without a keyword: `any`, `exact`); `columns` the `card_search` columns
    (`text_f` is read from `cards`); `get(card)` the card's values for the same test in Python
    (folded before comparing, except `in` / `enum` / `flag` / `number`); `types` limits the field
    to cards of some types (`("in", types)` or `("not in", types)`: other cards never match);
    `values` / `values_help` the accepted values of an `in` / `enum` / `flag` field (folded value,
    `-` and spaces as `_` -> the term's value) and how errors list them; `normalize` maps a folded
    `enum` / `member` value not in `values` (None: such a value is an error for `enum`);
    `regex` allows `/regex/`.
    """

    _fields = ("name", "kind", "columns", "get", "keywords", "types", "values", "values_help", "normalize",
               "regex")

    def __init__(self, name: str, kind: str, columns: tuple[str, ...], get: Callable[[Any], Any],
                 keywords: tuple[str, ...] = (), types: tuple[str, tuple[str, ...]] | None = None,
                 values: dict[str, Any] | None = None, values_help: str = "",
                 normalize: Callable[[str], str] | None = None, regex: bool = False) -> None:
        if kind not in KINDS:
            raise ValueError(f"unknown search field kind {kind!r}")
        set_ = object.__setattr__
        set_(self, "name", name)
        set_(self, "kind", kind)
        set_(self, "columns", columns)
        set_(self, "get", get)
        set_(self, "keywords", keywords)
        set_(self, "types", types)
        set_(self, "values", values)
        set_(self, "values_help", values_help)
        set_(self, "normalize", normalize)
        set_(self, "regex", regex)

    def applies(self, ctype: str) -> bool:
        """Can a card of type `ctype` match a term on this field at all?"""
        if self.types is None:
            return True
        how, types = self.types
        return (ctype in types) if how == "in" else (ctype not in types)


class CatalogSchema(FrozenRecord):
    """A game's catalog: its checker, its tables and its search fields (see the module text)."""

    _fields = ("game", "card_class", "card_from_mapping", "columns", "nullable", "search_columns",
               "fts_columns", "indexes", "card_select", "card_row", "card_from_row", "search",
               "sorts", "version", "cache_subdir", "parse_catalog")

    def __init__(self, game: str, card_class: type, card_from_mapping: Callable[..., Any],
                 columns: dict[str, type], nullable: frozenset[str], search_columns: tuple[str, ...],
                 fts_columns: tuple[str, ...], indexes: tuple[tuple[str, ...], ...], card_select: str,
                 card_row: Callable[[Any, int], dict[str, Any]], card_from_row: Callable[[tuple], Any],
                 search: str, sorts: dict[str, str], version: int,
                 cache_subdir: str = "", parse_catalog: Callable[[bytes, str], list[Any]] | None = None) -> None:
        set_ = object.__setattr__
        set_(self, "game", game)
        set_(self, "card_class", card_class)
        set_(self, "card_from_mapping", card_from_mapping)
        set_(self, "columns", columns)
        set_(self, "nullable", nullable)
        set_(self, "search_columns", search_columns)
        set_(self, "fts_columns", fts_columns)
        set_(self, "indexes", indexes)
        set_(self, "card_select", card_select)
        set_(self, "card_row", card_row)
        set_(self, "card_from_row", card_from_row)
        set_(self, "search", search)
        set_(self, "_words", None)
        set_(self, "sorts", sorts)
        set_(self, "version", version)
        set_(self, "cache_subdir", cache_subdir)
        set_(self, "parse_catalog", parse_catalog)

    __slots__ = _fields + ("_words",)

    def __hash__(self) -> int:
        return hash((self.game, self.version))

    def _search_module(self) -> Any:
        """The module `search` names (its `FIELDS` and `LANGUAGE`), imported on first use: a
        command that only reads cards (a warm `validate`) never builds the search language."""
        module = self._words
        if module is None:
            module = __import__(self.search, fromlist=["FIELDS"])
            object.__setattr__(self, "_words", module)
        return module

    @property
    def fields(self) -> dict[str, SearchField]:
        """The search fields, by canonical name (`SearchField`)."""
        return self._search_module().FIELDS

    @property
    def language(self) -> Language:
        """The query language's keywords and values (`Language`)."""
        return self._search_module().LANGUAGE


_SCHEMAS: dict[str, CatalogSchema] = {}
_DEFAULT: CatalogSchema | None = None


def schema_for(key: str) -> CatalogSchema:
    """The catalog schema of the game `key` (`CATALOG` of its game module), imported once."""
    found = _SCHEMAS.get(key)
    if found is None:
        from zxdeck.games import game_module

        module_name, _, attr = game_module(key).CATALOG.partition(":")
        found = _SCHEMAS[key] = getattr(__import__(module_name, fromlist=[attr]), attr)
    return found


def default_schema() -> CatalogSchema:
    """The schema of the default game (Z/X): what the catalog functions use when given none."""
    global _DEFAULT
    if _DEFAULT is None:
        from zxdeck.games import DEFAULT_GAME

        _DEFAULT = schema_for(DEFAULT_GAME)
    return _DEFAULT


__all__ = ["KINDS", "MEMBER_SEPARATOR", "CatalogSchema", "Language", "SearchField", "default_schema", "schema_for"]
