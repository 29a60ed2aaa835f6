"""`zxdeck --game moz deck code`: MOZ's deck codes (zxdeck.games.moz.deck.code over the core's
zxdeck.decks.code): round trips, a code wherever a deck file is read, damaged codes, and a Z/X
code and a MOZ code each refused by the other game in one line (issue 21 section 3). Rule D-2:
every summoner is in the pile and every other card in the zone, whatever header it is under."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_main import run_main
from hypothesis import given, settings
from hypothesis import strategies as st

from zxdeck.decks.code import CodeEntry, foreign_code
from zxdeck.errors import DeckFileError
from zxdeck.games.moz.catalog.loader import open_catalog
from zxdeck.games.moz.deck import code as moz_code
from zxdeck.games.moz.deck.parse import load_deck, read_deck
from zxdeck.games.zx.deck import code as zx_code

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = ["examples/moz/shell_dragons.txt", "examples/moz/flame_thunder.txt", "examples/moz/dusk_minus.txt",
            "examples/moz/water_wind_swarm.txt"]
SHELL = EXAMPLES[0]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `zxdeck ARGS`, in process (tests/support/cli_main.py)."""
    return run_main(*args)


@pytest.fixture(autouse=True)
def _in_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)


def code_of(capsys: pytest.CaptureFixture[str], path: str) -> str:
    status, out, err = run(capsys, "--game", "moz", "deck", "code", path)
    assert status == 0 and err == "", err
    assert out.endswith("\n") and out.count("\n") == 1
    return out.strip()


@pytest.mark.parametrize("path", EXAMPLES)
def test_a_code_holds_the_same_cards_as_its_deck(capsys: pytest.CaptureFixture[str], path: str) -> None:
    code = code_of(capsys, path)
    assert code.startswith("mzd1_") and moz_code.is_deck_code(code) and not zx_code.is_deck_code(code)
    status, out, _ = run(capsys, "--game", "moz", "deck", "diff", path, code)
    assert status == 0 and out.endswith("summoners: no change\nzone: no change\n")
    catalog = open_catalog(None)
    assert sorted(c.id for c in load_deck(code, catalog)) == sorted(c.id for c in load_deck(path, catalog))


def test_a_code_validates_as_its_file_does_on_both_paths(capsys: pytest.CaptureFixture[str]) -> None:
    code = code_of(capsys, SHELL)
    status, out, _ = run(capsys, "--game", "moz", "validate", code)  # the click-free path
    assert status == 0 and "VALID" in out and "summoners 5/5" in out and "zone 50/50" in out
    status, out, _ = run(capsys, "--game", "moz", "deck", "validate", code)  # click's
    assert status == 0 and "VALID" in out


@pytest.mark.rule("D-2")
def test_d2_the_code_puts_summoners_in_the_pile_whatever_the_header(capsys: pytest.CaptureFixture[str],
                                                                    tmp_path: Path) -> None:
    lines = [ln.split("#")[0].strip() for ln in (REPO / SHELL).read_text(encoding="utf-8").splitlines()]
    cards = [ln for ln in lines if ln and not ln.endswith(":")]
    shuffled = tmp_path / "no_headers.txt"
    shuffled.write_text("\n".join(reversed(cards)) + "\n", encoding="utf-8")  # no headers, zone first
    code = code_of(capsys, SHELL)
    assert code_of(capsys, str(shuffled)) == code  # the same cards give the same code
    entries = moz_code.CODE.decode(code)
    assert {e.section for e in entries if e.card_id.startswith("MOZ-S")} == {"summoners"}
    assert {e.section for e in entries if not e.card_id.startswith("MOZ-S")} == {"zone"}
    assert sum(e.count for e in entries if e.section == "summoners") == 5
    assert sum(e.count for e in entries if e.section == "zone") == 50


def test_a_zx_code_given_to_moz_is_named_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deck", "code", "examples/decks/red.txt")
    zx = out.strip()
    assert status == 0 and zx.startswith("zxd1_")
    for command in (["validate"], ["stats"], ["deck", "code"], ["draw", "--odds", "潮騒の竜"]):
        status, out, err = run(capsys, "--game", "moz", *command, zx)
        assert status == 2 and out == "", command
        assert err.count("\n") == 1 and "a Z/X deck code, not a MOZ one" in err and "--game zx" in err, err


def test_a_moz_code_given_to_zx_is_named_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code = code_of(capsys, SHELL)
    for command in (["validate"], ["stats"], ["deck", "export"], ["draw"]):
        status, out, err = run(capsys, *command, code)
        assert status == 2 and out == "", command
        assert err.count("\n") == 1 and "a MOZ deck code, not a Z/X one" in err and "--game moz" in err, err
    assert foreign_code(code, "zx") == "moz" and foreign_code(code, "moz") is None


def test_a_damaged_code_is_one_line_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code = code_of(capsys, SHELL)
    middle = len(code) // 2
    damaged = code[:middle] + ("A" if code[middle] != "A" else "B") + code[middle + 1:]
    status, out, err = run(capsys, "--game", "moz", "validate", damaged)
    assert status == 2 and out == "" and err.count("\n") == 1 and "damaged" in err
    status, _, err = run(capsys, "--game", "moz", "validate", "mzd9_AAAA")
    assert status == 2 and "version 9 is not known" in err


def test_a_deck_with_a_line_not_understood_gets_no_code(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("1 見習い御影タケル\n1 誰でもない竜\n", encoding="utf-8")
    status, out, err = run(capsys, "--game", "moz", "deck", "code", str(bad))
    assert status in (1, 2) and out == "" and err.count("\n") == 1 and str(bad) in err


def test_an_unknown_id_in_a_code_is_a_deck_problem_not_a_crash() -> None:
    code = moz_code.CODE.encode([CodeEntry("zone", "MOZ-B999", 1)])
    deck = read_deck(code, open_catalog(None))
    assert [p.code for p in deck.problems] == ["unknown-card"]


IDS = st.builds(lambda kind, n: f"MOZ-{kind}{n:03d}", st.sampled_from("SBHP"), st.integers(0, 999))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["summoners", "zone"]), IDS, st.integers(1, 9)), max_size=40))
def test_encode_then_decode_gives_the_same_cards(items: list[tuple[str, str, int]]) -> None:
    totals: dict[tuple[str, str], int] = {}
    for section, card_id, count in items:
        totals[(section, card_id)] = totals.get((section, card_id), 0) + count
    entries = [CodeEntry(s, c, n) for (s, c), n in totals.items()]
    code = moz_code.CODE.encode(entries)
    back = moz_code.CODE.decode(code)
    assert sorted(back, key=lambda e: (e.section, e.card_id)) == sorted(entries, key=lambda e: (e.section, e.card_id))
    with pytest.raises(DeckFileError):
        zx_code.decode_entries(code)


@pytest.mark.rule("D-2")
@pytest.mark.parametrize("fmt", ["text", "json", "yaml"])
def test_d2_export_writes_the_pile_and_the_zone_and_reads_back(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                                               fmt: str) -> None:
    """`deck export` (D-2: summoners in the pile, the rest in the zone, whatever the header): every
    form reads back as the same cards and gives the same code."""
    lines = [ln for ln in (REPO / SHELL).read_text(encoding="utf-8").splitlines() if not ln.endswith(":")]
    no_headers = tmp_path / "no_headers.txt"
    no_headers.write_text("\n".join(reversed(lines)) + "\n", encoding="utf-8")
    target = tmp_path / f"shell.{ {'text': 'txt'}.get(fmt, fmt) }"
    status, out, err = run(capsys, "--game", "moz", "deck", "export", str(no_headers), "--format", fmt, "-o", str(target))
    assert status == 0 and out == "" and err == ""
    status, out, _ = run(capsys, "--game", "moz", "deck", "diff", SHELL, str(target))
    assert status == 0 and out.endswith("summoners: no change\nzone: no change\n")
    assert code_of(capsys, str(target)) == code_of(capsys, SHELL)
    text = target.read_text(encoding="utf-8")
    if fmt == "text":
        assert text.splitlines()[1] == "Summoners:" and text.splitlines()[7] == "Zone:"
        assert text.splitlines()[2] == "1 MOZ-S001  # 見習い御影タケル"
    else:
        assert ("summoners" in text) and text.index("summoners") < text.index("zone")
