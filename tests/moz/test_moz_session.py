"""MOZ's terminal game for a person (zxdeck.games.moz.play.session): the Japanese screen fits
100x40 and 80x30, every change of a total is narrated with its cause, the commands (help,
card, hand, hint, more) answer, a scripted person plays a whole match to its result, and
Ctrl-C during a hint cancels the hint only."""

from __future__ import annotations

import itertools
import re

import pytest
from moz_fixture import fixture_deck

from zxdeck.games.moz.agents import make_agent
from zxdeck.games.moz.engine import Game
from zxdeck.games.moz.play.session import HELP, MozSession, describe_ja, narrate
from zxdeck.termtext import width

SIZES = [(100, 40), (80, 30), (60, 24)]  # 60x24: the smallest screen Z/X's session fits too


def position(seed: int, decisions: int) -> Game:
    """A seeded position after `decisions` heuristic moves, at a decision of p1."""
    g = Game(fixture_deck(1), fixture_deck(2), seed=seed)
    a, b = make_agent("heuristic", 1), make_agent("heuristic", 2)
    n = 0
    while not g.is_over() and (n < decisions or g.current_player() != 0):
        g.apply((a, b)[g.current_player()].choose(g))
        n += 1
    return g


def session(g: Game, cols: int, rows: int, answers: list[str] | None = None) -> tuple[MozSession, list[str]]:
    said: list[str] = []
    it = iter(answers or [])
    s = MozSession(g, [None, make_agent("heuristic", 2)], 0, lambda _p: next(it, "q"), said.append,
                   cols=cols, rows=rows, clear=False, hint_budget=20)
    return s, said


@pytest.mark.parametrize(("cols", "rows"), SIZES)
@pytest.mark.parametrize(("seed", "decisions"), [(1, 0), (4, 15), (9, 40), (12, 70)])
def test_the_screen_fits_the_terminal(cols: int, rows: int, seed: int, decisions: int) -> None:
    g = position(seed, decisions)
    s, _ = session(g, cols, rows)
    s.catch_up()
    options = [(a, describe_ja(g, a)) for a in g.legal_actions()]
    for extra in ([], HELP.splitlines(), ["x"] * 60):
        s.extra = extra
        lines = s.screen(options)
        assert len(lines) <= rows - 1  # the prompt's line is the last
        assert max(width(t) for t in lines) <= cols
        assert any(t.startswith(" 1. ") for t in lines)  # the question is always on the screen
    s.extra = []
    lines = s.screen(options)
    assert "あなた (p1)" in "\n".join(lines) and "相手 (p2)" in "\n".join(lines)
    for face in ("上", "左", "右", "下"):
        assert any(t.startswith(f"  {face} ") or f"{face}[" in t or f" {face} " in t for t in lines)


def test_many_choices_come_a_page_at_a_time() -> None:
    g = position(4, 15)
    while len(g.legal_actions()) < 12:
        g = position(4, len(g.history) + 1)
    s, _ = session(g, 80, 30)
    options = [(a, describe_ja(g, a)) for a in g.legal_actions()]
    s.extra = HELP.splitlines()
    first = s.screen(options)
    assert any("more (m)" in t for t in first)
    s.page += 1
    second = s.screen(options)
    assert [t for t in first if t[:3].strip().rstrip(".").isdigit()] != \
        [t for t in second if t[:3].strip().rstrip(".").isdigit()]


def test_the_narration_never_names_the_opponents_hidden_cards() -> None:
    """N-3: the opponent's opening hand, drawn cards and face-down placements are told without
    their names; the person's own are named."""
    told = {"draw": 0, "down": 0, "mine": 0}
    for seed in (3, 7, 21):
        g = Game(fixture_deck(1), fixture_deck(2), seed=seed)
        a, b = make_agent("heuristic", 1), make_agent("random", 2)  # random plays face down too
        while not g.is_over() and len(g.history) < 80:
            g.apply((a, b)[g.current_player()].choose(g))
        for rec in g.records:
            ev, seat = rec["event"], rec.get("player")
            text = narrate(g, rec, 0) or ""
            if ev == "opening_hand" and seat == "p2":
                assert not any(g.cards[i].name in text for i in rec["cards"])
            if ev == "draw" and seat == "p2":
                assert g.cards[rec["card"]].name not in text and text == "相手は1枚引いた"
                told["draw"] += 1
            if ev == "place" and seat == "p2" and not rec["face_up"]:
                assert g.cards[rec["card"]].name not in text and "裏向き" in text
                told["down"] += 1
            if ev == "draw" and seat == "p1":
                assert g.cards[rec["card"]].name in text
                told["mine"] += 1
        s, _ = session(g, 100, 40)
        board = "\n".join(s.board(100))
        for f in range(4):
            for i in g.faces[1][f]:
                if i in g.down:
                    assert "[裏向き]" in board
    assert all(told.values()), told


def test_every_change_of_a_total_is_narrated_with_its_cause() -> None:
    """P-1, P-2: whenever a side's total changes within a round, the log says from what to
    what and why (the card placed, a power effect and its source, a continuous effect, a
    special), and the amounts of the causes add up to the change."""
    for seed in (2, 5, 8, 13, 21):
        g = Game(fixture_deck(1), fixture_deck(2), seed=seed)
        said: list[str] = []
        s = MozSession(g, [make_agent("heuristic", 1), make_agent("heuristic", 2)], 0, lambda _p: "q",
                       said.append, cols=100, rows=40, clear=False)
        changes = 0
        while not g.is_over():
            before = s.state
            g.apply(s.agents[g.current_player()].choose(g))
            n = len(s.log)
            s.catch_up()
            after = s.state
            if before[2] == after[2]:
                for p in (0, 1):
                    if before[0][p] != after[0][p]:
                        who = "あなた" if p == 0 else "相手"
                        line = next(t for t in s.log[n:] if f"{who}の合計 {before[0][p]} → {after[0][p]}" in t)
                        causes = line.split(" (", 1)[1].rstrip(")").split("、「")
                        amounts = [int(m) for c in causes for m in re.findall(r" ([+-]\d+)$", c)]
                        assert len(amounts) == len(causes) and "場の効果" not in line, line
                        assert sum(amounts) == after[0][p] - before[0][p], line  # the causes add up
                        changes += 1
        assert changes > 5


def test_every_event_is_told_in_japanese() -> None:
    g = Game(fixture_deck(3), fixture_deck(4), seed=6)
    a, b = make_agent("heuristic", 1), make_agent("random", 2)
    while not g.is_over():
        g.apply((a, b)[g.current_player()].choose(g))
    for rec in g.records:
        text = narrate(g, rec, 0)
        assert text is None or not text.startswith("("), rec["event"]  # no English fallback


def test_commands_help_card_hand_and_unknown_input() -> None:
    g = position(4, 15)
    name = g.cards[g.hand[0][0]].name
    s, said = session(g, 100, 40, ["help", f"card {name}", "card 1", "card no-such-card", "hand", "zzz", "q"])
    s.run()
    out = "\n".join(said)
    for command in ("help", "board", "hand", "card", "log", "hint", "more", "save", "quit"):
        assert command in out
    assert f"{name} (MOZ-" in out and "パワー" in out or "召喚属性" in out or "(能力なし)" in out
    assert "という名前のカードはありません" in out
    assert "は選択肢でもコマンドでもありません" in out


def test_the_command_words_are_the_cores_as_in_zx() -> None:
    """MOZ reads the words of every game's session (zxdeck.terminal.session, Z/X's): `h` is help
    (it was MOZ's hand), `hand` the hand, `c` the card look-up, `save` saves and stops."""
    from zxdeck.terminal.session import COMMAND_WORDS

    g = position(4, 15)
    hand = g.hand[0]
    s, said = session(g, 100, 40, ["h"])
    s.run()
    assert HELP.splitlines()[1] in said and "hand           手札の一覧 (番号つき)" in "\n".join(said)
    s, said = session(g, 100, 40, ["hand"])
    s.run()
    out = "\n".join(said)
    assert HELP.splitlines()[1] not in said and f"1) {g.cards[hand[0]].name} (" in out
    s, said = session(g, 100, 40, ["c 1"])
    s.run()
    assert f"{g.cards[hand[0]].name} ({g.cards[hand[0]].id}," in "\n".join(said)
    moves = len(g.history)
    s, said = session(g, 100, 40, ["save", "1"])
    assert s.run() is g and len(g.history) == moves  # `save` stopped before the choice 1
    for name, aliases in COMMAND_WORDS.items():
        for word in (name, *aliases):
            assert s.commands.find(word) is not None, word


def test_a_scripted_person_plays_a_whole_match_to_its_result() -> None:
    """A match through the session's input only: numbers, with commands in between, to the end (W-1)."""
    g = Game(fixture_deck(5), fixture_deck(6), seed=8)
    answers = itertools.cycle(["b", "1", "log 3", "", "2", "1"])
    said: list[str] = []
    moves: list[int] = []
    s = MozSession(g, [None, make_agent("heuristic", 2)], 0, lambda _p: next(answers), said.append,
                   on_move=lambda gg: moves.append(len(gg.history)), cols=80, rows=30, clear=False)
    s.run()
    assert g.is_over() and g.reason in ("vp", "turn_limit", "deck_out")
    assert any(t.startswith("試合終了") for t in s.log)
    last = said[-29:]  # the last screen: the board and the end of the narration, within 80x30
    assert any("試合終了" in t for t in last) and max(width(t) for t in last) <= 80
    assert moves[-1] == len(g.history)  # the autosave hook ran after the last move


def test_the_same_script_gives_the_same_screens() -> None:
    def play() -> list[str]:
        g = Game(fixture_deck(5), fixture_deck(6), seed=3)
        answers = itertools.cycle(["1", "2"])
        said: list[str] = []
        MozSession(g, [None, make_agent("heuristic", 2)], 0, lambda _p: next(answers), said.append,
                   cols=100, rows=40, clear=False).run()
        return said

    assert play() == play()


def test_ctrl_c_during_a_hint_cancels_the_hint_only(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*_a: object, **_k: object) -> list:
        raise KeyboardInterrupt

    monkeypatch.setattr("zxdeck.games.moz.agents.hint.hint", interrupted)
    g = position(4, 15)
    before = len(g.history)
    s, said = session(g, 100, 40, ["hint", "1", "q"])
    s.run()
    assert any("ヒントを取り消しました" in t for t in said)
    assert len(g.history) > before  # the question went on and "1" was played


def test_hint_in_the_session_names_the_menu_numbers() -> None:
    g = position(4, 15)
    choices = len(g.legal_actions())
    s, said = session(g, 100, 40, ["hint", "q"])
    s.run()
    out = "\n".join(said)
    assert "ヒント (" in out and out.count("勝つ見込み 約") == min(3, choices) and "番号 1 " in out
