"""The words of `zxdeck search` (INTERFACES.md section 4): the keywords and values of Z/X's query
language (`LANGUAGE`) and the search fields (`FIELDS`: what each term reads in the cache's
`card_search` table and on a card), for the shared parser and SQL compiler (zxdeck.catalog.query).
Z/X's catalog schema (zxdeck.games.zx.catalog.schema) names this module.
"""

from __future__ import annotations

import re

from zxdeck.catalog.schema import Language, SearchField
from zxdeck.games.zx.catalog.model import COLORS, FIELD_TYPES, TYPES
from zxdeck.games.zx.catalog.schema import FLAGS
from zxdeck.text import fold

# Keyword -> canonical field.
SEARCH_KEYWORDS: dict[str, str] = {
    "name": "name", "n": "name",
    "id": "id",
    "type": "type", "t": "type",
    "color": "color", "c": "color",
    "cost": "cost",
    "power": "power", "pow": "power",
    "race": "race", "r": "race",
    "is": "is", "not": "not",
    "player": "player",
    "text": "text", "o": "text",
}
KEYWORD_HELP = "name/n, id, type/t, color/c, cost, power/pow, race/r, is, not, player, text/o"
NUMERIC = frozenset({"cost", "power"})
REGEX_FIELDS = frozenset({"name", "text"})
TYPE_VALUES: dict[str, tuple[str, ...]] = {t: (t,) for t in TYPES} | {
    "ex": ("zx_ex", "event_ex"),
    "ob": ("zx_ob",),
    **{fold(jp).replace(" ", ""): (t,) for t, jp in TYPES.items()},  # t:ゼクス, t:イベント
}
COLOR_VALUES: dict[str, str] = {c: c for c in COLORS} | {
    "r": "red", "u": "blue", "w": "white", "b": "black", "g": "green", "c": "colorless",
    **{jp: c for c, jp in COLORS.items()},
}
IS_VALUES: dict[str, str] = {
    "ignition": "ignition", "ig": "ignition",
    "evol_seed": "evol_seed", "evol": "evol_seed", "es": "evol_seed",
    "life_recovery": "life_recovery", "lr": "life_recovery",
    "void_bringer": "void_bringer", "vb": "void_bringer",
    "start_card": "start_card", "start": "start_card",
    "gate_card": "gate_card", "gate": "gate_card",
}
_IS_HELP = "ignition/ig, evol_seed/es, life_recovery/lr, void_bringer/vb, start_card/start, gate_card/gate"
LANGUAGE = Language(
    keywords=SEARCH_KEYWORDS,
    keyword_help=KEYWORD_HELP,
    numeric=NUMERIC,
    regex_fields=REGEX_FIELDS,
    enums={
        "type": (TYPE_VALUES, "zx, event, player, zx_ex, zx_ob, shift, event_ex, ex, ob"),
        "color": (COLOR_VALUES, "red/r, blue/u, white/w, black/b, green/g, colorless/c"),
        "is": (IS_VALUES, _IS_HELP),
        "not": (IS_VALUES, _IS_HELP),
    },
    negations={"not": "is"},
    spaced=re.compile(r"(cost|power|pow)\s*(<=|>=|!=|:|=|<|>)\s*", re.IGNORECASE),
)
_NOT_PLAYER = ("not in", ("player",))
FIELDS: dict[str, SearchField] = {f.name: f for f in (
    SearchField("any", "contains", ("name_f", "name_en_f", "id_f", "text_f"),
                lambda c: (c.name, c.name_en, c.id, c.text)),
    SearchField("name", "contains", ("name_f", "name_en_f"), lambda c: (c.name, c.name_en), ("name", "n"),
                regex=True),
    SearchField("text", "contains", ("text_f",), lambda c: (c.text,), ("text", "o"), regex=True),
    SearchField("player", "contains", ("player_f",), lambda c: (c.player,), ("player",)),
    SearchField("race", "contains", ("races_f",), lambda c: c.races, ("race", "r")),
    SearchField("exact", "exact", ("name_f", "name_en_f"), lambda c: (c.name, c.name_en)),
    SearchField("id", "id", ("id_f",), lambda c: c.id, ("id",)),
    SearchField("type", "in", ("type",), lambda c: c.type, ("type", "t"), values=TYPE_VALUES),
    SearchField("color", "enum", ("color",), lambda c: c.color, ("color", "c"), types=_NOT_PLAYER,
                values=COLOR_VALUES),
    SearchField("is", "flag", FLAGS, lambda c: c, ("is", "not"), values=IS_VALUES),
    SearchField("cost", "number", ("cost",), lambda c: c.cost, ("cost",), types=_NOT_PLAYER),
    SearchField("power", "number", ("power",), lambda c: c.power, ("power", "pow"),
                types=("in", tuple(sorted(FIELD_TYPES)))),
)}
