"""Rendering validation results: a human report (colors only on a terminal) and JSON.

The human report groups problems by severity; each shows the line, the rule
id, the code and what was found against what is allowed, then a one-line hint;
a summary of the counts ends it, then (when a problem cites a rule) the command
that prints the rules cited (`zxdeck rules D-1 D-4`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any

from zxdeck.games.zx.deck.model import Problem
from zxdeck.games.zx.deck.validate import ValidationResult

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


def _styler(color: bool) -> Style:
    if not color:
        return lambda text, **_: text
    return ansi_style


def _problem_lines(p: Problem, style: Style, color_name: str) -> list[str]:
    where = f"line {p.line}" if p.line else "deck"
    if len(p.lines) > 1:
        where = "lines " + ",".join(str(n) for n in p.lines[:6]) + ("…" if len(p.lines) > 6 else "")
    rule = f"[{p.rule}] " if p.rule else ""
    head = f"  {style(where, bold=True)}: {style(p.code, fg=color_name, bold=True)} {rule}{p.message}"
    out = [head]
    if p.hint:
        out.append("      " + style(f"hint: {p.hint}", dim=True))
    return out


def _summary(result: ValidationResult) -> str:
    c, r = result.counts, result.regulation
    parts = [
        f"main {c['main']}/{r.main_size}",
        f"ignition {c['ignition']}/{r.ignition}" if r.ignition is not None
        else f"ignition {c['ignition']} (max {r.ignition_max})" if r.ignition_max is not None
        else f"ignition {c['ignition']}",
        f"Life Recovery {c['life_recovery']}"
        + (f" (max {r.life_recovery_max})" if r.life_recovery_max is not None else ""),
        f"Void Bringer {c['void_bringer']}"
        + (f" (max {r.void_bringer_max})" if r.void_bringer_max is not None else ""),
        f"dunamis {c['dunamis']} (max {r.dunamis_max})",
        f"OB {c['dunamis_ob']}" + (f" (max {r.ob_max})" if r.ob_max is not None else ""),
    ]
    if c.get("player"):
        parts.append(f"player {c['player']}")
    return ", ".join(parts)


def render_human(result: ValidationResult, color: bool = False) -> str:
    """The report for people: verdict, errors, warnings, then the counts."""
    style = _styler(color)
    n_err, n_warn = len(result.errors), len(result.warnings)
    if result.valid:
        verdict = style("VALID", fg="green", bold=True)
    else:
        verdict = style("INVALID", fg="red", bold=True)
    tally = f"{n_err} error{'s' * (n_err != 1)}, {n_warn} warning{'s' * (n_warn != 1)}"
    reg = result.regulation
    listed = f", list of {reg.active_list.date}" if reg.active_list is not None else ""
    lines = [f"{result.deck.source}: {verdict} ({tally}; regulation {reg.name}{listed})"]
    if result.errors:
        lines.append(style("Errors:", fg="red", bold=True))
        for p in result.errors:
            lines.extend(_problem_lines(p, style, "red"))
    if result.warnings:
        lines.append(style("Warnings:", fg="yellow", bold=True))
        for p in result.warnings:
            lines.extend(_problem_lines(p, style, "yellow"))
    lines.append("Summary: " + _summary(result))
    cited = cited_rules([*result.errors, *result.warnings])
    if cited:
        lines.append(style(f"Rules: zxdeck rules {' '.join(cited)}", dim=True))
    return "\n".join(lines)


def cited_rules(problems: Sequence[Problem]) -> list[str]:
    """The rule ids the problems cite, once each, in the order of the rules (D-2 before D-10).
    Only ids of the rules reference (`D-4`): a regulation's own label such as `sealed` is not one."""
    ids = {p.rule for p in problems if p.rule and re.fullmatch(r"[A-Z]-\d+", p.rule)}

    def key(rid: str) -> tuple[str, int, str]:
        m = re.fullmatch(r"([A-Z])-(\d+)", rid)
        return (m.group(1), int(m.group(2)), "") if m else ("~", 0, rid)

    return sorted(ids, key=key)


def render_json(results: Sequence[ValidationResult | dict[str, Any]], single: bool) -> str:
    """One JSON object for one deck, else a JSON array (INTERFACES.md section 3)."""
    objects = [r.to_dict() if isinstance(r, ValidationResult) else r for r in results]
    payload: Any = objects[0] if single and len(objects) == 1 else objects
    return json.dumps(payload, ensure_ascii=False, indent=2)
