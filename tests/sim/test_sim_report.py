"""Tournament results and their rendering: matrix from tallies, colors, entrant names."""

from __future__ import annotations

import click
import pytest

from zxdeck.errors import ZxError
from zxdeck.sim.report import render_tournament, tournament_csv, tournament_result
from zxdeck.sim.stats import Tally
from zxdeck.sim.tournament import deck_files, entrant_names


def _tally(a_wins: int, b_wins: int, draws: int = 0) -> Tally:
    t = Tally()
    for winner, n in (("a", a_wins), ("b", b_wins), (None, draws)):
        for _ in range(n):
            t.add({"winner": winner, "first": "a", "reason": "life", "turns": 4, "decisions": 9})
    return t


@pytest.fixture
def result() -> dict:
    tallies = [_tally(16, 4), _tally(10, 9, 1), _tally(2, 18)]
    manifest = {"seed": 3, "games": 20}
    return tournament_result(["x", "y", "z"], [(0, 1), (0, 2), (1, 2)], tallies, manifest, None)


def test_matrix_games_and_ranking_from_the_tallies(result: dict) -> None:
    m = result["matrix"]
    assert m == [[None, 0.8, 0.525], [0.2, None, 0.1], [0.475, 0.9, None]]
    assert result["games"] == [[0, 20, 20], [20, 0, 20], [20, 20, 0]]
    assert [r["name"] for r in result["ranking"]][2] == "y"  # lost both pairings
    assert result["ranking"][0]["score"] in (0.6625, 0.6875)
    rows = tournament_csv(result).splitlines()
    assert rows[0] == "row,column,games,win_rate,low,high" and rows[1].startswith("x,y,20,0.8,")


def test_table_colors_only_when_asked(result: dict) -> None:
    plain = render_tournament(result, color=False)
    colored = render_tournament(result, color=True)
    assert "\x1b[" not in plain and click.unstyle(colored) == plain
    assert click.style("80 [58-92]", fg="green", bold=True) in colored  # >= 75 %: bold green
    assert click.style("20 [8-42]", fg="red", bold=True) in colored
    assert click.style("52 [32-72]", fg="yellow", bold=False) in colored


def test_deck_files_and_names(tmp_path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    for folder in ("a", "b"):
        (tmp_path / folder / "red.txt").write_text("x")
    (tmp_path / "a" / "blue.yaml").write_text("x")
    (tmp_path / "a" / "readme.md").write_text("x")
    files = deck_files([str(tmp_path / "a"), str(tmp_path / "b" / "red.txt")])
    assert [f.split("/")[-1] for f in files] == ["blue.yaml", "red.txt", "red.txt"]
    assert entrant_names(files) == ["blue", files[1], files[2]]
    with pytest.raises(ZxError, match="no deck file"):
        deck_files([str(tmp_path / "b" / "..")])


def test_an_entrant_without_games_has_no_rating() -> None:
    """A tournament stopped early (Ctrl-C) rates only the entrants that played: one with no game
    gets no rating, no interval, and comes last, unranked (not +7, 2nd, -inf .. +inf)."""
    tallies = [_tally(12, 8), Tally(), Tally()]  # only x vs y was played
    res = tournament_result(["x", "y", "z"], [(0, 1), (0, 2), (1, 2)], tallies,
                            {"seed": 1, "games": 20}, None)
    by_name = {r["name"]: r for r in res["ranking"]}
    assert [r["name"] for r in res["ranking"]] == ["x", "y", "z"]
    assert by_name["z"] == {"name": "z", "rating": None, "interval": None, "games": 0, "score": None}
    x, y = by_name["x"], by_name["y"]
    assert x["rating"] == -y["rating"] > 0  # rated against each other only, centred on them
    assert all(abs(v) < 1000 for v in (*x["interval"], *y["interval"]))
    # the same two entrants alone give the same ratings
    alone = tournament_result(["x", "y"], [(0, 1)], [tallies[0]], {"seed": 1, "games": 20}, None)
    assert [r["rating"] for r in alone["ranking"]] == [x["rating"], y["rating"]]
    text = render_tournament(res)
    ranking = text.split("Ranking")[1].splitlines()
    assert ranking[-2].split()[:2] == ["z", "-"] and "no games: not rated" in ranking[-2]
    assert "inf" not in text
