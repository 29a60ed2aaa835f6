"""Issue 20 section 5: Ctrl-C never loses a game.

A KeyboardInterrupt is raised at the k-th call of a function of the engine or of an agent (through
a tracing hook: inside `apply`, inside the computer's search, inside the save itself), for points
spread over the first moves of a game against a searching computer (`mcts`, whose generator
advances while it thinks). Each interrupted game exits 130 with a save; `--resume` of every save
continues into exactly the game that was never interrupted (same moves), which needs the save
to hold only whole moves and the computer's generator from before its decision.
"""

from __future__ import annotations

import sys

import pytest
from play_kit import capture_console, choices_in

from zxdeck.play import new_session, open_session

STOP_AT = 14  # the person stops (end of input) at the first question after this many moves
WATCHED = ("/zxdeck/games/zx/engine/", "/zxdeck/agents/", "/zxdeck/games/zx/agents/")
POINTS = 24  # interrupt points, spread over every engine/agent call of the game


class Person:
    """Answers from the position (so a resumed game is answered the same way) until STOP_AT."""

    def __init__(self) -> None:
        self.session = None
        self.moves = -1
        self.asked = 0  # questions since the last move (a second question, or a way back)

    def __call__(self, prompt: str) -> str:
        g = self.session.g
        if len(g.history) >= STOP_AT:
            raise EOFError
        if len(g.history) != self.moves:
            self.moves, self.asked = len(g.history), 0
        self.asked += 1
        n = choices_in(prompt)
        return str(1 + (len(g.history) * 7 + self.asked) % n) if n else "y"


def start(tmp_path, specs, name: str):
    person = Person()
    console, _ = capture_console()
    s = new_session(specs["red"], specs["blue"], ai="mcts", budget=4, seed=11,
                    save_path=tmp_path / name, console=console, input_fn=person)
    person.session = s
    return s


def resume(path, catalog):
    person = Person()
    console, _ = capture_console()
    s = open_session(path, catalog, console=console, input_fn=person)
    person.session = s
    return s


class Counter:
    """A tracing hook counting calls of the watched functions; raises KeyboardInterrupt (Ctrl-C)
    at call number `at` (None: only counts)."""

    def __init__(self, at: int | None = None) -> None:
        self.at = at
        self.calls = 0
        self.where = ""

    def __call__(self, frame, event, arg):  # noqa: ANN001, ANN204 - sys.settrace's hook
        if event == "call" and any(w in frame.f_code.co_filename.replace("\\", "/") for w in WATCHED):
            self.calls += 1
            if self.calls == self.at:
                self.where = f"{frame.f_code.co_filename.rsplit('/', 1)[-1]}:{frame.f_code.co_name}"
                sys.settrace(None)
                raise KeyboardInterrupt
        return None


def traced(session, counter: Counter) -> int:
    old = sys.gettrace()
    sys.settrace(counter)
    try:
        return session.run()
    finally:
        sys.settrace(old)


@pytest.fixture(scope="module")
def reference(tmp_path_factory, specs):
    """The game never interrupted (moves), and how many watched calls it makes."""
    tmp = tmp_path_factory.mktemp("ref")
    s = start(tmp, specs, "ref.json")
    counter = Counter()
    assert traced(s, counter) == 0
    s.close()
    assert len(s.g.history) >= STOP_AT and not s.g.over
    assert counter.calls > 10 * POINTS, "the engine and agents must be traceable Python here"
    return list(s.g.history), counter.calls


@pytest.mark.slow
def test_ctrl_c_anywhere_resumes_into_the_same_game(tmp_path, specs, catalog, reference):
    moves, calls = reference
    inside_apply = inside_search = 0
    for n in range(POINTS):
        at = 1 + (n * calls) // POINTS + n  # spread over the game, never twice the same phase
        s = start(tmp_path, specs, f"cut{n}.json")
        counter = Counter(at)
        code = traced(s, counter)
        s.close()
        assert counter.where, f"point {at} of {calls} was never reached"
        assert code == 130, (at, counter.where)
        inside_apply += "game.py" in counter.where or "battle.py" in counter.where
        inside_search += "mcts.py" in counter.where
        again = resume(tmp_path / f"cut{n}.json", catalog)
        assert again.run() == 0, (at, counter.where)
        again.close()
        assert again.g.history == moves, f"Ctrl-C at call {at} ({counter.where}) changed the game"
    assert inside_apply and inside_search  # both kinds of interrupt were among the points


@pytest.mark.slow
def test_ctrl_c_in_every_call_of_one_move(tmp_path, specs, catalog, reference):
    """Every watched call of the computer's first decision and the move that follows it."""
    moves, _ = reference
    s = start(tmp_path, specs, "probe.json")
    first: list[int] = []

    class Probe(Counter):
        def __call__(self, frame, event, arg):  # noqa: ANN001, ANN204
            if event == "call" and frame.f_code.co_name == "choose" and not first:
                first.append(self.calls)
            return super().__call__(frame, event, arg)

    probe = Probe()
    assert traced(s, probe) == 0
    s.close()
    assert first
    begin = first[0] + 1
    points = range(begin, begin + 600, 20)
    for at in points:
        s = start(tmp_path, specs, "cut.json")
        counter = Counter(at)
        assert traced(s, counter) == 130
        s.close()
        again = resume(tmp_path / "cut.json", catalog)
        assert again.run() == 0
        again.close()
        assert again.g.history == moves, f"Ctrl-C at call {at} ({counter.where}) changed the game"
