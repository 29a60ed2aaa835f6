"""The screen fits the terminal (issue 11): every decision of whole games at 100x40 and 80x30 fits
without scrolling; at 60 columns nothing wraps; below 60x24 a message says so. Text wraps without
ever splitting a card name, a #N tag or a word; `help` prints its lines as written."""

from __future__ import annotations

import io
import random
import re

from hypothesis import given, settings
from hypothesis import strategies as st
from play_kit import Person, choices_in
from rich.console import Console
from wcwidth import wcswidth

from zxdeck.play import new_session
from zxdeck.play.session import HELP
from zxdeck.play.text import wrap

COLORS = ("red", "blue", "white", "black", "green")


def rows_of(lines: list[str], cols: int) -> int:
    """Terminal rows the lines take (the terminal wraps a line wider than itself)."""
    return sum(max(1, -(-wcswidth(x) // cols)) for x in lines)


def play_screens(tmp_path, specs, size, games, seed0=0):
    """Whole games at a terminal of `size` (random choices), saved where a game is saved by
    default (the data folder: a long path): every screen, as the lines printed from the top line
    of the screen to the prompt (the prompt line itself not included)."""
    screens: list[list[str]] = []
    for k in range(seed0, seed0 + games):
        rng = random.Random(k)
        buf = io.StringIO()
        console = Console(file=buf, width=300, force_terminal=False, color_system=None,
                          highlight=False, soft_wrap=True)

        def answer(prompt: str, buf=buf, rng=rng) -> str:
            text = buf.getvalue()
            buf.seek(0)
            buf.truncate()
            screens.append(text.rstrip("\n").split("\n"))
            n = choices_in(prompt)
            return "y" if "(y/n)" in prompt else str(rng.randint(1, n))

        s = new_session(specs[COLORS[k % 5]], specs[COLORS[(k + 2) % 5]], seed=k,
                        console=console, input_fn=Person(fallback=answer), size=size)
        assert s.run() == 0 and s.g.is_over()
        screens.append(buf.getvalue().rstrip("\n").split("\n"))  # the end: the shell's prompt next
    out = []
    for lines in screens:
        top = next((i for i, x in enumerate(lines) if x.startswith(("== ", "端末"))), None)
        if top is not None:  # a full screen (not a second question or a hint)
            out.append(lines[top:])
    return out


def test_every_decision_fits_100x40_and_80x30(tmp_path, specs):
    """A person plays whole games without scrolling: every screen (field, zones, news, question,
    every choice) is at most as tall and as wide as the terminal, prompt included."""
    for size, games in (((100, 40), 4), ((80, 30), 4)):
        cols, rows = size
        screens = play_screens(tmp_path, specs, size, games)
        assert len(screens) > 60
        for lines in screens:
            assert rows_of(lines, cols) + 1 <= rows, (size, len(lines), "\n".join(lines))
            for line in lines:
                if "zxdeck replay" not in line:  # a command to copy is never wrapped by zxdeck
                    assert wcswidth(line) <= cols, (size, line)
        grid = [x for x in screens[-1] if x.startswith("  +")]
        assert grid and all(wcswidth(x) == wcswidth(grid[0]) for x in grid)


def test_60x24_every_screen_fits_and_the_field_never_wraps(tmp_path, specs):
    """At the minimum, 60x24 (the compact layout): every screen, prompt included, is at most 24
    lines, no line is wider than the terminal, and the field's borders line up (with or without
    the lines between its rows); choices that do not fit come a page at a time."""
    screens = play_screens(tmp_path, specs, (60, 24), 3, seed0=7)
    assert len(screens) > 40
    for lines in screens:
        assert rows_of(lines, 60) + 1 <= 24, "\n".join(lines)
        for line in lines:
            if "zxdeck replay" not in line:
                assert wcswidth(line) <= 60, line
        grid = [x for x in lines if x.startswith(("  +", "  |"))]
        assert len(grid) in (8, 10) and len({wcswidth(x) for x in grid}) == 1, grid
    assert not any("端末が小さすぎます" in x for lines in screens for x in lines)


def test_hints_and_second_questions_keep_the_screen_in_place(tmp_path, specs):
    """A wrong answer, the square of a collapsed choice and the end-of-turn confirmation draw the
    screen again with their line in it: the header stays on the terminal's first line."""
    rng = random.Random(5)
    seen = {"hint": 0, "square": 0}

    def answer(prompt: str) -> str:
        if "0 で戻る" in prompt:
            seen["square"] += 1
            return str(rng.randint(1, choices_in(prompt)))
        if "(y/n)" in prompt:
            return "y"
        if rng.random() < 0.15:
            seen["hint"] += 1
            return rng.choice(["xyz", "99", ""])
        return str(rng.randint(1, choices_in(prompt)))

    prompts: list[str] = []
    for seed in range(3, 7):
        buf = io.StringIO()
        console = Console(file=buf, width=300, force_terminal=False, color_system=None,
                          highlight=False, soft_wrap=True)

        def recorded(prompt: str, buf: io.StringIO = buf) -> str:
            prompts.append(buf.getvalue())
            buf.seek(0)
            buf.truncate()
            return answer(prompt)

        s = new_session(specs["red"], specs[COLORS[seed % 5]], seed=seed,
                        save_path=tmp_path / f"g{seed}.json", console=console,
                        input_fn=Person(fallback=recorded), size=(60, 24))
        assert s.run() == 0
    assert seen["hint"] > 3 and seen["square"] > 0
    for text in prompts:
        text = text.removeprefix("相手の番です...\n")  # printed, then the terminal is cleared
        lines = text.rstrip("\n").split("\n")
        assert lines[0].startswith("== "), text  # every question is a whole screen
        assert len(lines) + 1 <= 24, text
    hints = [t.removeprefix("相手の番です...\n") for t in prompts if "は選択肢でもコマンドでもありません" in t or "という選択肢はありません" in t
             or "番号 (1-" in t]
    assert hints and all(t.startswith("== ") for t in hints)


def test_choices_that_do_not_fit_come_a_page_at_a_time(tmp_path, specs):
    """When even the smallest layout has no room for every choice, a page of them is shown with a
    line saying so; `more` shows the next page, and any number can be chosen from any page."""
    pages: list[str] = []
    state = {"more": 0}

    def answer(prompt: str) -> str:
        text = out.getvalue()
        out.seek(0)
        out.truncate()
        if "(y/n)" in prompt:
            return "y"
        if "ページ: more で次" in text and state["more"] < 6:
            pages.append(text)
            state["more"] += 1
            return "more"
        return "1"

    out = io.StringIO()
    console = Console(file=out, width=300, force_terminal=False, color_system=None,
                      highlight=False, soft_wrap=True)
    s = new_session(specs["red"], specs["blue"], seed=0, save_path=tmp_path / "p.json",
                    console=console, input_fn=Person(fallback=answer), size=(60, 24))
    s.run()
    assert len(pages) >= 2
    first = pages[0]
    numbers = [int(n) for n in re.findall(r"^ {0,2}(\d+)\)", first, re.M)]
    m = re.search(r"\((\d+)/(\d+)ページ", first)
    assert m and m.group(1) == "1" and numbers[0] == 1
    after = pages[1] if len(pages) > 1 else ""
    m2 = re.search(r"\((\d+)/(\d+)ページ", after)
    assert m2 and m2.group(1) == "2"
    assert [int(n) for n in re.findall(r"^ {0,2}(\d+)\)", after, re.M)][0] == numbers[-1] + 1


def test_below_the_minimum_a_clear_message(tmp_path, specs):
    screens = play_screens(tmp_path, specs, (50, 20), 1)
    assert len(screens) > 10
    for lines in screens:
        assert "端末が小さすぎます (50x20): 60x24 以上に広げてください。" in lines


def test_help_screen_prints_its_lines_exactly(tmp_path, specs):
    """`help` prints HELP line for line (no newline shown as '?', nothing rewrapped) at any width
    from 60 columns."""
    for size in ((60, 24), (80, 30), (100, 40)):
        buf = io.StringIO()
        console = Console(file=buf, width=size[0], force_terminal=False, color_system=None,
                          highlight=False, soft_wrap=True)
        s = new_session(specs["red"], specs["blue"], seed=1, save_path=tmp_path / "h.json",
                        console=console, input_fn=Person(["help"]), size=size)
        s.run()
        out = buf.getvalue().split("\n")
        start = out.index(HELP.split("\n")[0])
        assert out[start:start + HELP.count("\n") + 1] == HELP.split("\n")
    assert "?" not in HELP.replace("help (?)", "")
    assert all(wcswidth(line) <= 60 for line in HELP.split("\n"))
    assert HELP.split("\n")[3:14] == [
        "  help (?)     この説明",
        "  board (b)    画面を描き直す",
        "  hand         手札とデュナミスの一覧",
        "  card N       カード #N の全文 (card 名前 でも可)",
        "  log [N]      これまでの経過 (最後の N 行)",
        "  zones        両者のチャージとトラッシュ",
        "  set          設定の一覧 (例: set confirm_end off)",
        "  hint         おすすめ 3 つと勝つ見込み (hard の AI)",
        "  more (m)     選択肢の次のページ (画面に入りきらない時)",
        "  concede      投了する",
        "  quit (q)     保存して中断 (Ctrl-C、Ctrl-D でも保存)",
    ]


NAMES = ["紅蓮皇竜オーバーブレイズ", "熔岩の竜騎士ファルヴィス", "IGオーバーブースト・赤", "蒼雷機兵シオノス",
         "剣臨・紅蓮剣", "電脳姫ミラージュ+剣臨・蒼穹砲"]
PIECES = st.one_of(
    st.sampled_from(NAMES).map(lambda n: f"「{n}」"),
    st.integers(1, 40).map(lambda n: f"#{n}"),
    st.integers(1, 30).map(lambda n: f"{n})中央左[入替]"),
    st.sampled_from(["を登場", "にアタック", "のパワー+2000", "P11000", "スリープ", "(コスト3):", "、", "。",
                     "the", "choices", "相手のゼクス1体に6000ダメージを与える"]),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(PIECES, st.sampled_from(["", " "])), min_size=1, max_size=30),
       st.integers(min_value=30, max_value=100), st.sampled_from(["", "  ", "      "]))
def test_wrap_never_splits_a_card_name_a_tag_or_a_word(parts, cols, indent):
    """Wrapping (every text of the game goes through it) keeps each 「name」, #N tag, numbered
    square and word on one line, and loses nothing but the spaces where it breaks."""
    # ASCII pieces stand apart (as in the game's text); Japanese ones may touch
    text = "".join(p + (" " if p[-1].isascii() or p[0].isascii() else sep) for p, sep in parts).strip()
    lines = wrap(text, cols, indent)
    assert all(wcswidth(x) <= cols for x in lines)
    assert "".join(x.strip() for x in lines).replace(" ", "") == text.replace(" ", "")
    joined = "\n".join(lines)
    for piece, _ in parts:
        if re.fullmatch(r"「.*」|#\d+|\d+\)\S+|[A-Za-z0-9+()\[\]:]+", piece) and wcswidth(piece) <= cols - len(indent):
            assert piece in joined, (piece, lines)
    tags = re.findall(r"#\d+", text)
    assert re.findall(r"#\d+", joined) == tags  # no '#1' / '2' split into another card's tag
