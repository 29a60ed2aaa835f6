"""Turning a card list a community keeps (CSV, TSV, JSON) into a catalog (`zxdeck catalog import`).

Each row (or JSON object) is one card. Columns are matched to the catalog
fields of INTERFACES.md section 1 by their header, in English or Japanese
(`COLUMNS`, case and width ignored); `--map COLUMN=FIELD` says it for the
others (FIELD `extra` keeps the column as an unknown key, `ignore` drops it).
A column no name matches is kept as an unknown key, with a warning. Values are
read leniently (`赤` or `red`, `ゼクス` or `zx`, `5,000`, `ドラゴン/武人`, `○` in an
ignition column), then every card is checked like a catalog file's
(`loader.card_from_mapping`). Every problem is reported at once, each on one
line naming the file, line and card; nothing is written when there is one.

Imported cards have no machine-readable `abilities` (unless a column holds
them as JSON): `validate` and `search` use them fully, and `play` names them as
cards it cannot run (zxdeck.engine.decks.runs_as_written).
"""

from __future__ import annotations

import codecs
import csv
import io
import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from zxdeck.errors import EXIT_INVALID, ZxError
from zxdeck.games.zx.catalog.model import COLORS, FIELD_TYPES, Card
from zxdeck.safeyaml import plain_is_text
from zxdeck.text import fold

MAX_BYTES = 64 * 1024 * 1024  # the largest card list read (100,000 rows of CSV are about 30 MB)
MAX_DEPTH = 64  # nesting of a JSON card list (a card's abilities nest about 8 levels)
MAX_PROBLEMS_SHOWN = 30
FORMATS = ("csv", "tsv", "json")

# Catalog fields (INTERFACES.md section 1) and the flag columns that fill icons / keywords.
LIST_FIELDS = ("races", "icons", "keywords")
FLAG_FIELDS = {
    "ignition": ("icons", "ignition"), "evol_seed": ("icons", "evol_seed"),
    "life_recovery": ("keywords", "life_recovery"), "void_bringer": ("keywords", "void_bringer"),
    "start_card": ("keywords", "start_card"), "gate_card": ("keywords", "gate_card"),
}
FIELDS: dict[str, str] = {  # field -> what it holds (the template documents every column with it)
    "id": "card number, unique in the file (required), e.g. B01-034",
    "name": "card name (required); copies are counted by name (D-3)",
    "name_en": "English name (optional)",
    "type": "zx, event, player, zx_ex, zx_ob, shift, event_ex, or ゼクス, イベント, プレイヤー, ゼクスEX, "
            "ゼクスOB, シフト, イベントEX (required)",
    "color": "red, blue, white, black, green, colorless, or 赤 青 白 黒 緑 無 (empty: colorless)",
    "cost": "whole number >= 0 (empty or -: 0)",
    "power": "whole number >= 0 for zx / zx_ex / zx_ob, e.g. 5000 or 5,000",
    "races": "races separated by / , 、 ; or |, e.g. ドラゴン/武人",
    "icons": "ignition and/or evol_seed (also IG, イグニッション, エヴォルシード), separated like races",
    "keywords": "life_recovery, void_bringer, start_card, gate_card (also LR, VB, SC, GC and the "
                "Japanese words); the text's keywords count too",
    "ignition": "yes / no column for the ignition icon (yes: 1, yes, y, true, ○, ◯, ●, ✓, IG; "
                "no: empty, 0, no, n, false, -, ×, なし)",
    "evol_seed": "yes / no column for the evol seed icon",
    "life_recovery": "yes / no column for Life Recovery",
    "void_bringer": "yes / no column for Void Bringer",
    "start_card": "yes / no column for Start Card",
    "gate_card": "yes / no column for Gate Card",
    "player": "zx_ob / event_ex: the name of the player card they belong to",
    "timing": "event: main, battle or any (also メイン, バトル, いつでも); an Event EX has none (E-2)",
    "text": "rules text (free text, searchable)",
    "abilities": "machine-readable abilities as JSON (docs/ABILITIES.md); empty: none, and "
                 "`zxdeck play` cannot run the card",
}
SPECIAL = ("extra", "ignore")

_HEADER_NAMES: dict[str, tuple[str, ...]] = {
    "id": ("id", "card id", "card number", "card no", "number", "no", "カード番号", "番号", "型番", "ナンバー",
           "品番", "カードナンバー"),
    "name": ("name", "card name", "カード名", "名前", "名称"),
    "name_en": ("name_en", "english name", "name en", "英語名", "英名", "英語カード名"),
    "type": ("type", "card type", "種類", "カード種類", "カードタイプ", "種別", "タイプ"),
    "color": ("color", "colour", "色", "カラー"),
    "cost": ("cost", "コスト"),
    "power": ("power", "パワー"),
    "races": ("races", "race", "種族"),
    "icons": ("icons", "icon", "アイコン"),
    "keywords": ("keywords", "keyword", "キーワード"),
    "player": ("player", "プレイヤー", "所属プレイヤー"),
    "timing": ("timing", "タイミング"),
    "text": ("text", "rules text", "テキスト", "効果", "能力", "カードテキスト", "効果テキスト"),
    "abilities": ("abilities",),
    "ignition": ("ignition", "ig", "igアイコン", "イグニッション", "イグニッションアイコン"),
    "evol_seed": ("evol_seed", "evol seed", "エヴォルシード"),
    "life_recovery": ("life_recovery", "life recovery", "lr", "ライフリカバリー"),
    "void_bringer": ("void_bringer", "void bringer", "vb", "ヴォイドブリンガー"),
    "start_card": ("start_card", "start card", "sc", "スタートカード"),
    "gate_card": ("gate_card", "gate card", "gc", "ゲートカード"),
}
# Columns often found in community lists, kept under a plain key.
_EXTRA_NAMES: dict[str, tuple[str, ...]] = {
    "rarity": ("rarity", "レアリティ", "レア"),
    "set": ("set", "弾", "収録", "収録弾", "パック"),
    "illustrator": ("illustrator", "イラスト", "イラストレーター"),
    "flavor": ("flavor", "flavor text", "フレーバー", "フレーバーテキスト"),
}


def _key(text: str) -> str:
    return re.sub(r"[\s_\-・/.]", "", fold(text))


_COLUMN_FIELDS = {_key(n): f for f, names in _HEADER_NAMES.items() for n in names}
_EXTRA_KEYS = {_key(n): f for f, names in _EXTRA_NAMES.items() for n in names}
_TYPES = {_key(k): v for k, v in {
    "zx": "zx", "z/x": "zx", "ゼクス": "zx", "event": "event", "イベント": "event", "player": "player",
    "プレイヤー": "player", "zx_ex": "zx_ex", "z/x ex": "zx_ex", "ゼクスex": "zx_ex", "ゼクスエクストラ": "zx_ex",
    "zx_ob": "zx_ob", "z/x ob": "zx_ob", "ゼクスob": "zx_ob", "ゼクスオーバーブースト": "zx_ob", "shift": "shift",
    "シフト": "shift", "event_ex": "event_ex", "event ex": "event_ex", "イベントex": "event_ex",
    "イベントエクストラ": "event_ex",
}.items()}
_COLORS = {_key(k): v for k, v in {
    **{c: c for c in COLORS}, "赤": "red", "青": "blue", "白": "white", "黒": "black", "緑": "green",
    "無": "colorless", "無色": "colorless", "r": "red", "u": "blue", "w": "white", "b": "black",
    "g": "green", "c": "colorless", "-": "colorless",
}.items()}
_ICONS = {_key(k): v for k, v in {
    "ignition": "ignition", "ig": "ignition", "イグニッション": "ignition", "igアイコン": "ignition",
    "evol_seed": "evol_seed", "evol": "evol_seed", "エヴォルシード": "evol_seed",
}.items()}
_KEYWORDS = {_key(k): v for k, v in {
    "life_recovery": "life_recovery", "lr": "life_recovery", "ライフリカバリー": "life_recovery",
    "void_bringer": "void_bringer", "vb": "void_bringer", "ヴォイドブリンガー": "void_bringer",
    "start_card": "start_card", "sc": "start_card", "スタートカード": "start_card",
    "gate_card": "gate_card", "gc": "gate_card", "ゲートカード": "gate_card",
}.items()}
_TIMINGS = {_key(k): v for k, v in {
    "main": "main", "battle": "battle", "any": "any", "メイン": "main", "バトル": "battle",
    "いつでも": "any",
}.items()}
_YES = {_key(v) for v in ("1", "yes", "y", "true", "○", "◯", "●", "✓", "✔", "有", "あり", "ig")}
_NO = {_key(v) for v in ("", "0", "no", "n", "false", "-", "×", "なし", "無")}
_SPLIT = re.compile(r"\s*[/,、;|／，；]\s*")


class CardListError(ZxError):
    """A card list that cannot become a catalog: every problem, one a line (exit 1; 2 unreadable)."""

    def __init__(self, message: str, problems: list[str] | None = None, exit_code: int = EXIT_INVALID) -> None:
        super().__init__(message, exit_code)
        self.problems = problems or [message]


@dataclass
class ImportResult:
    """The cards read, the catalog mappings to write, warnings, and which field each column became."""

    source: str
    cards: list[Card] = field(default_factory=list)
    mappings: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    columns: dict[str, str] = field(default_factory=dict)


def parse_map(items: list[str] | tuple[str, ...]) -> dict[str, str]:
    """`--map COLUMN=FIELD` options as {folded column: field}; ZxError (exit 2) for a bad one."""
    out: dict[str, str] = {}
    for item in items:
        column, eq, target = item.partition("=")
        target = target.strip()
        if not eq or not column.strip():
            raise ZxError(f"--map {item!r}: write COLUMN=FIELD, e.g. --map 'カード番号=id'")
        if target not in FIELDS and target not in SPECIAL:
            raise ZxError(f"--map {item!r}: unknown field {target!r} "
                          f"(fields: {', '.join(FIELDS)}; or extra, ignore)")
        out[_key(column)] = target
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


def _csv_rows(text: str, delimiter: str, source: str) -> Iterator[tuple[int, list[str]]]:
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


def _json_rows(text: str, source: str) -> list[tuple[int, dict[str, Any]]]:
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
    lines = list(_json_item_lines(text, len(items)))
    lines += [lines[-1] if lines else 1] * (len(items) - len(lines))
    out = []
    for index, (item, line) in enumerate(zip(items, lines)):
        if not isinstance(item, dict):
            raise CardListError(f"{source}: line {line}: card {index + 1} is not an object")
        out.append((line, item))
    return out


def _json_item_lines(text: str, n: int) -> Iterator[int]:
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


# --------------------------------------------------------------------------- values


def _split(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, list):
        return [str(v).strip() for v in value if str(v).strip()]
    return [v for v in _SPLIT.split(str(value).strip()) if v]


def _number(value: Any, name: str, bad: list[str]) -> int | None:
    """`5000`, `5,000`, `５０００` -> 5000; empty or `-` -> None."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    text = fold(str(value if value is not None else "")).replace(",", "").replace(" ", "")
    if text in ("", "-", "―", "ー", "なし"):
        return None
    if re.fullmatch(r"\+?\d{1,9}", text):
        return int(text)
    return _bad(bad, f"{name} {str(value)[:30]!r} is not a whole number >= 0")


def _bad(bad: list[str], message: str) -> None:
    """Record a problem; None stands for the value that could not be read."""
    bad.append(message)


def _one_of(value: Any, table: dict[str, str], name: str, bad: list[str]) -> str | None:
    text = "" if value is None else str(value).strip()
    if not text:
        return None
    found = table.get(_key(text))
    if found is None:
        options = sorted(set(table.values()))
        return _bad(bad, f"{name} {text[:30]!r} is not one of {', '.join(options)}")
    return found


def _flag(value: Any, name: str, bad: list[str]) -> bool:
    if isinstance(value, bool):
        return value
    key = _key("" if value is None else str(value))
    if key in _YES:
        return True
    if key in _NO:
        return False
    _bad(bad, f"{name} {str(value)[:20]!r} is not yes or no (1/0, yes/no, ○/×)")
    return False


def card_mapping(fields: dict[str, Any], bad: list[str]) -> dict[str, Any]:
    """The catalog mapping (INTERFACES.md section 1) of one row's fields; problems go to `bad`."""
    out: dict[str, Any] = {}
    for key in ("id", "name", "name_en"):
        value = fields.get(key)
        if value is not None and str(value).strip():
            out[key] = str(value).strip()
    ctype = _one_of(fields.get("type"), _TYPES, "type", bad)
    if ctype:
        out["type"] = ctype
    elif str(fields.get("type") or "").strip():  # reported above; a stand-in keeps it from being
        out["type"] = "zx"  # reported again as missing (the row is refused all the same)
    color = _one_of(fields.get("color"), _COLORS, "color", bad)
    if color and ctype != "player":
        out["color"] = color
    for key in ("cost", "power"):
        n = _number(fields.get(key), key, bad)
        if n is not None and (key == "cost" or ctype in FIELD_TYPES) and ctype != "player":
            out[key] = n
    races = _split(fields.get("races"))
    if races:
        out["races"] = races
    icons: set[str] = set()
    keywords: set[str] = set()
    for item in _split(fields.get("icons")):
        found = _one_of(item, _ICONS, "icon", bad)
        if found:
            icons.add(found)
    for item in _split(fields.get("keywords")):
        found = _one_of(item, _KEYWORDS, "keyword", bad)
        if found:
            keywords.add(found)
    for flag, (kind, value) in FLAG_FIELDS.items():
        if flag in fields and _flag(fields[flag], flag, bad):
            (icons if kind == "icons" else keywords).add(value)
    if icons:
        out["icons"] = sorted(icons)
    if keywords:
        out["keywords"] = sorted(keywords)
    player = fields.get("player")
    if player is not None and str(player).strip():
        out["player"] = str(player).strip()
    timing = _one_of(fields.get("timing"), _TIMINGS, "timing", bad)
    if timing and ctype == "event":  # an Event EX has no timing of its own (E-2)
        out["timing"] = timing
    text = fields.get("text")
    if text is not None and str(text).strip():
        out["text"] = str(text).strip().replace("\r\n", "\n")
    abilities = fields.get("abilities")
    if isinstance(abilities, str) and abilities.strip():
        from zxdeck import strictjson

        try:
            abilities = strictjson.load(abilities, "abilities", ValueError, MAX_DEPTH)
        except ValueError as exc:
            bad.append(f"abilities is not JSON ({str(exc).removeprefix('abilities: ')[:80]})")
            abilities = None
    if abilities not in (None, ""):
        out["abilities"] = abilities
    for key, value in fields.get("_extra", {}).items():
        if value not in (None, "") and key not in out:
            out[key] = value
    return out


# --------------------------------------------------------------------------- the import


def _column_fields(headers: list[str], mapping: dict[str, str], source: str,
                   warnings: list[str]) -> list[str]:
    """The field of each column: --map first, then the known names; others kept as extra keys."""
    fields: list[str] = []
    seen: dict[str, str] = {}
    for header in headers:
        key = _key(header)
        target = mapping.get(key) or _COLUMN_FIELDS.get(key)
        if target is None:
            target = "extra:" + (_EXTRA_KEYS.get(key) or header.strip())
            if key not in _EXTRA_KEYS and key:
                warnings.append(f"{source}: column {header.strip()!r} is not a catalog field: kept as the "
                                f"key {header.strip()!r} (use --map '{header.strip()}=FIELD' if it is one)")
        elif target == "extra":
            target = "extra:" + header.strip()
        if not key and target.startswith("extra:"):
            target = "ignore"
        if target in FIELDS and target in seen:
            raise CardListError(f"{source}: columns {seen[target]!r} and {header!r} are both {target!r}; "
                               f"use --map '{header}=ignore' for one of them")
        seen[target] = header
        fields.append(target)
    for required in ("id", "name", "type"):
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


def import_cards(data: bytes, source: str, fmt: str, mapping: dict[str, str] | None = None) -> ImportResult:
    """Read a card list (csv, tsv or json bytes) into checked cards; `CardListError` lists every problem."""
    from zxdeck.catalog.loader import card_from_mapping

    mapping = mapping or {}
    text = decode_text(data, source)
    result = ImportResult(source)
    rows: Iterator[tuple[int, dict[str, Any]]]
    if fmt == "json":
        items = _json_rows(text, source)
        del text  # the rows are read one by one from here on (memory)
        keys = list(dict.fromkeys(str(k) for _, item in items for k in item))
        targets = dict(zip(keys, _column_fields(keys, mapping, source, result.warnings))) if items else {}
        result.columns = targets
        rows = ((line, _row_fields({targets[str(k)]: v for k, v in item.items()})) for line, item in items)
    else:
        records = _csv_rows(text, "\t" if fmt == "tsv" else ",", source)
        del text
        header = next(records, None)
        if header is None:
            raise CardListError(f"{source}: no header row (the first row names the columns)")
        headers = header[1]
        columns = _column_fields(headers, mapping, source, result.warnings)
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
        raw = card_mapping(fields, bad)
        before = len(problems)
        problems.extend(f"{where}: {b}" for b in bad)
        card = card_from_mapping(raw, problems, where)
        if card is None or len(problems) > before:
            continue
        if card.id in first_line:
            problems.append(f"{where}: card number used twice in this file (also line {first_line[card.id]})")
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


def import_file(path: str | Path, fmt: str | None = None, mapping: dict[str, str] | None = None) -> ImportResult:
    """`import_cards` of a file (format from --format or the extension)."""
    return import_cards(read_source(path), str(path), detect_format(path, fmt), mapping)


# Text written without quotes: letters, digits, kana and kanji, full-width forms and a few signs
# that mean nothing to YAML where they stand (never first: `-`, `.`, `(`); anything else is
# written as a JSON string, which YAML reads as the same text.
_PLAIN_TEXT = re.compile(
    r"[0-9A-Za-z\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff10-\uff5a]"
    r"(?:[0-9A-Za-z\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff01-\uff5e_.()/・ー+-]| (?! ))*"
)


def _plain_reads_otherwise(text: str) -> bool:
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


def catalog_yaml_chunks(result: ImportResult, note: str = "") -> Iterator[str]:
    """`catalog_yaml` in pieces (a header, then about 1,000 cards at a time), for writing a large
    import without holding the whole text."""
    head = f"# {note}\n" if note else ""
    head += ("# Made by `zxdeck catalog import`. Cards without `abilities` are read by validate and\n"
             "# search; `zxdeck play` refuses them unless --allow-unscripted (docs/CATALOG.md).\n")
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


def catalog_yaml(result: ImportResult, note: str = "") -> str:
    """The catalog file (INTERFACES.md section 1) of an import, ready for `--cards`: every value
    reads back exactly (zxdeck.safeyaml's one reading). Written card by card, in time linear in
    the cards: text plain when that is safe, else as a JSON string; lists and abilities in flow
    style; multi-line text as a `|` block."""
    return "".join(catalog_yaml_chunks(result, note))


def template_csv() -> str:
    """A CSV template: every column documented in `#` rows (skipped on import), then the header row
    and two example rows written as comments."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    out.write("# zxdeck card list template: one card a row; rows starting with # are skipped.\n")
    out.write("# Import: zxdeck catalog import cards.csv -o cards.yaml; check: zxdeck catalog check cards.csv\n")
    out.write("# Columns may also be named in Japanese (カード番号, カード名, 種類, 色, コスト, パワー, 種族, ...)\n")
    out.write("# or mapped with --map COLUMN=FIELD. Other columns (rarity, set, ...) are kept as extra keys.\n")
    columns = ["id", "name", "name_en", "type", "color", "cost", "power", "races", "ignition",
               "evol_seed", "life_recovery", "void_bringer", "start_card", "gate_card", "player",
               "timing", "text", "abilities", "rarity"]
    for name in columns:
        what = FIELDS.get(name, "kept as an extra key (any other column too)")
        out.write(f"#   {name}: {what.replace(chr(10), ' ')}\n")
    writer.writerow(columns)
    examples = [
        ["B01-001", "見本の竜騎士", "Sample Dragon Knight", "zx", "red", "2", "3000", "ドラゴン/武人", "yes",
         "", "", "", "", "", "", "", "【自】このカードが登場した時、カードを1枚引く。", "", "R"],
        ["B01-002", "見本の癒し手", "", "ゼクス", "赤", "1", "1500", "天使", "○", "", "○", "", "", "", "", "",
         "ライフリカバリー", "", "C"],
    ]
    for row in examples:
        cells = io.StringIO()
        csv.writer(cells, lineterminator="").writerow(row)
        out.write("# " + cells.getvalue() + "\n")
    return out.getvalue()
