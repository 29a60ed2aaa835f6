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

The commands are thin: zxdeck/cli/analysis.py holds what every game's commands share (the
options, the gauntlet and optimize runners); each game adds its commands (Z/X:
zxdeck/games/zx/cli/analysis_cmds.py; MOZ: zxdeck/games/moz/cli/analysis_cmds.py).
"""
