"""MOZ deck construction (MOZ_RULES.md section 2, D-1..D-18): every violation in one run.

A MOZ deck file is read (zxdeck.decks.files: a file or standard input, UTF-8 / UTF-16 / CP932)
and parsed by the core's deck reader (zxdeck.decks.parse: counts, names or ids, comments,
YAML / JSON decks, "did you mean" for typos) with MOZ's headers (`MozLayout`) and the MOZ catalog
as its card source; the records (`Deck`, `Problem`), the validation record and the report's shared
parts are the core's too (zxdeck.decks). The deck need not mark its two parts (D-2 ruling: every
summoner belongs to the pile, every other card to the zone); the headers `Summoners` / `召喚師`
and `Zone` / `ゾーン` may be written.

The rules are data (data/moz/regulations/glyphwar.yaml, read by zxdeck.games.moz.deck.regulation): each
is "the number of cards matching a predicate (per value of a key, for D-3 and D-10) is at least /
at most N", with its rule id, error code and the extra keys of MOZ_RULES section 2.
`validate(deck)` checks them all; `validate(deck, load_regulation(FILE))` another regulation's.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from zxdeck.decks import parse as core_parse
from zxdeck.decks.model import Deck, DeckEntry, Problem, Validation
from zxdeck.decks.parse import Layout
from zxdeck.games.moz.catalog.model import MozCard
from zxdeck.games.moz.deck.regulation import DEFAULT, Limit, MozRegulation, load_regulation
from zxdeck.records import FACTORY
from zxdeck.text import name_key

REGULATION_NAME = DEFAULT  # the built-in regulation

# Japanese names of the limit groups (MOZ_RULES D-11..D-17), for messages.
GROUP_NAMES: dict[str, str] = {
    "natural_disaster": "天災",
    "devils_deed": "悪魔の所業(無効)",
    "heavens_miracle": "天の奇跡",
    "send_back": "送還(墓場送り)",
    "change_same_kind": "チェンジ(同族交換)",
    "change_any_attribute": "チェンジ(属性無視交換)",
    "gods_barrier": "神の障壁",
    "blockman": "ブロックマン",
    "sp_seal": "SP封じ",
}


def __getattr__(name: str) -> Any:
    """`REGULATION`: the built-in regulation's limits (read from its file when first asked for)."""
    if name == "REGULATION":
        return load_regulation().limits
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class MozValidation(Validation):
    """The outcome of validating one MOZ deck (the JSON object of `validate --format json`)."""

    __slots__ = ("deck", "errors", "warnings", "counts", "regulation", "bounds")
    _fields = ("deck", "errors", "warnings", "counts", "regulation")
    deck: Deck
    errors: list[Problem]
    warnings: list[Problem]
    counts: dict[str, Any]
    regulation: str  # the name of the regulation checked against

    def __init__(self, deck: Deck, errors: list[Problem] = FACTORY, warnings: list[Problem] = FACTORY,
                 counts: dict[str, Any] = FACTORY, regulation: str = REGULATION_NAME) -> None:
        self.deck = deck
        self.errors = [] if errors is FACTORY else errors
        self.warnings = [] if warnings is FACTORY else warnings
        self.counts = {} if counts is FACTORY else counts
        self.regulation = regulation
        self.bounds: dict[str, int | None] = {}  # error code -> the regulation's maximum, for the summary

    def checked_with(self) -> dict[str, Any]:
        return {"game": "moz", "regulation": self.regulation}


def _copies(deck: Deck) -> list[tuple[MozCard, DeckEntry]]:
    """Every copy of every known card with its entry (a line of count 2 gives two copies)."""
    out: list[tuple[MozCard, DeckEntry]] = []
    for entry in deck.entries:
        if entry.card is not None:
            out.extend([(entry.card, entry)] * entry.count)  # type: ignore[list-item]
    return out


def _key(limit: Limit, card: MozCard) -> Any:
    if limit.per == "name":
        return name_key(card.name)
    if limit.per == "power":
        return getattr(card, "power", None)
    return None


def _lines(entries: Sequence[DeckEntry]) -> list[int]:
    return sorted({e.line for e in entries if e.line is not None})


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def check_limit(limit: Limit, copies: list[tuple[MozCard, DeckEntry]], unknown: int) -> list[Problem]:
    """The problems of one rule (one per offending value of `per`)."""
    groups: dict[Any, list[tuple[MozCard, DeckEntry]]] = {}
    for card, entry in copies:
        if limit.matches(card):
            groups.setdefault(_key(limit, card), []).append((card, entry))
    if limit.per is None and not groups:
        groups[None] = []
    problems: list[Problem] = []
    for value, found in groups.items():
        n = len(found)
        too_few = limit.minimum is not None and n < limit.minimum
        too_many = limit.maximum is not None and n > limit.maximum
        if not (too_few or too_many):
            continue
        names = {"name": found[0][0].name if found else "", "power": value}
        what = limit.what.format(**names)
        if limit.minimum == limit.maximum:
            allowed = f"exactly {limit.minimum}"
        elif too_few:
            allowed = f"at least {limit.minimum}"
        else:
            allowed = f"at most {limit.maximum}"
        note = f" ({_plural(unknown, 'unknown card')} not counted)" if unknown and too_few else ""
        if too_many and not limit.point_lines:
            hint = f"remove {_plural(n - limit.maximum, 'card')}"  # type: ignore[operator]
        elif too_many:
            hint = f"remove {n - limit.maximum} of them" if limit.maximum else "remove them"  # type: ignore[operator]
        else:
            short = limit.minimum - n  # type: ignore[operator]
            summoners = limit.match.get("type") == ["summoner"]
            others = sum(1 for c, _ in copies if c.type == "summoner") - n
            if summoners and "level" in limit.match and others >= short:
                hint = f"swap {_plural(short, 'summoner')} of the pile for {what}"
            elif summoners:  # no other summoner to swap (an empty pile): add them
                kind = what.removeprefix("summoners") if what.startswith("summoners") else ""
                hint = f"add {_plural(short, 'summoner')}{kind}"
            else:
                hint = f"add {_plural(short, 'card')}"
        lines = _lines([e for _, e in found]) if limit.point_lines else []
        problem = Problem(
            limit.code, f"{what}: {n} of {allowed}{note}", line=lines[0] if len(lines) == 1 else None,
            rule=limit.rule, hint=hint, found=n, allowed=allowed, lines=lines,
            name=names["name"] if limit.per == "name" else None,
        )
        problem.extra = {**limit.extra, **({"count": n} if limit.count_key else {}),  # type: ignore[attr-defined]
                         **({"power": value} if limit.per == "power" else {})}
        problems.append(problem)
    return problems


def validate(deck: Deck, regulation: MozRegulation | Sequence[Limit] | None = None) -> MozValidation:
    """Check a MOZ deck against every rule (D-1..D-18) of `regulation` (default: the built-in
    one, data/moz/regulations/glyphwar.yaml); read problems (parse-error, unknown-card) come
    first, in line order, then the rules in the regulation's order."""
    if regulation is None:
        regulation = load_regulation()
    name = regulation.name if isinstance(regulation, MozRegulation) else "custom"
    result = MozValidation(deck, regulation=name)
    result.bounds = {limit.code: limit.maximum for limit in regulation if limit.per is None}
    for problem in deck.problems:
        (result.warnings if problem.severity == "warning" else result.errors).append(problem)
    copies = _copies(deck)
    unknown = sum(e.count for e in deck.entries if e.card is None)
    for limit in regulation:
        result.errors.extend(check_limit(limit, copies, unknown))
    summoners = [c for c, _ in copies if c.type == "summoner"]
    levels: dict[str, int] = {}
    for c in sorted(summoners, key=lambda c: c.level):  # type: ignore[attr-defined]
        levels[str(c.level)] = levels.get(str(c.level), 0) + 1  # type: ignore[attr-defined]
    groups: dict[str, int] = {}
    for c, _ in copies:
        if c.limit_group:
            groups[c.limit_group] = groups.get(c.limit_group, 0) + 1
    result.counts = {
        "summoners": len(summoners),
        "zone": len(copies) - len(summoners),
        "beasts": sum(1 for c, _ in copies if c.type == "beast"),
        "supports": sum(1 for c, _ in copies if c.type not in ("summoner", "beast")),
        "summoner_levels": levels,
        "dragon100": sum(1 for c, _ in copies if c.type == "beast" and c.sub_attribute == "dragon"  # type: ignore[attr-defined]
                         and c.power == 100),  # type: ignore[attr-defined]
        "groups": dict(sorted(groups.items())),
        "unknown": unknown,
    }
    return result


# --------------------------------------------------------------------------- reading

# The keys of a YAML / JSON MOZ deck: `{summoners: [...], zone: [...]}`, or one list under
# `cards` / `deck` / `main`, or a plain list (the parts are split by type all the same, D-2).
STRUCTURED_KEYS = {"cards": "zone", "summoners": "summoners", "pile": "summoners", "zone": "zone",
                   "deck": "zone", "main": "zone"}


class MozLayout(Layout):
    """MOZ's deck text: the part headers `Summoners` / `召喚師` and `Zone` / `ゾーン` (docs/MOZ.md);
    they may be left out, since every summoner belongs to the pile and every other card to the
    zone (D-2 ruling)."""

    HEADERS = {"Summoners": "summoners", "召喚師": "summoners", "Summoner": "summoners",
               "しょうかんし": "summoners", "Pile": "summoners", "Summoner pile": "summoners",
               "Zone": "zone", "ゾーン": "zone"}
    SHOWN = ("Summoners", "召喚師", "Zone", "ゾーン")
    DOC = "docs/MOZ.md"
    DEFAULT_SECTION = "zone"

    def header_key(self, text: str) -> str:
        """`召喚師の山` is `召喚師`: folded, without spaces or `の山`."""
        return super().header_key(text).replace("の山", "")


MOZ_LAYOUT = MozLayout()


def parse_text(text: str, catalog: Any, source: str = "<deck>") -> Deck:
    """Parse the text of a MOZ deck with the MOZ catalog as card source (zxdeck.decks.parse)."""
    return core_parse.parse_text(text, catalog, source, MOZ_LAYOUT)


def parse_structured(text: str, catalog: Any, source: str = "<deck>", fmt: str = "yaml") -> Deck:
    """Parse a YAML / JSON MOZ deck (`STRUCTURED_KEYS`)."""
    return core_parse.parse_structured(text, catalog, source, fmt, STRUCTURED_KEYS, MOZ_LAYOUT,
                                       shape="'summoners' and 'zone' (or 'cards')")


def read_deck(path: str | os.PathLike[str], catalog: Any, fmt: str | None = None) -> Deck:
    """Read a MOZ deck file (`-` for standard input) or a MOZ deck code (`mzd1_...`,
    zxdeck.games.moz.deck.code) with the MOZ catalog as card source; `DeckFileError` (exit 2)
    when it cannot be read at all."""
    from zxdeck.decks.files import deck_format, decode, read_bytes

    if isinstance(path, str) and "_" in path and not os.path.exists(path):  # a deck code (mzd1_...)?
        from zxdeck.games.moz.deck.code import deck_from_code, is_deck_code

        if is_deck_code(path):
            return deck_from_code(path, catalog)
        from zxdeck.decks.code import check_foreign_code

        check_foreign_code(path, "moz")  # a Z/X code is named as one (exit 2)
    source = "<stdin>" if str(path) == "-" else str(path)
    kind = deck_format(path, fmt)
    text, encoding = decode(read_bytes(path), source)
    if kind == "text":
        from zxdeck.decks.foreign import check_foreign

        check_foreign(text, "moz", source)  # a Z/X deck is named as one (exit 2)
    deck = parse_text(text, catalog, source) if kind == "text" else parse_structured(text, catalog, source, kind)
    deck.encoding = encoding
    return deck


def load_deck(path: str | os.PathLike[str], catalog: Any, fmt: str | None = None, *,
              legal: bool = True) -> list[MozCard]:
    """The cards of a MOZ deck file, one entry per copy, in file order (for the engine, which
    splits them by type, D-2). Raises `DeckFileError` (exit 2) when the file cannot be read, has a
    line that is not understood or an unknown card, or (with `legal`) breaks a rule D-1..D-18:
    one line naming the file and the problems."""
    from zxdeck.errors import DeckFileError

    deck = read_deck(path, catalog, fmt)
    result = validate(deck)
    if result.errors and (legal or any(p.code in ("parse-error", "unknown-card") for p in result.errors)):
        first = result.errors[0]
        where = f"line {first.line}: " if first.line else ""
        more = f" (and {len(result.errors) - 1} more problems; zxdeck --game moz validate {deck.source})" \
            if len(result.errors) > 1 else ""
        rule = f" [{first.rule}]" if first.rule else ""
        raise DeckFileError(f"{deck.source}: {where}{first.code}{rule} {first.message}{more}")
    return [e.card for e in deck.entries if e.card is not None for _ in range(e.count)]  # type: ignore[misc]


# --------------------------------------------------------------------------- reports


def problem_dict(p: Problem) -> dict[str, Any]:
    return {**p.to_dict(), **getattr(p, "extra", {})}


def render_json(results: Sequence[MozValidation | dict[str, Any]], single: bool) -> str:
    from zxdeck.decks.report import json_report

    objects = []
    for r in results:
        if isinstance(r, MozValidation):
            obj = r.to_dict()
            obj["errors"] = [problem_dict(p) for p in r.errors]
            obj["warnings"] = [problem_dict(p) for p in r.warnings]
            objects.append(obj)
        else:
            objects.append(r)
    return json_report(objects, single)


def render_human(result: MozValidation, color: bool = False) -> str:
    """The report for people, laid out as the Z/X one (zxdeck.deck.report)."""
    from zxdeck.decks.report import cited_rules, problem_lines, styler

    style = styler(color)
    n_err, n_warn = len(result.errors), len(result.warnings)
    verdict = style("VALID", fg="green", bold=True) if result.valid else style("INVALID", fg="red", bold=True)
    tally = f"{n_err} error{'s' * (n_err != 1)}, {n_warn} warning{'s' * (n_warn != 1)}"
    lines = [f"{result.deck.source}: {verdict} ({tally}; MOZ, regulation {result.regulation})"]
    if result.errors:
        lines.append(style("Errors:", fg="red", bold=True))
        for p in result.errors:
            lines.extend(problem_lines(p, style, "red"))
    if result.warnings:
        lines.append(style("Warnings:", fg="yellow", bold=True))
        for p in result.warnings:
            lines.extend(problem_lines(p, style, "yellow"))
    c = result.counts
    levels = " ".join(f"{lv}" for lv, n in c["summoner_levels"].items() for _ in range(n)) or "none"
    bound = result.bounds.get
    of = {code: "" if bound(code) is None else f"/{bound(code)}" for code in ("summoner-count", "zone-size")}
    most = "" if bound("dragon100-limit") is None else f" (max {bound('dragon100-limit')})"
    lines.append(f"Summary: summoners {c['summoners']}{of['summoner-count']} (levels {levels}), zone "
                 f"{c['zone']}{of['zone-size']} (beasts {c['beasts']}, supports {c['supports']}), power-100 dragons "
                 f"{c['dragon100']}{most}")
    cited = cited_rules([*result.errors, *result.warnings])
    if cited:
        lines.append(style(f"Rules: zxdeck --game moz rules {' '.join(cited)}", dim=True))
    return "\n".join(lines)


__all__ = ["GROUP_NAMES", "Limit", "MozValidation", "check_limit", "load_deck", "read_deck",
           "render_human", "render_json", "validate"]
