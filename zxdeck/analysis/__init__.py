"""Deck-building answers past a win rate, over `zxdeck.sim` and the game API (any game).

- `cards.py`: card statistics (`--card-stats`): per card of a deck, the games in which it was
  drawn and played, the win rate in each case with its Wilson interval, the win rate when not
  drawn, the difference with its interval (Newcombe's hybrid score interval) and the mean turn
  it was first drawn and first played. A game says which of its events mean "drawn" and
  "played" with its adapter's `card_events()` (a `CardEvents`), read by `zxdeck.sim.core`.
- `field.py`: a deck against a field of decks with shares (`gauntlet`), on common seeds.
- `optimize.py`: changes of a deck raced against a field (`optimize`): successive halving on
  common random numbers, the paired difference from the original with its interval.
- `odds.py`: the exact (hypergeometric) probability of holding named cards by a turn, with the
  best mulligan (`draw --odds`); each game says how many cards a turn brings.
- `html.py`: the self-contained HTML report of a run (`--html FILE`).

The commands are thin: `gauntlet` and `optimize` are the core's (zxdeck/cli/run_cmds.py, made for
each game from its run parts) over the runners every game shares (zxdeck/cli/analysis.py).
"""
