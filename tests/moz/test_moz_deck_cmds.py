"""`zxdeck --game moz regulations`, `stats` and `deck diff`: MOZ's deck commands through the core
(issue 21). Rules: D-1..D-17 (the regulation listed), D-2 (the pile holds every summoner), S-3
(the opening hand of 7), T-3 (one draw a turn), L-2 / L-3 (what the odds are of)."""

from __future__ import annotations

import json
from math import comb
from pathlib import Path

import pytest

from zxdeck.cli import main

REPO = Path(__file__).resolve().parents[2]
SHELL = "examples/moz/shell_dragons.txt"
DUSK = "examples/moz/dusk_minus.txt"
HOUSE = "examples/moz/regulations/no_big_dragons.yaml"


def run(capsys: pytest.CaptureFixture[str], *args: str, cwd: Path = REPO,
        monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str, str]:
    if monkeypatch is not None:
        monkeypatch.chdir(cwd)
    try:
        code = main(["--game", "moz", *args]) or 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(autouse=True)
def _in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)


# --- regulations ---------------------------------------------------------------------------------

@pytest.mark.rule("D-1", "D-17")
def test_regulations_lists_glyphwar_with_every_deck_rule_d1_to_d17(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "regulations")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "glyphwar (default): Glyphwar edition (5 summoners, a zone of 50)"
    rules = [line.split()[0] for line in lines[2:]]
    assert rules == ["D-1", "D-2", "D-3", "D-4", "D-5", "D-6", "D-7", "D-8", "D-9", "D-10", "D-11", "D-12",
                     "D-13", "D-14", "D-15", "D-15", "D-16", "D-17"]
    assert "    D-1   summoners: exactly 5" in lines
    assert "    D-3   cards of each name: at most 1" in lines
    assert "    D-4   summoners of level 1 or 2: at least 1" in lines
    assert "    D-10  beasts of each power: at most 12" in lines


def test_regulations_json_and_a_regulation_file(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "regulations", "--format", "json", "glyphwar", HOUSE)
    assert code == 0
    data = json.loads(out)
    assert [r["default"] for r in data] == [True, False]
    assert data[0]["name"] == "glyphwar" and len(data[0]["limits"]) == 18
    assert {"rule", "code", "what", "match", "minimum", "maximum"} <= set(data[0]["limits"][0])
    assert data[1]["name"] != "glyphwar"


@pytest.mark.parametrize("name", ["nosuch", "examples/moz/shell_dragons.txt"])
def test_regulations_refuses_what_is_not_a_regulation_in_one_line(capsys: pytest.CaptureFixture[str],
                                                                  name: str) -> None:
    code, out, err = run(capsys, "regulations", name)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert Path(name).name in err or name in err


# --- stats ---------------------------------------------------------------------------------------

def test_stats_counts_the_pile_and_zone_of_the_deck(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "stats", "--format", "json", SHELL)
    assert code == 0 and err == ""
    s = json.loads(out)
    assert s["game"] == "moz" and s["deck"] == SHELL
    assert s["levels"] == [1, 2, 3, 4, 5] and s["zone"] == 50
    assert sum(s["kinds"].values()) == 50 and s["kinds"]["beast"] == 32  # as validate's summary says
    assert sum(s["attributes"].values()) == 32 == sum(s["powers"].values()) == sum(s["sub_attributes"].values())
    assert s["dragons_100"] == 3
    assert [x["faces"] for x in s["summoners"]][0] == {"top": "貝", "left": "風", "right": "雷"}


@pytest.mark.rule("S-3", "T-3", "L-2", "L-3")
def test_stats_opening_odds_are_the_hypergeometric_odds_s3_t3(capsys: pytest.CaptureFixture[str]) -> None:
    """S-3: 7 cards from the 50 of the zone; T-3: one more each turn, 11 by turn 4; a beast of each
    summon attribute of the pile (L-2) and a help for the bottom (L-3)."""
    s = json.loads(run(capsys, "stats", "--format", "json", SHELL)[1])
    odds = s["odds"]
    assert (odds["hand"], odds["turn"], odds["drawn_by_turn"]) == (7, 4, 11)
    rows = {r["cards"]: r for r in odds["rows"]}
    faces = [a for x in s["summoners"] for a in x["faces"].values()]
    assert {r["attribute"] for r in odds["rows"]} - {None} == set(faces)
    for row in odds["rows"]:
        k = row["in_zone"]
        for drawn, key in ((7, "opening"), (11, "by_turn")):
            expected = 1 - comb(50 - k, drawn) / comb(50, drawn)
            assert row[key] == pytest.approx(expected, abs=1e-6), row
    shell = rows["beast 貝"]
    assert shell["in_zone"] == s["attributes"]["貝"] and shell["faces"] == faces.count("貝")
    helps = rows["help (bottom face)"]
    assert helps["in_zone"] == s["kinds"].get("help", 0) + s["kinds"].get("help_special", 0)


def test_stats_text_and_an_illegal_deck_warns(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "stats", SHELL)
    assert code == 0 and out.startswith(f"{SHELL}: summoners 5 (levels 1 2 3 4 5), zone 50 cards\n")
    assert "Power curve (average " in out and "  beast 貝 " in out
    short = tmp_path / "short.txt"
    short.write_text("1 見習い御影タケル\n1 潮騒の竜\n", encoding="utf-8")
    code, out, err = run(capsys, "stats", str(short))
    assert code == 0 and "zone 1 cards" in out
    assert err.startswith(f"zxdeck: warning: {short} is not a legal deck (") and "[D-1]" in err


def test_stats_refuses_an_unknown_card_in_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "typo.txt"
    bad.write_text("1 見習い御影タケル\n1 潮騒の竜王\n", encoding="utf-8")
    code, out, err = run(capsys, "stats", str(bad))
    assert code == 2 and out == ""
    assert err.strip() == f"zxdeck: error: {bad}: line 2: unknown-card no card with number or name '潮騒の竜王'"


# --- deck diff -----------------------------------------------------------------------------------

def test_diff_of_a_deck_with_itself_is_exit_0(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deck", "diff", SHELL, SHELL)
    assert code == 0 and out.splitlines()[2:] == ["summoners: no change", "zone: no change"]


def test_diff_names_the_changes_and_exits_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = (REPO / SHELL).read_text(encoding="utf-8")
    changed = tmp_path / "changed.txt"
    changed.write_text(text.replace("1 潮騒の竜\n", "1 MOZ-B015\n"), encoding="utf-8")
    code, out, _ = run(capsys, "deck", "diff", SHELL, str(changed))
    assert code == 1
    assert out.splitlines() == [f"--- {SHELL}", f"+++ {changed}", "summoners: no change",
                                "zone: 1 added, 1 removed (50 -> 50 cards)",
                                "  - 1 MOZ-B001  潮騒の竜", "  + 1 MOZ-B015  焔の龍王"]
    data = json.loads(run(capsys, "deck", "diff", "--format", "json", SHELL, str(changed))[1])
    assert data["same"] is False and set(data["sections"]) == {"summoners", "zone"}
    assert data["sections"]["zone"]["added"] == [{"card": "MOZ-B015", "name": "焔の龍王", "count": 1}]


@pytest.mark.rule("D-2")
def test_diff_d2_counts_every_summoner_in_the_pile_whatever_its_header(capsys: pytest.CaptureFixture[str],
                                                                       tmp_path: Path) -> None:
    """D-2: a summoner written under `Zone:` (or with no header) is still a card of the pile."""
    lines = (REPO / SHELL).read_text(encoding="utf-8").splitlines()
    moved = [line for line in lines if line not in ("Summoners:", "Zone:")]
    flat = tmp_path / "flat.txt"
    flat.write_text("Zone:\n" + "\n".join(moved) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, "deck", "diff", SHELL, str(flat))
    assert code == 0, out


def test_diff_refuses_a_line_it_cannot_read(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("1 見習い御影タケル\nthree 潮騒の竜\n", encoding="utf-8")
    code, out, err = run(capsys, "deck", "diff", SHELL, str(bad))
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and str(bad) in err


# --- draw: opening hands -------------------------------------------------------------------------

@pytest.mark.rule("S-2", "S-3", "S-5")
def test_draw_deals_the_opening_hand_the_engine_deals_player_1(capsys: pytest.CaptureFixture[str]) -> None:
    """S-3: seven cards from the shuffled zone (S-2), no mulligan (S-5); the hand of seed S is the
    one a game of seed S deals the first seat, whatever the other deck."""
    from zxdeck.games import adapter
    from zxdeck.games.moz.catalog.loader import open_catalog
    from zxdeck.games.moz.deck.parse import load_deck

    code, out, err = run(capsys, "draw", SHELL, "--seed", "11", "-n", "2", "--format", "json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["deck"] == SHELL and [o["seed"] for o in data["openings"]] == [11, 12]
    catalog = open_catalog(None)
    shell, dusk = load_deck(SHELL, catalog), load_deck(DUSK, catalog)
    for opening in data["openings"]:
        game = adapter("moz").new_game(shell, dusk, opening["seed"], 40)
        assert [c["id"] for c in opening["hand"]] == [game.cards[x].id for x in game.hand[0]]
        assert len(opening["hand"]) == 7 and all(c["type"] != "summoner" for c in opening["hand"])
    code, out, _ = run(capsys, "draw", SHELL, "--seed", "11")
    assert code == 0 and out.startswith(f"{SHELL}: seed 11, opening hand of 7 (S-3):\n")
    assert len(out.splitlines()) == 8
    code, out, err = run(capsys, "draw", SHELL, "--by-turn", "3")
    assert code == 2 and out == "" and "--by-turn goes with --odds" in err
    assert "--mulligan" not in run(capsys, "draw", "--help")[1]  # S-5: MOZ has no mulligan


def test_db_path_names_the_cache_db_info_shows(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ZXDECK_CACHE_DIR", str(tmp_path))
    code, path, err = run(capsys, "db", "path")
    assert code == 0 and err == "" and path.strip().startswith(str(tmp_path))
    assert not Path(path.strip()).exists()  # named before it is built
    code, out, _ = run(capsys, "db", "info", "--format", "json")
    assert code == 0 and json.loads(out)["database"] == path.strip() and Path(path.strip()).is_file()


@pytest.mark.rule("S-3", "S-5", "T-3", "D-2")
def test_stats_card_gives_one_cards_odds_s3_s5_t3(capsys: pytest.CaptureFixture[str]) -> None:
    """`stats --card` (as Z/X's): one zone card's odds of being in the opening hand of 7 (S-3, no
    mulligan: S-5) and by your turn 4 (T-3: 11 cards), by name or id; a summoner starts in the
    summoner pile (D-2) and is never drawn; an unknown card is one line, exit 2."""
    code, out, err = run(capsys, "stats", "--help")
    assert code == 0 and "--card CARD" in out
    code, out, err = run(capsys, "stats", "--format", "json", "--card", "潮騒の竜", SHELL)
    assert code == 0 and err == ""
    odds = json.loads(out)["card"]
    assert (odds["card"], odds["copies"], odds["zone"], odds["drawn_by_turn"]) == ("MOZ-B001", 1, 50, 11)
    assert odds["opening"] == pytest.approx(1 - comb(49, 7) / comb(50, 7), abs=1e-6)  # 7/50
    assert odds["by_turn"] == pytest.approx(1 - comb(49, 11) / comb(50, 11), abs=1e-6)  # 11/50
    assert odds["by_turn_at_least"] == {"1": odds["by_turn"]}
    code, out, err = run(capsys, "stats", "--card", "MOZ-B001", SHELL)
    assert code == 0 and "潮騒の竜 (MOZ-B001), 1 of 50 in the zone: 14.0% in the opening hand of 7" in out
    code, out, err = run(capsys, "stats", "--card", "MOZ-B002", DUSK)  # a card the deck does not hold
    assert code == 0 and "(MOZ-B002): no copy in the zone" in out
    code, out, err = run(capsys, "stats", "--card", "MOZ-S017", SHELL)
    assert code == 2 and "is a summoner: it starts in the summoner pile (D-2)" in err
    assert err.count("\n") == 1
    code, out, err = run(capsys, "stats", "--card", "NOPE", SHELL)
    assert (code, out, err) == (2, "", "zxdeck: error: no card 'NOPE' in the catalog\n")
