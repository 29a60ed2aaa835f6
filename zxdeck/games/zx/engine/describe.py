"""Readable Japanese labels for actions (logs and the terminal UI)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from zxdeck.games.zx.engine.actions import PLAYER, Action
from zxdeck.games.zx.engine.state import SQUARE_NAMES

if TYPE_CHECKING:
    from zxdeck.games.zx.engine.game import Game

PURPOSES = {
    "start_card": "スタートカード", "gate_card": "ゲートカード", "overdrive": "オーバードライブ",
    "overdrive_event": "オーバードライブ", "life_hit": "ライフ", "life_play": "ライフからプレイ",
    "life_play_event": "ライフからプレイ", "void_bringer": "ヴォイドブリンガー",
    "deck_bottom_order": "デッキの下に置く順番",
    "charge_overflow": "チャージ超過", "hand_limit": "手札上限", "refresh_life": "リフレッシュ",
    "trigger_order": "誘発順", "descent": "降臨", "ex_square": "EXの登場先", "move": "移動先",
    "square": "登場先", "ob_square": "OBの登場先", "over_boost": "オーバーブースト",
    "search": "サーチ (デッキから)", "retrieve": "回収", "discard": "捨てるカード",
    "cost_discard": "コスト: 捨てるカード", "cost_charge": "コスト: トラッシュに置くチャージ",
    "cost_force": "コスト: トラッシュに置くフォース", "alter_force": "オルターフォース (トラッシュから)",
    "play_free": "コストを払わずにプレイ", "reboot_resources": "リブートするリソース",
}


# What a target pick is for ("target:destroy"): the verb of the effect.
TARGET_VERBS = {
    "damage": "ダメージを与える", "destroy": "破壊する", "power": "パワーを変える",
    "bounce": "手札に戻す", "deck_bottom": "デッキの下に置く", "to_resource": "リソースに置く",
    "to_trash": "トラッシュに置く", "sleep": "スリープする", "reboot": "リブートする",
    "move": "移動する",
}
# Why an effect did nothing (`zxdeck.engine.effects.nothing_to_do`), in words.
NOTHING = {
    "no_target": "対象にできるゼクスがいない",
    "left_field": "そのカードはもう場にない",
    "no_card:deck": "デッキに条件に合うカードがない",
    "no_card:trash": "トラッシュに条件に合うカードがない",
    "no_card:charge": "チャージに条件に合うカードがない",
    "no_card:hand": "手札に条件に合うカードがない",
    "no_card:deck_top": "デッキの一番上に条件に合うカードがない",
    "no_playable": "コストを払わずにプレイできるカードがない",
    "no_ob": "デュナミスに登場できるゼクス オーバーブーストがない",
    "no_square": "空いているスクエアがない",
    "empty_hand": "手札がない",
    "no_slept_resource": "スリープ状態のリソースがない",
    "empty_deck": "デッキにもトラッシュにもカードがない",
}


def purpose_label(purpose: str) -> str:
    """A pick's purpose in words: 'オーバードライブ', '破壊する対象' for 'target:destroy'."""
    if purpose.startswith("target:"):
        verb = TARGET_VERBS.get(purpose[7:])
        return f"{verb}対象" if verb else "効果の対象"
    return PURPOSES.get(purpose, "選択")


def nothing_reason(code: str) -> str:
    """Why an effect did nothing, in words (codes of `nothing_to_do`)."""
    return NOTHING.get(code, "できることがない")


def _c(g: Game, iid: int) -> str:
    return f"「{g.cards[iid].name}」"


def describe(action: Action, g: Game) -> str:
    """A short Japanese description of `action` in the current decision of `g`."""
    k = action.kind
    a, b = action.a, action.b
    if k == "keep":
        return "手札を保持"
    if k == "mulligan":
        return "マリガン"
    if k == "skip":
        return "しない"
    if k == "end":
        return "ターン終了"
    if k == "pass":
        return "パス"
    if k == "done":
        return "決定 (これ以上選ばない)"
    if k == "yes":
        return "はい"
    if k == "no":
        return "いいえ"
    if k == "resource":
        return f"{_c(g, a)}をリソースへ"
    if k == "ignite":
        return f"イグニッション ({_c(g, a)}をトラッシュへ)"
    if k == "play":
        return f"{_c(g, a)}を{SQUARE_NAMES[b]}に登場" if b >= 0 else f"{_c(g, a)}をプレイ"
    if k == "ability":
        return f"{_c(g, a)}の起動能力 {b + 1}"
    if k == "ex":
        return f"デュナミスから{_c(g, a)}"
    if k == "event_ex":
        return f"イベントEX{_c(g, a)} (効果{b + 1})"
    if k == "shift":
        return f"シフト{_c(g, a)} → {_c(g, b)}"
    if k == "attack":
        return f"{_c(g, a)}で" + ("プレイヤーにアタック" if b == PLAYER else f"{_c(g, b)}にアタック")
    if k == "pay":
        return f"{_c(g, a)}をスリープして支払う"
    if k == "pick":
        d = g.decision
        purpose = d[2] if d is not None and d[0] == "pick" else ""
        label = purpose_label(purpose)
        if purpose in ("overdrive", "life_play", "ex_square", "move", "square", "ob_square"):
            return f"{label}: {SQUARE_NAMES[a]}"
        if purpose in ("life_hit", "refresh_life"):
            return f"{label}: {a + 1}枚目"
        if purpose == "trigger_order" and d is not None:
            first = d[7][1]
            return f"{label}: {_c(g, first[a][1])}"
        return f"{label}: {_c(g, a)}"
    return str(action)


PROMPTS = {
    "mulligan": "マリガンしますか？",
    "resource": "リソースに置くカードを選んでください",
    "ignite": "イグニッションしますか？ (チャージのカードを1枚トラッシュへ)",
    "main": "メインフェイズ: 行動を選んでください",
    "battle": "バトルイベントステップ: イベント・能力を使うかパスしてください",
    "pay": "コストの支払いにスリープするリソースを選んでください",
    "confirm": "能力を使いますか？",
}


def prompt(g: Game) -> str:
    """A Japanese question for the current decision (for the terminal UI)."""
    d = g.decision
    if d is None:
        return ""
    if d[0] != "pick":
        return PROMPTS.get(d[0], d[0])
    _, player, purpose, options, mn, mx, chosen, cont = d
    label = purpose_label(purpose)
    if purpose in ("discard", "hand_limit", "cost_discard"):
        label = "捨てるカード"
    count = f"{mn}枚" if mn == mx else f"{mn}〜{mx}"
    picked = f" (選択済み {len(chosen)})" if chosen else ""
    return f"{label}を選んでください ({count}){picked}"
