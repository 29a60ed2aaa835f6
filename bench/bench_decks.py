"""Benchmark the deck-list features: layouts, deck codes, catalog import, several catalogs.

    python bench/bench_decks.py [--runs 21] [--rows 20000]

In process, medians of `--runs` runs (A and B of a comparison alternate, A B A B, so a
shared machine slows both alike):

- reading the shop recipe layout (examples/decks/layouts/shop_recipe.txt) against the
  same deck in zxdeck's own format (examples/decks/blue.txt), with the built-in catalog;
- encoding and decoding a deck code, and its length;
- `catalog import` of the 316-row sample list and of a synthetic list of `--rows` rows (reading and
  checking, then writing the YAML);
- opening the warm SQLite cache of one catalog against two (`--cards builtin --cards x`).
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import platform
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def paired(a: Callable[[], object], b: Callable[[], object], runs: int) -> tuple[float, float]:
    """Medians (seconds) of a and b, run alternately."""
    ta, tb = [], []
    a(), b()  # warm
    for _ in range(runs):
        for fn, out in ((a, ta), (b, tb)):
            start = time.perf_counter()
            fn()
            out.append(time.perf_counter() - start)
    return statistics.median(ta), statistics.median(tb)


def median(fn: Callable[[], object], runs: int) -> float:
    fn()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def synthetic_csv(rows: int) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["カード番号", "カード名", "種類", "色", "コスト", "パワー", "種族", "IG", "テキスト"])
    colors = ["赤", "青", "白", "黒", "緑"]
    for i in range(rows):
        writer.writerow([f"S{i // 1000:02d}-{i % 1000:03d}", f"合成カード{i}", "ゼクス", colors[i % 5], str(i % 8),
                         f"{1000 + 500 * (i % 8):,}", "ドラゴン/武人", "○" if i % 3 == 0 else "",
                         "【自】このカードが登場した時、カードを1枚引く。"])
    return out.getvalue().encode("utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--rows", type=int, default=20_000)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["ZXDECK_CACHE_DIR"] = str(Path(tmp) / "cache")
        from zxdeck.catalog.db import open_db
        from zxdeck.catalog.importer import catalog_yaml, import_cards, import_file
        from zxdeck.catalog.loader import builtin_catalog_path, load_catalog
        from zxdeck.deck import parse_bytes
        from zxdeck.deck.code import deck_from_code, decode_entries, encode_deck

        print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cpus "
              f"(shared with other work: figures are noisy); Python {platform.python_version()} "
              f"{platform.python_implementation()} {' '.join(platform.python_build())}")
        catalog = load_catalog(builtin_catalog_path())
        recipe = (ROOT / "examples" / "decks" / "layouts" / "shop_recipe.txt").read_bytes()
        plain = (ROOT / "examples" / "decks" / "blue.txt").read_bytes()
        t_recipe, t_plain = paired(lambda: parse_bytes(recipe, catalog, "r"), lambda: parse_bytes(plain, catalog, "p"),
                                   args.runs)
        print("\n| what | median | note |\n|---|---|---|")
        print(f"| read shop recipe layout (blue, 64 cards) | {t_recipe * 1e3:.2f} ms | "
              f"{t_recipe / t_plain:.2f}x the zxdeck format ({t_plain * 1e3:.2f} ms) |")
        deck = parse_bytes(plain, catalog, "p")
        code = encode_deck(deck)
        print(f"| deck code encode | {median(lambda: encode_deck(deck), args.runs) * 1e6:.0f} us | "
              f"{len(code)} characters |")
        print(f"| deck code decode | {median(lambda: decode_entries(code), args.runs) * 1e6:.0f} us | "
              f"with card look-ups: {median(lambda: deck_from_code(code, catalog), args.runs) * 1e3:.2f} ms |")
        sample = ROOT / "examples" / "catalog" / "community_cards.csv"
        print(f"| import sample list (316 rows) | {median(lambda: import_file(sample), args.runs) * 1e3:.1f} ms | |")
        data = synthetic_csv(args.rows)
        t_big = median(lambda: import_cards(data, "big.csv", "csv"), max(3, args.runs // 7))
        print(f"| import synthetic list ({args.rows:,} rows): read and check | {t_big:.2f} s | "
              f"{args.rows / t_big:,.0f} rows/s |")
        big = import_cards(data, "big.csv", "csv")
        t_yaml = median(lambda: catalog_yaml(big), max(3, args.runs // 7))
        print(f"| ... and write the catalog YAML | {t_yaml:.2f} s | {args.rows / t_yaml:,.0f} cards/s (PyYAML) |")
        mine = Path(tmp) / "mine.yaml"
        mine.write_text(catalog_yaml(import_file(sample)), encoding="utf-8")
        builtin = builtin_catalog_path()
        open_db(builtin).close()
        open_db([builtin, mine]).close()
        t_one, t_two = paired(lambda: open_db(builtin).close(), lambda: open_db([builtin, mine]).close(), args.runs)
        print(f"| open warm cache, builtin + 316 imported | {t_two * 1e3:.2f} ms | "
              f"builtin alone {t_one * 1e3:.2f} ms (both hash every file's bytes) |")


if __name__ == "__main__":
    main()
