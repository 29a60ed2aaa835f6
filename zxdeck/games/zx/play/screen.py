"""The game as text for the terminal: the 3x3 field, both players' zones, the hand and dunamis.

`render(game, viewer, layout=Layout(width, ...))` returns a `Screen`: lines of
rich `Text` (styled; plain with NO_COLOR or off a terminal, rich decides) that
each fit in `layout.width` display columns, and `refs`, the card instance behind
each `#N` tag on the screen (`card N` shows its full text). Only what `viewer`
may see is drawn: it reads the engine's `observation(viewer)`; card details come
from the instances the observation names.

A layout trades detail for lines, so that a whole decision fits the terminal
(the session picks the most detailed one that fits, `zxdeck.play.session`):

- full: squares of 3 lines (square, card, power and state), two status lines a
  player, the hand and the dunamis one card a line;
- `hand="columns"` / `"flow"` / `"count"` and `dunamis="columns"` / `"count"`:
  the hand and dunamis in two columns, as a wrapped list of names, or as a count;
- `compact=True` (small terminals): squares of 2 lines with short square names
  (`SHORT_SQUARES`, also used by the choices) and one status line where it fits;
  `tight=True` also leaves out the lines between the field's rows (8 lines for the field).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.text import Text

from zxdeck.games.zx.catalog.cardtext import COUNTERS
from zxdeck.games.zx.catalog.model import COLORS, Card
from zxdeck.games.zx.catalog.present import marks
from zxdeck.games.zx.engine import Game
from zxdeck.games.zx.engine.state import SQUARE_NAMES
from zxdeck.termtext import clean, fit, shorten, width, wrap

WIDTH = 80  # the width off a terminal (pipes, tests)
MIN_WIDTH, MIN_HEIGHT = 60, 24  # below this the screen cannot be drawn without wrapping
MAX_CELL = 31  # squares stop growing at 3 * 31 + 4 + 2 = 99 columns
# The squares' names in compact layouts (the choices use the same names there).
SHORT_SQUARES = ("P1左", "P1[P]", "P1右", "中左", "中央", "中右", "P2左", "P2[P]", "P2右")
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


@dataclass(frozen=True)
class Layout:
    """How much detail a screen shows (see the module docstring)."""

    width: int = WIDTH
    compact: bool = False
    hand: str = "list"  # list | columns | flow | count
    dunamis: str = "list"  # list | columns | count
    tight: bool = False  # compact field without the lines between its rows (the smallest screens)


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


def square_name(sq: int, compact: bool = False) -> str:
    return SHORT_SQUARES[sq] if compact else SQUARE_NAMES[sq]


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


def short_summary(card: Card) -> str:
    """Color and cost, power or type, marks: '赤C1 P1000 IG', '赤C2 イベント'."""
    parts = [f"{color_name(card.color)}C{card.cost}"]
    parts.append(f"P{card.power}" if card.power else TYPE_SHORT.get(card.type, card.type))
    if card.type in ("zx_ex", "zx_ob"):
        parts.append(card.type[-2:].upper())
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


# ---------------------------------------------------------------------- players


def _resources(g: Game, pv: dict[str, Any], colors: bool = True) -> str:
    res = pv["resources"]
    up = sum(1 for r in res if not r["slept"])
    counts: dict[str, int] = {}
    for r in res:
        c = g.cards[r["iid"]].color
        counts[c] = counts.get(c, 0) + 1
    names = " ".join(f"{color_name(c)}{n}" for c, n in counts.items())
    return f"リソース {up}/{len(res)}" + (f" ({names})" if names and colors else "")


def _player_card(pv: dict[str, Any]) -> tuple[str, str]:
    """The name on a player card line and its face-down mark (S-1: hidden until S-10)."""
    if not pv["player_face_up"]:
        return (pv["player_card"] or "裏向きのプレイヤーカード", " (裏向き)" if pv["player_card"] else "")
    return pv["player_card"] or "(プレイヤーカードなし)", ""


def _player_lines(scr: Screen, g: Game, obs: dict[str, Any], p: int, label: str, style: str,
                  layout: Layout) -> None:
    """A player's name and counts, flowed into as few lines as the width allows."""
    pv = obs["players"][p]
    hand = pv["hand"]
    nhand = len(hand) if isinstance(hand, list) else hand
    down = sum(1 for d in pv["dunamis"] if not d["face_up"])
    up = len(pv["dunamis"]) - down
    pc, face = _player_card(pv)
    counters = " ".join(f"{COUNTERS.get(k, k)}{v}" for k, v in pv["counters"].items() if v)
    if layout.compact:  # the player card is on the field; counts only, one space apart
        items = [f"ライフ{pv['life']}", f"手札{nhand}", f"デッキ{pv['deck']}",
                 _resources(g, pv, False).replace(" ", ""), f"チャージ{len(pv['charge'])}",
                 f"トラッシュ{len(pv['trash'])}", f"デュナミス裏{down}" + (f"/表{up}" if up else "")]
        if counters:
            items.append(counters)
    else:
        who = "" if label == f"P{p + 1}" else f"P{p + 1} "  # a replay labels the rows P1 / P2
        items = [f"{who}{shorten(pc, 24)}{face}", f"ライフ {pv['life']}", f"手札 {nhand}",
                 f"デッキ {pv['deck']}", _resources(g, pv), f"チャージ {len(pv['charge'])}",
                 f"トラッシュ {len(pv['trash'])}", f"デュナミス 裏{down}/表{up}",
                 shorten(f"カウンター {counters or 'なし'}", 40)]
    gap = 1 if layout.compact else 2
    head = fit(label, 8 if not layout.compact else 7)
    lines: list[list[str]] = [[]]
    used = width(head)
    for item in items:
        w = width(item) + gap
        if lines[-1] and used + w > layout.width:
            lines.append([])
            used = width(head)
        lines[-1].append(item)
        used += w
    for i, parts in enumerate(lines):
        first = (head, f"bold {style}") if i == 0 else " " * width(head)
        t = scr.add(first)
        for j, item in enumerate(parts):
            if j:
                t.append(" " * gap)
            if item.startswith("ライフ"):
                t.append(item[:4 if item[3] == " " else 3])
                t.append(item[4 if item[3] == " " else 3:], style="bold")
            else:
                t.append(clean(item))


# ---------------------------------------------------------------------- the field


def _cell(scr: Screen, g: Game, obs: dict[str, Any], sq: int, viewer: int, cw: int,
          compact: bool) -> list[tuple[str, str]]:
    """The lines (text, style) of one square: 3 (full) or 2 (compact), and a 4th when it has
    forces, a Shift or a face-down start card (full only)."""
    u = obs["field"][sq]
    ps_owner = next((p for p in (0, 1) if obs["players"][p]["player_square"] == sq), None)
    label = square_name(sq, compact)
    if u is None:
        lines = [(fit(label, cw), "dim" if ps_owner is None else "bold")]
        if ps_owner is not None:
            name, state = _player_card(obs["players"][ps_owner])
            if compact:
                lines[0] = (fit(shorten(f"{label} {name}{state}", cw), cw),
                            ME if ps_owner == viewer else OPP)
            else:
                lines.append((fit(shorten(name + state, cw), cw), ME if ps_owner == viewer else OPP))
        return lines
    mine = u["owner"] == viewer
    style = ME if mine else OPP
    whose = "自分" if mine else "相手"
    if u.get("face_down"):  # the opponent's start card before S-10: nothing but where it is
        if compact:
            return [(fit(FACE_DOWN, cw), style), (fit(shorten(f"{label} {whose} (S-10で表)", cw), cw), "dim")]
        return [(fit(label, cw - 4) + whose, "bold " + style), (fit(FACE_DOWN, cw), style),
                (fit("(S-10 で表向き)", cw), "dim")]
    card = g.cards[u["iid"]]
    kind = color_name(card.color) + {"zx_ex": "EX", "zx_ob": "OB"}.get(card.type, "")
    name = f"{scr.ref(u['iid'])} {u['name']}"
    state = "スリープ" if u["slept"] else "リブート"
    stats = f"P{u['power']}" + (f" ダメ{u['damage']}" if u["damage"] else "")
    stat_style = "dim" if u["slept"] else ("yellow" if u["damage"] else "")
    extra = []
    if u["forces"]:
        extra.append(f"フォース{u['forces']}")
    if u["shift"]:
        extra.append("シフト有")
    if not g.started:  # your own start card: you know it, the opponent does not until S-10
        extra.append("裏向き(S-10で表)")
    if compact:
        right = ("スリープ " if u["slept"] else "") + whose
        if width(right) + 6 > cw:
            right = whose
        if width(stats) + 1 + width(right) > cw:  # never cut the figures: closer, or no owner
            stats = stats.replace(" ", "")
            right = whose if width(stats) + 1 + width(right) <= cw else ""
        right = " " + right if right else ""
        return [(fit(shorten(name, cw), cw), "bold " + style),
                (fit(stats, cw - width(right)) + right, stat_style)]
    right = f"{kind} {whose}"
    lines = [(fit(label, cw - width(right)) + right, "bold " + style if ps_owner is not None else style),
             (fit(shorten(name, cw), cw), "bold " + style),
             (fit(stats, cw - width(state)) + state, stat_style)]
    if extra:
        lines.append((fit(" ".join(extra), cw), "dim"))
    return lines


def _grid(scr: Screen, g: Game, obs: dict[str, Any], viewer: int, layout: Layout) -> None:
    # Seen from the viewer's side: the opponent's row at the top, the viewer's own row at the bottom.
    rows = (2, 1, 0) if viewer == 0 else (0, 1, 2)
    cols = (0, 1, 2) if viewer == 0 else (2, 1, 0)
    cw = max(8, min(MAX_CELL, (layout.width - 6) // 3))
    border = "+" + "+".join("-" * cw for _ in cols) + "+"
    scr.add(("  " + border, "dim"))
    height = 2 if layout.compact else 3
    for r in rows:
        cells = [_cell(scr, g, obs, r * 3 + c, viewer, cw, layout.compact) for c in cols]
        n = max(height, *(len(cell) for cell in cells))
        for i in range(n):
            t = scr.add(("  |", "dim"))
            for cell in cells:
                txt, style = cell[i] if i < len(cell) else (" " * cw, "")
                t.append(clean(txt), style=style)
                t.append("|", style="dim")
        if r == rows[-1] or not (layout.tight and layout.compact):
            scr.add(("  " + border, "dim"))


# ---------------------------------------------------------------------- hand and dunamis


def _groups(g: Game, iids: Sequence[int]) -> list[list[int]]:
    groups: dict[str, list[int]] = {}
    for i in iids:
        groups.setdefault(g.cards[i].id, []).append(i)
    return list(groups.values())


def _card_rows(scr: Screen, g: Game, title: str, iids: Sequence[int], style: str, cols: int,
               used: Sequence[int] = ()) -> None:
    """A card list, copies of one card grouped ('x2'): one card a line (`list`), two columns
    (`columns`), names flowed (`flow`) or only the title (`count`); `used` cards (face-up
    dunamis) on one line."""
    groups = _groups(g, iids)
    if style == "count" or not groups:
        scr.add((title, "bold"))
    elif style == "flow":
        items = []
        for ids in groups:
            card = g.cards[ids[0]]
            n = f"x{len(ids)}" if len(ids) > 1 else ""
            items.append(f"{scr.ref(ids[0])}「{card.name}」{n}{' ' if n else ''}C{card.cost}")
        for i, line in enumerate(wrap(title + ": " + "、".join(items), cols, "  ")):
            scr.add((line, "bold" if i == 0 else ""))
    elif style == "columns":
        scr.add((title, "bold"))
        half = (cols - 1) // 2
        cells = []
        for ids in groups:
            card = g.cards[ids[0]]
            n = f"x{len(ids)}" if len(ids) > 1 else ""
            summary = short_summary(card)
            tag = f"{scr.ref(ids[0]):>4} "
            room = half - width(tag) - width(summary) - width(n) - 3
            cells.append((tag, shorten(card.name, max(6, room)) + (f" {n}" if n else ""), summary,
                          card.color))
        for k in range(0, len(cells), 2):
            t = Text()
            for j, (tag, name, summary, color) in enumerate(cells[k:k + 2]):
                if j:
                    t.append(" ")
                t.append(tag)
                t.append(clean(name), style=COLOR_STYLE.get(color, ""))
                pad = half - width(tag) - width(name) - width(summary)
                t.append(" " * max(1, pad) + clean(summary))
            scr.lines.append(t)
    else:
        scr.add((title, "bold"))
        name_cols = 30 if cols >= 80 else max(12, cols - 44)
        for ids in groups:
            card = g.cards[ids[0]]
            n = f"x{len(ids)}" if len(ids) > 1 else ""
            ref = scr.ref(ids[0])
            scr.add(f" {ref:>4} ", (fit(shorten(card.name, name_cols), name_cols),
                                    COLOR_STYLE.get(card.color, "")),
                    fit(n, 3), " ", shorten(card_summary(card), cols - name_cols - 11))
    if used and style != "count":
        names = "、".join(g.cards[i].name for i in used)
        for line in wrap("  使用済み(表): " + names, cols - 1, "    "):
            scr.add((line, "dim"))


# ---------------------------------------------------------------------- the screen


def headline(g: Game, viewer: int, labels: tuple[str, str] = ("あなた", "相手")) -> str:
    """'ターン 3  あなたのターン  メインフェイズ', or who won when the game is over."""
    if g.over:
        w = g.winner
        result = "引き分け" if w is None else f"{labels[0] if w == viewer else labels[1]}の勝ち"
        return f"ターン {g.turn}  対戦終了: {result}"
    if g.turn == 0:
        return "対戦準備"
    whose = labels[0] if g.active == viewer else labels[1]
    return f"ターン {g.turn}  {whose}のターン  {PHASES.get(g.phase, g.phase)}フェイズ"


def render(g: Game, viewer: int = 0, labels: tuple[str, str] = ("あなた", "相手"),
           layout: Layout | None = None) -> Screen:
    """The screen `viewer` sees: header, opponent, field, viewer, hand and dunamis."""
    layout = layout or Layout()
    obs = g.observation(viewer)
    scr = Screen()
    me, opp = viewer, 1 - viewer
    head = headline(g, viewer, labels)
    scr.add(("== " + head + " ", "bold"), ("=" * max(0, layout.width - 4 - width(head)), "dim"))
    _player_lines(scr, g, obs, opp, labels[1], OPP, layout)
    _grid(scr, g, obs, viewer, layout)
    _player_lines(scr, g, obs, me, labels[0], ME, layout)
    pv = obs["players"][me]
    hand = pv["hand_iids"] or []
    dun = [d["iid"] for d in pv["dunamis"] if not d["face_up"]]
    used = [d["iid"] for d in pv["dunamis"] if d["face_up"]]
    if layout.hand == "count" and layout.dunamis == "count":
        scr.add((f"手札 {len(hand)}枚、デュナミス 裏{len(dun)}/表{len(used)} (hand で一覧)", "bold"))
        return scr
    _card_rows(scr, g, f"手札 {len(hand)}枚", hand, layout.hand, layout.width)
    if dun or used:
        title = f"デュナミス 裏{len(dun)}枚 (未使用)"
        if layout.dunamis == "count":
            title = f"デュナミス 裏{len(dun)}/表{len(used)} (hand で一覧)"
        _card_rows(scr, g, title, dun, layout.dunamis, layout.width, used)
    return scr


__all__ = ["Layout", "MIN_HEIGHT", "MIN_WIDTH", "SHORT_SQUARES", "Screen", "WIDTH",
           "card_summary", "card_text", "headline", "render", "short_summary", "square_name"]
