"""The parts of a deck validation report that every game shares: a problem for people (its
line, code, rule, message and hint, `problem_lines`), the rule ids the problems cite
(`cited_rules`), colors written without click (`ansi_style`, `styler`) and the JSON of one or
several results (`json_report`). Each game lays out its own verdict and summary
(Z/X: zxdeck.games.zx.deck.report; MOZ: zxdeck.games.moz.deck.parse).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any

from zxdeck.decks.model import Problem

Style = Callable[..., str]


# click.style's codes for what the report uses (a foreground color, bold, dim), written here so
# that a colored report does not import click; tests/deck/test_report_style.py compares them.
_FG = {name: 30 + i for i, name in enumerate(("black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"))}
_FG |= {f"bright_{name}": code + 60 for name, code in _FG.items()}


def ansi_style(text: str, fg: str | None = None, bold: bool | None = None, dim: bool | None = None) -> str:
    """`click.style(text, fg=..., bold=..., dim=...)` (a named color or none), reset at the end."""
    bits = [f"\033[{_FG[fg]}m"] if fg is not None else []
    if bold is not None:
        bits.append(f"\033[{1 if bold else 22}m")
    if dim is not None:
        bits.append(f"\033[{2 if dim else 22}m")
    return "".join(bits) + text + "\033[0m"


def styler(color: bool) -> Style:
    """The style function of a report: `ansi_style`, or none (plain text)."""
    if not color:
        return lambda text, **_: text
    return ansi_style


def problem_lines(p: Problem, style: Style, color_name: str) -> list[str]:
    """One problem for people: where (line or lines), code, rule and message, then its hint."""
    where = f"line {p.line}" if p.line else "deck"
    if len(p.lines) > 1:
        where = "lines " + ",".join(str(n) for n in p.lines[:6]) + ("…" if len(p.lines) > 6 else "")
    rule = f"[{p.rule}] " if p.rule else ""
    head = f"  {style(where, bold=True)}: {style(p.code, fg=color_name, bold=True)} {rule}{p.message}"
    out = [head]
    if p.hint:
        out.append("      " + style(f"hint: {p.hint}", dim=True))
    return out


def cited_rules(problems: Sequence[Problem]) -> list[str]:
    """The rule ids the problems cite, once each, in the order of the rules (D-2 before D-10).
    Only ids of the rules reference (`D-4`): a regulation's own label such as `sealed` is not one."""
    ids = {p.rule for p in problems if p.rule and re.fullmatch(r"[A-Z]-\d+", p.rule)}

    def key(rid: str) -> tuple[str, int, str]:
        m = re.fullmatch(r"([A-Z])-(\d+)", rid)
        return (m.group(1), int(m.group(2)), "") if m else ("~", 0, rid)

    return sorted(ids, key=key)


def json_report(objects: Sequence[dict[str, Any]], single: bool) -> str:
    """One JSON object for one deck (when `single`), else a JSON array (INTERFACES.md section 3)."""
    payload: Any = objects[0] if single and len(objects) == 1 else list(objects)
    return json.dumps(payload, ensure_ascii=False, indent=2)


__all__ = ["Style", "ansi_style", "cited_rules", "json_report", "problem_lines", "styler"]
