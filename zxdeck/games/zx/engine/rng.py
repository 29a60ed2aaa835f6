"""The project's generator now lives in `zxdeck.rng` (game-generic: Z/X and MOZ both use it)."""

from zxdeck.rng import GAMMA, MASK64, MIX1, MIX2, Rng

__all__ = ["GAMMA", "MASK64", "MIX1", "MIX2", "Rng"]
