"""A game's rules reference as data: look a rule up by id, or search the rules (every game).

A rules reference (docs/RULES.md for Z/X, docs/MOZ_RULES.md for MOZ) is written for people and
read by this module: a section is a `## Title (L)` heading, a rule a `### L-N Title` heading
followed by its text. A game ships its text inside the package (pyproject.toml's force-include,
`zxdeck/data/...`), so `zxdeck rules` works from an installed wheel as from a source checkout
(`packaged`), and may give a synonym table (`terms:` YAML, word -> words of the rules) that the
search also uses. The game's own module names its files (zxdeck/games/zx/rules.py,
zxdeck/games/moz/rules.py).

Ids are read leniently (`b6`, `B-6`, `b-6`, full-width `Ｂ－６`); a range
`D-1..D-4` or a section letter `B` selects several rules. Searching folds case,
width and kana like the card search (`zxdeck.text.fold`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from zxdeck.errors import EXIT_USAGE, ZxError

_SECTION = re.compile(r"^## (.+) \(([A-Z])\)\s*$")
_RULE = re.compile(r"^### ([A-Z])-(\d+) (.+?)\s*$")
_ID = re.compile(r"^([A-Z])\s*[-‐−–]?\s*(\d+)$")
_RANGE = re.compile(r"^([A-Z])\s*[-‐−–]?\s*(\d+)\s*(?:\.\.|…|–|~|〜)\s*(?:([A-Z])\s*[-‐−–]?\s*)?(\d+)$")
_MARKUP = re.compile(r"\*\*|`")
_LINK = re.compile(r"\[([^\]]+)\]\([^)]+\)")
_SENTENCE = re.compile(r"(?<=[.;。])\s+")


@dataclass(frozen=True)
class Rule:
    """One rule: its id (`B-6`), its section letter, its title and its text (Markdown)."""

    id: str
    section: str
    title: str
    body: str

    @property
    def number(self) -> int:
        return int(self.id.split("-")[1])

    def text(self) -> str:
        """The rule for a terminal: id and title, then the text without Markdown markup."""
        return f"{self.id}  {self.title}\n{plain(self.body)}"


@dataclass
class Section:
    """A section of the rules (`B`, "Battle") and its rules in order."""

    letter: str
    title: str
    intro: str = ""
    rules: list[Rule] = field(default_factory=list)

    def span(self) -> str:
        return f"{self.rules[0].id}..{self.rules[-1].id}" if self.rules else ""


@dataclass
class RuleBook:
    """Every rule of docs/RULES.md, by id and by section, in the order of the text."""

    title: str
    intro: str
    sections: dict[str, Section]
    rules: dict[str, Rule]
    terms: Path | None = None  # the synonym table of the search, read on the first search
    command: str = "zxdeck rules"  # how a user looks this reference up (in messages)

    def synonyms(self) -> dict[str, tuple[str, ...]]:
        """The synonym table of `terms`, folded (empty without one); see `load_synonyms`."""
        return load_synonyms(str(self.terms)) if self.terms is not None else {}

    def select(self, query: str) -> list[Rule]:
        """The rules an id (`b6`), a range (`D-1..D-4`) or a section letter (`B`) names.

        Raises ZxError (exit 2) with a "did you mean" when there is no such rule.
        """
        key = nfkc_upper(query)
        if key in self.sections:
            return list(self.sections[key].rules)
        m = _RANGE.match(key)
        if m:
            letter, first, other, last = m.group(1), int(m.group(2)), m.group(3), int(m.group(4))
            if other and other != letter:
                raise ZxError(f"rule range {query!r} spans two sections; give one section's ids "
                              f"(e.g. {letter}-{first}..{letter}-{last})", EXIT_USAGE)
            lo, hi = sorted((first, last))
            wanted = [self._one(f"{letter}-{n}", query if n in (lo, hi) else None) for n in range(lo, hi + 1)]
            return [r for r in wanted if r is not None]
        m = _ID.match(key)
        if m:
            rule = self._one(f"{m.group(1)}-{int(m.group(2))}", query)
            return [rule] if rule is not None else []
        raise ZxError(f"{query!r} is not a rule id (like B-6, b6 or D-1..D-4)", EXIT_USAGE)

    def _one(self, rid: str, shown: str | None) -> Rule | None:
        """The rule `rid`; an unknown id is an error when `shown` (what the user typed) is given."""
        rule = self.rules.get(rid)
        if rule is None and shown is not None:
            raise ZxError(self.unknown_id_message(rid, shown), EXIT_USAGE)
        return rule

    def unknown_id_message(self, rid: str, shown: str) -> str:
        letter, number = rid.split("-")
        section = self.sections.get(letter)
        if section is None:
            letters = " ".join(self.sections)
            return (f"no rule {shown!r}: there is no section {letter} (sections: {letters}); "
                    f"`{self.command}` lists them")
        near = [r.id for r in section.rules if _edit_distance(str(r.number), number) <= 1]
        hint = f"; did you mean {', '.join(near[:3])}?" if near else ""
        return f"no rule {shown!r}: section {letter} ({section.title}) has {section.span()}{hint}"

    def search(self, words: Iterable[str]) -> list[tuple[Rule, float]]:
        """The rules that contain every word (folded), best first.

        A word in the title counts more than one in the text, and the whole query as
        one phrase more than its words apart; ties keep the order of the rules.
        """
        from zxdeck.text import fold

        terms = [fold(w) for w in words if fold(w)]
        if not terms:
            return []
        phrase = " ".join(terms)
        # each term (or phrase of the synonym table) with the words of the rules it stands for
        groups = [(term, *alternatives) for term, alternatives in expand_terms(terms, self.synonyms())]
        found: list[tuple[Rule, float]] = []
        for rule in self.rules.values():
            title, body = fold(f"{rule.id} {rule.title}"), fold(plain(rule.body))
            if not all(any(t in title or t in body for t in group) for group in groups):
                continue
            score = sum(5 * title.count(t) + body.count(t) for group in groups for t in group)
            if len(terms) > 1:
                score += 10 * title.count(phrase) + 3 * body.count(phrase)
            found.append((rule, float(score)))
        found.sort(key=lambda rs: -rs[1])  # stable: ties stay in rule order
        return found

    def suggest_words(self, words: Iterable[str], limit: int = 3) -> list[str]:
        """Words of the rules close to the search words that matched nothing (typos)."""
        from rapidfuzz import fuzz, process

        from zxdeck.text import fold

        vocabulary = sorted({w for r in self.rules.values()
                             for w in re.findall(r"\w{3,}", fold(f"{r.title} {plain(r.body)}"))})
        out: list[str] = []
        for word in words:
            term = fold(word)
            if any(term in fold(f"{r.title} {plain(r.body)}") for r in self.rules.values()):
                continue
            for match, score, _ in process.extract(term, vocabulary, scorer=fuzz.ratio, limit=limit):
                if score >= 75 and match not in out:
                    out.append(match)
        return out[:limit]


@lru_cache(maxsize=8)
def load_synonyms(path: str) -> dict[str, tuple[str, ...]]:
    """The synonym table at `path`, folded: a word or phrase a player uses -> the words of the
    rules (`zxdeck.text.fold` on both sides). A missing or broken table is an error (exit 2)."""
    from zxdeck.safeyaml import load_small
    from zxdeck.text import fold

    where = Path(path)
    try:
        data = where.read_bytes()
    except OSError as exc:
        raise ZxError(f"{where}: cannot read the rules' synonyms: {exc.strerror or exc}", EXIT_USAGE) from None
    doc = load_small(data, str(where), lambda message: ZxError(message, EXIT_USAGE))
    table = doc.get("terms") if isinstance(doc, dict) else None
    if not isinstance(table, dict) or not all(
            isinstance(k, str) and isinstance(v, list) and all(isinstance(w, str) for w in v)
            for k, v in table.items()):
        raise ZxError(f"{where}: `terms` must map each word to a list of words", EXIT_USAGE)
    return {fold(k): tuple(fold(w) for w in v) for k, v in table.items()}


def expand_terms(terms: list[str], table: dict[str, tuple[str, ...]]) -> list[tuple[str, tuple[str, ...]]]:
    """Folded search terms with the words of the rules each stands for (the synonym `table`;
    a phrase of the table, such as `going first`, is taken as one term, longest first)."""
    longest = max((len(k.split()) for k in table), default=1)
    out: list[tuple[str, tuple[str, ...]]] = []
    i = 0
    while i < len(terms):
        for size in range(min(longest, len(terms) - i), 0, -1):
            key = " ".join(terms[i:i + size])
            if size == 1 or key in table:
                out.append((key, table.get(key, ())))
                i += size
                break
    return out


def snippet(rule: Rule, words: Iterable[str], width: int = 76,
            table: dict[str, tuple[str, ...]] | None = None) -> str:
    """The first sentence of the rule's text that contains a search word, cut to `width` columns
    around the word."""
    import jaconv

    from zxdeck.text import fold

    terms = [fold(w) for w in words if fold(w)]
    terms += [alt for _, alternatives in expand_terms(terms, table or {}) for alt in alternatives]
    text = " ".join(plain(rule.body).split())
    sentences = _SENTENCE.split(text)
    phrase = " ".join(terms)

    def fit(sentence: str) -> tuple[bool, int]:  # the whole phrase, else the most words
        folded = fold(sentence)
        return phrase in folded, sum(t in folded for t in terms)

    chosen = max(sentences, key=fit)  # the first of the best
    # Where the first word is: case, width and kana folded without changing the length.
    loose = jaconv.kata2hira(unicodedata.normalize("NFKC", chosen).lower())
    at = min((loose.find(t) for t in terms if len(loose) == len(chosen) and t in loose), default=0)
    if at > width // 2:
        cut = chosen.rfind(" ", 0, at - width // 4)
        chosen = "…" + chosen[cut + 1 if cut >= 0 else at - width // 4:]
    return shorten(chosen, width)


def shorten(text: str, width: int) -> str:
    """`text` cut to `width` terminal columns (Japanese characters take two), with an ellipsis."""
    from wcwidth import wcswidth, wcwidth

    if wcswidth(text) <= width:
        return text
    out, used = [], 0
    for ch in text:
        w = max(wcwidth(ch), 0)
        if used + w > width - 1:
            break
        out.append(ch)
        used += w
    return "".join(out).rstrip() + "…"


def plain(markdown: str) -> str:
    """Markdown text as plain text: no bold markers or backticks, links as their words."""
    return _MARKUP.sub("", _LINK.sub(r"\1", markdown)).strip()


def nfkc_upper(text: str) -> str:
    return unicodedata.normalize("NFKC", text).strip().upper()


def looks_like_id(text: str) -> bool:
    """Whether `text` is meant as a rule id, a range or a section letter rather than a word."""
    key = nfkc_upper(text)
    return bool(re.fullmatch(r"[A-Z]", key) or _ID.match(key) or _RANGE.match(key))


def parse_rules(text: str) -> RuleBook:
    """Read the rules reference: `# Title`, intro, `## Section (L)`, `### L-N Title` + text."""
    title, intro_lines = "", []
    sections: dict[str, Section] = {}
    rules: dict[str, Rule] = {}
    section: Section | None = None
    current: tuple[str, str, str] | None = None  # id, letter, title of the rule being read
    lines: list[str] = []

    def close() -> None:
        nonlocal lines
        body = "\n".join(lines).strip()
        if current is not None:
            rid, letter, rule_title = current
            if rid in rules:
                raise ValueError(f"rule {rid} appears twice")
            rule = Rule(rid, letter, rule_title, body)
            rules[rid] = rule
            sections[letter].rules.append(rule)
        elif section is not None:
            section.intro = body
        else:
            intro_lines.append(body)
        lines = []

    for line in text.splitlines():
        if line.startswith("# ") and not title:
            title = line[2:].strip()
            continue
        sec = _SECTION.match(line)
        rule = _RULE.match(line)
        if sec:
            close()
            current = None
            section = sections.setdefault(sec.group(2), Section(sec.group(2), sec.group(1)))
        elif rule:
            close()
            letter = rule.group(1)
            if section is None or section.letter != letter:
                raise ValueError(f"rule {letter}-{rule.group(2)} is outside section {letter}")
            current = (f"{letter}-{int(rule.group(2))}", letter, rule.group(3))
        else:
            lines.append(line)
    close()
    return RuleBook(title, "\n".join(intro_lines).strip(), sections, rules)


def packaged(name: str, checkout: str) -> Path:
    """A file a game ships in the package (`zxdeck/data/NAME`, pyproject's force-include), or
    its place in a source checkout (`CHECKOUT`, relative to the repository)."""
    package = Path(__file__).resolve().parent  # zxdeck/
    for candidate in (package / "data" / name, package.parent / checkout):
        if candidate.is_file():
            return candidate
    return package.parent / checkout


@lru_cache(maxsize=8)
def load_book(path: str, terms: str | None = None, command: str = "zxdeck rules") -> RuleBook:
    """The rule book at `path`, searched with the synonym table `terms` (read when first
    searched); `command` is how a user looks it up (`zxdeck --game moz rules`)."""
    where = Path(path)
    try:
        book = parse_rules(where.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ZxError(f"{where}: cannot read the rules: {exc.strerror or exc}", EXIT_USAGE) from None
    book.terms = Path(terms) if terms else None
    book.command = command
    return book


def _edit_distance(a: str, b: str) -> int:
    from rapidfuzz.distance import Levenshtein

    return Levenshtein.distance(a, b)


__all__ = ["Rule", "RuleBook", "Section", "expand_terms", "load_book", "load_synonyms", "looks_like_id",
           "packaged", "parse_rules", "plain", "shorten", "snippet"]
