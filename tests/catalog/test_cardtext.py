"""zxdeck.catalog.cardtext: the Japanese text rendered from abilities."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from zxdeck.catalog.abilities import PRIMITIVES, check_abilities
from zxdeck.catalog.cardtext import EFFECT, describe_filter, describe_target, may, render_text
from zxdeck.catalog.loader import builtin_catalog_path, load_catalog


def card(abilities: list[dict[str, Any]], **kw: Any) -> dict[str, Any]:
    base = {"id": "T-001", "name": "試験カード", "type": "zx", "color": "red", "cost": 3, "power": 5000}
    base.update(kw)
    base["abilities"] = abilities
    return base


def test_every_builtin_text_is_the_rendering_of_its_abilities() -> None:
    """ABILITIES.md: the text of a built-in card cannot disagree with its abilities."""
    catalog = load_catalog(builtin_catalog_path())
    wrong = [c.id for c in catalog if c.text != render_text(c)]
    assert wrong == []


def test_the_example_of_abilities_md() -> None:
    sal = card([{"kind": "auto", "trigger": "enter", "optional": True, "effects": [
        {"do": "damage", "amount": 3000, "target": {"side": "opponent", "filter": {"max_cost": 3}}}]}])
    assert render_text(sal) == "【自】このカードが登場した時、相手のコスト3以下のゼクス1体に3000ダメージを与えてもよい。"


def test_keyword_lines_come_first() -> None:
    """B-6 / S-2 / S-3: keyword lines (Start Card, Gate Card, Life Recovery, Void Bringer)."""
    text = render_text(card([], keywords=["void_bringer", "start_card", "life_recovery"]))
    assert text.splitlines() == ["スタートカード", "ライフリカバリー", "ヴォイドブリンガー"]
    assert render_text(card([], type="event", keywords=["gate_card"])) == "ゲートカード"


def test_activated_with_costs_timing_and_once_per_turn() -> None:
    """A-1: 【起】［cost］：effect."""
    text = render_text(card([{"kind": "activated", "cost": {"sleep_self": True, "pay": 2}, "timing": "battle",
                              "once_per_turn": True, "effects": [{"do": "draw", "n": 2}]}]))
    assert text == "【起】【ターン1】【バトル】［このカードをスリープする、コスト2を支払う］：カードを2枚引く。"


def test_continuous_power_has_no_end_of_turn_but_auto_power_has() -> None:
    """A-3: a continuous power change lasts while it applies; others until end of turn (P-6)."""
    eff = [{"do": "power", "amount": 2000, "target": "self"}]
    assert render_text(card([{"kind": "continuous", "effects": eff}])) == "【常】このカードのパワーを+2000する。"
    assert "ターン終了時まで" in render_text(card([{"kind": "auto", "trigger": "attack", "effects": eff}]))


def test_zero_optima_and_lv_prefixes() -> None:
    """A-5 / A-6: ゼロオプティマX and [race]Lv.X prefix the ability."""
    eff = [{"do": "power", "amount": -1000, "target": {"side": "opponent", "all": True}}]
    zo = render_text(card([{"kind": "continuous", "condition": {"zero_optima": 3}, "effects": eff}]))
    lv = render_text(card([{"kind": "continuous", "condition": {"lv": {"race": "ドラゴン", "n": 2}}, "effects": eff}]))
    assert zo == "ゼロオプティマ3 【常】相手のゼクスすべてのパワーを-1000する。"
    assert lv.startswith("[ドラゴン]Lv.2 【常】")


def test_auto_with_cost_and_condition() -> None:
    text = render_text(card([{"kind": "auto", "trigger": "destroyed", "cost": {"discard": 1},
                              "condition": {"life_at_most": 3}, "effects": [{"do": "life_recover", "n": 1}]}]))
    assert text == ("【自】このカードが破壊された時、あなたのライフが3以下なら、手札を1枚捨ててもよい。"
                    "そうしたら、あなたのデッキの上から1枚をライフに置く。")


def test_enter_via_narrows_the_trigger() -> None:
    text = render_text(card([{"kind": "auto", "trigger": "enter", "via": "life",
                              "effects": [{"do": "sleep", "target": "attacker"}]}]))
    assert text == "【自】このカードがライフから登場した時、アタックしているゼクスをスリープする。"


def test_zx_ex_conditions() -> None:
    """X-2 / X-3 / X-4: 降臨条件, 覚醒条件, 夢装条件."""
    descent = card([{"kind": "descent", "count": 2, "filter": {"color": "white"}}], type="zx_ex", cost=6)
    assert render_text(descent) == "降臨条件：コストの合計が6以上になるように、あなたのリブート状態の白のゼクス2体を破壊する"
    awakening = card([{"kind": "awakening", "effects": [{"do": "discard", "n": 1}]}], type="zx_ex")
    assert render_text(awakening) == "覚醒条件：手札を1枚捨てる"
    idealize = card([{"kind": "idealize", "counter": "dream_key", "n": 3}], type="zx_ex")
    assert render_text(idealize) == "夢装条件：ドリーム・キーを3個取り除く"


def test_shift_renders_both_conditions() -> None:
    """H-2: 剣臨条件 and 剣臨器."""
    shift = card([{"kind": "shift", "dunamis_face_up": 2, "target": {"type": ["zx_ob"]}}], type="shift")
    assert render_text(shift).splitlines() == [
        "剣臨条件：あなたのデュナミスに表向きのカードが2枚以上ある", "剣臨器：あなたのゼクス オーバーブースト"]


def test_event_ex_shows_two_labelled_modes() -> None:
    """E-1: an Event EX has two effects, one is chosen."""
    evx = card([{"kind": "event", "label": "A", "effects": [{"do": "draw", "n": 2}]},
                {"kind": "event", "label": "B", "effects": [{"do": "ramp", "n": 1}]}], type="event_ex")
    assert render_text(evx).splitlines() == [
        "以下の2つから1つを選んで使用する。", "★A：カードを2枚引く。", "★B：あなたのデッキの上から1枚をリソースに置く。"]


def test_targets_and_filters() -> None:
    assert describe_target({"side": "self", "count": 2, "upto": True, "filter": {"other": True}}) == \
        "あなたのこのカード以外のゼクス2体まで"
    assert describe_target("attack_target") == "アタックされているゼクス"
    assert describe_filter({"type": ["zx_ex", "zx_ob"], "min_power": 8000}) == \
        "パワー8000以上のゼクス エクストラ/ゼクス オーバーブースト"
    assert describe_filter({"ignition": False}, "カード") == "イグニッションアイコンを持たないカード"


MINIMAL: dict[str, dict[str, Any]] = {
    "damage": {"amount": 1000, "target": "self"}, "power": {"amount": 1000, "target": "self"},
    "search": {"to": "hand"}, "gain_counter": {"counter": "melody"}, "play_free": {"from": "trash"},
    "retrieve": {"from": "charge", "to": "deck_bottom"}, "protect": {"from": "effects"},
}


@pytest.mark.parametrize("do", sorted(PRIMITIVES))
def test_every_primitive_renders_plain_and_optional(do: str) -> None:
    """Every phrase ends in a verb with a te-form, so `optional: true` reads "〜てもよい"."""
    effect = {"do": do, **MINIMAL.get(do, {"target": "self"} if "target" in PRIMITIVES[do][1] else {})}
    kind = "continuous" if do == "protect" else "auto"
    ability: dict[str, Any] = {"kind": kind, "effects": [effect]}
    if kind == "auto":
        ability |= {"trigger": "turn_end", "optional": True}
    c = card([ability])
    assert check_abilities(c) == []
    text = render_text(c)
    assert text.endswith("。") and "{" not in text and "None" not in text
    if kind == "auto":
        assert "もよい" in text
    assert EFFECT[do]  # one table row per primitive


def test_may_conjugates_and_refuses_unknown_endings() -> None:
    assert may("カードを1枚引く") == "カードを1枚引いてもよい"
    assert may("手札に戻す") == "手札に戻してもよい"
    with pytest.raises(ValueError):
        may("走れ")


def _doc_examples() -> list[tuple[list[dict[str, Any]], str]]:
    """(abilities, rendered text) pairs of the "More examples" block of docs/ABILITIES.md."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "ABILITIES.md").read_text(encoding="utf-8")
    block = doc.split("More examples", 1)[1].split("```yaml", 1)[1].split("```", 1)[0]
    out = []
    for chunk in block.strip().split("\n\n"):
        lines = chunk.splitlines()
        last_yaml = max(i for i, line in enumerate(lines) if not line.startswith("#"))
        expected = "\n".join(line[2:] for line in lines[last_yaml + 1:])
        out.append((yaml.safe_load("\n".join(lines[: last_yaml + 1])), expected))
    return out


def test_abilities_md_examples_render_as_documented() -> None:
    """docs/ABILITIES.md: its examples pass the checker and render to the text shown under them."""
    catalog_example = yaml.safe_load(
        (Path(__file__).resolve().parents[2] / "docs" / "ABILITIES.md").read_text(encoding="utf-8")
        .split("## An example", 1)[1].split("```yaml", 1)[1].split("```", 1)[0])[0]
    assert check_abilities(catalog_example) == []
    assert render_text(catalog_example) == catalog_example["text"]
    examples = _doc_examples()
    assert len(examples) == 4
    types = {"shift": "shift", "event": "event_ex"}
    for abilities, expected in examples:
        c = card(abilities, type=types.get(abilities[0]["kind"], "zx"))
        assert check_abilities(c) == []
        assert render_text(c) == expected
