"""The deck list layouts players paste: section headers, markers, bracketed card entries, rarities.

zxdeck's own text format (INTERFACES.md section 2) is one of three layouts the
text reader understands without being told (docs/DECKS.md):

- zxdeck:  `Player: NAME`, `Main:`, `Dunamis:`, `4 B01-001`, `名前 x2`;
- shop recipe:  headers `プレイヤー`, `スタートカード`, `IG` / `イグニッション`,
  `メインデッキ`, `ZXEX` / `エクストラ` / `デュナミス` (often after `■`, with
  a count such as `(20枚)`); the player line `■‹SR名前>`; entries `4 ‹R名前>`
  (the rarity inside the brackets, any of ‹ › 〈 〉 < > 《 》 「 」 『 』);
- blog:  `メイン枠`, `イグニッション枠`, `エクストラ枠`, entries `名前×4`.

Nothing here decides on a whole file: every line is classified by itself, so
a file may mix the layouts. This module only recognizes; `zxdeck.deck.parse`
keeps the sections and reports problems.
"""

from __future__ import annotations

import re

from zxdeck.decks.parse import Header
from zxdeck.games.zx.deck.model import DUNAMIS, MAIN, PLAYER
from zxdeck.text import fold

# Line markers of shop pages and notes (■メインデッキ, ◆IG, ●‹R名前>), stripped before reading.
MARKERS = "■□◆◇●○◎★☆▼▽▲△▶▷►▸◀◁♦◈※"
OPENERS = "[【<〈‹《「『«"
CLOSERS = "]】>〉›》」』»"

# Section kinds: which part of the deck a header opens. `ignition` and `start` sections are
# part of the main deck (D-1, D-4 count them with the rest); the kind is used to warn about
# a card listed under a header that does not fit it.
IGNITION = "ignition"
START = "start"


def header_key(text: str) -> str:
    """The key a header word is looked up by: folded, without spaces, slashes, dots or `枠`."""
    key = re.sub(r"[\s/・._\-]", "", fold(text))
    return key[:-1] if key.endswith("枠") and len(key) > 1 else key


_WORDS: dict[str, tuple[str, str]] = {}
HEADER_WORDS: dict[str, tuple[str, ...]] = {  # documented in docs/DECKS.md
    MAIN: ("Deck", "Main", "Main deck", "メイン", "メインデッキ", "デッキ", "ノーマル", "ノーマルカード",
           "非IG", "Normal"),
    IGNITION: ("IG", "IGカード", "イグニッション", "イグニッションカード", "Ignition", "Ignition cards"),
    START: ("スタートカード", "スタート", "Start card"),
    DUNAMIS: ("Dunamis", "Dunamis deck", "デュナミス", "ダイナミス", "デュナミスデッキ", "ZXEX", "Z/X EX",
              "ゼクスエクストラ", "エクストラ", "Extra", "EX", "EXデッキ", "ZXOB", "Z/X OB",
              "ゼクスオーバーブースト", "OB", "シフト", "Shift", "イベントEX", "Event EX"),
    PLAYER: ("Player", "Player card", "プレイヤー", "プレイヤーカード"),
}
for _kind, _words in HEADER_WORDS.items():
    _section = MAIN if _kind in (IGNITION, START) else _kind
    for _word in _words:
        _WORDS[header_key(_word)] = (_section, _kind if _kind in (IGNITION, START) else "")
# `デッキ名: 青単` and the like: a deck's name, kept and otherwise ignored.
META_WORDS = ("デッキ名", "Deck name", "タイトル", "Title")
_META = {header_key(w) for w in META_WORDS}

_COUNT_IN_PARENS = re.compile(r"(?P<head>.*?)\s*\(\s*(?P<n>\d{1,4})\s*枚?\s*\)")
_COUNT_AFTER_SPACE = re.compile(r"(?P<head>.*?\S)\s+(?P<n>\d{1,4})\s*枚?")
_COUNT_MAI = re.compile(r"(?P<head>.*?\D)(?P<n>\d{1,4})\s*枚")
_COUNT_ONLY = re.compile(r"(?P<n>\d{1,4})\s*枚?")
# A card entry written in brackets: `4 ‹R名前>`, `■‹SR名前>`, `〈C名前〉×2`.
_CARD_BRACKET = re.compile(rf"[{re.escape(OPENERS[2:])}](?P<name>[^{re.escape(CLOSERS)}]+)[{re.escape(CLOSERS)}]")
_X = "xX×*✕✖"
_OUTSIDE_COUNT = re.compile(rf"(?:[{_X}]?\s*(?P<n>[+-]?\d+)\s*(?:枚|[{_X}])?)?")
# A rarity written before a name (`SR蒼穹機神`, `Z/XR...`, `RIGオーバーブースト`): 1-4 capitals
# (and `/`). Only stripped when what is left names a card (`rarity_splits`).
RARITY = re.compile(r"^(?P<rarity>[A-Z][A-Z/]{0,3}\+?)\s*(?=[^\x00-\x7f])")
_CAPITALS = re.compile(r"^[A-Z][A-Z/]{0,3}")
KNOWN_RARITIES = frozenset({
    "C", "UC", "R", "SR", "SSR", "UR", "HR", "PR", "SP", "SEC", "IGR", "ZXR", "Z/XR", "EXR", "OBR", "LR",
})


def strip_markers(line: str) -> tuple[str, bool]:
    """The line without leading markers (■ ◆ ● ...), and whether it had one."""
    stripped = line.lstrip(MARKERS).lstrip()
    return stripped, stripped != line


def unbracket(text: str) -> str:
    """`[Dunamis]`, `【IG】`, `<メインデッキ>`: the text inside; other text unchanged."""
    if len(text) >= 2 and text[0] in OPENERS and text[-1] in CLOSERS:
        return text[1:-1].strip()
    return text


def split_count(text: str) -> tuple[str, int | None]:
    """`IG (20枚)`, `メイン枠 30`, `IG20枚`: (the words, the count); else (text, None)."""
    for pattern in (_COUNT_IN_PARENS, _COUNT_AFTER_SPACE, _COUNT_MAI):
        m = pattern.fullmatch(text)
        if m and m.group("head").strip():
            return m.group("head").strip(), int(m.group("n"))
    return text, None


def _lookup(head: str) -> tuple[tuple[str, str] | None, int | None, bool]:
    """(section and kind or None, declared count, is a meta word) of a header's words."""
    words, count = split_count(unbracket(head.strip()))
    words = unbracket(words)
    if count is None:
        words, count = split_count(words)
    key = header_key(words)
    return _WORDS.get(key), count, key in _META


def parse_header(line: str) -> Header | None:
    """The header a (cleaned, marker-free) line is, or None when it is not one."""
    found, count, _ = _lookup(line)
    if found is not None:
        return Header(found[0], found[1], count)
    head, colon, rest = line.partition(":")
    if not colon:
        return None
    found, count, meta = _lookup(head)
    rest = rest.strip()
    if found is None:
        return Header(MAIN, meta=True, rest=rest) if meta and rest else None
    only = _COUNT_ONLY.fullmatch(rest)
    if only and count is None:  # `IG: 20`
        return Header(found[0], found[1], int(only.group("n")))
    return Header(found[0], found[1], count, rest)


def bracketed_entry(text: str) -> tuple[str, str | None] | None:
    """`4 ‹R名前>` -> ('R名前', '4'); `‹SR名前>` -> ('SR名前', None); None when not that form."""
    m = _CARD_BRACKET.search(text)
    if not m:
        return None
    outside = f"{text[: m.start()]} {text[m.end():]}".strip()
    count = _OUTSIDE_COUNT.fullmatch(outside)
    if count is None:
        return None
    return m.group("name").strip(), count.group("n")


def looks_like_header(line: str, marked: bool) -> bool:
    """A line that is not a card line but is written like a header: `■その他`, `[Side]`,
    `サイド枠`, `Sideboard:`. Such a line is an unknown header (its cards are not counted)."""
    if _CARD_BRACKET.search(line) or re.match(r"[+-]?\d", line):
        return False
    if len(line) >= 2 and line[0] in "[【" and line[-1] in "]】":
        return True
    return marked or line.endswith(("枠", ":")) or bool(_COUNT_IN_PARENS.fullmatch(line))


def rarity_splits(text: str) -> list[str]:
    """The names `text` may be once a rarity before it is removed, longest rarity first:
    `RIGオーバーブースト・青` -> [`オーバーブースト・青`, `IGオーバーブースト・青`]. A prefix is
    a known rarity code, or capitals followed by a non-ASCII letter."""
    m = _CAPITALS.match(text)
    if not m:
        return []
    out = []
    for end in range(m.end(), 0, -1):
        rest = text[end:].lstrip("+").lstrip()
        known = text[:end] in KNOWN_RARITIES
        if rest and (known or not rest[0].isascii()):
            out.append(rest)
    return out


def strip_known_rarity(text: str) -> str:
    """`R存在しない名前` -> `存在しない名前` when the prefix is a rarity code (for messages)."""
    m = RARITY.match(text)
    if m and m.group("rarity").rstrip("+") in KNOWN_RARITIES:
        return text[m.end():]
    return text


def known_headers() -> str:
    """The header words, for hints."""
    return ", ".join(HEADER_WORDS[MAIN][:2] + HEADER_WORDS[IGNITION][:1] + HEADER_WORDS[START][:1]
                     + HEADER_WORDS[DUNAMIS][:1] + HEADER_WORDS[PLAYER][:1]
                     + ("メイン枠", "イグニッション枠", "エクストラ枠", "ZXEX"))
