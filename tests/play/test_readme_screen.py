"""The screen of the terminal game shown in README.md is the real one: the block after the line
"A 100×40 terminal" is played again (the seed, decks and answers it names) and compared, line for
line, with what `zxdeck play` draws in a 100x40 terminal. To see the real screen (to paste it):
`python tests/play/test_readme_screen.py`."""

from __future__ import annotations

import io
import re
import sys
from pathlib import Path

from rich.console import Console

ROOT = Path(__file__).resolve().parents[2]
MARK = re.compile(r"A 100×40 terminal \(`zxdeck play --seed (\d+) --p1 (\S+) --p2 (\S+)`, "
                  r"answers ([\d ,]+) then `quit`\):\n\n```text\n(.*?)```", re.S)


def readme_block() -> tuple[int, str, str, list[str], list[str]]:
    m = MARK.search((ROOT / "README.md").read_text(encoding="utf-8"))
    assert m, "README.md: the 100x40 screen block and its line naming seed, decks and answers"
    answers = [a for a in re.split(r"[ ,]+", m.group(4).strip()) if a]
    return int(m.group(1)), m.group(2), m.group(3), answers, m.group(5).rstrip("\n").split("\n")


def real_screen(seed: int, p1: str, p2: str, answers: list[str]) -> list[str]:
    """The last screen drawn (from its first line), the prompt with `quit` and what follows."""
    from zxdeck.catalog import open_catalog
    from zxdeck.deck import read_deck
    from zxdeck.engine.decks import spec_from_deck
    from zxdeck.play import new_session

    cat = open_catalog(None)
    specs = [spec_from_deck(read_deck(str(ROOT / p), cat), name=Path(p).name) for p in (p1, p2)]
    buf = io.StringIO()
    console = Console(file=buf, width=300, force_terminal=False, color_system=None,
                      highlight=False, soft_wrap=True)
    script = iter([*answers, "quit"])
    marks: list[int] = []

    def answer(prompt: str) -> str:
        reply = next(script)
        marks.append(len(buf.getvalue()))
        buf.write(prompt + reply + "\n")  # as the terminal shows it
        return reply

    s = new_session(*specs, seed=seed, console=console, input_fn=answer, size=(100, 40))
    s.run()
    text = buf.getvalue()
    last = text[:marks[-1]]
    start = last.rfind("\n== ") + 1
    return text[start:].rstrip("\n").split("\n")


def test_readme_screen_is_the_real_one(user_dirs):
    """README.md's screen of the terminal game (issue 11: docs that never drift)."""
    seed, p1, p2, answers, block = readme_block()
    real = real_screen(seed, p1, p2, answers)
    saves = str(user_dirs / "data" / "saves")

    def same(x: str) -> str:  # the reader's own save folder and time stamp
        x = x.replace(saves, "~/.local/share/zxdeck/saves")
        return re.sub(r"zxdeck-game-(\d+)-\d{8}-\d{6}", r"zxdeck-game-\1-DATE", x).rstrip()

    n = next(i for i, x in enumerate(block) if x.endswith("> quit")) + 1
    assert [same(x) for x in real[:n]] == [same(x) for x in block[:n]]
    # after `quit`: where the game is saved and how to resume it (wrapped where the path falls)
    assert "".join(map(same, real[n:])).replace(" ", "") == "".join(map(same, block[n:])).replace(" ", "")


if __name__ == "__main__":
    import os
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        os.environ["ZXDECK_DATA_DIR"] = tmp + "/data"
        os.environ["ZXDECK_CONFIG_DIR"] = tmp + "/config"
        seed, p1, p2, answers, _ = readme_block()
        for line in real_screen(seed, p1, p2, answers):
            print(line.replace(tmp + "/data/saves", "~/.local/share/zxdeck/saves"))
    sys.exit(0)
