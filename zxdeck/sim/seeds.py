"""Seeds of simulated games: derived from (master seed, game index) by a fixed hash.

Never a stream shared across games: game `i` of a run gets the same seed
whichever worker plays it, in whatever order, on any backend, before or after
a resume. Games come in pairs (`2k`, `2k+1`) that share the seed of pair `k`
and swap the seats; the same seat goes first in both (`first_seat`), so the
deck order and the coin flip cancel out exactly.

The agents' seeds come from the game seed by `agent_seed` (for every game),
as in `zxdeck play --auto --seed SEED`: any game of a run can be played again
on its own from the seed and the first player in `games.jsonl`
(`zxdeck play --auto --seed SEED --first p1|p2`).
"""

from __future__ import annotations

import hashlib

SEED_BITS = 53  # exact as a JSON number in any reader (a double's mantissa)
_PERSON = b"zxdeck.sim.v1"  # changing it (or the key text) changes every seed: never do


def agent_seed(seed: int, player: int) -> int:
    """The seed of player `player`'s agent in a game of seed `seed` (independent of the engine's)."""
    return seed * 2 + player + 1_000_003


def pair_seed(master: int, pair: int) -> int:
    """The seed of pair `pair` of a run with master seed `master` (blake2b, 53 bits)."""
    digest = hashlib.blake2b(f"{master}/{pair}".encode(), digest_size=8, person=_PERSON).digest()
    return int.from_bytes(digest, "big") >> (64 - SEED_BITS)


def game_seed(master: int, index: int) -> int:
    """The seed of game `index`: both games of a pair share it (seats swapped)."""
    return pair_seed(master, index // 2)


def first_seat(master: int, index: int) -> int:
    """The seat that goes first in game `index`: the same seat in both games of a pair (the
    pair seed's lowest bit), so each side goes first exactly once per pair (S-5's coin flip,
    made by the run instead of the engine so that it cancels out exactly)."""
    return game_seed(master, index) & 1


def swapped(index: int) -> bool:
    """Whether side A sits in seat 1 (the second game of each pair)."""
    return index % 2 == 1


def match_seed(master: int, key: str) -> int:
    """The master seed of one pairing of a tournament, from the tournament's seed and a key."""
    digest = hashlib.blake2b(f"{master}/{key}".encode(), digest_size=8,
                             person=b"zxdeck.tourn.v1").digest()
    return int.from_bytes(digest, "big") >> (64 - SEED_BITS)


__all__ = ["SEED_BITS", "agent_seed", "first_seat", "game_seed", "match_seed", "pair_seed", "swapped"]
