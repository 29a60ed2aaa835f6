"""Card lists a community keeps (CSV, TSV, JSON) read into a game's catalog, for every game
(`zxdeck catalog import|check`): the reading (encodings, bounded size, CSV records, strict JSON
with the line of each card), the matching of columns to the game's catalog fields, the rows
checked one by one with every problem listed at once, and the catalog YAML written back so that
every value reads back exactly (zxdeck.safeyaml's one reading).

A game gives its `ListSchema`: its fields (documented), the header names of each field (English
or Japanese, case and width ignored), the columns kept as plain extra keys, the required
fields, `card_mapping` (the lenient reading of a row's cells into a catalog mapping) and `check`
(the game's own card checker, which adds its problems). Z/X: zxdeck.games.zx.catalog.importer;
MOZ: zxdeck.games.moz.catalog.importer.
"""

from __future__ import annotations

import codecs
import csv
import io
import json
import re
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from zxdeck.errors import EXIT_INVALID, ZxError
from zxdeck.safeyaml import plain_is_text
from zxdeck.text import fold

MAX_BYTES = 64 * 1024 * 1024  # the largest card list read (100,000 rows of CSV are about 30 MB)
MAX_DEPTH = 64  # nesting of a JSON card list (a card's abilities nest about 8 levels)
MAX_PROBLEMS_SHOWN = 30
FORMATS = ("csv", "tsv", "json")
SPECIAL = ("extra", "ignore")


def header_key(text: str) -> str:
    """A column header or value folded for matching: case, width, spaces and `_-・/.` ignored."""
    return re.sub(r"[\s_\-・/.]", "", fold(text))


class CardListError(ZxError):
    """A card list that cannot become a catalog: every problem, one a line (exit 1; 2 unreadable)."""

    def __init__(self, message: str, problems: list[str] | None = None, exit_code: int = EXIT_INVALID) -> None:
        super().__init__(message, exit_code)
        self.problems = problems or [message]


@dataclass
class ImportResult:
    """The cards read, the catalog mappings to write, warnings, and which field each column became."""

    source: str
    cards: list[Any] = field(default_factory=list)
    mappings: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    columns: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class ListSchema:
    """What a game's card list is read into (see the module docstring)."""

    fields: Mapping[str, str]  # catalog field -> what it holds (the template documents it)
    header_names: Mapping[str, tuple[str, ...]]  # field -> the column headers that name it
    extra_names: Mapping[str, tuple[str, ...]]  # plain extra key -> the headers that name it
    required: tuple[str, ...]
    card_mapping: Callable[[dict[str, Any], list[str]], dict[str, Any]]  # (row fields, problems) -> mapping
    check: Callable[[dict[str, Any], list[str], str], Any]  # (mapping, problems, where) -> card or None
    id_word: str = "card number"  # `... used twice in this file`
    check_bad_rows: bool = True  # False: a row whose values could not be read is not checked further
    map_example: str = "--map 'カード番号=id'"

    def column_fields(self) -> dict[str, str]:
        return {header_key(n): f for f, names in self.header_names.items() for n in names}

    def extra_keys(self) -> dict[str, str]:
        return {header_key(n): f for f, names in self.extra_names.items() for n in names}


def parse_map(items: list[str] | tuple[str, ...], schema: ListSchema) -> dict[str, str]:
    """`--map COLUMN=FIELD` options as {folded column: field}; ZxError (exit 2) for a bad one."""
    out: dict[str, str] = {}
    for item in items:
        column, eq, target = item.partition("=")
        target = target.strip()
        if not eq or not column.strip():
            raise ZxError(f"--map {item!r}: write COLUMN=FIELD, e.g. {schema.map_example}")
        if target not in schema.fields and target not in SPECIAL:
            raise ZxError(f"--map {item!r}: unknown field {target!r} "
                          f"(fields: {', '.join(schema.fields)}; or extra, ignore)")
        out[header_key(column)] = target
    return out


def detect_format(path: str | Path, fmt: str | None = None) -> str:
    """csv, tsv or json: `fmt` when given, else from the extension."""
    if fmt and fmt != "auto":
        return fmt
    suffix = Path(str(path)).suffix.casefold()
    found = {".csv": "csv", ".tsv": "tsv", ".tab": "tsv", ".json": "json"}.get(suffix)
    if found is None:
        raise ZxError(f"{path}: cannot tell the format from the extension {suffix or '(none)'!r}; "
                      "use --format csv, tsv or json")
    return found


def decode_text(data: bytes, source: str) -> str:
    """UTF-8 (BOM or not), UTF-16 with BOM, else CP932 (a spreadsheet saved on Japanese Windows)."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        candidates = ["utf-16"]
    else:
        candidates = ["utf-8-sig", "cp932"]
    for encoding in candidates:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        if "\x00" in text:
            break
        return text
    raise CardListError(f"{source}: not text in UTF-8, UTF-16 or Shift_JIS/CP932", exit_code=2)


def read_source(path: str | Path) -> bytes:
    """The bytes of a card list: a regular file of at most `MAX_BYTES` (64 MiB), read in bounded
    chunks (zxdeck.bounded); a device, pipe or folder is refused in one line (exit 2)."""
    from zxdeck.bounded import read_file

    p = Path(path)
    try:
        return read_file(p, MAX_BYTES, "card list")[0]
    except FileNotFoundError:
        raise CardListError(f"{p}: file not found", exit_code=2) from None
    except OSError as exc:
        problem = getattr(exc, "problem", None) or f"cannot read: {exc.strerror or exc}"
        raise CardListError(f"{p}: {problem}", exit_code=2) from None


# --------------------------------------------------------------------------- rows


def csv_rows(text: str, delimiter: str, source: str) -> Iterator[tuple[int, list[str]]]:
    """(first line of the record, cells) of each record; `#` rows and blank rows skipped."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    line = 1
    try:
        for cells in reader:
            start, line = line, reader.line_num + 1
            if not any(c.strip() for c in cells) or cells[0].lstrip().startswith("#"):
                continue
            yield start, cells
    except csv.Error as exc:
        raise CardListError(f"{source}: line {reader.line_num}: CSV error: {exc}") from None


def json_rows(text: str, source: str) -> list[tuple[int, dict[str, Any]]]:
    """(line, object) of each card of a JSON list (or of its `cards` list); read strictly
    (zxdeck.strictjson: a key given twice, nesting over `MAX_DEPTH`, a huge number are one line)."""
    from zxdeck import strictjson

    def refuse(message: str) -> CardListError:
        return CardListError(message, exit_code=2)

    doc = strictjson.load(text, source, refuse, MAX_DEPTH)
    items = doc.get("cards") if isinstance(doc, dict) else doc
    if not isinstance(items, list):
        raise CardListError(f"{source}: a JSON card list is a list of objects, or an object with a "
                           "'cards' list")
    lines = list(json_item_lines(text, len(items)))
    lines += [lines[-1] if lines else 1] * (len(items) - len(lines))
    out = []
    for index, (item, line) in enumerate(zip(items, lines)):
        if not isinstance(item, dict):
            raise CardListError(f"{source}: line {line}: card {index + 1} is not an object")
        out.append((line, item))
    return out


def json_item_lines(text: str, n: int) -> Iterator[int]:
    """The line where each item of the (first) card list starts, found by decoding item by item;
    lines are counted on from the previous item (linear in the text, not quadratic)."""
    decoder = json.JSONDecoder()
    start = text.find("[")
    doc_start = len(text) - len(text.lstrip())
    if text[doc_start:doc_start + 1] == "{":
        m = re.search(r'"cards"\s*:\s*\[', text)
        start = m.end() - 1 if m else start
    pos = start + 1
    counted, line = 0, 1
    for _ in range(n):
        while pos < len(text) and text[pos] in " \t\r\n,":
            pos += 1
        line += text.count("\n", counted, pos)
        counted = pos
        yield line
        try:
            _, pos = decoder.raw_decode(text, pos)
        except (json.JSONDecodeError, RecursionError):
            break


# --------------------------------------------------------------------------- the import


def _column_fields(headers: list[str], mapping: dict[str, str], source: str, warnings: list[str],
                   schema: ListSchema) -> list[str]:
    """The field of each column: --map first, then the known names; others kept as extra keys."""
    known, extras = schema.column_fields(), schema.extra_keys()
    fields: list[str] = []
    seen: dict[str, str] = {}
    for header in headers:
        key = header_key(header)
        target = mapping.get(key) or known.get(key)
        if target is None:
            target = "extra:" + (extras.get(key) or header.strip())
            if key not in extras and key:
                warnings.append(f"{source}: column {header.strip()!r} is not a catalog field: kept as the "
                                f"key {header.strip()!r} (use --map '{header.strip()}=FIELD' if it is one)")
        elif target == "extra":
            target = "extra:" + header.strip()
        if not key and target.startswith("extra:"):
            target = "ignore"
        if target in schema.fields and target in seen:
            raise CardListError(f"{source}: columns {seen[target]!r} and {header!r} are both {target!r}; "
                               f"use --map '{header}=ignore' for one of them")
        seen[target] = header
        fields.append(target)
    for required in schema.required:
        if required not in fields:
            raise CardListError(f"{source}: no column for the field {required!r} (columns: "
                               f"{', '.join(repr(h) for h in headers[:20])}); use --map 'COLUMN={required}'")
    return fields


def _row_fields(cells: dict[str, Any]) -> dict[str, Any]:
    fields: dict[str, Any] = {"_extra": {}}
    for target, value in cells.items():
        if target == "ignore":
            continue
        if target.startswith("extra:"):
            fields["_extra"][target[6:]] = value
        else:
            fields[target] = value
    return fields


def import_cards(data: bytes, source: str, fmt: str, schema: ListSchema,
                 mapping: dict[str, str] | None = None) -> ImportResult:
    """Read a card list (csv, tsv or json bytes) into checked cards; `CardListError` lists every problem."""
    mapping = mapping or {}
    text = decode_text(data, source)
    result = ImportResult(source)
    rows: Iterator[tuple[int, dict[str, Any]]]
    if fmt == "json":
        items = json_rows(text, source)
        del text  # the rows are read one by one from here on (memory)
        keys = list(dict.fromkeys(str(k) for _, item in items for k in item))
        targets = dict(zip(keys, _column_fields(keys, mapping, source, result.warnings, schema))) if items else {}
        result.columns = targets
        rows = ((line, _row_fields({targets[str(k)]: v for k, v in item.items()})) for line, item in items)
    else:
        records = csv_rows(text, "\t" if fmt == "tsv" else ",", source)
        del text
        header = next(records, None)
        if header is None:
            raise CardListError(f"{source}: no header row (the first row names the columns)")
        headers = header[1]
        columns = _column_fields(headers, mapping, source, result.warnings, schema)
        result.columns = dict(zip(headers, columns))

        def csv_fields() -> Iterator[tuple[int, dict[str, Any]]]:
            for line, cells in records:
                fields = _row_fields(dict(zip(columns, cells)))
                if len(cells) > len(headers) and any(c.strip() for c in cells[len(headers):]):
                    fields["_error"] = f"{len(cells)} cells for {len(headers)} columns"
                yield line, fields

        rows = csv_fields()
    problems: list[str] = []
    first_line: dict[str, int] = {}
    for line, fields in rows:
        ident = str(fields.get("id") or "").strip()
        where = f"{source}: line {line}" + (f": card {ident}" if ident else "")
        if "_error" in fields:
            problems.append(f"{where}: {fields['_error']}")
            continue
        bad: list[str] = []
        raw = schema.card_mapping(fields, bad)
        before = len(problems)
        problems.extend(f"{where}: {b}" for b in bad)
        if bad and not schema.check_bad_rows:
            continue
        card = schema.check(raw, problems, where)
        if card is None or len(problems) > before:
            continue
        if card.id in first_line:
            problems.append(f"{where}: {schema.id_word} used twice in this file (also line {first_line[card.id]})")
            continue
        first_line[card.id] = line
        result.cards.append(card)
        result.mappings.append(raw)
    if problems:
        shown = problems[:MAX_PROBLEMS_SHOWN]
        more = len(problems) - len(shown)
        message = f"{source}: {len(problems)} problem{'s' * (len(problems) != 1)}, nothing imported:\n  " \
            + "\n  ".join(shown) + (f"\n  ... and {more} more" if more else "")
        raise CardListError(message, problems)
    return result


def import_file(path: str | Path, schema: ListSchema, fmt: str | None = None,
                mapping: dict[str, str] | None = None) -> ImportResult:
    """`import_cards` of a file (format from --format or the extension)."""
    return import_cards(read_source(path), str(path), detect_format(path, fmt), schema, mapping)


# Text written without quotes: letters, digits, kana and kanji, full-width forms and a few signs
# that mean nothing to YAML where they stand (never first: `-`, `.`, `(`); anything else is
# written as a JSON string, which YAML reads as the same text.
_PLAIN_TEXT = re.compile(
    r"[0-9A-Za-z\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff10-\uff5a]"
    r"(?:[0-9A-Za-z\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff01-\uff5e_.()/・ー+-]| (?! ))*"
)


def plain_reads_otherwise(text: str) -> bool:
    """True when `text` written plain would be read back as something else than this text by
    zxdeck's one YAML reading (zxdeck.safeyaml: `010`, `1e3`, `1_000`, `true`, `null`, ...)."""
    return not plain_is_text(text)


def _text(value: str, memo: dict[str, str] = {}) -> str:  # noqa: B006 - a cache of the words seen
    found = memo.get(value)
    if found is None:
        plain = _PLAIN_TEXT.fullmatch(value) and not value.endswith(" ") and plain_is_text(value)
        found = value if plain else json.dumps(value, ensure_ascii=False)
        if len(value) < 40 and len(memo) < 10_000:  # types, colors, races, keys: asked again and again
            memo[value] = found
    return found


def _scalar(value: Any) -> str:
    if isinstance(value, str):
        return _text(value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if value != value:
            return ".nan"
        if value in (float("inf"), float("-inf")):
            return ".inf" if value > 0 else "-.inf"
        return repr(value)
    raise TypeError(f"not a catalog value: {type(value).__name__}")


def _flow(value: Any) -> str:
    """A value in flow style (`[a, b]`, `{k: v}`); nesting is bounded by the import's depth check."""
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_scalar(str(k))}: {_flow(v)}" for k, v in value.items()) + "}"
    return _scalar(value)


def _literal(text: str) -> str | None:
    """Multi-line `text` as a `|-` block under a key (its lines indented 4), or None when a block
    could not hold it exactly (a first line that starts with a space, trailing spaces or newlines,
    tabs, control characters)."""
    if text[:1] in (" ", "\n") or text.endswith("\n"):
        return None
    lines = text.split("\n")
    if any(line != line.rstrip() or not line.isprintable() for line in lines):
        return None
    return "|-\n" + "\n".join(("    " + line) if line else "" for line in lines)


def catalog_lines(mapping: dict[str, Any]) -> list[str]:
    """One card of the catalog file (INTERFACES.md section 1) as the lines of a `cards` entry."""
    out: list[str] = []
    for index, (key, value) in enumerate(mapping.items()):
        lead = "- " if index == 0 else "  "
        block = _literal(value) if isinstance(value, str) and "\n" in value else None
        out.append(f"{lead}{_scalar(str(key))}: {block or _flow(value)}")
    return out


def catalog_yaml_chunks(result: ImportResult, note: str = "", head_note: str = "") -> Iterator[str]:
    """The catalog YAML of an import in pieces (a header, then about 1,000 cards at a time), for
    writing a large import without holding the whole text; `head_note`: the game's comment lines."""
    head = f"# {note}\n" if note else ""
    head += head_note
    if not result.mappings:
        yield head + "cards: []\n"
        return
    yield head + "cards:\n"
    lines: list[str] = []
    for index, mapping in enumerate(result.mappings, 1):
        lines.extend(catalog_lines(mapping))
        if index % 1000 == 0:
            yield "\n".join(lines) + "\n"
            lines = []
    if lines:
        yield "\n".join(lines) + "\n"
