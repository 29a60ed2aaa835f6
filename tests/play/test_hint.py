"""`hint` in the terminal game: the hard level's three best choices in plain words, numbered
as in the question, fitted to the screen, and without changing the game."""

from __future__ import annotations

import json
import re

from play_kit import Person, capture_console

from zxdeck.play import new_session
from zxdeck.play.text import width


def play(tmp_path, specs, lines, name):
    console, buf = capture_console()
    s = new_session(specs["red"], specs["blue"], ai="heuristic", seed=2,
                    save_path=tmp_path / name, console=console, input_fn=Person(lines))
    s.hint_budget = 24  # a short search: the test is about the command, not the strength
    s.run()
    return s, buf.getvalue()


def test_hint_shows_three_numbered_choices_that_fit(tmp_path, specs):
    s, out = play(tmp_path, specs, ["1", "1", "1", "1", "hint", "help"], "a.json")
    head = out.index("ヒント (強さ hard")
    block = out[head:].split("\n")
    ranked = [line for line in block[1:5] if re.match(r"  \d\. ", line)]
    assert 2 <= len(ranked) <= 3
    for k, line in enumerate(ranked, 1):
        m = re.match(rf"  {k}\. 番号 (\d+)  勝つ見込み 約(\d+)%: \S", line)
        assert m, line
        assert 1 <= int(m.group(1)) <= len(s.menu) and 0 <= int(m.group(2)) <= 100
        assert width(line) <= 80
    assert "相手の手札は見ていません" in out[head:]
    assert "おすすめ 3 つと勝つ見込み" in out  # listed by help


def test_hint_does_not_change_the_game(tmp_path, specs):
    """The same typed numbers with and without hints give the same game, move for move."""
    numbers = ["1", "1", "1", "1", "2", "1", "1"]
    with_hints = [x for n in numbers for x in ("hint", n)]
    _, _ = play(tmp_path, specs, numbers, "plain.json")
    _, _ = play(tmp_path, specs, with_hints, "hinted.json")
    plain = json.loads((tmp_path / "plain.json").read_text(encoding="utf-8"))
    hinted = json.loads((tmp_path / "hinted.json").read_text(encoding="utf-8"))
    assert plain["actions"] == hinted["actions"] and len(plain["actions"]) > 10
    assert plain.get("play") == hinted.get("play")  # the computer's generator state too


def test_hint_lists_its_choices_by_estimated_chance(tmp_path, specs, monkeypatch):
    """The choices come highest estimate first, whatever order the search ranks them in
    (the friction: `1. 約44 %` above `3. 約45 %`); unsearched ones last."""
    from zxdeck.agents.mcts import Candidate
    from zxdeck.games.zx.agents import levels

    def fake_hint(game, top=3, budget=None):
        acts = game.legal_actions()
        return [Candidate(acts[0], 0.44, 10, 0.0), Candidate(acts[1], 0.30, 5, 0.0),
                Candidate(acts[2 % len(acts)], 0.45, 5, 0.0)]

    monkeypatch.setattr(levels, "hint", fake_hint)
    _, out = play(tmp_path, specs, ["1", "1", "1", "1", "hint", "help"], "o.json")
    block = out[out.index("ヒント (強さ hard"):].split("\n")[1:4]
    assert [int(re.search(r"約(\d+)%", line).group(1)) for line in block] == [45, 44, 30]


def test_hint_from_the_real_search_is_in_estimate_order(tmp_path, specs):
    _, out = play(tmp_path, specs, ["1", "1", "1", "1", "hint", "help"], "r.json")
    block = out[out.index("ヒント (強さ hard"):].split("\n")[1:4]
    chances = [int(m.group(1)) for line in block if (m := re.search(r"約(\d+)%", line))]
    assert len(chances) >= 2 and chances == sorted(chances, reverse=True)


def test_ctrl_c_while_the_hint_thinks_cancels_the_hint_not_the_game(tmp_path, specs, monkeypatch):
    from zxdeck.games.zx.agents import levels

    def interrupted(game, top=3, budget=None):
        raise KeyboardInterrupt

    monkeypatch.setattr(levels, "hint", interrupted)
    numbers = ["1", "1", "1", "1", "2", "1", "1"]
    s, out = play(tmp_path, specs, ["1", "1", "1", "1", "hint", "2", "1", "1"], "c.json")
    assert "ヒントを取り消しました" in out and "中断しました (Ctrl-C)" not in out
    _, _ = play(tmp_path, specs, numbers, "p.json")
    hinted = json.loads((tmp_path / "c.json").read_text(encoding="utf-8"))
    plain = json.loads((tmp_path / "p.json").read_text(encoding="utf-8"))
    assert hinted["actions"] == plain["actions"] and len(plain["actions"]) > 10
