"""Deck files for every game: the records a deck file becomes (`model`: `Deck`, `DeckEntry`,
`Problem`), reading a file's bytes and text (`files`) and the parts of a validation report that
every game shares (`report`: the problem lines, the rules cited, colors without click, JSON).
A game's deck reader and rules are in its package (Z/X: zxdeck.games.zx.deck)."""
