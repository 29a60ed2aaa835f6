"""MOZ narration: what card effects did, in words; never an effect's primitive name (N-5)."""

from __future__ import annotations

import re
from pathlib import Path

from moz_scenario import beast, find, ready, summoner, support, to_special_step

from zxdeck.games.moz.agents import make_agent
from zxdeck.games.moz.catalog.loader import open_catalog
from zxdeck.games.moz.catalog.model import OPS
from zxdeck.games.moz.deck.parse import load_deck
from zxdeck.games.moz.engine import Action, Game


def special_round(mine: object, theirs: object | None = None, p1_faces: list | None = None,
                  p2_faces: list | None = None) -> Game:
    """p1 (faster) uses `mine` in the special step, p2 uses `theirs` (or none); picks take the first option."""
    p1_faces = p1_faces or [beast("火", "bird", 10, name="火の鳥"), beast("水", "fish", 20, name="水の魚"),
                            beast("風", "insect", 30, name="風の虫")]
    p2_faces = p2_faces or [beast("火", "bird", 40, name="炎の鳥"), beast("水", "fish", 50, name="氷の魚"),
                            beast("風", "insect", 60, name="嵐の虫")]
    g = ready(p1_faces + [mine], p2_faces + ([theirs] if theirs is not None else []),
              sum0=[summoner(("火", "水", "風"), speed=9)], sum1=[summoner(("火", "水", "風"), speed=1)])
    for p, c in ((0, mine), (1, theirs)):
        if c is not None:
            i = find(g, p, c)
            if i in g.zone[p]:
                g.zone[p].remove(i)
                g.hand[p].append(i)
    to_special_step(g, p1_faces + [None], p2_faces + [None])
    g.apply(Action("special", find(g, 0, mine)))
    if g.decision_kind() == "special":
        g.apply(Action("special", find(g, 1, theirs)) if theirs is not None else g.legal_actions()[0])
    while g.decision_kind() == "pick":
        g.apply(g.legal_actions()[0])
    return g


def said(g: Game, text: str) -> bool:
    return text in (g.events or [])


def test_seal_is_told_in_words() -> None:
    """X-2, N-5 (SP封じ): the narration says who may not use a special, not the op name."""
    seal = support("special", name="沈黙の呪符", abilities=[{"when": "special", "do": [{"op": "seal"}]}])
    g = special_round(seal)
    assert said(g, "沈黙の呪符: p2 may not use a special this round")
    assert not any(e.endswith(": seal") for e in g.events or [])


def test_each_effect_is_told_in_words() -> None:
    """N-5: guard, send_back, power, summoner_power, protect, result, draw, each as a sentence."""
    cases = [
        ({"op": "guard", "target": {"side": "opponent", "count": 1}}, "札: p2's 炎の鳥 on top is turned face down"),
        ({"op": "send_back", "target": {"side": "opponent", "count": 1}}, "札: p2's 炎の鳥 on top is sent to the hole"),
        ({"op": "power", "amount": -50, "target": {"side": "opponent", "count": 1}},
         "札: p2's 炎の鳥 on top gets -50 power"),
        ({"op": "summoner_power", "amount": 300}, "札: p1's summoner gets +300 power"),
        ({"op": "protect"}, "札: p1's cards cannot be guarded, sent back or exchanged this round"),
        ({"op": "result", "outcome": "win"}, "札: p1's summoner wins the round"),
        ({"op": "result", "outcome": "tie"}, "札: the round is a tie"),
        ({"op": "draw", "amount": 2}, "札: p1 draws 2 cards"),
        ({"op": "guard", "target": {"side": "opponent", "power_min": 999}}, "札: no card to turn face down"),
    ]
    for effect, text in cases:
        card = support("special", name="札", abilities=[{"when": "special", "do": [effect]}])
        g = special_round(card)
        assert said(g, text), (effect, g.events)


def test_nullify_and_exchange_are_told_in_words() -> None:
    """N-5 (悪魔の所業, チェンジ)."""
    null = support("special", name="無効の札", abilities=[{"when": "special", "do": [{"op": "nullify"}]}])
    boost = support("special", name="力の札", abilities=[{"when": "special", "do": [
        {"op": "summoner_power", "amount": 500}]}])
    g = special_round(boost, null)
    assert said(g, "力の札 is nullified")
    swap = support("special", name="交代の札", abilities=[{"when": "special", "do": [
        {"op": "exchange", "mode": "any_attribute"}]}])
    big = beast("風", power=300, name="大鷲")
    faces = [beast("火", "bird", 10, name="火の鳥"), beast("水", "fish", 20, name="水の魚"),
             beast("風", "insect", 30, name="風の虫")]
    g = ready(faces + [swap, big], sum0=[summoner(("火", "水", "風"), speed=9)])
    for c in (swap, big):
        i = find(g, 0, c)
        g.zone[0].remove(i)
        g.hand[0].append(i)
    to_special_step(g, faces + [None], [None] * 4)
    g.apply(Action("special", find(g, 0, swap)))
    g.apply(Action("pick", 0))  # p1's top
    g.apply(Action("pick", find(g, 0, big)))
    assert said(g, "交代の札: p1's 火の鳥 on top is exchanged for 大鷲 from the hand")


def test_auto_play_never_shows_a_primitive_name() -> None:
    """N-5: over whole matches of the example decks, no event ends in ': <op>'."""
    root = Path(__file__).resolve().parent.parent.parent
    catalog = open_catalog(None)
    pool = [load_deck(p, catalog) for p in sorted((root / "examples" / "moz").glob("*.txt"))]
    bad = re.compile(r": (" + "|".join(OPS) + r")$")
    for seed in range(8):
        g = Game(pool[seed % 4], pool[(seed + 1) % 4], seed=seed)
        agents = [make_agent("random", seed), make_agent("heuristic", seed + 1)]
        while not g.is_over():
            g.apply(agents[g.current_player()].choose(g))
        assert not [e for e in g.events or [] if bad.search(e)]
