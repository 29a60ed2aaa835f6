"""The game as text for the terminal: the 3x3 field, both players' zones, the hand and dunamis.

`render(game, viewer)` returns a `Screen`: lines of rich `Text` (styled; plain
with NO_COLOR or off a terminal, rich decides) that each fit in 80 display
columns, and `refs`, the card instance behind each `#N` tag on the screen
(`card N` shows its full text). Only what `viewer` may see is drawn: it reads
the engine's `observation(viewer)`; card details come from the instances the
observation names.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text

from zxdeck.catalog.cardtext import COUNTERS
from zxdeck.catalog.model import COLORS, Card
from zxdeck.catalog.present import marks
from zxdeck.engine import Game
from zxdeck.engine.state import SQUARE_NAMES
from zxdeck.play.text import clean, fit, shorten, width, wrap

WIDTH = 80
CELL = 24  # inner width of a field square: 3 * 24 + 4 borders = 76 columns
PHASES = {
    "setup": "準備", "reboot": "リブート", "draw": "ドロー", "resource": "リソース",
    "ignition": "イグニッション", "main": "メイン", "battle": "バトル", "end": "エンド",
}
TYPE_SHORT = {
    "zx": "ゼクス", "event": "イベント", "zx_ex": "ゼクスEX", "zx_ob": "ゼクスOB",
    "shift": "シフト", "event_ex": "イベントEX", "player": "プレイヤー",
}
COLOR_STYLE = {"red": "red", "blue": "blue", "white": "bright_white", "black": "bright_black",
               "green": "green", "colorless": ""}
ME, OPP = "cyan", "magenta"
FACE_DOWN = "裏向きのカード"


@dataclass
class Screen:
    """Rendered lines and the card instance of each `#N` tag (refs[N - 1])."""

    lines: list[Text] = field(default_factory=list)
    refs: list[int] = field(default_factory=list)

    def add(self, *parts: str | tuple[str, str]) -> Text:
        """Append a line made of plain strings and (text, style) pairs."""
        t = Text()
        for p in parts:
            if isinstance(p, tuple):
                t.append(clean(p[0]), style=p[1])
            else:
                t.append(clean(p))
        self.lines.append(t)
        return t

    def ref(self, iid: int) -> str:
        """The `#N` tag of a card instance (a new number the first time it is seen)."""
        if iid not in self.refs:
            self.refs.append(iid)
        return f"#{self.refs.index(iid) + 1}"

    @property
    def plain(self) -> str:
        return "\n".join(t.plain for t in self.lines)


def color_name(color: str) -> str:
    return COLORS.get(color, "?")


def card_summary(card: Card) -> str:
    """Type, color, cost, power and marks on one short line: 'ゼクス 赤 C3 P5000 IG LR'."""
    parts = [TYPE_SHORT.get(card.type, card.type)]
    if card.type != "player":
        parts += [color_name(card.color), f"C{card.cost}"]
    if card.power:
        parts.append(f"P{card.power}")
    m = marks(card)
    if m:
        parts.append(m)
    return " ".join(parts)


def card_text(card: Card, cols: int = WIDTH) -> list[str]:
    """A card in full, wrapped to `cols`: name, number, attributes, races, text."""
    lines = wrap(f"{card.name}  ({card.id})", cols)
    if card.name_en:
        lines += wrap(card.name_en, cols)
    lines += wrap(card_summary(card), cols)
    if card.races:
        lines += wrap("種族: " + " / ".join(card.races), cols, "  ")
    if card.player:
        lines += wrap("プレイヤー: " + card.player, cols, "  ")
    if card.type in ("event", "event_ex"):
        timing = {"main": "メインフェイズ", "battle": "バトル中", "any": "メインフェイズ/バトル中"}
        lines.append("タイミング: " + timing.get(card.timing, card.timing))
    for para in (card.text or "(テキストなし)").splitlines():
        lines += wrap(para, cols - 2, "  ")
    return [clean(x) for x in lines]


def _resources(g: Game, pv: dict[str, Any]) -> str:
    res = pv["resources"]
    up = sum(1 for r in res if not r["slept"])
    counts: dict[str, int] = {}
    for r in res:
        c = g.cards[r["iid"]].color
        counts[c] = counts.get(c, 0) + 1
    colors = " ".join(f"{color_name(c)}{n}" for c, n in counts.items())
    return f"リソース {up}/{len(res)}" + (f" ({colors})" if colors else "")


def _player_lines(scr: Screen, g: Game, obs: dict[str, Any], p: int, label: str, style: str) -> None:
    pv = obs["players"][p]
    hand = pv["hand"]
    nhand = len(hand) if isinstance(hand, list) else hand
    down = sum(1 for d in pv["dunamis"] if not d["face_up"])
    up = len(pv["dunamis"]) - down
    pc, face = _player_card(pv)
    scr.add((fit(label, 8), f"bold {style}"), shorten(f"P{p + 1} {pc}{face}", 28), "  ",
            ("ライフ ", ""), (str(pv["life"]), "bold"), f"  手札 {nhand}  デッキ {pv['deck']}")
    counters = " ".join(f"{COUNTERS.get(k, k)}{v}" for k, v in pv["counters"].items() if v) or "なし"
    scr.add("        ", _resources(g, pv),
            f"  チャージ {len(pv['charge'])}  トラッシュ {len(pv['trash'])}")
    scr.add("        ", f"デュナミス 裏{down}/表{up}  ", shorten(f"カウンター {counters}", 40))


def _player_card(pv: dict[str, Any]) -> tuple[str, str]:
    """The name on a player card line and its face-down mark (S-1: hidden until S-10)."""
    if not pv["player_face_up"]:
        return (pv["player_card"] or "裏向きのプレイヤーカード", " (裏向き)" if pv["player_card"] else "")
    return pv["player_card"] or "(名前なし)", ""


def _cell(scr: Screen, g: Game, obs: dict[str, Any], sq: int, viewer: int) -> list[tuple[str, str]]:
    """The 4 lines (text, style) of one square."""
    u = obs["field"][sq]
    ps_owner = next((p for p in (0, 1) if obs["players"][p]["player_square"] == sq), None)
    label = SQUARE_NAMES[sq] + (" [P]" if ps_owner is not None else "")
    if u is None:
        lines = [(fit(label, CELL), "dim" if ps_owner is None else "bold")]
        if ps_owner is not None:
            name, state = _player_card(obs["players"][ps_owner])
            lines.append((fit(shorten(name + state, CELL), CELL), ME if ps_owner == viewer else OPP))
        else:
            lines.append((fit("", CELL), ""))
        lines += [(fit("", CELL), ""), (fit("", CELL), "")]
        return lines
    mine = u["owner"] == viewer
    style = ME if mine else OPP
    whose = "自分" if mine else "相手"
    head = fit(label, CELL - 4) + whose
    if u.get("face_down"):  # the opponent's start card before S-10: nothing but where it is
        return [(fit(head, CELL), "bold " + style), (fit(FACE_DOWN, CELL), style),
                (fit("(S-10 で表向き)", CELL), "dim"), (fit("", CELL), "")]
    name = f"{scr.ref(u['iid'])} {u['name']}"
    state = "スリープ" if u["slept"] else "リブート"
    stats = f"P{u['power']}"
    if u["damage"]:
        stats += f" ダメ{u['damage']}"
    stats = fit(stats, CELL - 8) + state
    extra = []
    if u["forces"]:
        extra.append(f"フォース{u['forces']}")
    if u["shift"]:
        extra.append("シフト有")
    card = g.cards[u["iid"]]
    extra.append(color_name(card.color) + ("EX" if card.type == "zx_ex" else
                                           "OB" if card.type == "zx_ob" else ""))
    if not g.started:  # your own start card: you know it, the opponent does not until S-10
        extra.append("裏向き(S-10で表)")
    return [
        (fit(head, CELL), "bold " + style if ps_owner is not None else style),
        (fit(shorten(name, CELL), CELL), "bold " + style),
        (fit(stats, CELL), "dim" if u["slept"] else ("yellow" if u["damage"] else "")),
        (fit(" ".join(extra), CELL), "dim"),
    ]


def _grid(scr: Screen, g: Game, obs: dict[str, Any], viewer: int) -> None:
    # Seen from the viewer's side: the opponent's row at the top, the viewer's own row at the bottom.
    rows = (2, 1, 0) if viewer == 0 else (0, 1, 2)
    cols = (0, 1, 2) if viewer == 0 else (2, 1, 0)
    border = "+" + "+".join("-" * CELL for _ in cols) + "+"
    scr.add(("  " + border, "dim"))
    for r in rows:
        cells = [_cell(scr, g, obs, r * 3 + c, viewer) for c in cols]
        for i in range(4):
            t = scr.add(("  |", "dim"))
            for cell in cells:
                txt, style = cell[i]
                t.append(clean(txt), style=style)
                t.append("|", style="dim")
        scr.add(("  " + border, "dim"))


def _card_rows(scr: Screen, g: Game, title: str, iids: Sequence[int], used: Sequence[int] = ()) -> None:
    """A card list, copies of one card grouped ('x2'); `used` cards (face-up dunamis) on one line."""
    groups: dict[str, list[int]] = {}
    for i in iids:
        groups.setdefault(g.cards[i].id, []).append(i)
    scr.add((title, "bold"))
    for ids in groups.values():
        card = g.cards[ids[0]]
        n = f"x{len(ids)}" if len(ids) > 1 else ""
        ref = scr.ref(ids[0])
        scr.add(f" {ref:>4} ", (fit(shorten(card.name, 30), 30), COLOR_STYLE.get(card.color, "")),
                fit(n, 3), " ", shorten(card_summary(card), WIDTH - 41))
    if used:
        names = "、".join(g.cards[i].name for i in used)
        for line in wrap("  使用済み(表): " + names, WIDTH - 1, "    "):
            scr.add((line, "dim"))


def render(g: Game, viewer: int = 0, labels: tuple[str, str] = ("あなた", "相手")) -> Screen:
    """The screen `viewer` sees: header, opponent, field, viewer, hand and dunamis."""
    obs = g.observation(viewer)
    scr = Screen()
    me, opp = viewer, 1 - viewer
    if obs["turn"] == 0:
        head = "対戦準備"
    else:
        whose = labels[0] if obs["active"] == viewer else labels[1]
        head = f"ターン {obs['turn']}  {whose}のターン  {PHASES.get(obs['phase'], obs['phase'])}フェイズ"
    if obs["over"]:
        w = obs["winner"]
        head += "  対戦終了: " + ("引き分け" if w is None else (labels[0] if w == viewer else labels[1]) + "の勝ち")
    scr.add(("== " + head + " ", "bold"), ("=" * max(0, WIDTH - 4 - width(head)), "dim"))
    _player_lines(scr, g, obs, opp, labels[1], OPP)
    _grid(scr, g, obs, viewer)
    _player_lines(scr, g, obs, me, labels[0], ME)
    pv = obs["players"][me]
    hand = pv["hand_iids"] or []
    _card_rows(scr, g, f"手札 {len(hand)}枚", hand)
    dun = [d["iid"] for d in pv["dunamis"] if not d["face_up"]]
    used = [d["iid"] for d in pv["dunamis"] if d["face_up"]]
    if dun or used:
        _card_rows(scr, g, f"デュナミス 裏{len(dun)}枚 (未使用)", dun, used)
    return scr


__all__ = ["Screen", "WIDTH", "card_summary", "card_text", "render"]
