"""Deck codes for every game: a whole deck as one short URL-safe line, read back wherever a deck
file is (`zxdeck deck code`; Z/X's are `zxd1_...`, MOZ's `mzd1_...`).

A game's code is `CodeFormat(tag, sections)`: its tag (`zxd`, `mzd`: a code is
`TAG<version>_` followed by base64url, no padding, of `body | CRC-32 (4 bytes, big-endian)`) and
its sections in order with their letters (Z/X: player P, main M, dunamis D; MOZ: summoners S,
zone Z). The body packs, for each section in that order, its card numbers (sorted) in groups
that share the part up to the last `-` (the prefix, e.g. `ZX01-`; with `split_digits`, the part
before the trailing digits, e.g. `MOZ-B`) and, when the rest is a number, its width:

    section:  varint number of groups, then the groups
    group:    varint prefix length, prefix (UTF-8), byte width (0: the rests are text),
              varint number of cards, then per card:
              width > 0: varint (number - previous number of the group), varint count
              width = 0: varint length, rest (UTF-8), varint count

so `ZX01-074 x4, ZX01-111 x3` is the group `ZX01-` of width 3: (74, 4), (37, 3). The checksum
is the CRC-32 of the deck's canonical text (`canonical_text`: one line per section, its letter
then `PREFIX:REST*COUNT,...;...`). Packing uses no compression library, so the same cards give
the same code on every machine.

The digits after the tag are the version; a decoder refuses versions it does not know.
Decoding checks everything (alphabet, base64 form, lengths, bounds, the checksum, that the body
is exactly what zxdeck writes) and raises `DeckFileError` (exit 2) with one line saying what is
wrong; it never returns another deck than the one encoded. A code of another game (its tag is
that game's `DECK_CODE_TAG`) is named as such (`foreign_code`), never read as a file name.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib  # for its CRC-32 only
from collections.abc import Sequence
from dataclasses import dataclass

from zxdeck.errors import DeckFileError

VERSION = 1
MAX_CODE = 20_000  # characters; a 50 + 16 card deck is about 120
MAX_COUNT = 999
MAX_WIDTH = 18  # digits of a numeric rest of a card number
_ESCAPED = "%,;:*\n\r"
_DIGITS = re.compile(r"[0-9]{1,18}")
ANY_CODE = re.compile(r"(?P<tag>[a-z]{2,6}?d)(?P<version>\d{1,6})_(?P<payload>[A-Za-z0-9_-]*)")


@dataclass(frozen=True)
class CodeEntry:
    """One card of a code: section, card number, count."""

    section: str
    card_id: str
    count: int


def short_name(code: str) -> str:
    """How a code is named in reports: its first characters."""
    code = "".join(ch if ch.isprintable() else "?" for ch in code.strip())
    return code if len(code) <= 16 else code[:14] + "…"


def _split_id(card_id: str, digits: bool = False) -> tuple[str, str]:
    """(prefix, rest): cut after the last `-`, or (`digits`) before the trailing digits when
    there are some (`MOZ-B001` -> `MOZ-B`, `001`)."""
    if digits and card_id[-1:].isdigit():
        cut = len(card_id.rstrip("0123456789"))
    else:
        cut = card_id.rfind("-") + 1
    return card_id[:cut], card_id[cut:]


def _escape(text: str) -> str:
    return "".join(f"%{ord(ch):02X}" if ch in _ESCAPED else ch for ch in text)


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


class CodeFormat:
    """The deck code of one game: its tag and its sections (in order) with their letters."""

    def __init__(self, tag: str, sections: dict[str, str], version: int = VERSION, split_digits: bool = False) -> None:
        self.tag = tag
        self.split_digits = split_digits  # group card numbers by what precedes their trailing digits
        self.sections = dict(sections)
        self.version = version
        self.prefix = f"{tag}{version}_"
        self.pattern = re.compile(re.escape(tag) + r"(?P<version>\d{1,6})_(?P<payload>[A-Za-z0-9_-]*)")

    def is_code(self, text: str) -> bool:
        """True when a command argument is a deck code of this game rather than a file name."""
        return bool(self.pattern.fullmatch(text.strip()))

    def _groups(self, entries: Sequence[CodeEntry], section: str) -> list[tuple[str, int, list[tuple[str, int]]]]:
        """(prefix, width, [(rest, count)]) of a section: card numbers sorted, counts added up."""
        totals: dict[str, int] = {}
        for e in entries:
            if e.section == section:
                totals[e.card_id] = totals.get(e.card_id, 0) + e.count
        groups: list[tuple[str, int, list[tuple[str, int]]]] = []
        for cid in sorted(totals):
            if not 1 <= totals[cid] <= MAX_COUNT:
                raise ValueError(f"{cid}: count {totals[cid]} out of range 1..{MAX_COUNT}")
            prefix, rest = _split_id(cid, self.split_digits)
            width = len(rest) if _DIGITS.fullmatch(rest) else 0
            if groups and groups[-1][:2] == (prefix, width):
                groups[-1][2].append((rest, totals[cid]))
            else:
                groups.append((prefix, width, [(rest, totals[cid])]))
        return groups

    def canonical_text(self, entries: Sequence[CodeEntry]) -> str:
        """The deck as text, the input of the checksum: `PPR01-:002\\nMZX01-:074*4,111*3`."""
        lines = []
        for section, letter in self.sections.items():
            groups = self._groups(entries, section)
            if groups:
                lines.append(letter + ";".join(
                    _escape(prefix) + ":" + ",".join(_escape(rest) + (f"*{n}" if n > 1 else "") for rest, n in cards)
                    for prefix, _, cards in groups))
        return "\n".join(lines)

    def pack(self, entries: Sequence[CodeEntry]) -> bytes:
        out = bytearray()
        for section in self.sections:
            groups = self._groups(entries, section)
            out += _varint(len(groups))
            for prefix, width, cards in groups:
                raw = prefix.encode("utf-8")
                out += _varint(len(raw)) + raw + bytes([width]) + _varint(len(cards))
                previous = 0
                for rest, count in cards:
                    if width:
                        out += _varint(int(rest) - previous)
                        previous = int(rest)
                    else:
                        raw = rest.encode("utf-8")
                        out += _varint(len(raw)) + raw
                    out += _varint(count)
        return bytes(out)

    def encode(self, entries: Sequence[CodeEntry]) -> str:
        """The deck code of these entries (the same cards always give the same code).

        Raises ValueError when a card's counts add up to more than MAX_COUNT."""
        text = self.canonical_text(entries).encode("utf-8")
        raw = self.pack(entries) + zlib.crc32(text).to_bytes(4, "big")
        return self.prefix + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")

    def decode(self, code: str) -> list[CodeEntry]:
        """The entries of a deck code; raises `DeckFileError` (exit 2) naming what is wrong."""
        code = code.strip()
        fail = _Fail(code)
        if len(code) > MAX_CODE:
            raise DeckFileError(f"deck code {fail.name}: {len(code):,} characters, too long for a deck code")
        m = self.pattern.fullmatch(code)
        if not m:
            raise DeckFileError(f"{fail.name}: not a deck code (a code starts with {self.prefix} and has only "
                                "letters, digits, - and _)")
        version = int(m.group("version"))
        if version != self.version:
            raise DeckFileError(f"deck code {fail.name}: version {version} is not known to this zxdeck "
                                f"(it reads version {self.version}); a newer zxdeck may have made it")
        payload = m.group("payload")
        if len(payload) % 4 == 1:
            raise fail("its length is not possible for base64 (a character is missing or extra)")
        try:
            raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
        except (binascii.Error, ValueError):
            raise fail("not base64url") from None
        if base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=") != payload:
            raise fail("its last character is not possible for this length")
        if len(raw) < len(self.sections) + 4:  # the empty sections and the checksum
            raise fail("too short")
        body, crc = raw[:-4], int.from_bytes(raw[-4:], "big")
        entries = _Unpacker(body, fail, tuple(self.sections)).entries()
        try:
            text = self.canonical_text(entries)
        except ValueError:
            raise fail("a card counted more than 999 times") from None
        if zlib.crc32(text.encode("utf-8")) != crc:
            raise fail("the checksum does not match")
        if self.pack(entries) != body:
            raise fail("the card list is not in the order or form zxdeck writes")
        return entries


class _Fail:
    """Builds the one-line error of a damaged code."""

    def __init__(self, code: str) -> None:
        self.name = short_name(code)

    def __call__(self, what: str) -> DeckFileError:
        return DeckFileError(f"deck code {self.name}: damaged: {what} (copy the whole code again)")


class _Unpacker:
    """Reads a packed body (see the module docstring), refusing anything out of bounds."""

    def __init__(self, body: bytes, fail: _Fail, sections: tuple[str, ...]) -> None:
        self.body, self.pos, self.fail, self.sections = body, 0, fail, sections

    def byte(self) -> int:
        if self.pos >= len(self.body):
            raise self.fail("cut short")
        self.pos += 1
        return self.body[self.pos - 1]

    def varint(self, limit: int) -> int:
        n, shift = 0, 0
        while True:
            b = self.byte()
            n |= (b & 0x7F) << shift
            shift += 7
            if n > limit:
                raise self.fail(f"a number over {limit:,}")
            if not b & 0x80:
                return n

    def text(self) -> str:
        n = self.varint(len(self.body))
        raw = self.body[self.pos : self.pos + n]
        if len(raw) < n:
            raise self.fail("cut short")
        self.pos += n
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            raise self.fail("a card number that is not UTF-8") from None

    def entries(self) -> list[CodeEntry]:
        out: list[CodeEntry] = []
        for section in self.sections:
            for _ in range(self.varint(len(self.body))):
                prefix = self.text()
                width = self.byte()
                if width > MAX_WIDTH:
                    raise self.fail(f"a card number of {width} digits")
                number = 0
                for _ in range(self.varint(len(self.body))):
                    if width:
                        number += self.varint(10**MAX_WIDTH)
                        rest = str(number).zfill(width)
                        if len(rest) != width:
                            raise self.fail("a card number wider than its group")
                    else:
                        rest = self.text()
                    count = self.varint(MAX_COUNT)
                    if not prefix + rest or count < 1:
                        raise self.fail("an empty card number or a count of 0")
                    out.append(CodeEntry(section, prefix + rest, count))
        if self.pos != len(self.body):
            raise self.fail("extra bytes after the cards")
        return out


def foreign_code(text: str, key: str) -> str | None:
    """The key of the other game whose deck code `text` is (its game module's `DECK_CODE_TAG`),
    or None: a MOZ code given to a Z/X command, or the reverse."""
    m = ANY_CODE.fullmatch(text.strip())
    if m is None:
        return None
    from zxdeck.games import GAMES, game_module

    for other in GAMES:
        if other != key and getattr(game_module(other), "DECK_CODE_TAG", None) == m.group("tag"):
            return other
    return None


def check_foreign_code(text: str, key: str) -> None:
    """Raise `DeckFileError` (exit 2) naming the game when `text` is another game's deck code."""
    other = foreign_code(text, key)
    if other is not None:
        from zxdeck.games import game_module

        here, there = game_module(key), game_module(other)
        raise DeckFileError(f"{short_name(text)}: a {there.SHORT_TITLE} deck code, not a {here.SHORT_TITLE} "
                            f"one (read it with `zxdeck --game {other}`)")
