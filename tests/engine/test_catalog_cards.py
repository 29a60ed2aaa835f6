"""Every card of the built-in catalog in play: decks cut from the whole catalog, random and greedy
agents, invariants after every action. Complements the fuzz test (which uses the example decks)."""

from __future__ import annotations

from pathlib import Path

import pytest
from invariants import check_invariants

from zxdeck.agents import make_agent
from zxdeck.agents.match import agent_seed
from zxdeck.engine import DeckSpec, Game

ROOT = Path(__file__).resolve().parents[2]
GAMES = 60


@pytest.fixture(scope="module")
def decks() -> list[DeckSpec]:
    from zxdeck.catalog import load_catalog

    cat = load_catalog(ROOT / "data" / "cards.yaml")
    main = [c for c in cat if c.type in ("zx", "event")]
    players = [c for c in cat if c.type == "player"]
    dunamis = [c for c in cat if c.type in ("zx_ex", "shift", "event_ex")]
    out = []
    for k in range(GAMES):
        cards = [main[(k * 37 + i) % len(main)] for i in range(50)]
        pc = players[k % len(players)] if players else None
        obs = [c for c in cat if c.type == "zx_ob" and pc is not None and c.player == pc.name][:4]
        dun = obs + [dunamis[(k * 5 + i) % len(dunamis)] for i in range(min(12, len(dunamis)))]
        out.append(DeckSpec(main=tuple(cards), dunamis=tuple(dun), player=pc, name=f"cut-{k}"))
    return out


@pytest.mark.parametrize("chunk", range(3))
def test_every_card_plays(decks: list[DeckSpec], chunk: int) -> None:
    played: set[str] = set()

    def listener(g: Game, event: str, data: dict) -> None:
        if event in ("play", "ability") and "card" in data:
            played.add(g.cards[data["card"]].id)

    for k in range(chunk, GAMES, 3):
        kinds = ("random", "greedy") if k % 2 else ("random", "random")
        agents = [make_agent(kinds[p], agent_seed(k, p)) for p in (0, 1)]
        g = Game(decks[k], decks[(k + 7) % GAMES], seed=k, listener=listener)
        n = 0
        while not g.is_over():
            check_invariants(g)
            g.apply(agents[g.current_player()].choose(g))
            n += 1
            assert n < 20_000
        check_invariants(g)
    assert len(played) > 50
