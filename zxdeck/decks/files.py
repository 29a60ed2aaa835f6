"""Reading a deck file, for every game: its bytes (`read_bytes`: a file or standard input, at
most 1 MiB, never a folder), its text (`decode`: UTF-8 with or without BOM, UTF-16 with BOM, else
CP932 / Shift_JIS; binary files refused) and its format (`deck_format`: text, or YAML / JSON by
extension). A file that cannot be read at all raises `DeckFileError` (exit 2) naming it.
A game's parser turns the text into a `zxdeck.decks.model.Deck` (Z/X: zxdeck.games.zx.deck.parse).
"""

from __future__ import annotations

import codecs
import os
import re
import sys
from pathlib import Path

from zxdeck.errors import DeckFileError

MAX_BYTES = 1024 * 1024  # a real deck file is a few kilobytes
STRUCTURED_SUFFIXES = {".json": "json", ".yaml": "yaml", ".yml": "yaml"}

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")
_CP932_ODD = "[\x80-\x9f\ue000-\uf8ff]"  # what CP932 makes of bytes that are not text (compiled on use:
# its wide range costs more to compile than every other pattern here)


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a deck file (`-` is standard input), refusing folders and files over 1 MiB."""
    if str(path) == "-":
        data = sys.stdin.buffer.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise DeckFileError(f"<stdin>: more than {MAX_BYTES:,} bytes (1 MiB), not a deck file")
        return data
    p = Path(path)
    try:
        if p.is_dir():
            raise DeckFileError(f"{p}: is a folder, not a deck file")
        size = p.stat().st_size
        if size > MAX_BYTES:
            raise DeckFileError(
                f"{p}: file is {size:,} bytes; a deck file may be at most {MAX_BYTES:,} bytes "
                "(1 MiB; is this the right file?)"
            )
        with p.open("rb") as fh:
            data = fh.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise DeckFileError(f"{p}: deck file not found") from None
    except PermissionError:
        raise DeckFileError(f"{p}: permission denied") from None
    except OSError as exc:
        raise DeckFileError(f"{p}: cannot read deck file: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:  # grew while reading, or a special file
        raise DeckFileError(f"{p}: more than {MAX_BYTES:,} bytes (1 MiB), not a deck file")
    return data


def decode(data: bytes, source: str = "<deck>") -> tuple[str, str]:
    """Decode deck bytes: UTF-8 (BOM or not), UTF-16 with BOM, else CP932; (text, encoding)."""
    if data.startswith(codecs.BOM_UTF8):
        candidates = ["utf-8-sig"]
    elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        candidates = ["utf-16"]
    else:
        candidates = ["utf-8", "cp932"]
    first_error: UnicodeDecodeError | None = None
    for encoding in candidates:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError as exc:
            first_error = first_error or exc
            continue
        if "\x00" in text or len(_CONTROL.findall(text[:4096])) > 8:
            raise DeckFileError(f"{source}: looks like a binary file, not a deck (text expected)")
        odd = re.search(_CP932_ODD, text) if encoding == "cp932" else None
        if odd:  # CP932 decodes stray bytes to C1 controls / private use: not really text
            start = len(text[: odd.start()].encode("cp932"))
            first_error = first_error or UnicodeDecodeError("cp932", data, start, start + 1, "odd byte")
            continue
        return text, encoding
    assert first_error is not None
    bad = data[first_error.start : first_error.start + 1].hex()
    if b"\x00" in data[:4096]:
        raise DeckFileError(f"{source}: looks like a binary file, not a deck (text expected)")
    line = data.count(b"\n", 0, first_error.start) + 1
    raise DeckFileError(
        f"{source}: line {line}: cannot decode byte 0x{bad} (not UTF-8 or Shift_JIS/CP932 text)"
    )


def deck_format(path: str | os.PathLike[str], fmt: str | None = None) -> str:
    """`text`, `yaml` or `json`: `fmt` when given, else from the file extension."""
    if fmt and fmt != "auto":
        return fmt
    return STRUCTURED_SUFFIXES.get(Path(str(path)).suffix.casefold(), "text")


__all__ = ["MAX_BYTES", "STRUCTURED_SUFFIXES", "deck_format", "decode", "read_bytes"]
