"""Test data and helpers of the deck tests: a small catalog of made-up cards and a legal deck."""

from __future__ import annotations

CARDS_YAML = """
cards:
  # main deck, ignition: 5 names (20 cards in the legal deck)
  - {id: T01-001, name: 紅蓮の剣士ジーク, name_en: "Siegh, Crimson Swordsman", type: zx, color: red, cost: 3, power: 5000, icons: [ignition]}
  - {id: T01-101, name: 紅蓮の剣士ジーク, type: zx, color: red, cost: 3, power: 5000, icons: [ignition]}
  - {id: T01-002, name: 炎の竜, name_en: Flame Dragon, type: zx, color: red, cost: 4, power: 6500, icons: [ignition]}
  - {id: T01-003, name: 赤の射手, name_en: Red Archer, type: zx, color: red, cost: 2, power: 3500, icons: [ignition]}
  - {id: T01-004, name: 灼熱の槍兵, name_en: Burning Lancer, type: zx, color: red, cost: 1, power: 2500, icons: [ignition]}
  - {id: T01-006, name: 蒼の騎士, name_en: Azure Knight, type: zx, color: blue, cost: 3, power: 5000, icons: [ignition]}
  - {id: T01-040, name: 蒼の騎士, type: zx, color: blue, cost: 3, power: 5000}
  - {id: T05-030, name: 炎の竜, type: zx_ex, color: red, cost: 7, power: 11000}
  - {id: T01-005, name: 火炎の嵐, name_en: Firestorm, type: event, color: red, cost: 2, icons: [ignition]}
  # main deck, no ignition
  - {id: T01-010, name: 紅の少女, name_en: Crimson Girl, type: zx, color: red, cost: 1, power: 1500, keywords: [start_card]}
  - {id: T01-011, name: 炎の守護者, type: zx, color: red, cost: 2, power: 3000}
  - {id: T01-012, name: 青の剣, name_en: Blue Sword, type: zx, color: blue, cost: 3, power: 4500}
  - {id: T01-013, name: 火の鳥, type: zx, color: red, cost: 5, power: 8000}
  - {id: T01-014, name: 烈火の騎士, type: zx, color: red, cost: 4, power: 6000}
  - {id: T01-018, name: 赤の祈り, type: event, color: red, cost: 1}
  - {id: T01-019, name: 炎の盾, type: event, color: red, cost: 0, timing: battle}
  - {id: T01-016, name: 回復の泉, name_en: Fountain of Life, type: zx, color: red, cost: 2, power: 2000, text: "ライフリカバリー"}
  - {id: T01-020, name: 癒しの歌, type: zx, color: white, cost: 2, power: 2000, keywords: [life_recovery]}
  - {id: T01-017, name: 虚無の使者, name_en: Void Messenger, type: zx, color: black, cost: 3, power: 4000, text: "Void Bringer"}
  - {id: T01-021, name: 闇の門, type: zx, color: black, cost: 3, power: 4000, keywords: [void_bringer]}
  - {id: T01-030, name: 緑の若芽, type: zx, color: green, cost: 1, power: 1000, keywords: [start_card]}
  # dunamis
  - {id: T05-001, name: 天使の降臨, name_en: Angel Descent, type: zx_ex, color: white, cost: 6, power: 9000}
  - {id: T05-002, name: 竜王, type: zx_ex, color: red, cost: 7, power: 10000}
  - {id: T05-003, name: 海神, type: zx_ex, color: blue, cost: 6, power: 9500}
  - {id: T05-004, name: 森の王, type: zx_ex, color: green, cost: 5, power: 8500}
  - {id: T05-005, name: 光の翼, type: shift, color: white, cost: 2}
  - {id: T05-006, name: 闇の鎧, type: shift, color: black, cost: 2}
  - {id: T05-010, name: 千歳の守護竜, type: zx_ob, color: blue, cost: 5, power: 8000, player: 青葉千歳}
  - {id: T05-011, name: 千歳の剣, type: zx_ob, color: blue, cost: 4, power: 7000, player: 青葉千歳}
  - {id: T05-012, name: 綾瀬の炎竜, type: zx_ob, color: red, cost: 5, power: 8000, player: 上柚木綾瀬}
  - {id: T05-020, name: 千歳の奇跡, type: event_ex, color: blue, cost: 3, player: 青葉千歳}
  - {id: T05-021, name: 綾瀬の決意, type: event_ex, color: red, cost: 3, player: 上柚木綾瀬}
  # player cards
  - {id: P01-001, name: 青葉千歳, name_en: Chitose Aoba, type: player}
  - {id: P01-002, name: 上柚木綾瀬, name_en: Ayase Kamiyugi, type: player}
"""

# D-1..D-15 all satisfied: 50 cards, 20 ignition, 2 Life Recovery, a Start Card,
# dunamis of 16 (4 Z/X OB of the player, 12 others).
LEGAL_DECK = """\
# a legal deck for the test catalog
Player: 青葉千歳
4 T01-001
4 T01-002
4 T01-003
4 T01-004
4 T01-005
4 T01-010
4 T01-011
4 T01-012
4 T01-013
4 T01-014
4 T01-018
4 T01-019
2 T01-016
Dunamis:
4 T05-001
4 T05-002
2 T05-005
2 T05-020
2 T05-010
2 T05-011
"""


def codes(problems) -> list[str]:
    """The codes of a list of problems, in order."""
    return [p.code for p in problems]


def replace_line(deck: str, old: str, new: str) -> str:
    """The deck text with one whole line replaced (fails loudly when the line is not there)."""
    lines = deck.splitlines()
    assert old in lines, old
    return "\n".join(new if line == old else line for line in lines) + "\n"
