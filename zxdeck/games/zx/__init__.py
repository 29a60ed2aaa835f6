"""Z/X -Zillions of enemy X-: the game zxdeck was built for.

This module holds only constants (the registry zxdeck.games imports it to list the games and to
find a command); the engine, decks, agents, terminal game and commands are its subpackages,
imported when used.
"""

KEY = "zx"
TITLE = "Z/X -Zillions of enemy X-"
SHORT_TITLE = "Z/X"  # in one-line messages
RULES_VERSION = "2021 rules summary (dunamis of 16, Z/X OB, Shift, Event EX) and starter rule book ver. 2.0"
RULES_DOC = "docs/RULES.md"
CATALOG = "zxdeck.games.zx.catalog.schema:SCHEMA"  # the catalog's checker, tables and search fields
FASTPATH = "zxdeck.games.zx.fast"  # click-free validate / search (zxdeck.cli.fastpath)
ADAPTER = "zxdeck.games.zx.adapter:ADAPTER"  # sim, tournament, bots, saves and logs (zxdeck.game_api)
# The run parts of Z/X (zxdeck.game_api.RunParts): what the core's sim, tournament, gauntlet,
# optimize and bot (zxdeck.cli.run_cmds) take of the game: help texts, defaults, decks, manifest.
RUNS = "zxdeck.games.zx.runs:RUNS"
# The deck, catalog and search parts (zxdeck.game_api.DeckParts) of the core's validate, stats,
# regulations, deck, draw, search, card, db, catalog and rules (zxdeck/cli/*_cmds.py).
DECKS = "zxdeck.games.zx.deck_parts:DECKS"
DECK_CODE_TAG = "zxd"  # its deck codes start with zxd1_ (zxdeck.decks.code)
SCREEN = "zxdeck.games.zx.play.parts:SCREEN"  # play and replay (zxdeck.game_api.GameScreen)
# The agents of Z/X for the registry zxdeck.agents (`"module:function"`, imported when read).
AGENT_REGISTRY = "zxdeck.games.zx.agents:agents"
# The model of Z/X for the core's search (zxdeck.agents.mcts.GameModel), made when a search starts.
SEARCH_MODEL = "zxdeck.games.zx.agents.zx_search:ZxModel"
# The commands of Z/X: command name -> the module that registers it (`register(group)`), imported
# only when the command runs.
# What marks a deck text as Z/X's (zxdeck.decks.foreign: a Z/X deck given to another game's
# command is named, not read): header words only Z/X decks have, and its card numbers.
DECK_HEADERS = ("Player", "Player card", "プレイヤー", "プレイヤーカード", "Dunamis", "デュナミス",
                "IG", "イグニッション", "イグニッション枠", "スタートカード", "エクストラ枠", "ZXEX")
DECK_CARD_NUMBER = r"(?<![A-Za-z0-9-])[A-Z]{1,3}\d{2}-\d{3}(?![0-9])"
COMMANDS: dict[str, str] = {
    "search": "zxdeck.cli.search_cmds",
    "card": "zxdeck.cli.search_cmds",
    "db": "zxdeck.cli.search_cmds",
    "validate": "zxdeck.cli.deck_cmds",
    "stats": "zxdeck.cli.deck_cmds",
    "regulations": "zxdeck.cli.deck_cmds",
    "deck": "zxdeck.cli.deck_cmds",
    "draw": "zxdeck.cli.deck_cmds",
    "play": "zxdeck.cli.play_cmds",
    "replay": "zxdeck.cli.play_cmds",
    "sim": "zxdeck.cli.run_cmds",
    "tournament": "zxdeck.cli.run_cmds",
    "rules": "zxdeck.cli.rules_cmds",
    "catalog": "zxdeck.cli.catalog_cmds",
    "bot": "zxdeck.cli.run_cmds",
    "gauntlet": "zxdeck.cli.run_cmds",
    "optimize": "zxdeck.cli.run_cmds",
}
