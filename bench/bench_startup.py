"""Start-up cost of the `zxdeck` commands against a bare `python -c pass`, measured paired.

    python bench/bench_startup.py [--runs 40] [--import-profile]

Each round runs every command once, in turn (A B C D A B C D ...), so that load on a shared
machine hits all of them alike; the report gives each command's median wall time and the median
of its per-round ratio to `python -c pass` in the same round. The catalog cache is warmed first
(a warm `validate` / `search` reads no YAML), and bytecode is written and used as for an
installed package ($PYTHONDONTWRITEBYTECODE is dropped for the runs). Targets (issue: start-up): `--version` <= 3x,
`validate` of a deck <= 5x, `search` <= 6x. The MOZ rows (`--game moz`, $ZXDECK_GAME=moz) run
MOZ's click-free validate and search (zxdeck/games/moz/fast.py).

`--import-profile` also prints, per command, the modules that cost most to import
(`python -X importtime`, self time, one run: indicative only). `--instructions` also counts the
instructions each command executes under valgrind (callgrind), which a busy machine does not
disturb: the same ratios on any load (process start-up in the kernel is not counted).
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DECK = ROOT / "examples" / "decks" / "red.txt"
MOZ_DECK = ROOT / "examples" / "moz" / "shell_dragons.txt"


def zxdeck_command() -> list[str]:
    """The installed console script next to this Python (as a user runs it), else `-m zxdeck`."""
    script = Path(sys.executable).with_name("zxdeck")
    return [str(script)] if script.is_file() else [sys.executable, "-m", "zxdeck"]


def commands() -> dict[str, list[str]]:
    z = zxdeck_command()
    return {
        "python -c pass": [sys.executable, "-c", "pass"],
        "zxdeck --version": [*z, "--version"],
        "zxdeck validate red.txt": [*z, "validate", str(DECK)],
        "zxdeck search c:red t:zx": [*z, "search", "c:red", "t:zx", "--limit", "5"],
        "zxdeck search --format ids": [*z, "search", "c:red", "t:zx", "--format", "ids"],
        "zxdeck --game moz validate": [*z, "--game", "moz", "validate", str(MOZ_DECK)],
        "ZXDECK_GAME=moz zxdeck validate": [*z, "validate", str(MOZ_DECK)],
        "zxdeck --game moz search": [*z, "--game", "moz", "search", "sub:dragon", "pow>=100", "--limit", "5"],
        "zxdeck --game moz search ids": [*z, "--game", "moz", "search", "sub:dragon", "pow>=100", "--format", "ids"],
    }


# Environment variables of a command (on top of the bench's own).
COMMAND_ENV = {"ZXDECK_GAME=moz zxdeck validate": {"ZXDECK_GAME": "moz"}}


TARGETS = {"zxdeck --version": 3.0, "zxdeck validate red.txt": 5.0, "zxdeck search c:red t:zx": 6.0,
           "zxdeck search --format ids": 6.0}


def run_once(cmd: list[str], env: dict[str, str], name: str = "") -> float:
    env = {**env, **COMMAND_ENV[name]} if name in COMMAND_ENV else env
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({done.returncode}): {done.stderr.decode()[:300]}")
    return elapsed


def import_profile(cmd: list[str], env: dict[str, str], top: int = 12) -> list[tuple[int, str]]:
    """(self microseconds, module) of the costliest imports of one run of `cmd`."""
    if cmd[0] != sys.executable:
        cmd = [sys.executable, *cmd]
    done = subprocess.run([cmd[0], "-X", "importtime", *cmd[1:]], env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    rows = []
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "|" in line and "self [us]" not in line:
            self_us, _cumulative, name = line[len("import time:"):].split("|")
            rows.append((int(self_us), name.strip()))
    return sorted(rows, reverse=True)[:top]


def instructions(cmd: list[str], env: dict[str, str]) -> int:
    """User-space instructions of one run of `cmd` (valgrind --tool=callgrind)."""
    with tempfile.TemporaryDirectory() as tmp:
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={tmp}/out", *cmd],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    found = re.search(r"refs:\s+([\d,]+)", done.stderr)
    if done.returncode != 0 or not found:
        raise SystemExit(f"valgrind failed on {' '.join(cmd)}: {done.stderr[-300:]}")
    return int(found.group(1).replace(",", ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=40, help="rounds (each runs every command once)")
    parser.add_argument("--import-profile", action="store_true", help="print the costliest imports")
    parser.add_argument("--instructions", action="store_true",
                        help="also count instructions with valgrind (load-independent ratios)")
    parser.add_argument("--cache-dir", default="user",
                        help="'user' (the default cache folder, found through platformdirs as users "
                             "run it), 'temp' (a new folder via $ZXDECK_CACHE_DIR) or a folder")
    args = parser.parse_args()

    env = {**os.environ, "NO_COLOR": "1"}
    env.pop("ZXDECK_CARDS", None)
    # An installed package has its bytecode compiled (pip does it); an editable checkout gets it
    # on the first run unless writing it is turned off: measure with it, as users run.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if args.cache_dir == "temp":
        env["ZXDECK_CACHE_DIR"] = tempfile.mkdtemp(prefix="zxdeck-bench-cache-")
    elif args.cache_dir != "user":
        env["ZXDECK_CACHE_DIR"] = args.cache_dir
    cmds = commands()
    for name, cmd in cmds.items():  # warm: build the cache, fill the OS file cache
        run_once(cmd, env, name)
    time.sleep(2.5)  # let the cache file age past the 2 s racy window, then verify it once
    for name, cmd in cmds.items():
        run_once(cmd, env, name)

    times: dict[str, list[float]] = {name: [] for name in cmds}
    ratios: dict[str, list[float]] = {name: [] for name in cmds}
    for _ in range(args.runs):
        row = {name: run_once(cmd, env, name) for name, cmd in cmds.items()}
        for name, t in row.items():
            times[name].append(t)
            ratios[name].append(t / row["python -c pass"])

    load = os.getloadavg() if hasattr(os, "getloadavg") else ("?",)
    print(f"# bench_startup: {args.runs} paired rounds; {platform.platform()}; "
          f"processor {platform.processor() or platform.machine()!r}, {os.cpu_count()} CPUs; "
          f"{platform.python_implementation()} {platform.python_version()} "
          f"({' '.join(platform.python_build())}); load average {load[0]:.1f}; "
          f"cache folder: {env.get('ZXDECK_CACHE_DIR', 'the user cache dir')}")
    print(f"{'command':30} {'median ms':>10} {'min ms':>8} {'ratio':>6} {'target':>7}")
    for name in cmds:
        target = TARGETS.get(name)
        ratio = statistics.median(ratios[name])
        verdict = "" if target is None else ("ok" if ratio <= target else "MISSED")
        print(f"{name:30} {statistics.median(times[name]) * 1000:10.1f} {min(times[name]) * 1000:8.1f} "
              f"{ratio:6.2f} {'' if target is None else f'<= {target:g}':>7} {verdict}")
    if args.instructions:
        if shutil.which("valgrind") is None:
            raise SystemExit("--instructions needs valgrind")
        counts = {name: instructions(cmd, {**env, **COMMAND_ENV.get(name, {})}) for name, cmd in cmds.items()}
        base = counts["python -c pass"]
        print(f"\n{'command':30} {'instructions':>14} {'ratio':>6}")
        for name, n in counts.items():
            print(f"{name:30} {n / 1e6:13.1f}M {n / base:6.2f}")
    if args.import_profile:
        for name, cmd in cmds.items():
            print(f"\n## {name}: costliest imports (self us, one run)")
            for us, module in import_profile(cmd, {**env, **COMMAND_ENV.get(name, {})}):
                print(f"{us:8d}  {module}")


if __name__ == "__main__":
    main()
