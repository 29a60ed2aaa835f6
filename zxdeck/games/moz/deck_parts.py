"""MOZ's deck, catalog and search parts (`DECKS` of zxdeck.games.moz): what the core's deck and
catalog commands (zxdeck.cli.deck_cmds, search_cmds, catalog_cmds, rules_cmds) need of The
Miracle of the Zone, as the protocol `zxdeck.game_api.DeckParts` describes: the words of each
command's help and the bodies over MOZ's deck reader (zxdeck.games.moz.deck), regulations, deck
code (zxdeck.games.moz.deck.code), odds, catalog (zxdeck.games.moz.catalog) and rules reference.

This module is light (the standard library and zxdeck.cli at module level): `zxdeck --game moz
--help` reads the commands' summaries from it. The library is imported inside the methods.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from zxdeck.cli.app import examples_epilog

SEARCH_HELP = """Find MOZ cards with the query language of `zxdeck search`, with MOZ's keywords.

\b
Terms are ANDed; `or` between terms; `-` negates; parentheses group.
  word  "two words"      name, English name, reading, id or text contains it
  name:W  n:W  n:/re/    name (Japanese, English or reading) contains it
  !"exact name"          the name is exactly this
  id:MOZ-B               id starts with (id=MOZ-B001: exactly)
  type:beast  t:s        summoner/s beast/b help/h special/sp help_special/hs
                         reverse/r attribute_change/ac; support = the five kinds
  level>=5  lv:1         summoners' level; speed/spd and age too
  power=100  pow<0       beasts' power
  attribute:貝  a:炎     beast, attribute change card, or any face of a summoner
  sub:dragon  sa:竜      beast sub-attribute: dragon male female beast fish bird insect
  group:sp_seal  g:天災  limit group (D-11..D-17); g:none
  sex:female             summoners (m, f)
  text:W  o:W            card text contains it
"""

TEXTS: dict[str, dict[str, str]] = {
    "validate": {
        "short_help": "Check MOZ decks (D-1..D-18).",
        "help": """Check MOZ deck files against the deck construction rules (D-1..D-18).

    A deck is 5 summoners and a zone of 50 beasts and supports, written as card lines
    (count, then id or name) in any order. Every problem is reported in one run, with its
    line and rule. Several files may be given; with --format json the output is then an array.
    """,
        "epilog": examples_epilog(
            [
                "zxdeck --game moz validate examples/moz/shell_dragons.txt",
                "zxdeck --game moz validate examples/moz/*.txt",
                "zxdeck --game moz validate --format json examples/moz/illegal/too_many_high_levels.txt",
                "ZXDECK_GAME=moz zxdeck validate my_moz_deck.txt",
            ],
            "Each problem names its rule, such as [D-4] (docs/MOZ.md). Exit status: 0 valid, 1 invalid, "
            "2 could not run.",
        ),
    },
    "stats": {
        "short_help": "MOZ deck statistics: pile, attributes, powers, opening odds.",
        "help": """The summoner pile (levels, speeds, the attribute of each face), the zone by kind, the beasts
    by attribute, sub-attribute and power, and the odds of holding a beast for each summon
    attribute and a help for the bottom face in the opening hand of 7 (S-3) and by your turn 4.""",
        "epilog": examples_epilog([
            "zxdeck --game moz stats examples/moz/shell_dragons.txt",
            "zxdeck --game moz stats --format json examples/moz/dusk_minus.txt",
        ], "An illegal deck gets its statistics with a warning. Exit status 0, or 2 for a file "
           "that cannot be read or has an unknown card."),
    },
    "regulations": {
        "short_help": "List the MOZ regulations and their deck rules.",
        "help": """List the built-in MOZ regulations (or the named ones / regulation files) with their deck
    rules; use one with `zxdeck --game moz validate --regulation NAME`.""",
        "epilog": examples_epilog([
            "zxdeck --game moz regulations",
            "zxdeck --game moz regulations --format json glyphwar",
            "zxdeck --game moz validate --regulation my_rules.yaml examples/moz/shell_dragons.txt",
        ], "A regulation is a YAML file of limits (data/moz/regulations/glyphwar.yaml shows the "
           "form). Exit status 0, or 2 for a name or file that is not a regulation."),
    },
    "deck": {
        "short_help": "MOZ deck files and codes: export, code, diff.",
        "help": "MOZ deck files and codes: export, code, diff (and `validate` / `stats` as sub-commands too).",
        "epilog": examples_epilog([
            "zxdeck --game moz deck export examples/moz/shell_dragons.txt --format yaml",
            "zxdeck --game moz deck code examples/moz/shell_dragons.txt",
            "zxdeck --game moz deck diff examples/moz/shell_dragons.txt examples/moz/dusk_minus.txt",
        ]),
    },
    "deck export": {
        "short_help": "Write a MOZ deck back in canonical form.",
        "help": "Write DECK back in a canonical form: the summoner pile and the zone (D-2), card ids and "
                "names, copies merged and sorted.",
        "epilog": examples_epilog([
            "zxdeck --game moz deck export examples/moz/shell_dragons.txt",
            "zxdeck --game moz deck export my_deck.txt --format json -o my_deck.json",
        ]),
    },
    "deck code": {
        "short_help": "Print a MOZ deck as a one-line deck code.",
        "help": """Print DECK as a one-line MOZ deck code (mzd1_...), usable wherever a MOZ deck file is.

    The code holds the card ids and counts of the summoner pile and the zone (versioned,
    with a checksum, URL-safe); the same cards always give the same code. A Z/X code
    (zxd1_...) is refused with a line saying so. Exit 1 when a line of DECK was not understood.
    """,
        "epilog": examples_epilog([
            "zxdeck --game moz deck code examples/moz/shell_dragons.txt",
            "zxdeck --game moz validate \"$(zxdeck --game moz deck code examples/moz/shell_dragons.txt)\"",
        ], "A code works wherever a MOZ deck file does; docs/MOZ.md describes it."),
    },
    "deck diff": {
        "short_help": "Cards added, removed and changed between two MOZ decks.",
        "help": """Cards added, removed and changed from MOZ deck A to deck B, in the summoner pile and the
    zone.

    Exit status: 0 the decks hold the same cards, 1 they differ, 2 could not run.
    """,
        "epilog": examples_epilog([
            "zxdeck --game moz deck diff examples/moz/shell_dragons.txt my_shell.txt",
            "zxdeck --game moz deck diff old.txt new.txt --format json",
        ], "Every summoner counts in the pile, every other card in the zone (D-2), "
           "whatever header it is written under."),
    },
    "draw": {
        "short_help": "Sample MOZ opening hands; odds of holding cards by a turn.",
        "help": """Sample the opening hands of 7 of DECK as the engine deals them (S-2, S-3; no mulligan,
    S-5), or with --odds the exact odds of holding the named cards by your turn T, and their
    frequency in games set up by the engine as a check (docs/ANALYSIS.md). The same seed gives
    the hand `zxdeck --game moz play --seed` deals player 1.""",
        "epilog": examples_epilog([
            "zxdeck --game moz draw examples/moz/shell_dragons.txt --seed 7 -n 3",
            "zxdeck --game moz draw examples/moz/shell_dragons.txt --odds \"潮騒の竜,珊瑚の龍王\" --by-turn 3",
        ], "S-3: an opening hand of 7; T-3: one card a turn (the first too); S-5: no mulligan."),
    },
    "search": {
        "short_help": "Find MOZ cards with a query.",
        "help": SEARCH_HELP,
        "epilog": examples_epilog([
            "zxdeck --game moz search 'sub:dragon pow=100'",
            "zxdeck --game moz search t:s 'lv>=6' --sort level",
            "zxdeck --game moz search 'a:貝 (t:b or t:ac)' --format ids",
            "zxdeck --game moz search g:sp_seal --format json",
        ], "The guide: docs/MOZ.md."),
    },
    "card": {
        "short_help": "Show one MOZ card in full.",
        "help": "Show one card in full, by id, name or English name (several words are joined).",
        "epilog": examples_epilog([
            "zxdeck --game moz card MOZ-B001",
            "zxdeck --game moz card 潮騒の竜",
            "zxdeck --game moz card surf dragon --format json",
        ]),
    },
    "db": {
        "short_help": "The SQLite cache of the MOZ catalog: path, build, info.",
        "help": "The SQLite cache of the MOZ catalog: where it is, rebuild it, what it holds.",
        "epilog": examples_epilog(["zxdeck --game moz db info", "zxdeck --game moz db path",
                                   "zxdeck --game moz db build"]),
    },
    "db path": {
        "short_help": "Print the cache database file.",
        "help": "Print the cache database file of the current MOZ catalog (built or not).",
        "epilog": examples_epilog(["zxdeck --game moz db path",
                                   'sqlite3 "$(zxdeck --game moz db path)" .tables']),
    },
    "db info": {
        "short_help": "What the cache holds.",
        "help": "The MOZ catalog(s), the cache file, and the cards by type.",
        "epilog": examples_epilog(["zxdeck --game moz db info --format json"]),
    },
    "db build": {
        "short_help": "Rebuild the cache now.",
        "help": "Rebuild the cache of the MOZ catalog from its YAML now.",
        "epilog": examples_epilog(["zxdeck --game moz db build"]),
    },
    "catalog": {
        "short_help": "Bring your own MOZ card list: import, template, check.",
        "help": "Bring your own MOZ card list: import a CSV / TSV / JSON list, get a template, check a list "
                "or catalog.",
        "epilog": examples_epilog([
            "zxdeck --game moz catalog import my_cards.csv -o my_cards.yaml",
            "zxdeck --game moz --cards builtin --cards my_cards.yaml validate my_deck.txt",
            "zxdeck --game moz catalog template -o my_cards.csv",
            "zxdeck --game moz catalog check my_cards.yaml",
        ], "docs/MOZ.md describes the columns; the catalog's schema is docs/MOZ_RULES.md, Y-1..Y-5."),
    },
    "catalog import": {
        "short_help": "Turn a CSV / TSV / JSON MOZ card list into a catalog.",
        "help": """Turn a MOZ card list (CSV, TSV or JSON, e.g. a spreadsheet export) into a MOZ catalog
    YAML for --cards.

    Columns are matched to catalog fields by name, in English or Japanese (カード番号,
    カード名, 種類, レベル, スピード, 属性, サブ属性, パワー, 制限グループ, ...); a
    summoner's faces are the columns top, left, right (上, 左, 右); --map names the
    others. Every card is checked as a catalog's is (Y-2..Y-5): every problem is
    listed, one a line with its line number, and nothing is written (exit 1); exit 2
    when the file cannot be read.
    """,
        "epilog": examples_epilog([
            "zxdeck --game moz catalog import my_cards.csv -o my_cards.yaml",
            "zxdeck --game moz catalog import list.tsv --map 'No=id' --map 'Memo=ignore' \\",
            "    -o my_cards.yaml",
        ]),
    },
    "catalog template": {
        "short_help": "Write a MOZ CSV template with every column documented.",
        "help": "Write a CSV template for a MOZ card list, every column documented in `#` rows.",
        "epilog": examples_epilog(["zxdeck --game moz catalog template -o my_cards.csv"]),
    },
    "catalog check": {
        "short_help": "Check a MOZ card list or catalog without writing anything.",
        "help": """Check a MOZ card list (CSV, TSV, JSON) or a MOZ catalog YAML (Y-1..Y-5) without writing
    anything: every card, with its id and line, and every problem.

    Exit status: 0 every card is fine, 1 problems (listed one a line with their lines), 2 the
    file cannot be read or is not a MOZ catalog.
    """,
        "epilog": examples_epilog([
            "zxdeck --game moz catalog check my_cards.yaml",
            "zxdeck --game moz catalog check my_cards.csv",
            "zxdeck --game moz --cards my_cards.yaml search t:beast   # then use it",
        ]),
    },
    "rules": {
        "short_help": "Look up a MOZ rule by id (X-2) or search the rules.",
        "epilog": examples_epilog(
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
        ),
    },
}


def _bound(minimum: int | None, maximum: int | None) -> str:
    if minimum is not None and minimum == maximum:
        return f"exactly {minimum}"
    if minimum is not None and maximum is not None:
        return f"{minimum} to {maximum}"
    return f"at least {minimum}" if minimum is not None else f"at most {maximum}"


def _what(what: str) -> str:
    return what.replace("named {name}", "of each name").replace("with power {power}", "of each power")


def _catalog(app: Any) -> Any:
    from zxdeck.games.moz.catalog.loader import open_catalog

    return open_catalog(app.cards or None)


def _summary(cards: list) -> str:
    from collections import Counter

    types = Counter(c.type for c in cards)
    by_type = ", ".join(f"{t} {n}" for t, n in sorted(types.items()))
    return f"{len(cards)} card{'s' * (len(cards) != 1)}" + (f" ({by_type})" if by_type else "")


class MozDecks:
    """MOZ's parts for the deck, catalog and search commands (zxdeck.game_api.DeckParts)."""

    key = "moz"
    texts = TEXTS
    features = frozenset({"draw openings", "draw --allow-illegal", "db path", "stats --card"})  # no dated regulations, no mulligan (S-5)
    option_help: dict[str, str] = {
        "validate --regulation": "Deck rules: a built-in MOZ regulation (glyphwar, the default) or a YAML "
                                 "file of limits.",
        "draw --seed": "Seed of the first set-up.",
        "draw --odds": "The odds of holding these cards (NAME:COUNT for several copies) by --by-turn.",
        "draw --by-turn": "With --odds: by your own turn T (after its draw step).",
    }
    search_sorts = ("id", "name", "type", "level", "speed", "power")  # zxdeck.games.moz.catalog.schema.SORTS
    stats_many = True  # `stats DECK...`
    deck_commands = ("export", "code", "diff")
    catalog_commands = ("import", "template", "check")
    catalog_import_formats = ("auto", "csv", "tsv", "json")
    rules_loader = "zxdeck.games.moz.rules:load_rules"
    rules_prog = "zxdeck --game moz rules"
    rules_hints = ("X-2, x2, a range D-1..D-8, a section C", "held cards, 先手")

    # --- decks ---
    def read_deck(self, app: Any, path: str, deck_format: str) -> Any:
        """The deck read with MOZ's catalog; a line that is not understood or an unknown card is
        refused in one line (exit 2)."""
        from zxdeck.errors import DeckFileError
        from zxdeck.games.moz.deck.parse import read_deck

        deck = read_deck(path, _catalog(app), None if deck_format == "auto" else deck_format)
        for p in deck.problems:
            if p.code in ("parse-error", "unknown-card"):
                where = f"line {p.line}: " if p.line else ""
                raise DeckFileError(f"{deck.source}: {where}{p.code} {p.message}")
        return deck

    def validate(self, app: Any, decks: tuple[str, ...], fmt: str, regulation: str | None, day: Any,
                 deck_format: str, color: str, echo: Callable[..., None]) -> None:
        from zxdeck.games.moz.fast import validate_decks

        validate_decks(app, decks, fmt, deck_format, color, echo, regulation=regulation)

    def stats(self, app: Any, path: str, fmt: str, card: str | None, deck_format: str,
              warn: Callable[[str], None]) -> dict[str, Any] | str:
        from zxdeck.games.moz.deck.parse import validate
        from zxdeck.games.moz.deck.stats import (
            card_odds,
            deck_stats,
            render_card_odds,
            render_stats,
        )

        deck = self.read_deck(app, path, deck_format)
        result = validate(deck)
        if result.errors:
            n, first = len(result.errors), result.errors[0]
            rule = f" [{first.rule}]" if first.rule else ""
            warn(f"{deck.source} is not a legal deck ({n} error{'s' * (n != 1)}, "
                 f"the first: {first.code}{rule} {first.message})")
        cards = [e.card for e in deck.entries if e.card is not None for _ in range(e.count)]
        stats = deck_stats(cards)
        odds = card_odds(cards, _catalog(app), card) if card else None
        if fmt == "json":
            return {"deck": deck.source, "game": "moz", **stats, **({"card": odds} if odds else {})}
        text = render_stats(stats, deck.source)
        return f"{text}\n{render_card_odds(odds)}" if odds else text

    def regulations(self, names: tuple[str, ...], fmt: str, history: bool, day: Any) -> str:
        import json

        from zxdeck.games.moz.deck.regulation import DEFAULT, list_regulations, load_regulation

        regs = [load_regulation(n) for n in names] if names else list_regulations()
        if fmt == "json":
            return json.dumps([{"name": r.name, "title": r.title, "source": r.source, "default": r.name == DEFAULT,
                                "limits": [limit.to_dict() for limit in r.limits]} for r in regs],
                              ensure_ascii=False, indent=2)
        lines = []
        for r in regs:
            lines.append(f"{r.name}{' (default)' if r.name == DEFAULT else ''}: {r.title}")
            if r.source:
                lines.append(f"    source: {r.source}")
            width = max(5, *(len(limit.rule) for limit in r.limits))
            for limit in r.limits:
                lines.append(f"    {limit.rule:<{width}} {_what(limit.what)}: {_bound(limit.minimum, limit.maximum)}")
        return "\n".join(lines)

    def export(self, app: Any, path: str, fmt: str, deck_format: str) -> str:
        from zxdeck.games.moz.deck.export import export_deck
        from zxdeck.games.moz.deck.parse import read_deck

        return export_deck(read_deck(path, _catalog(app), None if deck_format == "auto" else deck_format), fmt)

    def encode(self, app: Any, path: str, deck_format: str) -> str:
        from zxdeck.games.moz.deck.code import encode_deck
        from zxdeck.games.moz.deck.parse import read_deck

        return encode_deck(read_deck(path, _catalog(app), None if deck_format == "auto" else deck_format))

    def diff_read(self, app: Any, path: str, deck_format: str, warn: Callable[[str], None]) -> Any:
        return self.read_deck(app, path, deck_format)

    def diff(self, a: Any, b: Any) -> Any:
        from zxdeck.decks.diff import diff_decks
        from zxdeck.games.moz.catalog.model import Summoner

        def section_of(entry: Any) -> str:  # D-2: the pile holds the summoners, the zone the rest
            return "summoners" if isinstance(entry.card, Summoner) else "zone"

        return diff_decks(a, b, ("summoners", "zone"), section_of)

    def draw(self, app: Any, path: str, options: dict[str, Any], warn: Callable[[str], None]) -> str:
        import json

        from zxdeck.analysis.odds import parse_wanted
        from zxdeck.games.moz.deck.odds import moz_odds, render_moz_odds
        from zxdeck.games.moz.deck.parse import load_deck

        fmt = None if options["deck_format"] == "auto" else options["deck_format"]
        cards = load_deck(path, _catalog(app), fmt, legal=not options["allow_illegal"])
        if not options["odds"]:
            from zxdeck.errors import ZxError
            from zxdeck.games.moz.deck.odds import deal_openings, render_openings

            if options["by_turn"] != 1:
                raise ZxError("--by-turn goes with --odds")
            openings = deal_openings(cards, options["seed"], options["count"])
            if options["fmt"] == "json":
                return json.dumps({"deck": path, "openings": openings}, ensure_ascii=False, indent=2)
            return render_openings(openings, path)
        result = moz_odds(cards, parse_wanted(options["odds"]), options["by_turn"], options["sims"],
                          options["seed"])
        if options["fmt"] == "json":
            return json.dumps({"deck": path, **result}, ensure_ascii=False, indent=2)
        return render_moz_odds(result, path)

    # --- the catalog ---
    def search(self, app: Any, query: tuple[str, ...], fmt: str, sort: str, reverse: bool, limit: int | None,
               echo: Callable[..., None]) -> None:
        from zxdeck.games.moz.fast import search_cards

        search_cards(app, query, fmt, sort, reverse, limit, echo)

    def cards(self, app: Any, text: str) -> list[Any]:
        from zxdeck.errors import ZxError

        catalog = _catalog(app)
        cards = catalog.find(text)
        if not cards:
            from zxdeck.catalog.suggest import suggest

            close = [s for s, _, _ in suggest(catalog, text)]
            hint = f" (did you mean {', '.join(repr(s) for s in close)}?)" if close else ""
            raise ZxError(f"no MOZ card with id or name {text!r}{hint}")
        return cards

    def card_dict(self, card: Any) -> dict[str, Any]:
        return card.to_mapping()

    def card_text(self, card: Any) -> str:
        from zxdeck.games.moz.catalog.search import card_details

        return card_details(card)

    def db_path(self, app: Any) -> str:
        from zxdeck.games.moz.catalog.loader import cache_file, read_files

        return str(cache_file(read_files(app.cards or None).digest))

    def db_build(self, app: Any) -> str:
        from zxdeck.games.moz.catalog.loader import open_catalog

        catalog = open_catalog(app.cards or None, rebuild=True)
        where = catalog.cache or "memory (the cache folder is not writable)"
        return f"built {where}: {len(catalog)} cards from {catalog.path}"

    def db_info(self, app: Any) -> tuple[dict[str, Any], str]:
        from zxdeck.games.moz.catalog.loader import catalog_info

        info = catalog_info(_catalog(app))
        text = "\n".join([f"catalog:  {info['catalog']}", f"database: {info['database']}",
                          f"digest:   {info['digest']}",
                          f"cards:    {info['cards']} (" + ", ".join(f"{k} {v}" for k, v in info["by_type"].items())
                          + ")"])
        return info, text

    def import_cards(self, source: str, fmt: str, maps: tuple[str, ...]) -> tuple[list[str], Iterable[str], str]:
        from pathlib import Path

        from zxdeck.games.moz.catalog.importer import catalog_yaml_chunks, import_file, parse_map

        result = import_file(source, fmt, parse_map(maps))
        summary = _summary(result.cards)
        return result.warnings, catalog_yaml_chunks(result, f"imported from {Path(source).name}: {summary}"), summary

    def template(self) -> str:
        from zxdeck.games.moz.catalog.importer import template_csv

        return template_csv()

    def check_catalog(self, source: str, fmt: str, maps: tuple[str, ...], warn: Callable[[str], None]) -> str:
        """The summary of a MOZ card list or catalog YAML that is fine; its problems raise
        `CatalogError` (exit 1, or 2 when it cannot be read)."""
        from pathlib import Path

        if fmt == "yaml" or (fmt == "auto" and Path(source).suffix.casefold() in (".yaml", ".yml")):
            from zxdeck.games.moz.catalog.loader import load_catalog

            return _summary(load_catalog(source).cards)
        from zxdeck.games.moz.catalog.importer import check_list

        result = check_list(source, fmt, maps)
        for warning in result.warnings:
            warn(warning)
        return _summary(result.cards)

DECKS = MozDecks()

