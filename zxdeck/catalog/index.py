"""Look-ups of a card catalog by id and by folded name, shared by every game's catalog class."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property
from typing import Generic, TypeVar

from zxdeck.text import fold_compact

CardT = TypeVar("CardT")  # a game's card class (with `id`, `name` and `name_en`)


class CardIndex(Generic[CardT]):
    """Look-ups by id and by folded id / name / English name over `cards`, for any game's
    catalog class (a dataclass with `cards` and `by_id: dict = field(init=False)`)."""

    cards: list[CardT]
    by_id: dict[str, CardT]

    def __post_init__(self) -> None:
        self.by_id = {c.id: c for c in self.cards}

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[CardT]:
        return iter(self.cards)

    def __getitem__(self, card_id: str) -> CardT:
        return self.by_id[card_id]

    def get(self, card_id: str) -> CardT | None:
        return self.by_id.get(card_id)

    @cached_property
    def _by_key(self) -> dict[str, list[CardT]]:
        index: dict[str, list[CardT]] = {}
        for card in self.cards:
            keys = {fold_compact(card.id), fold_compact(card.name)}
            if card.name_en:
                keys.add(fold_compact(card.name_en))
            for key in keys:
                index.setdefault(key, []).append(card)
        return index

    def lookup(self, text: str) -> list[CardT]:
        """Cards whose number, name or English name equals `text`, ignoring case, width, kana and spaces."""
        return list(self._by_key.get(fold_compact(text), ()))


__all__ = ["CardIndex"]
