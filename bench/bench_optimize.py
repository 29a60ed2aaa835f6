"""Games `zxdeck optimize` spends racing 6 candidates against a 5-deck field, against a
fixed-budget run that plays every candidate (and the original) in full.

The deck is examples/decks/red.txt without its two Z/X OB (its IG Over Boost is then a dead
card); the candidates are six changes, one of which (giving it the OB back) makes that card
live. The field is the five example decks. Prints the games of the race, those of the full
run, their ratio, which candidate won, and whether the full run ranks the same one first.

Usage: python bench/bench_optimize.py [--games 96] [--jobs 2] [--seed 0] [--full]
(--full also plays the fixed-budget run, to compare the winners: (6 + 1) x 5 x GAMES games.)
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CANDIDATES = [
    "+2 紅蓮皇竜オーバーブレイズ +2 焔刃覇王カグツチ",
    "-3 火の粉払い +3 焦土の拳士エルガン",
    "-2 紅蓮の業火 +2 熔岩炎狼ソルガ",
    "-3 ZX01-040 +3 熔岩炎狼ソルガ",
    "-3 火の粉払い +3 熔岩の炎狼テオキア",
    "-2 紅蓮の業火 +1 熔岩炎狼ソルガ +1 焦土の拳士エルガン",
]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=96)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--full", action="store_true")
    args = ap.parse_args()

    from zxdeck.agents import parse_agent
    from zxdeck.analysis.field import read_field
    from zxdeck.analysis.optimize import field_mean, parse_change, race, round_runner
    from zxdeck.catalog import load_catalog
    from zxdeck.games.zx.deck import read_deck, validate
    from zxdeck.games.zx.deck.parse import parse_text
    from zxdeck.games.zx.deck.variant import changed_deck
    from zxdeck.games.zx.engine.decks import spec_from_deck
    from zxdeck.games.zx.sim import ZxGames

    cat = load_catalog(ROOT / "data" / "cards.yaml")
    text = (ROOT / "examples" / "decks" / "red.txt").read_text(encoding="utf-8")
    dead_text = "\n".join(ln for ln in text.splitlines()
                          if not ln.startswith(("2 紅蓮皇竜オーバーブレイズ", "2x 焔刃覇王カグツチ")))
    deck = parse_text(dead_text, cat, "dead.txt")
    assert validate(deck).valid
    original = spec_from_deck(deck)
    cands = []
    for c in CANDIDATES:
        v = changed_deck(deck, parse_change(c), cat)
        assert validate(v).valid, c
        cands.append((c, spec_from_deck(v)))
    field = [(f.name, spec_from_deck(read_deck(f.path, cat)), f.share)
             for f in read_field(str(ROOT / "examples" / "decks"))]
    greedy = parse_agent("greedy")

    def run(plan: list[int] | None) -> tuple:
        t0 = time.perf_counter()
        res = race(original, cands, field, agent=greedy, field_agent=greedy, factory=ZxGames(100),
                   seed=args.seed, games=args.games, run_round=round_runner("local", args.jobs),
                   plan=plan)
        return res, time.perf_counter() - t0

    res, secs = run(None)
    shares = [s for _, _, s in field]
    alive = [c for c in res.candidates[1:] if c.eliminated is None]
    best = max(alive, key=lambda c: field_mean(c, shares))
    print(f"race: {res.games_played} games ({res.stopped}, {secs:.1f} s); every candidate in full: "
          f"{res.full_budget} games; ratio {res.games_played / res.full_budget:.2f}; "
          f"winner: {best.name}")
    if args.full:
        full, secs = run([args.games])  # every candidate in full, in one round
        top = max(full.candidates[1:], key=lambda c: field_mean(c, shares))
        print(f"full run: {full.games_played} games ({secs:.1f} s); best: {top.name} "
              f"({'the same' if top.name == best.name else 'NOT the same'})")


if __name__ == "__main__":
    main()
