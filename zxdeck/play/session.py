"""A game at the terminal: a person (player 1 by default) against a computer agent.

`PlaySession.run()` loops: the computer moves until it is the person's turn to
decide; then the screen is drawn (field, zones, what the computer did since the
last decision) with the legal choices numbered from 1. A number chooses; typed
commands (help, board, hand, card N, log, concede, quit) do what they say;
anything else gets a one-line hint and the same question again. Decisions with
a single legal action are carried out without asking (and logged).

Nothing is lost: the game is saved (seed + actions, `savefile.py`) after every
move, and Ctrl-C, Ctrl-D (end of input) or `quit` print the command that
resumes it. Input and output are injectable (`input_fn`, `console`), so tests
drive whole games through a list of lines.
"""

from __future__ import annotations

import contextlib
import shlex
import signal
import sys
import unicodedata
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

from rich.console import Console
from rich.text import Text

from zxdeck.engine import PLAYER, Action, Game, describe
from zxdeck.engine.describe import PURPOSES
from zxdeck.engine.log import narration
from zxdeck.engine.state import SQUARE_NAMES
from zxdeck.play.savefile import PlaySetup, save_game
from zxdeck.play.screen import WIDTH, Screen, card_text, render
from zxdeck.play.text import clean, fit, wrap

EXIT_INTERRUPTED = 130
HELP = """\
How to play: every question lists the legal choices numbered from 1; type a
number and Enter. Cards on the screen carry a tag #N. Commands:
  help (?)      this text            board (b)   draw the screen again
  hand          your hand and dunamis
  card N        full text of card #N (also: card NAME, part of a name)
  log [N]       the game so far (the last N lines)
  zones         both players' charge and trash (public cards, with #N tags)
  concede       give up the game     quit (q)    save and stop (Ctrl-C and
                                                 Ctrl-D save too)
Squares: P1 is your row (bottom), P2 the opponent's (top); [P] marks the
player squares. リブート = rebooted (can act), スリープ = slept.
The rules and their ids (B-6, P-4, ...): docs of zxdeck, ZX_RULES.md."""

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
}


def _label(player: int, human: int) -> str:
    return "あなた" if player == human else "相手"


class PlaySession:
    """One game between a person (`setup.human`) and `agent`, driven by `input_fn` lines."""

    def __init__(self, game: Game, agent: Any, setup: PlaySetup, save_path: str | Path,
                 console: Console | None = None, input_fn: Callable[[str], str] = input,
                 log_lines: list[str] | None = None, resume_hint: str = "zxdeck play --resume") -> None:
        self.g = game
        self.agent = agent
        self.setup = setup
        self.save_path = Path(save_path)
        self.console = console or Console(highlight=False, soft_wrap=True)
        self.input_fn = input_fn
        self.log: list[str] = log_lines if log_lines is not None else []
        self.shown = len(self.log)  # log lines already shown to the person
        self.screen: Screen | None = None
        self.resume_hint = resume_hint
        self.result = ""
        self.extra_listener: Callable[..., None] | None = None
        self.log_file: IO[str] | None = None
        self.greeted = False
        self.thinking_note = False  # say once that the computer is moving

    def close(self) -> None:
        """Close the --log file, if any."""
        if self.log_file is not None:
            self.log_file.close()
            self.log_file = None

    # ------------------------------------------------------------------ events and output

    def listener(self, g: Game, event: str, data: dict[str, Any]) -> None:
        """The game's listener: narration lines into the log (and the --log file, if any)."""
        if self.extra_listener is not None:
            self.extra_listener(g, event, data)
        self.log.extend(narration(g, event, data))

    def out(self, text: str | Text = "", style: str = "") -> None:
        if isinstance(text, Text):
            self.console.print(text)
        else:
            for line in wrap(clean(text), WIDTH):
                self.console.print(Text(line, style=style))

    def save(self) -> None:
        save_game(self.save_path, self.g, self.setup, self.agent)

    # ------------------------------------------------------------------ the loop

    def run(self) -> int:
        """Play to the end (exit status 0), or until the person stops (0, 130 for Ctrl-C)."""
        old = {}
        for sig in (signal.SIGTERM, getattr(signal, "SIGHUP", None)):
            if sig is not None:
                # Not in the main thread (some test runners): the autosave still protects the game.
                with contextlib.suppress(ValueError):
                    old[sig] = signal.signal(sig, _raise_interrupt)
        if self.input_fn is input:  # bytes that are not UTF-8 become U+FFFD, not an exception
            with contextlib.suppress(AttributeError, ValueError, OSError):
                sys.stdin.reconfigure(errors="replace")  # type: ignore[union-attr]
        try:
            return self._loop()
        except KeyboardInterrupt:
            self.out()
            return self._stop("中断しました (Ctrl-C)", EXIT_INTERRUPTED)
        finally:
            for sig, handler in old.items():
                signal.signal(sig, handler)

    def _loop(self) -> int:
        g = self.g
        human = self.setup.human
        self.save()
        while not g.over:
            acts = g.legal_actions()
            p = g.current_player()
            if p != human:
                if self.thinking_note:
                    self.thinking_note = False
                    self.out("相手の番です...", "dim")
                action = self.agent.choose(g)
                note = _agent_note(g, action)
                if note:
                    self.log.append(f"  相手: {note}")
                g.apply(action)
                self.save()
                continue
            if len(acts) == 1:
                if acts[0].kind != "pass":  # a forced pass is not worth a line
                    self.log.append(f"  あなた: {describe(acts[0], g)} (選択肢はこれだけ)")
                g.apply(acts[0])
                self.save()
                continue
            action = self.ask(acts)
            self.thinking_note = True
            if action is None:  # quit / end of input / concede
                if self.result == "concede":
                    return 0
                return self._stop("中断しました", 0)
            self.log.append(f"  あなた: {describe(action, g)}")
            g.apply(action)
            self.save()
        self.show_board()
        self.out(self._result_line(), style="bold")
        self.out(f"対戦は {self.save_path} に保存されました。")
        self.console.print(Text(f"再生: zxdeck replay {shlex.quote(str(self.save_path))}"))
        return 0

    def _result_line(self) -> str:
        g = self.g
        reason = {"life": "ライフ0", "turn_limit": "ターン上限"}.get(g.reason, g.reason)
        if g.winner is None:
            return f"対戦終了: 引き分け ({reason}、ターン {g.turn})"
        who = "あなたの勝ち!" if g.winner == self.setup.human else "相手の勝ち"
        return f"対戦終了: {who} ({reason}、ターン {g.turn})"

    def _stop(self, why: str, code: int) -> int:
        self.save()
        self.out(f"{why}。対戦を保存しました: {self.save_path}")
        # never wrapped: the command must stay one line to copy
        self.console.print(Text(f"続きから: {self.resume_hint} {shlex.quote(str(self.save_path))}",
                                style="bold"))
        return code

    # ------------------------------------------------------------------ one decision

    def show_board(self) -> None:
        self.screen = render(self.g, self.setup.human)
        if self.console.is_terminal:
            self.console.clear()
        for line in self.screen.lines:
            self.console.print(line)

    def show_news(self) -> None:
        """The log lines since the person's last decision (what the computer did)."""
        news = [x for x in self.log[self.shown:] if x.strip()]
        self.shown = len(self.log)
        if not news:
            return
        self.out(fit("-- 前回の選択から " + "-" * WIDTH, WIDTH), style="dim")
        if len(news) > 16:
            self.out(f"  ... ({len(news) - 16} 行省略: log で全部)", style="dim")
            news = news[-16:]
        for line in news:
            self.out(line)

    def choice_lines(self, acts: list[Action]) -> list[str]:
        """The numbered choices; plays of one card to several squares share a line."""
        g = self.g
        lines: list[str] = []
        i = 0
        while i < len(acts):
            a = acts[i]
            if a.kind == "play" and a.b >= 0:
                j = i
                squares = []
                while j < len(acts) and acts[j].kind == "play" and acts[j].a == a.a and acts[j].b >= 0:
                    squares.append(f"{j + 1}){self._square(acts[j].b, short=True)}")
                    j += 1
                ref = self._ref(a.a)
                head = f"     「{g.cards[a.a].name}」{ref} を登場 (コスト{g.cards[a.a].cost}): "
                lines += wrap(head + " ".join(squares), WIDTH - 2, "        ")
                i = j
                continue
            text = self.choice_text(a)
            lines += wrap(f"{i + 1:>3}) {text}", WIDTH - 2, "      ")
            i += 1
        return lines

    def choice_text(self, a: Action) -> str:
        """One choice in words, with the #N tag of the card it names."""
        g = self.g
        d = g.decision
        if a.kind == "pick" and d is not None and d[0] == "pick":
            purpose = d[2]
            if purpose in ("life_hit", "refresh_life"):
                return f"相手のライフ {a.a + 1}枚目"
            if purpose == "trigger_order":
                return describe(a, g)
            if purpose in ("overdrive_event", "life_play_event"):
                return f"プレイする: 「{g.name(a.a)}」{self._ref(a.a)}"
            if not _pick_is_card(g):
                return self._square(a.a)
            sq = g.square_of(a.a)
            where = ""
            if sq >= 0:
                where = f" ({SQUARE_NAMES[sq]}、{_label(g.owner[a.a], self.setup.human)})"
            return f"「{g.name(a.a)}」{self._ref(a.a)}{where}"
        if a.kind == "done" and d is not None and d[0] == "pick" and d[5] == 1 and not d[6]:
            return "しない"
        if a.kind == "attack":
            att = f"「{g.name(a.a)}」({SQUARE_NAMES[g.square_of(a.a)]})"
            if a.b == PLAYER:
                return f"アタック: {att} → 相手プレイヤー"
            return f"アタック: {att} → 「{g.name(a.b)}」({SQUARE_NAMES[g.square_of(a.b)]})"
        text = describe(a, g)
        if a.kind in ("resource", "ignite", "pay", "ex", "event_ex", "play"):
            text += self._ref(a.a)
        if a.kind in ("event_ex", "ability"):
            rules = _ability_text(g, a)
            if rules:
                text += ": " + rules
        return text

    def _square(self, sq: int, short: bool = False) -> str:
        """A square's name; when your Z/X stands there, placing replaces it (L-4): say so."""
        u = self.g.squares[sq]
        if u < 0:
            return SQUARE_NAMES[sq]
        if short:
            return f"{SQUARE_NAMES[sq]}[入替]"
        return f"{SQUARE_NAMES[sq]} (「{self.g.name(u)}」と入れ替え L-4)"

    def _ref(self, iid: int) -> str:
        if self.screen is None or iid < 0:
            return ""
        return " " + self.screen.ref(iid)

    def question(self) -> str:
        g = self.g
        d = g.decision
        assert d is not None
        kind = d[0]
        if kind == "pick":
            purpose = d[2]
            title = PICK_HELP.get(purpose) or f"{PURPOSES.get(purpose, purpose)}: 選んでください"
            if purpose.startswith("target:"):
                title = f"効果の対象を選んでください ({purpose[7:]})"
            mn, mx, chosen = d[4], d[5], d[6]
            if mx > 1:
                title += f" ({len(chosen)}/{mx}枚選択済み" + (f"、最低{mn}枚)" if mn else ")")
            if g.limbo:
                title += "  対象: " + "、".join(f"「{g.cards[i].name}」{self._ref(i)}" for i in g.limbo)
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

    def ask(self, acts: list[Action]) -> Action | None:
        """Show the screen and ask until a valid choice; None when the person stops."""
        self.show_board()
        self.show_news()
        if not self.greeted:
            self.greeted = True
            self.out(f"あなたは P1 (下の列) です。相手: {self.setup.ai}。番号で選び、help でコマンド一覧。"
                     f" 対戦は {self.save_path.name} に自動保存されます。", "dim")
        self.show_question(acts)
        n = len(acts)
        while True:
            try:
                raw = self.input_fn(f"選択 1-{n} (help)> ")
            except EOFError:
                self.out()
                return None
            except UnicodeDecodeError:  # a terminal that does not send UTF-8
                self.out("入力を読めませんでした (UTF-8 ではない文字): 番号を入力してください。", "yellow")
                continue
            text = unicodedata.normalize("NFKC", raw).strip()
            if text.isdigit() and text.isascii():
                k = int(text)
                if 1 <= k <= n:
                    return acts[k - 1]
                self.out(f"{k} という選択肢はありません: 1 から {n} の番号を入力してください。", "yellow")
                continue
            words = text.split()
            cmd = words[0].lower() if words else ""
            arg = " ".join(words[1:])
            if cmd in ("help", "?", "h", "ヘルプ"):
                self.out(HELP)
            elif cmd in ("board", "b"):
                self.show_board()
                self.show_question(acts)
            elif cmd == "hand":
                self.show_hand()
            elif cmd in ("card", "c"):
                self.show_card(arg)
            elif cmd == "log":
                self.show_log(arg)
            elif cmd in ("zones", "trash", "charge"):
                self.show_zones()
            elif cmd == "concede":
                if self.confirm("本当に投了しますか? (y/n)> "):
                    self.result = "concede"
                    self.setup.conceded = True
                    self.save()
                    self.out("投了しました。相手の勝ちです。", "bold")
                    return None
                self.out("投了しません。続けましょう。")
            elif cmd in ("quit", "q", "exit", "save"):
                return None
            elif not text:
                self.out(f"番号 (1-{n}) かコマンド (help) を入力してください。", "yellow")
            else:
                shown = clean(text if len(text) <= 20 else text[:20] + "...")
                self.out(f"「{shown}」は選択肢でもコマンドでもありません: 1-{n} の番号か help を。",
                         "yellow")

    def show_question(self, acts: list[Action]) -> None:
        self.out("")
        self.out(self.question(), style="bold")
        for line in self.choice_lines(acts):
            self.out(line)

    def confirm(self, prompt: str) -> bool:
        try:
            answer = unicodedata.normalize("NFKC", self.input_fn(prompt)).strip().lower()
        except (EOFError, UnicodeDecodeError):
            return False
        return answer in ("y", "yes", "はい")

    def show_hand(self) -> None:
        scr = self.screen or render(self.g, self.setup.human)
        start = next((i for i, t in enumerate(scr.lines) if t.plain.startswith("手札")), len(scr.lines))
        for line in scr.lines[start:]:
            self.console.print(line)

    def show_card(self, arg: str) -> None:
        scr = self.screen or render(self.g, self.setup.human)
        self.screen = scr
        key = arg.lstrip("#").strip()
        if not key:
            self.out("card N: N は画面のカードの番号 #N です (例: card 3)。", "yellow")
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
                self.out(f"「{clean(key)}」という名前のカードは画面にありません。", "yellow")
                return
            iid = matches[0]
        for line in card_text(self.g.cards[iid]):
            self.out(line)

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
        lines = [x for x in self.log if x.strip()]
        if arg.isdigit():
            lines = lines[-int(arg):]
        for line in lines:
            self.out(line)


def _pick_is_card(g: Game) -> bool:
    d = g.decision
    if d is None or d[0] != "pick":
        return False
    return d[2] not in ("overdrive", "life_play", "ex_square", "move", "square", "ob_square",
                        "life_hit", "refresh_life", "trigger_order")


def _hidden_card(g: Game, iid: int, viewer: int) -> bool:
    """Is `iid` out of `viewer`'s sight (the other's hand, any deck or life, face-down dunamis)?"""
    me, opp = g.players[viewer], g.players[1 - viewer]
    return (iid in opp.hand or iid in opp.deck or iid in opp.life or iid in me.deck or iid in me.life
            or (iid in opp.dunamis and not g.face_up[iid]))


def _agent_note(g: Game, action: Action) -> str:
    """A log note for a computer choice the narration does not already tell."""
    if action.kind == "pick" and g.decision is not None:
        purpose = g.decision[2]
        if purpose.startswith("target:"):
            return f"効果の対象: 「{g.name(action.a)}」"
        if purpose in ("life_hit", "refresh_life"):
            return f"ライフ {action.a + 1}枚目を選択"
        if _pick_is_card(g) and _hidden_card(g, action.a, 1 - g.current_player()):
            return f"{PURPOSES.get(purpose, purpose)}: 見えないカードを1枚選択"  # S-2, Z-4: not named
    if action.kind == "pass" and len(g.legal_actions()) == 1:
        return ""  # nothing else it could do
    if action.kind in ("keep", "mulligan", "pass", "end", "skip", "yes", "no", "pick"):
        return describe(action, g)
    return ""


def _rules(raw: Any, card: Any) -> str:
    """The Japanese rules text of one ability ('' when it cannot be rendered)."""
    if not isinstance(raw, dict):
        return ""
    from zxdeck.catalog.cardtext import render_ability

    try:
        return render_ability(raw, card).replace("\n", " ")
    except (KeyError, TypeError, ValueError):
        return ""


def _ability_text(g: Game, a: Action) -> str:
    """The text of the Event EX effect or activated ability an action would use."""
    try:
        if a.kind == "event_ex":
            evs = g.scripts[a.a].events
            return _rules(evs[a.b].raw, g.cards[a.a]) if a.b < len(evs) else ""
        from zxdeck.engine.game import activated_ability

        return _rules(activated_ability(g, a.a, a.b).raw, g.cards[a.a])
    except (IndexError, KeyError, AttributeError):
        return ""


def _raise_interrupt(signum: int, frame: Any) -> None:
    raise KeyboardInterrupt


__all__ = ["HELP", "PlaySession"]
