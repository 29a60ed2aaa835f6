"""Golden MOZ matches: fixed seeds, fixture decks and agents, with their whole action sequence and
outcome stored in tests/moz/golden/*.json. A change of the engine or the agents that changes a
match shows here; if it is intended, rewrite them with `python tests/moz/test_moz_engine_golden.py`
and say why in the commit (N-4: the same seed, decks and agents give the same match)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "support"))

from moz_fixture import fixture_deck  # noqa: E402

from zxdeck.games.moz.agents import make_agent  # noqa: E402
from zxdeck.games.moz.engine import Action, Game, replay  # noqa: E402

GOLDEN = Path(__file__).resolve().parent / "golden"
CASES = [  # (name, seed, deck variants, agents)
    ("random_vs_random", 7, (0, 3), ("random", "random")),
    ("heuristic_vs_random", 12, (2, 5), ("heuristic", "random")),
    ("heuristic_vs_heuristic", 31, (1, 6), ("heuristic", "heuristic")),
    ("mcts_vs_heuristic", 5, (4, 0), ("mcts:10", "heuristic")),
]


def play(seed: int, variants: tuple[int, int], agents: tuple[str, str]) -> Game:
    g = Game(fixture_deck(variants[0]), fixture_deck(variants[1]), seed=seed)
    players = [make_agent(agents[0], seed * 2 + 1), make_agent(agents[1], seed * 2 + 2)]
    while not g.is_over():
        g.apply(players[g.current_player()].choose(g))
    return g


def record(g: Game) -> dict:
    return {"winner": g.winner, "reason": g.reason, "vp": g.vp, "turn": g.turn, "round": g.round,
            "rebuilds": g.rebuilds, "actions": [a.to_json() for a in g.history], "events": g.events}


@pytest.mark.parametrize("name, seed, variants, agents", CASES)
def test_golden_match(name: str, seed: int, variants: tuple[int, int], agents: tuple[str, str]) -> None:
    want = json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))
    got = record(play(seed, variants, agents))
    assert got["actions"] == want["actions"]
    assert got == want
    again = replay(fixture_deck(variants[0]), fixture_deck(variants[1]), seed,
                   [Action.from_json(a) for a in want["actions"]])
    assert (again.winner, again.vp) == (want["winner"], want["vp"])


if __name__ == "__main__":
    GOLDEN.mkdir(exist_ok=True)
    for name, seed, variants, agents in CASES:
        (GOLDEN / f"{name}.json").write_text(json.dumps(record(play(seed, variants, agents)), ensure_ascii=False,
                                                        indent=0) + "\n", encoding="utf-8")
        print("wrote", name)
