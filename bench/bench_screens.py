"""The terminal game's screens at each supported size: too tall, wrapped, or speaking in codes.

    python bench/bench_screens.py [--games 40] [--sizes 100x40,80x30,60x24] [--narration 200]

Plays GAMES seeded games (a random person, greedy opponent, the five example decks in turn)
through `zxdeck.play`'s session at each terminal size, exactly as `zxdeck play` draws them, and
counts over every full screen (the field down to the prompt):

- screens taller than the terminal (the prompt line included): the person would scroll;
- lines wider than the terminal (the terminal would wrap them), and among them the ones
  where that wrap splits a `#N` tag or a 「card name」;
- lines showing internal codes (`INTERNAL`: `target:destroy:`, `n=2`, `p2`, `(destroy)`,
  snake_case words).

Then plays NARRATION computer games (greedy against random) and scans every narration line
(the game's log as the person reads it) for the same codes. Prints the figures and the first
offending lines; exit status 1 when anything was found (so it can be run as a check).
"""

from __future__ import annotations

import argparse
import io
import os
import random
import re
import sys
import tempfile
from pathlib import Path

from rich.console import Console
from wcwidth import wcswidth

ROOT = Path(__file__).resolve().parents[1]
COLORS = ("red", "blue", "white", "black", "green")
# Internal codes that must never reach the person's screen.
INTERNAL = {
    "key:value:": re.compile(r"[A-Za-z_]+:[A-Za-z_]+:"),
    "n=N": re.compile(r"\b[a-z]+=\d"),
    "p1/p2": re.compile(r"\bp[12]\b"),
    "(code)": re.compile(r"\((?!help\))[a-z_]+\)"),
    "snake_case": re.compile(r"\b[a-z]+_[a-z_]+\b"),
}
PATHISH = re.compile(r"(?:/|zxdeck-game|\.json|confirm_end|--)")  # paths, commands, setting names


def codes(line: str) -> list[str]:
    """The kinds of internal code in one line ([] when none)."""
    if PATHISH.search(line):  # a path or a command to copy: its own words are not codes
        line = " ".join(w for w in line.split() if not PATHISH.search(w))
    return [name for name, rx in INTERNAL.items() if rx.search(line)]


def split_tag(line: str, cols: int) -> bool:
    """Would the terminal, wrapping `line` at `cols` columns, cut a #N tag or a 「name」?"""
    used = 0
    for m in re.finditer(r"#\d+|「[^」]*」|.", line):
        w = wcswidth(m.group())
        if used + w > cols and used % cols and len(m.group()) > 1:
            return True
        used += w
        if used > cols:
            used %= cols
    return False


def load_specs() -> dict:
    from zxdeck.catalog import open_catalog
    from zxdeck.deck import read_deck
    from zxdeck.engine.decks import spec_from_deck

    cat = open_catalog(None)
    return {c: spec_from_deck(read_deck(str(ROOT / "examples" / "decks" / f"{c}.txt"), cat),
                              name=f"{c}.txt") for c in COLORS}


def play_screens(specs: dict, size: tuple[int, int], seed: int, folder: Path) -> list[list[str]]:
    """Every full screen of one game, as printed lines (up to the prompt, not included)."""
    from zxdeck.play import new_session

    rng = random.Random(seed)
    buf = io.StringIO()
    console = Console(file=buf, width=1000, force_terminal=False, color_system=None,
                      highlight=False, soft_wrap=True)
    chunks: list[str] = []

    def answer(prompt: str) -> str:
        chunks.append(buf.getvalue())
        buf.seek(0)
        buf.truncate()
        m = re.search(r"1-(\d+)", prompt)
        if "(y/n)" in prompt:
            return "y"
        return str(rng.randint(1, int(m.group(1)))) if m else "1"

    s = new_session(specs[COLORS[seed % 5]], specs[COLORS[(seed + 2) % 5]], seed=seed,
                    console=console, input_fn=answer,  # saved in the data folder, as by default
                    size=size)
    s.run()
    chunks.append(buf.getvalue())
    screens = []
    for text in chunks:
        lines = text.rstrip("\n").split("\n")
        top = next((i for i, x in enumerate(lines) if x.startswith(("== ", "端末"))), None)
        if top is not None:
            screens.append(lines[top:])
    return screens


def measure(specs: dict, size: tuple[int, int], games: int, folder: Path) -> dict:
    cols, rows = size
    stats = {"games": games, "screens": 0, "too_tall": 0, "tallest": 0, "wide_lines": 0,
             "split_tags": 0, "code_lines": 0, "examples": []}
    for seed in range(games):
        for lines in play_screens(specs, size, seed, folder):
            stats["screens"] += 1
            # a line wider than the terminal takes several rows; the prompt takes one more
            height = sum(max(1, -(-wcswidth(x) // cols)) for x in lines) + 1
            stats["tallest"] = max(stats["tallest"], height)
            if height > rows:
                stats["too_tall"] += 1
                if len(stats["examples"]) < 3:
                    stats["examples"].append(f"{height} rows (seed {seed}):\n" + "\n".join(lines))
            for line in lines:
                if str(folder) in line:  # the path in a command to copy is never wrapped
                    continue
                if wcswidth(line) > cols:
                    stats["wide_lines"] += 1
                    stats["split_tags"] += split_tag(line, cols)
                found = codes(line)
                if found:
                    stats["code_lines"] += 1
                    if len(stats["examples"]) < 6:
                        stats["examples"].append(f"code {found} (seed {seed}): {line}")
    return stats


def narration_codes(games: int) -> tuple[int, int, list[str]]:
    """(lines, lines with codes, examples) of the narration of computer games."""
    from zxdeck.agents import make_agent
    from zxdeck.engine import Game
    from zxdeck.engine.log import narration

    specs = load_specs()
    total, bad, examples = 0, 0, []
    for seed in range(games):
        lines: list[str] = []
        g = Game(specs[COLORS[seed % 5]], specs[COLORS[(seed + seed // 5 + 1) % 5]], seed=seed,
                 listener=lambda g, e, d, lines=lines: lines.extend(narration(g, e, d)))
        agents = [make_agent("greedy", seed=seed), make_agent("random", seed=seed + 1)]
        while not g.over:
            g.apply(agents[g.current_player()].choose(g))
        for line in lines:
            total += 1
            found = codes(line)
            if found:
                bad += 1
                if len(examples) < 12 and line not in examples:
                    examples.append(f"{found} seed {seed}: {line}")
    return total, bad, examples


def tmux_games(size: tuple[int, int], games: int, folder: Path, seed0: int = 0) -> dict:
    """Whole games of `zxdeck play` in real terminals (tmux sessions of `size`): a random person
    answers every prompt. Counts the screens whose first line (the header) was scrolled away,
    the lines the terminal wrapped (capture-pane with and without -J), the lines with codes."""
    import shlex
    import shutil
    import subprocess
    import time

    if shutil.which("tmux") is None:
        raise SystemExit("tmux is not installed")
    cols, rows = size
    sock = f"zxbench{os.getpid()}"
    stats = {"games": games, "screens": 0, "too_tall": 0, "wrapped": 0, "code_lines": 0,
             "unfinished": 0, "examples": []}

    def tmux(*args: str) -> str:
        return subprocess.run(["tmux", "-L", sock, *args], capture_output=True, text=True).stdout

    for seed in range(seed0, seed0 + games):
        rng = random.Random(seed)
        p1, p2 = (ROOT / "examples" / "decks" / f"{COLORS[k % 5]}.txt" for k in (seed, seed + 2))
        cmd = (f"cd {shlex.quote(str(folder))} && {shlex.quote(sys.executable)} -m zxdeck play "
               f"--p1 {p1} --p2 {p2} --seed {seed}; printf GAME-OVER; sleep 600")  # saves: data folder
        tmux("new-session", "-d", "-s", "g", "-x", str(cols), "-y", str(rows),
             "-e", f"ZXDECK_DATA_DIR={folder}", "-e", f"ZXDECK_CONFIG_DIR={folder}", cmd)
        last, deadline = "", time.monotonic() + 600
        while time.monotonic() < deadline:
            time.sleep(0.15)
            pane = tmux("capture-pane", "-p", "-t", "g")
            lines = pane.rstrip("\n").split("\n")
            if "GAME-OVER" in pane:  # the end screen, then the line the shell printed
                stats["screens"] += 1
                if not lines[0].startswith("== "):
                    stats["too_tall"] += 1
                    stats["examples"].append(f"end screen scrolled (seed {seed}):\n{pane}")
                break
            if pane == last or not re.search(r"> *$", lines[-1]):
                continue
            last = pane
            prompt = lines[-1]
            stats["screens"] += 1
            if not lines[0].startswith(("== ", "端末")):
                stats["too_tall"] += 1
                if len(stats["examples"]) < 3:
                    stats["examples"].append(f"scrolled (seed {seed}):\n{pane}")
            joined = tmux("capture-pane", "-p", "-J", "-t", "g").rstrip("\n").split("\n")
            stats["wrapped"] += len(lines) - len(joined)
            for line in joined:
                if str(folder) not in line and codes(line):
                    stats["code_lines"] += 1
                    if len(stats["examples"]) < 6:
                        stats["examples"].append(f"code {codes(line)} (seed {seed}): {line}")
            m = re.search(r"1-(\d+)", prompt)
            key = "y" if "(y/n)" in prompt else str(rng.randint(1, int(m.group(1)))) if m else "1"
            tmux("send-keys", "-t", "g", key, "Enter")
        else:
            stats["unfinished"] += 1
        tmux("kill-session", "-t", "g")
    tmux("kill-server")
    return stats


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--sizes", default="100x40,80x30,60x24")
    ap.add_argument("--narration", type=int, default=200, help="computer games to scan")
    ap.add_argument("--tmux", type=int, default=0, metavar="N",
                    help="also play N games per size in real terminals (tmux)")
    args = ap.parse_args()

    found = False
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["ZXDECK_DATA_DIR"] = tmp  # saves never go to the user's folder
        os.environ["ZXDECK_CONFIG_DIR"] = tmp
        specs = load_specs()
        print(f"{'size':>7} {'games':>5} {'screens':>7} {'too tall':>9} {'tallest':>7} "
              f"{'wide lines':>10} {'split tags':>10} {'code lines':>10}")
        examples = []
        for spec in args.sizes.split(","):
            cols, rows = map(int, spec.split("x"))
            st = measure(specs, (cols, rows), args.games, Path(tmp))
            print(f"{spec:>7} {st['games']:>5} {st['screens']:>7} "
                  f"{st['too_tall']:>4} {100 * st['too_tall'] / max(1, st['screens']):>3.0f}% "
                  f"{st['tallest']:>7} {st['wide_lines']:>10} {st['split_tags']:>10} "
                  f"{st['code_lines']:>10}")
            found |= bool(st["too_tall"] or st["wide_lines"] or st["code_lines"])
            examples += [f"[{spec}] {x}" for x in st["examples"]]
        if args.tmux:
            print(f"in tmux: {'size':>7} {'games':>5} {'screens':>7} {'scrolled':>8} "
                  f"{'wrapped':>7} {'code lines':>10} {'unfinished':>10}")
            for spec in args.sizes.split(","):
                cols, rows = map(int, spec.split("x"))
                st = tmux_games((cols, rows), args.tmux, Path(tmp))
                print(f"in tmux: {spec:>7} {st['games']:>5} {st['screens']:>7} "
                      f"{st['too_tall']:>8} {st['wrapped']:>7} {st['code_lines']:>10} "
                      f"{st['unfinished']:>10}")
                found |= bool(st["too_tall"] or st["wrapped"] or st["code_lines"]
                              or st["unfinished"])
                examples += [f"[tmux {spec}] {x}" for x in st["examples"]]
        if args.narration:
            total, bad, nex = narration_codes(args.narration)
            print(f"narration of {args.narration} computer games: {total} lines, {bad} with codes")
            found |= bool(bad)
            examples += nex
        for x in examples:
            print(x)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
