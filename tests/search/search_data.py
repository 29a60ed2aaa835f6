"""The fixture catalog of the search tests (a module name no other test folder uses)."""

from __future__ import annotations

FIXTURE_YAML = """\
cards:
  - id: T01-001
    name: 紅蓮の剣士ジーク
    name_en: Siegh, Crimson Swordsman
    type: zx
    color: red
    cost: 3
    power: 5000
    races: [ドラゴン, 武人]
    icons: [ignition]
    text: "【自】このカードが登場した時、カードを1枚引く。"
    abilities:
      - kind: auto
        trigger: enter
        effects:
          - {do: draw, n: 1}
    rarity: SR
  - id: T01-002
    name: どらごんの卵
    name_en: Dragon Egg
    type: zx
    color: red
    cost: 1
    power: 1000
    races: [どらごん]
    text: "ライフリカバリー"
  - id: T01-003
    name: 蒼の騎士
    name_en: Azure Knight
    type: zx
    color: blue
    cost: 2
    power: 3000
    races: [ナイト]
    icons: [evol_seed]
  - id: T01-004
    name: 白銀の天使
    name_en: Silver Angel
    type: zx
    color: white
    cost: 4
    power: 6500
    races: [エンジェル]
    keywords: [void_bringer]
  - id: T01-005
    name: 黒き影
    name_en: Black Shadow
    type: zx
    color: black
    cost: 5
    power: 8000
    text: "Gate Card. Draw a card."
  - id: T01-006
    name: 翠風の精
    name_en: Green Wind Spirit
    type: zx
    color: green
    cost: 0
    power: 500
    keywords: [start_card]
  - id: T01-010
    name: ファイアボール
    name_en: Fireball
    type: event
    color: red
    cost: 2
    timing: battle
    text: "相手のゼクス1体に3000ダメージを与える。"
  - id: T01-011
    name: ＡＢＣカード
    type: event
    color: blue
    cost: 1
    text: "Full width ＡＢＣ text"
  - id: T01-012
    name: どらごん
    type: zx
    color: colorless
    cost: 2
    power: 2000
  - id: P01-001
    name: 青葉千歳
    name_en: Chitose Aoba
    type: player
  - id: P01-002
    name: 別のプレイヤー
    type: player
  - id: EX01-001
    name: 天竜皇
    name_en: Sky Dragon Emperor
    type: zx_ex
    color: red
    cost: 7
    power: 14000
    races: [ドラゴン]
  - id: OB01-001
    name: 千歳の守護者
    type: zx_ob
    color: white
    cost: 3
    power: 7000
    player: 青葉千歳
  - id: EV01-001
    name: 千歳の奇跡
    type: event_ex
    color: green
    cost: 2
    player: 青葉千歳
    timing: any
  - id: SH01-001
    name: 焔の剣
    type: shift
    color: colorless
    cost: 0
"""

ALL_IDS = frozenset([
    "T01-001", "T01-002", "T01-003", "T01-004", "T01-005", "T01-006", "T01-010", "T01-011",
    "T01-012", "P01-001", "P01-002", "EX01-001", "OB01-001", "EV01-001", "SH01-001",
])
