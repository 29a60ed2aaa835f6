"""`zxdeck.games.moz.sim`: the generic zxdeck.sim machinery plays MOZ matches."""

from __future__ import annotations

from moz_fixture import fixture_deck

from zxdeck.games.moz.sim import MozGames, run_sim


def test_sim_result_has_the_interface_keys_and_is_deterministic() -> None:
    """INTERFACES.md section 6 keys; N-4: the same seed gives the same result."""
    a, b = ("A", fixture_deck(1)), ("B", fixture_deck(4))
    r = run_sim(a, b, "heuristic", "random", games=6, seed=3)
    assert r["games"] == 6 and r["a"]["wins"] + r["b"]["wins"] + r["draws"] == 6
    assert set(r) >= {"win_rate", "interval", "first", "seed", "manifest", "reasons"}
    assert r["a"]["agent"] == "heuristic" and set(r["reasons"]) <= {"vp", "deck_out", "turn_limit"}
    again = run_sim(a, b, "heuristic", "random", games=6, seed=3)
    assert {k: v for k, v in again.items() if k != "timing"} == {k: v for k, v in r.items() if k != "timing"}


def test_the_game_factory_records_the_first_player_of_round_one() -> None:
    """R-3: sim's `first` is the player who went first in round 1."""
    g = MozGames(turn_limit=50)(fixture_deck(0), fixture_deck(1), 5)
    while g.round == 0:
        g.apply(g.legal_actions()[0])
    assert g.first == g.round_first and g.turn_limit == 50
