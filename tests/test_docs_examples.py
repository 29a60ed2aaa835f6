"""Every console example of README.md and docs/*.md is run, and its output compared with the real one.

How to write an example that this harness checks (README.md, "Development", says the same):

- Only ```console blocks are run. A line that starts with `$ ` is a command (a
  command line ending with ` \\` goes on over the next line); the lines after it,
  up to the next `$ ` line or the end of the block, are its output: standard
  output and standard error, as a terminal shows them.
- `...` alone on a line matches any number of lines (none too). `...` inside a
  line matches any text within that line (`.../data/cards.yaml`).
- Spaces at the end of a line and blank lines at the end of an output are
  ignored.
- What truly varies from one run or machine to the next is normalized before
  comparing: the home folder is shown as `~`, and any timestamp
  (`2026-11-21T06:29:35Z`) or duration (`0.42 s`) matches any other. Paths,
  digests, counts and everything else must be the real thing.
- The commands of a block run with bash, one after the other, in a new
  temporary folder holding a copy of the repository's `examples/` (so a file
  written by `--log game.jsonl` or `--save game.json` stays there and the next
  command of the block can read it). HOME is a temporary folder shared by all
  blocks (the catalog cache is `~/.cache/zxdeck/...`); COLUMNS=100, LINES=40,
  NO_COLOR=1, TZ=UTC, no standard input. `zxdeck` is this checkout, run by the
  Python that runs the tests, and so are `python` and `python3` (an example script that
  imports zxdeck or an optional extra finds them).
- A command that needs a person (the terminal game, the replay viewer) belongs
  in a ```sh block, and a screen of the terminal game in a ```text block: those
  are not run here, so keep them faithful by hand; the README's 100×40 screen
  is played again (the seed, decks and answers its line names) and compared by
  tests/play/test_readme_screen.py.

To see the real output of a file's examples (to paste it):
`python tests/test_docs_examples.py README.md docs/SEARCH.md`.
"""

from __future__ import annotations

import difflib
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
FENCE = re.compile(r"^(`{3,}|~{3,})\s*([\w+-]*)")
TIMESTAMP = re.compile(r"\b\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:?\d\d)?")
DURATION = re.compile(r"\b\d+\.\d+ ?(?:s|ms)\b|\b\d+ ?ms\b")
COMMAND_TIMEOUT = 300


@dataclass
class Command:
    line: int  # 1-based line of the `$ ` in the file
    command: str
    expected: list[str]


@dataclass
class Block:
    path: Path
    line: int  # 1-based line of the opening fence
    commands: list[Command]

    @property
    def name(self) -> str:
        return f"{self.path.relative_to(REPO).as_posix()}:{self.line}"


def console_blocks(path: Path) -> list[Block]:
    """The ```console blocks of a Markdown file, each as its commands and their shown output."""
    blocks: list[Block] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        fence, lang, start = m.group(1), m.group(2), i
        i += 1
        body: list[tuple[int, str]] = []
        while i < len(lines) and not lines[i].startswith(fence[0] * len(fence)):
            body.append((i + 1, lines[i]))
            i += 1
        i += 1
        if lang == "console":
            blocks.append(Block(path, start + 1, parse_console(body, path)))
    return blocks


def parse_console(body: list[tuple[int, str]], path: Path) -> list[Command]:
    commands: list[Command] = []
    j = 0
    while j < len(body):
        number, text = body[j]
        if text.startswith("$ "):
            command = text[2:]
            while command.endswith("\\") and j + 1 < len(body):
                j += 1
                command = command[:-1] + "\n" + body[j][1]
            commands.append(Command(number, command, []))
        elif commands:
            commands[-1].expected.append(text)
        elif text.strip():
            raise ValueError(f"{path}:{number}: a console block must start with a `$ ` command line")
        j += 1
    return commands


def normalize(text: str, home: str | None = None) -> list[str]:
    """Lines without trailing spaces or trailing blank lines; the home folder as `~`;
    timestamps and durations as placeholders."""
    if home:
        text = text.replace(home, "~")
    text = TIMESTAMP.sub("<TIMESTAMP>", text)
    text = DURATION.sub("<DURATION>", text)
    lines = [line.rstrip() for line in text.splitlines()]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def pattern(expected: list[str]) -> re.Pattern[str]:
    """The regular expression of an expected output: `...` lines match any lines, `...` in a
    line any text of that line, everything else itself."""
    parts = []
    for line in expected:
        if line.strip() == "...":
            parts.append(r"(?:[^\n]*\n)*?")
        else:
            parts.append(".*?".join(re.escape(piece) for piece in line.split("...")) + r"\n")
    return re.compile("".join(parts))


def matches(expected: list[str], actual: list[str]) -> bool:
    return pattern(expected).fullmatch("".join(f"{line}\n" for line in actual)) is not None


class Sandbox:
    """Where examples run: a temporary HOME shared by all blocks, and a `zxdeck` on PATH that is
    this checkout run by this Python."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.home = root / "home"
        self.home.mkdir(parents=True, exist_ok=True)
        bin_dir = root / "bin"
        bin_dir.mkdir(exist_ok=True)
        shim = bin_dir / "zxdeck"
        shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m zxdeck "$@"\n', encoding="utf-8")
        shim.chmod(shim.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        for name in ("python", "python3"):  # the Python of the tests, with zxdeck and its extras
            link = bin_dir / name
            link.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n', encoding="utf-8")
            link.chmod(link.stat().st_mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
        keep = {k: v for k, v in os.environ.items()
                if k in ("PATH", "SYSTEMROOT", "TMPDIR", "TEMP", "TMP")}
        self.env = {
            **keep,
            "PATH": f"{bin_dir}{os.pathsep}{keep.get('PATH', '/usr/bin:/bin')}",
            "HOME": str(self.home),
            "PYTHONPATH": str(REPO),
            "PYTHONIOENCODING": "utf-8",
            "PYTHONUNBUFFERED": "1",  # stdout and stderr interleave as on a terminal
            "LC_ALL": "C.UTF-8",
            "LANG": "C.UTF-8",
            "COLUMNS": "100",
            "LINES": "40",
            "NO_COLOR": "1",
            "TERM": "dumb",
            "TZ": "UTC",
        }
        self.blocks = 0

    def workdir(self) -> Path:
        """A new folder for one block, with a copy of the repository's examples/."""
        self.blocks += 1
        where = self.root / f"block{self.blocks}"
        shutil.copytree(REPO / "examples", where / "examples")
        return where

    def run(self, command: str, cwd: Path) -> str:
        done = subprocess.run(["bash", "-c", command], cwd=cwd, env=self.env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              timeout=COMMAND_TIMEOUT, check=False)
        return done.stdout.decode("utf-8", errors="replace")


ALL_BLOCKS = [block for doc in DOCS for block in console_blocks(doc)]


@pytest.fixture(scope="module")
def sandbox(tmp_path_factory: pytest.TempPathFactory) -> Sandbox:
    return Sandbox(tmp_path_factory.mktemp("docs-examples"))


@pytest.mark.parametrize("block", ALL_BLOCKS, ids=[b.name for b in ALL_BLOCKS])
def test_console_example_is_the_real_output(block: Block, sandbox: Sandbox) -> None:
    cwd = sandbox.workdir()
    for cmd in block.commands:
        out = sandbox.run(cmd.command, cwd)
        actual = normalize(out, str(sandbox.home))
        expected = normalize("\n".join(cmd.expected))
        if not matches(expected, actual):
            diff = "\n".join(difflib.unified_diff(expected, actual, "shown", "real", lineterm=""))
            pytest.fail(f"{block.path.name}:{cmd.line}: `$ {cmd.command}` prints something else "
                        f"than the example shows:\n{diff}\n\nThe real output:\n{out}", pytrace=False)


def test_the_documents_have_console_examples() -> None:
    """The harness finds the examples (a parser that found none would pass everything)."""
    names = {b.path.name for b in ALL_BLOCKS}
    assert {"README.md", "SEARCH.md"} <= names
    assert sum(len(b.commands) for b in ALL_BLOCKS) >= 15
    assert all(b.commands for b in ALL_BLOCKS)


def test_console_blocks_are_read_with_commands_continuations_and_outputs(tmp_path: Path) -> None:
    doc = tmp_path / "x.md"
    doc.write_text("text\n```console\n$ echo a \\\n  b\na b\n\n$ true\n```\n```sh\n$ rm -rf /\n```\n",
                   encoding="utf-8")
    (block,) = console_blocks(doc)
    assert block.line == 2
    assert [(c.line, c.command, c.expected) for c in block.commands] == [
        (3, "echo a \n  b", ["a b", ""]), (7, "true", [])]


@pytest.mark.parametrize(("expected", "actual", "ok"), [
    (["a", "b"], ["a", "b"], True),
    (["a", "b"], ["a", "c"], False),
    (["a"], ["a", "b"], False),  # an output longer than shown is a mismatch
    (["a", "..."], ["a", "b", "c"], True),
    (["a", "...", "d"], ["a", "d"], True),  # `...` matches no line as well
    (["a", "...", "d"], ["a", "b", "c", "d"], True),
    (["a", "...", "d"], ["a", "b", "c"], False),
    (["catalog .../data/cards.yaml"], ["catalog /home/u/zx/data/cards.yaml"], True),
    (["catalog .../data/cards.yaml"], ["catalog /home/u/zx/data/cards.yml"], False),
    (["x ... y"], ["x a", "b y"], False),  # `...` inside a line stays inside the line
    (["a (b) [c] *"], ["a (b) [c] *"], True),  # no regular expression in the text
    (["a (b)"], ["a b"], False),
])
def test_dots_match_lines_and_text_within_a_line(expected: list[str], actual: list[str], ok: bool) -> None:
    assert matches(expected, actual) is ok


def test_only_home_timestamps_and_durations_are_normalized() -> None:
    shown = normalize("database  ~/.cache/x.sqlite\nbuilt     2026-11-21T06:29:35Z\nin 0.42 s\n\n")
    real = normalize("database  /tmp/h/.cache/x.sqlite  \nbuilt     2031-01-02T03:04:05Z\nin 12.5 s\n",
                     home="/tmp/h")
    assert shown == real == ["database  ~/.cache/x.sqlite", "built     <TIMESTAMP>", "in <DURATION>"]
    assert normalize("digest sha256:58b8") != normalize("digest sha256:58b9")


def _print_real_outputs(paths: list[str]) -> None:
    """The real output of every console example of `paths`, in the documents' format."""
    with tempfile.TemporaryDirectory() as tmp:
        box = Sandbox(Path(tmp))
        for path in paths:
            for block in console_blocks(Path(path).resolve()):
                print(f"--- {block.name}")
                cwd = box.workdir()
                for n, cmd in enumerate(block.commands):
                    if n:
                        print()
                    print("$ " + cmd.command.replace("\n", "\\\n"))
                    print("\n".join(normalize(box.run(cmd.command, cwd), str(box.home))).replace(
                        "<TIMESTAMP>", "2026-11-21T06:29:35Z").replace("<DURATION>", "0.42 s"))


if __name__ == "__main__":
    _print_real_outputs(sys.argv[1:] or [str(p) for p in DOCS])
