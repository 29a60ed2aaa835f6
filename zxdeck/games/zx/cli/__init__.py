"""The Z/X commands of `zxdeck` (the game's `COMMANDS`, zxdeck/games/zx/__init__.py): each module
has a `register(group)`, and is imported only when one of its commands runs. Like zxdeck/cli,
these modules import only click, the standard library and zxdeck.cli (and each other) at module
level (tests/cli/test_startup.py)."""
