"""Commands of this group are registered on the main `zxdeck` group by `register`."""

from __future__ import annotations

import click


def register(group: click.Group) -> None:
    """Add this module's commands to `group`."""
