"""The core's `catalog import|template|check`, for every game: bringing a real card list.

`register(group, game)` makes them from the game's deck parts (`DECKS`, protocol
`zxdeck.game_api.DeckParts`): `import_cards` (a CSV / TSV / JSON list read and checked against the
game's catalog schema, written as a catalog YAML), `template` (a documented CSV template),
`check_catalog` (a list or catalog YAML checked, nothing written), and the words of their help. A
sub-command whose body the game lacks says so in one line (exit 2).

Exit status: 0 done, 1 the list has problems (listed one a line, nothing written), 2 the file
cannot be read or written.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import click

from zxdeck.cli.app import user_errors
from zxdeck.cli.deck_cmds import deck_parts, serves, texts, unavailable, warn
from zxdeck.errors import EXIT_USAGE, ZxError

MAP_HELP = ("COLUMN=FIELD: read this column as this catalog field (see `zxdeck catalog template`); "
            "FIELD `extra` keeps it as an extra key, `ignore` drops it. May be repeated.")
map_option = click.option("--map", "maps", multiple=True, metavar="COLUMN=FIELD", help=MAP_HELP)


def _format_option(formats: tuple[str, ...]) -> Any:
    return click.option("--format", "fmt", type=click.Choice(list(formats)), default="auto", show_default=True,
                        help="Format of the card list; auto chooses by extension (.csv, .tsv, .json).")


def _write(text: str | Iterable[str], output: str | None, force: bool) -> None:
    """Write `text` (or its pieces, one at a time) to standard output or the file `output`."""
    chunks = [text] if isinstance(text, str) else text
    if not output or output == "-":
        for chunk in chunks:
            click.echo(chunk, nl=False)
        return
    path = Path(output)
    if path.exists() and not force:
        raise ZxError(f"{output}: already exists (use --force to replace it)", EXIT_USAGE)
    try:
        with path.open("w", encoding="utf-8", newline="\n") as fh:
            for chunk in chunks:
                fh.write(chunk)
    except OSError as exc:
        raise ZxError(f"{output}: cannot write: {exc.strerror or exc}", EXIT_USAGE) from None


def make_import(parts: Any) -> click.Command:
    @click.command("import", **texts(parts, "catalog import"))
    @click.argument("source", metavar="FILE")
    @click.option("--output", "-o", metavar="FILE.yaml", default=None,
                  help="Write the catalog here (default: standard output).")
    @map_option
    @_format_option(parts.catalog_import_formats)
    @click.option("--force", is_flag=True, help="Replace the output file when it exists.")
    @user_errors
    def import_cmd(source: str, output: str | None, maps: tuple[str, ...], fmt: str, force: bool) -> None:
        warnings, chunks, summary = parts.import_cards(source, fmt, maps)
        for warning in warnings:
            warn(warning)
        _write(chunks, output, force)
        if output and output != "-":
            click.echo(f"{output}: {summary}", err=True)

    return import_cmd


def make_template(parts: Any) -> click.Command:
    @click.command("template", **texts(parts, "catalog template"))
    @click.option("--output", "-o", metavar="FILE.csv", default=None,
                  help="Write the template here (default: standard output).")
    @click.option("--force", is_flag=True, help="Replace the output file when it exists.")
    @user_errors
    def template_cmd(output: str | None, force: bool) -> None:
        _write(parts.template(), output, force)

    return template_cmd


def make_check(parts: Any) -> click.Command:
    @click.command("check", **texts(parts, "catalog check"))
    @click.argument("source", metavar="FILE")
    @map_option
    @click.option("--format", "fmt", type=click.Choice([*parts.catalog_import_formats, "yaml"]), default="auto",
                  show_default=True, help="auto chooses by extension (.csv, .tsv, .json, .yaml/.yml).")
    @user_errors
    def check_cmd(source: str, maps: tuple[str, ...], fmt: str) -> None:
        from zxdeck.errors import CatalogError

        try:
            summary = parts.check_catalog(source, fmt, maps, warn)
        except CatalogError as exc:
            if "catalog refused" not in exc.message:
                raise
            click.echo(f"zxdeck: error: {exc.message}", err=True)
            sys.exit(1)
        click.echo(f"{source}: OK, {summary}")

    return check_cmd


# sub-command -> (the bodies it needs of the parts, the function that makes it)
SUBCOMMANDS = {
    "import": (("import_cards",), make_import),
    "template": (("template",), make_template),
    "check": (("check_catalog",), make_check),
}


def register(group: click.Group, game: str) -> None:
    """Add the `catalog` group of `game` to `group`."""
    parts = deck_parts(game)
    if parts is None:
        group.add_command(unavailable("catalog", game, "catalog"))
        return

    @click.group("catalog", invoke_without_command=True, **texts(parts, "catalog"))
    @click.pass_context
    def catalog_group(ctx: click.Context) -> None:
        if ctx.invoked_subcommand is None:
            click.echo(ctx.get_help())

    for name in getattr(parts, "catalog_commands", ()):
        needs, make = SUBCOMMANDS[name]
        catalog_group.add_command(make(parts) if serves(parts, *needs)
                                  else unavailable(name, game, f"catalog {name}"))
    group.add_command(catalog_group)
