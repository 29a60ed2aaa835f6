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

import csv
import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from zxdeck.catalog.cardlist import (  # the core's card-list machinery, for every game
    FORMATS,
    MAX_BYTES,
    MAX_DEPTH,
    MAX_PROBLEMS_SHOWN,
    SPECIAL,
    CardListError,
    ImportResult,
    ListSchema,
    catalog_lines,
    decode_text,
    detect_format,
    read_source,
)
from zxdeck.catalog.cardlist import catalog_yaml_chunks as _yaml_chunks
from zxdeck.catalog.cardlist import header_key as _key
from zxdeck.catalog.cardlist import import_cards as _import_cards
from zxdeck.catalog.cardlist import parse_map as _parse_map
from zxdeck.games.zx.catalog.model import COLORS, FIELD_TYPES
from zxdeck.text import fold

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


def parse_map(items: list[str] | tuple[str, ...]) -> dict[str, str]:
    """`--map COLUMN=FIELD` options as {folded column: field}; ZxError (exit 2) for a bad one."""
    return _parse_map(items, SCHEMA)


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


def _check(raw: dict[str, Any], problems: list[str], where: str) -> Any:
    from zxdeck.catalog.loader import card_from_mapping

    return card_from_mapping(raw, problems, where)


def import_cards(data: bytes, source: str, fmt: str, mapping: dict[str, str] | None = None) -> ImportResult:
    """Read a card list (csv, tsv or json bytes) into checked cards; `CardListError` lists every problem."""
    return _import_cards(data, source, fmt, SCHEMA, mapping)


def import_file(path: str | Path, fmt: str | None = None, mapping: dict[str, str] | None = None) -> ImportResult:
    """`import_cards` of a file (format from --format or the extension)."""
    return import_cards(read_source(path), str(path), detect_format(path, fmt), mapping)


def catalog_yaml_chunks(result: ImportResult, note: str = "") -> Iterator[str]:
    """`catalog_yaml` in pieces (a header, then about 1,000 cards at a time), for writing a large
    import without holding the whole text."""
    return _yaml_chunks(result, note, "# Made by `zxdeck catalog import`. Cards without `abilities` are read by "
                        "validate and\n# search; `zxdeck play` refuses them unless --allow-unscripted "
                        "(docs/CATALOG.md).\n")


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


SCHEMA = ListSchema(fields=FIELDS, header_names=_HEADER_NAMES, extra_names=_EXTRA_NAMES,
                    required=("id", "name", "type"), card_mapping=lambda fields, bad: card_mapping(fields, bad),
                    check=_check)

__all__ = ["FORMATS", "MAX_BYTES", "MAX_DEPTH", "MAX_PROBLEMS_SHOWN", "SCHEMA", "SPECIAL", "CardListError",
           "ImportResult", "card_mapping", "catalog_lines", "catalog_yaml", "catalog_yaml_chunks", "decode_text",
           "detect_format", "import_cards", "import_file", "parse_map", "read_source", "template_csv"]
