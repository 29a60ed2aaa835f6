"""`zxdeck --game moz catalog check FILE`: check a MOZ catalog YAML with MOZ's catalog loader
(zxdeck.games.moz.catalog.loader, Y-1..Y-5) without writing anything.

MOZ has no card-list importer (Z/X's `catalog import` / `template` read CSV / TSV / JSON lists
into Z/X's schema), so the group has `check` only.
"""

from __future__ import annotations

import sys
from collections import Counter

import click

from zxdeck.cli import examples_epilog


def _user_errors(func):  # noqa: ANN001, ANN202 - the decorator of zxdeck.cli.app
    from zxdeck.cli.app import user_errors as wrap

    return wrap(func)


@click.group("catalog", invoke_without_command=True, short_help="Check a MOZ catalog YAML: check.",
             epilog=examples_epilog(["zxdeck --game moz catalog check my_cards.yaml"],
                                    "MOZ has no card-list importer: write the catalog YAML "
                                    "(docs/MOZ_RULES.md, Y-1..Y-5) and check it."))
@click.pass_context
def catalog_group(ctx: click.Context) -> None:
    """Check a MOZ card catalog (YAML, the schema of docs/MOZ_RULES.md section Y)."""
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


@catalog_group.command("check", short_help="Check a MOZ catalog YAML without writing anything.",
                       epilog=examples_epilog([
                           "zxdeck --game moz catalog check my_cards.yaml",
                           "zxdeck --game moz --cards my_cards.yaml search t:beast   # then use it",
                       ]))
@click.argument("source", metavar="FILE")
@_user_errors
def check_cmd(source: str) -> None:
    """Check a MOZ catalog YAML (Y-1..Y-5) without writing anything: every card, with its id and
    line, and every problem.

    Exit status: 0 every card is fine, 1 problems (listed one a line with their lines), 2 the
    file cannot be read or is not a MOZ catalog.
    """
    from zxdeck.errors import CatalogError
    from zxdeck.games.moz.catalog.loader import load_catalog

    try:
        cards = load_catalog(source).cards
    except CatalogError as exc:
        if "catalog refused" not in exc.message:
            raise
        click.echo(f"zxdeck: error: {exc.message}", err=True)
        sys.exit(1)
    types = Counter(c.type for c in cards)
    by_type = ", ".join(f"{t} {n}" for t, n in sorted(types.items()))
    click.echo(f"{source}: OK, {len(cards)} card{'s' * (len(cards) != 1)}" + (f" ({by_type})" if by_type else ""))


def register(group: click.Group) -> None:
    """Add the MOZ catalog command to `group`."""
    group.add_command(catalog_group)
