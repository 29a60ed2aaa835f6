"""The context every command gets from the global options (`AppContext`), without click: the
click group (zxdeck.cli.app) and the click-free `validate` (zxdeck.cli.fastpath) both build it."""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing
if TYPE_CHECKING:
    from pathlib import Path

    from zxdeck.catalog.loader import Catalog
    from zxdeck.catalog.source import CardSource


class AppContext:
    """What every command gets from the global options."""

    def __init__(self, cards: tuple[str, ...] = (), debug: bool = False, game: str = "zx") -> None:
        self.cards = cards  # --cards, in order; empty: $ZXDECK_CARDS or the built-in catalog
        self.debug = debug
        self.game = game  # --game / $ZXDECK_GAME (zxdeck.games)
        self._catalog: Catalog | None = None

    def __repr__(self) -> str:
        return f"AppContext(cards={self.cards!r}, debug={self.debug!r}, game={self.game!r})"

    @property
    def cards_path(self) -> Path:
        from zxdeck.catalog.paths import catalog_path

        return catalog_path(self.cards)

    def catalog(self) -> Catalog:
        """The catalog, loaded once per process (through the SQLite cache when it is available)."""
        if self._catalog is None:
            from zxdeck.catalog import open_catalog

            self._catalog = open_catalog(self.cards)
        return self._catalog

    def card_source(self) -> CardSource:
        """Card look-ups by number or name for commands that read decks or saved games: the
        catalog when it is already loaded, else indexed queries on the SQLite cache (a deck
        names a few dozen cards; loading a 50,000-card catalog whole costs about a second)."""
        if self._catalog is not None:
            return self._catalog
        from zxdeck.catalog.source import open_card_source

        return open_card_source(self.cards)
