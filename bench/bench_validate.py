"""Benchmark `zxdeck validate`: whole process on the built-in and on a synthetic 50,000-card catalog.

    python bench/bench_validate.py [--runs 11] [--cards 50000]

Prints medians (and min/max) in seconds as a Markdown table for docs/PERFORMANCE.md.
The cache folder is a fresh temporary one: the first run of each catalog builds
the SQLite cache (reported as "cold"), the timed runs are warm.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def timed(cmd: list[str], env: dict[str, str], runs: int) -> tuple[float, float, float, int]:
    """(median, min, max, exit status) of `runs` whole-process runs of `cmd`."""
    times = []
    code = 0
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
        times.append(time.perf_counter() - start)
        code = proc.returncode
    return statistics.median(times), min(times), max(times), code


def in_process(deck: Path, cards: Path | None, runs: int) -> list[tuple[float, float]]:
    """For DbCards and a full Catalog: (median seconds to open the warm cache, to read + validate)."""
    from zxdeck.catalog import open_catalog
    from zxdeck.catalog.source import open_card_source
    from zxdeck.deck import read_deck, validate

    out = []
    for opener in (lambda: open_card_source(str(cards) if cards else None), lambda: open_catalog(cards)):
        opens = []
        for _ in range(3):
            start = time.perf_counter()
            source = opener()
            opens.append(time.perf_counter() - start)
        validate(read_deck(deck, source))  # warm caches (regulation file, regexes)
        times = []
        for _ in range(runs):
            start = time.perf_counter()
            validate(read_deck(deck, source))
            times.append(time.perf_counter() - start)
        out.append((statistics.median(opens), statistics.median(times)))
    return out


def synthetic_deck(count: int, folder: Path) -> tuple[Path, Path, Path]:
    """A synthetic catalog, a 50-card deck of its cards (numbers and names), and the deck with a typo."""
    from zxdeck.catalog.model import keywords_in_text
    from zxdeck.catalog.synthetic import synthetic_cards, synthetic_catalog_yaml

    cards_path = folder / f"synthetic-{count}.yaml"
    cards_path.write_text(synthetic_catalog_yaml(count), encoding="utf-8")
    cards = synthetic_cards(count)
    plain = [c for c in cards if c["type"] in ("zx", "event") and not keywords_in_text(c.get("text", ""))
             - {"start_card"}]
    ignition = [c for c in plain if "ignition" in c.get("icons", [])][:5]
    other = [c for c in plain if "ignition" not in c.get("icons", [])][:8]
    main = ignition + other  # 5 x 4 ignition, 7 x 4 + 2 others: legal (D-1..D-6)
    dunamis = [c for c in cards if c["type"] in ("zx_ex", "shift")][:3]
    lines = [f"Player: {cards[0]['name']}"]
    lines += [f"4 {c['id']}" for c in main[:6]] + [f"4x {c['name']}" for c in main[6:12]]
    lines += [f"{main[12]['name_en']} x2", "Dunamis:"] + [f"2 {c['id']}" for c in dunamis]
    deck = folder / "synthetic-deck.txt"
    deck.write_text("\n".join(lines) + "\n", encoding="utf-8")
    typo = folder / "synthetic-typo.txt"
    typo.write_text("\n".join(lines) + f"\n1 {main[3]['name'][:-1]}\n", encoding="utf-8")
    return cards_path, deck, typo


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--cards", type=int, default=50_000, help="size of the synthetic catalog")
    args = parser.parse_args()
    zxdeck = [sys.executable, "-m", "zxdeck"]
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = dict(os.environ, ZXDECK_CACHE_DIR=str(folder / "cache"), NO_COLOR="1")
        env.pop("ZXDECK_CARDS", None)
        red = ROOT / "examples" / "decks" / "red.txt"
        rows = []
        cold = timed([*zxdeck, "validate", str(red)], env, 1)
        rows.append(("built-in catalog, red.txt, cold (builds the cache)", cold))
        rows.append(("built-in catalog, red.txt, warm", timed([*zxdeck, "validate", str(red)], env, args.runs)))
        rows.append(("`zxdeck --version` (start-up floor)", timed([*zxdeck, "--version"], env, args.runs)))
        cards, deck, typo = synthetic_deck(args.cards, folder)
        base = [*zxdeck, "--cards", str(cards), "validate"]
        rows.append((f"{args.cards:,} cards, 50-card deck, cold (builds the cache)",
                     timed([*base, str(deck)], env, 1)))
        rows.append((f"{args.cards:,} cards, 50-card deck, warm", timed([*base, str(deck)], env, args.runs)))
        rows.append((f"{args.cards:,} cards, deck with a typo (suggestions), warm",
                     timed([*base, str(typo)], env, args.runs)))
        os.environ["ZXDECK_CACHE_DIR"] = env["ZXDECK_CACHE_DIR"]
        small = in_process(red, None, args.runs * 5)
        big = in_process(deck, cards, args.runs * 5)
    print(f"Machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"{platform.system()}; {args.runs} runs, median (min-max) seconds")
    print()
    print("| whole process `zxdeck validate` | median s | min | max | exit |")
    print("|---|---|---|---|---|")
    for label, (med, lo, hi, code) in rows:
        print(f"| {label} | {med:.3f} | {lo:.3f} | {hi:.3f} | {code} |")
    print()
    print("| in process (warm cache) | open: SQLite look-ups | read + validate | "
          "open: full Catalog | read + validate |")
    print("|---|---|---|---|---|")
    for label, ((db_open, db_run), (cat_open, cat_run)) in (
        ("built-in catalog, red.txt", small), (f"{args.cards:,} cards, 50-card deck", big),
    ):
        print(f"| {label} | {db_open * 1000:.1f} ms | {db_run * 1000:.2f} ms | "
              f"{cat_open * 1000:.1f} ms | {cat_run * 1000:.2f} ms |")

if __name__ == "__main__":
    main()
