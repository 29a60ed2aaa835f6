"""The terminal game and the replay viewer of every game (`zxdeck play`, `zxdeck replay`): the
core's part, written once for all games.

- `saves.py`: the saves folder (the user's data folder), new saves under a unique name, finding a
  save by name, writing one atomically, listing the saves of a game (`play --saves`) and the
  command that resumes a game.
- `viewer.py`: the replay viewer's loop (keys, moves forward and back, turns), on frames that
  a game draws.

What a game supplies for these commands is its `SCREEN` parts (`zxdeck.game_api.GameScreen`),
named in its descriptor module; the commands are zxdeck.cli.play_cmds.
"""
