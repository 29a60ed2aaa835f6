"""The core's pieces of every game's terminal session (zxdeck.terminal.session): the command
words and their table, parsing a typed line, confirmations, choices a page at a time, the
autosave of the last whole move and the Ctrl-C / SIGTERM guard."""

from __future__ import annotations

import os
import signal

import pytest

from zxdeck.terminal.interrupts import Terminated
from zxdeck.terminal.session import (
    COMMAND_WORDS,
    STOP,
    Autosave,
    CommandTable,
    confirm,
    guarded,
    parse,
    split_pages,
)


def test_the_table_finds_a_command_by_any_of_its_words() -> None:
    table = CommandTable()
    table.add("help", lambda arg: "help")
    table.add("quit", lambda arg: STOP)
    table.add("zones", lambda arg: "zones", ("trash",))
    for word in ("help", "?", "h", "ヘルプ"):
        assert table.find(word)("") == "help"
    for word in ("quit", "q", "exit", "save"):
        assert table.find(word)("") is STOP
    assert table.find("trash")("") == "zones"
    assert table.find("hand") is None and table.find("he") is None and table.find("") is None
    assert table.names() == ["help", "quit", "zones"]


def test_a_word_belongs_to_one_command_only() -> None:
    table = CommandTable()
    table.add("hand", lambda arg: None, extra=("手札",))
    with pytest.raises(ValueError, match="'h'"):
        table.add("hand2", lambda arg: None, ("h",))  # h is help's, for every game
    with pytest.raises(ValueError, match="手札"):
        table.add("zones", lambda arg: None, ("手札",))
    with pytest.raises(ValueError, match="COMMAND_WORDS"):
        table.add("help", lambda arg: None, ("ayuda",))
    assert set(COMMAND_WORDS) == {"help", "board", "hand", "card", "log", "hint", "more", "quit"}


def test_a_typed_line_is_a_number_or_a_word_and_its_argument() -> None:
    assert parse(" 12 ") == ("12", 12, "", "")
    assert parse("１２").number == 12  # full-width digits (NFKC)
    assert parse("Card  ガルーダ  2").word == "card" and parse("Card  ガルーダ  2").arg == "ガルーダ 2"
    assert parse("").number is None and parse("").word == ""
    assert parse("²").number == 2  # NFKC: a superscript two is a 2
    assert parse("٣").number is None  # a digit that is not ASCII is not a choice


def test_confirm_is_yes_only_for_yes() -> None:
    assert all(confirm(lambda _p, a=a: a, "?") for a in ("y", "YES", " はい ", "ｙ"))
    assert not any(confirm(lambda _p, a=a: a, "?") for a in ("n", "", "yy", "いいえ"))

    def eof(_prompt: str) -> str:
        raise EOFError

    assert not confirm(eof, "?")


def test_pages_keep_each_choice_whole() -> None:
    entries = [["1) a", "   text"], ["2) b"], ["3) c", "   x", "   y"], ["4) d"]]
    pages = split_pages(entries, 3)
    assert pages == [["1) a", "   text", "2) b"], ["3) c", "   x", "   y"], ["4) d"]]
    assert split_pages([["1) long", "a", "b", "c"]], 2) == [["1) long", "a"]]  # cut to a page
    assert split_pages([[str(n)] for n in range(7)], 3) == [["0", "1", "2"], ["3", "4", "5"], ["6"]]


def test_autosave_writes_each_whole_move_and_keeps_the_last(tmp_path) -> None:
    written: list[tuple[object, object]] = []
    save = Autosave(tmp_path / "g.json", lambda path, data: written.append((path, data)))
    assert save.keep(lambda: "fresh") == "fresh"  # nothing kept yet
    save.moved("move 1")
    save.moved("move 2")
    assert save.keep(lambda: "fresh") == "move 2" and save.last == "move 2"
    assert [d for _p, d in written] == ["fresh", "move 1", "move 2", "move 2"]
    off = Autosave(tmp_path / "h.json", lambda path, data: written.append((path, data)), enabled=False)
    off.moved("m")
    assert off.last == "m" and len(written) == 4  # kept, not written


def test_the_guard_turns_ctrl_c_and_sigterm_into_the_interrupt_answer() -> None:
    def ctrl_c() -> int:
        raise KeyboardInterrupt

    assert guarded(ctrl_c, lambda: 130, reading_stdin=False) == 130
    assert guarded(lambda: 0, lambda: 130, reading_stdin=False) == 0

    seen: list[type] = []

    def terminated() -> int:
        try:
            os.kill(os.getpid(), signal.SIGTERM)
            signal.pause() if hasattr(signal, "pause") else None
        except KeyboardInterrupt as exc:
            seen.append(type(exc))
            raise
        return 0

    before = signal.getsignal(signal.SIGTERM)
    assert guarded(terminated, lambda: 130, reading_stdin=False) == 130
    assert seen == [Terminated] and signal.getsignal(signal.SIGTERM) == before  # handler put back


def run_question(lines: list[object], count: int = 3) -> tuple[object, list[tuple[str, bool]], list[str]]:
    """`ask_choice` over typed `lines` (an exception in the list is raised by the reader)."""
    from zxdeck.terminal.session import AGAIN, ask_choice

    feed = iter(lines)
    notices: list[tuple[str, bool]] = []
    done: list[str] = []

    def read(prompt: str) -> str:
        done.append(prompt)
        item = next(feed)
        if isinstance(item, BaseException):
            raise item
        return str(item)

    table = CommandTable()
    table.add("help", lambda arg, extra: done.append(f"help:{arg}:{extra}"))
    table.add("quit", lambda arg, extra: STOP)
    answer = ask_choice(read, lambda: count, table, lambda k: AGAIN if k == 2 else f"choice {k}",
                        lambda message, redraw: notices.append((message, redraw)), ("x",),
                        after_command=lambda: done.append("redrawn"), on_eof=lambda: done.append("eof"))
    return answer, notices, done


def test_the_question_loop_answers_numbers_commands_and_wrong_input() -> None:
    answer, notices, done = run_question(["", "9", "zzz", "h more", "２", UnicodeDecodeError("utf-8", b"\xff", 0, 1, "bad"),
                                          " 3 "])
    assert answer == "choice 3"  # 2 asked again (AGAIN), then 3
    assert done[0] == "選択 1-3 (help)> " and "help:more:x" in done and "redrawn" in done
    assert notices == [
        ("番号 (1-3) かコマンド (help) を入力してください。", True),
        ("9 という選択肢はありません: 1 から 3 の番号を入力してください。", True),
        ("「zzz」は選択肢でもコマンドでもありません: 1-3 の番号か help を。", True),
        ("入力を読めませんでした (UTF-8 ではない文字): 番号を入力してください。", False),
    ]


def test_the_question_ends_with_quit_or_end_of_input() -> None:
    answer, _notices, done = run_question(["save", "1"])
    assert answer is None and "eof" not in done  # `save` is quit's word: it stopped before 1
    answer, _notices, done = run_question([EOFError()])
    assert answer is None and done[-1] == "eof"


def test_the_move_loop_saves_after_every_move_and_stops_when_the_person_does() -> None:
    from zxdeck.terminal.session import play_moves

    state = {"moves": 0}
    said: list[str] = []

    def move(who: str) -> None:
        state["moves"] += 1
        said.append(who)

    def person(stop_at: int | None) -> bool:
        if state["moves"] == stop_at:
            return False
        move("person")
        return True

    for stop_at, ends in ((None, True), (3, False)):
        state["moves"], said[:] = 0, []
        done = play_moves(lambda: state["moves"] >= 6, lambda: state["moves"] % 2 == 1,
                          lambda: move("computer"), lambda s=stop_at: person(s),
                          lambda: said.append(f"save {state['moves']}"), lambda: said.append("news"))
        assert done is ends
    assert said == ["save 0", "news", "computer", "save 1", "news", "person", "save 2", "news",
                    "computer", "save 3", "news"]  # stopped at move 3: no save after the stop


def test_log_shows_the_last_lines_asked_for() -> None:
    from zxdeck.terminal.session import log_tail

    lines = ["a", "", "b", "  ", "c", "d"]
    assert log_tail(lines, "") == ["a", "b", "c", "d"]  # blank lines left out
    assert log_tail(lines, "2") == ["c", "d"] and log_tail(lines, " 9 ") == ["a", "b", "c", "d"]
    assert log_tail(lines, "", default=3) == ["b", "c", "d"] and log_tail(lines, "0") == log_tail(lines, "")


def test_a_hint_is_cancelled_by_ctrl_c_but_not_by_sigterm() -> None:
    from zxdeck.terminal.session import cancellable

    def search(exc: BaseException | None) -> list[int]:
        if exc is not None:
            raise exc
        return [1, 2, 3]

    assert cancellable(lambda: search(None)) == [1, 2, 3]
    assert cancellable(lambda: search(KeyboardInterrupt())) is None
    with pytest.raises(Terminated):
        cancellable(lambda: search(Terminated()))
