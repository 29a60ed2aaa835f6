"""`zxdeck rules [ID | WORDS]` for any game: its rules reference (zxdeck.rulebook), looked up by
id or searched by words. A game's command module makes its own with `rules_command`, naming the
function that loads its rule book and the words of its help."""

from __future__ import annotations

import importlib
from typing import Any

import click


def rules_command(loader: str, prog: str, epilog: str, short_help: str, id_hint: str,
                  words_hint: str) -> click.Command:
    """The `rules` command of a game.

    loader: `"module:function"` returning the game's `RuleBook` (imported when the command runs);
    prog: how a user runs the command (`zxdeck rules`, `zxdeck --game moz rules`), in its output;
    id_hint / words_hint: the examples of the listing's last lines (`B-6, b6, a range D-1..D-4, a
    section B`; `life recovery, 降臨`).
    """

    @click.command("rules", epilog=epilog, short_help=short_help)
    @click.argument("query", nargs=-1, metavar="[ID... | WORDS...]")
    @click.option("--limit", type=click.IntRange(min=1), default=10, show_default=True,
                  help="At most N search results.")
    def rules_cmd(query: tuple[str, ...], limit: int) -> None:
        """Look up a rule by id (B-6, b6, D-1..D-4, a section letter) or search the rules by words.

        With no argument, list the sections. Searching ignores case and width, and
        katakana matches hiragana; the rules that contain every word come first in
        order of relevance.
        """
        from zxdeck.rulebook import looks_like_id, snippet

        module_name, _, attr = loader.partition(":")
        book: Any = getattr(importlib.import_module(module_name), attr)()
        if not query:
            click.echo(f"{book.title}: {len(book.rules)} rules in {len(book.sections)} sections")
            width = max(len(s.title) for s in book.sections.values())
            for s in book.sections.values():
                click.echo(f"  {s.letter}  {s.title:<{width}}  {s.span()}")
            click.echo(f"{prog} ID prints a rule ({id_hint});")
            click.echo(f"{prog} WORDS searches them ({words_hint}).")
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
            click.echo(f"      {snippet(rule, query, table=book.synonyms())}")
        more = f" (the first {limit} shown; --limit N)" if len(found) > limit else ""
        click.echo(f"{len(found)} rules mention {words!r}{more}; {prog} ID prints one in full.")

    return rules_cmd
