"""Small synthetic cards and decks built in code (tests and benchmarks without a catalog file)."""

from __future__ import annotations

from typing import Any

from zxdeck.catalog.model import Card
from zxdeck.games.zx.engine.state import DeckSpec


def zx(cid: str, name: str, color: str = "red", cost: int = 1, power: int = 3000, *,
       ignition: bool = False, races: tuple[str, ...] = ("ドラゴン",), keywords: tuple[str, ...] = (),
       abilities: list[dict[str, Any]] | None = None, evol_seed: bool = False, ctype: str = "zx",
       player: str = "") -> Card:
    icons = set()
    if ignition:
        icons.add("ignition")
    if evol_seed:
        icons.add("evol_seed")
    return Card(id=cid, name=name, type=ctype, color=color, cost=cost, power=power, races=races,
                icons=frozenset(icons), keywords=frozenset(keywords),
                abilities=tuple(abilities) if abilities is not None else None, player=player)


def event(cid: str, name: str, color: str = "red", cost: int = 1, *, ignition: bool = False,
          timing: str = "main", abilities: list[dict[str, Any]] | None = None,
          keywords: tuple[str, ...] = (), ctype: str = "event", player: str = "") -> Card:
    return Card(id=cid, name=name, type=ctype, color=color, cost=cost, timing=timing,
                icons=frozenset({"ignition"} if ignition else ()), keywords=frozenset(keywords),
                abilities=tuple(abilities) if abilities is not None else None, player=player)


def synthetic_deck(color: str = "red", prefix: str = "S") -> DeckSpec:
    """A legal-shaped 50-card deck: 20 ignition cards, a curve of Z/X, a few events with abilities."""
    c = color
    cards = [
        zx(f"{prefix}-01", f"{c}の見習い", c, 1, 3000, ignition=True),
        zx(f"{prefix}-02", f"{c}の戦士", c, 2, 5000),
        zx(f"{prefix}-03", f"{c}の騎士", c, 3, 6000, ignition=True, abilities=[
            {"kind": "auto", "trigger": "enter", "optional": True, "effects": [
                {"do": "damage", "amount": 3000, "target": {"side": "opponent", "filter": {"max_cost": 3}}}]}]),
        zx(f"{prefix}-04", f"{c}の守護者", c, 2, 4000, ignition=True, keywords=("life_recovery",)),
        zx(f"{prefix}-05", f"{c}の巨人", c, 5, 9000),
        zx(f"{prefix}-06", f"{c}の竜", c, 4, 8000, abilities=[
            {"kind": "auto", "trigger": "attack", "effects": [{"do": "power", "amount": 2000, "target": "self"}]}]),
        zx(f"{prefix}-07", f"{c}の斥候", c, 1, 2000, abilities=[
            {"kind": "auto", "trigger": "enter", "effects": [{"do": "draw", "n": 1}]}]),
        zx(f"{prefix}-08", f"{c}の司令", c, 3, 5000, abilities=[
            {"kind": "activated", "cost": {"sleep_self": True}, "effects": [
                {"do": "power", "amount": 1000, "target": {"side": "self", "filter": {"other": True}}}]}]),
        event(f"{prefix}-09", f"{c}の火球", c, 2, ignition=True, abilities=[
            {"kind": "event", "effects": [{"do": "damage", "amount": 5000, "target": {"side": "opponent"}}]}]),
        event(f"{prefix}-10", f"{c}の加護", c, 1, timing="battle", abilities=[
            {"kind": "event", "effects": [{"do": "power", "amount": 3000, "target": {"side": "self"}}]}]),
        zx(f"{prefix}-11", f"{c}の術士", c, 2, 4000, ignition=True, keywords=("void_bringer",)),
        zx(f"{prefix}-12", f"{c}の兵", c, 0, 1000),
        zx(f"{prefix}-13", f"{c}の槍兵", c, 3, 7000),
    ]
    counts = [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 2, 4]
    main: list[Card] = []
    for card, n in zip(cards, counts):
        main.extend([card] * n)
    assert len(main) == 50, len(main)
    assert sum(1 for x in main if x.ignition) == 20
    return DeckSpec(main=tuple(main), name=f"synthetic-{c}")
