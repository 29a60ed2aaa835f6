"""Display-width helpers: Japanese text is two columns a character (East Asian width, wcwidth)."""

from __future__ import annotations

from wcwidth import wcwidth


def char_width(ch: str) -> int:
    """Columns one character takes (control characters count as 1: they are shown as '?')."""
    w = wcwidth(ch)
    return 1 if w < 0 else w


def clean(text: str) -> str:
    """Replace control characters (that would move the cursor) by '?'."""
    return "".join("?" if wcwidth(ch) < 0 else ch for ch in text)


def width(text: str) -> int:
    """Display columns of `text`."""
    return sum(char_width(ch) for ch in text)


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


def wrap(text: str, cols: int, indent: str = "") -> list[str]:
    """Break `text` into lines of at most `cols` columns (Japanese has no spaces: break anywhere,
    preferring a space). Continuation lines start with `indent`."""
    lines: list[str] = []
    if width(indent) * 2 > cols:
        indent = ""
    for para in text.splitlines() or [""]:
        cur = ""
        while width(cur + para) > cols:
            room = cols - width(cur)
            head = crop(para, room)
            cut = head.rfind(" ")
            if cut > len(head) // 2:
                head = head[:cut + 1]
            if not head:  # not even one character fits
                head = para[:1]
            lines.append((cur + head).rstrip())
            para = para[len(head):].lstrip(" ")
            cur = indent
        lines.append(cur + para)
    return lines
