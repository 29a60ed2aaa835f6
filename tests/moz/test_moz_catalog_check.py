"""`zxdeck --game moz catalog check FILE`: a MOZ catalog checked with MOZ's loader, nothing
written (Y-1: a mapping with a `cards` list; Y-5: a refused catalog names the file, the card and
its line, and every problem)."""

from __future__ import annotations

from pathlib import Path

import pytest

from zxdeck.cli import main

REPO = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(["--game", "moz", "catalog", *args]) or 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_the_builtin_catalog_is_ok(capsys: pytest.CaptureFixture[str]) -> None:
    path = str(REPO / "data" / "moz" / "cards.yaml")
    code, out, err = run(capsys, "check", path)
    assert code == 0 and err == ""
    assert out == (f"{path}: OK, 225 cards (attribute_change 8, beast 120, help 16, help_special 8, "
                   "reverse 6, special 31, summoner 36)\n")


@pytest.mark.rule("Y-5")
def test_y5_every_problem_is_listed_with_its_card_and_line_exit_1(capsys: pytest.CaptureFixture[str],
                                                                  tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("cards:\n  - {id: X-1, name: 名無し, type: wizard}\n"
                   "  - {id: X-2, name: 竜もどき, type: beast, power: 100}\n"
                   "  - {id: X-3, name: 三番, type: beast, attribute: 炎, sub_attribute: 竜, power: 50}\n"
                   "  - {id: X-3, name: 四番, type: beast, attribute: 炎, sub_attribute: 竜, power: 50}\n",
                   encoding="utf-8")
    code, out, err = run(capsys, "check", str(bad))
    assert code == 1 and out == ""
    lines = err.strip().splitlines()
    assert lines[0] == "zxdeck: error: catalog refused:"
    assert lines[1].endswith("card X-1 (line 2): unknown type 'wizard' (known: summoner, beast, help, special, "
                             "help_special, reverse, attribute_change)")
    assert lines[2].endswith("card X-2 (line 3): missing required field 'attribute'")
    assert lines[3].endswith("card X-3 (line 5): duplicate id (also entry 3)")
    assert len(lines) == 4  # the first X-3 is fine


@pytest.mark.rule("Y-1")
def test_y1_a_file_that_is_not_a_moz_catalog_is_one_line_exit_2(capsys: pytest.CaptureFixture[str],
                                                                tmp_path: Path) -> None:
    listing = tmp_path / "list.yaml"
    listing.write_text("- {id: X-1, name: a, type: beast}\n", encoding="utf-8")
    code, out, err = run(capsys, "check", str(listing))
    assert code == 2 and out == ""
    assert err.strip() == f"zxdeck: error: {listing}: a MOZ catalog is a mapping with a 'cards' list (Y-1)"


def test_the_group_alone_shows_its_help_with_import_template_and_check(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys)
    assert code == 0 and "Y-1..Y-5" in out
    assert all(f"  {sub} " in out for sub in ("import", "template", "check"))
