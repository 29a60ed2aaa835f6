"""The MOZ terminal screen, a person's session, saves and resumes (zxdeck.games.moz.play.auto)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from moz_fixture import fixture_cards, fixture_deck

from zxdeck.errors import ZxError
from zxdeck.games.moz.agents import make_agent
from zxdeck.games.moz.engine import Game
from zxdeck.games.moz.play.auto import menu, play_session, render, summary
from zxdeck.games.moz.play.savefile import load_save, save_game


def mid_game(seed: int = 4, decisions: int = 40) -> Game:
    g = Game(fixture_deck(1), fixture_deck(2), seed=seed)
    a, b = make_agent("heuristic", 1), make_agent("heuristic", 2)
    for _ in range(decisions):
        g.apply((a, b)[g.current_player()].choose(g))
    return g


def test_screen_shows_the_four_faces_hands_points_and_held_pile_but_not_the_opponents_hand() -> None:
    """N-3: the screen is drawn from the viewer's observation."""
    g = mid_game()
    text = render(g, 0)
    for word in ("top", "left", "right", "bottom", "VP p1", "held", "your hand"):
        assert word in text
    opp_hand = {g.cards[i].name for i in g.hand[1]} - {g.cards[i].name for i in g.hand[0]} - {
        g.cards[i].name for side in g.faces for f in side for i in f}
    assert not any(name in text for name in opp_hand)
    for i in (i for f in g.faces[1] for i in f if i in g.down):
        assert "[face down]" in text and g.cards[i].name not in text.split("your hand")[0].split("p2 (opp")[-1]


def test_a_person_plays_by_numbers_and_can_quit() -> None:
    g = Game(fixture_deck(0), fixture_deck(3), seed=2)
    said: list[str] = []
    answers = iter(["x", "1", "1", "q"])
    play_session(g, [None, make_agent("random", 1)], lambda _prompt: next(answers), said.append)
    assert any("type a number" in s for s in said) and len(g.history) >= 2 and not g.is_over()


def test_save_and_resume_replays_the_same_game(tmp_path: Path) -> None:
    """N-4: a save is the seed, the decks and the actions; resuming gives the same position."""
    g = mid_game()
    decks = [[c.id for c in fixture_deck(1)], [c.id for c in fixture_deck(2)]]
    path = tmp_path / "game.json"
    save_game(path, g, decks, ["human", "heuristic"], 0)
    again, data = load_save(path, fixture_cards())
    assert again.observation(0) == g.observation(0) and data["agents"] == ["human", "heuristic"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**json.loads(path.read_text()), "actions": [["draw", -1, -1]] * 3}))
    with pytest.raises(ZxError, match="does not replay"):
        load_save(bad, fixture_cards())
    with pytest.raises(ZxError, match="not a MOZ save"):
        load_save(tmp_path / "game.json.missing" if False else _write(tmp_path / "x.json", "{}"), fixture_cards())


def _write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path


def test_two_agents_play_to_the_end_and_the_summary_names_the_winner() -> None:
    g = Game(fixture_deck(5), fixture_deck(6), seed=8)
    play_session(g, [make_agent("heuristic", 1), make_agent("random", 2)], input, lambda _s: None)
    assert g.is_over() and summary(g).startswith(("p1 wins", "p2 wins", "tie"))
    assert menu(g) == []
