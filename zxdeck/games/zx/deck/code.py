"""Deck codes: a whole deck as one short URL-safe line, read back wherever a deck file is.

A code is `zxd1_` followed by base64url (no padding) of `body | CRC-32 (4 bytes,
big-endian)`. The body packs, for each section in the order player, main,
dunamis, its card numbers (sorted) in groups that share the part up to the last
`-` (the prefix, e.g. `ZX01-`) and, when the rest is a number, its width:

    section:  varint number of groups, then the groups
    group:    varint prefix length, prefix (UTF-8), byte width (0: the rests are text),
              varint number of cards, then per card:
              width > 0: varint (number - previous number of the group), varint count
              width = 0: varint length, rest (UTF-8), varint count

so `ZX01-074 x4, ZX01-111 x3` is the group `ZX01-` of width 3: (74, 4), (37, 3).
A 50 + 14 card deck is a code of about 120 characters. The checksum is the
CRC-32 of the deck's canonical text (`canonical_text`: one line per section,
`P`/`M`/`D` then `PREFIX:REST*COUNT,...;...`). Packing uses no compression
library, so the same cards give the same code on every machine.

The `1` after `zxd` is the version; a decoder refuses versions it does not know.
Decoding checks everything (alphabet, base64 form, lengths, bounds, the
checksum, that the body is exactly what zxdeck writes) and raises
`DeckFileError` (exit 2) with one line saying what is wrong; it never returns
another deck than the one encoded.

A command argument is a deck code when it matches `zxd<digits>_<base64url>`
(`is_deck_code`); anything else is a file name. A file whose name looks like a
code is read as a file when written with a folder, e.g. `./zxd1_x`.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib  # for its CRC-32 only
from dataclasses import dataclass

from zxdeck.catalog.source import CardSource
from zxdeck.errors import DeckFileError
from zxdeck.games.zx.deck.model import DUNAMIS, MAIN, PLAYER, Deck

VERSION = 1
PREFIX = f"zxd{VERSION}_"
MAX_CODE = 20_000  # characters; a 50 + 16 card deck is about 120
MAX_COUNT = 999
MAX_WIDTH = 18  # digits of a numeric rest of a card number
SECTION_LETTERS = {PLAYER: "P", MAIN: "M", DUNAMIS: "D"}
_CODE = re.compile(r"zxd(?P<version>\d{1,6})_(?P<payload>[A-Za-z0-9_-]*)")
_ESCAPED = "%,;:*\n\r"
_DIGITS = re.compile(r"[0-9]{1,18}")


@dataclass(frozen=True)
class CodeEntry:
    """One card of a code: section, card number, count."""

    section: str
    card_id: str
    count: int


def is_deck_code(text: str) -> bool:
    """True when a command argument is a deck code rather than a file name."""
    return bool(_CODE.fullmatch(text.strip()))


def short_name(code: str) -> str:
    """How a code is named in reports: its first characters."""
    code = "".join(ch if ch.isprintable() else "?" for ch in code.strip())
    return code if len(code) <= 16 else code[:14] + "…"


def _split_id(card_id: str) -> tuple[str, str]:
    cut = card_id.rfind("-") + 1
    return card_id[:cut], card_id[cut:]


def _groups(entries: list[CodeEntry], section: str) -> list[tuple[str, int, list[tuple[str, int]]]]:
    """(prefix, width, [(rest, count)]) of a section: card numbers sorted, counts added up."""
    totals: dict[str, int] = {}
    for e in entries:
        if e.section == section:
            totals[e.card_id] = totals.get(e.card_id, 0) + e.count
    groups: list[tuple[str, int, list[tuple[str, int]]]] = []
    for cid in sorted(totals):
        if not 1 <= totals[cid] <= MAX_COUNT:
            raise ValueError(f"{cid}: count {totals[cid]} out of range 1..{MAX_COUNT}")
        prefix, rest = _split_id(cid)
        width = len(rest) if _DIGITS.fullmatch(rest) else 0
        if groups and groups[-1][:2] == (prefix, width):
            groups[-1][2].append((rest, totals[cid]))
        else:
            groups.append((prefix, width, [(rest, totals[cid])]))
    return groups


def _escape(text: str) -> str:
    return "".join(f"%{ord(ch):02X}" if ch in _ESCAPED else ch for ch in text)


def canonical_text(entries: list[CodeEntry]) -> str:
    """The deck as text, the input of the checksum: `PPR01-:002\\nMZX01-:074*4,111*3`."""
    lines = []
    for section, letter in SECTION_LETTERS.items():
        groups = _groups(entries, section)
        if groups:
            lines.append(letter + ";".join(
                _escape(prefix) + ":" + ",".join(_escape(rest) + (f"*{n}" if n > 1 else "") for rest, n in cards)
                for prefix, _, cards in groups))
    return "\n".join(lines)


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte, n = n & 0x7F, n >> 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def _pack(entries: list[CodeEntry]) -> bytes:
    out = bytearray()
    for section in SECTION_LETTERS:
        groups = _groups(entries, section)
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


def encode_entries(entries: list[CodeEntry]) -> str:
    """The deck code of these entries (the same cards always give the same code).

    Raises ValueError when a card's counts add up to more than MAX_COUNT."""
    text = canonical_text(entries).encode("utf-8")
    raw = _pack(entries) + zlib.crc32(text).to_bytes(4, "big")
    return PREFIX + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def deck_entries(deck: Deck) -> list[CodeEntry]:
    """The known cards of a deck as code entries (unknown lines are left out: check first)."""
    return [CodeEntry(e.section, e.card.id, e.count) for e in deck.entries if e.card is not None]


def encode_deck(deck: Deck) -> str:
    """The deck code of a deck; raises ZxError (exit 1) when a line of it was not understood."""
    from zxdeck.errors import EXIT_INVALID, ZxError
    from zxdeck.games.zx.deck.export import check_readable

    check_readable(deck, "cannot make a deck code")
    try:
        return encode_entries(deck_entries(deck))
    except ValueError as exc:
        raise ZxError(f"{deck.source}: cannot make a deck code, {exc}", EXIT_INVALID) from None


class _Fail:
    """Builds the one-line error of a damaged code."""

    def __init__(self, code: str) -> None:
        self.name = short_name(code)

    def __call__(self, what: str) -> DeckFileError:
        return DeckFileError(f"deck code {self.name}: damaged: {what} (copy the whole code again)")


def decode_entries(code: str) -> list[CodeEntry]:
    """The entries of a deck code; raises `DeckFileError` (exit 2) naming what is wrong."""
    code = code.strip()
    fail = _Fail(code)
    if len(code) > MAX_CODE:
        raise DeckFileError(f"deck code {fail.name}: {len(code):,} characters, too long for a deck code")
    m = _CODE.fullmatch(code)
    if not m:
        raise DeckFileError(f"{fail.name}: not a deck code (a code starts with {PREFIX} and has only "
                            "letters, digits, - and _)")
    version = int(m.group("version"))
    if version != VERSION:
        raise DeckFileError(f"deck code {fail.name}: version {version} is not known to this zxdeck "
                            f"(it reads version {VERSION}); a newer zxdeck may have made it")
    payload = m.group("payload")
    if len(payload) % 4 == 1:
        raise fail("its length is not possible for base64 (a character is missing or extra)")
    try:
        raw = base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        raise fail("not base64url") from None
    if base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=") != payload:
        raise fail("its last character is not possible for this length")
    if len(raw) < 7:  # three empty sections and the checksum
        raise fail("too short")
    body, crc = raw[:-4], int.from_bytes(raw[-4:], "big")
    entries = _Unpacker(body, fail).entries()
    try:
        text = canonical_text(entries)
    except ValueError:
        raise fail("a card counted more than 999 times") from None
    if zlib.crc32(text.encode("utf-8")) != crc:
        raise fail("the checksum does not match")
    if _pack(entries) != body:
        raise fail("the card list is not in the order or form zxdeck writes")
    return entries


class _Unpacker:
    """Reads a packed body (see the module docstring), refusing anything out of bounds."""

    def __init__(self, body: bytes, fail: _Fail) -> None:
        self.body, self.pos, self.fail = body, 0, fail

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
        for section in SECTION_LETTERS:
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


def deck_from_code(code: str, catalog: CardSource) -> Deck:
    """The deck a code holds, its cards looked up by number in `catalog` (unknown numbers are
    `unknown-card` problems of the deck, as in a file)."""
    from zxdeck.games.zx.deck.parse import _Reader

    entries = decode_entries(code)
    reader = _Reader(catalog, short_name(code))
    for e in entries:
        reader.add(e.count, e.card_id, e.section, None)
    deck = reader.finish()
    deck.encoding = "deck code"
    return deck
