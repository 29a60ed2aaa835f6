"""Card statistics: which cards of a deck pull their weight (`--card-stats`).

Each game record of a run with card statistics holds `cards`: for each side (`a`, `b`) the
cards of that side's deck that were drawn or played in the game, by name, with the turn each
was first drawn and first played (`[drawn, played]`, `null` when it was not; turn 0 is the
opening hand). A game says what "drawn" and "played" mean for it with a `CardEvents`
(its adapter's `card_events()`); `zxdeck.sim.core.play_one` asks it for the record.

`CardStats` adds those records up per deck, in any order (the sums are exact: whole and half
points, whole turns), so the numbers are the same for any --jobs and any backend:

- drawn / played: the games in which the card reached its player's hand (opening hand, draws,
  searches) / was played, with the deck's win rate in those games (wins plus half the draws)
  and its Wilson 95 % interval;
- not drawn: the same for the other games;
- improvement when drawn: win rate when drawn minus win rate when not drawn, with Newcombe's
  hybrid score interval for a difference of two proportions (1998, method 10), built from the
  two Wilson intervals;
- the mean turn the card was first drawn and first played (over the games in which it was).
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from zxdeck.csvsafe import writer as csv_writer
from zxdeck.sim.stats import wilson


class CardProbe(Protocol):
    """What one game's card events were: per seat, card name -> [first drawn, first played]."""

    def cards(self, game: Any) -> tuple[dict[str, list[int | None]], dict[str, list[int | None]]]: ...


class CardEvents(Protocol):
    """A game's hook for card statistics (picklable: it travels to the workers with the run).

    `start(factory, p1, p2, seed, first)` makes the game as `factory(p1, p2, seed, first)`
    would, watched, and returns it with the probe that reads its card events at the end."""

    def start(self, factory: Any, p1: Any, p2: Any, seed: int, first: int | None) -> tuple[Any, CardProbe]: ...


class FirstSeen:
    """The probe most games need: per seat, card name -> [first drawn turn, first played turn]."""

    __slots__ = ("seen",)

    def __init__(self) -> None:
        self.seen: tuple[dict[str, list[int | None]], dict[str, list[int | None]]] = ({}, {})

    def drawn(self, seat: int, name: str, turn: int) -> None:
        row = self.seen[seat].get(name)
        if row is None:
            self.seen[seat][name] = [turn, None]
        elif row[0] is None:
            row[0] = turn

    def played(self, seat: int, name: str, turn: int) -> None:
        row = self.seen[seat].get(name)
        if row is None:
            self.seen[seat][name] = [None, turn]
        elif row[1] is None:
            row[1] = turn

    def forget_drawn(self, seat: int, turn: int) -> None:
        """A mulligan: the cards first drawn at `turn` (the opening hand) were not kept."""
        for name, row in list(self.seen[seat].items()):
            if row[0] == turn:
                if row[1] is None:
                    del self.seen[seat][name]
                else:
                    row[0] = None

    def cards(self, game: Any) -> tuple[dict[str, list[int | None]], dict[str, list[int | None]]]:
        return self.seen


def game_points(record: dict[str, Any], side: str) -> float:
    """What `side` scored in a game record: 1 for a win, 0.5 for a draw, 0 for a loss."""
    winner = record.get("winner")
    return 0.5 if winner is None else 1.0 if winner == side else 0.0


@dataclass
class CardLine:
    """One card's counts in one deck's games."""

    drawn: int = 0
    drawn_points: float = 0.0
    played: int = 0
    played_points: float = 0.0
    drawn_turns: int = 0  # sum of the turns first drawn
    played_turns: int = 0


@dataclass
class DeckCards:
    """A deck's games and its cards' lines."""

    name: str
    games: int = 0
    points: float = 0.0
    lines: dict[str, CardLine] = field(default_factory=dict)
    copies: dict[str, int] = field(default_factory=dict)  # the deck list, when known

    def add(self, cards: dict[str, list[int | None]], points: float) -> None:
        self.games += 1
        self.points += points
        for name, (drawn, played) in cards.items():
            line = self.lines.get(name)
            if line is None:
                line = self.lines[name] = CardLine()
            if drawn is not None:
                line.drawn += 1
                line.drawn_points += points
                line.drawn_turns += drawn
            if played is not None:
                line.played += 1
                line.played_points += points
                line.played_turns += played


def newcombe(s1: float, n1: int, s2: float, n2: int) -> tuple[float, float] | None:
    """The 95 % interval of p1 - p2 (Newcombe's hybrid score interval); None when a side has no
    games."""
    if n1 <= 0 or n2 <= 0:
        return None
    p1, p2 = s1 / n1, s2 / n2
    l1, u1 = wilson(s1, n1)
    l2, u2 = wilson(s2, n2)
    d = p1 - p2
    return (d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2),
            d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2))


def _r(x: float | None, digits: int = 4) -> float | None:
    return None if x is None else round(x, digits)


def _case(games: int, points: float) -> dict[str, Any]:
    lo, hi = wilson(points, games)
    return {"games": games, "win_rate": _r(points / games) if games else None,
            "interval": [_r(lo), _r(hi)] if games else None}


class CardStats:
    """Card statistics of the decks of a run, fed game records (`add_record`)."""

    def __init__(self) -> None:
        self.decks: dict[str, DeckCards] = {}

    def deck(self, name: str, copies: dict[str, int] | None = None) -> DeckCards:
        d = self.decks.get(name)
        if d is None:
            d = self.decks[name] = DeckCards(name)
        if copies:
            d.copies = dict(copies)
        return d

    def add_record(self, record: dict[str, Any], names: dict[str, str]) -> None:
        """Add one game record; `names` maps its sides (`a`, `b`) to deck names. A record with
        no `cards` (a run without card statistics) is refused."""
        cards = record.get("cards")
        if not isinstance(cards, dict):
            from zxdeck.errors import ZxError

            raise ZxError(f"game {record.get('index')} has no card record (the run was played "
                          "without --card-stats)")
        for side, name in names.items():
            self.deck(name).add(cards.get(side) or {}, game_points(record, side))

    def result(self) -> list[dict[str, Any]]:
        """The JSON of the statistics: one object per deck, its cards sorted by improvement when
        drawn (largest first; cards never drawn last), then name."""
        out = []
        for d in self.decks.values():
            rows = []
            for name in sorted(set(d.lines) | set(d.copies)):
                line = d.lines.get(name, CardLine())
                not_drawn, not_points = d.games - line.drawn, d.points - line.drawn_points
                diff = newcombe(line.drawn_points, line.drawn, not_points, not_drawn)
                rows.append({
                    "card": name, "copies": d.copies.get(name),
                    "drawn": _case(line.drawn, line.drawn_points),
                    "played": _case(line.played, line.played_points),
                    "not_drawn": _case(not_drawn, not_points),
                    "improvement": (_r(line.drawn_points / line.drawn - not_points / not_drawn)
                                    if line.drawn and not_drawn else None),
                    "improvement_interval": [_r(diff[0]), _r(diff[1])] if diff else None,
                    "mean_turn_drawn": _r(line.drawn_turns / line.drawn, 2) if line.drawn else None,
                    "mean_turn_played": (_r(line.played_turns / line.played, 2)
                                         if line.played else None),
                })
            rows.sort(key=lambda r: (r["improvement"] is None, -(r["improvement"] or 0.0), r["card"]))
            out.append({"deck": d.name, "games": d.games,
                        "win_rate": _r(d.points / d.games) if d.games else None, "cards": rows})
        return out


def side_names(a: str, b: str) -> dict[str, str]:
    """Deck names of a sim's sides (a mirror match keeps its sides apart)."""
    return {"a": a, "b": b} if a != b else {"a": f"{a} (A)", "b": f"{b} (B)"}


class RunCards:
    """The card statistics of a run, fed its game records as they come (`feed(match, records)`,
    the `on_records` of `zxdeck.sim.run_matches`) or all at once. `sides` maps a record to the
    deck names of its sides: one mapping for a sim, or one per match key (tournaments)."""

    def __init__(self, decks: dict[str, dict[str, int] | None], sides: dict[str, str] | None = None,
                 matches: dict[str, dict[str, str]] | None = None) -> None:
        self.stats = CardStats()
        for name, copies in decks.items():
            self.stats.deck(name, copies)
        self.sides = sides
        self.matches = matches or {}

    def feed(self, match: int, records: Iterable[dict[str, Any]]) -> None:
        for rec in records:
            names = self.sides if self.sides is not None else self.matches[rec["match"]]
            self.stats.add_record(rec, names)

    def result(self) -> list[dict[str, Any]]:
        return self.stats.result()


def sim_cards(a: str, b: str, copies_a: dict[str, int] | None = None,
              copies_b: dict[str, int] | None = None) -> RunCards:
    """The card statistics of a sim of deck `a` (side a) against deck `b`."""
    names = side_names(a, b)
    return RunCards({names["a"]: copies_a, names["b"]: copies_b}, sides=names)


def tournament_cards(entrants: Sequence[str],
                     copies: Sequence[dict[str, int] | None] | None = None) -> RunCards:
    """The card statistics of a round robin, per entrant over all its pairings (a record's
    `match` is "ROW vs COLUMN": side a is ROW, as `zxdeck.sim.tournament` names them)."""
    matches = {f"{x} vs {y}": {"a": x, "b": y}
               for i, x in enumerate(entrants) for y in entrants[i + 1:]}
    return RunCards(dict(zip(entrants, copies or [None] * len(entrants))), matches=matches)


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}"


def _iv(iv: Sequence[float] | None, signed: bool = False) -> str:
    """An interval in percent, compact: `41-93`, `-2..+68` (whole percents; JSON / CSV keep
    four digits)."""
    if iv is None:
        return "-"
    lo, hi = (round(100 * x) for x in iv)
    return f"{lo:+d}..{hi:+d}" if signed else f"{lo}-{hi}"


TABLE_WIDTH = 100  # the text table fits a terminal of this many columns
_LEGEND = ("drawn / played: games in which the card reached the hand / was played, with the deck's "
           "win % then; CI: its 95 % interval; undrawn: win % in the games it was not drawn; "
           "diff: win % drawn - undrawn, with its CI; the mean turns drawn / played and more "
           "digits are in --format json / csv")


def tight_table(rows: list[list[Any]], headers: list[str]) -> str:
    """tabulate's "simple" table without the 2 extra columns it gives each header."""
    import tabulate

    padding, tabulate.MIN_PADDING = tabulate.MIN_PADDING, 0
    try:
        return tabulate.tabulate(rows, headers, tablefmt="simple", disable_numparse=True)
    finally:
        tabulate.MIN_PADDING = padding


def render_card_stats(decks: list[dict[str, Any]]) -> str:
    """The card statistics as text: one table per deck, at most `TABLE_WIDTH` columns (a long
    card name is shortened with '~'; the mean turns are in the JSON / CSV only)."""
    from zxdeck.termtext import shorten, width, wrap

    parts = []
    for d in decks:
        parts.append(f"Cards of {d['deck']}: {d['games']} games, win rate {_pct(d['win_rate'])} %")
        parts.extend(wrap(_LEGEND, TABLE_WIDTH))
        rows = []
        for c in d["cards"]:
            imp = "-" if c["improvement"] is None else f"{100 * c['improvement']:+.1f}"
            rows.append([c["card"], c["copies"] if c["copies"] is not None else "",
                         c["drawn"]["games"], _pct(c["drawn"]["win_rate"]), _iv(c["drawn"]["interval"]),
                         c["played"]["games"], _pct(c["played"]["win_rate"]),
                         _pct(c["not_drawn"]["win_rate"]), imp,
                         _iv(c["improvement_interval"], signed=True)])
        headers = ["card", "n", "drawn", "win %", "CI", "played", "win %", "undrawn", "diff", "diff CI"]
        table = tight_table(rows, headers)
        over = max(map(width, table.splitlines())) - TABLE_WIDTH
        if over > 0:  # shorten the longest names by what is over
            room = max(12, max(width(r[0]) for r in rows) - over)
            for r in rows:
                r[0] = shorten(r[0], room)
            table = tight_table(rows, headers)
        parts.append(table)
    return "\n".join(parts)


CSV_FIELDS = ["deck", "card", "copies", "drawn_games", "drawn_win_rate", "drawn_low", "drawn_high",
              "played_games", "played_win_rate", "played_low", "played_high", "not_drawn_games",
              "not_drawn_win_rate", "improvement", "improvement_low", "improvement_high",
              "mean_turn_drawn", "mean_turn_played"]


def card_stats_csv(decks: list[dict[str, Any]]) -> str:
    """One row per deck and card."""
    buf = io.StringIO()
    w = csv_writer(buf, lineterminator="\n")  # names stay text (zxdeck.csvsafe)
    w.writerow(CSV_FIELDS)

    def blank(x: Any) -> Any:
        return "" if x is None else x

    for d in decks:
        for c in d["cards"]:
            dr, pl, nd = c["drawn"], c["played"], c["not_drawn"]
            div, piv, iiv = dr["interval"] or [None, None], pl["interval"] or [None, None], (
                c["improvement_interval"] or [None, None])
            w.writerow([blank(x) for x in (
                d["deck"], c["card"], c["copies"], dr["games"], dr["win_rate"], *div,
                pl["games"], pl["win_rate"], *piv, nd["games"], nd["win_rate"], c["improvement"],
                *iiv, c["mean_turn_drawn"], c["mean_turn_played"])])
    return buf.getvalue()


__all__ = ["CardEvents", "CardLine", "CardProbe", "CardStats", "DeckCards", "FirstSeen",
           "RunCards", "card_stats_csv", "game_points", "newcombe", "render_card_stats",
           "side_names", "sim_cards", "tournament_cards"]
