"""The words of `zxdeck --game moz search`: MOZ's keywords and values (`LANGUAGE`) and search
fields (`FIELDS`), for the shared parser and SQL compiler (zxdeck.catalog.query); every term is
listed in zxdeck.games.moz.catalog.schema's module text. MOZ's catalog schema names this module.
"""

from __future__ import annotations

import re

from zxdeck.catalog.schema import Language, SearchField
from zxdeck.games.moz.catalog.model import LIMIT_GROUPS, SUPPORT_KINDS, TYPES
from zxdeck.games.moz.catalog.schema import attributes, reading, sub_key
from zxdeck.text import fold

KEYWORDS: dict[str, str] = {
    "name": "name", "n": "name",
    "id": "id",
    "type": "type", "t": "type",
    "kind": "kind", "k": "kind",
    "level": "level", "lv": "level",
    "speed": "speed", "spd": "speed",
    "power": "power", "pow": "power",
    "age": "age",
    "attribute": "attribute", "attr": "attribute", "a": "attribute",
    "sub": "sub", "sub_attribute": "sub", "sa": "sub",
    "group": "group", "g": "group",
    "sex": "sex",
    "text": "text", "o": "text",
}
KEYWORD_HELP = ("name/n, id, type/t, kind/k, level/lv, speed/spd, power/pow, age, attribute/attr/a, "
                "sub/sa, group/g, sex, text/o")
NUMERIC = frozenset({"level", "speed", "power", "age"})

_GROUP_JA = {"天災": "natural_disaster", "悪魔の所業": "devils_deed", "無効": "devils_deed",
             "天の奇跡": "heavens_miracle", "送還": "send_back", "墓場送り": "send_back",
             "同族交換": "change_same_kind", "属性無視交換": "change_any_attribute",
             "神の障壁": "gods_barrier", "ブロックマン": "blockman", "sp封じ": "sp_seal"}
_KIND_SHORT = {"h": ("help",), "sp": ("special",), "hs": ("help_special",), "r": ("reverse",),
               "ac": ("attribute_change",)}
KIND_VALUES: dict[str, tuple[str, ...]] = {
    **{k: (k,) for k in SUPPORT_KINDS}, **_KIND_SHORT,
    **{fold(TYPES[k]).replace(" ", "_"): (k,) for k in SUPPORT_KINDS},
}
TYPE_VALUES: dict[str, tuple[str, ...]] = {
    **{t: (t,) for t in TYPES},
    "s": ("summoner",), "b": ("beast",), **_KIND_SHORT, "support": SUPPORT_KINDS,
    **{fold(ja).replace(" ", "_"): (t,) for t, ja in TYPES.items()},
}
GROUP_VALUES: dict[str, str] = {
    **{g: g for g in LIMIT_GROUPS}, "none": "",
    **{fold(ja).replace(" ", "_"): g for ja, g in _GROUP_JA.items()},
}
SEX_VALUES: dict[str, str] = {"male": "male", "m": "male", "男": "male", "female": "female", "f": "female",
                              "女": "female"}
_KINDS_HELP = "help/h, special/sp, help_special/hs, reverse/r, attribute_change/ac"
LANGUAGE = Language(
    keywords=KEYWORDS,
    keyword_help=KEYWORD_HELP,
    numeric=NUMERIC,
    regex_fields=frozenset({"name", "text"}),
    enums={
        "type": (TYPE_VALUES, f"summoner/s, beast/b, {_KINDS_HELP}, support"),
        "kind": (KIND_VALUES, _KINDS_HELP),
        "group": (GROUP_VALUES, ", ".join([*LIMIT_GROUPS, "none"])),
        "sex": (SEX_VALUES, "male/m, female/f"),
    },
    negations={},
    spaced=re.compile(r"(level|lv|speed|spd|power|pow|age)\s*(<=|>=|!=|:|=|<|>)\s*", re.IGNORECASE),
)


_SUMMONER = ("in", ("summoner",))
_BEAST = ("in", ("beast",))
FIELDS: dict[str, SearchField] = {f.name: f for f in (
    SearchField("any", "contains", ("name_f", "name_en_f", "reading_f", "id_f", "text_f"),
                lambda c: (c.name, c.name_en, reading(c), c.id, c.text)),
    SearchField("name", "contains", ("name_f", "name_en_f", "reading_f"), lambda c: (c.name, c.name_en, reading(c)),
                ("name", "n"), regex=True),
    SearchField("text", "contains", ("text_f",), lambda c: (c.text,), ("text", "o"), regex=True),
    SearchField("exact", "exact", ("name_f", "name_en_f"), lambda c: (c.name, c.name_en)),
    SearchField("id", "id", ("id_f",), lambda c: c.id, ("id",)),
    SearchField("type", "in", ("type",), lambda c: c.type, ("type", "t"), values=TYPE_VALUES),
    SearchField("kind", "in", ("type",), lambda c: c.type, ("kind", "k"), values=KIND_VALUES),
    SearchField("level", "number", ("level",), lambda c: getattr(c, "level", None), ("level", "lv"), _SUMMONER),
    SearchField("speed", "number", ("speed",), lambda c: getattr(c, "speed", None), ("speed", "spd"), _SUMMONER),
    SearchField("age", "number", ("age",), lambda c: getattr(c, "age", None), ("age",), _SUMMONER),
    SearchField("power", "number", ("power",), lambda c: getattr(c, "power", None), ("power", "pow"), _BEAST),
    SearchField("attribute", "member", ("attrs_f",), attributes, ("attribute", "attr", "a")),
    SearchField("sub", "enum", ("sub_f",), lambda c: fold(getattr(c, "sub_attribute", None) or ""),
                ("sub", "sub_attribute", "sa"), _BEAST, normalize=sub_key),
    SearchField("group", "enum", ("grp",), lambda c: c.limit_group or "", ("group", "g"), values=GROUP_VALUES),
    SearchField("sex", "enum", ("sex",), lambda c: getattr(c, "sex", None) or "", ("sex",), values=SEX_VALUES),
)}
