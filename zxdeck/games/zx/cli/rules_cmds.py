"""`zxdeck rules [ID | WORDS]`: the rules reference of Z/X (docs/RULES.md), the core's rules command
(zxdeck.cli.rulebook_cmd) over zxdeck.games.zx.rules."""

from __future__ import annotations

import click

from zxdeck.cli import examples_epilog
from zxdeck.cli.rulebook_cmd import rules_command

RULES_EPILOG = examples_epilog(
    [
        "zxdeck rules                   # the sections and their ids",
        "zxdeck rules B-6               # one rule (b6, b-6 work too)",
        "zxdeck rules D-1..D-4 P-5      # a range, and several ids",
        "zxdeck rules X                 # a whole section (Z/X EX)",
        "zxdeck rules life recovery     # search (ranked; every word must occur)",
        "zxdeck rules 降臨              # Japanese terms too",
    ],
    "Rule ids appear in the reports of `zxdeck validate` and the messages of "
    "`zxdeck play`. The full text: docs/RULES.md. Exit status 0, or 2 for an "
    "unknown rule id.",
)


rules_cmd = rules_command(
    "zxdeck.games.zx.rules:load_rules", "zxdeck rules", RULES_EPILOG,
    "Look up a rule by id (B-6) or search the rules.",
    "B-6, b6, a range D-1..D-4, a section B", "life recovery, 降臨")


def register(group: click.Group) -> None:
    """Add this module's commands to `group`."""
    group.add_command(rules_cmd)
