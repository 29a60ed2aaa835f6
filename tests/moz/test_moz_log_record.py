"""The MOZ structured log (INTERFACES §5, docs/MOZ.md "The game log"): the instance table in the
setup line, opening hands (S-3) and every drawn card (T-3) with instance ids, per-zone counts and
`active`/`phase` on every line, events as data as well as words. A referee that reads only the
log (MOZ's adapter `referee`: zxdeck.referee plus N-6) rebuilds every zone count of every line,
over seeded random and heuristic matches (as Z/X's test_c1 does with tests/support/referee.py)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from zxdeck.games import adapter
from zxdeck.games.moz.agents import make_agent
from zxdeck.games.moz.catalog.loader import open_catalog
from zxdeck.games.moz.engine.log import log_lines
from zxdeck.referee import LogRefereeError

ROOT = Path(__file__).resolve().parents[2]
DECKS = ["shell_dragons.txt", "flame_thunder.txt", "dusk_minus.txt", "water_wind_swarm.txt"]


@pytest.fixture(scope="module")
def decks() -> list:
    cat = open_catalog(None)
    rules = adapter("moz")
    return [rules.load_deck(str(ROOT / "examples/moz" / d), cat).setup for d in DECKS]


def referee_moz_log(lines: list[dict]) -> object:
    return adapter("moz").referee(lines)


def play(d1: object, d2: object, seed: int, agents: tuple[str, str]) -> list[dict]:
    rules = adapter("moz")
    g = rules.new_game(d1, d2, seed, rules.default_turn_limit)
    players = [make_agent(agents[0], seed), make_agent(agents[1], seed + 1)]
    while not g.is_over():
        g.apply(players[g.current_player()].choose(g))
    lines = log_lines(g, [d1, d2], None)
    return json.loads(json.dumps(lines, ensure_ascii=False))  # exactly what the file holds


MATCHES = [(seed, ("random", "random")) for seed in range(12)] + [(100, ("heuristic", "random")),
                                                                 (101, ("random", "heuristic"))]


@pytest.mark.parametrize("seed, agents", MATCHES)
def test_n6_s3_t3_the_log_alone_rebuilds_every_zone_count(decks: list, seed: int, agents: tuple) -> None:
    """N-6, S-3, T-3, R-6, H-2, X-6: every card's zone follows from the setup line's instance table
    and the moves; each line's `state` is what the moves give; counts add up (N-6)."""
    d1, d2 = decks[seed % 4], decks[(seed + 1) % 4]
    lines = play(d1, d2, seed, agents)
    ref = referee_moz_log(lines)
    assert lines[-1]["event"] == "game_over"
    # S-3: the opening hands, 7 cards each, with their instance ids
    opening = [x for x in lines if x["event"] == "opening_hand"]
    assert [x["player"] for x in opening] == ["p1", "p2"] and all(len(x["cards"]) == 7 for x in opening)
    # T-3: every draw names the card drawn; the referee saw each as a move zone -> hand
    draws = [x for x in lines if x["event"] == "draw"]
    assert draws and all(isinstance(x["card"], int) for x in draws)
    to_hand = [m for x in lines if isinstance(x.get("moves"), list) for m in x["moves"]
               if (m["from"], m["to"]) == ("zone", "hand")]
    assert len(to_hand) == 14 + len(draws) and ref.moves >= len(to_hand)
    # every action line is followed by its events as data; narrated events carry their words
    assert {"setup", "shuffle", "round_start", "first", "place", "round_result", "round_end"} <= set(ref.kinds)
    words = [w for x in lines if x["event"] == "action" for w in x["events"]]
    texts = [x["text"] for x in lines if x["event"] not in ("action", "setup", "header", "game_over")
             and "text" in x]
    assert words == texts  # the same narration, as words and as data


def test_n6_the_referee_catches_a_log_that_loses_a_card(decks: list) -> None:
    """N-6: the referee is no check that cannot fail: dropping one move or one count breaks it."""
    lines = play(decks[0], decks[1], 5, ("random", "random"))
    referee_moz_log(lines)
    k = next(n for n, x in enumerate(lines) if x["event"] == "draw")
    broken = copy.deepcopy(lines)
    del broken[k]["moves"]
    with pytest.raises(LogRefereeError, match=f"line {k}"):
        referee_moz_log(broken)
    broken = copy.deepcopy(lines)
    broken[k]["state"]["p1"]["hole"] += 1
    with pytest.raises(LogRefereeError):
        referee_moz_log(broken)


def test_every_line_has_the_interface_keys(decks: list) -> None:
    """INTERFACES §5/§7: seq, turn, active, phase, event and state on every line after the header."""
    lines = play(decks[2], decks[3], 7, ("random", "random"))
    for x in lines[1:]:
        assert {"seq", "turn", "active", "phase", "event", "state"} <= set(x), x
        assert set(x["state"]) == {"p1", "p2"}
    setup = lines[1]
    assert setup["event"] == "setup" and len(setup["cards"]["p1"]) == 55 == len(setup["cards"]["p2"])
