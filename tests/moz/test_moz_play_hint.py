"""MOZ's `play --level` and the terminal game's `hint` (ヒント): the top three choices by their
estimated chance of winning, from what the player sees only (N-3), by a node budget, the same
for the same position; Ctrl-C during a hint cancels the hint only."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from moz_fixture import fixture_deck

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from support.cli_main import run_cli  # noqa: E402

from zxdeck.games.moz.agents import make_agent  # noqa: E402
from zxdeck.games.moz.agents.hint import hint  # noqa: E402
from zxdeck.games.moz.engine import Game  # noqa: E402
from zxdeck.games.moz.play.auto import hint_lines, menu, play_session  # noqa: E402
from zxdeck.rng import Rng  # noqa: E402

REPO = Path(__file__).resolve().parent.parent.parent
A = str(REPO / "examples" / "moz" / "shell_dragons.txt")
B = str(REPO / "examples" / "moz" / "dusk_minus.txt")


def positions(seed: int, count: int) -> list[Game]:
    """`count` positions of a heuristic match with at least three choices, in order."""
    g = Game(fixture_deck(1), fixture_deck(2), seed=seed)
    a, b = make_agent("heuristic", 1), make_agent("heuristic", 2)
    out: list[Game] = []
    while not g.is_over() and len(out) < count:
        if len(g.legal_actions()) >= 3 and g.decision_kind() not in ("order", "draw"):
            out.append(g.clone())
        g.apply((a, b)[g.current_player()].choose(g))
    return out


@pytest.mark.parametrize("seed", [3, 11])
def test_hint_gives_three_legal_choices_sorted_by_the_estimate(seed: int) -> None:
    for g in positions(seed, 4):
        found = hint(g, budget=40)
        assert len(found) == 3 and len({c.action for c in found}) == 3
        assert all(c.action in g.legal_actions() and 0.0 <= c.win <= 1.0 for c in found)
        assert [c.win for c in found] == sorted((c.win for c in found), reverse=True)
        assert sum(c.visits for c in found) > 0


def test_hint_is_the_same_for_the_same_position_and_changes_nothing() -> None:
    g = positions(5, 3)[-1]
    before = (g.observation(0), g.observation(1), len(g.history), g.rng.getstate())
    assert hint(g, budget=30) == hint(g, budget=30)
    assert (g.observation(0), g.observation(1), len(g.history), g.rng.getstate()) == before


def test_hint_reads_only_what_the_player_sees() -> None:
    """N-3: positions that differ only in cards hidden from the player to decide (dealt again by
    `determinize`) get the same hint."""
    for g in positions(7, 3):
        me = g.current_player()
        other = g.determinize(me, Rng(99))
        assert other.observation(me) == g.observation(me)
        assert hint(other, budget=25) == hint(g, budget=25)


def test_the_budget_is_a_count_of_searched_deals() -> None:
    g = positions(3, 1)[0]
    assert sum(c.visits for c in hint(g, top=len(g.legal_actions()), budget=17)) == 17


def test_the_session_shows_a_hint_with_menu_numbers() -> None:
    g = positions(3, 1)[0]
    options = menu(g)
    lines = hint_lines(g, options, budget=20)
    assert lines[0].startswith("ヒント") and len(lines) == 4
    for line, c in zip(lines[1:], hint(g, budget=20), strict=True):
        number = [a for a, _ in options].index(c.action) + 1
        assert f"番号 {number} " in line and "勝つ見込み" in line


def test_ctrl_c_during_a_hint_cancels_the_hint_only(monkeypatch: pytest.MonkeyPatch) -> None:
    g = Game(fixture_deck(0), fixture_deck(3), seed=2)

    def interrupted(*_a: object, **_k: object) -> list:
        raise KeyboardInterrupt

    monkeypatch.setattr("zxdeck.games.moz.agents.hint.hint", interrupted)
    said: list[str] = []
    answers = iter(["hint", "1", "q"])
    play_session(g, [None, make_agent("random", 1)], lambda _p: next(answers), said.append)
    assert any("ヒントを取り消しました" in s for s in said)
    assert len(g.history) >= 1  # the question was asked again and answered


def test_level_sets_the_computer_and_conflicts_with_another_ai2(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    r = run_cli("--game", "moz", "play", "--p1", A, "--p2", B, "--level", "easy", "--save", str(save))
    assert r.code == 0, r.err
    assert json.loads(save.read_text(encoding="utf-8"))["agents"] == ["human", "easy"]
    bad = run_cli("--game", "moz", "play", "--p1", A, "--p2", B, "--level", "hard", "--ai2", "random")
    assert bad.code == 2 and "--level hard or --ai2 random" in bad.err
    same = run_cli("--game", "moz", "play", "--auto", "--p1", A, "--p2", B, "--level", "hard",
                   "--ai2", "hard", "--ai1", "random", "--seed", "1")
    assert same.code == 0 and same.out.splitlines()[-1].startswith(("p1 wins", "p2 wins", "tie"))


def test_hint_through_the_command(tmp_path: Path) -> None:
    """The person's first question, `hint`, then quit: the hint lists numbered choices."""
    import os
    import subprocess

    save = tmp_path / "g.json"
    r = subprocess.run([sys.executable, "-m", "zxdeck", "--game", "moz", "play", "--p1", A, "--p2", B,
                        "--level", "normal", "--save", str(save)], input="hint\nq\n", capture_output=True,
                       text=True, env={**os.environ, "NO_COLOR": "1"}, cwd=tmp_path, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "ヒント (" in r.stdout and "勝つ見込み 約" in r.stdout and "保存しました" in r.stdout
