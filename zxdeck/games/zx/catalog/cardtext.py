"""Japanese rules text rendered from a card's abilities (docs/ABILITIES.md).

`render_text(card)` is the `text:` of every built-in card (a test checks it), so
the text a player reads and the abilities the engine runs cannot disagree. The
renderer is a few tables: one phrase per trigger, condition, cost and
primitive; every phrase ends with a verb so an optional ability can say
"〜てもよい".
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from zxdeck.games.zx.catalog.abilities import COUNTERS
from zxdeck.games.zx.catalog.model import COLORS, FIELD_TYPES, TYPES, Card

KIND_MARK = {"auto": "【自】", "activated": "【起】", "continuous": "【常】", "event": "★"}
KEYWORD_LINES = (
    ("start_card", "スタートカード"),
    ("gate_card", "ゲートカード"),
    ("life_recovery", "ライフリカバリー"),
    ("void_bringer", "ヴォイドブリンガー"),
)
TRIGGER = {
    "enter": "このカードが登場した時",
    "attack": "このカードがアタックした時",
    "attacked": "このカードがアタックされた時",
    "destroyed": "このカードが破壊された時",
    "turn_start": "あなたのターン開始時",
    "turn_end": "あなたのターン終了時",
    "milled": "このカードがデッキからトラッシュに置かれた時",
    "life": "このカードがライフダメージで公開された時",
    "ally_enter": "このカード以外のあなたのゼクスが登場した時",
    "player_attacked": "相手のゼクスがあなたのプレイヤーにアタックした時",
}
VIA = {"overdrive": "オーバードライブで", "life": "ライフから", "hand": "手札から", "effect": "効果で"}
TIMING = {"main": "【メイン】", "battle": "【バトル】", "any": "【メイン/バトル】"}
AREA = {"own_area": "自軍エリアの", "center": "中央エリアの", "enemy_area": "敵軍エリアの",
        "normal_square": "ノーマルスクエアの", "player_square": "プレイヤースクエアの"}
ZONE = {"hand": "手札", "trash": "トラッシュ", "charge": "チャージ", "deck_top": "デッキの一番上"}
TO = {"hand": "手札に加える", "resource": "リソースに置く", "square": "スクエアに登場させる",
      "deck_bottom": "デッキの下に置く"}
WORD_TARGET = {"self": "このカード", "attacker": "アタックしているゼクス", "attack_target": "アタックされているゼクス"}


def _counter(c: str) -> str:
    return COUNTERS.get(c, c)


def describe_filter(f: Mapping[str, Any] | None, noun: str = "ゼクス") -> str:
    """"コスト3以下の赤のゼクス" for {max_cost: 3, color: red}."""
    f = f or {}
    parts: list[str] = []
    if "area" in f:
        parts.append(AREA.get(f["area"], f["area"]))
    if "state" in f:
        parts.append("リブート状態の" if f["state"] == "rebooted" else "スリープ状態の")
    if f.get("other"):
        parts.append("このカード以外の")
    if "color" in f:
        parts.append(f"{COLORS.get(f['color'], f['color'])}の")
    if "race" in f:
        parts.append(f"種族に「{f['race']}」を含む")
    if "name" in f:
        parts.append(f"「{f['name']}」という名前の")
    for key, label, word in (("min_cost", "コスト", "以上"), ("max_cost", "コスト", "以下"),
                             ("min_power", "パワー", "以上"), ("max_power", "パワー", "以下")):
        if key in f:
            parts.append(f"{label}{f[key]}{word}の")
    if "has_force" in f:
        parts.append(f"フォースが{f['has_force']}枚以上ある")
    if "ignition" in f:
        parts.append("イグニッションアイコンを持つ" if f["ignition"] else "イグニッションアイコンを持たない")
    if "type" in f:
        noun = "/".join(TYPES.get(t, t) for t in f["type"])
    return "".join(parts) + noun


def describe_target(t: Any) -> str:
    if isinstance(t, str):
        return WORD_TARGET.get(t, t)
    side = {"opponent": "相手の", "self": "あなたの", "any": "場の"}[t.get("side", "opponent")]
    what = side + describe_filter(t.get("filter"))
    if t.get("all"):
        return what + "すべて"
    return f"{what}{t.get('count', 1)}体" + ("まで" if t.get("upto") else "")


def _who(e: Mapping[str, Any]) -> str:
    return "相手は" if e.get("who") == "opponent" else ""


def _whose(e: Mapping[str, Any]) -> str:
    return "相手の" if e.get("who") == "opponent" else "あなたの"


def _power(e: Mapping[str, Any], kind: str) -> str:
    amount = e["amount"]
    sign = f"+{amount}" if amount > 0 else str(amount)
    until = "" if kind == "continuous" else "ターン終了時まで、"
    return f"{until}{describe_target(e['target'])}のパワーを{sign}する"


def _play_free(e: Mapping[str, Any]) -> str:
    f = e.get("filter") or {}
    zx_only = bool(f.get("type")) and all(t in FIELD_TYPES for t in f["type"])
    verb = "登場させる" if zx_only else "プレイする"
    return f"あなたの{ZONE[e['from']]}から{describe_filter(f, 'カード')}1枚をコストを支払わずに{verb}"


EFFECT = {
    "draw": lambda e, k: f"{_who(e)}カードを{e.get('n', 1)}枚引く",
    "damage": lambda e, k: f"{describe_target(e['target'])}に{e['amount']}ダメージを与える",
    "destroy": lambda e, k: f"{describe_target(e['target'])}を破壊する",
    "power": _power,
    "bounce": lambda e, k: f"{describe_target(e['target'])}を手札に戻す",
    "deck_bottom": lambda e, k: f"{describe_target(e['target'])}をデッキの下に置く",
    "to_resource": lambda e, k: f"{describe_target(e['target'])}を{'スリープ状態で' if e.get('slept') else ''}リソースに置く",
    "to_trash": lambda e, k: f"{describe_target(e['target'])}をトラッシュに置く",
    "sleep": lambda e, k: f"{describe_target(e['target'])}をスリープする",
    "reboot": lambda e, k: f"{describe_target(e['target'])}をリブートする",
    "search": lambda e, k: (f"あなたのデッキから{describe_filter(e.get('filter'), 'カード')}を{e.get('n', 1)}枚まで探し、"
                            f"{TO[e['to']]}。デッキをシャッフルする"),
    "discard": lambda e, k: (f"{_whose(e)}手札をランダムに{e.get('n', 1)}枚捨てる" if e.get("random")
                             else f"{_who(e)}手札を{e.get('n', 1)}枚捨てる"),
    "mill": lambda e, k: f"{_whose(e)}デッキの上から{e.get('n', 1)}枚をトラッシュに置く",
    "gain_counter": lambda e, k: f"{_counter(e['counter'])}を{e.get('n', 1)}個得る",
    "alter_force": lambda e, k: (f"アルターフォース{e.get('n', 1)}（あなたのトラッシュのカードを{e.get('n', 1)}枚まで"
                                 "このカードの下にフォースとして置く）を行う"),
    "move": lambda e, k: f"{describe_target(e['target'])}を隣接する空いているスクエアに移動する",
    "play_free": lambda e, k: _play_free(e),
    "life_recover": lambda e, k: f"あなたのデッキの上から{e.get('n', 1)}枚をライフに置く",
    "retrieve": lambda e, k: (f"あなたの{ZONE[e['from']]}から{describe_filter(e.get('filter'), 'カード')}を"
                              f"{e.get('n', 1)}枚まで{TO[e['to']]}"),
    "ramp": lambda e, k: f"あなたのデッキの上から{e.get('n', 1)}枚を{'スリープ状態で' if e.get('slept') else ''}リソースに置く",
    "charge_from_deck": lambda e, k: f"あなたのデッキの上から{e.get('n', 1)}枚をチャージに置く",
    "reboot_resources": lambda e, k: f"あなたのリソースを{e.get('n', 1)}枚までリブートする",
    "over_boost": lambda e, k: ("IGオーバーブースト（あなたのプレイヤーカードを裏向きにし、デュナミスからそのプレイヤーの"
                                "ゼクス オーバーブースト1枚を空いているスクエアに登場させる）を行う"),
    "protect": lambda e, k: ("このカードは相手のゼクスにアタックされない" if e["from"] == "attack"
                             else "このカードは相手の効果で選ばれない"),
    "win": lambda e, k: "あなたはゲームに勝利する",
}

CONDITION = {
    "has_force": lambda v: f"このカードにフォースが{v}枚以上あるなら",
    "counters": lambda v: f"あなたの{_counter(v['counter'])}が{v['n']}個以上あるなら",
    "own_zx": lambda v: f"あなたの場に{describe_filter(v.get('filter'))}が{v['min']}体以上いるなら",
    "life_at_most": lambda v: f"あなたのライフが{v}以下なら",
    "player": lambda v: f"あなたのプレイヤーカードが「{v}」なら",
    "dunamis_face_up": lambda v: f"あなたのデュナミスに表向きのカードが{v}枚以上あるなら",
}
COST = {
    "sleep_self": lambda v: "このカードをスリープする",
    "pay": lambda v: f"コスト{v}を支払う",
    "discard": lambda v: f"手札を{v}枚捨てる",
    "counters": lambda v: f"{_counter(v['counter'])}を{v['n']}個取り除く",
    "force": lambda v: f"このカードのフォースを{v}枚トラッシュに置く",
    "charge": lambda v: f"あなたのチャージのカードを{v}枚トラッシュに置く",
}
# te-form of the verb endings the phrases above use: "引く" -> "引いて" (for "〜てもよい").
TE_FORM = (("する", "して"), ("引く", "引いて"), ("置く", "置いて"), ("捨てる", "捨てて"), ("える", "えて"),
           ("せる", "せて"), ("戻す", "戻して"), ("行う", "行って"), ("得る", "得て"), ("除く", "除いて"),
           ("払う", "払って"))


def may(phrase: str) -> str:
    """"カードを1枚引く" -> "カードを1枚引いてもよい" (only the first sentence of the phrase is optional)."""
    first, stop, rest = phrase.partition("。")
    for end, te in TE_FORM:
        if first.endswith(end):
            return first[: -len(end)] + te + "もよい" + stop + rest
    raise ValueError(f"no te-form for {phrase!r}")


def _effects(effects: list[Mapping[str, Any]], kind: str, optional: bool = False) -> str:
    phrases = [EFFECT[e["do"]](e, kind) for e in effects]
    if optional:
        phrases[0] = may(phrases[0])
        if len(phrases) > 1:
            phrases[0] += "。そうしたら、" + phrases.pop(1)
    return "。".join(phrases) + "。"


def _prefix(ability: Mapping[str, Any]) -> tuple[str, str]:
    """(Zero Optima / Lv. prefix, "…なら、" clause) of an ability's condition."""
    cond = ability.get("condition") or {}
    prefix = ""
    if "zero_optima" in cond:
        prefix += f"ゼロオプティマ{cond['zero_optima']} "
    if "lv" in cond:
        prefix += f"[{cond['lv']['race']}]Lv.{cond['lv']['n']} "
    clauses = [CONDITION[k](v) for k, v in cond.items() if k in CONDITION]
    return prefix, "、".join(clauses) + "、" if clauses else ""


def render_ability(ability: Mapping[str, Any], card: Card | None = None) -> str:
    """One line of rules text for one ability."""
    kind = ability["kind"]
    cost = card.cost if card else 0
    if kind == "descent":
        return (f"降臨条件：コストの合計が{cost}以上になるように、あなたのリブート状態の"
                f"{describe_filter(ability['filter'])}{ability['count']}体を破壊する")
    if kind == "awakening":
        return "覚醒条件：" + _effects(ability["effects"], kind).rstrip("。")
    if kind == "idealize":
        return f"夢装条件：{_counter(ability['counter'])}を{ability['n']}個取り除く"
    if kind == "shift":
        return (f"剣臨条件：あなたのデュナミスに表向きのカードが{ability['dunamis_face_up']}枚以上ある\n"
                f"剣臨器：あなたの{describe_filter(ability['target'])}")
    prefix, when = _prefix(ability)
    head = prefix + KIND_MARK[kind]
    if ability.get("once_per_turn"):
        head += "【ターン1】"
    if kind == "event":
        label = ability.get("label", "")
        return f"{head}{label + '：' if label else ''}{when}{_effects(ability['effects'], kind)}"
    if kind == "activated":
        head += TIMING.get(ability.get("timing", ""), "")
        costs = "、".join(COST[k](v) for k, v in ability["cost"].items())
        return f"{head}［{costs}］：{when}{_effects(ability['effects'], kind)}"
    if kind == "continuous":
        return f"{head}{when}{_effects(ability['effects'], kind)}"
    trigger = TRIGGER[ability["trigger"]]
    if "via" in ability:
        trigger = trigger.replace("登場した", VIA[ability["via"]] + "登場した")
    if ability.get("cost"):
        costs = "、".join(COST[k](v) for k, v in ability["cost"].items())
        body = may(costs) + "。そうしたら、" + _effects(ability["effects"], kind)
    else:
        body = _effects(ability["effects"], kind, bool(ability.get("optional")))
    return f"{head}{trigger}、{when}{body}"


def render_text(card: Card | Mapping[str, Any]) -> str:
    """The Japanese rules text of a card: keyword lines, then one line per ability."""
    if not isinstance(card, Card):
        from zxdeck.games.zx.catalog.abilities import _card_of

        card = _card_of({**card, "text": ""})
    lines = [word for key, word in KEYWORD_LINES if key in card.keywords]
    abilities = list(card.abilities or ())
    if card.type == "event_ex":
        lines.append("以下の2つから1つを選んで使用する。")
    lines.extend(render_ability(a, card) for a in abilities)
    return "\n".join(lines)


__all__ = ["describe_filter", "describe_target", "may", "render_ability", "render_text"]
