"""`zxdeck catalog import|template|check`: bringing a real card list (thin layers over
zxdeck.catalog.importer and zxdeck.catalog.loader)."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

import click

from zxdeck.cli import examples_epilog
from zxdeck.cli.app import user_errors as _user_errors
from zxdeck.errors import EXIT_USAGE, ZxError

MAP_HELP = ("COLUMN=FIELD: read this column as this catalog field (see `zxdeck catalog template`); "
            "FIELD `extra` keeps it as an extra key, `ignore` drops it. May be repeated.")
format_option = click.option("--format", "fmt", type=click.Choice(["auto", "csv", "tsv", "json"]),
                             default="auto", show_default=True,
                             help="Format of the card list; auto chooses by extension (.csv, .tsv, .json).")
map_option = click.option("--map", "maps", multiple=True, metavar="COLUMN=FIELD", help=MAP_HELP)


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


def _summary(cards: list) -> str:
    from collections import Counter

    types = Counter(c.type for c in cards)
    blank = sum(c.abilities is None for c in cards)
    by_type = ", ".join(f"{t} {n}" for t, n in sorted(types.items()))
    return (f"{len(cards)} card{'s' * (len(cards) != 1)}" + (f" ({by_type})" if by_type else "")
            + (f"; {blank} without machine-readable abilities" if blank else ""))


@click.group("catalog", invoke_without_command=True,
             short_help="Bring your own card list: import, template, check.",
             epilog=examples_epilog([
                 "zxdeck catalog import cards.csv -o cards.yaml",
                 "zxdeck --cards builtin --cards cards.yaml validate my_deck.txt",
                 "zxdeck catalog template -o cards.csv",
                 "zxdeck catalog check cards.csv",
             ], "docs/CATALOG.md describes the columns and values."))
@click.pass_context
def catalog_group(ctx: click.Context) -> None:
    """Bring your own card list: import a CSV / TSV / JSON list, get a template, check a list."""
    if ctx.invoked_subcommand is None:
        click.echo(ctx.get_help())


@catalog_group.command("import", short_help="Turn a CSV / TSV / JSON card list into a catalog.",
                        epilog=examples_epilog([
                            "zxdeck catalog import cards.csv -o cards.yaml",
                            "zxdeck catalog import list.tsv --map 'No=id' --map 'Memo=ignore' \\",
                            "    -o cards.yaml",
                            "zxdeck catalog import dump.json -o cards.yaml --force",
                        ]))
@click.argument("source", metavar="FILE")
@click.option("--output", "-o", metavar="FILE.yaml", default=None,
              help="Write the catalog here (default: standard output).")
@map_option
@format_option
@click.option("--force", is_flag=True, help="Replace the output file when it exists.")
@_user_errors
def import_cmd(source: str, output: str | None, maps: tuple[str, ...], fmt: str, force: bool) -> None:
    """Turn a card list (CSV, TSV or JSON, e.g. a spreadsheet export) into a catalog YAML for --cards.

    Columns are matched to catalog fields by name, in English or Japanese (カード番号,
    カード名, 種類, 色, コスト, パワー, 種族, IG, ...); --map names the others. Every
    problem is listed, one a line with its line number, and nothing is written
    (exit 1); exit 2 when the file cannot be read.
    """
    from zxdeck.games.zx.catalog.importer import catalog_yaml_chunks, import_file, parse_map

    result = import_file(source, fmt, parse_map(maps))
    for warning in result.warnings:
        click.echo(f"zxdeck: warning: {warning}", err=True)
    note = f"imported from {Path(source).name}: {_summary(result.cards)}"
    _write(catalog_yaml_chunks(result, note), output, force)
    if output and output != "-":
        click.echo(f"{output}: {_summary(result.cards)}", err=True)


@catalog_group.command("template", short_help="Write a CSV template with every column documented.",
                        epilog=examples_epilog(["zxdeck catalog template -o cards.csv"]))
@click.option("--output", "-o", metavar="FILE.csv", default=None,
              help="Write the template here (default: standard output).")
@click.option("--force", is_flag=True, help="Replace the output file when it exists.")
@_user_errors
def template_cmd(output: str | None, force: bool) -> None:
    """Write a CSV template for a card list, every column documented in `#` rows."""
    from zxdeck.games.zx.catalog.importer import template_csv

    _write(template_csv(), output, force)


@catalog_group.command("check", short_help="Check a card list or catalog without writing anything.",
                        epilog=examples_epilog([
                            "zxdeck catalog check cards.csv",
                            "zxdeck catalog check cards.yaml",
                        ]))
@click.argument("source", metavar="FILE")
@map_option
@click.option("--format", "fmt", type=click.Choice(["auto", "csv", "tsv", "json", "yaml"]), default="auto",
              show_default=True, help="auto chooses by extension (.csv, .tsv, .json, .yaml/.yml).")
@_user_errors
def check_cmd(source: str, maps: tuple[str, ...], fmt: str) -> None:
    """Check a card list (CSV, TSV, JSON) or a catalog YAML without writing anything.

    Exit status: 0 every card is fine, 1 problems (listed one a line with their
    line numbers), 2 the file cannot be read.
    """
    from zxdeck.errors import CatalogError
    from zxdeck.games.zx.catalog.importer import import_file, parse_map

    if fmt == "yaml" or (fmt == "auto" and Path(source).suffix.casefold() in (".yaml", ".yml")):
        from zxdeck.catalog.loader import load_catalog

        try:
            cards = load_catalog(source).cards
        except CatalogError as exc:
            if "catalog refused" not in exc.message:
                raise
            click.echo(f"zxdeck: error: {exc.message}", err=True)
            sys.exit(1)
    else:
        result = import_file(source, fmt, parse_map(maps))
        for warning in result.warnings:
            click.echo(f"zxdeck: warning: {warning}", err=True)
        cards = result.cards
    click.echo(f"{source}: OK, {_summary(cards)}")


def register(group: click.Group) -> None:
    """Add this module's commands to `group`."""
    group.add_command(catalog_group)
