"""Moved to the core (`zxdeck.termtext`, every game's terminal screens use it); this path still
imports the same functions."""

from zxdeck.termtext import char_width, clean, crop, fit, shorten, tokens, width, wrap

__all__ = ["char_width", "clean", "crop", "fit", "shorten", "tokens", "width", "wrap"]
