"""Scenario helpers in the manner of XMage, shared by tests/engine and tests/engine_audit.

Imported as `from scenario import Table, zx, ...` (tests/support is on pytest's
`pythonpath`; test folders are not packages, so `conftest` would be ambiguous).

Set up a position, act only through `legal_actions()` / `apply()`, assert (XMage style).
"""

from __future__ import annotations

from typing import Any

from zxdeck.engine import Action, DeckSpec, Game
from zxdeck.engine.actions import DONE, KEEP, NO, PASS, SKIP, YES
from zxdeck.engine.synth import event, zx

FILLER = zx("F-00", "フィラー", "green", 9, 1000, races=("植物",))


def filler_deck(n: int = 40) -> DeckSpec:
    return DeckSpec(main=(FILLER,) * n, name="filler")


class Table:
    """A game between two filler decks, past setup, at player 0's first turn; hands and resources empty."""

    def __init__(self, seed: int = 0, deck1: DeckSpec | None = None, deck2: DeckSpec | None = None,
                 first: int = 0, clear: bool = True) -> None:
        self.g = Game(deck1 or filler_deck(), deck2 or filler_deck(), seed=seed, first=first)
        while self.g.decision is not None and self.g.decision[0] == "mulligan":
            self.g.apply(KEEP)
        if clear:
            for ps in self.g.players:
                ps.trash.extend(ps.hand)
                ps.hand.clear()
                ps.trash.extend(ps.resources)
                ps.resources.clear()
            self.g._legal = None

    # --- set up
    def add(self, card, player: int = 0, zone: str = "hand", square: int = -1, slept: bool = False,
            face_up: bool = False) -> int:
        return self.g.add_card(card, player, zone, square, slept, face_up)

    def resources(self, player: int, color: str, n: int) -> list[int]:
        res = zx(f"R-{color}", f"{color}のリソース", color, 1, 1000)
        return [self.add(res, player, "resources") for _ in range(n)]

    def set_life(self, p: int, cards: list) -> list[int]:
        ps = self.g.players[p]
        ps.trash.extend(ps.life)
        ps.life.clear()
        return [self.add(c, p, "life") for c in cards]

    # --- act
    @property
    def kind(self) -> str:
        return self.g.decision_kind()

    @property
    def who(self) -> int:
        return self.g.current_player()

    def legal(self, kind: str | None = None) -> list[Action]:
        return [a for a in self.g.legal_actions() if kind is None or a.kind == kind]

    def picks(self) -> set[int]:
        return {a.a for a in self.g.legal_actions() if a.kind == "pick"}

    def act(self, kind: str, a: int = -1, b: int = -1) -> None:
        action = Action(kind, a, b)
        legal = self.g.legal_actions()
        assert action in legal, f"{action} not legal in {self.kind}: {legal}"
        self.g.apply(action)

    def pick(self, v: int) -> None:
        self.act("pick", v)

    def done(self) -> None:
        self.g.apply(DONE)

    def yes(self) -> None:
        self.g.apply(YES)

    def no(self) -> None:
        self.g.apply(NO)

    def pass_(self) -> None:
        self.g.apply(PASS)

    def to_main(self) -> None:
        """Skip the resource and ignition phases up to the main phase decision."""
        while self.kind in ("resource", "ignite"):
            self.g.apply(SKIP)
        assert self.kind == "main", self.kind

    def pass_battle(self) -> None:
        """Both players pass in the battle event step (B-3)."""
        while self.kind == "battle":
            self.g.apply(PASS)

    def end_turn(self) -> None:
        self.act("end")

    def cast(self, *effects: dict[str, Any], player: int = 0, timing: str = "main", cost: int = 0,
             color: str = "colorless") -> int:
        """Put a test event with `effects` in `player`'s hand and play it (main phase)."""
        ev = event(f"T-EV{len(self.g.cards)}", "テスト", color, cost, timing=timing,
                   abilities=[{"kind": "event", "effects": list(effects)}])
        iid = self.add(ev, player, "hand")
        self.act("play", iid, -1)
        return iid


__all__ = ["FILLER", "Table", "event", "filler_deck", "zx", "DONE", "KEEP", "NO", "PASS", "SKIP", "YES",
           "Action", "DeckSpec", "Game"]
