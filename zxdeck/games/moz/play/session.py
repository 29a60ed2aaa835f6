"""MOZ's terminal game for a person, in Japanese as Z/X's is: the screen, the narration, the
commands (the core's words, zxdeck.terminal.session: help, board, hand, card, log, hint, more,
quit) and the loop.

The screen is drawn from `Game.observation(viewer)` and the narration from the engine's event
records, told as the viewer may see them (N-3): the opponent's drawn and face-down cards are
never named. After every move the session says how each side's total power changed and why
(the card placed, the power effect and its source, the special, the combo), so a total never
changes without a word. The screen is fitted to the terminal (100x40, 80x30, 60x24): the board, then
as much news as fits, then the question (a page at a time when the choices do not fit); in a
terminal it is drawn again from the top instead of scrolling.

`--auto` (two computer players) keeps `zxdeck.games.moz.play.auto.play_session` and its output.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from zxdeck.games.moz.catalog.model import FACES, SUB_ATTRIBUTES, Beast, MozCard, Summoner, Support
from zxdeck.games.moz.engine import Action, Game
from zxdeck.games.moz.play.auto import card_short
from zxdeck.terminal.session import (
    STOP,
    THINKING,
    CommandTable,
    ask_choice,
    log_tail,
    play_moves,
    split_pages,
)
from zxdeck.termtext import shorten, width, wrap

FACE_JA = {"top": "上", "left": "左", "right": "右", "bottom": "下"}
TYPE_JA = {"summoner": "召喚師", "beast": "獣", "help": "ヘルプ", "special": "スペシャル",
           "help_special": "ヘルプ&スペシャル", "reverse": "リバース", "attribute_change": "属性変化"}
HOW_JA = {"by combo": "コンボで", "by total power": "合計パワーで", "by a special": "スペシャルで"}
REASON_JA = {"vp": "VP", "turn_limit": "ターン数の上限 W-3", "deck_out": "ゾーン切れ"}
KIND_JA = {
    "order": "次の召喚師を選んでください (S-1)",
    "draw": "ドローしますか? (T-4)",
    "fold": "このラウンドを降りますか? (フォールド F-1、1試合に1回)",
    "place": "面に札を置いてください (T-6)",
    "special": "スペシャルを使いますか? (相手には見えません X-2)",
    "pick": "対象を選んでください",
    "partner": "組み合わせる札を選んでください",
}
HELP = """\
遊び方: 選べる行動に 1 から番号がついています。番号を入力して Enter。
コマンド:
  help (?)       この説明
  board (b)      画面を描き直す
  hand           手札の一覧 (番号つき)
  card (c) 名前|N カードの全文 (名前・番号 MOZ-B003・手札の番号 N)
  log [N]        これまでの経過 (最後の N 行)
  hint (ヒント)  おすすめ 3 つと勝つ見込み (hard の AI、Ctrl-C で取り消し)
  more (m)       選択肢の次のページ (画面に入りきらない時)
  quit (q)       保存して中断 (save、Ctrl-C、Ctrl-D でも保存)
手を指すたびに自動で保存されます。
上が相手 (p2)、下があなた (p1)。面: 上・左・右に獣、下にサポート。
ルールの番号 (R-3 など) は docs/MOZ.md の MOZ ルール。"""
NEWS_MIN = 3  # lines of news the full board keeps room for, else the board is drawn compact
MENU_MIN = 4  # choices a screen shows at least (more on further pages)


def who(seat: int, viewer: int) -> str:
    return "あなた" if seat == viewer else "相手"


def _seat(name: str | None) -> int:
    return 0 if name == "p1" else 1


def card_text(card: MozCard) -> list[str]:
    """A card's full text: its kind, numbers and text."""
    head = f"{card.name} ({card.id}, {TYPE_JA.get(card.type, card.type)})"
    lines = [head]
    if isinstance(card, Summoner):
        attrs = "/".join(card.summon_attributes)
        lines.append(f"  レベル {card.level}  スピード {card.speed}  召喚属性 上・左・右 {attrs}"
                     + (f"  年齢 {card.age}" if card.age is not None else ""))
    elif isinstance(card, Beast):
        lines.append(f"  属性 {card.attribute}  副属性 {SUB_ATTRIBUTES.get(card.sub_attribute, card.sub_attribute)}"
                     f"  パワー {card.power:+d}")
    elif isinstance(card, Support) and card.attribute:
        lines.append(f"  属性 {card.attribute}")
    if card.limit_group:
        lines.append(f"  制限グループ {card.limit_group} (D-11..D-17)")
    lines.append(f"  {card.text}" if card.text else "  (能力なし)")
    return lines


def describe_ja(game: Game, action: Action) -> str:
    """A choice in words (Japanese), for the menu and the hint; names only what the chooser sees."""
    k, a, b = action
    name = f"「{game.cards[a].name}」" if a >= 0 and k != "pick" else ""
    if k == "order":
        return f"次の召喚師: {name}"
    if k == "place":
        c = game.cards[a]
        extra = f" (パワー {c.power:+d})" if isinstance(c, Beast) else ""
        return f"{name}を{FACE_JA[FACES[b]]}の面に置く{extra}"
    if k == "face_down":
        return f"{name}を{FACE_JA[FACES[b]]}の面に裏向きで置く"
    if k == "pair":
        return f"{name}を獣と組んで{FACE_JA[FACES[b]]}の面に置く"
    if k == "special":
        return f"スペシャル{name}を使う"
    if k == "pick":
        if game.decision_kind() == "partner" or (game.picking and game.picking["purpose"] == "exchange_hand"):
            return f"「{game.cards[a].name}」を選ぶ"
        q, f = divmod(a, 4)
        cards = game.faces[q][f]
        me = game.current_player()
        shown = "裏向きの札" if cards and cards[-1] in game.down and game.owner[cards[-1]] != me else (
            f"「{game.cards[cards[-1]].name}」" if cards else "空き")
        return f"{who(q, me)}の{FACE_JA[FACES[f]]}の面 ({shown}) を選ぶ"
    return {"fold": "フォールドする (このラウンドを降りる、1試合に1回 F-1)", "go": "続ける",
            "draw": "ドローする", "skip": "ドローしない", "none": "スペシャルを使わない"}.get(k, str(action))


# --- the narration -----------------------------------------------------------------------------


def narrate(game: Game, rec: Mapping[str, Any], viewer: int) -> str | None:
    """One event record in Japanese as `viewer` may know it; None for a silent one."""
    ev = rec["event"]
    p = _seat(rec.get("player"))
    w = who(p, viewer)

    def nm(i: int | None) -> str:
        return f"「{game.cards[i].name}」" if i is not None and i >= 0 else "札"

    face = FACE_JA.get(rec.get("face", ""), "")
    if ev in ("shuffle", "round_end"):
        return None
    if ev == "opening_hand":
        if p == viewer:
            return "あなたの最初の手札: " + "、".join(game.cards[i].name for i in rec["cards"])
        return f"相手は最初の手札 {len(rec['cards'])} 枚を引いた"
    if ev == "order":
        return f"あなたの次の召喚師: {nm(rec['card'])}" if p == viewer else None
    if ev == "round_start":
        s = rec["summoners"]
        return f"第{rec['round']}ラウンド: あなたの召喚師 {nm(s[viewer])} 対 相手の {nm(s[1 - viewer])}"
    if ev == "first":
        sp, f = rec["speeds"], _seat(rec["first"])
        why = "同じスピードなのでコイン投げ" if sp[0] == sp[1] else "速い方が先"
        return f"スピード あなた {sp[viewer]} 対 相手 {sp[1 - viewer]}: 先攻は{who(f, viewer)} ({why} R-3)"
    if ev == "skip_turn":
        return f"{w}は手番を飛ばす (面がすべて埋まっている)"
    if ev == "deck_out":
        return f"{w}はゾーンが空のままドローステップを迎え、負け"
    if ev == "draw":
        return f"あなたは{nm(rec['card'])}を引いた" if p == viewer else "相手は1枚引いた"
    if ev == "skip_draw":
        return f"{w}はドローしない"
    if ev == "place":
        if not rec.get("face_up", True):
            shown = nm(rec["card"]) if p == viewer else "札"
            return f"{w}は{shown}を{face}の面に裏向きで置いた"
        c = game.cards[rec["card"]]
        extra = f" (パワー {c.power:+d})" if isinstance(c, Beast) else ""
        return f"{w}は{nm(rec['card'])}を{face}の面に置いた{extra}"
    if ev == "place_pair":
        return f"{w}は{nm(rec['card'])}と{nm(rec['beast'])}を{face}の面に置いた"
    if ev == "special":
        return f"{w}はスペシャル{nm(rec['card'])}を使った"
    if ev == "cancelled":
        why = {"same_name": "同じ名前のスペシャル同士: どちらも効果なし",
               "seal": "互いに SP封じ: どちらも効果なし"}.get(rec.get("reason", ""))
        return why or "、".join(nm(i) for i in rec.get("cards", [])) + " は無効になった"
    if ev == "seal":
        sealed = who(_seat(rec.get("sealed")), viewer)
        back = f": {nm(rec['returned'])}は使われずに手札へ" if rec.get("returned") is not None else ""
        return f"{nm(rec['card'])}: {sealed}はこのラウンド スペシャルを使えない{back}"
    if ev == "round_result":
        t = rec["totals"]
        combos = rec.get("combos") or [None, None]
        how = HOW_JA.get(rec.get("how", ""), rec.get("how", ""))
        detail = f"合計 あなた {t[viewer]} 対 相手 {t[1 - viewer]}"
        if rec["winner"] is None:
            return f"第{rec['round']}ラウンドは引き分け ({detail})"
        wn = _seat(rec["winner"])
        combo = f"、コンボ {combos[wn]}" if combos[wn] else ""
        return f"第{rec['round']}ラウンドは{who(wn, viewer)}の勝ち ({how}; {detail}{combo})"
    if ev == "fold":
        return f"{w}はフォールド (このラウンドを降りた F-1)"
    if ev == "held":
        return "引き分け: 場の札は保留の山へ (H-2)"
    if ev == "vp":
        vp = rec["vp"]
        return f"{w}が {rec['gain']} VP 獲得 (あなた {vp[viewer]} - 相手 {vp[1 - viewer]})"
    if ev == "rebuild":
        return f"召喚師の山を組み直す (R-9、{rec.get('rebuilds', '')}回目)"
    if ev == "match_over":
        reason = REASON_JA.get(rec.get("reason", ""), rec.get("reason", ""))
        if rec.get("winner") is None:
            return f"試合終了: 引き分け ({reason})"
        return f"試合終了: {who(_seat(rec['winner']), viewer)}の勝ち ({reason})"
    if ev == "effect":
        side = who(_seat(rec.get("side")), viewer)
        op, n = rec.get("op"), rec.get("amount", 0)
        if op == "draw":
            return f"{nm(rec['card'])}の効果: {side}が {n} 枚引く"
        if op == "speed":
            return f"{nm(rec['card'])}の効果: {side}の召喚師のスピード {n:+d}"
        return f"{nm(rec['card'])}の効果 ({op} {n:+d}): {side}"
    if ev == "no_effect":
        return f"{nm(rec['card'])}: 対象がなく効果なし"
    if ev == "exchange":
        return f"{nm(rec['card'])}の効果: {face}の面の{nm(rec['old'])}を手札の{nm(rec['new'])}と交換"
    if ev == "power":
        s = _seat(rec.get("seat"))
        return f"{nm(rec['card'])}の効果: {who(s, viewer)}の{face}の面の{nm(rec['beast'])}のパワー {rec['amount']:+d}"
    if ev == "guard":
        return f"{nm(rec['card'])}の効果: {who(_seat(rec.get('seat')), viewer)}の{face}の面の札が裏向きに (Z-5)"
    if ev == "send_back":
        return f"{nm(rec['card'])}の効果: {who(_seat(rec.get('seat')), viewer)}の{face}の面の札が穴へ (Z-6)"
    text = rec.get("text")
    return f"({text})" if text else None


def _totals(game: Game) -> tuple[tuple[int, int], tuple[str | None, str | None], tuple[int, int],
                                  tuple[dict[tuple, int], dict[tuple, int]]]:
    obs = game.observation(0)
    pl = obs["players"]
    return ((pl[0]["total"], pl[1]["total"]), (pl[0]["combo"], pl[1]["combo"]),
            (game.summoner[0], game.summoner[1]), (contributions(game, 0), contributions(game, 1)))


def contributions(game: Game, p: int) -> dict[tuple, int]:
    """What makes up seat p's total (P-1, P-2), by source: each face-up beast's own power
    (`base`), the one-shot changes it got (`mod`), each card's continuous effect (`cont`) and
    the changes of the summoner's power (`summoner`). The values add up to the total."""
    if game.summoner[p] < 0:
        return {}
    out: dict[tuple, int] = {}
    beasts = {}
    for f in range(3):
        b = game.beast_on(p, f)
        if b >= 0:
            beasts[b] = f
            c = game.cards[b]
            out[("base", b)] = c.power if isinstance(c, Beast) else 0
            if game.mods.get(b):
                out[("mod", b)] = game.mods[b]
    for q, src, ab in game._active_abilities("continuous"):
        if not game.condition_holds(q, ab):
            continue
        for e in ab.effects:
            side = q if e.side == "self" else 1 - q
            if e.op == "power" and e.target is not None:
                for seat, f in game.targets(q, src, e.target):
                    if seat == p and game.beast_on(seat, f) >= 0:
                        out[("cont", src)] = out.get(("cont", src), 0) + e.amount
            elif e.op == "summoner_power" and side == p:
                out[("cont", src)] = out.get(("cont", src), 0) + e.amount
    if game.sum_mods[p]:
        out[("summoner",)] = game.sum_mods[p]
    return out


def power_causes(game: Game, recs: Sequence[Mapping[str, Any]], before: Mapping[tuple, int],
                 after: Mapping[tuple, int]) -> list[str]:
    """Why a total went from the sum of `before` to the sum of `after` (`contributions`): each
    source that changed, with its amount, named from the events `recs` where they tell it."""
    out: list[str] = []
    for key in sorted(set(before) | set(after), key=lambda k: (k[0], k[1:])):
        d = after.get(key, 0) - before.get(key, 0)
        if not d:
            continue
        kind = key[0]
        if kind == "base":
            name = game.cards[key[1]].name
            out.append(f"「{name}」が{'出た' if key not in before else ('去った' if key not in after else '変わった')} {d:+d}")
        elif kind == "mod":
            srcs = [game.cards[r["card"]].name for r in recs if r["event"] == "power" and r.get("beast") == key[1]]
            by = "、".join(f"「{x}」" for x in dict.fromkeys(srcs)) or f"「{game.cards[key[1]].name}」への効果"
            out.append(f"{by}の効果 {d:+d}" if srcs else f"{by}が消えた {d:+d}")
        elif kind == "cont":
            out.append(f"「{game.cards[key[1]].name}」の継続効果 {d:+d}")
        else:
            srcs = [game.cards[r["card"]].name for r in recs if r["event"] in ("special", "effect") and r.get("card", -1) >= 0]
            by = "、".join(f"「{x}」" for x in dict.fromkeys(srcs))
            out.append(f"{by or 'スペシャル'}の効果 (召喚師のパワー) {d:+d}")
    return out


def board_lines(g: Game, me: int, cols: int, compact: bool = False) -> list[str]:
    """The board as seat `me` sees it (its observation, N-3), each line at most `cols` wide: the
    round, points and held pile, both summoners with their four faces (on one line each when
    `compact`), the specials, the sizes of hands, zones, holes and piles, and `me`'s hand."""
    obs = g.observation(me)
    pl = obs["players"]
    held = len(obs["held"])
    first = f"  先攻 {who(obs['first'], me)}" if pl[0]["summoner"] is not None else ""
    lines = [f"第{obs['round']}ラウンド  ターン {obs['turn']}  VP あなた {pl[me]['vp']} - 相手 {pl[1 - me]['vp']}"
             f"  保留の山 {held}枚{first}"]
    for p in (1 - me, me):
        x = pl[p]
        s = x["summoner"]
        head = f"{'相手' if p != me else 'あなた'} ({'p1' if p == 0 else 'p2'})"
        if s is not None:
            head += f"  召喚師「{s['name']}」 スピード {s['speed']}  合計 {x['total']}"
            head += f"  コンボ {x['combo']}" if x["combo"] else ""
        if x["folded"]:
            head += "  (フォールド済み)"
        lines.append(head)
        if compact:
            parts = []
            for f in x["faces"]:
                attr = f"[{f['attribute']}]" if f["attribute"] else ""
                parts.append(f"{FACE_JA[f['face']]}{attr} " + ("+".join(card_short(c, "ja") for c in f["cards"]) or "-"))
            lines.extend("  " + t for t in wrap(" | ".join(parts), cols - 2))
        else:
            for f in x["faces"]:
                attr = f"[{f['attribute']}]" if f["attribute"] else "    "
                cards = " + ".join(card_short(c, "ja") for c in f["cards"]) or "-"
                lines.append(f"  {FACE_JA[f['face']]} {attr} {cards}")
        if x["specials"]:
            lines.append("  スペシャル: " + "、".join(card_short(c, "ja") for c in x["specials"]))
        hand = x["hand"] if isinstance(x["hand"], int) else len(x["hand"])
        pile = x["pile"] if isinstance(x["pile"], int) else len(x["pile"])
        lines.append(f"  手札 {hand}枚  ゾーン {x['zone']}  穴 {len(x['hole'])}  残りの召喚師 {pile}")
    hand_ids = pl[me]["hand_iids"] or []
    if hand_ids:
        text = "手札: " + " ".join(f"{n}){g.cards[i].name}" for n, i in enumerate(hand_ids, 1))
        lines.extend(wrap(text, cols, "  "))
    r = obs["last_result"]
    if r and r["round"] != obs["round"]:
        won = "引き分け" if r["winner"] is None else f"{who(r['winner'], me)}の勝ち"
        lines.append(f"前のラウンド: {won} (あなた {r['totals'][me]} 対 相手 {r['totals'][1 - me]}, +{r['vp']} VP)")
    return [shorten(t, cols) for t in lines]


class MozSession:
    """A person's match at the terminal (seat `human` asked through `ask`, shown through `say`);
    `agents[p]` chooses for the other seat. `cols`/`rows` fix the screen's size (else the
    terminal's); `clear` draws each screen from the top of the terminal."""

    def __init__(self, game: Game, agents: Sequence[Any | None], human: int,
                 ask: Callable[[str], str], say: Callable[[str], None],
                 on_save: Callable[[Game], str] | None = None, on_move: Callable[[Game], None] | None = None,
                 catalog: Any = None, cols: int | None = None, rows: int | None = None,
                 clear: bool | None = None, hint_budget: int | None = None) -> None:
        self.g, self.agents, self.human = game, agents, human
        self.ask, self.say, self.on_save, self.on_move = ask, say, on_save, on_move
        self.catalog = catalog
        self.size = (cols, rows)
        self.clear = sys.stdout.isatty() if clear is None else clear
        self.hint_budget = hint_budget
        self.log: list[str] = []  # every line of narration so far
        self.shown = 0  # the log lines already on a screen
        self.seen = 0  # the records narrated so far (a resumed match: its past too)
        self.state = _totals(game)
        self.page = 0
        self.extra: list[str] = []  # the answer of a command, shown under the board
        # typed commands: the core's words (zxdeck.terminal.session, as Z/X's), and the Japanese
        # names MOZ had; handler(arg, options) -> STOP (quit) or None (the screen is drawn again)
        self.commands = CommandTable()
        for name, handler, extra in (
                ("help", self.cmd_help, ()),
                ("board", lambda arg, options: None, ()),
                ("hand", self.cmd_hand, ("手札",)),
                ("card", lambda arg, options: self.show(self.card(arg.strip())), ("カード",)),
                ("log", self.cmd_log, ("ログ",)),
                ("hint", self.cmd_hint, ()),
                ("more", self.cmd_more, ()),
                ("quit", lambda arg, options: STOP, ("終了", "保存"))):
            self.commands.add(name, handler, extra=extra)

    # --- the size and the screen -------------------------------------------------------------

    def term(self) -> tuple[int, int]:
        cols, rows = self.size
        if cols is None or rows is None:
            t = shutil.get_terminal_size((100, 40))
            cols, rows = cols or t.columns, rows or t.lines
        return max(40, cols), max(12, rows)

    def board(self, cols: int, compact: bool = False) -> list[str]:
        """The board as the person sees it, each line at most `cols` wide (`board_lines`)."""
        return board_lines(self.g, self.human, cols, compact)

    def screen(self, options: Sequence[tuple[Action, str]]) -> list[str]:
        """The whole screen, at most the terminal's rows less the prompt's: the board (compact
        when the full one leaves too little room; left out under a long command answer), the
        news that fits, a command's answer, the question and its choices (a page at a time)."""
        cols, rows = self.term()
        avail = rows - 1  # the prompt's line
        title = KIND_JA.get(self.g.decision_kind() or "", "選んでください")
        menu = [f"{n:>2}. {text}" for n, (_, text) in enumerate(options, 1)]
        extra = list(self.extra)
        want = min(len(menu), MENU_MIN)
        for layout in ("full", "compact", "none"):
            top = [] if layout == "none" else self.board(cols, layout == "compact") + ["-" * min(cols, 60)]
            room = avail - len(top) - len(extra) - 1
            if room >= want + (NEWS_MIN if layout == "full" else 0):
                break
        if room < want:  # a command's answer longer than the screen: its first lines
            extra = extra[:max(0, avail - 1 - want - 1)] + ["(続きは画面に入りきりません)"]
            room = avail - len(extra) - 1
        if len(menu) > room:  # a page of choices at a time (one line: how to see the others)
            pages = split_pages([[m] for m in menu], max(1, room - 1))
            self.page %= len(pages)
            shown = pages[self.page] + [
                f"   ({self.page + 1}/{len(pages)} ページ: more (m) で次へ、番号はどのページでも)"]
        else:
            shown = menu
        news_room = max(0, room - len(shown))
        lines = top + self.news(cols, news_room) + extra + [title] + shown
        return [shorten(t, cols) for t in lines]

    def news(self, cols: int, rows: int) -> list[str]:
        """The end of the narration in at most `rows` rows of `cols` columns (a long line is
        wrapped, never cut); `*` marks what happened since the person's last screen."""
        out: list[str] = []
        start = max(0, len(self.log) - rows)
        for n, t in enumerate(self.log[start:], start):
            out.extend(wrap(("* " if n >= self.shown else "  ") + t, cols, "      "))
        return out[-rows:] if rows else []

    def draw(self, options: Sequence[tuple[Action, str]]) -> None:
        if self.clear:
            self.say("\033[H\033[2J\033[3J")
        for line in self.screen(options):
            self.say(line)
        self.shown = len(self.log)
        self.extra = []

    # --- the narration ------------------------------------------------------------------------

    def catch_up(self) -> None:
        """Narrate the events since the last call, and every change of a total with its cause."""
        recs = self.g.records[self.seen:] if self.g.records is not None else []
        self.seen += len(recs)
        for r in recs:
            text = narrate(self.g, r, self.human)
            if text:
                self.log.append(text)
        (t0, c0, s0, k0), (t1, c1, s1, k1) = self.state, _totals(self.g)
        self.state = (t1, c1, s1, k1)
        if s0 != s1:  # a new round: the totals start again from the new summoners
            return
        for p in (1 - self.human, self.human):
            if t0[p] != t1[p]:
                causes = power_causes(self.g, recs, k0[p], k1[p])
                rest = (t1[p] - t0[p]) - (sum(k1[p].values()) - sum(k0[p].values()))
                if rest or not causes:
                    causes.append(f"場の効果 {rest:+d}")
                self.log.append(f"  → {who(p, self.human)}の合計 {t0[p]} → {t1[p]} ({'、'.join(causes)})")
            if c0[p] != c1[p]:
                self.log.append(f"  → {who(p, self.human)}のコンボ " + (f"成立: {c1[p]} (C-2)" if c1[p] else
                                                                      f"「{c0[p]}」が崩れた"))

    # --- the loop -----------------------------------------------------------------------------

    def run(self) -> Game:
        """Play to the end, or until the person quits (the game is returned as it stands)."""
        g = self.g

        def computer_move() -> None:
            g.apply(self.agents[g.current_player()].choose(g))

        # the core's move loop (zxdeck.terminal.session): `on_move` (the autosave) after every move
        if not play_moves(g.is_over, lambda: self.agents[g.current_player()] is None, computer_move,
                          self.decide, lambda: self.on_move(g) if self.on_move is not None else None,
                          self.catch_up):
            return g
        self.catch_up()
        if self.human_seen():
            self.draw_end()
        return g

    def human_seen(self) -> bool:
        """Whether the person has been shown a screen of this match (a finished save: no)."""
        return self.shown > 0 or bool(self.extra)

    def draw_end(self) -> None:
        """The last screen: the board and the end of the match's narration (the result)."""
        cols, rows = self.term()
        top = self.board(cols) + ["-" * min(cols, 60)]
        room = max(0, rows - 2 - len(top))
        if self.clear:
            self.say("\033[H\033[2J\033[3J")
        for line in top + self.news(cols, room):
            self.say(shorten(line, cols))
        self.shown = len(self.log)

    def decide(self) -> bool:
        """Ask for one decision (commands answered in between); False: the person quits."""
        g = self.g
        options = [(a, describe_ja(g, a)) for a in g.legal_actions()]
        self.page = 0
        self.draw(options)

        def choose(k: int) -> bool:
            g.apply(options[k - 1][0])  # the core's move loop saves it (play_moves)
            return True

        def notice(message: str, redraw: bool) -> None:  # under the board, on the screen drawn again
            self.extra = [message]
            self.draw(options)

        # the core's question loop (zxdeck.terminal.session): numbers, commands, wrong input
        return ask_choice(self.ask, lambda: len(options), self.commands, choose, notice, (options,),
                          after_command=lambda: self.draw(options)) is True

    # --- the commands -------------------------------------------------------------------------

    def show(self, lines: list[str]) -> None:
        """A command's answer, shown under the board on the next screen."""
        self.extra = lines

    def cmd_help(self, arg: str, options: Sequence[tuple[Action, str]]) -> None:
        self.extra = HELP.splitlines()

    def cmd_hand(self, arg: str, options: Sequence[tuple[Action, str]]) -> None:
        ids = self.g.hand[self.human]
        self.extra = [f"{n}) " + card_text(self.g.cards[i])[0] for n, i in enumerate(ids, 1)] or ["手札はありません"]

    def cmd_log(self, arg: str, options: Sequence[tuple[Action, str]]) -> None:
        self.say("\n".join(["これまでの経過:"] + log_tail(self.log, arg, self.term()[1] - 3)))
        self.ask("(Enter で戻る) ")

    def cmd_hint(self, arg: str, options: Sequence[tuple[Action, str]]) -> None:
        from zxdeck.games.moz.play.auto import hint_lines

        self.say(THINKING)
        self.extra = hint_lines(self.g, options, self.hint_budget, describe_ja)

    def cmd_more(self, arg: str, options: Sequence[tuple[Action, str]]) -> None:
        self.page += 1

    def card(self, arg: str) -> list[str]:
        """`card NAME|ID|N`: a card's full text (N: the N-th card of the hand)."""
        g = self.g
        if not arg:
            return ["card 名前 (または MOZ-B003、手札の番号) と入力してください。"]
        hand = g.hand[self.human]
        if arg.isdigit() and 1 <= int(arg) <= len(hand):
            return card_text(g.cards[hand[int(arg) - 1]])
        pool: dict[str, MozCard] = {}
        if self.catalog is not None:
            pool.update(self.catalog.by_id)
        else:
            pool.update({c.id: c for c in g.cards})
        key = arg.casefold()
        found = [c for c in pool.values() if key in (c.id.casefold(), c.name.casefold(), c.name_en.casefold())]
        found = found or [c for c in pool.values() if key in c.name.casefold() or key in c.name_en.casefold()]
        if not found:
            return [f"「{shorten(arg, 30)}」という名前のカードはありません。"]
        out: list[str] = []
        for c in sorted(found, key=lambda c: c.id)[:3]:
            out.extend(card_text(c))
        if len(found) > 3:
            out.append(f"ほかに {len(found) - 3} 枚: 名前をもっと詳しく。")
        cols = self.term()[0]
        return [t2 for t in out for t2 in (wrap(t, cols, "  ") if width(t) > cols else [t])]


def summary_ja(game: Game, viewer: int) -> str:
    """The result of a finished match, for the person at seat `viewer`."""
    reason = REASON_JA.get(game.reason, game.reason)
    head = "引き分け" if game.winner is None else ("あなたの勝ち" if game.winner == viewer else "相手の勝ち")
    return (f"試合終了: {head} ({reason}) {game.turn} ターン、{game.round} ラウンド: "
            f"VP あなた {game.vp[viewer]} - 相手 {game.vp[1 - viewer]}")
