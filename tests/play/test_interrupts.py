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


THINKING = [0]  # > 0 while the computer chooses (its search)


def start(tmp_path, specs, name: str):
    person = Person()
    console, _ = capture_console()
    s = new_session(specs["red"], specs["blue"], ai="mcts", budget=4, seed=11,
                    save_path=tmp_path / name, console=console, input_fn=person)
    person.session = s
    choose = s.agent.choose

    def thinking(g):  # noqa: ANN001, ANN202
        THINKING[0] += 1
        try:
            return choose(g)
        finally:
            THINKING[0] -= 1

    s.agent.choose = thinking
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

    def __init__(self, at: int | None = None, moves_only: bool = False) -> None:
        self.at = at
        self.moves_only = moves_only  # count only the calls outside the computer's search
        self.calls = 0
        self.where = ""
        self.stack: set[str] = set()  # the functions on the stack at the interrupt

    def __call__(self, frame, event, arg):  # noqa: ANN001, ANN204 - sys.settrace's hook
        if event == "call" and any(w in frame.f_code.co_filename.replace("\\", "/") for w in WATCHED) \
                and not (self.moves_only and THINKING[0]):
            self.calls += 1
            if self.calls == self.at:
                self.where = f"{frame.f_code.co_filename.rsplit('/', 1)[-1]}:{frame.f_code.co_name}"
                f = frame
                while f is not None:  # what the interrupted call is part of
                    self.stack.add(f.f_code.co_name)
                    f = f.f_back
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
    """The game never interrupted (moves), how many watched calls it makes, and how many of them
    are outside the computer's search (its moves, the person's, the saves, the menus)."""
    tmp = tmp_path_factory.mktemp("ref")
    counts = []
    for moves_only in (False, True):
        s = start(tmp, specs, "ref.json")
        counter = Counter(moves_only=moves_only)
        assert traced(s, counter) == 0
        s.close()
        assert len(s.g.history) >= STOP_AT and not s.g.over
        counts.append(counter.calls)
    assert counts[1] > 10 * POINTS, "the engine and agents must be traceable Python here"
    return list(s.g.history), counts[0], counts[1]


def cut_and_resume(tmp_path, specs, catalog, moves, at: int, moves_only: bool) -> Counter:
    """Ctrl-C at watched call `at`: exit 130 and a save that --resume plays into `moves`."""
    s = start(tmp_path, specs, "cut.json")
    counter = Counter(at, moves_only)
    code = traced(s, counter)
    s.close()
    assert counter.where, f"point {at} was never reached"
    assert code == 130, (at, counter.where)
    again = resume(tmp_path / "cut.json", catalog)
    assert again.run() == 0, (at, counter.where)
    again.close()
    assert again.g.history == moves, f"Ctrl-C at call {at} ({counter.where}) changed the game"
    return counter


@pytest.mark.slow
def test_ctrl_c_anywhere_resumes_into_the_same_game(tmp_path, specs, catalog, reference):
    """Points spread over every watched call (most are in the computer's search) and over the
    calls outside it (a move being applied, a save being written, a menu being made)."""
    moves, calls, outside = reference
    inside_apply = inside_search = 0
    for n in range(POINTS):
        moves_only = n % 2 == 1
        total = outside if moves_only else calls
        at = 1 + (n * total) // POINTS + n  # spread over the game, never twice the same phase
        counter = cut_and_resume(tmp_path, specs, catalog, moves, at, moves_only)
        inside_search += "thinking" in counter.stack  # the computer deciding (its search)
        inside_apply += "apply" in counter.stack and "thinking" not in counter.stack  # a move
    assert inside_apply and inside_search  # both kinds of interrupt were among the points


@pytest.mark.slow
def test_ctrl_c_at_points_of_the_first_moves(tmp_path, specs, catalog, reference):
    """Every 26th watched call outside the search over the first half of the game's calls (its
    first moves: start card, mulligan, resources, plays, the person's and the computer's moves,
    their narration and their saves), each interrupted and resumed."""
    moves, _, outside = reference
    seen = set()
    for at in range(1, outside // 2, 26):
        counter = cut_and_resume(tmp_path, specs, catalog, moves, at, moves_only=True)
        seen.add(counter.where.split(":")[0])
    assert {"game.py", "replay.py", "log.py"} <= seen  # in moves, in saves, in narration


WINDOW = 40  # consecutive calls interrupted one by one


@pytest.mark.slow
def test_ctrl_c_at_every_point_of_a_stretch_of_moves(tmp_path, specs, catalog, reference):
    """Every one of WINDOW consecutive watched calls outside the search, from the middle of the
    game's calls (moves being applied, their narration and saves), each interrupted and
    resumed into the same game: no point between two calls loses the game."""
    moves, _, outside = reference
    start_at = outside // 2
    stacks = set()
    for at in range(start_at, start_at + WINDOW):
        counter = cut_and_resume(tmp_path, specs, catalog, moves, at, moves_only=True)
        stacks |= counter.stack
    assert "apply" in stacks  # the stretch runs through a move being applied
