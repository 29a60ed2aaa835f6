"""zxdeck: card search, deck validation and a full rules engine for Z/X -Zillions of enemy X-.

The code of each game is a package under zxdeck/games/ (Z/X: zxdeck.games.zx). The paths the
Z/X modules had before they moved there still import (compatibility paths, `ALIASES`):
`import zxdeck.engine.decks` gives the very module object `zxdeck.games.zx.engine.decks`. The
alias is resolved only when an old path is imported, so it costs nothing otherwise.
"""

import sys as _sys

__version__ = "0.1.0"

# Compatibility paths: an old module path (and, for packages, every path under it) -> its home.
ALIASES: dict[str, str] = {
    "zxdeck.engine": "zxdeck.games.zx.engine",
    "zxdeck.play": "zxdeck.games.zx.play",
    "zxdeck.deck": "zxdeck.games.zx.deck",
    "zxdeck.agents.evaluation": "zxdeck.games.zx.agents.evaluation",
    "zxdeck.agents.greedy": "zxdeck.games.zx.agents.greedy",
    "zxdeck.agents.heuristic": "zxdeck.games.zx.agents.heuristic",
    "zxdeck.agents.levels": "zxdeck.games.zx.agents.levels",
    "zxdeck.agents.zx_search": "zxdeck.games.zx.agents.zx_search",
    "zxdeck.agents.match": "zxdeck.games.zx.agents.match",
    "zxdeck.catalog.model": "zxdeck.games.zx.catalog.model",
    "zxdeck.catalog.present": "zxdeck.games.zx.catalog.present",
    "zxdeck.catalog.abilities": "zxdeck.games.zx.catalog.abilities",
    "zxdeck.catalog.cardtext": "zxdeck.games.zx.catalog.cardtext",
    "zxdeck.catalog.importer": "zxdeck.games.zx.catalog.importer",
    "zxdeck.catalog.synthetic": "zxdeck.games.zx.catalog.synthetic",
    "zxdeck.sim.zx": "zxdeck.games.zx.sim",
    "zxdeck.rl": "zxdeck.games.zx.rl",
    "zxdeck.rules": "zxdeck.games.zx.rules",
    # the Z/X command modules the core's replaced (register(group, game), made from the game's parts)
    "zxdeck.games.zx.cli": "zxdeck.cli",  # every command is the core's now (issue 21)
    # zxdeck.cli.play_cmds is the core's `play` and `replay` (it replaced Z/X's modules)
    "zxdeck.cli.replay_cmds": "zxdeck.cli.play_cmds",
    "zxdeck.games.zx.cli.replay_cmds": "zxdeck.cli.play_cmds",
    "zxdeck.games.zx.cli.analysis_cmds": "zxdeck.cli.run_cmds",
    "zxdeck.cli.bot_cmds": "zxdeck.cli.run_cmds",  # the run commands are the core's (issue 21)
    "zxdeck.cli.sim_cmds": "zxdeck.cli.run_cmds",
    # MOZ's modules before its package took the one layout of a game (docs/ARCHITECTURE.md)
    "zxdeck.games.moz.model": "zxdeck.games.moz.catalog.model",
    "zxdeck.games.moz.schema": "zxdeck.games.moz.catalog.schema",
    "zxdeck.games.moz.language": "zxdeck.games.moz.catalog.language",
    "zxdeck.games.moz.search": "zxdeck.games.moz.catalog.search",
    "zxdeck.games.moz.regulation": "zxdeck.games.moz.deck.regulation",
    "zxdeck.games.moz.stats": "zxdeck.games.moz.deck.stats",
    "zxdeck.games.moz.odds": "zxdeck.games.moz.deck.odds",
    "zxdeck.games.moz.log": "zxdeck.games.moz.engine.log",
    "zxdeck.games.moz.session": "zxdeck.games.moz.play.session",
}


def alias_target(name: str) -> str | None:
    """The module path an old (compatibility) path `name` now names, or None."""
    if name in ALIASES:
        return ALIASES[name]
    head, _, tail = name.rpartition(".")
    while head:
        if head in ALIASES:
            return f"{ALIASES[head]}.{tail}"
        head, _, rest = head.rpartition(".")
        tail = f"{rest}.{tail}"
    return None


class _AliasFinder:
    """A meta path finder: an old path imports its new module and binds the same object."""

    @staticmethod
    def find_spec(name: str, path: object = None, target: object = None) -> object:
        if not name.startswith("zxdeck.") or (new := alias_target(name)) is None:
            return None
        from importlib.machinery import ModuleSpec

        return ModuleSpec(name, _AliasLoader(name, new))


class _AliasLoader:
    def __init__(self, alias: str, new: str) -> None:
        self.alias = alias
        self.new = new
        self.spec: object = None

    def create_module(self, spec: object) -> object:
        import importlib

        module = importlib.import_module(self.new)
        self.spec = module.__spec__
        return module

    def exec_module(self, module: object) -> None:
        # The import system set __spec__ to the alias's spec: give the module back its own.
        module.__spec__ = self.spec  # type: ignore[attr-defined]
        # Bind the old paths of the submodules already imported, so that importing one of them
        # later finds it in sys.modules and does not bind it on its package again (the package
        # may have rebound that name: zxdeck.deck.validate the module, zxdeck.deck.validate()).
        name = self.alias
        prefix = self.new + "."
        for loaded in [m for m in _sys.modules if m.startswith(prefix)]:
            _sys.modules.setdefault(name + loaded[len(self.new):], _sys.modules[loaded])


if not any(isinstance(finder, _AliasFinder) for finder in _sys.meta_path):
    _sys.meta_path.insert(0, _AliasFinder())
