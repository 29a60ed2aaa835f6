"""Text normalization shared by search, deck parsing and name matching.

`fold` is the one definition of "the same text" in zxdeck: it ignores case,
Unicode width (full-width letters, digits and spaces), repeated spaces, and the
difference between katakana and hiragana.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_SPACES = re.compile(r"\s+")


def nfkc(text: str) -> str:
    """Unicode NFKC: full-width ASCII becomes ASCII, half-width katakana becomes full-width."""
    return unicodedata.normalize("NFKC", text)


def name_key(name: str) -> str:
    """The key under which names count together for the copy limits (D-3, D-11): NFKC only."""
    return nfkc(name).strip()


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Fold text for matching: NFKC, case-folded, katakana as hiragana, spaces collapsed."""
    import jaconv  # on first use: a deck of card numbers never needs it

    folded = nfkc(text).casefold()
    folded = jaconv.kata2hira(folded)
    return _SPACES.sub(" ", folded).strip()


def fold_compact(text: str) -> str:
    """`fold` with every space removed, for name look-ups that ignore spacing entirely."""
    return fold(text).replace(" ", "")
