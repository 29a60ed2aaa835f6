"""`zxdeck --game moz rules`: MOZ's rules reference (docs/MOZ_RULES.md) with the ids of the MOZ
rules digest, looked up and searched by the core's rule book (zxdeck.rulebook), as Z/X's is.

These tests name rule ids to look up; they check the reference, not the rules themselves."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from zxdeck.cli import main
from zxdeck.games.moz.rules import load_rules, rules_path, terms_path
from zxdeck.rulebook import parse_rules

REPO = Path(__file__).resolve().parents[2]
DIGEST = REPO.parent / "shared" / "rules" / "MOZ_RULES.md"
DOC = REPO / "docs" / "MOZ_RULES.md"
# The ids of the digest (bullets `- D-4 ...` and table rows `| K-1 | ...`), sections 1 to 17, as
# written down when docs/MOZ_RULES.md was made (the digest is outside the repository in CI).
DIGEST_SPANS = {"K": 17, "D": 18, "Z": 7, "S": 6, "R": 9, "T": 10, "L": 10, "P": 3, "X": 7,
                "C": 6, "V": 6, "H": 5, "F": 4, "O": 4, "W": 3, "N": 8, "Y": 5}


def digest_ids(text: str) -> list[str]:
    body = text.split("\n## 18.", 1)[0]
    found = re.findall(r"^(?:- |\| )([A-Z])-(\d+)(?= )", body, re.M)
    return list(dict.fromkeys(f"{k}-{int(n)}" for k, n in found))


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        code = main(["--game", "moz", "rules", *args]) or 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_the_reference_has_every_id_of_the_digest_in_order() -> None:
    book = load_rules()
    expected = [f"{k}-{i}" for k, n in DIGEST_SPANS.items() for i in range(1, n + 1)]
    assert list(book.rules) == expected
    assert list(book.sections) == list(DIGEST_SPANS)
    for rule in book.rules.values():
        assert rule.title and len(rule.body) > 20, rule.id
    if DIGEST.is_file():  # a workplace checkout has the digest beside the repository
        assert digest_ids(DIGEST.read_text(encoding="utf-8")) == expected


def test_every_ruling_of_the_digest_is_marked() -> None:
    if not DIGEST.is_file():
        pytest.skip("the MOZ rules digest is not beside this checkout")
    text = DIGEST.read_text(encoding="utf-8").split("\n## 18.", 1)[1]
    rulings = set(re.findall(r"^\| ([A-Z]-\d+) \|", text, re.M))
    marked = {r.id for r in load_rules().rules.values() if "**Ruling:**" in r.body}
    assert rulings and rulings <= marked


def test_a_source_checkout_reads_docs_moz_rules_md_and_the_wheel_ships_it() -> None:
    assert rules_path() == DOC
    assert terms_path() == REPO / "data" / "moz" / "rule_terms.yaml"
    assert load_rules().rules == parse_rules(DOC.read_text(encoding="utf-8")).rules
    shipped = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    include = shipped["tool"]["hatch"]["build"]["targets"]["wheel"]["force-include"]
    assert include["docs/MOZ_RULES.md"] == "zxdeck/data/MOZ_RULES.md"
    assert include["data"] == "zxdeck/data"  # data/moz/rule_terms.yaml -> zxdeck/data/moz/


def test_every_rule_id_moz_cites_is_in_the_reference() -> None:
    """MOZ's code, regulations and docs cite ids ([D-4], (X-2)): each must answer the lookup."""
    cited: set[str] = set()
    for path in [*(REPO / "zxdeck" / "games" / "moz").rglob("*.py"),
                 *(REPO / "data" / "moz" / "regulations").glob("*.yaml"), REPO / "docs" / "MOZ.md"]:
        cited |= set(re.findall(r"\b([A-Z]-\d+)\b", path.read_text(encoding="utf-8")))
    cited -= {"D-19"}  # docs/MOZ.md shows the error for an id that is not a rule
    assert "no rule 'D-19'" in (REPO / "docs" / "MOZ.md").read_text(encoding="utf-8")
    assert cited
    assert sorted(cited - set(load_rules().rules), key=lambda r: (r[0], int(r[2:]))) == []


def test_lookup_by_id_lenient_range_and_section(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "x2")
    assert code == 0 and out.startswith("X-2  One secret special each\n")
    assert "**" not in out and "in secret" in out
    assert run(capsys, "Ｘ－２")[1] == out
    code, out, _ = run(capsys, "D-4..D-8", "D-6")
    assert code == 0 and re.findall(r"^(D-\d+)  ", out, re.M) == ["D-4", "D-5", "D-6", "D-7", "D-8"]
    code, out, _ = run(capsys, "C")
    assert code == 0 and re.findall(r"^(C-\d+)  ", out, re.M) == [f"C-{i}" for i in range(1, 7)]
    assert "shell_dragon" in out  # the combo table of C-3


def test_no_argument_lists_the_sections(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys)
    assert code == 0
    assert out.splitlines()[0] == ("The rules of The Miracle of the Zone, as zxdeck plays them: "
                                   "128 rules in 17 sections")
    assert "  X  The special step" in out and "X-1..X-7" in out
    assert "zxdeck --game moz rules ID prints a rule" in out


@pytest.mark.parametrize(("args", "needle"), [
    (["Q-1"], "no rule 'Q-1': there is no section Q (sections: K D Z S R T L P X C V H F O W N Y); "
              "`zxdeck --game moz rules` lists them"),
    (["D-19"], "no rule 'D-19': section D (Deck construction) has D-1..D-18; did you mean D-1, D-9, D-10?"),
    (["D-1..C-3"], "spans two sections"),
])
def test_an_unknown_id_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], args: list[str],
                                              needle: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1 and needle in err and "Traceback" not in err


def test_search_ranks_and_uses_moz_synonyms(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "held", "cards")
    assert code == 0 and out.splitlines()[0].startswith("H-3 ")
    assert "zxdeck --game moz rules ID prints one in full." in out.splitlines()[-1]
    # words players use stand for the words of the rules (data/moz/rule_terms.yaml)
    assert "Z-6" in run(capsys, "graveyard")[1]  # the hole
    assert "R-3" in run(capsys, "going", "first")[1]  # the first player (先手), by speed
    assert "F-1" in run(capsys, "concede")[1]  # fold
    # and Japanese, kana folded
    hiragana, katakana = run(capsys, "ほーる")[1], run(capsys, "ホール")[1]
    assert "Z-6" in hiragana and hiragana.splitlines()[:-1] == katakana.splitlines()[:-1]


def test_a_search_that_finds_nothing_says_so_with_a_near_word(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "sumoner")
    assert code == 0 and out.startswith("no rule mentions 'sumoner'; did you mean 'summoner'")


def test_the_validate_report_ends_with_the_command_for_its_rules(capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The human report of an invalid deck names the lookup of the rules it cites, as Z/X's does."""
    monkeypatch.chdir(REPO)
    try:
        code = main(["--game", "moz", "validate", "examples/moz/illegal/too_many_high_levels.txt"])
    except SystemExit as exc:
        code = exc.code
    out = capsys.readouterr().out
    assert code == 1
    cited = re.findall(r"\[([A-Z]-\d+)\]", out)
    last = out.splitlines()[-1]
    assert last == "Rules: zxdeck --game moz rules D-2 D-3 D-4 D-5 D-6 D-7 D-10"
    assert last.split()[5:] == sorted(set(cited), key=lambda r: int(r[2:]))
    code, out, _ = run(capsys, *last.split()[5:])
    assert code == 0 and out.count("\n\n") == 6
