"""The Z/X rules engine as a library: `Game` (legal_actions / apply / clone / observation).

See `zxdeck.engine.game` for the decision model.
"""

from zxdeck.games.zx.engine.actions import PLAYER, Action
from zxdeck.games.zx.engine.describe import describe, prompt
from zxdeck.games.zx.engine.game import Game, IllegalActionError
from zxdeck.games.zx.engine.state import DeckSpec

__all__ = ["Action", "DeckSpec", "Game", "IllegalActionError", "PLAYER", "describe", "prompt"]
