"""Reading deck files: the plain-text format of INTERFACES.md section 2, and YAML / JSON decks.

Text decks::

    # comments start with '#' (whole line, or after a space)
    Player: 青葉千歳
    4 B01-001            # count, then card number, name or English name
    4x 紅蓮の剣士ジーク    # also "x4 NAME", "NAME x2", "NAME×2", "NAME 2枚"
    [Dunamis]            # section headers: Deck / Main (default), Dunamis, Player; also 【デュナミス】
    2 B05-080

Files may be UTF-8 (with or without BOM), UTF-16 with BOM, or CP932 /
Shift_JIS, with LF or CRLF line ends. Lines are NFKC-normalized first, so
full-width digits, letters, spaces and `＃` work. Cards are matched by
`Catalog.lookup` (case, width, kana and spaces ignored).

YAML / JSON decks (chosen by the extension .yaml / .yml / .json)::

    {"player": "青葉千歳",
     "main": [{"card": "B01-001", "count": 4}, "4 B01-002"],
     "dunamis": [{"card": "B05-080", "count": 2}]}

or a plain list of card numbers / card lines (the main deck).

Files that cannot be read at all (missing, a folder, binary, too big,
undecodable) raise `DeckFileError` (exit 2). Lines that cannot be understood
become `parse-error` / `unknown-card` problems of the deck (exit 1).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable
from typing import Any

from zxdeck.catalog.model import DUNAMIS_TYPES, MAIN_DECK_TYPES, Card
from zxdeck.catalog.source import CardSource
from zxdeck.decks.files import (  # noqa: F401 - MAX_BYTES, read_bytes: their old home
    MAX_BYTES,
    STRUCTURED_SUFFIXES,
    deck_format,
    decode,
    read_bytes,
)
from zxdeck.errors import DeckFileError
from zxdeck.games.zx.deck import layout
from zxdeck.games.zx.deck.model import DUNAMIS, MAIN, PLAYER, WARNING, Deck, DeckEntry, Problem
from zxdeck.text import fold_compact, nfkc

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

PREFERRED_TYPES = {MAIN: MAIN_DECK_TYPES, DUNAMIS: DUNAMIS_TYPES, PLAYER: frozenset({"player"})}


# --------------------------------------------------------------------------- card look-up


def resolve(catalog: CardSource, text: str, section: str = MAIN) -> tuple[Card | None, list[Card]]:
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
    preferred = PREFERRED_TYPES.get(section, frozenset())
    fit = [c for c in found if c.type in preferred] or found
    return fit[0], fit


def _rules_differ(cards: list[Card]) -> bool:
    """True when same-named cards differ in something the deck rules look at."""
    sig = {(c.type, getattr(c, "icons", None), getattr(c, "keywords", None), getattr(c, "player", None))
           for c in cards}  # getattr: another game's cards (zxdeck.games) have none of these
    return len(sig) > 1


# --------------------------------------------------------------------------- text decks


class _Reader:
    """Builds a `Deck` line by line, capping the number of problems and suggestions."""

    def __init__(self, catalog: CardSource, source: str) -> None:
        self.catalog = catalog
        self.deck = Deck(source=source)
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
            found = resolve(self.catalog, text, section)
            if found[0] is None and "~" in text:
                # CP932 byte 0x8160 decodes to FULLWIDTH TILDE (NFKC: "~"); the name has WAVE DASH
                found = resolve(self.catalog, text.replace("~", "〜"), section)
            if found[0] is None:
                found = self._number_and_name(text, section) or found
            for name in layout.rarity_splits(text) if found[0] is None else ():
                without = resolve(self.catalog, name, section)  # `SR蒼穹機神`: a rarity, then the name
                if without[0] is not None:
                    found = without
                    break
            self._resolved[key] = found
        return self._resolved[key]

    def _number_and_name(self, text: str, section: str) -> tuple[Card | None, list[Card]] | None:
        """`B01-001 紅蓮の剣士ジーク` (number, then its own name or English name): the numbered card."""
        number, _, name = text.partition(" ")
        if not name:
            return None
        card = resolve(self.catalog, number, section)[0]
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
            text = layout.strip_known_rarity(text)
            names, details = self.suggestions(text)
            hint = f"did you mean {_or_list(names)}?" if names else "check the spelling or write the card number"
            self.problem(Problem("unknown-card", f"{where}no card with number or name {text!r}",
                                 line=line, suggestions=names, suggested_cards=details, hint=hint))
        elif len(matched) > 1 and _rules_differ(matched):
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
        bracketed = layout.bracketed_entry(text)
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
        self.section: str | None = MAIN  # None: under an unknown header
        self.kind = ""  # layout.IGNITION / layout.START for those parts of the main deck
        self.back: tuple[str, str] = (MAIN, "")  # where the lines after the player line go
        self.block: list[Any] | None = None  # [header text, line, declared count, cards seen]
        self.unknown: Problem | None = None
        self.unknown_lines: list[int] = []

    def line(self, line: str, number: int) -> None:
        text, marked = layout.strip_markers(line)
        if not text:
            return
        header = layout.parse_header(text)
        if header is not None and header.meta:
            self.reader.deck.name = self.reader.deck.name or header.rest
        elif header is not None:
            self.open(header, text, number)
        elif layout.looks_like_header(text, marked) and not self.resolves(text):
            self.open_unknown(line, text, number)
        else:
            self.card(text, number)

    def resolves(self, text: str) -> bool:
        """True when the line names a card, alone or after/before a count."""
        section = self.section or MAIN
        if self.reader.resolve(text, section)[0] is not None:
            return True
        for pattern in _COUNT_PATTERNS:
            m = pattern.match(text)
            if m and self.reader.resolve(m.group("card").strip(), section)[0] is not None:
                return True
        return False

    def open(self, header: layout.Header, text: str, number: int) -> None:
        if header.section == PLAYER and header.rest:  # `Player: NAME`; the current section goes on
            self.reader.card_line(header.rest, PLAYER, number)
            return
        self.close()
        if header.section == PLAYER:
            self.section = PLAYER
            return
        self.section, self.kind = header.section, header.kind
        self.back = (header.section, header.kind)
        if header.count is not None:
            self.block = [text, number, header.count, 0]
        if header.rest:
            self.card(header.rest, number)

    def open_unknown(self, line: str, text: str, number: int) -> None:
        self.close()
        bracketed = layout.unbracket(text)
        message = (f"unknown section [{_short(bracketed)}]" if bracketed != text and text[0] in "[【"
                   else f"unknown section header {_short(line)!r}")
        self.unknown = Problem("parse-error", message, line=number,
                               hint=f"known headers: {layout.known_headers()} (docs/DECKS.md)")
        self.reader.problem(self.unknown)
        self.section = None
        self.reader.counting = False

    def card(self, text: str, number: int) -> None:
        if self.section is None:  # under an unknown header: problems reported, nothing counted
            self.reader.card_line(text, self.back[0], number)
            self.unknown_lines.append(number)
            return
        entry = self.reader.card_line(text, self.section, number)
        if self.section == PLAYER:  # only the player line belongs to the player section
            self.section, self.kind = self.back
            return
        if entry is None:
            return
        if self.block is not None:
            self.block[3] += entry.count
        card = entry.card
        if card is None or not self.kind:
            return
        if self.kind == layout.IGNITION and not card.ignition:
            self.mismatch(entry, "an ignition header", "has no ignition icon",
                          "it counts in the main deck all the same; D-4 counts the icons, not the headers")
        elif self.kind == layout.START and not (card.start_card and card.type == "zx"):
            self.mismatch(entry, "a Start Card header", "is not a Z/X with Start Card",
                          "it counts in the main deck all the same")

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


def parse_text(text: str, catalog: CardSource, source: str = "<deck>") -> Deck:
    """Parse a plain-text deck (INTERFACES.md section 2, and the layouts of docs/DECKS.md)."""
    lines = text.splitlines()
    _check_size(sum(1 for raw in lines if raw.strip()), source, "non-empty lines")
    reader = _Reader(catalog, source)
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
    """YAML only: the line of each list item under main/deck/dunamis/player (top level)."""
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
    """The document of a JSON / YAML deck; `DeckFileError` for syntax errors, YAML anchors and
    aliases (an alias bomb expands without bound) and nesting deeper than `MAX_DEPTH`."""
    if fmt == "json":
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as exc:
            raise DeckFileError(f"{source}: line {exc.lineno}: JSON error: {exc.msg}") from None
        except RecursionError:
            raise DeckFileError(f"{source}: JSON nested more than {MAX_DEPTH} levels deep") from None
        except ValueError as exc:  # e.g. an integer of more than 4,300 digits
            raise DeckFileError(f"{source}: JSON error: {exc}") from None
        if _nested_over(doc, MAX_DEPTH):
            raise DeckFileError(f"{source}: JSON nested more than {MAX_DEPTH} levels deep")
        return doc
    import yaml

    from zxdeck.safeyaml import YamlShapeError, check_shape, first_line

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        check_shape(text, MAX_DEPTH)
        return yaml.load(text, Loader=loader)  # noqa: S506 - safe loaders only
    except YamlShapeError as exc:
        raise DeckFileError(f"{source}: {exc}") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f" line {mark.line + 1}:" if mark else ""
        raise DeckFileError(f"{source}:{where} YAML error: {exc.problem or exc.context}") from None
    except (yaml.YAMLError, RecursionError, ValueError) as exc:
        raise DeckFileError(f"{source}: YAML error: {first_line(exc)}") from None


STRUCTURED_KEYS = {"main": MAIN, "deck": MAIN, "cards": MAIN, "dunamis": DUNAMIS, "player": PLAYER}


def parse_structured(text: str, catalog: CardSource, source: str = "<deck>", fmt: str = "yaml",
                     section_keys: dict[str, str] | None = None) -> Deck:
    """Parse a YAML or JSON deck: `{player, main: [...], dunamis: [...]}` or a list of cards.

    `section_keys` maps the (case-folded) keys of a mapping deck to their sections, read in the
    order of their first appearance in the mapping's values (default Z/X's, `STRUCTURED_KEYS`,
    read player, main, dunamis); a list deck is the section of the first key."""
    table = STRUCTURED_KEYS if section_keys is None else section_keys
    order = (PLAYER, MAIN, DUNAMIS) if section_keys is None else tuple(dict.fromkeys(table.values()))
    doc = _load_structured(text, fmt, source)
    reader = _Reader(catalog, source)
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
            f"{source}: a {fmt.upper()} deck is a mapping with 'main' (and 'dunamis', 'player') "
            "or a list of card numbers"
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


# --------------------------------------------------------------------------- entry points


def parse_bytes(data: bytes, catalog: CardSource, source: str = "<deck>", fmt: str = "text") -> Deck:
    """Decode and parse deck bytes of format `fmt` (text, yaml, json)."""
    if len(data) > MAX_BYTES:
        raise DeckFileError(f"{source}: more than {MAX_BYTES:,} bytes (1 MiB), not a deck file")
    text, encoding = decode(data, source)
    if fmt == "text":
        deck = parse_text(text, catalog, source)
    elif fmt in ("yaml", "json"):
        deck = parse_structured(text, catalog, source, fmt)
    else:
        raise DeckFileError(f"{source}: unknown deck format {fmt!r} (text, yaml, json)")
    deck.encoding = encoding
    return deck


def read_deck(path: str | os.PathLike[str], catalog: CardSource, fmt: str | None = None) -> Deck:
    """Read and parse a deck file (`-` for standard input) or a deck code (`zxd1_...`,
    zxdeck.deck.code); raises `DeckFileError` when unreadable."""
    if isinstance(path, str) and path.strip().startswith("zxd"):  # maybe a code: import its reader
        from zxdeck.games.zx.deck.code import deck_from_code, is_deck_code

        if is_deck_code(path):
            return deck_from_code(path, catalog)
    source = "<stdin>" if str(path) == "-" else str(path)
    return parse_bytes(read_bytes(path), catalog, source, deck_format(path, fmt))


def deck_from_cards(cards: Iterable[tuple[Card, int]], dunamis: Iterable[tuple[Card, int]] = (),
                    player: Card | None = None, source: str = "<deck>") -> Deck:
    """A deck built in code from (card, count) pairs (tests, the game engine, generators)."""
    deck = Deck(source=source)
    if player is not None:
        deck.entries.append(DeckEntry(1, player.id, PLAYER, player))
    for section, pairs in ((MAIN, cards), (DUNAMIS, dunamis)):
        for card, count in pairs:
            deck.entries.append(DeckEntry(count, card.id, section, card))
    return deck
