"""The terminal game and the replay viewer of every game (`zxdeck play`, `zxdeck replay`): the
core's part, written once for all games.

- `saves.py`: the saves folder (the user's data folder), new saves under a unique name, finding a
  save by name, writing one atomically, listing the saves of a game (`play --saves`) and the
  command that resumes a game.
- `session.py`: what every game's session for a person is built on: the command words and
  their table, the move loop, the question loop, confirmations, choices a page at a time,
  `log [N]`, a hint Ctrl-C cancels, the autosave of the last whole move and the Ctrl-C guard.
- `viewer.py`: the replay viewer's loop (keys, moves forward and back, turns), on frames that
  a game draws.

What a game supplies for these commands is its `SCREEN` parts (`zxdeck.game_api.GameScreen`),
named in its descriptor module; the commands are zxdeck.cli.play_cmds.
"""
