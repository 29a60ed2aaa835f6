"""`zxdeck --game moz rules [ID | WORDS]`: MOZ's rules reference (docs/MOZ_RULES.md), the core's
rules command (zxdeck.cli.rulebook_cmd) over zxdeck.games.moz.rules."""

from __future__ import annotations

import click

from zxdeck.cli import examples_epilog
from zxdeck.cli.rulebook_cmd import rules_command

RULES_EPILOG = examples_epilog(
    [
        "zxdeck --game moz rules                   # the sections and their ids",
        "zxdeck --game moz rules X-2               # one rule (x2, x-2 work too)",
        "zxdeck --game moz rules D-1..D-8 V-4      # a range, and several ids",
        "zxdeck --game moz rules C                 # a whole section (combos)",
        "zxdeck --game moz rules held cards        # search (every word must occur)",
        "zxdeck --game moz rules 先手              # Japanese terms too",
    ],
    "Rule ids appear in the reports of `zxdeck --game moz validate` and in the MOZ "
    "game log. The full text: docs/MOZ_RULES.md. Exit status 0, or 2 for an unknown "
    "rule id.",
)

rules_cmd = rules_command(
    "zxdeck.games.moz.rules:load_rules", "zxdeck --game moz rules", RULES_EPILOG,
    "Look up a MOZ rule by id (X-2) or search the rules.",
    "X-2, x2, a range D-1..D-8, a section C", "held cards, 先手")


def register(group: click.Group) -> None:
    """Add the MOZ rules command to `group`."""
    group.add_command(rules_cmd)
