"""Write the sample community card list and a deck that uses it (examples/catalog/, examples/decks/imported/).

The list looks like a spreadsheet players keep: Japanese column names, card
numbers such as B01-034, `○` in the IG column, a rarity column, text without
machine-readable abilities. Every name is made up here (no real card). The
output is the same on every run (seeded), so the files in the repository can
be checked with `python scripts/make_sample_card_list.py --check`.

    python scripts/make_sample_card_list.py           # rewrite the two files
    python scripts/make_sample_card_list.py --check   # exit 1 when they differ
"""

from __future__ import annotations

import argparse
import csv
import io
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CSV_PATH = ROOT / "examples" / "catalog" / "community_cards.csv"
DECK_PATH = ROOT / "examples" / "decks" / "imported" / "red_b01.txt"
COLUMNS = ["カード番号", "カード名", "種類", "色", "コスト", "パワー", "種族", "IG", "レアリティ", "プレイヤー",
           "テキスト", "収録"]

COLORS = {
    "赤": (("紅蓮", "灼熱", "焔", "緋炎"), ("ドラゴン", "武人", "火竜")),
    "青": (("蒼海", "氷雪", "群青", "碧水"), ("機械", "海獣", "バトルドレス")),
    "白": (("白銀", "聖光", "純白", "天翔"), ("天使", "聖騎士")),
    "黒": (("漆黒", "冥府", "闇夜", "影牢"), ("悪魔", "死霊")),
    "緑": (("翠緑", "森羅", "若葉", "深緑"), ("獣人", "精霊")),
}
NOUNS = ("騎士", "竜", "獣", "姫", "機兵", "剣士", "魔導士", "巨人", "守護者", "射手", "槍兵", "術師")
EVENT_NOUNS = ("一撃", "結界", "祈り", "咆哮", "奇襲", "共鳴", "再誕", "閃光", "契約", "包囲", "号令", "残響")
SYLLABLES = ("ア", "イ", "カ", "キ", "サ", "シ", "タ", "ナ", "ハ", "マ", "ラ", "リ", "ル", "レ", "ロ", "ヴァ",
             "ディ", "ゼ", "ノ", "ミ", "グ", "ベ", "ド", "フィ")
ENDINGS = ("ス", "ン", "ア", "ル", "オン", "ナ")
TEXTS = (
    "【自】このカードが登場した時、カードを1枚引く。",
    "【自】このカードがアタックした時、ターン終了時まで、このカードのパワーを+2000する。",
    "【常】あなたのターン中、このカードのパワーを+1000する。",
    "【自】このカードが登場した時、相手のコスト2以下のゼクス1体に2000ダメージを与える。",
    "【起】【ターン1】このカードをスリープする：カードを1枚引き、手札を1枚捨てる。",
    "",
)
PLAYERS = [("P01-001", "朱鷺宮カレン", "赤"), ("P01-002", "水城リョウ", "青"), ("P01-003", "白鷺ユイ", "白"),
           ("P01-004", "黒羽ジン", "黒"), ("P01-005", "森下ミドリ", "緑")]


class Names:
    """Unique made-up names."""

    def __init__(self, rng: random.Random) -> None:
        self.rng, self.used = rng, set()

    def unit(self, prefixes: tuple[str, ...]) -> str:
        while True:
            given = "".join(self.rng.choice(SYLLABLES) for _ in range(self.rng.choice((2, 3))))
            name = f"{self.rng.choice(prefixes)}の{self.rng.choice(NOUNS)}{given}{self.rng.choice(ENDINGS)}"
            if name not in self.used:
                self.used.add(name)
                return name

    def event(self, prefixes: tuple[str, ...]) -> str:
        while True:
            name = f"{self.rng.choice(prefixes)}の{self.rng.choice(EVENT_NOUNS)}"
            if name not in self.used:
                self.used.add(name)
                return name
            prefixes = (*prefixes, name[:2] + "大")


def main_set(rng: random.Random, names: Names, code: str, per_color: int) -> list[dict[str, str]]:
    """A booster of `per_color` cards a color: 8 with the IG icon, one Start Card, one Life Recovery,
    one Void Bringer, three events; the rest Z/X."""
    rows = []
    number = 1
    for color, (prefixes, races) in COLORS.items():
        for i in range(per_color):
            event = i in (per_color - 3, per_color - 2, per_color - 1)
            kind, text, ig = ("イベント" if event else "ゼクス"), rng.choice(TEXTS), i < 8
            cost = rng.choice((1, 2, 3)) if event else (0 if i == 8 else 1 + (i * 3) % 7)
            if i == 8:
                text = "スタートカード\n" + text
            elif i == 1:
                text = "ライフリカバリー\n" + text
            elif i == 2:
                text = "ヴォイドブリンガー\n" + text
            rows.append({
                "カード番号": f"{code}-{number:03d}",
                "カード名": names.event(prefixes) if event else names.unit(prefixes),
                "種類": kind, "色": color, "コスト": str(cost),
                "パワー": "" if event else f"{1000 + 500 * cost + rng.choice((0, 500)):,}",
                "種族": "" if event else "/".join(rng.sample(races, rng.choice((1, 1, 2)))),
                "IG": "○" if ig else "", "レアリティ": rng.choice(("C", "C", "UC", "R", "SR")) if not ig else "R",
                "プレイヤー": "", "テキスト": text.strip() or ("カードを1枚引く。" if event else ""),
                "収録": f"ブースター{code}",
            })
            number += 1
    return rows


def extra_set(rng: random.Random, names: Names) -> list[dict[str, str]]:
    """Player cards, and for each color 2 Z/X EX, 2 Z/X OB of its player, a Shift and an Event EX."""
    rows = [{"カード番号": pid, "カード名": name, "種類": "プレイヤー", "色": "", "コスト": "", "パワー": "",
             "種族": "", "IG": "", "レアリティ": "PR", "プレイヤー": "", "テキスト": "", "収録": "プロモ"}
            for pid, name, _ in PLAYERS]
    number = 1
    for (color, (prefixes, races)), (_, player, _) in zip(COLORS.items(), PLAYERS):
        for kind in ("ゼクスEX", "ゼクスEX", "ゼクスOB", "ゼクスOB", "シフト", "イベントEX"):
            unit = kind in ("ゼクスEX", "ゼクスOB")
            cost = rng.choice((5, 6, 7)) if unit else 2
            rows.append({
                "カード番号": f"E01-{number:03d}", "カード名": names.unit(prefixes) if unit else names.event(prefixes),
                "種類": kind, "色": color, "コスト": str(cost), "パワー": f"{1500 * cost:,}" if unit else "",
                "種族": races[0] if unit else "", "IG": "", "レアリティ": "SR",
                "プレイヤー": player if kind in ("ゼクスOB", "イベントEX") else "",
                "テキスト": rng.choice(TEXTS[:5]), "収録": "エクストラパックE01",
            })
            number += 1
    rows.append({"カード番号": "B01-901", "カード名": "転送門の鍵穴", "種類": "イベント", "色": "無", "コスト": "0",
                 "パワー": "", "種族": "", "IG": "", "レアリティ": "C", "プレイヤー": "",
                 "テキスト": "ゲートカード\nカードを1枚引く。", "収録": "ブースターB01"})
    return rows


def card_list() -> list[dict[str, str]]:
    rng = random.Random(20240607)
    names = Names(rng)
    return (main_set(rng, names, "B01", 20) + main_set(rng, names, "B02", 20) + main_set(rng, names, "B03", 16)
            + extra_set(rng, names))


def csv_text(rows: list[dict[str, str]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def deck_text(rows: list[dict[str, str]]) -> str:
    """A legal red deck in the shop recipe layout: 20 IG + 30 other red cards of B01-B03, the gate
    card, the red player and its dunamis; rarities inside the brackets."""
    red = [r for r in rows if r["色"] == "赤"]
    ig = [r for r in red if r["IG"] == "○"]
    lr = [r for r in ig if "ライフリカバリー" in r["テキスト"]][:1]
    ig_cards = lr + [r for r in ig if "ライフリカバリー" not in r["テキスト"]][:4]
    start = [r for r in red if r["テキスト"].startswith("スタートカード")][:1]
    others = [r for r in red if r["IG"] != "○" and r not in start and "ヴォイド" not in r["テキスト"]]
    main = [(4, r) for r in ig_cards] + [(1, start[0])] + [(1, r) for r in rows if r["カード番号"] == "B01-901"]
    main += [(4, r) for r in others[:7]]  # 1 + 1 + 28: the 30 cards without the icon
    dunamis = [r for r in rows if r["色"] == "赤" and r["カード番号"].startswith("E01")]
    lines = ["デッキ名：赤単（サンプルのカードリストで）", "プレイヤー", "■‹PR朱鷺宮カレン>", "", "IG（20枚）"]
    lines += [f"{n} ‹{r['レアリティ']}{r['カード名']}>" for n, r in main[:5]]
    lines += ["", "メインデッキ（30枚）"]
    lines += [f"{n} ‹{r['レアリティ']}{r['カード名']}>" for n, r in main[5:]]
    lines += ["", "ZXEX"] + [f"2 ‹{r['レアリティ']}{r['カード名']}>" for r in dunamis]
    return "\n".join(lines) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when the files are not up to date")
    args = parser.parse_args()
    rows = card_list()
    wanted = {CSV_PATH: csv_text(rows), DECK_PATH: deck_text(rows)}
    stale = [p for p, text in wanted.items() if not p.is_file() or p.read_text(encoding="utf-8") != text]
    if args.check:
        for p in stale:
            print(f"{p.relative_to(ROOT)} is not up to date; run python scripts/make_sample_card_list.py")
        return 1 if stale else 0
    for path, text in wanted.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
