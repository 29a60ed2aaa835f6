"""MOZ actions: small immutable values an agent chooses from `Game.legal_actions()`.

An `Action` is a named tuple `(kind, a, b)` of a string and two integers (-1 when
unused), the same shape as the Z/X engine's, so saves and replays store it as
`[kind, a, b]`. Faces are numbered 0 top, 1 left, 2 right, 3 bottom.

| kind | a | b | decision (N-2) |
|---|---|---|---|
| `order` | summoner card | | S-1, R-9: the next summoner of the pile (top first) |
| `fold` / `go` | | | T-2, T-9: fold (F-4) or go on |
| `draw` / `skip` | | | T-4 |
| `place` | hand card | face | T-5: a beast, or a help on the bottom (L-2, L-3) |
| `pair` | reverse or attribute change card | face | T-5: then `pick` the beast (L-4, L-5) |
| `face_down` | hand card | face | T-6, L-8 |
| `special` | hand card | | X-2 (`none` to use no special) |
| `none` | | | X-2 |
| `pick` | the chosen card or face | | a choice asked by a card effect or a pair |
| `done` | | | stop picking (when fewer is allowed) |
"""

from __future__ import annotations

from zxdeck.action import Action

FOLD = Action("fold")
GO = Action("go")
DRAW = Action("draw")
SKIP = Action("skip")
NONE = Action("none")
DONE = Action("done")
