"""The game log as JSON Lines (INTERFACES.md section 5) and a readable Japanese narration."""

from __future__ import annotations

import json
from typing import IO, TYPE_CHECKING, Any

from zxdeck.games.zx.catalog.abilities import COUNTERS
from zxdeck.games.zx.engine.state import PLAYER_SQUARE, SQUARE_NAMES

if TYPE_CHECKING:
    from zxdeck.games.zx.engine.game import Game

PNAME = ("p1", "p2")
ZONES = {"hand": "手札", "resource": "リソース", "resources": "リソース", "square": "スクエア",
         "deck": "デッキの上", "deck_bottom": "デッキの下", "charge": "チャージ", "trash": "トラッシュ",
         "life": "ライフ", "force": "フォース", "dunamis_up": "デュナミス (表向き)",
         "dunamis_down": "デュナミス (裏向き)"}
CONDITIONS = {"descent": "降臨", "awakening": "覚醒", "idealize": "夢装"}


def player_counts(g: Game, p: int) -> dict[str, int]:
    """The per-player `state` of a log line (INTERFACES.md section 5).

    Every card of the player's main deck and dunamis is in exactly one count: `field` holds the
    Z/X on squares with their forces and Shifts, `pending` the cards in no zone (a revealed
    ignition or life card waiting for a choice, a card being played, an event or Event EX
    resolving, and forces put under a Z/X EX that is still being played)."""
    ps = g.players[p]
    owner = g.owner
    field = 0
    on_field = set()
    for u in g.squares:
        if u >= 0:
            on_field.add(u)
            if owner[u] == p:
                field += 1
            s = g.shift_on.get(u)
            if s is not None and owner[s] == p:
                field += 1
    pending = sum(1 for i in g.limbo if owner[i] == p)
    for host, fs in g.forces.items():
        n = sum(1 for f in fs if owner[f] == p)
        if host in on_field:
            field += n
        else:
            pending += n
    up = sum(1 for d in ps.dunamis if g.face_up[d])
    return {
        "deck": len(ps.deck), "hand": len(ps.hand), "life": len(ps.life),
        "resource": len(ps.resources), "charge": len(ps.charge), "trash": len(ps.trash),
        "field": field, "dunamis_down": len(ps.dunamis) - up, "dunamis_up": up, "pending": pending,
    }


def _jsonable(v: Any) -> Any:
    if isinstance(v, tuple):
        return list(v)
    return v


def _moves_json(moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{**m, "owner": PNAME[m["owner"]]} for m in moves]


class JsonlLogger:
    """A game listener that writes one JSON object per event (seq, turn, active, phase, event, state, ...).

    With a `header` (`zxdeck.engine.replay.make_header`), the first line is the event `header`:
    that header and the game's set-up (`game`: seed, decks, card fingerprints). With the
    `action` events (every move, from `Game.apply`) the log then replays like a save.
    """

    def __init__(self, out: IO[str], header: dict[str, Any] | None = None) -> None:
        self.out = out
        self.seq = 0
        self.header = header

    def __call__(self, g: Game, event: str, data: dict[str, Any]) -> None:
        if self.header is not None:
            from zxdeck.games.zx.engine.replay import game_record

            header, self.header = self.header, None
            self._write(g, "header", {"header": header, "game": game_record(g)})
        self._write(g, event, data)

    def _write(self, g: Game, event: str, data: dict[str, Any]) -> None:
        rec: dict[str, Any] = {
            "seq": self.seq, "turn": g.turn, "active": PNAME[g.active], "phase": g.phase,
            "event": event,
        }
        for k, v in data.items():
            if k == "player":
                rec[k] = PNAME[v]
            elif k == "winner":
                rec[k] = PNAME[v] if v is not None else None
            elif k == "moves":
                rec[k] = _moves_json(v)
            else:
                rec[k] = _jsonable(v)
        rec["state"] = {"p1": player_counts(g, 0), "p2": player_counts(g, 1)}
        self.out.write(json.dumps(rec, ensure_ascii=False) + "\n")
        self.seq += 1


def narrate(g: Game, event: str, data: dict[str, Any]) -> str | None:
    """One readable Japanese line for an event, in plain words (None for events not worth a line)."""
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
        icon = "イグニッションアイコンあり" if data.get("icon") else "イグニッションアイコンなし"
        return f"{who} イグニッション: デッキの上の「{name}」を公開 ({icon})"
    if event == "ignition_trash":
        card = data.get("card")
        declined = isinstance(card, int) and 0 <= card < len(g.cards) and g.cards[card].ignition
        return f"  「{name}」はトラッシュへ" + (" (オーバードライブしない)" if declined else "")
    if event == "play":
        via = {"overdrive": "オーバードライブで", "life": "ライフから", "effect": "効果で",
               "dunamis": "デュナミスから", "hand": ""}.get(data.get("via", ""), "")
        sq = data.get("square", -1)
        where = f" → {SQUARE_NAMES[sq]}" if sq >= 0 else ""
        mode = f" (効果{data['mode'] + 1})" if isinstance(data.get("mode"), int) else ""
        return f"{who} {via}「{name}」をプレイ{where}{mode}"
    if event == "attack":
        if data.get("target_name") == "player":
            return f"{who} 「{name}」で P{2 - p if isinstance(p, int) else '?'} のプレイヤーにアタック"
        return f"{who} 「{name}」で「{data.get('target_name')}」にアタック"
    if event == "damage":
        return f"  「{name}」に {data['amount']} ダメージ (合計 {data['total']})"
    if event == "destroy":
        return f"  {who}の「{name}」が破壊された"
    if event == "life_damage":
        return f"  {who} ライフダメージ: ライフの「{name}」を公開"
    if event == "life_recover":
        n = data.get("n", 1)
        if data.get("name"):
            return f"  {who} ライフリカバリー: デッキの上から{n}枚をライフに"
        return f"  {who} デッキの上から{n}枚をライフに"
    if event == "void_bringer":
        return f"  {who} ヴォイドブリンガー: 「{name}」をトラッシュに置く"
    if event == "refresh":
        return f"{who} デッキリフレッシュ: トラッシュをデッキに戻してシャッフル (R-1)"
    if event == "ability":
        text = _ability_text(g, data)
        return f"  {who} 「{name}」の能力" + (f": {text}" if text else "")
    if event == "shift":
        return f"{who} シフト「{name}」→「{data.get('target_name')}」"
    if event == "discard":
        return f"{who} 手札を捨てる: " + "、".join(f"「{n}」" for n in data.get("names", []))
    if event == "game_over":
        return f"\n対戦終了: {result_words(g)}、ターン {g.turn}"
    try:
        line = _state_line(g, event, data, who)
        return line if line is not None else _effect_line(g, event, data, who)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):  # unexpected data: still one line
        return f"  {who} {event}"


def result_words(g: Game, labels: tuple[str, str] = ("P1", "P2")) -> str:
    """Who won and why, in words: 'P1 の勝ち (P2 のライフが0枚、W-1)'."""
    w, reason = g.winner, g.reason
    if reason == "turn_limit":
        why = f"ターン上限 {g.turn_limit} に達した、W-3"
    elif reason == "life":
        why = ("両者のライフが同時に0枚" if w is None else f"{labels[1 - w]} のライフが0枚") + "、W-1"
    elif reason == "card":
        why = "カードの効果による勝利、W-2"
    else:
        why = reason
    head = "引き分け" if w is None else f"{labels[w]} の勝ち"
    return f"{head} ({why})"


def _ability_text(g: Game, data: dict[str, Any]) -> str:
    """The rules text of the ability an `ability` event resolves ('' when it cannot be found)."""
    from zxdeck.games.zx.catalog.cardtext import render_ability

    iid, cid, index = data.get("card"), data.get("card_id"), data.get("index")
    if not isinstance(iid, int) or not isinstance(index, int) or not 0 <= iid < len(g.cards):
        return ""
    card = g.cards[iid]
    if cid is not None and card.id != cid:  # an ability the Z/X has from its Shift (H-3)
        shift = g.shift_on.get(iid)
        card = g.cards[shift] if shift is not None and g.cards[shift].id == cid else None
    abilities = card.abilities if card is not None else None
    if not abilities or index >= len(abilities):
        return ""
    try:
        return render_ability(abilities[index], card).replace("\n", " ")
    except (KeyError, TypeError, ValueError):
        return ""


def _effect_line(g: Game, event: str, data: dict[str, Any], who: str) -> str | None:
    """Effects (docs/ABILITIES.md): bounce, power, move, counters, search, ..."""
    from zxdeck.games.zx.engine.describe import nothing_reason

    name = f"「{data.get('name', '')}」"
    names = "、".join(f"「{n}」" for n in data.get("names") or [])
    n = data.get("n", 1)
    to = ZONES.get(data.get("to", ""), data.get("to", ""))
    if event == "no_effect":
        return f"  {name}の効果では何も起きない: {nothing_reason(data.get('reason', ''))}"
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
        return f"  {who} デッキの上から{names}をトラッシュへ" if names else None
    if event == "counter":
        k = data["counter"]
        change = data.get("change", 0)
        if isinstance(change, int) and change < 0:
            return f"  {who} {COUNTERS.get(k, k)}を{-change}個取り除いた (残り{n}個)"
        return f"  {who} {COUNTERS.get(k, k)}を得た ({n}個に)"
    if event == "search":
        found = len(data.get("names") or [])
        if not found:
            return f"  {who} デッキからカードを加えなかった (サーチ)"
        if data.get("to") == "hand":  # the hand is hidden: how many, not which (Z-4)
            return f"  {who} デッキからカード{found}枚を手札に加えた (サーチ)"
        return f"  {who} デッキから{names}を{to}へ (サーチ)"
    if event == "retrieve":
        return f"  {who} {names}を{to}へ (回収)"
    if event == "ramp":
        if not n:
            return None
        q = data.get("player")
        res = g.players[q].resources if isinstance(q, int) else []
        put = "、".join(f"「{g.cards[i].name}」" for i in res[-n:]) if len(res) >= n else f"{n}枚"
        return f"  {who} デッキの上から{put}をリソースへ"
    if event == "alter_force":
        return f"  {who}の{name}にフォース {n}枚 (オルターフォース A-8)"
    if event == "refresh_life":
        return f"  {who}のライフ{name}がチャージへ (リフレッシュ R-1)"
    if event == "charge_from_deck":
        return f"  {who} デッキの上からチャージへ: {names}"
    if event == "life_to_charge":
        return f"  → {name}はチャージへ"
    if event == "event_resolved":
        where = "デュナミスに表向きで置く" if data.get("to") == "dunamis_up" else "トラッシュへ"
        return f"  {name}の解決終了 → {where}"
    if event == "not_placed":
        return f"  {name}は登場できず{to}へ"
    if event == "replaced":
        return f"  {who}の{name}は入れ替えで場を離れる"
    if event == "declare":
        if "condition" in data:
            return f"{who} デュナミスから{name}の{CONDITIONS.get(data['condition'], '登場')}を宣言"
        if data.get("via") == "dunamis":
            return f"{who} デュナミスからイベントEX{name}を使用宣言"
        if data.get("via") == "effect":
            return f"{who} {name}をコストを払わずに使用宣言"
        return f"{who} 手札から{name}を使用宣言"
    return None


def _card_names(g: Game, iids: Any) -> str:
    return "、".join(f"「{g.cards[i].name}」" for i in iids or ())


def _state_line(g: Game, event: str, data: dict[str, Any], who: str) -> str | None:
    """Setup, costs, sleep and reboot: the events that change no card's zone but a card's state."""
    if event == "setup":
        zones = data.get("cards") or {}
        parts = [f"{k.upper()} デッキ{len(v.get('deck', []))}枚・デュナミス{len(v.get('dunamis', []))}枚"
                 for k, v in zones.items()]
        return "対戦準備: " + "、".join(parts)
    if event == "start_card":
        return f"{who} スタートカードを裏向きでプレイヤースクエアに置く"
    if event == "gate_card":
        return f"{who} ゲートカード「{data.get('name', '')}」をデュナミスに表向きで置く"
    if event == "setup_life":
        return f"{who} ライフに{data.get('n', 0)}枚"
    if event == "setup_resource":
        return f"{who} リソースに" + "、".join(f"「{n}」" for n in data.get("names") or [])
    if event == "ignite":
        return f"{who} チャージの「{data.get('name', '')}」をトラッシュへ (イグニッション)"
    if event == "pay":
        return f"  {who} コスト{data.get('cost', 0)}の支払い: {_card_names(g, data.get('resources'))}をスリープ"
    if event in ("sleep", "reboot"):
        verb = "スリープ" if event == "sleep" else "リブート"
        cards = data.get("cards") or []
        if data.get("reason") == "reboot_phase":
            return f"  {who} リブートフェイズ: {len(cards)}枚をリブート"
        label = " (コスト)" if data.get("reason") == "cost" else ""
        return f"  {who} {_card_names(g, cards)}を{verb}{label}"
    return None


def narration(g: Game, event: str, data: dict[str, Any]) -> list[str]:
    """The non-empty lines of `narrate` (the terminal UI's log lines); [] for a silent event."""
    line = narrate(g, event, data)
    return [x for x in line.split("\n") if x.strip()] if line is not None else []
