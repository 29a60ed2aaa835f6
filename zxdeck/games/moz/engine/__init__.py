"""The MOZ rules engine as a library: `Game` (legal_actions / apply / clone / observation).

It imports nothing of the Z/X engine; see `zxdeck.games.moz.engine.game` for the decision model.
"""

from zxdeck.games.moz.engine.actions import Action
from zxdeck.games.moz.engine.combos import Combo, best_combo
from zxdeck.games.moz.engine.game import DeckError, Game, IllegalActionError, replay, split_deck

__all__ = ["Action", "Combo", "DeckError", "Game", "IllegalActionError", "best_combo", "replay", "split_deck"]
