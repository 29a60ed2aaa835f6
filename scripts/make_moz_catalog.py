"""Write data/moz/cards.yaml, zxdeck's original MOZ catalog, deterministically (no randomness).

    python scripts/make_moz_catalog.py [--check]

Every name is invented: a Japanese-flavoured name built from word parts (kanji, kana reading,
English gloss), with its reading (`reading`, kept by the loader as an unknown key) and an
English name. Abilities use the effect vocabulary of zxdeck/games/moz/catalog/model.py (`when`, `if`,
`do` with `op`s) and each card's `text` says in words what they do. `--check` exits 1 when the
file on disk differs from what this script writes (a test runs it).

The catalog has summoners of levels 1 to 9 (MOZ_RULES K-9, D-4..D-8), beasts of eight
attributes and of every named sub-attribute with powers from -100 to 300 (K-12..K-15),
supports of all five kinds (K-3..K-7) and several cards in every limit group (D-11..D-17).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "data" / "moz" / "cards.yaml"
SET = "zxdeck original (MOZ)"

# attribute -> (kanji, reading, English) name parts
ATTRIBUTES: dict[str, tuple[str, list[tuple[str, str, str]]]] = {
    "貝": ("Shell", [("潮騒", "しおさい", "Surf"), ("真珠", "しんじゅ", "Pearl"), ("螺旋", "らせん", "Spiral"),
                    ("珊瑚", "さんご", "Coral"), ("渦潮", "うずしお", "Whirlpool")]),
    "炎": ("Flame", [("紅蓮", "ぐれん", "Crimson"), ("焔", "ほむら", "Blaze"), ("陽炎", "かげろう", "Heat-Haze"),
                    ("灼熱", "しゃくねつ", "Scorching"), ("火祭", "ひまつり", "Fire-Festival")]),
    "水": ("Water", [("清流", "せいりゅう", "Clearstream"), ("氷雨", "ひさめ", "Sleet"), ("霧雨", "きりさめ", "Drizzle"),
                    ("深淵", "しんえん", "Abyssal"), ("泉", "いずみ", "Wellspring")]),
    "風": ("Wind", [("疾風", "はやて", "Gale"), ("旋風", "つむじかぜ", "Whirlwind"), ("東風", "こち", "East-Wind"),
                   ("嵐", "あらし", "Storm"), ("凪", "なぎ", "Stillwind")]),
    "土": ("Earth", [("岩窟", "がんくつ", "Cavern"), ("砂塵", "さじん", "Sandstorm"), ("大地", "だいち", "Earthen"),
                    ("黒鉄", "くろがね", "Iron"), ("苔", "こけ", "Moss")]),
    "雷": ("Thunder", [("稲妻", "いなずま", "Lightning"), ("轟", "とどろき", "Roaring"), ("紫電", "しでん", "Violet-Spark"),
                      ("迅雷", "じんらい", "Swift-Thunder"), ("雷鳴", "らいめい", "Thunderclap")]),
    "光": ("Light", [("暁", "あかつき", "Dawn"), ("白銀", "しろがね", "Silver"), ("星辰", "せいしん", "Starlit"),
                    ("極光", "きょっこう", "Aurora"), ("陽光", "ようこう", "Sunlit")]),
    "闇": ("Dark", [("宵闇", "よいやみ", "Dusk"), ("朧", "おぼろ", "Hazy"), ("冥府", "めいふ", "Underworld"),
                   ("黒曜", "こくよう", "Obsidian"), ("影", "かげ", "Shadow")]),
}
ATTR_KEYS = list(ATTRIBUTES)
# sub-attribute -> (kanji, reading, English) creature nouns
CREATURES: dict[str, list[tuple[str, str, str]]] = {
    "dragon": [("竜", "りゅう", "Dragon"), ("龍王", "りゅうおう", "Dragon King"), ("飛竜", "ひりゅう", "Wyvern")],
    "male": [("武者", "むしゃ", "Warrior"), ("剣士", "けんし", "Swordsman"), ("巨人", "きょじん", "Giant")],
    "female": [("姫", "ひめ", "Princess"), ("巫女", "みこ", "Shrine Maiden"), ("魔女", "まじょ", "Witch")],
    "beast": [("狼", "おおかみ", "Wolf"), ("獅子", "しし", "Lion"), ("大猪", "おおいのしし", "Boar")],
    "fish": [("鮫", "さめ", "Shark"), ("鯉", "こい", "Carp"), ("海蛇", "うみへび", "Sea Serpent")],
    "bird": [("鷹", "たか", "Hawk"), ("鶴", "つる", "Crane"), ("鳳", "おおとり", "Great Bird")],
    "insect": [("蜂", "はち", "Hornet"), ("蝶", "ちょう", "Butterfly"), ("甲虫", "かぶとむし", "Beetle")],
}
SUBS = list(CREATURES)
POWERS = [-100, 50, 100, 150, 200, 250, 300]
# power by sub-attribute: dragons strong, insects and fish sometimes cursed (-100)
SUB_POWERS: dict[str, list[int]] = {
    "dragon": [100, 200, 300, 100, 250, 150],
    "male": [150, 200, 100, 250, 50, 200],
    "female": [100, 150, 50, 200, 100, 250],
    "beast": [150, 100, 200, 50, 250, 100],
    "fish": [50, -100, 150, 100, 200, -100],
    "bird": [100, 50, 150, 200, 100, 50],
    "insect": [-100, 50, 100, -100, 150, 50],
}

SURNAMES = [("朝霧", "あさぎり"), ("神楽", "かぐら"), ("氷室", "ひむろ"), ("鳴海", "なるみ"), ("天城", "あまぎ"),
            ("御影", "みかげ"), ("真宮", "まみや"), ("紫藤", "しどう"), ("九条", "くじょう"), ("日向", "ひなた"),
            ("白鷺", "しらさぎ"), ("柊", "ひいらぎ")]
GIVEN_M = [("ソウマ", "そうま"), ("レン", "れん"), ("ハヤト", "はやと"), ("ジン", "じん"), ("タケル", "たける"),
           ("カイ", "かい"), ("ゲンジ", "げんじ"), ("シオン", "しおん"), ("リョウ", "りょう")]
GIVEN_F = [("ミコト", "みこと"), ("サクヤ", "さくや"), ("ユラ", "ゆら"), ("アオイ", "あおい"), ("ツバキ", "つばき"),
           ("シズク", "しずく"), ("ヒバリ", "ひばり"), ("カグヤ", "かぐや"), ("ナギサ", "なぎさ")]
TITLES = ["見習い", "召喚術士", "導師", "賢者", "大召喚師", "星詠み", "覇王", "神子", "原初の主"]
TITLES_EN = ["Apprentice", "Summoner", "Mentor", "Sage", "Grand Summoner", "Star Reader", "Overlord",
             "Divine Child", "Primordial Lord"]
LEVEL_COUNTS = {1: 5, 2: 6, 3: 6, 4: 6, 5: 4, 6: 4, 7: 3, 8: 1, 9: 1}


def romaji(kana: str) -> str:
    """The reading in capitalised words for English names (kana through jaconv)."""
    import jaconv

    return jaconv.kana2alphabet(jaconv.kata2hira(kana)).replace("ー", "").capitalize()


# --------------------------------------------------------------------------- ability text


def target_text(t: dict[str, Any]) -> str:
    side = {"self": "your", "opponent": "the opponent's", "any": "any"}[t.get("side", "self")]
    what = "card" if t.get("kind") == "any" else "beast"
    parts = []
    if "attribute" in t:
        parts.append(f"{t['attribute']}-attribute")
    if "sub_attribute" in t:
        parts.append(t["sub_attribute"])
    n = t.get("count", 1)
    many = n == "all"
    noun = f"{' '.join(parts)} {what}".strip() + ("s" if n != 1 else "")
    extra = ""
    if "power_max" in t:
        extra = f" with power {t['power_max']} or less"
    if "power_min" in t:
        extra = f" with power {t['power_min']} or more"
    count = "each of " + side if many else ("one of " + side if n == 1 else f"{n} of {side}")
    return f"{count} {noun}{extra}" if n != 1 else f"one of {side} {noun}s{extra}"


def effect_text(e: dict[str, Any]) -> str:
    op = e["op"]
    side = "your" if e.get("side", "self") == "self" else "the opponent's"
    if op == "power":
        return f"{target_text(e['target'])} gets {e['amount']:+d} power"
    if op == "summoner_power":
        return f"{side} summoner's total gets {e['amount']:+d}"
    if op == "speed":
        return f"{side} summoner gets {e['amount']:+d} speed"
    if op == "guard":
        return f"turn {target_text(e['target'])} face down (guard)"
    if op == "send_back":
        return f"send {target_text(e['target'])} to its owner's hole"
    if op == "exchange":
        how = "of the same attribute" if e.get("mode", "same_kind") == "same_kind" else "of any attribute"
        return f"swap one of your face-up beasts with a beast {how} from your hand"
    if op == "nullify":
        return "the opponent's special this round has no effect"
    if op == "seal":
        return "the opponent may not use a special this round"
    if op == "protect":
        return "the opponent cannot guard, send back or exchange your cards this round"
    if op == "result":
        return "your summoner wins the round" if e["outcome"] == "win" else "the round is a tie"
    if op == "draw":
        return f"draw {e['amount']} card{'s' if e['amount'] != 1 else ''}"
    raise ValueError(op)


WHEN = {"round_start": "Round start", "placed": "When placed", "continuous": "Continuous",
        "special": "Special"}
COND = {
    "opponent_sex": lambda v: f"if the opposing summoner is {v}",
    "own_sex": lambda v: f"if your summoner is {v}",
    "opponent_level_min": lambda v: f"if the opposing summoner is level {v} or higher",
    "opponent_level_max": lambda v: f"if the opposing summoner is level {v} or lower",
    "own_level_min": lambda v: f"if your summoner is level {v} or higher",
    "own_level_max": lambda v: f"if your summoner is level {v} or lower",
    "opponent_attribute": lambda v: f"if the opposing summoner has a {v} face",
    "opponent_speed_min": lambda v: f"if the opposing summoner's speed is {v} or more",
}


def ability_text(abilities: list[dict[str, Any]]) -> str:
    out = []
    for a in abilities:
        cond = ", ".join(COND[k](v) for k, v in a.get("if", {}).items())
        body = "; ".join(effect_text(e) for e in a["do"])
        out.append(f"{WHEN[a['when']]}{' (' + cond + ')' if cond else ''}: {body}.")
    return " ".join(out)


# --------------------------------------------------------------------------- cards


def card(cid: str, name: str, reading: str, name_en: str, ctype: str, abilities: list[dict[str, Any]] | None = None,
         flavour: str = "", **fields: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"id": cid, "name": name, "reading": reading, "name_en": name_en, "type": ctype}
    out.update(fields)
    text = ability_text(abilities or [])
    out["text"] = " ".join(p for p in (text, flavour) if p)
    if abilities:
        out["abilities"] = abilities
    out["set"] = SET
    return out


def beasts() -> list[dict[str, Any]]:
    cards = []
    n = 0
    for a_i, attr in enumerate(ATTR_KEYS):
        attr_en, prefixes = ATTRIBUTES[attr]
        for s_i, sub in enumerate(SUBS):
            for k in range(2):
                n += 1
                pk, pr, pe = prefixes[(s_i + 3 * k + a_i) % len(prefixes)]
                nk, nr, ne = CREATURES[sub][(k + a_i) % 3]
                power = SUB_POWERS[sub][(a_i + 2 * k) % len(SUB_POWERS[sub])]
                abilities: list[dict[str, Any]] = []
                style = (a_i * 7 + s_i * 2 + k) % 9
                if style == 0:
                    abilities = [{"when": "continuous", "do": [
                        {"op": "power", "amount": 50, "target": {"side": "self", "attribute": attr, "count": "all"}}]}]
                elif style == 3 and power <= 100:
                    abilities = [{"when": "placed", "do": [
                        {"op": "guard", "target": {"side": "opponent", "kind": "beast", "power_max": 100}}]}]
                elif style == 5:
                    abilities = [{"when": "continuous", "if": {"opponent_sex": "female" if k else "male"}, "do": [
                        {"op": "summoner_power", "amount": 100}]}]
                elif style == 7 and power >= 150:
                    abilities = [{"when": "placed", "do": [
                        {"op": "power", "amount": -50, "target": {"side": "opponent", "count": 1}}]}]
                elif style == 8:
                    abilities = [{"when": "placed", "do": [{"op": "draw", "amount": 1}]}]
                article = "An" if sub[0] in "aeiou" else "A"
                flavour = "" if abilities else f"{article} {sub} of the {attr_en.lower()}, called from the Zone."
                cards.append(card(
                    f"MOZ-B{n:03d}", f"{pk}の{nk}", f"{pr}の{nr}", f"{pe} {ne}", "beast", abilities,
                    flavour, attribute=attr, sub_attribute=sub, power=power))
    # the cursed ones: power -100 for the Minus Hurricane combo, one per attribute
    for a_i, attr in enumerate(ATTR_KEYS):
        attr_en, prefixes = ATTRIBUTES[attr]
        n += 1
        pk, pr, pe = prefixes[(a_i + 4) % len(prefixes)]
        sub = SUBS[(a_i * 3 + 1) % 7]
        cards.append(card(
            f"MOZ-B{n:03d}", f"呪われし{pk}の亡霊", f"のろわれし{pr}のぼうれい", f"Cursed {pe} Wraith", "beast",
            [{"when": "continuous", "do": [{"op": "summoner_power", "amount": -50, "side": "opponent"}]}],
            attribute=attr, sub_attribute=sub, power=-100))
    return cards


def summoners() -> list[dict[str, Any]]:
    cards = []
    n = 0
    i = 0
    for level, count in LEVEL_COUNTS.items():
        for j in range(count):
            n += 1
            female = (n % 2) == 0
            sk, sr = SURNAMES[(n * 5) % len(SURNAMES)]
            gk, gr = (GIVEN_F if female else GIVEN_M)[(n * 4 + j) % 9]
            title = TITLES[level - 1]
            a = ATTR_KEYS[i % 8]
            b = ATTR_KEYS[(i + 3) % 8]
            c = ATTR_KEYS[(i + 5) % 8]
            i += 1
            if level >= 6 and j % 2 == 0:  # a master of one attribute: Flash combos come easier
                faces = {"top": a, "left": a, "right": a}
            elif level >= 3 and j % 3 == 1:
                faces = {"top": a, "left": b, "right": a}
            else:
                faces = {"top": a, "left": b, "right": c}
            speed = max(1, 9 - level + (j % 3) - 1)
            age = 12 + level * 4 + (j * 7) % 11 if level < 9 else None
            abilities: list[dict[str, Any]] = []
            kind = (n + level) % 6
            amount = 50 * (1 + level // 3)
            if kind == 0:
                abilities = [{"when": "continuous", "do": [
                    {"op": "power", "amount": amount, "target": {"side": "self", "attribute": a, "count": "all"}}]}]
            elif kind == 1:
                abilities = [{"when": "round_start", "if": {"opponent_sex": "male" if female else "female"},
                              "do": [{"op": "speed", "amount": 2}]}]
            elif kind == 2:
                abilities = [{"when": "continuous", "if": {"opponent_level_min": level + 1},
                              "do": [{"op": "summoner_power", "amount": 100 + 50 * (level // 4)}]}]
            elif kind == 3:
                abilities = [{"when": "round_start", "do": [{"op": "speed", "amount": -1, "side": "opponent"}]}]
            elif kind == 4 and level >= 4:
                abilities = [{"when": "continuous", "do": [
                    {"op": "power", "amount": -50, "target": {"side": "opponent", "count": "all",
                                                              "sub_attribute": "dragon"}}]}]
            elif kind == 5:
                abilities = [{"when": "continuous", "if": {"opponent_attribute": b}, "do": [
                    {"op": "power", "amount": 50, "target": {"side": "self", "count": "all"}}]}]
            if level >= 7:
                abilities.append({"when": "continuous", "do": [{"op": "summoner_power", "amount": 50 * (level - 5)}]})
            name = f"{title}{sk}{gk}"
            reading = f"{sr}{gr}"
            title_en = TITLES_EN[level - 1]
            cards.append(card(
                f"MOZ-S{n:03d}", name, f"{_title_reading(level)}{reading}",
                f"{romaji(gr)} {romaji(sr)}, {title_en}", "summoner", abilities,
                sex="female" if female else "male", age=age, level=level, summon_attributes=faces,
                speed=speed))
    return cards


_TITLE_READINGS = ["みならい", "しょうかんじゅつし", "どうし", "けんじゃ", "だいしょうかんし", "ほしよみ", "はおう",
                   "みこ", "げんしょのあるじ"]


def _title_reading(level: int) -> str:
    return _TITLE_READINGS[level - 1]


def supports() -> list[dict[str, Any]]:
    cards: list[dict[str, Any]] = []
    n = 0

    def add(name: str, reading: str, en: str, ctype: str, abilities: list[dict[str, Any]] | None = None,
            flavour: str = "", **fields: Any) -> None:
        nonlocal n
        n += 1
        cards.append(card(f"MOZ-P{n:03d}", name, reading, en, ctype, abilities, flavour, **fields))

    # help (K-3): on the bottom face; raise the summoner or beasts
    for a_i, attr in enumerate(ATTR_KEYS):
        attr_en, prefixes = ATTRIBUTES[attr]
        pk, pr, pe = prefixes[(a_i + 2) % 5]
        add(f"{pk}の加護", f"{pr}のかご", f"{pe} Blessing", "help", [{"when": "continuous", "do": [
            {"op": "power", "amount": 100, "target": {"side": "self", "attribute": attr, "count": "all"}}]}])
    helps = [
        ("勇気の灯火", "ゆうきのともしび", "Torch of Courage", [{"op": "summoner_power", "amount": 150}], {}),
        ("守護の紋章", "しゅごのもんしょう", "Guardian Crest", [{"op": "summoner_power", "amount": 100}], {}),
        ("竜騎の笛", "りゅうきのふえ", "Dragon Rider's Flute",
         [{"op": "power", "amount": 100, "target": {"side": "self", "sub_attribute": "dragon", "count": "all"}}], {}),
        ("群れの咆哮", "むれのほうこう", "Howl of the Pack",
         [{"op": "power", "amount": 100, "target": {"side": "self", "sub_attribute": "beast", "count": "all"}}], {}),
        ("乙女の祈り", "おとめのいのり", "Maiden's Prayer",
         [{"op": "power", "amount": 100, "target": {"side": "self", "sub_attribute": "female", "count": "all"}}], {}),
        ("鋼の誓い", "はがねのちかい", "Oath of Steel",
         [{"op": "power", "amount": 100, "target": {"side": "self", "sub_attribute": "male", "count": "all"}}], {}),
        ("萎縮の香", "いしゅくのこう", "Incense of Dread", [{"op": "summoner_power", "amount": -100, "side": "opponent"}], {}),
        ("逆境の灯", "ぎゃっきょうのひ", "Lamp of Adversity", [{"op": "summoner_power", "amount": 250}],
         {"opponent_level_min": 5}),
    ]
    for name, reading, en, effects, cond in helps:
        ability: dict[str, Any] = {"when": "continuous", "do": effects}
        if cond:
            ability["if"] = cond
        add(name, reading, en, "help", [ability])
    # special (K-4), the limit groups first (D-11..D-17)
    groups: list[tuple[str, str, str, str, list[dict[str, Any]]]] = [
        ("natural_disaster", "大津波", "おおつなみ", "Great Tsunami",
         [{"op": "send_back", "target": {"side": "any", "faces": ["top"], "kind": "any", "count": "all"}}]),
        ("natural_disaster", "大噴火", "だいふんか", "Great Eruption",
         [{"op": "send_back", "target": {"side": "any", "faces": ["left"], "kind": "any", "count": "all"}}]),
        ("natural_disaster", "天変地異", "てんぺんちい", "Cataclysm",
         [{"op": "guard", "target": {"side": "any", "kind": "beast", "count": "all", "power_min": 250}}]),
        ("devils_deed", "悪魔の囁き", "あくまのささやき", "Devil's Whisper", [{"op": "nullify"}]),
        ("devils_deed", "悪魔の契約書", "あくまのけいやくしょ", "Devil's Contract", [{"op": "nullify"}, {"op": "draw", "amount": 1}]),
        ("heavens_miracle", "天上の恩寵", "てんじょうのおんちょう", "Grace from Above", [{"op": "result", "outcome": "win"}]),
        ("heavens_miracle", "天啓の光", "てんけいのひかり", "Light of Revelation", [{"op": "result", "outcome": "tie"}]),
        ("send_back", "送還の門", "そうかんのもん", "Gate of Return",
         [{"op": "send_back", "target": {"side": "opponent", "kind": "beast", "count": 1}}]),
        ("send_back", "墓場への誘い", "はかばへのいざない", "Call of the Grave",
         [{"op": "send_back", "target": {"side": "opponent", "kind": "any", "count": 1}}]),
        ("send_back", "冥府の渡し", "めいふのわたし", "Ferry of the Underworld",
         [{"op": "send_back", "target": {"side": "opponent", "kind": "beast", "count": 1, "power_min": 200}}]),
        ("change_same_kind", "同胞の交代", "どうほうのこうたい", "Kinship Relay", [{"op": "exchange", "mode": "same_kind"}]),
        ("change_same_kind", "血族の入れ替え", "けつぞくのいれかえ", "Bloodline Swap", [{"op": "exchange", "mode": "same_kind"}]),
        ("change_any_attribute", "理外の交代", "りがいのこうたい", "Lawless Relay",
         [{"op": "exchange", "mode": "any_attribute"}]),
        ("change_any_attribute", "混沌の入れ替え", "こんとんのいれかえ", "Chaos Swap",
         [{"op": "exchange", "mode": "any_attribute"}]),
        ("gods_barrier", "神々の盾", "かみがみのたて", "Shield of the Gods", [{"op": "protect"}]),
        ("gods_barrier", "聖域の帳", "せいいきのとばり", "Veil of the Sanctuary", [{"op": "protect"}]),
        ("gods_barrier", "護りの結界", "まもりのけっかい", "Warding Circle",
         [{"op": "protect"}, {"op": "summoner_power", "amount": 50}]),
        ("blockman", "石塊の守り手", "せっかいのまもりて", "Rubble Guardian", [{"op": "protect"}]),
        ("blockman", "石壁の番人", "いしかべのばんにん", "Stonewall Keeper", [{"op": "protect"}]),
        ("blockman", "鉄壁の門番", "てっぺきのもんばん", "Ironwall Gatekeeper", [{"op": "protect"}]),
        ("sp_seal", "SP封じの札", "えすぴーふうじのふだ", "SP Seal Talisman", [{"op": "seal"}]),
        ("sp_seal", "沈黙の呪符", "ちんもくのじゅふ", "Charm of Silence", [{"op": "seal"}]),
        ("sp_seal", "封印の鎖", "ふういんのくさり", "Sealing Chain", [{"op": "seal"}, {"op": "draw", "amount": 1}]),
    ]
    for group, name, reading, en, effects in groups:
        ctype = "special"
        add(name, reading, en, ctype, [{"when": "special", "do": effects}], limit_group=group)
    specials = [
        ("逆転の一手", "ぎゃくてんのいって", "Turning Move", [{"op": "summoner_power", "amount": 300}]),
        ("最後の輝き", "さいごのかがやき", "Last Radiance", [{"op": "summoner_power", "amount": 200}]),
        ("影縫い", "かげぬい", "Shadow Stitch",
         [{"op": "guard", "target": {"side": "opponent", "kind": "beast", "count": 1}}]),
        ("霧隠れ", "きりがくれ", "Mist Veil",
         [{"op": "guard", "target": {"side": "opponent", "faces": ["bottom"], "kind": "any", "count": 1}}]),
        ("力の奔流", "ちからのほんりゅう", "Torrent of Power",
         [{"op": "power", "amount": 150, "target": {"side": "self", "count": "all"}}]),
        ("衰弱の呪い", "すいじゃくののろい", "Curse of Frailty",
         [{"op": "power", "amount": -100, "target": {"side": "opponent", "count": "all"}}]),
        ("竜の逆鱗", "りゅうのげきりん", "Dragon's Wrath",
         [{"op": "power", "amount": 200, "target": {"side": "self", "sub_attribute": "dragon", "count": "all"}}]),
        ("引き分けの天秤", "ひきわけのてんびん", "Scales of Parity", [{"op": "result", "outcome": "tie"}]),
    ]
    for name, reading, en, effects in specials:
        add(name, reading, en, "special", [{"when": "special", "do": effects}])
    # help & special (K-5): a help on the bottom, or a special
    both = [
        ("双刃の護符", "そうじんのごふ", "Twin-Edged Charm", [{"op": "summoner_power", "amount": 100}],
         [{"op": "summoner_power", "amount": 200}]),
        ("風読みの羽", "かぜよみのはね", "Windreader's Feather",
         [{"op": "power", "amount": 50, "target": {"side": "self", "count": "all"}}], [{"op": "draw", "amount": 2}]),
        ("星屑の砂時計", "ほしくずのすなどけい", "Stardust Hourglass", [{"op": "summoner_power", "amount": 50}],
         [{"op": "guard", "target": {"side": "opponent", "kind": "beast", "count": 1, "power_min": 200}}]),
        ("潮満ちの貝笛", "しおみちのかいぶえ", "Flood-Tide Conch",
         [{"op": "power", "amount": 100, "target": {"side": "self", "attribute": "貝", "count": "all"}}],
         [{"op": "power", "amount": 150, "target": {"side": "self", "attribute": "貝", "count": "all"}}]),
        ("鬼火の提灯", "おにびのちょうちん", "Will-o'-Wisp Lantern", [{"op": "summoner_power", "amount": -50, "side": "opponent"}],
         [{"op": "summoner_power", "amount": -150, "side": "opponent"}]),
        ("約束の指輪", "やくそくのゆびわ", "Ring of Promise", [{"op": "summoner_power", "amount": 100}],
         [{"op": "summoner_power", "amount": 100}, {"op": "draw", "amount": 1}]),
        ("結界石", "けっかいせき", "Ward Stone", [{"op": "summoner_power", "amount": 50}], [{"op": "protect"}]),
        ("雷神の太鼓", "らいじんのたいこ", "Thunder God's Drum",
         [{"op": "power", "amount": 100, "target": {"side": "self", "attribute": "雷", "count": "all"}}],
         [{"op": "power", "amount": -100, "target": {"side": "opponent", "count": 1}}]),
    ]
    for name, reading, en, help_effects, special_effects in both:
        add(name, reading, en, "help_special",
            [{"when": "continuous", "do": help_effects}, {"when": "special", "do": special_effects}])
    # reverse (K-6): bring a beast back from the hole, placed with it
    reverses = [
        ("反魂の香", "はんごんのこう", "Incense of Return", None),
        ("黄泉返り", "よみがえり", "Return from Yomi", [{"when": "placed", "do": [{"op": "draw", "amount": 1}]}]),
        ("再誕の灯", "さいたんのともしび", "Lamp of Rebirth",
         [{"when": "continuous", "do": [{"op": "summoner_power", "amount": 50}]}]),
        ("輪廻の鐘", "りんねのかね", "Bell of Samsara", None),
        ("不死鳥の羽根", "ふしちょうのはね", "Phoenix Plume",
         [{"when": "placed", "do": [{"op": "power", "amount": -50, "target": {"side": "opponent", "count": 1}}]}]),
        ("魂呼びの鈴", "たまよびのすず", "Soul-Calling Bell", None),
    ]
    for name, reading, en, abilities in reverses:
        add(name, reading, en, "reverse", abilities,
            "" if abilities else "Place with a beast from your hole on a face of its attribute.")
    # attribute change (K-7, K-16): one per attribute
    for a_i, attr in enumerate(ATTR_KEYS):
        attr_en, prefixes = ATTRIBUTES[attr]
        pk, pr, pe = prefixes[(a_i + 1) % 5]
        add(f"{attr}転じの印", f"{_attr_reading(attr)}てんじのいん", f"Sigil of {attr_en}", "attribute_change",
            None, f"The face becomes {attr} for the round; place with a {attr} beast from your hand.",
            attribute=attr)
    return cards


_ATTR_READINGS = {"貝": "かい", "炎": "ほのお", "水": "みず", "風": "かぜ", "土": "つち", "雷": "かみなり",
                  "光": "ひかり", "闇": "やみ"}


def _attr_reading(attr: str) -> str:
    return _ATTR_READINGS[attr]


def catalog() -> list[dict[str, Any]]:
    return [*summoners(), *beasts(), *supports()]


def render(cards: list[dict[str, Any]]) -> str:
    import yaml

    head = ("# zxdeck's original catalog for The Miracle of the Zone (MOZ). Generated by\n"
            "# scripts/make_moz_catalog.py: edit the script, not this file. Every name and text is\n"
            "# invented; the schema is docs/MOZ.md (MOZ_RULES.md section 17); `reading` is the kana\n"
            "# reading of the name (an extra key the rules ignore).\n")
    body = yaml.safe_dump({"cards": cards}, allow_unicode=True, sort_keys=False, width=120)
    return head + body


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the file differs")
    args = parser.parse_args()
    text = render(catalog())
    if args.check:
        current = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
        sys.exit(0 if current == text else 1)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {text.count(chr(10) + '- id:')} cards")


if __name__ == "__main__":
    main()
