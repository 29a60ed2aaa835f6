"""Random MOZ matches with every invariant of tests/support/moz_invariants.py checked at every
decision (card conservation, the shape of the faces, hidden information, VP never going down).

    python bench/fuzz_moz.py --games 1000 --hidden-every 1

Prints how the matches ended; any broken invariant stops with its seed.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "support"))
sys.path.insert(0, str(ROOT / "tests" / "moz"))


def main() -> None:
    from moz_invariants import Watch
    from test_moz_engine_fuzz import play_random

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=100_000, help="first seed (the suite plays 0..199)")
    ap.add_argument("--hidden-every", type=int, default=1, help="check hidden information every N decisions")
    args = ap.parse_args()
    ends: Counter[str] = Counter()
    decisions = 0
    t = time.process_time()
    for seed in range(args.seed, args.seed + args.games):
        w = Watch(seed, hidden_every=args.hidden_every)
        g = play_random(seed, w)
        ends[g.reason] += 1
        decisions += w.n
    print(f"# {platform.python_implementation()} {platform.python_version()} ({platform.machine()})")
    print(f"{args.games} matches, {decisions} decisions checked, seeds {args.seed}..{args.seed + args.games - 1}: "
          f"{dict(ends)}; {time.process_time() - t:.1f} s CPU")


if __name__ == "__main__":
    main()
