"""The rules reference of MOZ (docs/MOZ_RULES.md) as data, read by the core's zxdeck.rulebook.

docs/MOZ_RULES.md is zxdeck's reference to the rules, with the ids of the project's MOZ rules
digest; it ships inside the package as `zxdeck/data/MOZ_RULES.md` (pyproject.toml's
force-include), and its synonym table is `data/moz/rule_terms.yaml`.
"""

from __future__ import annotations

from pathlib import Path

from zxdeck.rulebook import RuleBook, load_book, packaged

COMMAND = "zxdeck --game moz rules"


def rules_path() -> Path:
    """The rules text: inside the installed package, or docs/MOZ_RULES.md of a source checkout."""
    return packaged("MOZ_RULES.md", "docs/MOZ_RULES.md")


def terms_path() -> Path:
    """The synonym table of the rules search (`data/moz/rule_terms.yaml`)."""
    return packaged("moz/rule_terms.yaml", "data/moz/rule_terms.yaml")


def load_rules(path: str | None = None) -> RuleBook:
    """The MOZ rule book of `path` (default: the one shipped with zxdeck)."""
    return load_book(str(Path(path) if path else rules_path()), str(terms_path()), COMMAND)


__all__ = ["COMMAND", "load_rules", "rules_path", "terms_path"]
