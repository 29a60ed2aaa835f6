"""Audit of the game record (INTERFACES.md section 5) with the decks that use every primitive of
ABILITIES.md (weird_cards.py): the referee (tests/support/referee.py) follows every card move and
every payment (C-1) from the JSON Lines log alone and finds each event's `state`."""

from __future__ import annotations

import io
import json
from collections import Counter

from referee import referee_log
from weird_cards import weird_deck

from zxdeck.agents.match import play_game
from zxdeck.engine.log import JsonlLogger

D1 = weird_deck("red", "W")
D2 = weird_deck("blue", "V")


def test_c1_weird_decks_logs_account_for_everything() -> None:
    kinds: Counter = Counter()
    for seed, agents in enumerate([("random", "random"), ("greedy", "random"), ("greedy", "greedy")] * 8):
        out = io.StringIO()
        play_game(D1, D2, agents, seed=seed, listener=JsonlLogger(out))
        recs = [json.loads(x) for x in out.getvalue().splitlines()]
        referee_log(recs)
        kinds.update(r["event"] for r in recs)
    # the decks' primitives show up in the record
    assert {"pay", "alter_force", "mill", "charge_from_deck", "sleep", "reboot", "to_trash"} <= set(kinds), kinds
