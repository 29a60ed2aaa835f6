"""Actions: small immutable values a player's agent chooses from `Game.legal_actions()`.

An `Action` is a named tuple `(kind, a, b)`: `kind` says what it is, `a` and `b`
are integers (card instance ids, squares, indices), -1 when unused. Actions are
hashable, cheap to compare and to store in a replay (`[kind, a, b]`).

| kind | a | b | decision |
|---|---|---|---|
| `keep` / `mulligan` | | | S-7 |
| `resource` | hand card | | P-3 (`skip` to put none) |
| `ignite` | charge card | | P-4 (`skip` to end the ignition phase) |
| `play` | hand card | square (-1 for an event) | main phase / battle event step |
| `ability` | Z/X on a square | ability index | activated ability (起) |
| `ex` | Z/X EX in the dunamis | | X-1..X-4 |
| `event_ex` | Event EX in the dunamis | mode (0 or 1) | E-1..E-3 |
| `shift` | Shift in the dunamis | target Z/X | H-1..H-4 |
| `attack` | attacker | target Z/X, or `PLAYER` | B-1 |
| `end` | | | end the main phase |
| `pass` | | | battle event step (B-3) |
| `pick` | the chosen value | | any "choose a card / square / index" |
| `done` | | | stop choosing (when fewer is allowed) |
| `pay` | a rebooted resource | | paying a cost (C-1) |
| `yes` / `no` | | | optional abilities |
| `skip` | | | decline (resource / ignition phase) |
"""

from __future__ import annotations

from zxdeck.action import Action

PLAYER = -2  # attack target: the opponent's player card


KEEP = Action("keep")
MULLIGAN = Action("mulligan")
END = Action("end")
PASS = Action("pass")
DONE = Action("done")
YES = Action("yes")
NO = Action("no")
SKIP = Action("skip")
