"""Rendering validation results: a human report (colors only on a terminal) and JSON.

The human report groups problems by severity; each shows the line, the rule
id, the code and what was found against what is allowed, then a one-line hint;
a summary of the counts ends it, then (when a problem cites a rule) the command
that prints the rules cited (`zxdeck rules D-1 D-4`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from zxdeck.decks.report import _FG, Style, ansi_style, cited_rules, json_report  # noqa: F401 - their old home
from zxdeck.decks.report import problem_lines as _problem_lines
from zxdeck.decks.report import styler as _styler
from zxdeck.games.zx.deck.validate import ValidationResult


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


def render_human(result: ValidationResult, color: bool = False, by_date: bool = False) -> str:
    """The report for people: verdict, errors, warnings, then the counts. `by_date`: the regulation
    was chosen by `--date` (the first line says it was in force that day)."""
    style = _styler(color)
    n_err, n_warn = len(result.errors), len(result.warnings)
    if result.valid:
        verdict = style("VALID", fg="green", bold=True)
    else:
        verdict = style("INVALID", fg="red", bold=True)
    tally = f"{n_err} error{'s' * (n_err != 1)}, {n_warn} warning{'s' * (n_warn != 1)}"
    reg = result.regulation
    listed = f", list of {reg.active_list.date}" if reg.active_list is not None else ""
    when = f" in force on {reg.on}" if by_date and reg.on else ""
    lines = [f"{result.deck.source}: {verdict} ({tally}; regulation {reg.name}{when}{listed})"]
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


def render_json(results: Sequence[ValidationResult | dict[str, Any]], single: bool) -> str:
    """One JSON object for one deck, else a JSON array (INTERFACES.md section 3)."""
    return json_report([r.to_dict() if isinstance(r, ValidationResult) else r for r in results], single)
