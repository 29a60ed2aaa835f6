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
from zxdeck.text import fold

MAX_BYTES = 64 * 1024 * 1024
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
    p = Path(path)
    try:
        if p.is_dir():
            raise CardListError(f"{p}: is a folder, not a card list", exit_code=2)
        if p.stat().st_size > MAX_BYTES:
            raise CardListError(f"{p}: more than {MAX_BYTES // (1024 * 1024)} MiB, not a card list", exit_code=2)
        return p.read_bytes()
    except FileNotFoundError:
        raise CardListError(f"{p}: file not found", exit_code=2) from None
    except OSError as exc:
        raise CardListError(f"{p}: cannot read: {exc.strerror or exc}", exit_code=2) from None


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
    """(line, object) of each card of a JSON list (or of its `cards` list)."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardListError(f"{source}: line {exc.lineno}: JSON error: {exc.msg}") from None
    except (RecursionError, ValueError) as exc:
        raise CardListError(f"{source}: JSON error: {str(exc)[:80]}") from None
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
    """The line where each item of the (first) card list starts, found by decoding item by item."""
    decoder = json.JSONDecoder()
    start = text.find("[")
    doc_start = len(text) - len(text.lstrip())
    if text[doc_start:doc_start + 1] == "{":
        m = re.search(r'"cards"\s*:\s*\[', text)
        start = m.end() - 1 if m else start
    pos = start + 1
    for _ in range(n):
        while pos < len(text) and text[pos] in " \t\r\n,":
            pos += 1
        yield text.count("\n", 0, pos) + 1
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
        try:
            abilities = json.loads(abilities)
        except (json.JSONDecodeError, RecursionError, ValueError):
            bad.append("abilities is not JSON")
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
    rows: list[tuple[int, dict[str, Any]]] = []
    if fmt == "json":
        items = list(_json_rows(text, source))
        keys = list(dict.fromkeys(str(k) for _, item in items for k in item))
        targets = dict(zip(keys, _column_fields(keys, mapping, source, result.warnings))) if items else {}
        result.columns = targets
        rows = [(line, _row_fields({targets[str(k)]: v for k, v in item.items()})) for line, item in items]
    else:
        records = _csv_rows(text, "\t" if fmt == "tsv" else ",", source)
        header = next(records, None)
        if header is None:
            raise CardListError(f"{source}: no header row (the first row names the columns)")
        headers = header[1]
        columns = _column_fields(headers, mapping, source, result.warnings)
        result.columns = dict(zip(headers, columns))
        for line, cells in records:
            fields = _row_fields(dict(zip(columns, cells)))
            if len(cells) > len(headers) and any(c.strip() for c in cells[len(headers):]):
                fields["_error"] = f"{len(cells)} cells for {len(headers)} columns"
            rows.append((line, fields))
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


def _plain_reads_otherwise(text: str) -> bool:
    """True when `text` written plain could be read back as something else: PyYAML (YAML 1.1)
    quotes what it would misread itself, but the catalog loader reads with yaml-rs (YAML 1.2),
    which reads `1e3` and `1_000` as numbers."""
    from zxdeck.catalog.loader import yaml_rs_module

    if not text.isascii():  # numbers, booleans and nulls are ASCII
        return False
    yaml_rs = yaml_rs_module()
    if yaml_rs is None:
        return False
    try:
        return yaml_rs.loads(f"v: {text}", parse_datetime=False) != {"v": text}
    except Exception:  # not even a plain scalar: quote it  # noqa: BLE001
        return True


def catalog_yaml(result: ImportResult, note: str = "") -> str:
    """The catalog file (INTERFACES.md section 1) of an import, ready for `--cards`: every value
    reads back exactly, with PyYAML or yaml-rs."""
    import yaml

    head = f"# {note}\n" if note else ""
    head += ("# Made by `zxdeck catalog import`. Cards without `abilities` are read by validate and\n"
             "# search; `zxdeck play` refuses them unless --allow-unscripted (docs/CATALOG.md).\n")

    class Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):  # libyaml's emitter when present
        """Cards as block mappings, lists of words on one line, multi-line text as `|` blocks."""

    def flow_list(dumper: Any, data: list) -> yaml.Node:
        flat = all(isinstance(v, str | int | float | bool) or v is None for v in data)
        return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=flat)

    def text(dumper: Any, data: str) -> yaml.Node:
        style = "|" if "\n" in data else '"' if _plain_reads_otherwise(data) else None
        return dumper.represent_scalar("tag:yaml.org,2002:str", data, style=style)

    Dumper.add_representer(list, flow_list)
    Dumper.add_representer(str, text)
    body = yaml.dump({"cards": result.mappings}, Dumper=Dumper, allow_unicode=True, sort_keys=False,
                     width=1000, default_flow_style=False)
    return head + body


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
