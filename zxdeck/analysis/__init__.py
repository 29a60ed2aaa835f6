"""Deck-building answers past a win rate, over `zxdeck.sim` and the game API (any game).

- `cards.py`: card statistics (`--card-stats`): per card of a deck, the games in which it was
  drawn and played, the win rate in each case with its Wilson interval, the win rate when not
  drawn, the difference with its interval (Newcombe's hybrid score interval) and the mean turn
  it was first drawn and first played. A game says which of its events mean "drawn" and
  "played" with its adapter's `card_events()` (a `CardEvents`), read by `zxdeck.sim.core`.
- `odds.py`: the exact (hypergeometric) probability of holding named cards by a turn.
"""
