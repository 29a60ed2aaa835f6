"""Reading deck files for every game: the text reader's line loop and the YAML / JSON wrapper.

A text deck is read line by line (`parse_text`): each line is NFKC-normalized, comments
(`# ...`, whole line or after a space) and list bullets are removed, and it is a section header,
a card line or a problem. A card line is a count and a card (`4 NAME`, `4x NAME`, `x4 NAME`,
`NAME x2`, `NAME×2`, `NAME 2枚`) or a card alone (one copy); a card is named by its number or its
name (`CardSource.lookup`: case, width, kana and spaces ignored), with "did you mean" suggestions
for unknown ones. What differs between games is a `Layout`: the section headers and the
sections they open, the list layouts players paste (bracketed entries, rarity prefixes), which
card types a section prefers, what makes a card misplaced under a header. `Layout` itself is a
plain one that reads the words of its `HEADERS`.

A YAML / JSON deck (`parse_structured`) is a mapping of section keys to lists of entries (card
lines, or `{card, count}`), or a plain list. YAML goes through the safe loader with anchors and
aliases refused; nesting deeper than `MAX_DEPTH` is refused.

Files that cannot be read at all (too many lines, YAML / JSON errors) raise `DeckFileError`
(exit 2). Lines that cannot be understood become `parse-error` / `unknown-card` problems of the
deck (exit 1). Reading the bytes of a file is zxdeck.decks.files.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from zxdeck.catalog.source import CardSource
from zxdeck.decks.model import MAIN, WARNING, Deck, DeckEntry, Problem
from zxdeck.errors import DeckFileError
from zxdeck.records import FrozenRecord
from zxdeck.text import fold, fold_compact, nfkc

Card = Any  # a card of the game's catalog (`id`, `name`, `name_en`, `type`)

MAX_LINE = 1000  # characters; longer lines are a parse-error, never matched
MAX_LINES = 5000  # non-empty lines (or YAML/JSON entries); a real deck has well under 100
MAX_COUNT = 999
MAX_READ_PROBLEMS = 100  # parse-error / unknown-card problems reported per file
MAX_SUGGESTED = 30  # unknown cards that get "did you mean" suggestions
MIN_SUGGESTED = 3  # ... however big the catalog
MAX_COMPARED = 1_000_000  # fuzzy comparisons per file (a 50,000-card catalog has ~150,000 keys)
MAX_DEPTH = 20  # nesting of a YAML / JSON deck; a real one has 3 ({main: [{card, count}]})


_NUM = r"(?P<n>[+-]?\d+)"
_X = r"[xX×*✕✖]"
_COUNT_PATTERNS = (
    re.compile(rf"^{_NUM}\s*(?:{_X}|枚)?\s+(?P<card>\S.*)$"),  # 4 NAME, 4x NAME, 4 x NAME
    re.compile(rf"^{_X}\s*{_NUM}\s+(?P<card>\S.*)$"),  # x4 NAME
    re.compile(rf"^(?P<card>.*?\S)\s+{_X}\s*{_NUM}\s*枚?$"),  # NAME x2
    re.compile(rf"^(?P<card>.*?[^\x00-\x7f])\s*{_X}\s*{_NUM}\s*枚?$"),  # 名前×2, 名前x2
    re.compile(rf"^(?P<card>.*?\S)\s*[×*]\s*{_NUM}\s*枚?$"),  # Flame Dragon×2
    re.compile(rf"^(?P<card>.*?\S)\s+{_NUM}\s*枚$"),  # 名前 2枚
)
_COMMENT = re.compile(r"(^|\s)#.*$")
_BULLET = re.compile(r"^(?:[-•]\s+|・\s*)")  # "- 4 B01-001", "・4 B01-001" (lists pasted from notes)
_SPACES = re.compile(r"\s+")



# --------------------------------------------------------------------------- the game's part


class Header(FrozenRecord):
    """A section header line: the section it opens, its kind, a declared count, text after `:`."""

    _fields = ("section", "kind", "count", "rest", "meta")

    def __init__(self, section: str, kind: str = "", count: int | None = None, rest: str = "",
                 meta: bool = False) -> None:
        object.__setattr__(self, "section", section)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "rest", rest)
        object.__setattr__(self, "meta", meta)  # `デッキ名: ...`: not a section


_MARKERS = "■□◆◇●○◎★☆▼▽▲△▶▷►▸◀◁♦◈※"
_HEADER_COUNT = re.compile(r"(?P<head>.*?)\s*(?:\(\s*(?P<n>\d{1,4})\s*枚?\s*\))?")


class Layout:
    """What a game adds to the reader: its section headers, the layouts its players paste, which
    card types a section prefers. Every method here is a hook; this base class is a plain layout
    (`HEADERS` words, no rarities, no bracketed entries) that a game may subclass.

    `HEADERS` maps header words (`Zone`, `ゾーン`) to the section they open; a header line is the
    word alone, perhaps in brackets, after a marker (■ ◆ ...), before `:` or a count `(50)`
    (a count the cards under it are checked against). `SHOWN` are the words hints name, `DOC`
    the page that lists them."""

    HEADERS: dict[str, str] = {}
    SHOWN: tuple[str, ...] = ()
    DOC = "docs/DECKS.md"
    ONE_LINE: frozenset[str] = frozenset()  # sections that hold only the line after their header
    PREFERRED_TYPES: dict[str, frozenset[str]] = {}  # the card types a section prefers for a name
    DEFAULT_SECTION = MAIN

    def new_deck(self, source: str) -> Deck:
        """The empty deck the reader fills (a game may keep more in its own `Deck`)."""
        return Deck(source=source)

    def header_key(self, text: str) -> str:
        """The key a header word is looked up by: folded, without spaces."""
        return fold(text).replace(" ", "")

    def strip_markers(self, line: str) -> tuple[str, bool]:
        """The line without leading markers (■ ◆ ● ...), and whether it had one."""
        stripped = line.lstrip(_MARKERS).lstrip()
        return stripped, stripped != line

    def unbracket(self, text: str) -> str:
        """`[Zone]`, `【ゾーン】`: the text inside; other text unchanged."""
        if len(text) >= 2 and text[0] in "[【" and text[-1] in "]】":
            return text[1:-1].strip()
        return text

    def parse_header(self, line: str) -> Header | None:
        """The header a (cleaned, marker-free) line is, or None when it is not one."""
        words = self.unbracket(line.strip())
        words = words[:-1].rstrip() if words.endswith(":") else words
        m = _HEADER_COUNT.fullmatch(words)
        head = self.unbracket(m.group("head")) if m else words
        keys = self.__dict__.get("_keys")
        if keys is None:
            keys = self.__dict__["_keys"] = {self.header_key(w): s for w, s in self.HEADERS.items()}
        section = keys.get(self.header_key(head.rstrip(":").rstrip()))
        if section is None:
            return None
        return Header(section, count=int(m.group("n")) if m and m.group("n") else None)

    def looks_like_header(self, line: str, marked: bool) -> bool:
        """A line that is not a card line but is written like a header (`[Side]`, `Side:`,
        `■Side`); it is an unknown header unless it names a card."""
        if re.match(r"[+-]?\d", line):
            return False
        return marked or (len(line) >= 2 and line[0] in "[【" and line[-1] in "]】") or line.endswith(":")

    def known_headers(self) -> str:
        """The header words, for hints."""
        return ", ".join(self.SHOWN or self.HEADERS)

    def kind_mismatch(self, card: Any, kind: str) -> tuple[str, str, str] | None:
        """(where, problem, hint) when `card` does not fit the kind of header it is listed under."""
        return None

    def rules_signature(self, card: Any) -> Any:
        """What the deck rules look at in a card (same-named cards that differ here are ambiguous)."""
        return card.type

    def rarity_splits(self, text: str) -> list[str]:
        """The names `text` may be once a rarity written before it is removed (none here)."""
        return []

    def strip_known_rarity(self, text: str) -> str:
        """`text` without a rarity code before the name (for messages)."""
        return text

    def bracketed_entry(self, text: str) -> tuple[str, str | None] | None:
        """(name, count text) of a card entry written in brackets, or None (none here)."""
        return None


PLAIN = Layout()


# --------------------------------------------------------------------------- card look-up


def resolve(catalog: CardSource, text: str, section: str = MAIN,
            preferred_types: Mapping[str, frozenset[str]] | None = None) -> tuple[Card | None, list[Card]]:
    """The card `text` names, preferring a card number, then a card of a type fit for `section`.

    Returns (card or None, the candidates: every card the text matched, only
    those fit for the section when there are some) so that callers can tell an
    ambiguous name from a unique one.
    """
    stripped = text.strip()
    exact = catalog.get(stripped) or catalog.get(nfkc(stripped).upper())
    if exact is not None:
        return exact, [exact]
    found = catalog.lookup(stripped)
    if not found:
        return None, []
    key = fold_compact(stripped)
    for card in found:
        if fold_compact(card.id) == key:
            return card, [card]
    preferred = (preferred_types or {}).get(section, frozenset())
    fit = [c for c in found if c.type in preferred] or found
    return fit[0], fit


def _rules_differ(cards: list[Card], layout: Layout = PLAIN) -> bool:
    """True when same-named cards differ in something the deck rules look at."""
    return len({layout.rules_signature(c) for c in cards}) > 1


# --------------------------------------------------------------------------- text decks


class _Reader:
    """Builds a `Deck` line by line, capping the number of problems and suggestions."""

    def __init__(self, catalog: CardSource, source: str, layout: Layout = PLAIN) -> None:
        self.catalog = catalog
        self.layout = layout
        self.deck = layout.new_deck(source)
        self.read_problems = 0
        self.suggested = 0
        self.dropped = 0
        self.counting = True  # False under a header that was not understood: read, not counted
        self._resolved: dict[tuple[str, str], tuple[Card | None, list[Card]]] = {}
        self._suggested: dict[str, tuple[list[str], list[dict[str, Any]]]] = {}

    def resolve(self, text: str, section: str) -> tuple[Card | None, list[Card]]:
        """`resolve`, remembered: a line may be tried several ways, and files repeat lines."""
        key = (text, section)
        if key not in self._resolved:
            found = self._resolve(text, section)
            if found[0] is None and "~" in text:
                # CP932 byte 0x8160 decodes to FULLWIDTH TILDE (NFKC: "~"); the name has WAVE DASH
                found = self._resolve(text.replace("~", "〜"), section)
            if found[0] is None:
                found = self._number_and_name(text, section) or found
            for name in self.layout.rarity_splits(text) if found[0] is None else ():
                without = self._resolve(name, section)  # `SR蒼穹機神`: a rarity, then the name
                if without[0] is not None:
                    found = without
                    break
            self._resolved[key] = found
        return self._resolved[key]

    def _resolve(self, text: str, section: str) -> tuple[Card | None, list[Card]]:
        return resolve(self.catalog, text, section, self.layout.PREFERRED_TYPES)

    def _number_and_name(self, text: str, section: str) -> tuple[Card | None, list[Card]] | None:
        """`B01-001 紅蓮の剣士ジーク` (number, then its own name or English name): the numbered card."""
        number, _, name = text.partition(" ")
        if not name:
            return None
        card = self._resolve(number, section)[0]
        if card is None or fold_compact(number) != fold_compact(card.id):
            return None
        if fold_compact(name) in {fold_compact(card.name), fold_compact(card.name_en or card.name)}:
            return card, [card]
        return None

    def problem(self, problem: Problem) -> None:
        if self.read_problems >= MAX_READ_PROBLEMS:
            self.dropped += 1
            return
        self.read_problems += 1
        self.deck.problems.append(problem)

    def suggestions(self, text: str) -> tuple[list[str], list[dict[str, Any]]]:
        """Suggestions for an unknown card, within a budget (each one compares with every key)."""
        if text in self._suggested:
            return self._suggested[text]
        if self.read_problems >= MAX_READ_PROBLEMS or self.suggested >= MAX_SUGGESTED:
            return [], []
        keys = len(self.catalog.lookup_keys)
        if self.suggested >= MIN_SUGGESTED and (self.suggested + 1) * keys > MAX_COMPARED:
            return [], []
        self.suggested += 1
        from zxdeck.catalog.suggest import suggestion_fields

        self._suggested[text] = suggestion_fields(self.catalog, text)
        return self._suggested[text]

    def parse_error(self, line: int | None, message: str, hint: str, where: str = "") -> None:
        self.problem(Problem("parse-error", f"{where}{message}", line=line, hint=hint))

    def add(self, count: int, text: str, section: str, line: int | None, where: str = "") -> DeckEntry:
        """Add a card line whose count was already checked (read only, when not `counting`)."""
        card, matched = self.resolve(text, section)
        entry = DeckEntry(count=count, text=text, section=section, card=card, line=line)
        if self.counting:
            self.deck.entries.append(entry)
        if card is None:
            text = self.layout.strip_known_rarity(text)
            names, details = self.suggestions(text)
            hint = f"did you mean {_or_list(names)}?" if names else "check the spelling or write the card number"
            self.problem(Problem("unknown-card", f"{where}no card with number or name {text!r}",
                                 line=line, suggestions=names, suggested_cards=details, hint=hint))
        elif len(matched) > 1 and _rules_differ(matched, self.layout):
            others = ", ".join(c.id for c in matched if c is not card)
            self.problem(Problem(
                "ambiguous-name",
                f"{where}{text!r} names several different cards; using {card.id} (also {others})",
                line=line, severity="warning", name=card.name,
                hint="write the card number to choose another one",
            ))
        return entry

    def check_count(self, raw: Any, line: int | None, where: str = "") -> int | None:
        """The count as an int in 1..MAX_COUNT, or None after reporting a parse-error."""
        if isinstance(raw, bool) or not isinstance(raw, int):
            try:
                value = int(str(raw).strip())
            except ValueError:
                self.parse_error(line, f"count {str(raw)[:20]!r} is not a whole number",
                                 "write the number of copies, e.g. `4 B01-001`", where)
                return None
        else:
            value = raw
        if not 1 <= value <= MAX_COUNT:
            shown = str(value) if len(str(value)) <= 12 else str(value)[:12] + "…"
            self.parse_error(line, f"count {shown} is out of range (1 to {MAX_COUNT})",
                             "write how many copies, e.g. `4 B01-001`; remove the line for none", where)
            return None
        return value

    def card_line(self, text: str, section: str, line: int | None, where: str = "") -> DeckEntry | None:
        """One card line: `4 X`, `4x X`, `x4 X`, `X x2`, `4 ‹R X>`, or a card alone (one copy).

        Returns the entry added, None when the line was a problem."""
        bracketed = self.layout.bracketed_entry(text)
        if bracketed is not None:
            name, raw_count = bracketed
            if self.resolve(name, section)[0] is not None or self.resolve(text, section)[0] is None:
                count = self.check_count(raw_count or 1, line, where)
                return None if count is None else self.add(count, name, section, line, where)
        for pattern in _COUNT_PATTERNS:
            m = pattern.match(text)
            if not m:
                continue
            name = m.group("card").strip()
            if self.resolve(name, section)[0] is None and self.resolve(text, section)[0]:
                break  # the whole line is a card name that merely looks like a count line
            count = self.check_count(m.group("n"), line, where)
            return None if count is None else self.add(count, name, section, line, where)
        if self.resolve(text, section)[0] is not None:
            return self.add(1, text, section, line, where)
        names, details = self.suggestions(text)
        if section in self.layout.ONE_LINE:  # `Player: NAME`: a name, that names no such card
            hint = f"did you mean {_or_list(names)}?" if names else "check the spelling or write the card number"
            self.problem(Problem("unknown-card", f"{where}no {section} card with number or name {_short(text)!r}",
                                 line=line, suggestions=names, suggested_cards=details, hint=hint))
            return None
        if not names and looks_like_prose(text):  # a pasted blog's title or closing sentence
            self.problem(Problem("ignored-line", f"{where}ignored, not a card line: {_short(text)!r}",
                                 line=line, severity=WARNING,
                                 hint="text around a pasted list is skipped; put `#` before it to silence this"))
            return None
        hint = "a card line is a count and a card number or name, e.g. `4 B01-001`"
        if names:
            hint += f"; did you mean {_or_list(names)}?"
        self.problem(Problem("parse-error", f"{where}not a card line or section header: {_short(text)!r}",
                             line=line, hint=hint, suggestions=names or None,
                             suggested_cards=details or None))
        return None

    def finish(self) -> Deck:
        if self.dropped:
            self.deck.problems.append(Problem(
                "parse-error", f"... and {self.dropped} more lines that could not be read",
                hint="is this a deck file?",
            ))
        self.deck.empty = not self.deck.entries and not self.read_problems
        # problems found when a section ends (a header's count) go back among their lines
        self.deck.problems.sort(key=lambda p: (p.line is None, p.line or 0))
        return self.deck


_SENTENCE_MARKS = re.compile(r"[。！？!?、…♪☆★「」『』]|https?://|www\.|^【[^】]*】.")


def looks_like_prose(text: str) -> bool:
    """A line of a pasted blog post or message rather than a card line that went wrong: no
    count, and Japanese sentence punctuation, a URL, a `【title】 and more` heading, or words ending
    with a full stop. (A line with close card names is never prose: it is a card misspelled.)"""
    if any(p.match(text) for p in _COUNT_PATTERNS):
        return False
    return bool(_SENTENCE_MARKS.search(text)) or (len(text.split()) >= 3 and text.endswith("."))


def _check_size(n: int, source: str, what: str) -> None:
    if n > MAX_LINES:
        raise DeckFileError(f"{source}: {n:,} {what}; a deck file has at most {MAX_LINES:,} "
                            "(is this the right file?)")


def _short(text: str, n: int = 60) -> str:
    return text if len(text) <= n else text[:n] + "…"


def _or_list(names: list[str]) -> str:
    quoted = [f"'{n}'" for n in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def clean_line(raw: str) -> str:
    """A raw line NFKC-normalized, without comment or list bullet, with single spaces."""
    text = nfkc(raw)
    text = _COMMENT.sub("", text)
    text = _SPACES.sub(" ", text).strip()
    return _BULLET.sub("", text)


class _Sections:
    """Which section each line of a text deck belongs to (docs/DECKS.md).

    A header opens a section until the next header. After a player header only the
    one line that follows belongs to the player section; the lines after it go back
    to the section before. Under a header that is not understood, lines are read
    (so that their problems are reported) but not counted in any section.
    """

    def __init__(self, reader: _Reader) -> None:
        self.reader = reader
        self.layout = layout = reader.layout
        self.section: str | None = layout.DEFAULT_SECTION  # None: under an unknown header
        self.kind = ""  # layout.IGNITION / layout.START for those parts of the main deck
        self.back: tuple[str, str] = (layout.DEFAULT_SECTION, "")  # where the lines after the player line go
        self.block: list[Any] | None = None  # [header text, line, declared count, cards seen]
        self.unknown: Problem | None = None
        self.unknown_lines: list[int] = []

    def line(self, line: str, number: int) -> None:
        text, marked = self.layout.strip_markers(line)
        if not text:
            return
        header = self.layout.parse_header(text)
        if header is not None and header.meta:
            self.reader.deck.name = self.reader.deck.name or header.rest
        elif header is not None:
            self.open(header, text, number)
        elif self.layout.looks_like_header(text, marked) and not self.resolves(text):
            self.open_unknown(line, text, number)
        else:
            self.card(text, number)

    def resolves(self, text: str) -> bool:
        """True when the line names a card, alone or after/before a count."""
        section = self.section or self.layout.DEFAULT_SECTION
        if self.reader.resolve(text, section)[0] is not None:
            return True
        for pattern in _COUNT_PATTERNS:
            m = pattern.match(text)
            if m and self.reader.resolve(m.group("card").strip(), section)[0] is not None:
                return True
        return False

    def open(self, header: Header, text: str, number: int) -> None:
        one_line = header.section in self.layout.ONE_LINE
        if one_line and header.rest:  # `Player: NAME`; the current section goes on
            self.reader.card_line(header.rest, header.section, number)
            return
        self.close()
        if one_line:
            self.section = header.section
            return
        self.section, self.kind = header.section, header.kind
        self.back = (header.section, header.kind)
        if header.count is not None:
            self.block = [text, number, header.count, 0]
        if header.rest:
            self.card(header.rest, number)

    def open_unknown(self, line: str, text: str, number: int) -> None:
        self.close()
        bracketed = self.layout.unbracket(text)
        message = (f"unknown section [{_short(bracketed)}]" if bracketed != text and text[0] in "[【"
                   else f"unknown section header {_short(line)!r}")
        self.unknown = Problem("parse-error", message, line=number,
                               hint=f"known headers: {self.layout.known_headers()} ({self.layout.DOC})")
        self.reader.problem(self.unknown)
        self.section = None
        self.reader.counting = False

    def card(self, text: str, number: int) -> None:
        if self.section is None:  # under an unknown header: problems reported, nothing counted
            self.reader.card_line(text, self.back[0], number)
            self.unknown_lines.append(number)
            return
        entry = self.reader.card_line(text, self.section, number)
        if self.section in self.layout.ONE_LINE:  # only the player line belongs to the player section
            self.section, self.kind = self.back
            return
        if entry is None:
            return
        if self.block is not None:
            self.block[3] += entry.count
        card = entry.card
        if card is None or not self.kind:
            return
        mismatch = self.layout.kind_mismatch(card, self.kind)
        if mismatch is not None:
            self.mismatch(entry, *mismatch)

    def mismatch(self, entry: DeckEntry, where: str, problem: str, hint: str) -> None:
        assert entry.card is not None
        self.reader.problem(Problem(
            "section-mismatch", f"{entry.card.name} ({entry.card.id}) is listed under {where} but {problem}",
            line=entry.line, severity=WARNING, name=entry.card.name, hint=hint,
        ))

    def close(self) -> None:
        """End the open header: check its declared count; note the lines an unknown one held."""
        if self.block is not None:
            text, number, declared, seen = self.block
            if declared != seen:
                self.reader.problem(Problem(
                    "section-count", f"the header {_short(text)!r} says {declared} cards; {seen} are listed under it",
                    line=number, severity=WARNING, found=seen, allowed=f"{declared} (the header)",
                    hint="a line may have been lost or doubled when the list was copied",
                ))
            self.block = None
        if self.unknown is not None and self.unknown_lines:
            first, last = self.unknown_lines[0], self.unknown_lines[-1]
            where = f"line {first}" if first == last else f"lines {first}-{last}"
            self.unknown.message += f"; the cards under it ({where}) are not counted"
        self.unknown, self.unknown_lines = None, []
        self.reader.counting = True
        if self.section is None:
            self.section, self.kind = self.back


def parse_text(text: str, catalog: CardSource, source: str = "<deck>", layout: Layout = PLAIN) -> Deck:
    """Parse a plain-text deck: one card line or section header per line, read with the game's
    `layout` (its headers and list layouts)."""
    lines = text.splitlines()
    _check_size(sum(1 for raw in lines if raw.strip()), source, "non-empty lines")
    reader = _Reader(catalog, source, layout)
    sections = _Sections(reader)
    for number, raw in enumerate(lines, start=1):
        if len(raw) > MAX_LINE:
            reader.parse_error(number, f"line is {len(raw)} characters long (at most {MAX_LINE})",
                               "one card per line: a count and a card number or name")
            continue
        line = clean_line(raw)
        if line:
            sections.line(line, number)
    sections.close()
    return reader.finish()


# --------------------------------------------------------------------------- YAML / JSON decks


def _item_lines(data: str, fmt: str) -> dict[str, list[int]]:
    """YAML only: the line of each list item under each top-level key (or of a top-level list)."""
    if fmt != "yaml":
        return {}
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        node = yaml.compose(data, Loader=loader)
    except yaml.YAMLError:
        return {}
    out: dict[str, list[int]] = {}
    if isinstance(node, yaml.SequenceNode):
        out["main"] = [item.start_mark.line + 1 for item in node.value]
    elif isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            k = str(getattr(key, "value", "")).casefold()
            if isinstance(value, yaml.SequenceNode):
                out[k] = [item.start_mark.line + 1 for item in value.value]
            else:
                out[k] = [value.start_mark.line + 1]
    return out


def _nested_over(value: Any, limit: int) -> bool:
    """Does a loaded JSON value nest lists / mappings more than `limit` levels? (no recursion)"""
    todo = [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, list | dict):
            if depth > limit:
                return True
            todo.extend((v, depth + 1) for v in (item.values() if isinstance(item, dict) else item))
    return False


def _load_structured(text: str, fmt: str, source: str) -> Any:
    """The document of a JSON / YAML deck; `DeckFileError` for syntax errors, a key given twice
    (naming both lines), YAML tags, anchors and aliases (an alias bomb expands without bound) and
    nesting deeper than `MAX_DEPTH`. YAML is read as catalogs are (zxdeck.safeyaml: YAML 1.2)."""
    if fmt == "json":
        from zxdeck import strictjson

        return strictjson.load(text, source, DeckFileError, MAX_DEPTH)
    from zxdeck.safeyaml import load_document

    return load_document(text, source, DeckFileError, MAX_DEPTH, always_check=True)


def parse_structured(text: str, catalog: CardSource, source: str = "<deck>", fmt: str = "yaml",
                     section_keys: Mapping[str, str] | None = None, layout: Layout = PLAIN,
                     order: tuple[str, ...] | None = None, shape: str = "'main'") -> Deck:
    """Parse a YAML or JSON deck: a mapping of section keys to lists of cards, or a list of cards.

    `section_keys` maps the (case-folded) keys of a mapping deck to their sections (default
    `{"main": "main", "deck": "main", "cards": "main"}`), read in `order` (default: the order of
    their first appearance in the mapping's values); a list deck is the section of the first key.
    `shape` names the keys in the error for a document of another type."""
    table = {"main": MAIN, "deck": MAIN, "cards": MAIN} if section_keys is None else section_keys
    order = order or tuple(dict.fromkeys(table.values()))
    doc = _load_structured(text, fmt, source)
    reader = _Reader(catalog, source, layout)
    lines = _item_lines(text, fmt)
    if doc is None:
        return reader.finish()
    if isinstance(doc, list):
        first = next(iter(table))
        sections: dict[str, Any] = {table[first]: doc}
        keys = {table[first]: first}
    elif isinstance(doc, dict):
        sections, keys = {}, {}
        for key, value in doc.items():
            k = str(key).casefold()
            target = table.get(k)
            if target is None:
                continue  # other keys (name, notes, ...) are kept by the user and ignored here
            if target in sections:
                raise DeckFileError(f"{source}: the {target} deck is given twice ('{key}')")
            sections[target], keys[target] = value, k
    else:
        raise DeckFileError(
            f"{source}: a {fmt.upper()} deck is a mapping with {shape} or a list of card numbers"
        )
    _check_size(sum(len(v) if isinstance(v, list) else 1 for v in sections.values()), source, "entries")
    for section in order:
        if section not in sections or sections[section] is None:
            continue
        value = sections[section]
        item_lines = lines.get(keys[section], [])
        items = value if isinstance(value, list) else [value]
        for index, item in enumerate(items):
            line = item_lines[index] if index < len(item_lines) else None
            where = "" if line is not None else f"{keys[section]}[{index}]: "
            _structured_item(reader, item, section, line, where)
    return reader.finish()


def _structured_item(reader: _Reader, item: Any, section: str, line: int | None, where: str) -> None:
    if isinstance(item, str | int) and not isinstance(item, bool):
        text = clean_line(str(item))
        if len(text) > MAX_LINE:
            reader.parse_error(line, f"entry is {len(text)} characters long (at most {MAX_LINE})",
                               "one card per entry", where)
        elif text:
            reader.card_line(text, section, line, where)
        return
    if isinstance(item, dict):
        lowered = {str(k).casefold(): v for k, v in item.items()}
        name = next((lowered[k] for k in ("card", "id", "name", "number") if k in lowered), None)
        if not isinstance(name, str | int) or isinstance(name, bool) or not str(name).strip():
            reader.parse_error(line, "entry without a 'card' (card number or name)",
                               "write entries as {card: B01-001, count: 4}", where)
            return
        text = clean_line(str(name))
        if len(text) > MAX_LINE:
            reader.parse_error(line, f"card is {len(text)} characters long (at most {MAX_LINE})",
                               "one card per entry", where)
            return
        count = reader.check_count(lowered.get("count", 1), line, where)
        if count is not None:
            reader.add(count, text, section, line, where)
        return
    reader.parse_error(line, f"entry must be a card number or {{card, count}}, got {_short(repr(item))}",
                       "write entries as {card: B01-001, count: 4}", where)


