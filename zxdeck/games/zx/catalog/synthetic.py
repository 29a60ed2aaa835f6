"""Synthetic catalogs for benchmarks and tests: many plausible cards, reproducible from a seed.

`synthetic_catalog_yaml(50_000)` writes catalog YAML (INTERFACES.md section 1)
with Japanese and English names, races, icons, keywords in the text, players
for the Z/X OB and Event EX cards, and unknown extra keys, so that the loader,
the SQLite cache and the search run on realistic data.
"""

from __future__ import annotations

import json
import random

_KANA = "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワン"
_KANJI = "紅蓮剣士竜騎蒼天白銀黒影翠風炎氷雷光闇聖魔獣神姫王"
_RACES = (
    "ドラゴン", "ウォリアー", "バトルドレス", "ギア", "ミソス", "ディアボロス", "オーガ",
    "アルターイマジン", "ナイト", "プラセクト", "ソードマスター", "ヴァンパイア",
)
_EN = ("Crimson", "Azure", "Silver", "Shadow", "Storm", "Dragon", "Knight", "Queen", "Blade", "Gear")
_PHRASES = (
    "このカードが登場した時、カードを1枚引く。",
    "【自】このカードがアタックした時、相手のゼクスを1枚選び、破壊する。",
    "【常】このカードのパワーを+1000する。",
    "When this card enters, draw a card.",
    "ライフリカバリー",
    "ヴォイドブリンガー",
    "スタートカード",
    "【起】リソースを1枚レストする。",
    "Choose one of your opponent's Z/X and return it to the hand.",
)
_COLORS = ("red", "blue", "white", "black", "green", "colorless")


def _name(rng: random.Random) -> str:
    kanji = "".join(rng.choice(_KANJI) for _ in range(rng.randint(1, 3)))
    kana = "".join(rng.choice(_KANA) for _ in range(rng.randint(2, 5)))
    return f"{kanji}の{kana}"


def synthetic_cards(count: int, seed: int = 1) -> list[dict]:
    """`count` catalog mappings (unique ids, about 2% players), reproducible from `seed`."""
    rng = random.Random(seed)
    players = [f"プレイヤー{n}" for n in range(max(1, count // 50))]
    cards: list[dict] = []
    for index in range(count):
        card_id = f"S{index // 1000:02d}-{index % 1000:03d}"
        roll = rng.random()
        if index < len(players):
            cards.append({"id": card_id, "name": players[index], "type": "player"})
            continue
        ctype = (
            "zx" if roll < 0.6 else "event" if roll < 0.75 else "zx_ex" if roll < 0.82
            else "zx_ob" if roll < 0.9 else "shift" if roll < 0.95 else "event_ex"
        )
        card: dict = {
            "id": card_id,
            "name": _name(rng),
            "name_en": f"{rng.choice(_EN)} {rng.choice(_EN)} {index}",
            "type": ctype,
            "color": rng.choice(_COLORS),
            "cost": rng.randint(0, 9),
        }
        if ctype in ("zx", "zx_ex", "zx_ob"):
            card["power"] = rng.randrange(1000, 13000, 500)
            card["races"] = rng.sample(_RACES, rng.randint(0, 2))
            if rng.random() < 0.4:
                card["icons"] = ["ignition"] if rng.random() < 0.8 else ["evol_seed"]
        if ctype in ("zx_ob", "event_ex"):
            card["player"] = rng.choice(players)
        if ctype == "event":
            card["timing"] = rng.choice(("main", "battle", "any"))
        card["text"] = "".join(rng.sample(_PHRASES, rng.randint(1, 3)))
        if ctype == "zx" and "icons" not in card and rng.random() < 0.3:
            card["abilities"] = [
                {"kind": "auto", "trigger": "enter", "effects": [{"do": "draw", "n": rng.randint(1, 2)}]}
            ]
        if rng.random() < 0.2:
            card["rarity"] = rng.choice(("C", "R", "SR"))
        cards.append(card)
    return cards


def synthetic_catalog_yaml(count: int, seed: int = 1) -> str:
    """Catalog YAML with `count` synthetic cards (block mappings with JSON-style flow values)."""
    lines = ["cards:"]
    for card in synthetic_cards(count, seed):
        first = True
        for key, value in card.items():
            lead = "  - " if first else "    "
            lines.append(f"{lead}{key}: {json.dumps(value, ensure_ascii=False)}")
            first = False
    return "\n".join(lines) + "\n"
