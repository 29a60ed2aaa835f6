"""Z/X's deck, catalog and search parts (`DECKS` of zxdeck.games.zx): what the core's deck and
catalog commands (zxdeck.cli.deck_cmds, search_cmds, catalog_cmds, rules_cmds) need of Z/X, as
the protocol `zxdeck.game_api.DeckParts` describes: the words of each command's help, the
options Z/X has beyond the common ones, and the bodies over Z/X's deck reader, regulations,
deck code, opening deal, catalog importer and rules reference.

This module is light (the standard library and zxdeck.cli at module level): `zxdeck --help`
reads the commands' summaries from it. The library is imported inside the methods.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from zxdeck.cli.app import examples_epilog

REGULATION_HELP = "Regulation name (see `zxdeck regulations`; default: current) or a regulation YAML file."
MIN_OPENING = 11  # main deck cards `draw` needs: S-6 hand 4, S-8 life 4, S-9 resources 2, one left

SEARCH_HELP = """Find cards with a Scryfall-like query (docs/SEARCH.md).

\b
Terms are ANDed; `or` between terms; `-` negates; parentheses group.
  word  "two words"      name, English name, card number or text contains it
  name:W  n:W  n:/re/    name contains (Japanese or English); /regex/
  !"exact name"          the name is exactly this
  id:B01                 card number starts with (id=B01-001: exactly)
  type:zx  t:ex          zx event player zx_ex zx_ob shift event_ex;
                         ex = zx_ex or event_ex
  color:red  c:r         r u w b g colorless
  cost<=3  power>=7000   = : < <= > >= !=  (cost/color: not player cards;
                         power: Z/X, Z/X EX, Z/X OB only)
  race:W  r:W            one of the races contains it
  is:ig  not:ig          ignition evol_seed life_recovery(lr) void_bringer(vb)
                         start_card(start) gate_card(gate)
  player:NAME            belongs to that player card
  text:W  o:W  o:/re/    rules text contains it

Matching ignores case and width, and katakana matches hiragana.
A query may start with a negated term: zxdeck search -is:ig c:red
"""

# command path -> the words of its help: short_help (the summary in listings), help (the text
# of its --help; without it, none), epilog (examples and a note).
TEXTS: dict[str, dict[str, str]] = {
    "validate": {
        "short_help": "Check decks against the construction rules (D-1..D-16).",
        "help": """Check deck files against the deck construction rules (D-1..D-16).

    Every problem is reported in one run, with its line and rule. Exit status:
    0 valid (warnings allowed), 1 invalid, 2 could not run. Several files may be
    given (`-` reads standard input); with --format json the output is then a
    JSON array.
    """,
        "epilog": examples_epilog(
            [
                "zxdeck validate examples/decks/blue.txt",
                "zxdeck validate examples/decks/*.txt               # several decks",
                "zxdeck validate --format json examples/decks/illegal/red_broken.txt",
                "zxdeck validate --regulation v2 examples/decks/red.txt",
                "zxdeck validate --regulation sealed examples/decks/sealed/red.txt",
                "zxdeck validate --date 2022-05-01 examples/decks/red.txt",
                "zxdeck --cards my_cards.yaml validate my_deck.txt   # another catalog",
                "cat my_deck.txt | zxdeck validate -                 # standard input",
            ],
            "Each problem names its rule, such as [D-4]; `zxdeck rules D-4` prints the rule "
            "(docs/RULES.md). The error codes are those of the interface specification.",
        ),
    },
    "stats": {
        "short_help": "Deck statistics: curve, colors and opening-hand odds.",
        "help": "Deck statistics: types, colors, cost curve, ignition density and exact odds.",
        "epilog": examples_epilog([
            "zxdeck stats examples/decks/blue.txt",
            "zxdeck stats examples/decks/blue.txt --card ZX01-074   # one card's odds",
            "zxdeck stats --format json examples/decks/red.txt",
        ]),
    },
    "regulations": {
        "short_help": "List the regulations, their dates and card lists.",
        "help": """List the built-in regulations (or the named ones / regulation files).

    Use one with `validate --regulation NAME`; `validate --date YYYY-MM-DD` checks
    with the regulation and banned / restricted list in force that day.
    """,
        "epilog": examples_epilog([
            "zxdeck regulations",
            "zxdeck regulations --history",
            "zxdeck regulations --format json sealed",
            "zxdeck validate --regulation v2 examples/decks/red.txt",
        ]),
    },
    "deck": {
        "short_help": "Deck files and codes: export, code, diff.",
        "help": "Deck files and codes: export, code, diff (and `validate` / `stats` as sub-commands too).",
        "epilog": examples_epilog([
            "zxdeck deck export examples/decks/red.txt --format yaml",
            "zxdeck deck code examples/decks/red.txt",
            "zxdeck deck diff examples/decks/red.txt my_red.txt",
            "zxdeck deck validate examples/decks/red.txt   # same as zxdeck validate",
        ]),
    },
    "deck export": {
        "short_help": "Write a deck back in canonical form.",
        "help": "Write DECK back in a canonical form (card numbers and names, merged and sorted).",
        "epilog": examples_epilog([
            "zxdeck deck export examples/decks/red.txt",
            "zxdeck deck export my_deck.txt --format json -o my_deck.json",
        ]),
    },
    "deck code": {
        "short_help": "Print a deck as a one-line deck code.",
        "help": """Print DECK as a one-line deck code (zxd1_...), usable wherever a deck file is.

    The code holds card numbers and counts (versioned, with a checksum, URL-safe);
    the same cards always give the same code. Exit 1 when a line of DECK was not
    understood.
    """,
        "epilog": examples_epilog([
            "zxdeck deck code examples/decks/red.txt",
            "zxdeck validate \"$(zxdeck deck code examples/decks/red.txt)\"",
        ], "A code works wherever a deck file does; docs/DECKS.md describes it."),
    },
    "deck diff": {
        "short_help": "Cards added, removed and changed between two decks.",
        "help": """Cards added, removed and changed from deck A to deck B, per section.

    Exit status: 0 the decks hold the same cards, 1 they differ, 2 could not run.
    """,
        "epilog": examples_epilog([
            "zxdeck deck diff examples/decks/red.txt my_red.txt",
            "zxdeck deck diff old.txt new.txt --format json",
        ]),
    },
    "draw": {
        "short_help": "Sample opening hands, life cards and resources of a deck.",
        "help": """Sample opening hands of DECK with life cards and resources, as the game deals them.

    The game's own setup deals them (S-2 Start Card, S-3 Gate Card, S-4 shuffle,
    S-6 four cards, S-8 four life cards, S-9 two resources): the same seed gives
    the same opening as `zxdeck play --seed` gives player 1 going first.
    """,
        "epilog": examples_epilog([
            "zxdeck draw examples/decks/red.txt",
            "zxdeck draw examples/decks/red.txt --seed 7 -n 5",
            "zxdeck draw examples/decks/blue.txt --mulligan --format json",
            "zxdeck draw examples/decks/red.txt --odds \"火の粉払い,紅蓮の業火:2\" --by-turn 3 --second",
        ], "The game's own setup deals them (zxdeck rules S-6..S-9). --odds: the exact "
           "probability of holding the cards by a turn, and its frequency in --sims setups "
           "(docs/ANALYSIS.md)."),
    },
    "search": {
        "short_help": "Find cards with a Scryfall-like query.",
        "help": SEARCH_HELP,
        "epilog": examples_epilog([
            "zxdeck search c:red t:zx --limit 5",
            "zxdeck search 'c:u is:lr'",
            "zxdeck search -is:ig c:red t:zx --sort power --reverse",
            "zxdeck search 't:zx (c:r or c:g) cost>=7' --format ids",
            "zxdeck search 'o:/ダメージ/' --format csv",
        ], "The full guide: docs/SEARCH.md."),
    },
    "card": {
        "short_help": "Show one card in full.",
        "help": "Show one card in full, by card number, name or English name (several words are joined).",
        "epilog": examples_epilog([
            "zxdeck card ZX01-004",
            "zxdeck card 熔岩の火蜥蜴ティアガン",
            "zxdeck card tiagan lava salamander   # English name, several words",
            "zxdeck card ZX01-004 --format json",
        ]),
    },
    "db": {
        "short_help": "The SQLite cache of the catalog: path, build, info.",
        "help": "The SQLite cache of the catalog (docs/DATABASE.md): where it is, rebuild it, what it holds.",
        "epilog": examples_epilog([
            "zxdeck db info",
            "zxdeck db path",
            "zxdeck db build",
            "zxdeck --cards my_cards.yaml db info --format json",
        ]),
    },
    "db path": {
        "short_help": "Print the cache database file.",
        "help": "Print the cache database file of the current catalog (built or not).",
        "epilog": examples_epilog(["zxdeck db path", 'sqlite3 "$(zxdeck db path)" .tables']),
    },
    "db build": {
        "short_help": "Rebuild the cache database now.",
        "help": "Rebuild the cache database from the catalog YAML now.",
        "epilog": examples_epilog(["zxdeck db build", "zxdeck --cards my_cards.yaml db build"]),
    },
    "db info": {
        "short_help": "What the cache holds.",
        "help": "What the cache holds: catalog path, digest, size, card counts by type and color.",
        "epilog": examples_epilog(["zxdeck db info", "zxdeck db info --format json"]),
    },
    "catalog": {
        "short_help": "Bring your own card list: import, template, check.",
        "help": "Bring your own card list: import a CSV / TSV / JSON list, get a template, check a list.",
        "epilog": examples_epilog([
            "zxdeck catalog import cards.csv -o cards.yaml",
            "zxdeck --cards builtin --cards cards.yaml validate my_deck.txt",
            "zxdeck catalog template -o cards.csv",
            "zxdeck catalog check cards.csv",
        ], "docs/CATALOG.md describes the columns and values."),
    },
    "catalog import": {
        "short_help": "Turn a CSV / TSV / JSON card list into a catalog.",
        "help": """Turn a card list (CSV, TSV or JSON, e.g. a spreadsheet export) into a catalog YAML for --cards.

    Columns are matched to catalog fields by name, in English or Japanese (カード番号,
    カード名, 種類, 色, コスト, パワー, 種族, IG, ...); --map names the others. Every
    problem is listed, one a line with its line number, and nothing is written
    (exit 1); exit 2 when the file cannot be read.
    """,
        "epilog": examples_epilog([
            "zxdeck catalog import cards.csv -o cards.yaml",
            "zxdeck catalog import list.tsv --map 'No=id' --map 'Memo=ignore' \\",
            "    -o cards.yaml",
            "zxdeck catalog import dump.json -o cards.yaml --force",
        ]),
    },
    "catalog template": {
        "short_help": "Write a CSV template with every column documented.",
        "help": "Write a CSV template for a card list, every column documented in `#` rows.",
        "epilog": examples_epilog(["zxdeck catalog template -o cards.csv"]),
    },
    "catalog check": {
        "short_help": "Check a card list or catalog without writing anything.",
        "help": """Check a card list (CSV, TSV, JSON) or a catalog YAML without writing anything.

    Exit status: 0 every card is fine, 1 problems (listed one a line with their
    line numbers), 2 the file cannot be read.
    """,
        "epilog": examples_epilog([
            "zxdeck catalog check cards.csv",
            "zxdeck catalog check cards.yaml",
        ]),
    },
    "rules": {
        "short_help": "Look up a rule by id (B-6) or search the rules.",
        "epilog": examples_epilog(
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
        ),
    },
}


def _main_deck_only(parsed: Any, what: str, warn: Callable[[str], None]) -> Any:
    """The deck `draw` / `stats` work on: when it breaks the construction rules, a warning with its
    first error, and without the main deck's cards of a type that cannot be in a main deck (D-2:
    a player card, a Z/X EX...), which are never dealt or counted."""
    from zxdeck.games.zx.catalog.model import MAIN_DECK_TYPES
    from zxdeck.games.zx.deck.validate import validate

    result = validate(parsed)
    if result.valid:
        return parsed
    first = result.errors[0]
    where = f"line {first.line}: " if first.line else ""
    rule = f" [{first.rule}]" if first.rule else ""
    n = len(result.errors)
    kept = [e for e in parsed.entries
            if not (e.section == "main" and e.card is not None and e.card.type not in MAIN_DECK_TYPES)]
    left = [e for e in parsed.entries if e not in kept]
    gone = ""
    if left:
        names = ", ".join(f"{e.count} {e.card.name} ({e.card.type})" for e in left)
        gone = f"; not {what}: {names}, not main deck cards (D-2)"
    warn(f"{parsed.source} is not a legal deck ({n} error{'s' * (n != 1)}, the first: "
         f"{where}{first.code}{rule} {first.message}){gone}")
    return parsed.replace(entries=kept) if left else parsed


def _catalog_summary(cards: list) -> str:
    from collections import Counter

    types = Counter(c.type for c in cards)
    blank = sum(c.abilities is None for c in cards)
    by_type = ", ".join(f"{t} {n}" for t, n in sorted(types.items()))
    return (f"{len(cards)} card{'s' * (len(cards) != 1)}" + (f" ({by_type})" if by_type else "")
            + (f"; {blank} without machine-readable abilities" if blank else ""))


class ZxDecks:
    """Z/X's parts for the deck, catalog and search commands (zxdeck.game_api.DeckParts)."""

    key = "zx"
    texts = TEXTS
    # The options Z/X's commands have beyond the common ones (zxdeck.cli.deck_cmds.OPTIONAL).
    features = frozenset({"validate --date", "stats --card", "regulations --history", "regulations --date",
                          "draw openings", "draw --mulligan", "draw --second",
                          "db path", "catalog --map", "catalog check --format",
                          "search -- hint"})
    option_help: dict[str, str] = {
        "validate --regulation": REGULATION_HELP,
        "search --format": "json: card objects of the catalog format; csv: lists joined with ';', no "
                           "abilities; ids: one card number a line.",
        "search --sort": "Sort key (then card number).",
        "card --format": "json: the card object (an array when several cards share the name).",
        "draw --seed": "Seed of the first opening.",
        "draw --by-turn": "With --odds: by your own turn T (after its draw, P-2).",
        "draw --sims": "With --odds: setups dealt by the game to check the exact figure (0: none).",
        "draw --odds": "The odds of holding these cards (NAME:COUNT for several copies) by --by-turn.",
    }
    search_sorts = ("id", "name", "cost", "power", "color")
    stats_many = False  # `stats DECK`: one deck
    deck_commands = ("export", "code", "diff")
    catalog_commands = ("import", "template", "check")
    catalog_import_formats = ("auto", "csv", "tsv", "json")
    rules_loader = "zxdeck.games.zx.rules:load_rules"
    rules_prog = "zxdeck rules"
    rules_hints = ("B-6, b6, a range D-1..D-4, a section B", "life recovery, 降臨")
    strict_card = False  # `card` keeps the errors of the catalog lookup as they are

    # --- decks ---
    def read_deck(self, app: Any, path: str, deck_format: str) -> Any:
        from zxdeck.games.zx.deck.parse import read_deck

        return read_deck(path, app.card_source(), deck_format)

    def validate(self, app: Any, decks: tuple[str, ...], fmt: str, regulation: str | None, day: Any,
                 deck_format: str, color: str, echo: Callable[..., None]) -> None:
        from zxdeck.games.zx.fast import validate_decks

        validate_decks(app, decks, fmt, regulation, day, deck_format, color, echo=echo)

    def stats(self, app: Any, path: str, fmt: str, card: str | None, deck_format: str,
              warn: Callable[[str], None]) -> dict[str, Any] | str:
        from zxdeck.games.zx.deck.stats import deck_stats, render_stats

        catalog = app.card_source()
        parsed = _main_deck_only(self.read_deck(app, path, deck_format), "counted", warn)
        stats = deck_stats(parsed, catalog, card)
        return stats if fmt == "json" else render_stats(stats)

    def regulations(self, names: tuple[str, ...], fmt: str, history: bool, day: Any) -> str:
        import datetime as dt
        import json

        from zxdeck.games.zx.deck.regulation import DEFAULT, list_regulations, load_regulation

        on = day.date() if day is not None else dt.date.today()
        regs = [load_regulation(n).at(on) for n in names] if names else [r.at(on) for r in list_regulations()]
        if fmt == "json":
            return json.dumps([r.to_dict() for r in regs], ensure_ascii=False, indent=2)
        if history:
            return _history(regs, on, day is not None)
        lines = []
        for r in regs:
            mark = " (default)" if r.name == DEFAULT else ""
            lines.append(f"{r.name}{mark}: {r.title}")
            lines.append(f"    date {r.date or 'unknown'}; main {r.main_size}, ignition {r.ignition_text()}, "
                         f"dunamis 0-{r.dunamis_max} ({', '.join(sorted(r.dunamis_types))}), "
                         f"restricted cards {r.limited_cards}")
            lines.append(f"    source: {r.source}")
        return "\n".join(lines)

    def export(self, app: Any, path: str, fmt: str, deck_format: str) -> str:
        from zxdeck.games.zx.deck.export import export_deck

        return export_deck(self.read_deck(app, path, deck_format), fmt)

    def encode(self, app: Any, path: str, deck_format: str) -> str:
        from zxdeck.games.zx.deck.code import encode_deck

        return encode_deck(self.read_deck(app, path, deck_format))

    def diff_read(self, app: Any, path: str, deck_format: str, warn: Callable[[str], None]) -> Any:
        parsed = self.read_deck(app, path, deck_format)
        for p in parsed.problems:  # text around a pasted list: skipped, and said so
            if p.code == "ignored-line":
                warn(f"{parsed.source}: line {p.line}: {p.message}")
        return parsed

    def diff(self, a: Any, b: Any) -> Any:
        from zxdeck.games.zx.deck.diff import diff_decks

        return diff_decks(a, b)

    def draw(self, app: Any, path: str, options: dict[str, Any], warn: Callable[[str], None]) -> str:
        import json

        from zxdeck.errors import ZxError
        from zxdeck.games.zx.engine.decks import spec_from_deck
        from zxdeck.games.zx.engine.opening import deal_openings, render_openings

        fmt, seed, odds = options["fmt"], options["seed"], options["odds"]
        by_turn, second = options["by_turn"], options["second"]
        parsed = _main_deck_only(self.read_deck(app, path, options["deck_format"]), "dealt", warn)
        spec = spec_from_deck(parsed)
        if not spec.main:
            raise ZxError(f"{parsed.source}: no main deck card to draw from")
        if len(spec.main) < MIN_OPENING:  # S-6, S-8, S-9 deal 10; an empty deck would be refreshed
            raise ZxError(f"{parsed.source}: {len(spec.main)} main deck cards are too few to deal an opening "
                          f"(4 in hand, 4 life, 2 resources and one left: at least {MIN_OPENING})")
        if odds:
            from zxdeck.games.zx.engine.opening import opening_odds, parse_odds, render_odds

            result = opening_odds(spec, parse_odds(odds), by_turn, second, options["sims"], seed)
            if fmt == "json":
                return json.dumps({"deck": parsed.source, **result.to_dict()}, ensure_ascii=False, indent=2)
            return render_odds(result, parsed.source)
        if second or by_turn != 1:
            raise ZxError("--by-turn and --second go with --odds")
        openings = deal_openings(spec, seed, options["count"], options["mulligan"])
        if fmt == "json":
            return json.dumps({"deck": parsed.source, "openings": [o.to_dict() for o in openings]},
                              ensure_ascii=False, indent=2)
        return render_openings(openings, parsed.source)

    # --- the catalog ---
    def search(self, app: Any, query: tuple[str, ...], fmt: str, sort: str, reverse: bool, limit: int | None,
               echo: Callable[..., None]) -> None:
        from zxdeck.games.zx.fast import search_cards

        search_cards(app, query, fmt, sort, reverse, limit, echo=echo)

    def cards(self, app: Any, text: str) -> list[Any]:
        from zxdeck.catalog.db import open_db
        from zxdeck.games.zx.catalog.present import lookup_card

        db = open_db(app.cards)
        try:
            return lookup_card(db, text)
        finally:
            db.close()

    def card_dict(self, card: Any) -> dict[str, Any]:
        return card.to_dict()

    def card_text(self, card: Any) -> str:
        from zxdeck.games.zx.catalog.present import card_details

        return card_details(card)

    def db_path(self, app: Any) -> str:
        from zxdeck.catalog.db import db_path

        return str(db_path(app.cards))

    def db_build(self, app: Any) -> str:
        from zxdeck.catalog.db import open_db

        db = open_db(app.cards, rebuild=True)
        try:
            count = db.execute("SELECT count(*) FROM cards")[0][0]
            where = db.path or "memory (the cache folder is not writable)"
            return f"built {where}: {count} cards from {db.catalog_path} in {db.build_seconds:.2f} s"
        finally:
            db.close()

    def db_info(self, app: Any) -> tuple[dict[str, Any], str]:
        from zxdeck.catalog.db import open_db
        from zxdeck.games.zx.catalog.present import format_info

        db = open_db(app.cards)
        try:
            info = db.info()
        finally:
            db.close()
        return info, format_info(info)

    def import_cards(self, source: str, fmt: str, maps: tuple[str, ...]) -> tuple[list[str], Iterable[str], str]:
        from pathlib import Path

        from zxdeck.games.zx.catalog.importer import catalog_yaml_chunks, import_file, parse_map

        result = import_file(source, fmt, parse_map(maps))
        summary = _catalog_summary(result.cards)
        return result.warnings, catalog_yaml_chunks(result, f"imported from {Path(source).name}: {summary}"), summary

    def template(self) -> str:
        from zxdeck.games.zx.catalog.importer import template_csv

        return template_csv()

    def check_catalog(self, source: str, fmt: str, maps: tuple[str, ...], warn: Callable[[str], None]) -> str:
        """The summary of a card list or catalog YAML that is fine; its problems raise
        `CatalogError` (exit 1 or 2, as the shared command says)."""
        from pathlib import Path

        if fmt == "yaml" or (fmt == "auto" and Path(source).suffix.casefold() in (".yaml", ".yml")):
            from zxdeck.catalog.loader import load_catalog

            return _catalog_summary(load_catalog(source).cards)
        from zxdeck.games.zx.catalog.importer import import_file, parse_map

        result = import_file(source, fmt, parse_map(maps))
        for warning in result.warnings:
            warn(warning)
        return _catalog_summary(result.cards)


def _history(regs: list, on: Any, dated: bool) -> str:
    """`regulations --history`: each format, its regulations by date, their lists by date."""
    from zxdeck.games.zx.deck.regulation import DEFAULT, in_force

    when = f"in force on {on.isoformat()}" if dated else "in force"
    lines: list[str] = []
    for fmt in dict.fromkeys(r.format for r in regs):
        lines.append(fmt)
        current = in_force(regs, fmt, on)
        for r in sorted((r for r in regs if r.format == fmt), key=lambda r: r.date or ""):
            mark = " (default)" if r.name == DEFAULT else ""
            force = f"  [{when}]" if r is current else ""
            lines.append(f"  {r.date or 'date unknown':<12}  {r.name}{mark}: {r.title}{force}")
            for cl in r.lists:
                force = f"  [{when}]" if r.active_list is cl else ""
                banned = ", ".join(cl.banned) or "none"
                restricted = ", ".join(f"{k} {v}" for k, v in cl.restricted.items()) or "none"
                lines.append(f"      list {cl.date}{f' {cl.title}' if cl.title else ''}: banned {banned}; "
                             f"restricted {restricted}{force}")
    return "\n".join(lines)


DECKS = ZxDecks()
