"""The Z/X rules engine as a library: `Game` (legal_actions / apply / clone / observation).

See `zxdeck.engine.game` for the decision model.
"""

from zxdeck.engine.actions import PLAYER, Action
from zxdeck.engine.describe import describe, prompt
from zxdeck.engine.game import Game, IllegalActionError
from zxdeck.engine.state import DeckSpec

__all__ = ["Action", "DeckSpec", "Game", "IllegalActionError", "PLAYER", "describe", "prompt"]
