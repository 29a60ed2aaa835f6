"""Telling a deck file that is clearly another game's (a MOZ deck given to `zxdeck validate`).

Each game module (zxdeck.games) may describe its deck text with two constants:
`DECK_HEADERS` (section header words only its decks have) and `DECK_CARD_NUMBER` (a regular
expression matching its card numbers). `foreign_game(text, key)` counts the lines of a text
deck that carry each game's marks: when the game being used has none and another game has at
least `MIN_MARKS`, the deck is that game's and `check_foreign` raises `DeckFileError` (exit 2)
with one line naming the game and the command to use. A deck with any mark of the game used,
or too few marks of another, is read as before.
"""

from __future__ import annotations

import re

from zxdeck.errors import DeckFileError
from zxdeck.text import fold_compact, nfkc

MIN_MARKS = 2  # lines with another game's header or card number before a deck is called that game's
_MARKERS = re.compile(r"^[\s\-=#*■□◆◇●○◎★☆▼▽▲△▶▷►▸◀◁♦◈※【\[<〈]+|[\s\-=*】\]>〉]+$")
_COUNT = re.compile(r"\s*[(（]\s*\d{1,4}\s*枚?\s*[)）]\s*$")
_COMMENT = re.compile(r"(^|\s)#.*$")


def _header_key(line: str) -> str:
    head = re.split(r"[:：]", line, maxsplit=1)[0]
    head = _MARKERS.sub("", head)
    return fold_compact(_COUNT.sub("", head))


def _marks(lines: list[str], headers: frozenset[str], number: re.Pattern[str] | None) -> int:
    return sum(1 for line in lines if _header_key(line) in headers or (number and number.search(line)))


def _game_marks(key: str) -> tuple[frozenset[str], re.Pattern[str] | None]:
    from zxdeck.games import game_module

    module = game_module(key)
    headers = frozenset(fold_compact(w) for w in getattr(module, "DECK_HEADERS", ()))
    pattern = getattr(module, "DECK_CARD_NUMBER", None)
    return headers, (re.compile(pattern) if pattern else None)


def foreign_game(text: str, key: str) -> str | None:
    """The key of the game whose deck `text` clearly is when it is not game `key`'s, else None."""
    from zxdeck.games import game_keys

    lines = [s for s in (_COMMENT.sub("", nfkc(raw)).strip() for raw in text.splitlines()[:500]) if s]
    if _marks(lines, *_game_marks(key)):
        return None
    best, most = None, MIN_MARKS - 1
    for other in game_keys():
        if other != key:
            n = _marks(lines, *_game_marks(other))
            if n > most:
                best, most = other, n
    return best


def check_foreign(text: str, key: str, source: str) -> None:
    """Raise `DeckFileError` (exit 2) when the deck `text` is clearly another game's."""
    from zxdeck.games import DEFAULT_GAME, game_module

    other = foreign_game(text, key)
    if other is None:
        return
    option = "" if other == DEFAULT_GAME else f" --game {other}"
    name, this = (getattr(game_module(k), "SHORT_TITLE", k.upper()) for k in (other, key))
    raise DeckFileError(f"{source}: looks like a {name} deck, not a {this} one; use "
                        f"`zxdeck{option} validate {source}` (--game {other} for other commands too)")
