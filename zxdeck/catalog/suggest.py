""""Did you mean" suggestions for a card that was not found, ranked with rapidfuzz.

The query is compared with every card number, name and English name of the
catalog; the best few distinct cards are returned, each with the string that
matched best (so a typo in an English name suggests the English name).
"""

from __future__ import annotations

import contextlib
from typing import Any

from zxdeck.catalog.source import CardSource
from zxdeck.text import fold

Card = Any  # a card of the catalog's game

MIN_SCORE = 60.0
RELATIVE_CUTOFF = 20.0  # drop suggestions far worse than the best one
# and those not close at all: a sentence shares words ("the", "of") with many English names
# ("My red deck for the tournament" is 42-47 from "March of the Dead"; a name's half, 67)
MIN_CLOSENESS = 50.0
MAX_QUERY = 200  # longer text is cut before comparing (a 100,000-character line must stay fast)


def _choices(catalog: CardSource) -> tuple[list[str], list[Card], list[str]]:
    """(folded strings, their cards, display strings), computed once per catalog object."""
    cached = getattr(catalog, "_zx_suggest_choices", None)
    if cached is not None:
        return cached
    keys = catalog.lookup_keys
    folded = getattr(catalog, "folded_keys", None)  # DbCards: already folded in the cache
    if folded is None or len(folded) != len(keys):
        folded = [fold(s) for s, _ in keys]
    result = (folded, [c for _, c in keys], [s for s, _ in keys])
    with contextlib.suppress(AttributeError):  # a catalog class with __slots__: no cache
        catalog._zx_suggest_choices = result  # type: ignore[attr-defined]
    return result


def suggest(catalog: CardSource, text: str, limit: int = 3) -> list[tuple[str, Card, float]]:
    """Up to `limit` (display string, card, score 0..100) close to `text`, best first, one per card."""
    from rapidfuzz import fuzz, process
    from rapidfuzz.utils import default_process

    query = fold(text)[:MAX_QUERY]
    if not query:
        return []
    folded, cards, display = _choices(catalog)
    # Recall with WRatio, then rank by the mean of the plain ratio and the token-set ratio
    # (punctuation stripped): WRatio alone gives the same partial-match score to every name
    # that shares one word ("dragon"), above a near miss of the whole name.
    hits = process.extract(query, folded, scorer=fuzz.WRatio, processor=default_process,
                           limit=limit * 20, score_cutoff=MIN_SCORE)
    q = default_process(query)

    def closeness(choice: str) -> float:
        c = default_process(choice)
        return (fuzz.ratio(q, c) + fuzz.token_set_ratio(q, c)) / 2

    hits = sorted(((choice, closeness(choice), index) for choice, _, index in hits),
                  key=lambda h: (-h[1], h[2]))
    out: list[tuple[str, Card, float]] = []
    seen: set[str] = set()
    best = hits[0][1] if hits else 0.0
    for _, score, index in hits:
        card, shown = cards[index], display[index]
        if score < best - RELATIVE_CUTOFF or score < MIN_CLOSENESS:
            break
        if card.id in seen or shown in seen:  # one per card, and reprints (same name) once
            continue
        seen.update((card.id, shown))
        out.append((shown, card, round(float(score), 1)))
        if len(out) == limit:
            break
    return out


def suggestion_fields(catalog: CardSource, text: str, limit: int = 3) -> tuple[list[str], list[dict[str, Any]]]:
    """The `suggestions` strings and the `suggested_cards` details of an unknown-card problem."""
    hits = suggest(catalog, text, limit)
    names = [s for s, _, _ in hits]
    cards = [{"id": c.id, "name": c.name, "name_en": c.name_en, "score": score} for _, c, score in hits]
    return names, cards
