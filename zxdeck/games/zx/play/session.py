"""A game at the terminal: a person (player 1 by default) against a computer agent.

`PlaySession.run()` loops: the computer moves until it is the person's turn to
decide; then the screen is drawn (field, zones, what happened since the last
decision) with the legal choices numbered from 1, fitted to the terminal: the
most detailed layout of `zxdeck.play.screen` whose lines all fit its height
(off a terminal, 80 columns and no height limit). A number chooses; typed
commands (help, board, hand, card N, log, zones, set, hint, more, concede, quit) do
what they say; anything else gets a one-line hint and the same question again
(in a terminal the screen is drawn again with the hint, so nothing scrolls
away). When not even the most compact layout has room for every choice, the
choices come a page at a time (`more`); any number can be typed on any page. Decisions with a single legal action are carried out without
asking (and logged). Copies of a card that are interchangeable (in the hand, the
deck, the dunamis...) are one choice.

Nothing is lost: the game is saved (header + seed + actions, `savefile.py`)
after every move, and Ctrl-C, Ctrl-D (end of input) or `quit` print the
command that resumes it. Input, output and the terminal size are injectable
(`input_fn`, `console`, `size`), so tests drive whole games through a list of
lines.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from rich.console import Console
from rich.text import Text

from zxdeck.games.zx.engine import PLAYER, Action, Game, describe
from zxdeck.games.zx.engine.describe import nothing_reason, purpose_label
from zxdeck.games.zx.engine.log import narration, result_words
from zxdeck.games.zx.play.savefile import PlaySetup, save_data, write_save
from zxdeck.games.zx.play.screen import (
    MIN_HEIGHT,
    MIN_WIDTH,
    WIDTH,
    Layout,
    Screen,
    card_text,
    render,
    short_summary,
    square_name,
)
from zxdeck.games.zx.play.settings import DESCRIPTIONS, Settings, save_settings
from zxdeck.terminal.interrupts import Terminated
from zxdeck.terminal.saves import resume_command
from zxdeck.terminal.session import (
    AGAIN,
    CANCELLED,
    STOP,
    THINKING,
    Autosave,
    CommandTable,
    ask_choice,
    cancellable,
    confirm,
    guarded,
    log_tail,
    parse,
    play_moves,
    split_pages,
)
from zxdeck.termtext import clean, fit, shorten, width, wrap
from zxdeck.untrusted import program_agent

EXIT_INTERRUPTED = 130
MAX_WIDTH = 100  # wider terminals get the 100-column screen
NEWS_MAX = 16  # lines of news off a terminal (the rest: `log`)
NEWS_WANT = 8  # lines of news a layout with the full field should leave room for
NEWS_MIN = 3  # ... any layout (else the most compact one)
NEWS_WANT_END = 14  # at the end of the game: the attacks that ended it
END_LINES = 6  # ... at least the last lines of the log, even if the person saw them already
# Screens from the most detailed to the most compact: (compact field, hand, dunamis, collapsed
# menu, terse choices, tight field). A collapsed menu gives one number to all the plays of a card (and all the
# attacks of a Z/X), then asks for the square (target) in a second question; terse choices leave
# the rules text of events and abilities to `card N`.
LAYOUTS = (
    (False, "list", "list", False, False, False),
    (False, "list", "count", False, False, False),
    (False, "columns", "count", False, False, False),
    (False, "columns", "count", True, False, False),
    (False, "columns", "count", True, True, False),
    (False, "flow", "count", True, True, False),
    (True, "columns", "count", False, True, False),
    (True, "columns", "count", True, True, False),
    (True, "flow", "count", True, True, False),
    (True, "count", "count", True, True, False),
    (True, "count", "count", True, True, True),
)
# When even the last layout leaves no room, the choices are shown a page at a time (`more`).
HELP = """\
遊び方: 選べる行動に 1 から番号がついています。
番号を入力して Enter で選びます。画面のカードには #N。
コマンド:
  help (?)     この説明
  board (b)    画面を描き直す
  hand         手札とデュナミスの一覧
  card N       カード #N の全文 (card 名前 でも可)
  log [N]      これまでの経過 (最後の N 行)
  zones        両者のチャージとトラッシュ
  set          設定の一覧 (例: set confirm_end off)
  hint         おすすめ 3 つと勝つ見込み (hard の AI)
  more (m)     選択肢の次のページ (画面に入りきらない時)
  concede      投了する
  quit (q)     保存して中断 (Ctrl-C、Ctrl-D でも保存)
下の列 (P1) があなた、上の列 (P2) が相手のエリア。
リブート = 行動できる、スリープ = 行動済み。
ルールの番号 (B-6 など): zxdeck rules B-6"""

TITLES = {
    "mulligan": "手札を引き直しますか? (マリガン S-7)",
    "resource": "リソースフェイズ: 手札を1枚リソースに置けます (P-3)",
    "ignite": "イグニッションフェイズ: チャージを1枚トラッシュしてイグニッション (P-4)",
    "main": "メインフェイズ: 行動を選んでください (P-5)",
    "battle": "バトルイベントステップ: イベント・能力を使うかパス (B-3)",
    "pay": "コストの支払い: スリープするリソースを選んでください (C-1)",
    "confirm": "任意の能力を使いますか?",
}
PICK_HELP = {
    "overdrive": "オーバードライブ: 登場させるスクエアを選ぶか、しない (P-4)",
    "overdrive_event": "オーバードライブ: イベントをプレイしますか (P-4)",
    "life_hit": "ダメージを与える相手のライフを選んでください (B-6)",
    "life_play": "ライフのカードを登場させるスクエアを選ぶか、しない (B-6)",
    "life_play_event": "ライフのイベントをプレイしますか (B-6)",
    "charge_overflow": "チャージは4枚まで: トラッシュに置くカードを選んでください (Z-5)",
    "hand_limit": "手札は6枚まで: 捨てるカードを選んでください (P-6)",
    "refresh_life": "相手のライフを1枚チャージへ (デッキリフレッシュ R-1)",
    "void_bringer": "ヴォイドブリンガー: トラッシュに置くゼクスを選んでください (B-6)",
    "trigger_order": "先に解決する能力を選んでください (A-9)",
    "start_card": "スタートカードをプレイヤースクエアに置きますか (S-2)",
    "gate_card": "ゲートカードをデュナミスに置きますか (S-3)",
    "descent": "降臨: 破壊するゼクスを選んでください (X-2)",
    "over_boost": "IGオーバーブースト: 登場させるゼクス オーバーブーストを選んでください (O-2)",
    "ob_square": "ゼクス オーバーブーストを登場させるスクエアを選んでください (O-2)",
    "ex_square": "ゼクスEXを登場させるスクエアを選んでください (X-1)",
    "square": "登場させるスクエアを選んでください",
    "move": "移動先のスクエアを選んでください",
    "search": "デッキから探すカードを選んでください",
    "retrieve": "手札などに加えるカードを選んでください",
    "discard": "捨てるカードを選んでください",
    "play_free": "コストを払わずにプレイするカードを選んでください (C-2)",
    "reboot_resources": "リブートするリソースを選んでください",
    "deck_bottom_order": "デッキの下に置く順番: 先に置くカードを選んでください",
}
# Picks whose options are squares or indices, not cards.
NON_CARD_PICKS = ("overdrive", "life_play", "ex_square", "move", "square", "ob_square",
                  "life_hit", "refresh_life", "trigger_order")
# Zones where copies of a card are interchangeable (one choice for all of them).
POOLED_ZONES = ("hand", "deck", "trash", "charge", "dunamis")
_ENTRY = re.compile(r" {0,2}\d+\)| {5}\S")  # the first line of a choice (or of a group of choices)


def _label(player: int, human: int) -> str:
    return "あなた" if player == human else "相手"


class PlaySession:
    """One game between a person (`setup.human`) and `agent`, driven by `input_fn` lines.

    `size`: (columns, rows) of the screen; None reads the terminal (off a terminal: 80
    columns, no height limit). `settings`: see `zxdeck.play.settings` (written back to
    `settings_file` by `set`, when one is given)."""

    def __init__(self, game: Game, agent: Any, setup: PlaySetup, save_path: str | Path,
                 console: Console | None = None, input_fn: Callable[[str], str] = input,
                 log_lines: list[str] | None = None, game_command: str = "zxdeck",
                 header: dict[str, Any] | None = None, size: tuple[int, int | None] | None = None,
                 settings: Settings | None = None, settings_file: Path | None = None,
                 catalog: Any = None) -> None:
        self.g = game
        self.catalog = catalog  # `card NAME` of a card not in this game (None: the built-in catalog)
        self.agent = agent
        self.setup = setup
        self.save_path = Path(save_path)
        self.console = console or Console(highlight=False, soft_wrap=True)
        self.input_fn = input_fn
        self.log: list[str] = log_lines if log_lines is not None else []
        self.shown = len(self.log)  # log lines already shown to the person
        self.news: list[str] = []  # what the last decision screen showed as news
        self.news_title = "-- 前回の選択から "
        self.screen: Screen | None = None
        self.compact = False  # the layout of the last screen (short square names)
        self.collapse = self.terse = False  # ... and of its menu (see LAYOUTS)
        self.menu: list[list[Action]] = []  # the actions behind each number of the question
        self.choice_ids: set[int] = set()  # the lines of the choices in the last question
        self.page = 0  # the page of choices shown when they do not all fit (`more`)
        self.game_command = game_command  # how the game is typed, for the resume command
        self.header = header
        self.size = size
        self.settings = settings or Settings()
        self.settings_file = settings_file
        self.result = ""
        self.extra_listener: Callable[..., None] | None = None
        self.log_file: IO[str] | None = None
        self.greeted = False
        self.autosave = Autosave(self.save_path, write_save)  # the last whole move (`save`)
        self.thinking_note = False  # say once that the computer is moving
        self.hint_budget: int | None = None  # playouts of a hint at most (None: HINT_BUDGET)
        self.squares_seen: dict[int, int] = {}  # card -> the last square it was seen on
        self.snap: Any = None  # the game when the last screen was drawn (zxdeck.play.recap)
        self.recap_from: Any = None  # ... and the one before: what the news of this screen covers
        self.note_squares()
        # typed commands (the core's words, zxdeck.terminal.session, and Z/X's own zones, set,
        # concede): handler(arg, offered) -> Action | STOP | None
        self.commands = CommandTable()
        for name, handler, aliases in (
                ("help", self.cmd_help, ()),
                ("board", self.cmd_board, ()),
                ("hand", lambda arg, offered: self.show_hand(), ()),
                ("card", lambda arg, offered: self.show_card(arg, offered), ()),
                ("log", lambda arg, offered: self.show_log(arg), ()),
                ("zones", lambda arg, offered: self.show_zones(), ("trash", "charge")),
                ("set", lambda arg, offered: self.cmd_set(arg), ("settings",)),
                ("hint", self.cmd_hint, ()),
                ("more", self.cmd_more, ()),
                ("concede", self.cmd_concede, ()),
                ("quit", lambda arg, offered: STOP, ())):
            self.commands.add(name, handler, aliases)

    def close(self) -> None:
        """Close the --log file, if any, and stop an agent's program (the `bot` agent)."""
        stop = getattr(self.agent, "close", None)
        if stop is not None:
            stop(self.g)
        if self.log_file is not None:
            self.log_file.close()
            self.log_file = None

    # ------------------------------------------------------------------ events and output

    def listener(self, g: Game, event: str, data: dict[str, Any]) -> None:
        """The game's listener: narration lines into the log (and the --log file, if any)."""
        if self.extra_listener is not None:
            self.extra_listener(g, event, data)
        self.note_squares()
        if event != "game_over":  # the end screen says who won, from the person's side
            self.log.extend(narration(g, event, data))

    def note_squares(self) -> None:
        """Remember the square of every card on the field (after each event), so that a card that
        has left it, such as a destroyed Z/X whose ability triggers, can be told by where it was."""
        g = getattr(self, "g", None)
        for sq, iid in enumerate(getattr(g, "squares", None) or ()):
            if iid >= 0:
                self.squares_seen[iid] = sq

    def term_size(self) -> tuple[int, int | None]:
        """(columns, rows) to draw in; rows None: no limit (not a terminal)."""
        if self.size is not None:
            return self.size
        if self.console.is_terminal:
            dims = self.console.size
            return dims.width, dims.height
        return WIDTH, None

    @property
    def cols(self) -> int:
        return max(MIN_WIDTH, min(MAX_WIDTH, self.term_size()[0]))

    def out(self, text: str | Text = "", style: str = "") -> None:
        """Print text wrapped to the screen (each newline starts a line; nothing is cut)."""
        if isinstance(text, Text):
            self.console.print(text)
            return
        for para in text.split("\n"):
            for line in wrap(clean(para), self.cols):
                self.console.print(Text(line, style=style))

    def save(self) -> None:
        """Save the game as it stands: called only between whole moves, so what is kept
        (`self.autosave.last`) is a position `--resume` replays, with the agent's generator from before
        its next decision."""
        self.autosave.moved(save_data(self.g, self.setup, self.agent, self.header))

    # ------------------------------------------------------------------ the loop

    def run(self) -> int:
        """Play to the end (exit status 0), or until the person stops (0, 130 for Ctrl-C)."""
        def interrupted() -> int:  # Ctrl-C, SIGTERM, SIGHUP (zxdeck.terminal.session.guarded)
            self.out()
            return self._stop("中断しました (Ctrl-C)", EXIT_INTERRUPTED)

        # bytes of stdin that are not UTF-8 become U+FFFD, not an exception
        return guarded(self._loop, interrupted, reading_stdin=self.input_fn is input)

    def _loop(self) -> int:
        g = self.g
        human = self.setup.human
        stopped = {"code": 0}
        legal: list[list[Action]] = [[]]

        def look() -> None:  # the legal actions, before whose turn it is (as the engine is asked)
            legal[0] = g.legal_actions()

        def computer_move() -> None:
            if self.thinking_note:
                self.thinking_note = False
                self.out("相手の番です...", "dim")
            action = self.agent.choose(g)
            note = _choice_note(g, action, hide=True)
            if note:
                self.log.append(f"  相手: {note}")
            g.apply(action)

        def person_move() -> bool:
            acts = legal[0]
            if len(acts) == 1:
                if acts[0].kind != "pass":  # a forced pass is not worth a line
                    self.log.append(f"  あなた: {describe(acts[0], g)} (選択肢はこれだけ)")
                g.apply(acts[0])
                return True
            action = self.ask(acts)
            self.thinking_note = True
            if action is None:  # quit / end of input / concede
                stopped["code"] = 0 if self.result == "concede" else self._stop("中断しました", 0)
                return False
            note = _choice_note(g, action, hide=False)
            if note:
                self.log.append(f"  あなた: {note}")
            g.apply(action)
            return True

        # the core's move loop (zxdeck.terminal.session): the autosave after every move
        if not play_moves(lambda: g.over, lambda: g.current_player() == human, computer_move,
                          person_move, self.save, look):
            return stopped["code"]
        self.show_end()
        return 0

    def result_line(self) -> str:
        """Who won and why, from the person's side."""
        g = self.g
        labels = ("あなた", "相手") if self.setup.human == 0 else ("相手", "あなた")
        words = result_words(g, labels)
        if g.winner == self.setup.human:
            words = words.replace("あなた の勝ち", "あなたの勝ち!", 1)
        return f"対戦終了: {words.replace(' の', 'の')}、ターン {g.turn}"

    def show_end(self) -> None:
        """The last screen: the field, what happened since the last decision, who won and why."""
        path = shlex.quote(str(self.save_path))
        tail = [Text(""), Text(clean(self.result_line()), style="bold"),
                Text(f"保存済み。再生: zxdeck replay {path}")]  # the command is never wrapped
        self.shown = min(self.shown, max(0, len(self.log) - END_LINES))  # the last moves at least
        self.draw(lambda scr, compact: tail, news_want=NEWS_WANT_END,  # and the shell prompt
                  title="-- 最後の手 ")

    def _stop(self, why: str, code: int) -> int:
        if self.autosave.last is not None:  # Ctrl-C inside a move or a search: the last whole move
            self.autosave.keep(lambda: None)
        else:
            self.save()
        self.out(f"{why}。対戦を保存しました: {self.save_path}")
        # never wrapped: the command must stay one line to copy; a save never gives a command
        # line or a log path, so the person's --log and bot are part of the command
        bot = self.setup.ai if program_agent(self.setup.ai) else None
        self.console.print(Text("続きから: " + resume_command(self.game_command, self.save_path, (
            ("--log", self.setup.log), ("--ai2", bot))), style="bold"))
        return code

    # ------------------------------------------------------------------ the screen

    def draw(self, tail: Callable[[Screen, bool], list[Text]], prompt: bool = True,
             news_want: int = NEWS_WANT, title: str = "-- 前回の選択から ") -> None:
        """Clear the terminal and draw the field, the news (log lines since the last decision)
        and `tail(screen, compact)` (the question), in the most detailed layout that leaves
        room for `news_want` lines of news (else the most compact one)."""
        news = [x for x in self.log[self.shown:] if x.strip()]
        self.shown = len(self.log)
        if self.g is not None:
            from zxdeck.games.zx.play.recap import snapshot

            self.recap_from, self.snap = self.snap, snapshot(self.g)
        self.news = news
        self.news_title = title
        self._draw(tail, news, prompt, news_want)

    def _draw(self, tail: Callable[[Screen, bool], list[Text]], news: list[str],
              prompt: bool = True, news_want: int = NEWS_WANT) -> None:
        cols, rows = self.term_size()
        width = self.cols
        warn: list[Text] = []
        if cols < MIN_WIDTH or (rows is not None and rows < MIN_HEIGHT):
            warn.append(Text(f"端末が小さすぎます ({cols}x{rows}): {MIN_WIDTH}x{MIN_HEIGHT} 以上に"
                             "広げてください。", style="bold yellow"))
        # First the layouts with the full field, leaving room for `news_want` lines of news;
        # then any layout leaving room for NEWS_MIN lines; else the most compact one.
        full = [x for x in LAYOUTS if not x[0]]
        # news that will not fit is recapped (`recap`): leave room for the recap, if a layout can
        need = len(self.recap(width, 99)) + 2 if news and self.recap_from is not None else 0
        passes = [(full, max(news_want, need)), (LAYOUTS, max(NEWS_MIN, need))] if rows is not None \
            else [(LAYOUTS[:1], 0)]
        done = False
        for layouts, wanted in passes:
            want = min(len(news) + 1, wanted + 1) if news else 0
            for compact, hand, dunamis, collapse, terse, tight in layouts:
                scr = render(self.g, self.setup.human,
                             layout=Layout(width, compact, hand, dunamis, tight))
                self.screen, self.compact, self.collapse, self.terse = scr, compact, collapse, terse
                bottom = tail(scr, compact)
                room = None if rows is None else \
                    rows - len(warn) - len(scr.lines) - self._rows(bottom) - prompt
                if room is None or room >= want:
                    done = True
                    break
            if done:
                break
        if room is not None and room < 0:  # the choices a page at a time
            bottom = self._page(bottom, room)
            room = max(0, rows - len(warn) - len(scr.lines) - self._rows(bottom) - prompt)
        if self.console.is_terminal:
            self.console.clear()
        for line in scr.lines + self._news_lines(news, room, width) + warn + bottom:
            self.console.print(line)

    def _rows(self, lines: list[Text]) -> int:
        """Terminal rows `lines` take: a line wider than the terminal (a long path in a command
        to copy) is wrapped by the terminal itself."""
        cols = max(1, self.term_size()[0])
        return sum(max(1, -(-width(t.plain) // cols)) for t in lines)

    def _page(self, bottom: list[Text], room: int) -> list[Text]:
        """`bottom` with its choices cut to the page `self.page` of the ones that fit in
        `len(bottom) + room` lines, and a line saying how to see the others (`more`)."""
        idx = [i for i, t in enumerate(bottom) if id(t) in self.choice_ids]
        if not idx:
            return bottom
        first, last = idx[0], idx[-1] + 1
        fit_lines = len(bottom) + room - (len(bottom) - (last - first)) - 1  # one line: 'more'
        if fit_lines < 1:
            return bottom
        entries: list[list[Text]] = []  # one per choice (or group of choices): its lines
        for t in bottom[first:last]:
            if not entries or _ENTRY.match(t.plain):
                entries.append([])
            entries[-1].append(t)
        pages = split_pages(entries, fit_lines)
        page = self.page % len(pages)
        if len(pages) == 1:
            return bottom
        more = Text(f"  ({page + 1}/{len(pages)}ページ: more で次、番号はどれでも可)", style="dim")
        return bottom[:first] + pages[page] + [more] + bottom[last:]

    def _news_lines(self, news: list[str], room: int | None, width: int) -> list[Text]:
        if not news:
            return []
        limit = NEWS_MAX + 1 if room is None else room
        lines = [Text(fit(self.news_title + "-" * width, width), style="dim")]
        entries = [wrap(clean(x), width, "    ") for x in news]
        if limit <= 1:
            return [Text(clean(f"{self.news_title}{len(news)} 行 (log で表示) --"), style="dim")] \
                if limit == 1 else []
        if sum(map(len, entries)) + 1 > limit:  # a recap, the last whole lines that fit, and a count
            summary = self.recap(width, limit - 2)
            lines += [Text(x) for x in summary]
            kept: list[list[str]] = []
            room = limit - 2 - len(summary)
            for entry in reversed(entries):
                if len(entry) > room:
                    break
                kept.insert(0, entry)
                room -= len(entry)
            lines.append(Text(f"  ... ({len(news) - len(kept)} 行省略: log で全部)", style="dim"))
            entries = kept
        return lines + [Text(line) for entry in entries for line in entry]

    def recap(self, width: int, room: int) -> list[str]:
        """What changed since the last screen, grouped per player and zone (zxdeck.play.recap),
        one line each fitted to `width`, in at most `room` lines (the last says what is left out)."""
        if self.recap_from is None or room < 1:
            return []
        from zxdeck.games.zx.play.recap import recap_lines

        found = recap_lines(self.g, self.recap_from, self.setup.human, self.compact, self._ref)
        out = [row for x in found for row in wrap(clean(f"  {x}"), width, "    ")]
        if len(out) > room:
            out = out[:room - 1] + [f"  ... ほか {len(out) - room + 1} 行 (log で全部)"]
        return out

    # ------------------------------------------------------------------ one decision

    def offer(self, acts: list[Action]) -> list[Action]:
        """The choices shown: the legal actions, copies of one card in one zone given once."""
        g = self.g
        d = g.decision
        if d is None or d[0] != "pick" or d[2] in NON_CARD_PICKS:
            return list(acts)
        seen: set[tuple] = set()
        out = []
        for a in acts:
            if a.kind == "pick":
                zone = _zone_of(g, a.a)
                if zone in POOLED_ZONES:
                    key = (g.cards[a.a].id, g.owner[a.a], zone)
                    if key in seen:
                        continue
                    seen.add(key)
            out.append(a)
        return out

    def ask(self, acts: list[Action]) -> Action | None:
        """Show the screen and ask until a valid choice; None when the person stops."""
        offered = self.offer(acts)
        self.page = 0
        self.draw(lambda scr, compact: self.question_lines(offered))
        self.greeted = True

        def choose(k: int) -> Any:
            actions = self.menu[k - 1]
            action = actions[0] if len(actions) == 1 else self.ask_which(actions, offered)
            if action is None:  # back from the second question
                self.cmd_board("", offered)
                return AGAIN
            if action.kind == "end" and not self.confirm_end(offered):
                return AGAIN
            return action

        def notice(message: str, redraw: bool) -> None:
            if redraw:
                self.hint(offered, message)
            else:
                self.out(message, "yellow")

        # the core's question loop (zxdeck.terminal.session): numbers, commands, wrong input
        return ask_choice(self.input_fn, lambda: len(self.menu), self.commands, choose, notice, (offered,),
                          on_eof=self.out)

    def fits(self) -> bool:
        """Is the terminal's height known (a screen drawn again stays in place)?"""
        return self.term_size()[1] is not None

    def hint(self, offered: list[Action], message: str) -> None:
        """A one-line hint under the question. In a terminal the screen is drawn again with the
        hint in it, so that the field never scrolls away; elsewhere the hint is printed."""
        if not self.fits():
            self.out(message, "yellow")
            return
        self._draw(lambda scr, compact: self.question_lines(offered)
                   + [Text(x, style="yellow") for x in wrap(clean(message), self.cols)], self.news)

    def ask_which(self, actions: list[Action], offered: list[Action] | None = None) -> Action | None:
        """The second question of a collapsed menu: which square (or attack target). In a
        terminal the screen is drawn again with this question, so nothing scrolls away."""
        a = actions[0]
        g = self.g
        k = len(actions)

        def lines(scr: Screen, compact: bool, warning: str = "") -> list[Text]:
            if a.kind == "play":
                title = f"「{g.cards[a.a].name}」{self._ref(a.a)} を登場させるスクエア:"
            else:
                title = f"「{g.name(a.a)}」{self._ref(a.a)} のアタック先:"
            items = "  ".join(f"{i}){self._group_item(x)}" for i, x in enumerate(actions, 1))
            out = [Text(x, style="bold") for x in wrap(clean(title), self.cols)]
            out += [Text(clean(x)) for x in wrap(f"  {items}  0)戻る", self.cols - 2, "  ")]
            if warning:
                out.append(Text(warning, style="yellow"))
            return out

        warning = ""
        while True:
            if self.fits() and offered is not None:
                self._draw(lambda scr, compact, w=warning: lines(scr, compact, w), self.news)
            else:
                if warning:
                    self.out(warning, "yellow")
                else:
                    for line in lines(self.screen or Screen(), self.compact):
                        self.console.print(line)
            try:
                raw = self.input_fn(f"選択 1-{k} (0 で戻る)> ")
            except EOFError:
                return None
            except UnicodeDecodeError:
                raw = ""
            text = parse(raw).text
            if text in ("0", "", "b", "back") or (text.isdigit() and text.isascii() and 1 <= int(text) <= k):
                return actions[int(text) - 1] if text.isdigit() and text != "0" else None
            warning = f"1 から {k} の番号を (0 で戻る)。"

    def command(self, name: str) -> Callable[[str, list[Action]], Any] | None:
        """The handler of a typed command, by name or other name (None: not a command)."""
        return self.commands.find(name)

    def question_lines(self, offered: list[Action]) -> list[Text]:
        """The question, the numbered choices (and, the first time, who is who)."""
        lines = [] if self.terse else [Text("")]
        if not self.greeted:
            lines += [Text(x, style="dim") for x in wrap(
                f"あなたは P1 (下の列) です。相手: {self.setup.ai}。番号で選び、help でコマンド一覧。"
                f"対戦は {self.save_path} に自動保存されます。", self.cols)]
        lines += [Text(x, style="bold") for x in wrap(clean(self.question()), self.cols)]
        choices = [Text(clean(x)) for x in self.choice_lines(offered)]
        self.choice_ids = {id(t) for t in choices}
        return lines + choices

    def confirm_end(self, offered: list[Action]) -> bool:
        """Ending the turn while a Z/X can still attack: ask once (setting `confirm_end`)."""
        attackers = list(dict.fromkeys(a.a for a in offered if a.kind == "attack"))
        if not attackers or not self.settings.confirm_end:
            return True
        names = "、".join(f"「{self.g.name(u)}」" for u in attackers[:2])
        more = f"など{len(attackers)}体" if len(attackers) > 2 else ""
        warning = f"{names}{more}がまだアタックできます (set confirm_end off でこの確認をしない)。"
        if self.fits():
            self._draw(lambda scr, compact: self.question_lines(offered)
                       + [Text(x, style="yellow") for x in wrap(clean(warning), self.cols)], self.news)
        else:
            self.out(warning, "yellow")
        if self.confirm("ターンを終了しますか? (y/n)> "):
            return True
        self.hint(offered, "ターンを続けます。番号を選んでください。")
        return False

    def question(self) -> str:
        g = self.g
        d = g.decision
        assert d is not None
        kind = d[0]
        if kind == "pick":
            purpose = d[2]
            title = PICK_HELP.get(purpose) or f"{purpose_label(purpose)}: 選んでください"
            if purpose.startswith("target:"):
                title = self._target_title(d)
            mn, mx, chosen = d[4], d[5], d[6]
            if mx > 1:
                title += f" ({len(chosen)}/{mx}枚選択済み" + (f"、最低{mn}枚)" if mn else ")")
            if g.limbo:
                title += "  公開中: " + "、".join(f"「{g.cards[i].name}」{self._ref(i)} "
                                                f"({short_summary(g.cards[i])})" for i in g.limbo)
            return title
        if kind == "confirm":
            ab_task = d[3]
            src = ab_task[2] if len(ab_task) > 2 and isinstance(ab_task[2], int) else -1
            if src >= 0:
                ab = ab_task[3] if len(ab_task) > 3 else None
                rules = _rules(getattr(ab, "raw", None), g.cards[src])
                return (f"「{g.cards[src].name}」{self._ref(src)}の任意の能力を使いますか?"
                        + (f"  {rules}" if rules else ""))
        if kind == "pay":
            return TITLES["pay"] + f" (残り{d[2]})"
        if kind == "battle" and g.battle is not None:
            att, tgt, _ = g.battle
            target = "プレイヤー" if tgt < 0 else f"「{g.name(tgt)}」"
            return TITLES["battle"] + f"  「{g.name(att)}」→ {target}"
        return TITLES.get(kind, kind)

    def _target_title(self, d: tuple) -> str:
        """'「紅蓮解放」の効果: 相手のゼクス1体に6000ダメージを与える。対象を選んでください'."""
        from zxdeck.games.zx.catalog.cardtext import EFFECT

        cont = d[7]
        verb = purpose_label(d[2])
        if len(cont) >= 4 and cont[0] == "eff" and isinstance(cont[3], dict):
            src, eff = cont[2], cont[3]
            try:
                phrase = EFFECT[eff["do"]](eff, "event")
            except (KeyError, TypeError, ValueError):
                phrase = ""
            if phrase:
                return f"「{self.g.cards[src].name}」の効果: {phrase}。{verb}を選んでください"
        return f"{verb}を選んでください"

    def choice_lines(self, offered: list[Action]) -> list[str]:
        """The numbered choices (and `self.menu`, the actions behind each number). Plays of one
        card to several squares, and attacks of one Z/X, share a line: each its own number, or
        (`self.collapse`) one number for all, the square asked next. Compact screens leave the
        rules text of events and abilities to `card N`."""
        g = self.g
        lines: list[str] = []
        self.menu = []
        cols = self.cols - 2
        i = 0
        while i < len(offered):
            a = offered[i]
            if a.kind in ("play", "attack") and (a.kind == "attack" or a.b >= 0):
                j = i
                while j < len(offered) and offered[j].kind == a.kind and offered[j].a == a.a \
                        and (a.kind == "attack" or offered[j].b >= 0):
                    j += 1
                group = list(offered[i:j])
                if a.kind == "play":
                    card = g.cards[a.a]
                    head = f"「{card.name}」{self._ref(a.a)} を登場 (コスト{card.cost})"
                else:
                    where = square_name(g.square_of(a.a), self.compact)
                    head = f"「{g.name(a.a)}」{self._ref(a.a)}({where}) でアタック"
                if self.collapse:
                    self.menu.append(group)
                    if len(group) == 1:
                        text = self.choice_text(a)
                    elif self.terse:
                        text = head
                    else:
                        text = f"{head} → {'スクエア' if a.kind == 'play' else '対象'}を選ぶ"
                    lines += wrap(f"{len(self.menu):>3}) {text}", cols, "      ")
                else:
                    items = []
                    for x in group:
                        self.menu.append([x])
                        items.append(f"{len(self.menu)}){self._group_item(x)}")
                    lines += wrap(f"     {head}: " + " ".join(items), cols, "        ")
                i = j
                continue
            self.menu.append([a])
            lines += wrap(f"{len(self.menu):>3}) {self.choice_text(a)}", cols, "      ")
            i += 1
        if self.terse and len(lines) == len(self.menu) > 2:  # short choices side by side
            cw = max(map(width, lines)) + 2
            ncol = min(4, (cols + 2) // cw)
            if ncol >= 2:
                rows = -(-len(lines) // ncol)
                lines = ["".join(fit(x, cw) for x in lines[r * ncol:(r + 1) * ncol]).rstrip()
                         for r in range(rows)]
        return lines

    def _group_item(self, a: Action) -> str:
        g = self.g
        if a.kind == "play":
            return self._square(a.b, short=True)
        if a.b == PLAYER:
            return "相手プレイヤー"
        return f"「{g.name(a.b)}」{self._ref(a.b).strip()}({square_name(g.square_of(a.b), self.compact)})"

    def choice_text(self, a: Action) -> str:
        """One choice in words, with the #N tag of the card it names."""
        g = self.g
        d = g.decision
        p = g.current_player()
        if a.kind == "pick" and d is not None and d[0] == "pick":
            purpose = d[2]
            if purpose in ("life_hit", "refresh_life"):
                return f"相手のライフ {a.a + 1}枚目"
            if purpose == "trigger_order":
                return self._trigger_text(a, d)
            if purpose in ("overdrive_event", "life_play_event"):
                return f"プレイする: 「{g.name(a.a)}」{self._ref(a.a)}" + self._event_text(p, a.a, 0)
            if purpose in NON_CARD_PICKS:
                return self._square(a.a)
            sq = g.square_of(a.a)
            if sq >= 0:
                where = f" ({square_name(sq, self.compact)}、{_label(g.owner[a.a], self.setup.human)})"
                return f"「{g.name(a.a)}」{self._ref(a.a)}{where}"
            return f"「{g.name(a.a)}」{self._ref(a.a)} ({short_summary(g.cards[a.a])})"
        if a.kind == "done" and d is not None and d[0] == "pick" and d[5] == 1 and not d[6]:
            if d[2] in ("overdrive", "overdrive_event") and g.limbo:
                return f"しない (「{g.name(g.limbo[-1])}」はトラッシュへ)"
            return "しない"
        if a.kind == "attack":
            att = f"「{g.name(a.a)}」({square_name(g.square_of(a.a), self.compact)})"
            return f"アタック: {att} → {self._group_item(a)}"
        if a.kind == "play":  # an event from the hand
            card = g.cards[a.a]
            return f"「{card.name}」{self._ref(a.a)} をプレイ (コスト{card.cost})" + self._event_text(p, a.a, 0)
        if a.kind == "ex":
            card = g.cards[a.a]
            return (f"デュナミスから「{card.name}」{self._ref(a.a)} を登場 ({short_summary(card)})"
                    + ": " + _entry_condition(g, a.a))
        if a.kind == "event_ex":
            card = g.cards[a.a]
            return (f"イベントEX「{card.name}」{self._ref(a.a)} 効果{a.b + 1} ({short_summary(card)})"
                    + self._event_text(p, a.a, a.b))
        if a.kind == "shift":
            card = g.cards[a.a]
            return (f"シフト「{card.name}」{self._ref(a.a)} を「{g.name(a.b)}」{self._ref(a.b)} に重ねる"
                    f" ({short_summary(card)})")
        if a.kind == "ability":
            rules = "" if self.terse else _ability_text(g, a)
            return f"「{g.name(a.a)}」{self._ref(a.a)} の起動能力" + (f": {rules}" if rules else "")
        text = describe(a, g)
        if a.kind in ("resource", "ignite", "pay"):  # the tag right after the card's name
            cut = text.find("」") + 1
            text = f"{text[:cut]}{self._ref(a.a)} {text[cut:]}" if cut else text + self._ref(a.a)
        return text

    def _trigger_text(self, a: Action, d: tuple) -> str:
        """A triggered ability to resolve first, with where its card is (square and owner, or the
        zone it went to): two copies of one card that trigger at once are told apart; a card with
        several of these abilities names which."""
        g = self.g
        first = d[7][1]
        _ctl, src, ab = first[a.a][:3]
        where = _where(g, src, self.setup.human, self.compact)
        was = self.squares_seen.get(src, -1)
        if g.square_of(src) < 0 and was >= 0:  # it left the field (destroyed): where it stood
            where = f"{square_name(was, self.compact)}にいた、今は{where}"
        several = sum(1 for t in first if t[1] == src) > 1
        which = f" 能力{getattr(ab, 'index', 0) + 1}" if several else ""
        return f"{describe(a, g)}{self._ref(src)}{which} ({where})"

    def _event_text(self, p: int, iid: int, mode: int) -> str:
        """': ★text' of an event's effect `mode`, and '(何も起きません: why)' when it can do nothing."""
        g = self.g
        events = g.scripts[iid].events
        if not events:
            return ""
        ab = events[mode] if mode < len(events) else events[0]
        text = "" if self.terse else _rules(ab.raw, g.cards[iid])
        why = _does_nothing(g, p, iid, ab)
        return (f": {text}" if text else "") + (f" (何も起きません: {why})" if why else "")

    def _square(self, sq: int, short: bool = False) -> str:
        """A square's name; when your Z/X stands there, placing replaces it (L-4): say so."""
        u = self.g.squares[sq]
        name = square_name(sq, self.compact)
        if u < 0:
            return name
        if short:
            return f"{name}[入替]"
        return f"{name} (「{self.g.name(u)}」と入れ替え L-4)"

    def _ref(self, iid: int) -> str:
        if self.screen is None or iid < 0:
            return ""
        return " " + self.screen.ref(iid)

    # ------------------------------------------------------------------ commands

    def cmd_help(self, arg: str, offered: list[Action]) -> None:
        self.out(HELP)

    def cmd_board(self, arg: str, offered: list[Action]) -> None:
        self._draw(lambda scr, compact: self.question_lines(offered), self.news)

    def cmd_more(self, arg: str, offered: list[Action]) -> None:
        """The next page of choices (when they do not all fit the terminal)."""
        self.page += 1
        self.cmd_board(arg, offered)

    def cmd_concede(self, arg: str, offered: list[Action]) -> Any:
        if self.confirm("本当に投了しますか? (y/n)> "):
            self.result = "concede"
            self.setup.conceded = True
            self.save()
            self.out("投了しました。相手の勝ちです。", "bold")
            self.out(f"対戦は {self.save_path} に保存されました。")
            self.console.print(Text(f"再生: zxdeck replay {shlex.quote(str(self.save_path))}"))
            return STOP
        self.out("投了しません。続けましょう。")
        return None

    def cmd_hint(self, arg: str, offered: list[Action]) -> None:
        """`hint`: the hard level's three best choices (their numbers in the question) with its
        estimated chance of winning after each, searched from what the person sees, with a
        generator of its own (the game and the computer's play do not change)."""
        from zxdeck.games.zx.agents.levels import HINT_BUDGET, hint

        self.out(THINKING, "dim")
        found = cancellable(lambda: hint(self.g, top=3, budget=self.hint_budget))
        if found is None:  # Ctrl-C cancels the hint, not the game (nothing changed)
            self.out()
            self.out(CANCELLED, "yellow")
            return
        width = self.cols
        self.out(f"ヒント (強さ hard の AI の読み: 最大 {self.hint_budget or HINT_BUDGET} 回の先読み):",
                 "bold")
        # listed by the estimated chance, highest first (the unsearched ones last)
        ranked = sorted(found, key=lambda c: -c.win if c.playouts else 1.0)
        for rank, c in enumerate(ranked, 1):
            number = next((i for i, acts in enumerate(self.menu, 1) if c.action in acts), 0)
            where = f"番号 {number}" if number else "(この画面にない選択肢)"
            chance = f"勝つ見込み 約{round(100 * c.win)}%" if c.playouts else "見込みは未計算"
            head = f"  {rank}. {where}  {chance}: "
            self.out(shorten(clean(head + self.hint_text(c.action)), width))
        self.out("見込みは先読みした局面の評価からの概算です (相手の手札は見ていません)。", "dim")

    def hint_text(self, a: Action) -> str:
        """A choice in words for the hint (a play names its square, an attack its target)."""
        g = self.g
        if a.kind == "play" and a.b >= 0:
            card = g.cards[a.a]
            return f"「{card.name}」{self._ref(a.a)} を{self._square(a.b, short=True)}に登場"
        return self.choice_text(a)

    def cmd_set(self, arg: str) -> None:
        """`set`: list the settings; `set NAME on|off`: change one (and save it)."""
        words = arg.split()
        names = list(DESCRIPTIONS)
        if not words:
            for name in names:
                value = "on" if getattr(self.settings, name) else "off"
                self.out(f"  {name} {value}: {DESCRIPTIONS[name]}")
            self.out("変更: set 名前 on|off")
            return
        name = next((n for n in names if n == words[0] or n.startswith(words[0])), None)
        if name is None or len(words) != 2 or words[1] not in ("on", "off"):
            self.out(f"set 名前 on|off (名前: {', '.join(names)})", "yellow")
            return
        setattr(self.settings, name, words[1] == "on")
        problem = save_settings(self.settings, self.settings_file) if self.settings_file else None
        self.out(f"{name} を {words[1]} にしました" + ("。" if not problem else
                                                        f" (この対戦のみ、保存できません: {problem})。"))

    def confirm(self, prompt: str) -> bool:
        return confirm(self.input_fn, prompt)

    def show_hand(self) -> None:
        scr = render(self.g, self.setup.human, layout=Layout(self.cols))
        self.screen = scr
        start = next((i for i, t in enumerate(scr.lines) if t.plain.startswith("手札")), len(scr.lines))
        for line in scr.lines[start:]:
            self.console.print(line)

    def show_card(self, arg: str, offered: list[Action] | None = None) -> None:
        """`card N` (#N of the screen), `card NAME` / `card NUMBER`: a card on the screen, else any
        card of the catalog. A Z/X EX of the person's dunamis says whether it can be played now,
        and if not, its condition."""
        scr = self.screen or render(self.g, self.setup.human)
        self.screen = scr
        key = arg.lstrip("#").strip()
        if not key:
            self.out("card N: N は画面のカードの番号 #N です (例: card 3)。card 名前 でカードを探せます。", "yellow")
            return
        iid = -1
        if key.isdigit():
            k = int(key)
            if 1 <= k <= len(scr.refs):
                iid = scr.refs[k - 1]
            else:
                self.out(f"#{k} のカードは画面にありません (#1-#{len(scr.refs)})。", "yellow")
                return
        else:
            from zxdeck.text import fold

            matches = [i for i in scr.refs if fold(key) in fold(self.g.cards[i].name)]
            if not matches:
                self.show_catalog_card(key)
                return
            iid = matches[0]
        for line in card_text(self.g.cards[iid], self.cols):
            self.out(line)
        self.out_ex_status(iid, offered or [])

    def show_catalog_card(self, key: str) -> None:
        """A card that is not on the screen: the game's own cards (your dunamis, ...), else the
        catalog, by number, name or English name (exactly, else a part of the name)."""
        from zxdeck.text import fold

        g = self.g
        mine = [i for i in range(len(g.cards)) if g.owner[i] == self.setup.human
                and fold(key) in fold(g.cards[i].name) and not _hidden_card(g, i, self.setup.human)]
        if mine:
            for line in card_text(g.cards[mine[0]], self.cols):
                self.out(line)
            self.out_ex_status(mine[0], g.legal_actions() if g.current_player() == self.setup.human else [])
            return
        catalog = self.catalog
        if catalog is None:
            from zxdeck.catalog import open_catalog

            catalog = self.catalog = open_catalog(None)
        found = catalog.lookup(key)
        if not found:
            folded = fold(key)
            found = list({c.id: c for k, c in catalog.lookup_keys if folded in fold(k)}.values())
        if not found:
            self.out(f"「{clean(key)}」という名前・番号のカードはカードリストにありません。", "yellow")
            return
        for line in card_text(found[0], self.cols):
            self.out(line)
        if len(found) > 1:
            others = "、".join(f"「{c.name}」" for c in found[1:6]) + (" ..." if len(found) > 6 else "")
            self.out(f"ほかに {len(found) - 1} 枚: {others}", "dim")

    def out_ex_status(self, iid: int, offered: list[Action]) -> None:
        """For a Z/X EX in the person's dunamis: playable now, or not, with its condition (X-1..X-4)."""
        g = self.g
        me = self.setup.human
        if g.cards[iid].type != "zx_ex" or g.owner[iid] != me or iid not in g.players[me].dunamis:
            return
        if any(a.kind == "ex" and a.a == iid for a in offered):
            self.out("今、デュナミスから登場できます (選択肢にあります)。", "green")
        else:
            self.out(f"今は登場できません。条件: {_entry_condition(g, iid)}", "yellow")

    def show_zones(self) -> None:
        """The public zones of both players: charge and trash (tagged, so `card N` works)."""
        g = self.g
        scr = self.screen or render(g, self.setup.human)
        self.screen = scr
        for p in (1 - self.setup.human, self.setup.human):
            ps = g.players[p]
            for title, zone in (("チャージ", ps.charge), ("トラッシュ", ps.trash)):
                items = "、".join(f"「{g.cards[i].name}」{scr.ref(i)}" for i in zone) or "なし"
                self.out(f"{_label(p, self.setup.human)} {title} {len(zone)}枚: {items}")

    def show_log(self, arg: str) -> None:
        for line in log_tail(self.log, arg):
            self.out(line)


def _zone_of(g: Game, iid: int) -> str:
    """The zone a card of a pick is in ('field' for a square, '' when none of these)."""
    if g.square_of(iid) >= 0:
        return "field"
    ps = g.players[g.owner[iid]]
    for zone in POOLED_ZONES:
        if iid in getattr(ps, zone):
            return zone
    return ""


ZONE_WORDS = {"hand": "手札", "deck": "デッキ", "trash": "トラッシュ", "charge": "チャージ",
              "dunamis": "デュナミス", "life": "ライフ", "resources": "リソース"}


def _where(g: Game, iid: int, human: int, compact: bool = False) -> str:
    """Where a card is, in words: its square and whose it is, or its owner's zone."""
    owner = _label(g.owner[iid], human)
    sq = g.square_of(iid)
    if sq >= 0:
        return f"{square_name(sq, compact)}、{owner}"
    ps = g.players[g.owner[iid]]
    for zone, word in ZONE_WORDS.items():
        if iid in (getattr(ps, zone, None) or ()):
            return f"{owner}の{word}"
    return "解決中"


def _entry_condition(g: Game, iid: int) -> str:
    """The entry condition of a Z/X EX in words (X-2 descent, X-3 awakening, X-4 idealize)."""
    sc = g.scripts[iid]
    ab = sc.awakening or sc.idealize or sc.descent
    if ab is not None:
        text = _rules(ab.raw, g.cards[iid])
        if text:
            return text
    return (f"降臨条件：コストの合計が{g.cards[iid].cost}以上になるように、あなたのリブート状態の"
            "ゼクスを破壊する")


def _does_nothing(g: Game, p: int, iid: int, ab: Any) -> str:
    """Why playing this event now would do nothing (every effect has nothing to act on), or ''."""
    from zxdeck.games.zx.engine.effects import nothing_to_do

    reasons = [nothing_to_do(g, p, iid, eff) for eff in ab.effects]
    if reasons and all(reasons):
        return nothing_reason(reasons[0])
    return ""


def _hidden_card(g: Game, iid: int, viewer: int) -> bool:
    """Is `iid` out of `viewer`'s sight (the other's hand, any deck or life, face-down dunamis)?"""
    me, opp = g.players[viewer], g.players[1 - viewer]
    return (iid in opp.hand or iid in opp.deck or iid in opp.life or iid in me.deck or iid in me.life
            or (iid in opp.dunamis and not g.face_up[iid]))


def _choice_note(g: Game, action: Action, hide: bool) -> str:
    """A log note for a choice the narration does not already tell ('' for a play, an attack...,
    which the narration tells). `hide`: the computer's choice, seen by the person (a card the
    person may not see is not named)."""
    if action.kind == "pick" and g.decision is not None:
        purpose = g.decision[2]
        if purpose.startswith("target:"):
            return f"{purpose_label(purpose)}: 「{g.name(action.a)}」"
        if purpose in ("life_hit", "refresh_life"):
            return f"ライフ {action.a + 1}枚目を選択"
        if purpose in ("overdrive", "life_play", "ex_square", "square", "ob_square", "move"):
            return ""  # the play (move) is narrated with its square
        if hide and purpose not in NON_CARD_PICKS and _hidden_card(g, action.a, 1 - g.current_player()):
            return f"{purpose_label(purpose)}: 見えないカードを1枚選択"  # S-2, Z-4: not named
    if action.kind == "pass" and len(g.legal_actions()) == 1:
        return ""  # nothing else it could do
    if action.kind in ("yes", "no") and g.decision is not None and g.decision[0] == "confirm":
        return "任意の能力を使う" if action.kind == "yes" else "任意の能力を使わない"
    if action.kind in ("keep", "mulligan", "pass", "end", "skip", "pick"):
        return describe(action, g)
    return ""


def _rules(raw: Any, card: Any) -> str:
    """The Japanese rules text of one ability ('' when it cannot be rendered)."""
    if not isinstance(raw, dict):
        return ""
    from zxdeck.games.zx.catalog.cardtext import render_ability

    try:
        return render_ability(raw, card).replace("\n", " ")
    except (KeyError, TypeError, ValueError):
        return ""


def _ability_text(g: Game, a: Action) -> str:
    """The text of the activated ability an action would use."""
    try:
        from zxdeck.games.zx.engine.game import activated_ability

        return _rules(activated_ability(g, a.a, a.b).raw, g.cards[a.a])
    except (IndexError, KeyError, AttributeError):
        return ""


_Terminated = Terminated  # SIGTERM / SIGHUP (zxdeck.terminal.interrupts)


__all__ = ["HELP", "PlaySession"]
