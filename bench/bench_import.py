"""Benchmark `zxdeck catalog import`: JSON and CSV card lists of N synthetic rows, whole process.

    python bench/bench_import.py [--sizes 5000,10000,20000,100000] [--formats json,csv] [--runs 1]

For each size and format it writes N rows (zxdeck.catalog.synthetic's cards, as a community list
would hold them) to a temporary folder, runs `python -m zxdeck catalog import FILE -o OUT.yaml`
and prints a Markdown table of the wall time (median of --runs) and the peak memory (max RSS of
the process, from wait4; the lists are written by another child, so that this process stays
small: a child's max RSS counts its parent's memory at the fork). Time that grows as the size does means the import is linear: compare
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
    """Write the list in a child process: the peak memory wait4 reports for the timed child
    includes its parent's memory at the fork, so the parent never holds the rows."""
    path = folder / f"cards_{count}.{fmt}"
    subprocess.run([sys.executable, __file__, "--write-list", str(path), str(count), fmt], check=True,
                   env=dict(os.environ, PYTHONPATH=str(ROOT)))
    return path


def _write_list(path: Path, count: int, fmt: str) -> None:
    data = rows(count)
    if fmt == "json":
        path.write_text(json.dumps({"cards": data}, ensure_ascii=False, indent=1), encoding="utf-8")
    else:
        with path.open("w", encoding="utf-8", newline="") as fh:
            writer = csv.DictWriter(fh, COLUMNS)
            writer.writeheader()
            writer.writerows(data)


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
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--write-list"]:  # the child of write_list
        _write_list(Path(argv[1]), int(argv[2]), argv[3])
        return 0
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
