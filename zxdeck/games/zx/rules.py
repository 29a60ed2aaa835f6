"""The rules reference of Z/X (docs/RULES.md) as data: look a rule up by id, or search the rules.

The reading, lookup and search are the core's (zxdeck.rulebook, every game's); this module names
Z/X's files: docs/RULES.md, shipped inside the package as `zxdeck/data/RULES.md` (see
pyproject.toml), so `zxdeck rules` works from an installed wheel as from a source checkout, and
its synonym table `data/rule_terms.yaml`.

Ids are read leniently (`b6`, `B-6`, `b-6`, full-width `Ｂ－６`); a range
`D-1..D-4` or a section letter `B` selects several rules. Searching folds case,
width and kana like the card search (`zxdeck.text.fold`).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from zxdeck.rulebook import (
    Rule,
    RuleBook,
    Section,
    load_book,
    load_synonyms,
    looks_like_id,
    packaged,
    plain,
)
from zxdeck.rulebook import expand_terms as _expand_terms
from zxdeck.rulebook import parse_rules as _parse_rules
from zxdeck.rulebook import snippet as _snippet


def terms_path() -> Path:
    """The synonym table of the rules search (`data/rule_terms.yaml`, in the package when
    installed)."""
    return packaged("rule_terms.yaml", "data/rule_terms.yaml")


def synonyms() -> dict[str, tuple[str, ...]]:
    """The synonym table, folded: a word or phrase a player uses -> the words of the rules
    (`zxdeck.text.fold` on both sides). A missing or broken table is an error (exit 2)."""
    return load_synonyms(str(terms_path()))


def expand_terms(terms: list[str]) -> list[tuple[str, tuple[str, ...]]]:
    """Folded search terms with the words of the rules each stands for (Z/X's synonym table)."""
    return _expand_terms(terms, synonyms())


def snippet(rule: Rule, words: Iterable[str], width: int = 76) -> str:
    """The first sentence of the rule's text that contains a search word (zxdeck.rulebook)."""
    return _snippet(rule, words, width, synonyms())


def rules_path() -> Path:
    """The rules text: inside the installed package, or docs/RULES.md of a source checkout."""
    return packaged("RULES.md", "docs/RULES.md")


def parse_rules(text: str) -> RuleBook:
    """Read a rules reference (zxdeck.rulebook.parse_rules), searched with Z/X's synonyms."""
    book = _parse_rules(text)
    book.terms = terms_path()
    return book


def load_rules(path: str | None = None) -> RuleBook:
    """The rule book of `path` (default: the one shipped with zxdeck)."""
    return load_book(str(Path(path) if path else rules_path()), str(terms_path()))


__all__ = ["Rule", "RuleBook", "Section", "expand_terms", "load_rules", "looks_like_id", "parse_rules",
           "plain", "rules_path", "snippet", "synonyms", "terms_path"]
