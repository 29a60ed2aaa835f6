"""The card model: one immutable `Card` per catalog entry (INTERFACES.md section 1, ZX_RULES T-1..T-10)."""

from __future__ import annotations

from zxdeck.records import FACTORY, FrozenRecord

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from typing import Any

# T-1..T-7: the type keys, with their Japanese names.
TYPES: dict[str, str] = {
    "zx": "ゼクス",
    "event": "イベント",
    "player": "プレイヤー",
    "zx_ex": "ゼクス エクストラ",
    "zx_ob": "ゼクス オーバーブースト",
    "shift": "シフト",
    "event_ex": "イベント エクストラ",
}
# T-9
COLORS: dict[str, str] = {
    "red": "赤",
    "blue": "青",
    "white": "白",
    "black": "黒",
    "green": "緑",
    "colorless": "無",
}
ICONS: dict[str, str] = {"ignition": "イグニッションアイコン", "evol_seed": "エヴォルシードアイコン"}
KEYWORDS: dict[str, tuple[str, ...]] = {
    "life_recovery": ("ライフリカバリー", "life recovery"),
    "void_bringer": ("ヴォイドブリンガー", "void bringer"),
    "start_card": ("スタートカード", "start card"),
    "gate_card": ("ゲートカード", "gate card"),
}
TIMINGS = ("main", "battle", "any")

MAIN_DECK_TYPES = frozenset({"zx", "event"})  # D-2
DUNAMIS_TYPES = frozenset({"zx_ex", "zx_ob", "shift", "event_ex"})  # D-10
FIELD_TYPES = frozenset({"zx", "zx_ex", "zx_ob"})  # cards that stand on a square
EVENT_TYPES = frozenset({"event", "event_ex"})


def type_matches(ctype: str, wanted: tuple[str, ...] | list[str] | frozenset[str]) -> bool:
    """Is a card of type `ctype` one of the types `wanted` (a filter's `type` list)?

    T-4, O-3: a Z/X EX and a Z/X OB are Z/X too, so `zx` (ゼクス) in a filter also takes them;
    `zx_ex` and `zx_ob` name only their own type.
    """
    return ctype in wanted or ("zx" in wanted and ctype in FIELD_TYPES)


def zx_types(wanted: tuple[str, ...] | list[str] | frozenset[str]) -> frozenset[str]:
    """Every type a filter's `type` list takes (`type_matches` as a set, T-4, O-3)."""
    out = frozenset(wanted)
    return out | FIELD_TYPES if "zx" in out else out

# The keys of section 1; any other key is kept in `Card.extra` and ignored by the rules.
KNOWN_KEYS = frozenset(
    {
        "id", "name", "name_en", "type", "color", "cost", "power", "races", "icons",
        "keywords", "player", "timing", "text", "abilities",
    }
)


def keywords_in_text(text: str) -> frozenset[str]:
    """Keywords a card has because its text names them in Japanese or English (section 1)."""
    lowered = text.casefold()
    return frozenset(k for k, words in KEYWORDS.items() if any(w in lowered for w in words))


class Card(FrozenRecord):
    """One card of the catalog. `keywords` already includes those found in `text`.

    Immutable and hashable; `extra` (unknown keys) is neither compared nor hashed.
    """

    __slots__ = _fields = ("id", "name", "type", "name_en", "color", "cost", "power", "races", "icons",
                           "keywords", "player", "timing", "text", "abilities", "extra")
    _compare = _fields[:-1]
    id: str
    name: str
    type: str
    name_en: str
    color: str
    cost: int
    power: int
    races: tuple[str, ...]
    icons: frozenset[str]
    keywords: frozenset[str]
    player: str
    timing: str
    text: str
    abilities: tuple[Any, ...] | None  # None: no `abilities` key (vanilla card)
    extra: dict[str, Any]

    def __init__(self, id: str, name: str, type: str, name_en: str = "", color: str = "colorless",  # noqa: A002
                 cost: int = 0, power: int = 0, races: tuple[str, ...] = (), icons: frozenset[str] = frozenset(),
                 keywords: frozenset[str] = frozenset(), player: str = "", timing: str = "main", text: str = "",
                 abilities: tuple[Any, ...] | None = None, extra: dict[str, Any] = FACTORY) -> None:
        setattr_ = object.__setattr__
        setattr_(self, "id", id)
        setattr_(self, "name", name)
        setattr_(self, "type", type)
        setattr_(self, "name_en", name_en)
        setattr_(self, "color", color)
        setattr_(self, "cost", cost)
        setattr_(self, "power", power)
        setattr_(self, "races", races)
        setattr_(self, "icons", icons)
        setattr_(self, "keywords", keywords)
        setattr_(self, "player", player)
        setattr_(self, "timing", timing)
        setattr_(self, "text", text)
        setattr_(self, "abilities", abilities)
        setattr_(self, "extra", {} if extra is FACTORY else extra)

    @property
    def ignition(self) -> bool:
        return "ignition" in self.icons

    @property
    def evol_seed(self) -> bool:
        return "evol_seed" in self.icons

    @property
    def life_recovery(self) -> bool:
        return "life_recovery" in self.keywords

    @property
    def void_bringer(self) -> bool:
        return "void_bringer" in self.keywords

    @property
    def start_card(self) -> bool:
        return "start_card" in self.keywords

    @property
    def gate_card(self) -> bool:
        return "gate_card" in self.keywords

    @property
    def is_field_card(self) -> bool:
        """True for the types that stand on a square (zx, zx_ex, zx_ob)."""
        return self.type in FIELD_TYPES

    @property
    def is_zx(self) -> bool:
        """A Z/X in the rules' sense: a `zx`, and also a Z/X EX (T-4) or a Z/X OB (O-3)."""
        return self.type in FIELD_TYPES

    def to_dict(self) -> dict[str, Any]:
        """The card as a catalog mapping with the keys of INTERFACES.md section 1."""
        out: dict[str, Any] = {"id": self.id, "name": self.name}
        if self.name_en:
            out["name_en"] = self.name_en
        out["type"] = self.type
        if self.type != "player":
            out["color"] = self.color
            out["cost"] = self.cost
        if self.type in FIELD_TYPES:
            out["power"] = self.power
        out["races"] = list(self.races)
        out["icons"] = sorted(self.icons)
        out["keywords"] = sorted(self.keywords)
        if self.player:
            out["player"] = self.player
        if self.type == "event":  # T-2; an Event EX has no timing of its own (E-2)
            out["timing"] = self.timing
        out["text"] = self.text
        if self.abilities is not None:
            out["abilities"] = list(self.abilities)
        out.update(self.extra)
        return out
