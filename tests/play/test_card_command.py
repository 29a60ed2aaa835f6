"""`card NAME` in the terminal game: any card of the catalog (not only those on the screen), and a
Z/X EX of the person's dunamis says whether it can be played now, with its condition (X-1..X-4)."""

from __future__ import annotations

import pytest
from play_kit import Person, capture_console

from zxdeck.play import new_session


def play(tmp_path, specs, lines, **options):
    console, buf = capture_console()
    s = new_session(specs["red"], specs["blue"], ai="heuristic", seed=2, save_path=tmp_path / "g.json",
                    console=console, input_fn=Person(lines), **options)
    s.run()
    return s, buf.getvalue()


def test_card_name_of_a_card_not_in_the_game_answers_from_the_catalog(tmp_path, specs, catalog) -> None:
    # a white card neither red nor blue plays, by name, by number and by a part of the name
    white = next(c for c in catalog.cards if c.color == "white" and c.type == "zx")
    assert all(c.id != white.id for spec in (specs["red"], specs["blue"]) for c in spec.main)
    _, out = play(tmp_path, specs, ["1", f"card {white.name}", f"card {white.id}", "card 存在しないカード名"],
                  catalog=catalog)
    assert out.count(f"{white.name}  ({white.id})") == 2
    assert "「存在しないカード名」という名前・番号のカードはカードリストにありません。" in out


def test_card_without_a_catalog_uses_the_builtin_one(tmp_path, specs, catalog) -> None:
    white = next(c for c in catalog.cards if c.color == "white" and c.type == "zx")
    _, out = play(tmp_path, specs, ["1", f"card {white.id}"])
    assert f"{white.name}  ({white.id})" in out


@pytest.mark.rule("X-2")
def test_x2_an_ex_whose_condition_is_not_met_is_listed_as_not_available_with_it(tmp_path, specs) -> None:
    """X-2: 天焦竜皇ヴォルカディア (cost 7) in the red dunamis cannot descend on the first turn; `card`
    says so with its condition instead of leaving the person to wonder why it is not offered."""
    _, out = play(tmp_path, specs, ["1", "card 天焦竜皇ヴォルカディア"])
    assert "天焦竜皇ヴォルカディア  (EX01-001)" in out
    line = next(x for x in out.splitlines() if x.startswith("今は登場できません。条件: "))
    assert "降臨" in line or "7" in line
