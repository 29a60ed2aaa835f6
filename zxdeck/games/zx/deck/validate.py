"""Deck construction rules D-1..D-16 (ZX_RULES.md section 2), every violation in one run.

`validate(deck, regulation)` returns a `ValidationResult` with all errors and
warnings (codes of INTERFACES.md section 3, each with its rule id, line, what
was found against what is allowed, and a hint) and the deck's counts.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

from zxdeck.decks.model import Validation
from zxdeck.games.zx.catalog.model import Card
from zxdeck.games.zx.deck.model import DUNAMIS, ERROR, MAIN, WARNING, Deck, DeckEntry, Problem
from zxdeck.games.zx.deck.regulation import Regulation, load_regulation
from zxdeck.records import FACTORY
from zxdeck.text import name_key

RULES = {
    "main-size": "D-1",
    "main-card-type": "D-2",
    "copy-limit": "D-3",
    "ignition-count": "D-4",
    "life-recovery-limit": "D-5",
    "void-bringer-limit": "D-6",
    "no-start-card": "D-7",
    "dunamis-size": "D-9",
    "dunamis-card-type": "D-10",
    "dunamis-copy-limit": "D-11",
    "dunamis-ob-limit": "D-12",
    "dunamis-non-ob-limit": "D-13",
    "ob-player-mismatch": "D-14",
    "event-ex-player-mismatch": "D-14",
    "player-card": "D-15",
}

TYPE_LABEL = {
    "zx": "Z/X", "event": "event", "player": "player", "zx_ex": "Z/X EX",
    "zx_ob": "Z/X OB", "shift": "Shift", "event_ex": "Event EX",
}


class ValidationResult(Validation):
    """The outcome of validating one deck: valid when there is no error (warnings allowed)."""

    _fields = ("deck", "regulation", "errors", "warnings", "counts")

    def __init__(self, deck: Deck, regulation: Regulation, errors: list[Problem] = FACTORY,
                 warnings: list[Problem] = FACTORY, counts: dict[str, Any] = FACTORY) -> None:
        self.deck = deck
        self.regulation = regulation
        self.errors = [] if errors is FACTORY else errors
        self.warnings = [] if warnings is FACTORY else warnings
        self.counts = {} if counts is FACTORY else counts

    def checked_with(self) -> dict[str, Any]:
        return {"regulation": self.regulation.name}

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of INTERFACES.md section 3 (plus `regulation`, and `regulation_list`
        when a dated banned / restricted list is in force)."""
        out = super().to_dict()
        if self.regulation.active_list is not None:
            out["regulation_list"] = {"date": self.regulation.active_list.date,
                                      "title": self.regulation.active_list.title}
        return out


def _plural(n: int, word: str) -> str:
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word[:-1]}ies" if word.endswith("copy") else f"{n} {word}s"


def _label(card: Card) -> str:
    return f"{card.name} ({card.id})"


def _types_text(types: Iterable[str]) -> str:
    names = [TYPE_LABEL.get(t, t) for t in sorted(types)]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _holds(types: frozenset[str]) -> str:
    """`holds only event and Z/X cards`; `holds no cards` for a regulation that allows none."""
    return f"holds only {_types_text(types)} cards" if types else "holds no cards"


class _Checker:
    def __init__(self, deck: Deck, regulation: Regulation) -> None:
        self.deck = deck
        # a regulation not yet dated stands as it is today (its banned / restricted list in force)
        self.reg = regulation if regulation.on else regulation.at(dt.date.today())
        regulation = self.reg
        self.result = ValidationResult(deck, regulation)

    def add(self, code: str, message: str, *, severity: str = ERROR, line: int | None = None,
            hint: str = "", found: Any = None, allowed: str | None = None, name: str | None = None,
            lines: list[int] | None = None) -> None:
        rule = self.reg.rule_ids.get(code) or RULES.get(code)
        problem = Problem(code, message, line=line, rule=rule, severity=severity, hint=hint,
                          found=found, allowed=allowed, name=name, lines=lines or [])
        (self.result.warnings if severity == WARNING else self.result.errors).append(problem)

    # -- the checks ------------------------------------------------------------------

    def run(self) -> ValidationResult:
        for problem in self.deck.problems:
            (self.result.warnings if problem.severity == WARNING else self.result.errors).append(problem)
        main, dunamis = self.deck.main, self.deck.dunamis
        self.result.counts = self.counts()
        if self.deck.empty:
            self.add("main-size", "no cards in the file (empty, or only comments)",
                     found=0, allowed=f"exactly {self.reg.main_size}",
                     hint="a deck file lists one card a line, e.g. `4 B01-001`")
            return self.result
        self.check_main(main)
        self.check_dunamis(dunamis)
        self.check_player()
        return self.result

    def counts(self) -> dict[str, Any]:
        main = self.deck.cards(MAIN)
        dunamis = self.deck.cards(DUNAMIS)
        player = self.deck.player_card
        return {
            "main": sum(e.count for e in self.deck.main),
            "ignition": sum(c.ignition for c in main),
            "life_recovery": sum(c.life_recovery for c in main),
            "void_bringer": sum(c.void_bringer for c in main),
            "dunamis": sum(e.count for e in self.deck.dunamis),
            "dunamis_ob": sum(c.type == "zx_ob" for c in dunamis),
            "dunamis_non_ob": sum(c.type != "zx_ob" for c in dunamis),
            "start_card": sum(c.start_card and c.type == "zx" for c in main),
            "player": player.name if player else None,
        }

    def check_main(self, main: list[DeckEntry]) -> None:
        reg, counts = self.reg, self.result.counts
        n = counts["main"]
        if n != reg.main_size:  # D-1
            diff = reg.main_size - n
            self.add("main-size", f"main deck: {n} of exactly {reg.main_size} cards",
                     found=n, allowed=f"exactly {reg.main_size}",
                     hint=f"add {_plural(diff, 'card')}" if diff > 0 else f"remove {_plural(-diff, 'card')}")
        for e in main:  # D-2, D-8
            if e.card is None or e.card.type in reg.main_types:
                continue
            card = e.card
            if card.type == "player":
                hint = "the player card is not part of the deck (D-8): write it as `Player: NAME`"
            elif card.type in reg.dunamis_types:
                hint = "put it under a `Dunamis:` header"
            else:
                hint = "remove it from the deck"
            self.add("main-card-type",
                     f"{_label(card)} is a {TYPE_LABEL[card.type]} card; the main deck {_holds(reg.main_types)}",
                     line=e.line, found=card.type, allowed=", ".join(sorted(reg.main_types)), hint=hint)
        self.check_copies(main, reg.copy_limit, "copy-limit", "main deck")  # D-3
        if reg.ignition is not None and counts["ignition"] != reg.ignition:  # D-4
            k, diff = counts["ignition"], reg.ignition - counts["ignition"]
            hint = (f"put in {_plural(diff, 'ignition card')} in place of cards without the icon"
                    if diff > 0 else f"swap {_plural(-diff, 'ignition card')} for cards without the icon"
                    if diff < -1 else "swap 1 ignition card for a card without the icon")
            unknown = sum(e.count for e in main if e.card is None)
            note = f" ({_plural(unknown, 'unknown card')} not counted)" if unknown else ""
            self.add("ignition-count", f"ignition cards: {k} of exactly {reg.ignition}{note}",
                     found=k, allowed=f"exactly {reg.ignition}", hint=hint)
        for key, code, label, limit in (
            ("life_recovery", "life-recovery-limit", "Life Recovery", reg.life_recovery_max),  # D-5
            ("void_bringer", "void-bringer-limit", "Void Bringer", reg.void_bringer_max),  # D-6
        ):
            k = counts[key]
            if limit is not None and k > limit:
                self.add(code, f"{label} cards: {k} of at most {limit}", found=k,
                         allowed=f"at most {limit}", lines=self.lines_where(main, key),
                         line=(self.lines_where(main, key) or [None])[0],
                         hint=f"remove {_plural(k - limit, label + ' card')}")
        if reg.ignition is None and reg.ignition_max is not None and counts["ignition"] > reg.ignition_max:
            k = counts["ignition"]  # a regulation with at most N ignition cards (sealed)
            self.add("ignition-count", f"ignition cards: {k} of at most {reg.ignition_max}",
                     found=k, allowed=f"at most {reg.ignition_max}",
                     hint=f"swap {_plural(k - reg.ignition_max, 'ignition card')} for cards without the icon")
        if reg.recommend_start_card and not counts["start_card"] and self.deck.cards(MAIN):  # D-7
            self.add("no-start-card", "no Z/X with Start Card in the main deck (recommended, not required)",
                     severity=WARNING, found=0, allowed="at least 1 recommended",
                     hint="a Start Card Z/X begins the game on your player square")

    @staticmethod
    def lines_where(entries: list[DeckEntry], attr: str) -> list[int]:
        return [e.line for e in entries if e.card is not None and getattr(e.card, attr) and e.line]

    def limit_for(self, cards: list[Card], base: int) -> tuple[int, str]:
        """The copy limit of a name: the lowest the regulation sets for the card (its own
        `card_limits`, or the dated banned / restricted list in force), and where it comes from."""
        keys = {name_key(cards[0].name)} | {c.id for c in cards}
        best: tuple[int, str] | None = None
        for limits, source in self.reg.limit_sources():
            special = [v for k, v in limits.items() if k in keys or name_key(k) in keys]
            if special and (best is None or min(special) < best[0]):
                best = (min(special), source)
        if best is None:
            return base, ""
        limit, source = best
        why = "banned" if limit == 0 else "restricted"
        return min(limit, base), f" ({why} {source})"

    def check_copies(self, entries: list[DeckEntry], base: int, code: str, where: str) -> None:
        """D-3 / D-11: copies counted by name (NFKC), different card numbers together."""
        groups: dict[str, list[DeckEntry]] = {}
        for e in entries:
            if e.card is not None:
                groups.setdefault(name_key(e.card.name), []).append(e)
        for group in groups.values():
            n = sum(e.count for e in group)
            cards = list({e.card.id: e.card for e in group if e.card}.values())
            limit, why = self.limit_for(cards, base)
            if n <= limit:
                continue
            name = cards[0].name
            ids = ", ".join(c.id for c in cards)
            lines = sorted({e.line for e in group if e.line})
            if limit == 0:  # banned: said first, not as "of at most 0"
                message = f"banned: {name} ({ids}), {n} in the {where}{why.replace(' (banned ', ' (')}"
            else:
                message = f"{where}: {n} cards named {name} ({ids}) of at most {limit}{why}"
            self.add(code, message,
                     line=lines[0] if lines else None, lines=lines, name=name, found=n,
                     allowed=f"at most {limit}",
                     hint="remove the card" if limit == 0 else f"remove {_plural(n - limit, 'copy')}")

    def check_dunamis(self, dunamis: list[DeckEntry]) -> None:
        reg, counts = self.reg, self.result.counts
        n = counts["dunamis"]
        if n > reg.dunamis_max:  # D-9 / D-16
            self.add("dunamis-size", f"dunamis: {n} of at most {reg.dunamis_max} cards", found=n,
                     allowed=f"0 to {reg.dunamis_max}", hint=f"remove {_plural(n - reg.dunamis_max, 'card')}")
        for e in dunamis:  # D-10 / D-16
            if e.card is None or e.card.type in reg.dunamis_types:
                continue
            card = e.card
            hint = ("move it to the main deck" if card.type in reg.main_types
                    else "write the player card as `Player: NAME`" if card.type == "player"
                    else "remove it from the dunamis")
            self.add("dunamis-card-type",
                     f"{_label(card)} is a {TYPE_LABEL[card.type]} card; the dunamis {_holds(reg.dunamis_types)}",
                     line=e.line, found=card.type, allowed=", ".join(sorted(reg.dunamis_types)), hint=hint)
        self.check_copies(dunamis, reg.dunamis_copy_limit, "dunamis-copy-limit", "dunamis")  # D-11
        ob, non_ob = counts["dunamis_ob"], counts["dunamis_non_ob"]
        if reg.ob_max is not None and ob > reg.ob_max:  # D-12
            self.add("dunamis-ob-limit", f"Z/X OB cards in the dunamis: {ob} of at most {reg.ob_max}",
                     found=ob, allowed=f"at most {reg.ob_max}",
                     hint=f"remove {_plural(ob - reg.ob_max, 'Z/X OB card')}")
        if reg.non_ob_max is not None and non_ob > reg.non_ob_max:  # D-13
            self.add("dunamis-non-ob-limit",
                     f"cards other than Z/X OB in the dunamis: {non_ob} of at most {reg.non_ob_max}",
                     found=non_ob, allowed=f"at most {reg.non_ob_max}",
                     hint=f"remove {_plural(non_ob - reg.non_ob_max, 'card')} other than Z/X OB")
        self.check_owners(dunamis)

    def check_owners(self, dunamis: list[DeckEntry]) -> None:
        """D-14: every Z/X OB must belong to the deck's player card; Event EX of another: warning."""
        player = self.deck.player_card
        many_players = len({e.card.id for e in self.deck.players if e.card is not None}) > 1
        owner = name_key(player.name) if player else None
        for e in dunamis:
            card = e.card
            if card is None or not card.player or many_players:
                continue
            if name_key(card.player) == owner:
                continue
            has = f"the player card is {player.name}" if player else "the deck names no player card"
            if card.type == "zx_ob" and self.reg.ob_must_match_player:
                self.add("ob-player-mismatch", f"{_label(card)} belongs to player {card.player}, but {has}",
                         line=e.line, found=player.name if player else None, allowed=card.player,
                         hint=f"use it only with `Player: {card.player}`, or remove it")
            elif card.type == "event_ex" and self.reg.event_ex_player_warning:
                self.add("event-ex-player-mismatch",
                         f"{_label(card)} belongs to player {card.player}, but {has}",
                         severity=WARNING, line=e.line, found=player.name if player else None,
                         allowed=card.player, hint="its effect may need that player card")

    def check_player(self) -> None:
        """D-15: at most one player card, and `Player:` must name a player card."""
        entries = [e for e in self.deck.players if e.card is not None]
        total = sum(e.count for e in self.deck.players)
        if total > self.reg.player_max:
            names = ", ".join(e.card.name if e.card else e.text for e in self.deck.players)
            lines = [e.line for e in self.deck.players if e.line]
            self.add("player-card",
                     f"{_plural(total, 'player card')} ({names}) of at most {self.reg.player_max}",
                     line=lines[-1] if lines else None, lines=lines, found=total,
                     allowed=f"at most {self.reg.player_max}", hint="keep one `Player:` line")
        for e in entries:
            if e.card is not None and e.card.type != "player":
                self.add("player-card",
                         f"{_label(e.card)} is a {TYPE_LABEL[e.card.type]} card, not a player card",
                         line=e.line, found=e.card.type, allowed="player",
                         hint="`Player:` names a card of type player")


def validate(deck: Deck, regulation: Regulation | str | None = None) -> ValidationResult:
    """Check `deck` against every rule of `regulation` (default `current`) as it stands today
    (`Regulation.at` for another day); nothing stops early."""
    if not isinstance(regulation, Regulation):
        regulation = load_regulation(regulation)
    return _Checker(deck, regulation).run()


__all__ = ["RULES", "ValidationResult", "validate"]
