"""`zxdeck validate` / `stats` / `regulations` / `deck export` through click (INTERFACES.md section 3)."""

from __future__ import annotations

import json

import pytest
from deck_testdata import LEGAL_DECK, replace_line

BAD_DECK = replace_line(LEGAL_DECK, "4 T01-001", "3 T01-001\n1 紅蓮の剣士ジーグ")
BAD_DECK = replace_line(BAD_DECK, "4 T01-002", "3 T01-002")


@pytest.fixture()
def decks(tmp_path):
    (tmp_path / "legal.txt").write_text(LEGAL_DECK, encoding="utf-8")
    (tmp_path / "bad.txt").write_text(BAD_DECK, encoding="utf-8")
    return tmp_path


def test_valid_deck_exit_0_and_human_report(run_cli, decks) -> None:
    result = run_cli("validate", str(decks / "legal.txt"))
    assert result.exit_code == 0, result.output
    assert "VALID" in result.stdout and "INVALID" not in result.stdout
    assert "main 50/50" in result.stdout and "ignition 20/20" in result.stdout
    assert "\x1b[" not in result.stdout  # not a terminal: no colors


def test_invalid_deck_exit_1_and_report_lines(run_cli, decks) -> None:
    """D-1/D-4 and unknown-card: the human report shows line, rule, found/allowed and a hint."""
    result = run_cli("validate", str(decks / "bad.txt"))
    assert result.exit_code == 1
    out = result.stdout
    assert "INVALID" in out
    assert "line 4: unknown-card" in out and "did you mean '紅蓮の剣士ジーク'" in out
    assert "ignition-count [D-4] ignition cards: 18 of exactly 20" in out
    assert out.index("Errors:") < out.index("Summary:")
    assert "hint:" in out


def test_json_output_shape(run_cli, decks) -> None:
    """Section 3: one JSON object with deck, valid, counts, errors, warnings."""
    result = run_cli("validate", "--format", "json", str(decks / "bad.txt"))
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert {"deck", "valid", "counts", "errors", "warnings"} <= set(doc)
    assert doc["valid"] is False and doc["deck"].endswith("bad.txt")
    assert set(doc["counts"]) >= {"main", "ignition", "life_recovery", "void_bringer", "dunamis", "dunamis_ob"}
    assert doc["counts"]["main"] == 49 and doc["counts"]["ignition"] == 18
    unknown = next(e for e in doc["errors"] if e["code"] == "unknown-card")
    assert unknown["line"] == 4 and unknown["suggestions"][0] == "紅蓮の剣士ジーク"
    assert len(unknown["suggestions"]) <= 3
    ign = next(e for e in doc["errors"] if e["code"] == "ignition-count")
    assert ign["line"] is None and ign["rule"] == "D-4" and ign["message"]
    for problem in doc["errors"] + doc["warnings"]:
        assert {"code", "message", "line"} <= set(problem)


def test_json_of_a_valid_deck(run_cli, decks) -> None:
    doc = json.loads(run_cli("validate", "--format", "json", str(decks / "legal.txt")).stdout)
    assert doc["valid"] is True and doc["errors"] == [] and doc["warnings"] == []


def test_several_decks_json_array_and_worst_exit(run_cli, decks) -> None:
    """Section 3: several files at once; JSON array; exit 1 when any is invalid."""
    result = run_cli("validate", "--format", "json", str(decks / "legal.txt"), str(decks / "bad.txt"))
    assert result.exit_code == 1
    docs = json.loads(result.stdout)
    assert [d["valid"] for d in docs] == [True, False]


def test_several_decks_with_a_missing_one_exit_2(run_cli, decks) -> None:
    result = run_cli("validate", str(decks / "legal.txt"), str(decks / "missing.txt"))
    assert result.exit_code == 2
    assert "VALID" in result.stdout and "missing.txt: deck file not found" in result.stderr


@pytest.mark.parametrize(
    ("make", "needle"),
    [
        (lambda d: d / "missing.txt", "not found"),
        (lambda d: d, "is a folder"),
    ],
)
def test_unreadable_single_deck_exit_2_one_line(run_cli, decks, make, needle) -> None:
    result = run_cli("validate", str(make(decks)))
    assert result.exit_code == 2
    assert needle in result.stderr and "Traceback" not in result.output
    assert result.stderr.count("\n") == 1


def test_binary_and_undecodable_exit_2(run_cli, tmp_path) -> None:
    (tmp_path / "b.bin").write_bytes(bytes(range(256)) * 100)
    (tmp_path / "u.txt").write_bytes(b"4 T01-002\n\xff\xff\xff\n")
    for name in ("b.bin", "u.txt"):
        result = run_cli("validate", str(tmp_path / name))
        assert result.exit_code == 2 and "zxdeck: error:" in result.stderr
        assert "Traceback" not in result.output


def test_bad_count_and_empty_file_exit_1(run_cli, tmp_path) -> None:
    (tmp_path / "e.txt").write_text("", encoding="utf-8")
    (tmp_path / "c.txt").write_text("99999999 T01-002\n", encoding="utf-8")
    for name in ("e.txt", "c.txt"):
        result = run_cli("validate", str(tmp_path / name))
        assert result.exit_code == 1, result.output
        assert "Traceback" not in result.output


def test_unknown_regulation_exit_2(run_cli, decks) -> None:
    result = run_cli("validate", "--regulation", "v9", str(decks / "legal.txt"))
    assert result.exit_code == 2 and "unknown regulation 'v9'" in result.stderr
    assert "current" in result.stderr and "v2" in result.stderr


def test_regulation_v2_option(run_cli, decks) -> None:
    """D-16 through the CLI: the legal current deck breaks the ver. 2.0 dunamis rules."""
    result = run_cli("validate", "--regulation", "v2", "--format", "json", str(decks / "legal.txt"))
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert doc["regulation"] == "v2" and doc["errors"][0]["code"] == "dunamis-size"


def test_colors_only_when_asked_and_never_with_no_color(run_cli, decks) -> None:
    path = str(decks / "bad.txt")
    assert "\x1b[" in run_cli("validate", "--color", "always", path).stdout
    assert "\x1b[" not in run_cli("validate", "--color", "always", path, env={"NO_COLOR": "1"}).stdout


def test_catalog_refused_exit_2(run_cli, decks, tmp_path) -> None:
    from click.testing import CliRunner

    from zxdeck.cli import cli

    broken = tmp_path / "broken.yaml"
    broken.write_text("cards: [\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["--cards", str(broken), "validate", str(decks / "legal.txt")],
                                env={"ZXDECK_CACHE_DIR": str(tmp_path / "c")})
    assert result.exit_code == 2 and "YAML error" in result.stderr


def test_regulations_command(run_cli) -> None:
    result = run_cli("regulations")
    assert result.exit_code == 0
    assert "current (default)" in result.stdout and "v2" in result.stdout
    docs = json.loads(run_cli("regulations", "--format", "json").stdout)
    by_name = {d["name"]: d for d in docs}
    assert by_name["current"]["dunamis"]["max_size"] == 16
    assert by_name["v2"]["dunamis"]["max_size"] == 10 and by_name["v2"]["dunamis"]["types"] == ["zx_ex"]


@pytest.mark.parametrize("fmt", ["text", "json", "yaml"])
def test_export_round_trip(run_cli, decks, tmp_path, fmt) -> None:
    """`deck export` writes a canonical deck that reads back to the same cards."""
    messy = "炎の竜 x2\nplayer: chitose aoba\n2x Flame Dragon\n" + LEGAL_DECK.replace(
        "4 T01-002\n", "").replace("Player: 青葉千歳\n", "")
    (tmp_path / "messy.txt").write_text(messy, encoding="utf-8")
    out = tmp_path / f"out.{ 'txt' if fmt == 'text' else fmt}"
    result = run_cli("deck", "export", str(tmp_path / "messy.txt"), "--format", fmt, "-o", str(out))
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert "T01-002" in text and "炎の竜" in text
    again = run_cli("validate", "--format", "json", str(out))
    assert again.exit_code == 0, again.output
    assert json.loads(again.stdout)["counts"] == json.loads(
        run_cli("validate", "--format", "json", str(decks / "legal.txt")).stdout)["counts"]


def test_export_text_is_sorted_and_merged(run_cli, tmp_path) -> None:
    (tmp_path / "d.txt").write_text("2 T01-003\n1 炎の竜\n3 flame dragon\n", encoding="utf-8")
    result = run_cli("deck", "export", str(tmp_path / "d.txt"))
    body = [line for line in result.stdout.splitlines() if not line.startswith("#")]
    assert body == ["Main:", "4 T01-002  # 炎の竜", "2 T01-003  # 赤の射手"]


def test_export_refuses_unknown_cards_exit_1(run_cli, tmp_path) -> None:
    (tmp_path / "d.txt").write_text("2 no such card\n", encoding="utf-8")
    result = run_cli("deck", "export", str(tmp_path / "d.txt"))
    assert result.exit_code == 1 and "cannot export" in result.stderr


def test_stats_command_text_and_json(run_cli, decks) -> None:
    result = run_cli("stats", str(decks / "legal.txt"), "--card", "Firestorm")
    assert result.exit_code == 0, result.output
    assert "Cost curve" in result.stdout and "Ignition: 20 of 50 (40.0%)" in result.stdout
    assert "火炎の嵐 (T01-005), 4 copies" in result.stdout
    doc = json.loads(run_cli("stats", "--format", "json", str(decks / "legal.txt")).stdout)
    assert doc["main"]["cards"] == 50 and doc["main"]["by_type"] == {"event": 12, "zx": 38}
    assert sum(doc["main"]["cost_curve"].values()) == 50


def test_deck_group_has_validate_too(run_cli, decks) -> None:
    assert run_cli("deck", "validate", str(decks / "legal.txt")).exit_code == 0


def test_debug_shows_the_error_itself(run_cli, decks) -> None:
    from click.testing import CliRunner

    from zxdeck.cli import cli

    result = CliRunner().invoke(cli, ["--debug", "validate", str(decks / "missing.txt")])
    assert result.exception is not None and "not found" in str(result.exception)


def test_deck_from_standard_input(run_cli) -> None:
    """`-` reads the deck from standard input (here CP932 bytes)."""
    result = run_cli("validate", "-", stdin=LEGAL_DECK.encode("cp932"))
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("<stdin>: VALID")


def test_real_process_exit_statuses(cards_file, decks, tmp_path) -> None:
    """Section 3 through `python -m zxdeck` (the console entry point): 0 valid, 1 invalid, 2 could not run."""
    import os
    import subprocess
    import sys

    env = dict(os.environ, ZXDECK_CACHE_DIR=str(tmp_path / "cache"), NO_COLOR="1")
    statuses = {}
    for name in ("legal.txt", "bad.txt", "missing.txt"):
        proc = subprocess.run([sys.executable, "-m", "zxdeck", "--cards", str(cards_file), "validate",
                               str(decks / name)], env=env, capture_output=True, text=True, check=False)
        assert "Traceback" not in proc.stderr
        statuses[name] = proc.returncode
    assert statuses == {"legal.txt": 0, "bad.txt": 1, "missing.txt": 2}


@pytest.mark.rule("D-2")
def test_d2_draw_and_stats_of_an_illegal_deck_warn_and_never_deal_a_player_card(tmp_path) -> None:
    """D-2: a player card listed in the main deck (an illegal deck) is never dealt by `draw` nor
    counted by `stats` (it was in 71 of 300 openings); both warn on stderr with the first error."""
    from pathlib import Path

    from click.testing import CliRunner

    from zxdeck.cli import cli

    red = Path(__file__).resolve().parents[2] / "examples" / "decks" / "red.txt"
    deck = tmp_path / "illegal.txt"
    deck.write_text("4 紅林アカネ\n" + red.read_text(encoding="utf-8"), encoding="utf-8")
    env = {"ZXDECK_CACHE_DIR": str(tmp_path / "cache"), "ZXDECK_CARDS": ""}
    warning = (f"zxdeck: warning: {deck} is not a legal deck (2 errors, the first: main-size [D-1] "
               "main deck: 54 of exactly 50 cards); not {}: 4 紅林アカネ (player), not main deck cards (D-2)\n")
    drawn = CliRunner().invoke(cli, ["draw", str(deck), "-n", "300", "--format", "json"], env=env)
    assert drawn.exit_code == 0, drawn.output
    assert drawn.stderr == warning.format("dealt")
    openings = json.loads(drawn.stdout)["openings"]
    assert len(openings) == 300 and "紅林アカネ" not in drawn.stdout
    stats = CliRunner().invoke(cli, ["stats", str(deck), "--format", "json"], env=env)
    assert stats.exit_code == 0 and stats.stderr == warning.format("counted")
    doc = json.loads(stats.stdout)
    assert doc["main"]["cards"] == 50 and "player" not in doc["main"]["by_type"]
    legal = CliRunner().invoke(cli, ["draw", str(red)], env=env)
    assert legal.exit_code == 0 and legal.stderr == ""  # a legal deck: no warning


@pytest.mark.rule("S-6")
def test_s6_draw_of_a_deck_too_small_for_an_opening_says_so(tmp_path) -> None:
    """S-6, S-8, S-9: an opening deals 10 cards; a smaller main deck is one clear line (exit 2),
    not the setup's internal question."""
    from click.testing import CliRunner

    from zxdeck.cli import cli

    deck = tmp_path / "tiny.txt"
    deck.write_text("10 ZX01-002\n", encoding="utf-8")
    env = {"ZXDECK_CACHE_DIR": str(tmp_path / "cache"), "ZXDECK_CARDS": ""}
    result = CliRunner().invoke(cli, ["draw", str(deck)], env=env)
    assert result.exit_code == 2
    assert result.stderr.endswith(f"zxdeck: error: {deck}: 10 main deck cards are too few to deal an opening "
                                  "(4 in hand, 4 life, 2 resources and one left: at least 11)\n")
    deck.write_text("11 ZX01-002\n", encoding="utf-8")
    assert CliRunner().invoke(cli, ["draw", str(deck)], env=env).exit_code == 0
