"""Display-width helpers: Japanese text is two columns a character (East Asian width, wcwidth)."""

from __future__ import annotations

import re
from functools import lru_cache

from wcwidth import wcwidth

# What a line is never broken inside: a 「card name」, a #N tag, a numbered choice with its
# square ("12)中央左[入替]"), a run of ASCII (a word, a number, "P5000") or of katakana (a word:
# "スクエア"); any other Japanese character
# keeps the closing punctuation after it and an opening bracket before it (kinsoku). Spaces are
# break points.
_TOKEN = re.compile(r"「[^「」\n]*」[、。」）)]*|#\d+|\d+\)[^\s]*|[(\[（『]+(?:[!-~]+|.)[、。」）)]*"
                    r"|[!-~]+|[ァ-ヺー・]+[、。」）)]*|\s+|.[、。，．」』）！？ー…)]*", re.S)


@lru_cache(maxsize=4096)
def char_width(ch: str) -> int:
    """Columns one character takes (control characters count as 1: they are shown as '?')."""
    w = wcwidth(ch)
    return 1 if w < 0 else w


def clean(text: str) -> str:
    """Replace control characters (that would move the cursor) by '?'. Split lines first:
    a newline is a control character too."""
    if text.isprintable():
        return text
    return "".join("?" if wcwidth(ch) < 0 else ch for ch in text)


def width(text: str) -> int:
    """Display columns of `text`."""
    if text.isascii():  # one column a character (a control character is shown as '?')
        return len(text)
    return sum(map(char_width, text))


def crop(text: str, cols: int) -> str:
    """`text` cut to at most `cols` display columns (never splits a wide character)."""
    out = []
    used = 0
    for ch in text:
        w = char_width(ch)
        if used + w > cols:
            break
        out.append(ch)
        used += w
    return "".join(out)


def fit(text: str, cols: int) -> str:
    """`text` cropped and padded with spaces to exactly `cols` display columns."""
    t = crop(text, cols)
    return t + " " * (cols - width(t))


def shorten(text: str, cols: int) -> str:
    """`text` in at most `cols` columns; a cut is marked with '~' at the end."""
    if width(text) <= cols:
        return text
    return crop(text, cols - 1) + "~"


def tokens(text: str) -> list[str]:
    """`text` cut where a line may break (see `_TOKEN`); the pieces join back to `text`."""
    return _TOKEN.findall(text)


def wrap(text: str, cols: int, indent: str = "") -> list[str]:
    """Break `text` into lines of at most `cols` columns. Japanese breaks between characters,
    English at spaces; a card name 「…」, a tag #N or a word is never split unless it is longer
    than a whole line. Continuation lines start with `indent`; each newline starts a line."""
    lines: list[str] = []
    if width(indent) * 2 > cols:
        indent = ""
    iw = width(indent)
    for para in text.splitlines() or [""]:
        if width(para) <= cols:
            lines.append(para.rstrip())
            continue
        cur, used = "", 0
        for tok in tokens(para):
            tw = width(tok)
            if used + tw <= cols:
                cur, used = cur + tok, used + tw
                continue
            if tok.isspace():  # a break point: the spaces themselves are dropped
                lines.append(cur.rstrip())
                cur, used = indent, iw
                continue
            if cur.strip():
                lines.append(cur.rstrip())
                cur, used = indent, iw
            if used + tw > cols:  # no room after the indent: start at the margin
                cur, used = "", 0
            while used + tw > cols:  # longer than a whole line: split it after all
                head = crop(tok, cols - used) or tok[:1]
                lines.append(cur + head)
                cur, used, tok = indent, iw, tok[len(head):]
                tw = width(tok)
            cur, used = cur + tok, used + tw
        lines.append(cur.rstrip())
    return lines
