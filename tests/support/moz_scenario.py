"""Building MOZ positions for scenario tests: made-up cards, decks, and moving cards by id."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence

from zxdeck.games.moz.catalog.model import Beast, MozCard, Summoner, Support, card_from_mapping
from zxdeck.games.moz.engine import Action, Game

_ids = itertools.count(1)


def beast(attribute: str = "貝", sub: str = "other", power: int = 10, name: str = "",
          abilities: Sequence[dict] = ()) -> Beast:
    n = next(_ids)
    c = card_from_mapping({"id": f"TB{n}", "name": name or f"beast{n}", "type": "beast", "attribute": attribute,
                           "sub_attribute": sub, "power": power, "abilities": list(abilities)})
    assert isinstance(c, Beast)
    return c


def summoner(attrs: tuple[str, str, str] = ("貝", "貝", "貝"), speed: int = 5, level: int = 3,
             sex: str | None = "male", name: str = "", abilities: Sequence[dict] = ()) -> Summoner:
    n = next(_ids)
    c = card_from_mapping({"id": f"TS{n}", "name": name or f"summoner{n}", "type": "summoner", "sex": sex,
                           "level": level, "speed": speed, "abilities": list(abilities),
                           "summon_attributes": dict(zip(("top", "left", "right"), attrs, strict=True))})
    assert isinstance(c, Summoner)
    return c


def support(kind: str, name: str = "", attribute: str | None = None, abilities: Sequence[dict] = ()) -> Support:
    n = next(_ids)
    data: dict = {"id": f"TP{n}", "name": name or f"{kind}{n}", "type": kind, "abilities": list(abilities)}
    if attribute is not None:
        data["attribute"] = attribute
    c = card_from_mapping(data)
    assert isinstance(c, Support)
    return c


def deck(zone: Sequence[MozCard] = (), summoners: Sequence[Summoner] = (), size: int = 50,
         filler_attr: str = "石") -> list[MozCard]:
    """5 summoners (given ones first) and `size` zone cards (given ones, then vanilla filler beasts
    of an attribute no face asks for by default)."""
    pile = list(summoners) + [summoner(speed=1) for _ in range(5 - len(summoners))]
    rest = list(zone) + [beast(filler_attr, "other", 1) for _ in range(size - len(zone))]
    return pile + rest


def ids(g: Game, iids: Iterable[int]) -> list[str]:
    return [g.cards[i].id for i in iids]


def find(g: Game, p: int, card: MozCard) -> int:
    """The instance id of seat p's copy of `card`."""
    for i, c in enumerate(g.cards):
        if g.owner[i] == p and c is card:
            return i
    raise KeyError(card.id)


def set_hand(g: Game, p: int, cards: Sequence[MozCard], zone_top: Sequence[MozCard] = ()) -> None:
    """Seat p's hand becomes exactly `cards` (taken from the zone or hand; the old hand goes to the
    bottom of the zone) and `zone_top` lie on top of the zone, first drawn first. Cards are conserved."""
    pool = g.hand[p] + g.zone[p]
    want = [find(g, p, c) for c in cards]
    top = [find(g, p, c) for c in zone_top]
    rest = [i for i in pool if i not in want and i not in top]
    g.hand[p] = want
    g.zone[p] = rest + list(reversed(top))


def order(g: Game, first: Sequence[Summoner] = (), second: Sequence[Summoner] = ()) -> None:
    """S-1: both players order their summoners (the given ones on top, the rest in deck order)."""
    for p, wanted in ((0, first), (1, second)):
        for s in wanted:
            g.apply(Action("order", find(g, p, s)))
        while g.decision_kind() == "order" and g.current_player() == p:
            g.apply(g.legal_actions()[0])


def run(g: Game, choose: Callable[[Game], Action] | None = None, until: Callable[[Game], bool] | None = None,
        limit: int = 10_000) -> None:
    """Apply `choose(g)` (default: the first legal action) until `until(g)` or the end."""
    for _ in range(limit):
        if g.is_over() or (until is not None and until(g)):
            return
        g.apply(choose(g) if choose else g.legal_actions()[0])
    raise AssertionError("did not stop")


def place_all(g: Game, p: int, cards: Sequence[MozCard | None], down: Sequence[int] = ()) -> None:
    """Put cards straight onto seat p's faces (None = leave empty; faces in `down` face down), for
    result tests. The cards come from the player's hand or zone."""
    for f, c in enumerate(cards):
        if c is None:
            continue
        i = find(g, p, c)
        for zone in (g.hand[p], g.zone[p]):
            if i in zone:
                zone.remove(i)
        g.faces[p][f] = [i]
        if f in down:
            g.down.add(i)


def ready(zone0: Sequence[MozCard] = (), zone1: Sequence[MozCard] = (), sum0: Sequence[Summoner] = (),
          sum1: Sequence[Summoner] = (), seed: int = 0, **kw: object) -> Game:
    """A match after S-1 (given summoners on top of the piles), at the first decision of round 1."""
    g = Game(deck(zone0, sum0), deck(zone1, sum1), seed=seed, **kw)  # type: ignore[arg-type]
    order(g, sum0, sum1)
    return g


def to_special_step(g: Game, faces0: Sequence[MozCard | None], faces1: Sequence[MozCard | None],
                    down0: Sequence[int] = (), down1: Sequence[int] = ()) -> None:
    """Fill the faces directly and go to the special step (X-1) of the current round."""
    place_all(g, 0, faces0, down0)
    place_all(g, 1, faces1, down1)
    g.decision = None
    g.effects = []
    g.step = "special"
    g._advance()
