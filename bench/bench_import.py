"""Benchmark `zxdeck catalog import`: JSON and CSV card lists of N synthetic rows, whole process.

    python bench/bench_import.py [--sizes 5000,10000,20000,100000] [--formats json,csv] [--runs 1]

For each size and format it writes N rows (zxdeck.catalog.synthetic's cards, as a community list
would hold them) to a temporary folder, runs `python -m zxdeck catalog import FILE -o OUT.yaml`
and prints a Markdown table of the wall time (median of --runs) and the peak memory (max RSS of
the process, from wait4). Time that grows as the size does means the import is linear: compare
the "s per 10k rows" column across sizes.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COLUMNS = ["id", "name", "name_en", "type", "color", "cost", "power", "races", "icons", "player", "timing",
           "text", "abilities", "rarity"]


def rows(count: int) -> list[dict[str, str]]:
    """`count` card rows as a spreadsheet holds them: lists joined by `/`, abilities as JSON."""
    from zxdeck.games.zx.catalog.synthetic import synthetic_cards

    out = []
    for card in synthetic_cards(count):
        row = {}
        for key in COLUMNS:
            value = card.get(key, "")
            if isinstance(value, list):
                value = json.dumps(value, ensure_ascii=False) if key == "abilities" else "/".join(value)
            row[key] = str(value)
        out.append(row)
    return out


def write_list(folder: Path, count: int, fmt: str) -> Path:
    path = folder / f"cards_{count}.{fmt}"
    data = rows(count)
    if fmt == "json":
        path.write_text(json.dumps({"cards": data}, ensure_ascii=False, indent=1), encoding="utf-8")
    else:
        with path.open("w", encoding="utf-8", newline="") as fh:
            writer = csv.DictWriter(fh, COLUMNS)
            writer.writeheader()
            writer.writerows(data)
    return path


def run_once(path: Path, out: Path, env: dict[str, str]) -> tuple[float, int, int]:
    """(seconds, peak RSS in KiB, exit status) of one whole-process import."""
    cmd = [sys.executable, "-m", "zxdeck", "catalog", "import", str(path), "-o", str(out), "--force"]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - start
    if proc.stderr is not None:
        proc.stderr.close()
    proc.returncode = os.waitstatus_to_exitcode(status)
    return seconds, usage.ru_maxrss, proc.returncode


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="5000,10000,20000", help="comma-separated row counts")
    parser.add_argument("--formats", default="json,csv", help="json, csv or both")
    parser.add_argument("--runs", type=int, default=1, help="runs per size and format (the median is shown)")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s]
    formats = [f for f in args.formats.split(",") if f]
    print(f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} CPUs")
    print("| rows | format | seconds | s per 10k rows | peak MiB | exit |")
    print("|---:|---|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = dict(os.environ, ZXDECK_CACHE_DIR=str(folder / "cache"), PYTHONPATH=str(ROOT))
        env.pop("ZXDECK_CARDS", None)
        for count in sizes:
            for fmt in formats:
                path = write_list(folder, count, fmt)
                results = [run_once(path, folder / "out.yaml", env) for _ in range(args.runs)]
                seconds = statistics.median(r[0] for r in results)
                peak = max(r[1] for r in results) / 1024
                code = max(r[2] for r in results)
                print(f"| {count:,} | {fmt} | {seconds:.2f} | {seconds / count * 10_000:.2f} | {peak:.0f} | {code} |",
                      flush=True)
                path.unlink()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
