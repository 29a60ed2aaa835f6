"""The engine's narration (`narrate`, used by `zxdeck play --auto`, the terminal UI and replays):
one Japanese line for every effect the engine reports, with the cards' Japanese names."""

from __future__ import annotations

import json

import pytest
from scenario import Table
from test_play_auto_cli import GOLDEN, run

from zxdeck.engine.log import narrate, narration

# event -> (data the engine emits, words the line must contain)
EFFECTS = {
    "bounce": ({"player": 0, "card": 1, "name": "紅蓮の竜"}, ("P1", "「紅蓮の竜」", "手札に戻る")),
    "to_resource": ({"player": 1, "card": 1, "name": "蒼の騎士"}, ("P2", "「蒼の騎士」", "リソース")),
    "deck_bottom": ({"player": 0, "card": 1, "name": "紅蓮の竜"}, ("「紅蓮の竜」", "デッキの下")),
    "to_trash": ({"player": 0, "card": 1, "name": "紅蓮の竜"}, ("「紅蓮の竜」", "トラッシュ")),
    "power": ({"player": 0, "card": 1, "name": "紅蓮の竜", "amount": 2000}, ("「紅蓮の竜」", "パワー+2000")),
    "move": ({"player": 0, "card": 1, "name": "紅蓮の竜", "square": 4}, ("「紅蓮の竜」", "中央", "移動")),
    "mill": ({"player": 1, "names": ["蒼の騎士", "白の盾"]}, ("P2", "「蒼の騎士」、「白の盾」", "トラッシュ")),
    "counter": ({"player": 0, "counter": "dream_key", "n": 2}, ("P1", "ドリーム・キー", "2")),
    "search": ({"player": 0, "names": ["紅蓮の竜"], "to": "hand"}, ("P1", "1枚", "手札", "サーチ")),
    "retrieve": ({"player": 0, "names": ["紅蓮の竜"], "to": "hand"}, ("「紅蓮の竜」", "手札", "回収")),
    "ramp": ({"player": 1, "n": 2}, ("P2", "リソース", "2枚")),
    "alter_force": ({"player": 0, "card": 1, "name": "紅蓮の竜", "n": 1}, ("「紅蓮の竜」", "フォース")),
    "refresh_life": ({"player": 0, "name": "紅蓮の竜"}, ("P1", "「紅蓮の竜」", "チャージ", "R-1")),
    # the events of the complete record (INTERFACES 5): costs, sleep / reboot, every card move
    "setup": ({"cards": {"p1": {"deck": [[0, "A"]] * 50, "dunamis": [[1, "B"]] * 3},
                         "p2": {"deck": [[2, "C"]] * 50, "dunamis": []}}},
              ("P1 デッキ50枚", "デュナミス3枚", "P2 デッキ50枚", "デュナミス0枚")),
    "start_card": ({"player": 1, "card": 1, "name": "秘密の竜", "square": 7}, ("P2", "スタートカード", "裏向き")),
    "gate_card": ({"player": 0, "card": 1, "name": "転移門の鍵"}, ("P1", "「転移門の鍵」", "デュナミス", "表向き")),
    "setup_life": ({"player": 0, "n": 4}, ("P1", "ライフ", "4枚")),
    "setup_resource": ({"player": 1, "n": 2, "cards": [1, 2], "names": ["蒼の騎士", "白の盾"]},
                       ("P2", "リソース", "「蒼の騎士」、「白の盾」")),
    "ignite": ({"player": 0, "card": 1, "name": "紅蓮の竜"}, ("P1", "チャージ", "「紅蓮の竜」", "イグニッション")),
    "declare": ({"player": 0, "card": 1, "name": "紅蓮の竜", "via": "hand", "cost": 3}, ("P1", "手札", "「紅蓮の竜」")),
    "pay": ({"player": 0, "card": 1, "name": "紅蓮の竜", "cost": 2, "color": "green", "resources": [1, 2],
             "colors": ["green", "green"]}, ("P1", "コスト2", "「フィラー」、「フィラー」", "スリープ")),
    "sleep": ({"player": 0, "cards": [1], "reason": "cost"}, ("P1", "「フィラー」", "スリープ")),
    "reboot": ({"player": 1, "cards": [1, 2], "reason": "reboot_phase"}, ("P2", "リブートフェイズ", "2枚")),
    "event_resolved": ({"player": 0, "card": 1, "name": "紅蓮解放", "to": "dunamis_up"},
                       ("「紅蓮解放」", "解決", "デュナミス", "表向き")),
    "life_to_charge": ({"player": 1, "card": 1, "name": "蒼の騎士"}, ("「蒼の騎士」", "チャージ")),
    "not_placed": ({"player": 0, "card": 1, "name": "紅蓮の竜", "to": "trash"}, ("「紅蓮の竜」", "登場できず", "トラッシュ")),
    "replaced": ({"player": 0, "card": 1, "name": "紅蓮の竜"}, ("P1", "「紅蓮の竜」", "入れ替え")),
    "charge_from_deck": ({"player": 0, "n": 1, "names": ["紅蓮の竜"]}, ("P1", "デッキ", "チャージ", "「紅蓮の竜」")),
    "no_effect": ({"player": 0, "card": 1, "name": "紅蓮の竜", "effect": "destroy", "reason": "no_target"},
                  ("「紅蓮の竜」", "何も起きない", "対象にできるゼクスがいない")),
}


@pytest.mark.parametrize("event", sorted(EFFECTS))
def test_every_effect_event_is_narrated(event: str) -> None:
    """Bounce, to_resource, power, move, mill, counters, search, retrieve, ramp, alter_force,
    refresh_life (R-1), ...: one line each, naming the player and the cards in Japanese."""
    g = Table().g
    data, words = EFFECTS[event]
    line = narrate(g, event, data)
    assert line is not None, event
    for w in words:
        assert w in line, (event, line)
    assert narration(g, event, data) == [x for x in line.split("\n") if x.strip()]


def test_s10_setup_done_names_the_start_cards_turned_face_up() -> None:
    """S-2, S-10: the start cards, face down during the mulligan, are named when setup ends."""
    from zxdeck.engine import DeckSpec, Game
    from zxdeck.engine.synth import zx

    start = zx("T-ST", "始まりの竜", "red", 1, 3000, keywords=("start_card",))
    filler = zx("T-F", "フィラー", "red", 1, 1000)
    lines: list[str] = []
    g = Game(DeckSpec(main=(start,) + (filler,) * 39), DeckSpec(main=(filler,) * 40), seed=1,
             listener=lambda g, e, d: lines.extend(narration(g, e, d)) if e == "setup_done" else None)
    while not g.started:
        g.apply(g.legal_actions()[0])
    assert lines == ["準備完了: スタートカードを表に (S-10) P1「始まりの竜」"]


def test_search_to_hand_does_not_name_the_cards_but_to_resources_does() -> None:
    """Hidden information: a card searched into the hand is not named (the hand is hidden);
    resources are face up (Z-4), so a card searched there is named."""
    g = Table().g
    assert "紅蓮の竜" not in narrate(g, "search", {"player": 0, "names": ["紅蓮の竜"], "to": "hand"})
    assert "紅蓮の竜" in narrate(g, "search", {"player": 0, "names": ["紅蓮の竜"], "to": "resource"})


def test_to_trash_from_a_zone_names_the_zone() -> None:
    g = Table().g
    line = narrate(g, "to_trash", {"player": 1, "zone": "charge", "names": ["蒼の騎士"]})
    assert line is not None and "チャージ" in line and "「蒼の騎士」" in line and "P2" in line


def test_odd_data_gives_a_plain_line_never_an_exception() -> None:
    g = Table().g
    assert narrate(g, "move", {"player": 0, "name": "x"}) is not None


MARKERS = {
    "bounce": "手札に戻る", "to_resource": "リソースへ", "deck_bottom": "デッキの下へ",
    "power": "のパワー", "move": "移動", "mill": "をトラッシュへ", "counter": "個",
    "search": "サーチ", "retrieve": "回収", "ramp": "をリソースへ",
    "alter_force": "フォース", "refresh_life": "(リフレッシュ R-1)",
}


@pytest.mark.parametrize("args", [
    ("--seed", "3", "--ai1", "random", "--p1", "white.txt", "--p2", "green.txt"),
    ("--seed", "4", "--ai1", "random", "--ai2", "random", "--p1", "blue.txt", "--p2", "red.txt"),
])
def test_play_auto_prints_the_effects(tmp_path, args) -> None:
    """`zxdeck play --auto` prints a line for each effect event of its JSON Lines log."""
    args = tuple(str(GOLDEN / a) if a.endswith(".txt") else a for a in args)
    log = tmp_path / "g.jsonl"
    r = run("play", "--auto", *args, "--log", str(log))
    assert r.returncode == 0, r.stderr
    events = [json.loads(x)["event"] for x in log.read_text(encoding="utf-8").splitlines()]
    seen = {e for e in events if e in MARKERS}
    assert len(seen) >= 3, seen
    out = r.stdout.splitlines()
    for e in seen:
        assert sum(MARKERS[e] in line for line in out) >= events.count(e), (e, MARKERS[e])


def test_every_pick_purpose_has_a_japanese_label() -> None:
    """The person sees each pick as '<label>: 選んでください' and the log as '<label>: 「card」':
    every purpose the engine asks about (engine source, `pick(...)`) has a Japanese label."""
    import re
    from pathlib import Path

    from zxdeck.engine.describe import PURPOSES

    src = "\n".join(p.read_text(encoding="utf-8")
                    for p in (Path(__file__).resolve().parents[2] / "zxdeck" / "games" / "zx" / "engine").glob("*.py"))
    found = set(re.findall(r'(?:\.pick\(|"pick", )[a-z]+, "([a-z_]+)"', src))
    assert {"search", "discard", "start_card", "descent"} <= found
    missing = sorted(p for p in found if p not in PURPOSES)
    assert not missing
    assert all(not re.search(r"[a-z]", PURPOSES[p]) for p in found)


def test_an_effect_that_does_nothing_says_why() -> None:
    """An effect with nothing to act on is narrated with the reason (never silently skipped):
    no Z/X to target, no card in the zone a retrieve looks at, an empty hand to discard from."""
    t = Table()
    t.to_main()
    lines: list[str] = []
    t.g.listener = lambda g, e, d: lines.extend(narration(g, e, d))
    t.cast({"do": "destroy", "target": {"side": "opponent"}})
    t.cast({"do": "retrieve", "from": "charge", "to": "hand", "n": 1})
    t.cast({"do": "discard", "n": 1})
    told = [x for x in lines if "何も起きない" in x]
    assert told == ["  「テスト」の効果では何も起きない: 対象にできるゼクスがいない",
                    "  「テスト」の効果では何も起きない: チャージに条件に合うカードがない",
                    "  「テスト」の効果では何も起きない: 手札がない"], lines


def test_every_reason_an_effect_does_nothing_has_words() -> None:
    import re
    from pathlib import Path

    from zxdeck.catalog.cardtext import ZONE
    from zxdeck.engine.describe import NOTHING

    src = (Path(__file__).resolve().parents[2] / "zxdeck" / "games" / "zx" / "engine" / "effects.py").read_text(encoding="utf-8")
    codes = set(re.findall(r'"((?:no|left|empty)_[a-z_]+(?::[a-z_]+)?)"', src))
    codes |= {f"no_card:{zone}" for zone in ZONE} | {"no_card:deck"}
    assert {"no_target", "left_field", "no_ob", "no_square"} <= codes
    assert not codes - set(NOTHING)
    assert all(not re.search(r"[a-z]", NOTHING[c]) for c in codes)
