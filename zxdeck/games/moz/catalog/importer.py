"""Turning a MOZ card list (CSV, TSV, JSON) into a MOZ catalog (`zxdeck --game moz catalog
import`), over the core's card-list machinery (zxdeck.catalog.cardlist) with MOZ's schema.

Each row is one card. Columns are matched to the fields of MOZ's catalog (docs/MOZ_RULES.md
section Y, Y-1..Y-5) by their header, in English or Japanese (`カード番号`, `カード名`, `種類`,
`レベル`, `スピード`, `属性`, `サブ属性`, `パワー`, ...); `--map COLUMN=FIELD` says it for the others.
A summoner's three summon attributes are the columns `top`, `left`, `right` (上, 左, 右), or one
column `summon_attributes` written `貝/風/雷`. Values are read leniently (`召喚獣` or `beast`,
`竜` or `dragon`, `天災` or `natural_disaster`, `男` or `male`, `+100`), then every card is checked
by MOZ's own checker (zxdeck.games.moz.catalog.model.card_from_mapping, Y-2..Y-5). Every problem
is reported at once, one a line naming the file, line and card; nothing is written when there is
one (exit 1).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from zxdeck.catalog.cardlist import (
    MAX_DEPTH,
    ImportResult,
    ListSchema,
    decode_text,
    detect_format,
    header_key,
    read_source,
)
from zxdeck.catalog.cardlist import catalog_yaml_chunks as _yaml_chunks
from zxdeck.catalog.cardlist import import_cards as _import_cards
from zxdeck.catalog.cardlist import parse_map as _parse_map
from zxdeck.games.moz.catalog.model import LIMIT_GROUPS, SEXES, TYPES
from zxdeck.text import fold

FIELDS: dict[str, str] = {  # field -> what it holds (the template documents every column with it)
    "id": "card id, unique in the file (required), e.g. MOZ-B121",
    "name": "card name (required); copies are limited by name (D-3)",
    "name_en": "English name (optional)",
    "type": "summoner, beast, help, special, help_special, reverse, attribute_change, or 召喚師, 召喚獣, "
            "ヘルプカード, スペシャルカード, ヘルプ&スペシャルカード, リバースカード, 属性チェンジカード (required)",
    "level": "summoner: its level, a whole number 1..5 (K-9)",
    "speed": "summoner: its speed, a whole number (R-2)",
    "age": "summoner: its age (optional)",
    "sex": "summoner: male or female (also 男, 女, m, f; empty: none)",
    "top": "summoner: the summon attribute of its top face (K-10)",
    "left": "summoner: the summon attribute of its left face",
    "right": "summoner: the summon attribute of its right face",
    "summon_attributes": "summoner: the three faces in one column, top/left/right, e.g. 貝/風/雷",
    "attribute": "beast: its attribute (K-12); attribute_change: the attribute it gives",
    "sub_attribute": "beast: dragon, male, female, beast, fish, bird, insect (also 竜 男 女 獣 魚 鳥 虫) or "
                     "another word",
    "power": "beast: its power, a whole number (may be negative), e.g. 100",
    "limit_group": "support: " + ", ".join(LIMIT_GROUPS) + " or its Japanese name (天災, SP封じ, ...); "
                   "empty: none (D-11..D-17)",
    "text": "card text (free text, searchable)",
    "abilities": "machine-readable abilities as JSON (docs/MOZ.md); empty: none",
    "set": "the set the card is from (optional)",
}
_HEADER_NAMES: dict[str, tuple[str, ...]] = {
    "id": ("id", "card id", "card number", "number", "no", "カード番号", "番号", "ナンバー"),
    "name": ("name", "card name", "カード名", "名前", "名称"),
    "name_en": ("name_en", "english name", "name en", "英語名", "英名"),
    "type": ("type", "card type", "種類", "カード種類", "カードタイプ", "種別"),
    "level": ("level", "lv", "レベル"),
    "speed": ("speed", "spd", "スピード", "素早さ"),
    "age": ("age", "年齢"),
    "sex": ("sex", "gender", "性別"),
    "top": ("top", "top face", "上", "上面"),
    "left": ("left", "left face", "左", "左面"),
    "right": ("right", "right face", "右", "右面"),
    "summon_attributes": ("summon_attributes", "summon attributes", "召喚属性"),
    "attribute": ("attribute", "attr", "属性"),
    "sub_attribute": ("sub_attribute", "sub attribute", "sub", "サブ属性", "副属性"),
    "power": ("power", "pow", "パワー"),
    "limit_group": ("limit_group", "limit group", "group", "制限グループ", "制限"),
    "text": ("text", "rules text", "テキスト", "効果", "カードテキスト"),
    "abilities": ("abilities",),
    "set": ("set", "弾", "収録", "収録弾"),
}
_EXTRA_NAMES: dict[str, tuple[str, ...]] = {
    "reading": ("reading", "読み", "よみ", "ふりがな"),
    "rarity": ("rarity", "レアリティ", "レア"),
    "illustrator": ("illustrator", "イラスト", "イラストレーター"),
}
_TYPES = {header_key(k): v for k, v in {
    **{t: t for t in TYPES}, **{ja: t for t, ja in TYPES.items()},
    "召喚獣カード": "beast", "召喚師カード": "summoner", "ヘルプ": "help", "スペシャル": "special",
    "ヘルプ&スペシャル": "help_special", "リバース": "reverse", "属性チェンジ": "attribute_change",
    "s": "summoner", "b": "beast", "h": "help", "sp": "special", "hs": "help_special", "r": "reverse",
    "ac": "attribute_change",
}.items()}
_SEXES = {header_key(k): v for k, v in {**{s: s for s in SEXES}, "男": "male", "女": "female", "m": "male",
                                        "f": "female", "男性": "male", "女性": "female"}.items()}
_GROUP_JA = {"天災": "natural_disaster", "悪魔の所業": "devils_deed", "天の奇跡": "heavens_miracle",
             "送還": "send_back", "同族交換": "change_same_kind", "属性無視交換": "change_any_attribute",
             "神の障壁": "gods_barrier", "ブロックマン": "blockman", "sp封じ": "sp_seal"}
_GROUPS = {header_key(k): v for k, v in {**{g: g for g in LIMIT_GROUPS}, **_GROUP_JA}.items()}
_NONE = {header_key(v) for v in ("", "-", "―", "ー", "なし", "none")}
_SPLIT = re.compile(r"\s*[/,、;|／，；]\s*")


def _empty(value: Any) -> bool:
    return value is None or (isinstance(value, str) and header_key(value) in _NONE)


def _text(value: Any) -> str | None:
    return None if value is None or not str(value).strip() else str(value).strip()


def _number(value: Any, name: str, bad: list[str]) -> int | None:
    """`100`, `+100`, `-50`, `１００`, `1,000` -> the number; empty or `-` -> None."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if _empty(value):
        return None
    text = fold(str(value)).replace(",", "").replace(" ", "").replace("−", "-")
    if re.fullmatch(r"[+-]?\d{1,9}", text):
        return int(text)
    bad.append(f"{name} {str(value)[:30]!r} is not a whole number")
    return None


def _one_of(value: Any, table: dict[str, str], name: str, bad: list[str]) -> str | None:
    if _empty(value):
        return None
    found = table.get(header_key(str(value)))
    if found is None:
        bad.append(f"{name} {str(value)[:30]!r} is not one of {', '.join(sorted(set(table.values())))}")
    return found


def card_mapping(fields: dict[str, Any], bad: list[str]) -> dict[str, Any]:
    """One row's fields as a MOZ catalog mapping (Y-2, Y-3), in the catalog's order; what cannot be
    read is added to `bad`. Fields that do not belong to the card's type are left out when empty."""
    out: dict[str, Any] = {}
    for key in ("id", "name", "name_en"):
        if (text := _text(fields.get(key))) is not None:
            out[key] = text
    kind = _one_of(fields.get("type"), _TYPES, "type", bad)
    if kind is not None:
        out["type"] = kind
    elif not _empty(fields.get("type")):
        return out  # said in `bad`
    if kind == "summoner":
        if (sex := _one_of(fields.get("sex"), _SEXES, "sex", bad)) is not None:
            out["sex"] = sex
        for key in ("age", "level"):
            if (n := _number(fields.get(key), key, bad)) is not None:
                out[key] = n
        faces = [_text(fields.get(f)) for f in ("top", "left", "right")]
        joined = fields.get("summon_attributes")
        if not _empty(joined):
            if isinstance(joined, dict):
                faces = [_text(joined.get(f)) for f in ("top", "left", "right")]
            else:
                parts = [p for p in _SPLIT.split(str(joined).strip()) if p]
                if len(parts) != 3:
                    bad.append(f"summon_attributes {str(joined)[:30]!r}: write the three faces top/left/right, "
                               "e.g. 貝/風/雷")
                faces = (parts + [None, None, None])[:3] if len(parts) <= 3 else parts[:3]
        if any(faces):
            if not all(faces):
                bad.append("summon_attributes: a summoner needs its top, left and right attributes")
            out["summon_attributes"] = dict(zip(("top", "left", "right"), faces))
        if (n := _number(fields.get("speed"), "speed", bad)) is not None:
            out["speed"] = n
    elif kind == "beast":
        if (attr := _text(fields.get("attribute"))) is not None:
            out["attribute"] = attr
        sub = _text(fields.get("sub_attribute"))
        if sub is not None:
            out["sub_attribute"] = sub  # 竜 or dragon: MOZ's checker keeps the English key (Y-4)
        if (n := _number(fields.get("power"), "power", bad)) is not None:
            out["power"] = n
    elif kind == "attribute_change" and (attr := _text(fields.get("attribute"))) is not None:
        out["attribute"] = attr
    if kind not in (None, "summoner"):
        group = _one_of(fields.get("limit_group"), _GROUPS, "limit_group", bad)
        if group is not None:
            out["limit_group"] = group
    if (text := _text(fields.get("text"))) is not None:
        out["text"] = text
    abilities = fields.get("abilities")
    if isinstance(abilities, list):
        out["abilities"] = abilities
    elif not _empty(abilities):
        from zxdeck import strictjson

        try:
            out["abilities"] = strictjson.load(str(abilities), "abilities", ValueError, MAX_DEPTH)
        except ValueError as exc:
            bad.append(f"abilities: not JSON ({str(exc)[:60]})")
    if (text := _text(fields.get("set"))) is not None:
        out["set"] = text
    for key, value in fields.get("_extra", {}).items():
        if not _empty(value) and key not in out:
            out[key] = value
    return out


def _check(raw: dict[str, Any], problems: list[str], where: str) -> Any:
    """MOZ's card checker (Y-2..Y-5): the card, or None with its problem added."""
    from zxdeck.games.moz.catalog.model import CardError, card_from_mapping

    try:
        return card_from_mapping(raw)
    except CardError as exc:
        problems.append(f"{where}: {exc}")
        return None


SCHEMA = ListSchema(fields=FIELDS, header_names=_HEADER_NAMES, extra_names=_EXTRA_NAMES,
                    required=("id", "name", "type"), card_mapping=card_mapping, check=_check,
                    id_word="card id", check_bad_rows=False)


def parse_map(items: list[str] | tuple[str, ...]) -> dict[str, str]:
    """`--map COLUMN=FIELD` options as {folded column: field}; ZxError (exit 2) for a bad one."""
    return _parse_map(items, SCHEMA)


def import_cards(data: bytes, source: str, fmt: str, mapping: dict[str, str] | None = None) -> ImportResult:
    """Read a MOZ card list (csv, tsv or json bytes) into checked cards; `CardListError` (exit 1)
    lists every problem."""
    return _import_cards(data, source, fmt, SCHEMA, mapping)


def import_file(path: str | Path, fmt: str | None = None, mapping: dict[str, str] | None = None) -> ImportResult:
    """`import_cards` of a file (format from --format or the extension)."""
    return import_cards(read_source(path), str(path), detect_format(path, fmt), mapping)


def catalog_yaml_chunks(result: ImportResult, note: str = "") -> Iterator[str]:
    """The MOZ catalog YAML of an import, in pieces: `cards:` with one mapping per card, every
    value reading back exactly."""
    return _yaml_chunks(result, note, "# Made by `zxdeck --game moz catalog import` (docs/MOZ.md). Use it with\n"
                        "# `zxdeck --game moz --cards FILE ...`; check it with `zxdeck --game moz catalog check`.\n")


def catalog_yaml(result: ImportResult, note: str = "") -> str:
    """The whole catalog YAML of an import."""
    return "".join(catalog_yaml_chunks(result, note))


def template_csv() -> str:
    """A CSV template for a MOZ card list: every column documented in `#` rows (skipped on
    import), then the header row and an example of each kind of card as comments."""
    out = io.StringIO()
    out.write("# zxdeck MOZ card list template: one card a row; rows starting with # are skipped.\n")
    out.write("# Import: zxdeck --game moz catalog import cards.csv -o cards.yaml;"
              " check: zxdeck --game moz catalog check cards.csv\n")
    out.write("# Columns may also be named in Japanese (カード番号, カード名, 種類, レベル, 属性, パワー, ...)\n")
    out.write("# or mapped with --map COLUMN=FIELD. Other columns (reading, rarity, ...) are kept as extra keys.\n")
    columns = ["id", "name", "name_en", "type", "level", "speed", "age", "sex", "top", "left", "right",
               "attribute", "sub_attribute", "power", "limit_group", "text", "abilities", "set"]
    for name in columns:
        out.write(f"#   {name}: {FIELDS[name]}\n")
    csv.writer(out, lineterminator="\n").writerow(columns)
    examples = [
        ["MOZ-S101", "見本の召喚師", "Sample Summoner", "summoner", "2", "6", "17", "女", "貝", "風", "雷",
         "", "", "", "", "", "", "my set"],
        ["MOZ-B201", "見本の竜", "Sample Dragon", "召喚獣", "", "", "", "", "", "", "", "炎", "竜", "100",
         "", "", "", "my set"],
        ["MOZ-P301", "見本の封印", "", "special", "", "", "", "", "", "", "", "", "", "", "SP封じ",
         "The opponent may not use a special this round.", "", "my set"],
    ]
    for row in examples:
        cells = io.StringIO()
        csv.writer(cells, lineterminator="").writerow(row)
        out.write("# " + cells.getvalue() + "\n")
    return out.getvalue()


def check_list(source: str, fmt: str, maps: tuple[str, ...]) -> ImportResult:
    """A card list checked (nothing written): `import_file`, for `catalog check`."""
    return import_file(source, fmt, parse_map(maps))


__all__ = ["FIELDS", "SCHEMA", "card_mapping", "catalog_yaml", "catalog_yaml_chunks", "check_list", "decode_text",
           "import_cards", "import_file", "parse_map", "template_csv"]
