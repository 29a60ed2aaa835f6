"""Benchmark of the catalog cache and the search (docs/PERFORMANCE.md, "Catalog build and search").

    python bench/bench_search.py [--cards 50000] [--runs 5]

On a synthetic catalog (zxdeck.catalog.synthetic) it measures, as medians of several runs:
  1. the cold build: YAML bytes -> parsed and checked cards -> SQLite file with the FTS index;
  2. a warm `zxdeck search` as a whole process (python start-up, imports, hashing the YAML,
     opening the cache, the query, printing), for a few command lines;
  3. the in-process time of ten representative queries (ids only, and full Card objects),
     with the FTS5 trigram index and with instr() scans only, and the first query on a new
     connection (what one `zxdeck search` process does; the warm open is subtracted).
Targets (2 cores): cold build <= 10 s, warm whole-process search <= 0.3 s, query <= 20 ms.
Not a test: nothing is asserted; the figures are printed as Markdown.
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

QUERIES = [
    "c:red t:zx",
    "ライフリカバリー",
    "o:カード",
    "o:\"draw a card\"",
    "\"knight 4242\"",
    "n:紅",
    "r:ドラゴン is:ig",
    "cost<=2 power>=5000",
    "(c:red or c:blue) -is:ig t:zx",
    "id:S12",
    "n:/^紅.*の/",
]
COMMANDS = [
    ["search", "c:red", "t:zx", "--limit", "20"],
    ["search", "-is:ig", "c:red", "ドラゴン", "--limit", "20"],
    ["search", "o:カード", "--format", "ids"],
    ["card", "S10-123"],
]


def median_time(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        fn()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cards", type=int, default=50_000, help="synthetic catalog size")
    parser.add_argument("--runs", type=int, default=5, help="runs per measurement (median)")
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="zxdeck-bench-"))
    os.environ["ZXDECK_CACHE_DIR"] = str(work / "cache")
    from zxdeck.catalog import db as dbmod
    from zxdeck.catalog.loader import parse_catalog
    from zxdeck.catalog.query import search, search_ids
    from zxdeck.catalog.synthetic import synthetic_catalog_yaml

    catalog = work / "cards.yaml"
    catalog.write_text(synthetic_catalog_yaml(args.cards, seed=1), encoding="utf-8")
    size_mb = catalog.stat().st_size / 1e6
    print(f"# {args.cards} synthetic cards, {size_mb:.1f} MB of YAML; {platform.python_implementation()} "
          f"{platform.python_version()}, SQLite {dbmod.sqlite3.sqlite_version}, {os.cpu_count()} cores; "
          f"medians of {args.runs} runs\n")

    data = catalog.read_bytes()
    hash_s = median_time(lambda: dbmod.catalog_digest(catalog.read_bytes()), args.runs)
    parse_s = median_time(lambda: parse_catalog(data, str(catalog)), max(1, args.runs // 2))
    cards = parse_catalog(data, str(catalog))

    def write_only() -> None:
        target = work / "write-only.sqlite"
        target.unlink(missing_ok=True)
        dbmod.build_cache_file(cards, target, catalog, "x")

    write_s = median_time(write_only, max(1, args.runs // 2))
    cold_s = median_time(lambda: dbmod.open_db(catalog, rebuild=True).close(), max(1, args.runs // 2))
    cold_cli = median_time(
        lambda: subprocess.run([sys.executable, "-m", "zxdeck", "--cards", str(catalog), "db", "build"],
                               check=True, capture_output=True),
        max(1, args.runs // 2),
    )
    db = dbmod.open_db(catalog)
    size = db.path.stat().st_size / 1e6
    warm_open = median_time(lambda: dbmod.open_db(catalog).close(), args.runs)
    print("| cold build step | median |\n|---|---|")
    print(f"| read + sha256 of the YAML | {hash_s * 1000:.0f} ms |")
    print(f"| parse + check YAML (`parse_catalog`) | {parse_s:.2f} s |")
    print(f"| write SQLite + FTS5 index ({size:.0f} MB) | {write_s:.2f} s |")
    print(f"| **cold build, in process (`open_db(rebuild=True)`)** | **{cold_s:.2f} s** |")
    print(f"| cold build, whole process (`zxdeck db build`) | {cold_cli:.2f} s |")
    print(f"| warm open (hash + open + check) | {warm_open * 1000:.0f} ms |\n")

    print("| warm whole process | median |\n|---|---|")
    for command in COMMANDS:
        argv = [sys.executable, "-m", "zxdeck", "--cards", str(catalog), *command]
        subprocess.run(argv, check=True, capture_output=True)  # warm the OS file cache
        seconds = median_time(lambda argv=argv: subprocess.run(argv, check=True, capture_output=True),
                              max(args.runs, 7))
        print(f"| `zxdeck {' '.join(command)}` | {seconds:.3f} s |")
    builtin = [sys.executable, "-m", "zxdeck", "search", "c:red", "t:zx", "--limit", "5"]
    subprocess.run(builtin, check=True, capture_output=True)  # builds the built-in catalog's cache
    seconds = median_time(lambda: subprocess.run(builtin, check=True, capture_output=True), max(args.runs, 7))
    print(f"| `zxdeck search c:red t:zx --limit 5` (built-in catalog) | {seconds:.3f} s |")
    bare = median_time(lambda: subprocess.run([sys.executable, "-c", "pass"], check=True), max(args.runs, 7))
    print(f"| (python start-up alone, for scale) | {bare:.3f} s |\n")

    print("| query (in process) | hits | ids, FTS | ids, instr only | full cards, FTS | ids, new connection |")
    print("|---|---|---|---|---|---|")

    def on_new_connection(query: str) -> None:
        fresh = dbmod.open_db(catalog)
        search_ids(fresh, query)
        fresh.close()

    for query in QUERIES:
        hits = len(search_ids(db, query))
        fts = median_time(lambda q=query: search_ids(db, q), args.runs)
        scan = median_time(lambda q=query: search_ids(db, q, fts=False), args.runs)
        full = median_time(lambda q=query: search(db, q), args.runs)
        fresh = median_time(lambda q=query: on_new_connection(q), args.runs) - warm_open
        print(f"| `{query}` | {hits} | {fts * 1000:.1f} ms | {scan * 1000:.1f} ms | {full * 1000:.1f} ms "
              f"| {fresh * 1000:.1f} ms |")
    db.close()


if __name__ == "__main__":
    main()
