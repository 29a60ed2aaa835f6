"""The Miracle of the Zone (ザ・ミラクル オブ ザ・ゾーン, MOZ, 1997): the second game of zxdeck.

This module holds only constants (the registry zxdeck.games imports it to list the games);
the catalog, deck validation, search and the engine are in its submodules, imported when used.
"""

KEY = "moz"
TITLE = "The Miracle of the Zone (ザ・ミラクル オブ ザ・ゾーン)"
SHORT_TITLE = "MOZ"  # in one-line messages
RULES_VERSION = "Glyphwar edition (グリフワール編, 1997)"
RULES_DOC = "docs/MOZ_RULES.md"  # `zxdeck --game moz rules` (zxdeck/games/moz/rules.py)
CATALOG = "zxdeck.games.moz.catalog.schema:SCHEMA"  # the catalog's checker, tables and search fields
FASTPATH = "zxdeck.games.moz.fast"  # click-free validate / search (zxdeck.cli.fastpath)
ADAPTER = "zxdeck.games.moz.adapter:ADAPTER"  # sim, tournament, bots, saves and logs (zxdeck.game_api)
# The run parts of MOZ (zxdeck.game_api.RunParts): what the core's sim, tournament, gauntlet,
# optimize and bot (zxdeck.cli.run_cmds) take of the game: help texts, defaults, decks, manifest.
RUNS = "zxdeck.games.moz.runs:RUNS"
# The deck, catalog and search parts (zxdeck.game_api.DeckParts) of the core's validate, stats,
# regulations, deck, draw, search, card, db, catalog and rules (zxdeck/cli/*_cmds.py).
DECKS = "zxdeck.games.moz.deck_parts:DECKS"
DECK_CODE_TAG = "mzd"  # its deck codes start with mzd1_ (zxdeck.decks.code)
SCREEN = "zxdeck.games.moz.play.parts:SCREEN"  # play and replay (zxdeck.game_api.GameScreen)
# The top of `zxdeck --game moz --help` (zxdeck.cli.app): what zxdeck does for MOZ, and examples.
HELP_DESCRIPTION = ("zxdeck --game moz: card search, deck validation and the full game of The Miracle "
                    "of the Zone (ザ・ミラクル オブ ザ・ゾーン) at the terminal.")
HELP_EXAMPLES = (
    "zxdeck --game moz validate examples/moz/*.txt",
    "zxdeck --game moz search 't:beast attr:炎'",
    "zxdeck --game moz card MOZ-S017",
    "zxdeck --game moz play --auto --p1 examples/moz/shell_dragons.txt \\",
    "    --p2 examples/moz/flame_thunder.txt",
    "zxdeck --game moz sim examples/moz/shell_dragons.txt examples/moz/dusk_minus.txt",
    "zxdeck --game moz rules X-2",
)
HELP_NOTE = ("`zxdeck --game moz COMMAND --help` shows a command's options and examples; rule ids "
             "such as D-4 in reports and messages are explained by `zxdeck --game moz rules ID`.")
# The commands MOZ has (command -> module with `register(group)`); the others say they are not
# available for MOZ yet.
# What marks a deck text as MOZ's (zxdeck.decks.foreign): its part headers and card numbers.
DECK_HEADERS = ("Summoners", "Summoner", "召喚師", "召喚師の山", "Summoner pile", "Zone", "ゾーン")
DECK_CARD_NUMBER = r"(?<![A-Za-z0-9-])MOZ-[A-Z]\d{3}(?![0-9])"
COMMANDS: dict[str, str] = {
    "validate": "zxdeck.cli.deck_cmds",
    "search": "zxdeck.cli.search_cmds",
    "card": "zxdeck.cli.search_cmds",
    "db": "zxdeck.cli.search_cmds",
    "play": "zxdeck.cli.play_cmds",
    "sim": "zxdeck.cli.run_cmds",
    "tournament": "zxdeck.cli.run_cmds",
    "bot": "zxdeck.cli.run_cmds",
    "replay": "zxdeck.cli.play_cmds",
    "gauntlet": "zxdeck.cli.run_cmds",
    "optimize": "zxdeck.cli.run_cmds",
    "draw": "zxdeck.cli.deck_cmds",
    "rules": "zxdeck.cli.rules_cmds",
    "regulations": "zxdeck.cli.deck_cmds",
    "stats": "zxdeck.cli.deck_cmds",
    "deck": "zxdeck.cli.deck_cmds",
    "catalog": "zxdeck.cli.catalog_cmds",
}
