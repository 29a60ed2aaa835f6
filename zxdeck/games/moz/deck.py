"""MOZ deck construction (MOZ_RULES.md section 2, D-1..D-18): every violation in one run.

A MOZ deck file is read (zxdeck.decks.files: a file or standard input, UTF-8 / UTF-16 / CP932)
and parsed by the Z/X deck parser (zxdeck.games.zx.deck.parse: counts, names or ids, comments,
YAML / JSON decks, "did you mean" for typos) with the MOZ catalog as its card source; the records
(`Deck`, `Problem`), the validation record and the report's shared parts are the core's
(zxdeck.decks). The deck need not mark its two parts (D-2 ruling: every summoner belongs to the pile,
every other card to the zone); the headers `Summoners` / `召喚師` and `Zone` / `ゾーン` may be
written and are skipped.

The rules are data (`REGULATION`): each is "the number of cards matching a predicate (per value
of a key, for D-3 and D-10) is at least / at most N", with its rule id, error code and the extra
keys of MOZ_RULES section 2. `validate(deck)` checks them all.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from typing import Any

from zxdeck.decks.model import Deck, DeckEntry, Problem, Validation
from zxdeck.games.moz.model import LIMIT_GROUPS, MozCard
from zxdeck.records import FACTORY, FrozenRecord
from zxdeck.text import name_key

REGULATION_NAME = "glyphwar"

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


class Limit(FrozenRecord):
    """One deck rule: the cards matching `match` (every key must hold; a list is "any of";
    `level_min`: level >= N; `not_type`: type not in the list), counted per value of `per`
    (`name`: by NFKC name, D-3; `power`: by printed power, D-10) or all together, must number
    at least `minimum` / at most `maximum`. `what` names the cards in messages; `extra` holds
    the extra JSON keys of the error (MOZ_RULES section 2)."""

    __slots__ = _fields = ("rule", "code", "what", "match", "minimum", "maximum", "per", "extra", "count_key",
                           "point_lines")
    rule: str
    code: str
    what: str
    match: dict[str, Any]
    minimum: int | None
    maximum: int | None
    per: str | None
    extra: dict[str, Any]
    count_key: bool  # the error has a `count` key
    point_lines: bool  # the error names the lines of the cards counted (not for D-1, D-2)

    def __init__(self, rule: str, code: str, what: str, match: dict[str, Any], minimum: int | None = None,
                 maximum: int | None = None, per: str | None = None, extra: dict[str, Any] = FACTORY,
                 count_key: bool = True, point_lines: bool = True) -> None:
        set_ = object.__setattr__
        set_(self, "rule", rule)
        set_(self, "code", code)
        set_(self, "what", what)
        set_(self, "match", match)
        set_(self, "minimum", minimum)
        set_(self, "maximum", maximum)
        set_(self, "per", per)
        set_(self, "extra", {} if extra is FACTORY else extra)
        set_(self, "count_key", count_key)
        set_(self, "point_lines", point_lines)

    def matches(self, card: MozCard) -> bool:
        for key, want in self.match.items():
            if key == "not_type":
                if card.type in want:
                    return False
            elif key == "level_min":
                if getattr(card, "level", None) is None or card.level < want:  # type: ignore[attr-defined]
                    return False
            else:
                value = getattr(card, key, None)
                if value not in (want if isinstance(want, list) else [want]):
                    return False
        return True


def _group_limits() -> list[Limit]:
    rules = {"natural_disaster": "D-11", "devils_deed": "D-12", "heavens_miracle": "D-13",
             "send_back": "D-14", "change_same_kind": "D-15", "change_any_attribute": "D-15"}
    return [Limit(rule, "group-limit", f"cards of the group {group} ({GROUP_NAMES[group]})",
                  {"limit_group": [group]}, maximum=1, extra={"group": group})
            for group, rule in rules.items()]


# The Glyphwar edition's deck rules, in rule order.
REGULATION: tuple[Limit, ...] = (
    Limit("D-1", "summoner-count", "summoners", {"type": ["summoner"]}, minimum=5, maximum=5,
          point_lines=False),
    Limit("D-2", "zone-size", "zone cards (beasts and supports)", {"not_type": ["summoner"]}, minimum=50, maximum=50,
          point_lines=False),
    Limit("D-3", "copy-limit", "cards named {name}", {}, maximum=1, per="name", count_key=False),
    Limit("D-4", "low-level-summoner", "summoners of level 1 or 2", {"type": ["summoner"], "level": [1, 2]},
          minimum=1, count_key=False),
    Limit("D-5", "mid-level-summoner", "summoners of level 3 or 4", {"type": ["summoner"], "level": [3, 4]},
          minimum=1, count_key=False),
    Limit("D-6", "level5-limit", "summoners of level 5", {"type": ["summoner"], "level": [5]}, maximum=1),
    Limit("D-7", "level6-limit", "summoners of level 6", {"type": ["summoner"], "level": [6]}, maximum=1),
    Limit("D-8", "level7-limit", "summoners of level 7 or higher", {"type": ["summoner"], "level_min": 7},
          maximum=1),
    Limit("D-9", "dragon100-limit", "dragons with power 100",
          {"type": ["beast"], "sub_attribute": ["dragon"], "power": [100]}, maximum=5),
    Limit("D-10", "same-power-limit", "beasts with power {power}", {"type": ["beast"]}, maximum=12, per="power"),
    *_group_limits(),
    Limit("D-16", "barrier-blockman-limit", "cards of the groups gods_barrier (神の障壁) and blockman (ブロックマン)",
          {"limit_group": ["gods_barrier", "blockman"]}, maximum=3),
    Limit("D-17", "sp-seal-limit", "cards of the group sp_seal (SP封じ)", {"limit_group": ["sp_seal"]}, maximum=2),
)
assert {g for lim in REGULATION for g in lim.match.get("limit_group", [])} == set(LIMIT_GROUPS)


class MozValidation(Validation):
    """The outcome of validating one MOZ deck (the JSON object of `validate --format json`)."""

    __slots__ = _fields = ("deck", "errors", "warnings", "counts")
    deck: Deck
    errors: list[Problem]
    warnings: list[Problem]
    counts: dict[str, Any]

    def __init__(self, deck: Deck, errors: list[Problem] = FACTORY, warnings: list[Problem] = FACTORY,
                 counts: dict[str, Any] = FACTORY) -> None:
        self.deck = deck
        self.errors = [] if errors is FACTORY else errors
        self.warnings = [] if warnings is FACTORY else warnings
        self.counts = {} if counts is FACTORY else counts

    def checked_with(self) -> dict[str, Any]:
        return {"game": "moz", "regulation": REGULATION_NAME}


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
            if limit.match.get("type") == ["summoner"] and "level" in limit.match:
                hint = f"swap {_plural(short, 'summoner')} of the pile for {what}"
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


def validate(deck: Deck, regulation: Sequence[Limit] = REGULATION) -> MozValidation:
    """Check a MOZ deck against every rule (D-1..D-18); read problems (parse-error,
    unknown-card) come first, in line order, then the rules in rule order."""
    result = MozValidation(deck)
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

_MOZ_HEADERS = {"summoners", "summoner", "召喚師", "しょうかんし", "zone", "ぞーん", "pile", "summonerpile"}
_HEADER = re.compile(r"^[\s■◆●\[【]*(?P<word>[^:：\]】]+?)[\]】]?\s*(?:[:：]\s*)?(?:\(\d+\))?\s*$")


# The keys of a YAML / JSON MOZ deck: `{summoners: [...], zone: [...]}`, or one list under
# `cards` / `deck` / `main`, or a plain list (the parts are split by type all the same, D-2).
STRUCTURED_KEYS = {"cards": "zone", "summoners": "summoners", "pile": "summoners", "zone": "zone",
                   "deck": "zone", "main": "zone"}


def _skip_moz_headers(text: str) -> str:
    """The deck text with the MOZ part headers blanked (line numbers kept)."""
    from zxdeck.text import fold

    out = []
    for line in text.splitlines():
        m = _HEADER.match(line.split("#", 1)[0])
        word = fold(m.group("word")).replace(" ", "").replace("の山", "") if m else ""
        out.append("" if word in _MOZ_HEADERS else line)
    return "\n".join(out)


def read_deck(path: str | os.PathLike[str], catalog: Any, fmt: str | None = None) -> Deck:
    """Read a MOZ deck file (`-` for standard input) with the MOZ catalog as card source;
    `DeckFileError` (exit 2) when it cannot be read at all."""
    from zxdeck.decks.files import deck_format, decode, read_bytes
    from zxdeck.games.zx.deck.parse import parse_structured, parse_text

    source = "<stdin>" if str(path) == "-" else str(path)
    kind = deck_format(path, fmt)
    text, encoding = decode(read_bytes(path), source)
    if kind == "text":
        deck = parse_text(_skip_moz_headers(text), catalog, source)
    else:
        deck = parse_structured(text, catalog, source, kind, STRUCTURED_KEYS)
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
    lines = [f"{result.deck.source}: {verdict} ({tally}; MOZ, regulation {REGULATION_NAME})"]
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
    lines.append(f"Summary: summoners {c['summoners']}/5 (levels {levels}), zone {c['zone']}/50 "
                 f"(beasts {c['beasts']}, supports {c['supports']}), power-100 dragons {c['dragon100']} (max 5)")
    cited = cited_rules([*result.errors, *result.warnings])
    if cited:
        lines.append(style(f"Rules: {' '.join(cited)} (docs/MOZ.md)", dim=True))
    return "\n".join(lines)


__all__ = ["GROUP_NAMES", "Limit", "MozValidation", "REGULATION", "check_limit", "load_deck", "read_deck",
           "render_human", "render_json", "validate"]
