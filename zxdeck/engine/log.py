"""The game log as JSON Lines (INTERFACES.md section 5) and a readable Japanese narration."""

from __future__ import annotations

import json
from typing import IO, TYPE_CHECKING, Any

from zxdeck.catalog.abilities import COUNTERS
from zxdeck.engine.state import PLAYER_SQUARE, SQUARE_NAMES

if TYPE_CHECKING:
    from zxdeck.engine.game import Game

PNAME = ("p1", "p2")
ZONES = {"hand": "手札", "resource": "リソース", "resources": "リソース", "square": "スクエア",
         "deck": "デッキの上", "deck_bottom": "デッキの下", "charge": "チャージ", "trash": "トラッシュ",
         "life": "ライフ"}


def player_counts(g: Game, p: int) -> dict[str, int]:
    """The per-player `state` of a log line."""
    ps = g.players[p]
    owner = g.owner
    field = 0
    for u in g.squares:
        if u >= 0:
            if owner[u] == p:
                field += 1
            field += sum(1 for f in g.forces.get(u, ()) if owner[f] == p)
            s = g.shift_on.get(u)
            if s is not None and owner[s] == p:
                field += 1
    up = sum(1 for d in ps.dunamis if g.face_up[d])
    return {
        "deck": len(ps.deck), "hand": len(ps.hand), "life": len(ps.life),
        "resource": len(ps.resources), "charge": len(ps.charge), "trash": len(ps.trash),
        "field": field, "dunamis_down": len(ps.dunamis) - up, "dunamis_up": up,
    }


def _jsonable(v: Any) -> Any:
    if isinstance(v, tuple):
        return list(v)
    return v


class JsonlLogger:
    """A game listener that writes one JSON object per event (seq, turn, active, phase, event, state, ...)."""

    def __init__(self, out: IO[str]) -> None:
        self.out = out
        self.seq = 0

    def __call__(self, g: Game, event: str, data: dict[str, Any]) -> None:
        rec: dict[str, Any] = {
            "seq": self.seq, "turn": g.turn, "active": PNAME[g.active], "phase": g.phase,
            "event": event,
        }
        for k, v in data.items():
            if k == "player":
                rec[k] = PNAME[v]
            elif k == "winner":
                rec[k] = PNAME[v] if v is not None else None
            else:
                rec[k] = _jsonable(v)
        rec["state"] = {"p1": player_counts(g, 0), "p2": player_counts(g, 1)}
        self.out.write(json.dumps(rec, ensure_ascii=False) + "\n")
        self.seq += 1


def narrate(g: Game, event: str, data: dict[str, Any]) -> str | None:
    """One readable Japanese line for an event (None for events not worth a line)."""
    p = data.get("player")
    who = f"P{p + 1}" if isinstance(p, int) else ""
    name = data.get("name", "")
    if event == "game_start":
        return f"対戦開始: 先攻 P{data['first'] + 1}"
    if event == "turn_start":
        st0, st1 = player_counts(g, 0), player_counts(g, 1)
        return (f"\n== ターン {g.turn} ({who}) ==  P1 ライフ{st0['life']} 手札{st0['hand']} "
                f"リソース{st0['resource']} | P2 ライフ{st1['life']} 手札{st1['hand']} リソース{st1['resource']}")
    if event == "mulligan":
        return f"{who} マリガン"
    if event == "setup_done":  # S-10: the start cards (face down since S-2) are turned face up
        shown = [f"P{q + 1}「{g.cards[u].name}」" for q, u in
                 ((q, g.squares[PLAYER_SQUARE[q]]) for q in (0, 1)) if u >= 0 and g.owner[u] == q]
        return "準備完了: スタートカードを表に (S-10) " + "、".join(shown) if shown else None
    if event == "draw":
        return f"{who} {data['n']}枚ドロー"
    if event == "resource":
        return f"{who} リソースに「{name}」"
    if event == "ignition":
        icon = " (イグニッションアイコン)" if data.get("icon") else ""
        return f"{who} イグニッション: 「{name}」{icon}"
    if event == "ignition_trash":
        return f"  → 「{name}」はトラッシュへ"
    if event == "play":
        via = {"overdrive": "オーバードライブで", "life": "ライフから", "effect": "効果で",
               "dunamis": "デュナミスから", "hand": ""}.get(data.get("via", ""), "")
        sq = data.get("square", -1)
        where = f" → {SQUARE_NAMES[sq]}" if sq >= 0 else ""
        return f"{who} {via}「{name}」をプレイ{where}"
    if event == "attack":
        tn = "プレイヤー" if data.get("target_name") == "player" else f"「{data.get('target_name')}」"
        return f"{who} 「{name}」で {tn} にアタック"
    if event == "damage":
        return f"  「{name}」に {data['amount']} ダメージ (合計 {data['total']})"
    if event == "destroy":
        return f"  {who}の「{name}」破壊"
    if event == "life_damage":
        return f"  {who} ライフダメージ: 「{name}」"
    if event == "life_recover":
        return f"  {who} ライフリカバリー +{data.get('n', 1)}"
    if event == "void_bringer":
        return f"  {who} ヴォイドブリンガー: 「{name}」を場から取り除く"
    if event == "refresh":
        return f"{who} デッキリフレッシュ"
    if event == "ability":
        return f"  {who} 「{name}」の能力"
    if event == "shift":
        return f"{who} シフト「{name}」→「{data.get('target_name')}」"
    if event == "discard":
        return f"{who} 捨てる: " + "、".join(f"「{n}」" for n in data.get("names", []))
    if event == "game_over":
        w = data.get("winner")
        res = "引き分け" if w is None else f"P{w + 1} の勝利"
        return f"\n対戦終了: {res} ({data.get('reason')}) ターン {g.turn}"
    try:
        return _effect_line(event, data, who)
    except (KeyError, TypeError, ValueError, IndexError):  # unexpected data: still one line
        return f"  {who} {event}"


def _effect_line(event: str, data: dict[str, Any], who: str) -> str | None:
    """Effects (docs/ABILITIES.md): bounce, power, move, counters, search, ..."""
    name = f"「{data.get('name', '')}」"
    names = "、".join(f"「{n}」" for n in data.get("names") or [])
    n = data.get("n", 1)
    to = ZONES.get(data.get("to", ""), data.get("to", ""))
    if event == "bounce":
        return f"  {who}の{name}が手札に戻る"
    if event == "to_resource":
        return f"  {who}の{name}がリソースへ"
    if event == "deck_bottom":
        return f"  {who}の{name}がデッキの下へ"
    if event == "to_trash":
        if "names" in data:
            return f"  {who} {ZONES.get(data.get('zone', ''), '')}から{names}をトラッシュへ"
        return f"  {who}の{name}がトラッシュへ"
    if event == "power":
        return f"  {name}のパワー{int(data['amount']):+d} (ターン終了まで)"
    if event == "move":
        return f"  {who}の{name}が{SQUARE_NAMES[data['square']]}へ移動"
    if event == "mill":
        return f"  {who} デッキからトラッシュへ: {names}"
    if event == "counter":
        k = data["counter"]
        return f"  {who} カウンター「{COUNTERS.get(k, k)}」: {n}個"
    if event == "search":
        found = len(data.get("names") or [])
        if data.get("to") == "hand":  # the hand is hidden: how many, not which (Z-4)
            return f"  {who} デッキからカード{found}枚を手札へ (サーチ)"
        return f"  {who} デッキから{names}を{to}へ (サーチ)"
    if event == "retrieve":
        return f"  {who} {names}を{to}へ (回収)"
    if event == "ramp":
        return f"  {who} デッキの上からリソースへ {n}枚"
    if event == "alter_force":
        return f"  {who}の{name}にフォース {n}枚 (オルターフォース A-8)"
    if event == "refresh_life":
        return f"  {who}のライフ{name}がチャージへ (リフレッシュ R-1)"
    return None


def narration(g: Game, event: str, data: dict[str, Any]) -> list[str]:
    """The non-empty lines of `narrate` (the terminal UI's log lines); [] for a silent event."""
    line = narrate(g, event, data)
    return [x for x in line.split("\n") if x.strip()] if line is not None else []
