"""Card statistics (`--card-stats`, zxdeck.analysis.cards): the arithmetic on records counted by
hand, each game's card record read against the game's own log, and the commands of both games."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from zxdeck.analysis.cards import (
    CardStats,
    newcombe,
    render_card_stats,
    sim_cards,
    tournament_cards,
)
from zxdeck.sim.stats import wilson
from zxdeck.termtext import width

ROOT = Path(__file__).resolve().parents[2]
RED, BLUE, GREEN = (str(ROOT / "examples" / "decks" / f"{c}.txt") for c in ("red", "blue", "green"))
MOZ_A, MOZ_B = (str(ROOT / "examples" / "moz" / f"{n}.txt") for n in ("dusk_minus", "shell_dragons"))


def zx(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "zxdeck", *args], capture_output=True, text=True,
                          timeout=300, cwd=ROOT)


def rec(index: int, winner: str | None, a: dict, b: dict | None = None) -> dict:
    return {"index": index, "winner": winner, "cards": {"a": a, "b": b or {}}}


def test_newcombe_matches_the_published_example() -> None:
    # Newcombe (1998), Statistics in Medicine 17, table II, 56/70 - 48/80: method 10 gives
    # 0.0524 .. 0.3339 around the difference 0.1833
    lo, hi = newcombe(56, 70, 48, 80)
    assert (round(lo, 4), round(hi, 4)) == (0.0524, 0.3339)
    assert newcombe(1, 2, 0, 0) is None


def test_four_games_counted_by_hand() -> None:
    # X drawn in games 0 (turn 0, won), 1 (turn 3, lost), 3 (turn 2, draw); played in 0 (turn 2)
    # and 3 (turn 5). Y never drawn, played once from elsewhere in game 2 (turn 4, won).
    records = [
        rec(0, "a", {"X": [0, 2]}),
        rec(1, "b", {"X": [3, None]}),
        rec(2, "a", {"Y": [None, 4]}),
        rec(3, None, {"X": [2, 5]}),
    ]
    cards = sim_cards("mine", "theirs", {"X": 3, "Y": 1, "Z": 2}, None)
    cards.feed(0, records)
    mine, theirs = cards.result()
    assert mine["deck"] == "mine" and mine["games"] == 4 and mine["win_rate"] == 0.625
    rows = {c["card"]: c for c in mine["cards"]}
    x = rows["X"]
    assert x["copies"] == 3
    assert x["drawn"]["games"] == 3 and x["drawn"]["win_rate"] == 0.5  # 1 + 0 + 0.5 of 3
    assert x["drawn"]["interval"] == [round(v, 4) for v in wilson(1.5, 3)]
    assert x["played"]["games"] == 2 and x["played"]["win_rate"] == 0.75  # 1 + 0.5 of 2
    assert x["not_drawn"] == {"games": 1, "win_rate": 1.0, "interval": [round(v, 4) for v in wilson(1, 1)]}
    assert x["improvement"] == -0.5
    assert x["improvement_interval"] == [round(v, 4) for v in newcombe(1.5, 3, 1, 1)]
    assert x["mean_turn_drawn"] == round(5 / 3, 2) and x["mean_turn_played"] == 3.5
    y = rows["Y"]
    assert y["drawn"]["games"] == 0 and y["drawn"]["win_rate"] is None and y["improvement"] is None
    assert y["played"] == {"games": 1, "win_rate": 1.0, "interval": [round(v, 4) for v in wilson(1, 1)]}
    assert y["not_drawn"]["games"] == 4 and y["not_drawn"]["win_rate"] == 0.625
    assert rows["Z"]["drawn"]["games"] == 0 and rows["Z"]["mean_turn_played"] is None  # in the list only
    assert [c["card"] for c in mine["cards"]] == ["X", "Y", "Z"]  # by improvement; never drawn last
    assert theirs["games"] == 4 and theirs["win_rate"] == 0.375 and theirs["cards"] == []


def test_a_record_without_cards_is_refused_and_mirror_sides_stay_apart() -> None:
    from zxdeck.errors import ZxError

    with pytest.raises(ZxError, match="without --card-stats"):
        CardStats().add_record({"index": 3, "winner": "a"}, {"a": "x"})
    cards = sim_cards("same.txt", "same.txt")
    cards.feed(0, [rec(0, "a", {"X": [0, None]}, {"X": [1, 1]})])
    assert [d["deck"] for d in cards.result()] == ["same.txt (A)", "same.txt (B)"]


def test_tournament_cards_add_each_entrant_over_its_pairings() -> None:
    cards = tournament_cards(["p", "q", "r"])
    cards.feed(0, [{"match": "p vs q", "winner": "a", "cards": {"a": {"P": [0, 1]}, "b": {"Q": [1, None]}}},
                   {"match": "q vs r", "winner": "b", "cards": {"a": {"Q": [2, 2]}, "b": {"R": [0, 3]}}},
                   {"match": "p vs r", "winner": None, "cards": {"a": {}, "b": {"R": [4, None]}}}])
    res = {d["deck"]: d for d in cards.result()}
    assert res["p"]["games"] == 2 and res["p"]["win_rate"] == 0.75
    assert res["q"]["games"] == 2 and res["q"]["win_rate"] == 0.0
    r = {c["card"]: c for c in res["r"]["cards"]}["R"]
    assert r["drawn"]["games"] == 2 and r["drawn"]["win_rate"] == 0.75 and r["mean_turn_drawn"] == 2.0


def _log_reading(lines: list[dict]) -> tuple[dict, dict]:
    """Each card's first turn in hand and in play, per player, read from a game's JSON Lines log
    (INTERFACES.md section 5) the way a player would: deck -> hand moves and `play` events; a
    mulligan returns the opening hand."""
    seen: tuple[dict, dict] = ({}, {})
    names: dict[int, str] = {}
    for ln in lines:
        if ln["event"] == "mulligan":
            p = int(ln["player"][1]) - 1
            for name, row in list(seen[p].items()):
                if row[0] == ln["turn"]:
                    row[0] = None
                    if row[1] is None:
                        del seen[p][name]
        for m in ln.get("moves", []):
            names.setdefault(m["card"], m["id"])
            if m["from"] == "deck" and m["to"] == "hand":
                p = int(m["owner"][1]) - 1
                row = seen[p].setdefault(m["id"], [None, None])
                if row[0] is None:
                    row[0] = ln["turn"]
        if ln["event"] == "play":
            p = int(ln["player"][1]) - 1
            row = seen[p].setdefault(ln["name"], [None, None])
            if row[1] is None:
                row[1] = ln["turn"]
    return seen


@pytest.mark.rule("S-6", "S-7")
def test_zx_card_records_agree_with_the_game_log(zx_decks) -> None:
    """S-6 / S-7: the kept opening hand (4 cards) is what turn 0 counts (a mulligan's hand is
    forgotten). The record of each game agrees with the game's own JSON log."""
    from zxdeck.agents import parse_agent
    from zxdeck.games.zx.engine import Game
    from zxdeck.games.zx.engine.log import JsonlLogger
    from zxdeck.games.zx.sim import sim_contest
    from zxdeck.sim.core import play_one, seats
    from zxdeck.sim.seeds import agent_seed, first_seat

    red, blue = zx_decks["red"], zx_decks["blue"]
    greedy = parse_agent("greedy")
    plain = sim_contest(red, blue, greedy, greedy, 100)
    watched = sim_contest(red, blue, greedy, greedy, 100, card_stats=True)
    id_name = {c.id: c.name for s in (red.spec, blue.spec) for c in (*s.main, *s.dunamis)}
    for index in range(6):
        r0, r1 = play_one(plain, 11, index), play_one(watched, 11, index)
        assert {k: v for k, v in r1.items() if k != "cards"} == r0  # watching changes nothing
        # the same game again, with the JSON log
        buf = io.StringIO()
        order = seats(index)
        specs = [{"a": red.spec, "b": blue.spec}[s] for s in order]
        g = Game(specs[0], specs[1], seed=r0["seed"], turn_limit=100,
                 first=first_seat(11, index), listener=JsonlLogger(buf))
        agents = [greedy.make(agent_seed(r0["seed"], seat)) for seat in (0, 1)]
        while not g.is_over():
            g.apply(agents[g.current_player()].choose(g))
        lines = [json.loads(x) for x in buf.getvalue().splitlines()]
        by_log = _log_reading(lines)
        for seat, side in enumerate(order):
            expect = {}
            for key, row in by_log[seat].items():
                expect.setdefault(id_name.get(key, key), [None, None])
                for k in (0, 1):
                    if row[k] is not None and (expect[id_name.get(key, key)][k] is None
                                               or row[k] < expect[id_name.get(key, key)][k]):
                        expect[id_name.get(key, key)][k] = row[k]
            assert r1["cards"][side] == dict(sorted(expect.items())), (index, side)
            opening = [n for n, (d, _) in r1["cards"][side].items() if d == 0]
            assert 1 <= len(opening) <= 4  # S-6: 4 cards (copies of one name count once)


def _moz_look(game, seen: tuple[dict, dict], before: int, after: int) -> None:
    """Cards now in a hand, on a face or used as a special that were not before: first seen in
    the step from turn `before` to `after` (either may be the turn it happened in)."""
    for p in (0, 1):
        for iid in game.hand[p]:
            seen[p].setdefault(game.cards[iid].name, [None, None])
            row = seen[p][game.cards[iid].name]
            if row[0] is None:
                row[0] = (before, after)
        placed = [i for face in game.faces[p] for i in face] + list(game.specials[p])
        for iid in placed:
            if game.owner[iid] == p:
                row = seen[p].setdefault(game.cards[iid].name, [None, None])
                if row[1] is None:
                    row[1] = (before, after)


@pytest.mark.rule("S-3", "X-6")
def test_moz_card_records_read_the_hands_between_decisions(moz_decks) -> None:
    """MOZ: the opening hand of S-3 (7 cards) is turn 0; a card is drawn when it enters the hand
    and played when it leaves the hand for a face or as a special (read here from the hands and
    faces between decisions, not from the hook)."""
    from zxdeck.games import adapter
    from zxdeck.games.moz.agents import AgentFactory
    from zxdeck.sim.seeds import agent_seed

    rules = adapter("moz")
    events = rules.card_events()
    a, b = moz_decks["dusk_minus"].setup, moz_decks["shell_dragons"].setup
    specials = {c.name: bool(getattr(c, "usable_as_special", False)) for c in (*a, *b)}
    for seed in (1, 2, 3):
        game, probe = events.start(rules.factory(400), a, b, seed, None)
        agents = [AgentFactory("heuristic").make(agent_seed(seed, s)) for s in (0, 1)]
        seen: tuple[dict, dict] = ({}, {})
        assert len(game.hand[0]) == len(game.hand[1]) == 7  # S-3
        _moz_look(game, seen, 0, 0)
        while not game.is_over():
            before = game.turn
            game.apply(agents[game.current_player()].choose(game))
            _moz_look(game, seen, before, game.turn)
        got = probe.cards(game)
        for p in (0, 1):
            # a card that left and came back is seen by the hook at its first entry only: the
            # reading between decisions can only be later
            for name, (drawn, played) in got[p].items():
                d_seen, p_seen = seen[p][name]
                if drawn is not None and d_seen is not None:
                    assert drawn <= d_seen[1], (seed, p, name)
                if played is not None and p_seen is None:  # a special, put away at the round's end
                    assert specials[name], (seed, p, name)  # before the next decision
                elif played is not None:
                    assert played <= p_seen[1], (seed, p, name)
            for name, (d_seen, p_seen) in seen[p].items():
                row = got[p].get(name)
                if d_seen is not None:
                    assert row is not None and row[0] is not None and row[0] <= d_seen[1]
                if p_seen is not None:
                    assert row is not None and row[1] is not None and row[1] <= p_seen[1]
            opening = {n for n, (d, _) in got[p].items() if d == 0}
            assert opening == {n for n, (d, _) in seen[p].items() if d == (0, 0)}
            assert opening and all(row[1] is None or row[0] is None or row[0] <= row[1]
                                   for row in got[p].values() if row[1] is not None and row[0] == 0)


def test_zx_sim_card_stats_json_csv_and_jobs() -> None:
    r1 = zx("sim", RED, BLUE, "-n", "8", "--seed", "3", "--jobs", "1", "--format", "json", "--card-stats")
    r2 = zx("sim", RED, BLUE, "-n", "8", "--seed", "3", "--jobs", "2", "--format", "json", "--card-stats")
    assert r1.returncode == 0 and r2.returncode == 0, r1.stderr + r2.stderr
    d1, d2 = json.loads(r1.stdout), json.loads(r2.stdout)
    assert d1["card_stats"] == d2["card_stats"]
    a, b = d1["card_stats"]
    assert a["deck"] == RED and b["deck"] == BLUE and a["games"] == b["games"] == 8
    assert a["win_rate"] == d1["win_rate"]
    assert d1["manifest"]["card_stats"] is True
    for c in a["cards"]:
        assert c["drawn"]["games"] + c["not_drawn"]["games"] == 8
    assert sum(c["copies"] or 0 for c in a["cards"]) == sum(n for _, n in d1["manifest"]["a"]["cards"]["main"]) \
        + sum(n for _, n in d1["manifest"]["a"]["cards"]["dunamis"])
    plain = zx("sim", RED, BLUE, "-n", "8", "--seed", "3", "--jobs", "1", "--format", "json")
    p = json.loads(plain.stdout)
    assert "card_stats" not in p and "card_stats" not in p["manifest"]
    for k in ("games", "win_rate", "a", "b", "reasons", "turns"):
        assert p[k] == d1[k]  # the same games
    c = zx("sim", RED, BLUE, "-n", "4", "--seed", "3", "--jobs", "1", "--format", "csv", "--card-stats")
    assert c.returncode == 0
    head, *rows = c.stdout.splitlines()
    assert head.startswith("deck,card,copies,drawn_games,drawn_win_rate")
    assert rows and all(r.startswith((RED, BLUE)) for r in rows)
    t = zx("sim", RED, BLUE, "-n", "4", "--jobs", "1", "--card-stats")
    assert "Cards of " + RED in t.stdout and "diff CI" in t.stdout
    stats = t.stdout[t.stdout.index("Cards of "):]  # after the sim's own report
    table = [line for line in stats.splitlines() if not line.startswith("Cards of ")]
    assert max(width(line) for line in table) <= 100  # fits a 100-column terminal


def test_card_stats_resume_and_refusal(tmp_path: Path) -> None:
    out = tmp_path / "run"
    full = zx("sim", RED, BLUE, "-n", "6", "--seed", "5", "--jobs", "1", "--format", "json", "--card-stats")
    first = zx("sim", RED, BLUE, "-n", "6", "--seed", "5", "--jobs", "1", "--card-stats", "--out", str(out))
    assert first.returncode == 0, first.stderr
    lines = (out / "games.jsonl").read_text().splitlines()
    (out / "games.jsonl").write_text("\n".join(lines[:2]) + "\n")  # as if stopped after 2 games
    (out / "result.json").unlink(missing_ok=True)
    again = zx("sim", "--resume", str(out), "--format", "json")
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["card_stats"] == json.loads(full.stdout)["card_stats"]
    plain = tmp_path / "plain"
    assert zx("sim", RED, BLUE, "-n", "2", "--jobs", "1", "--out", str(plain)).returncode == 0
    bad = zx("sim", "--resume", str(plain), "--card-stats")
    assert bad.returncode == 2 and "played without --card-stats" in bad.stderr
    assert "Traceback" not in bad.stderr


def test_tournament_and_moz_card_stats() -> None:
    t = zx("tournament", RED, BLUE, GREEN, "-n", "2", "--jobs", "1", "--format", "json", "--card-stats")
    assert t.returncode == 0, t.stderr
    d = json.loads(t.stdout)
    assert [x["deck"] for x in d["card_stats"]] == d["entrants"]
    for x in d["card_stats"]:
        assert x["games"] == 4  # 2 games against each of 2 others
    m = zx("--game", "moz", "sim", MOZ_A, MOZ_B, "-n", "4", "--format", "json", "--card-stats")
    assert m.returncode == 0, m.stderr
    md = json.loads(m.stdout)
    a = md["card_stats"][0]
    assert a["deck"] == "dusk_minus.txt" and a["games"] == 4 and a["win_rate"] == md["win_rate"]
    assert all(c["copies"] for c in a["cards"])  # summoners are not listed
    mt = zx("--game", "moz", "tournament", MOZ_A, MOZ_B, "-n", "2", "--card-stats", "--format", "csv")
    assert mt.returncode == 0 and mt.stdout.startswith("deck,card,copies")


def _card(name: str, rate: float | None) -> dict:
    side = {"games": 7 if rate is not None else 0, "win_rate": rate,
            "interval": None if rate is None else [0.0, 1.0]}
    return {"card": name, "copies": 4, "drawn": side, "played": side, "not_drawn": side,
            "improvement": None if rate is None else -1.0,
            "improvement_interval": None if rate is None else [-1.0, 1.0],
            "mean_turn_drawn": 1.5, "mean_turn_played": None}


def test_card_stats_text_fits_100_columns_with_long_names_and_extreme_values() -> None:
    decks = [{"deck": "d.txt", "games": 1000, "win_rate": 1.0,
              "cards": [_card("紅蓮皇竜オーバーブレイズ・アルティメット・ドラゴン・エクストラ", 1.0),
                        _card("Very Long English Card Name Of The Flame Emperor Dragon", 0.0),
                        _card("短い", None)]}]
    text = render_card_stats(decks)
    lines = text.splitlines()
    assert max(width(line) for line in lines) <= 100
    assert "100.0" in text and "0-100" in text and "-100..+100" in text  # compact intervals
    assert any(line.startswith("紅蓮皇竜") and "~" in line for line in lines)  # shortened, marked
    assert any(line.startswith("短い") for line in lines)
    assert "--format json / csv" in text  # where the mean turns and the digits are
