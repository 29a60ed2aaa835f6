"""Z/X -Zillions of enemy X-: the game zxdeck was built for (its code is the core packages)."""

KEY = "zx"
TITLE = "Z/X -Zillions of enemy X-"
RULES_VERSION = "2021 rules summary (dunamis of 16, Z/X OB, Shift, Event EX) and starter rule book ver. 2.0"
RULES_DOC = "docs/RULES.md"
ADAPTER = "zxdeck.games.zx.sim:ADAPTER"  # sim, tournament, bots, saves and logs (zxdeck.game_api)
COMMANDS = None  # every command of zxdeck/cli
