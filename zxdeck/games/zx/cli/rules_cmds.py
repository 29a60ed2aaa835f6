"""`zxdeck rules [ID | WORDS]`: the rules reference (docs/RULES.md), a thin layer over zxdeck.rules."""

from __future__ import annotations

import click

from zxdeck.cli import examples_epilog

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


@click.command("rules", epilog=RULES_EPILOG,
               short_help="Look up a rule by id (B-6) or search the rules.")
@click.argument("query", nargs=-1, metavar="[ID... | WORDS...]")
@click.option("--limit", type=click.IntRange(min=1), default=10, show_default=True,
              help="At most N search results.")
def rules_cmd(query: tuple[str, ...], limit: int) -> None:
    """Look up a rule by id (B-6, b6, D-1..D-4, a section letter) or search the rules by words.

    With no argument, list the sections. Searching ignores case and width, and
    katakana matches hiragana; the rules that contain every word come first in
    order of relevance.
    """
    from zxdeck.games.zx.rules import load_rules, looks_like_id, snippet

    book = load_rules()
    if not query:
        click.echo(f"{book.title}: {len(book.rules)} rules in {len(book.sections)} sections")
        width = max(len(s.title) for s in book.sections.values())
        for s in book.sections.values():
            click.echo(f"  {s.letter}  {s.title:<{width}}  {s.span()}")
        click.echo("zxdeck rules ID prints a rule (B-6, b6, a range D-1..D-4, a section B);")
        click.echo("zxdeck rules WORDS searches them (life recovery, 降臨).")
        return
    if all(looks_like_id(q) for q in query):
        chosen = [rule for q in query for rule in book.select(q)]
        seen: set[str] = set()
        texts = []
        for rule in chosen:
            if rule.id not in seen:
                seen.add(rule.id)
                texts.append(rule.text())
        click.echo("\n\n".join(texts))
        return
    found = book.search(query)
    words = " ".join(query)
    if not found:
        near = book.suggest_words(query)
        hint = f"; did you mean {', '.join(repr(w) for w in near)}?" if near else ""
        click.echo(f"no rule mentions {words!r}{hint}")
        return
    if len(found) == 1:
        click.echo(found[0][0].text())
        return
    for rule, _score in found[:limit]:
        click.echo(f"{rule.id:<5} {rule.title}")
        click.echo(f"      {snippet(rule, query)}")
    more = f" (the first {limit} shown; --limit N)" if len(found) > limit else ""
    click.echo(f"{len(found)} rules mention {words!r}{more}; zxdeck rules ID prints one in full.")


def register(group: click.Group) -> None:
    """Add this module's commands to `group`."""
    group.add_command(rules_cmd)
