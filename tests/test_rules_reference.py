"""The rules reference: docs/RULES.md covers every id of ZX_RULES.md, ships in the wheel, and
`zxdeck rules` looks rules up and searches them.

These tests name rule ids as things to look up, not as rules they check, so
tests/test_rule_ids.py does not count this file as citing them.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from zx_rule_ids import REPO, all_ids, ids_of_zx_rules, zx_rules_md

from zxdeck.cli import main
from zxdeck.errors import ZxError
from zxdeck.rules import load_rules, looks_like_id, parse_rules, plain, rules_path

RULES_MD = REPO / "docs" / "RULES.md"
RULINGS = {"D-14", "B-3", "B-6", "B-7", "A-9", "R-2", "W-3"}  # the **Ruling** items of ZX_RULES.md


@pytest.fixture(scope="module")
def book():  # noqa: ANN201 - RuleBook
    return parse_rules(RULES_MD.read_text(encoding="utf-8"))


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


# --- the text -----------------------------------------------------------------------------------

def test_rules_md_has_every_id_of_zx_rules_in_order(book) -> None:  # noqa: ANN001
    assert list(book.rules) == all_ids()
    assert [s.letter for s in book.sections.values()] == list(dict.fromkeys(i[0] for i in all_ids()))
    for rule in book.rules.values():
        assert rule.title and len(rule.body) > 20, rule.id


def test_rules_md_matches_the_ids_of_zx_rules_md_itself(book) -> None:  # noqa: ANN001
    """When ZX_RULES.md is at hand (beside the repository, as in CI), its ids are read from it."""
    path = zx_rules_md()
    if path is None:
        pytest.skip("ZX_RULES.md is not beside this checkout; the id counts are checked above")
    text = path.read_text(encoding="utf-8")
    assert list(book.rules) == ids_of_zx_rules(text)
    rulings = set()
    for block in re.split(r"\n(?=- [A-Z]-\d+ |\| [A-Z]-\d+ )", text):
        m = re.match(r"[-|] ([A-Z]-\d+)", block)
        if m and "**Ruling" in block:
            rulings.add(m.group(1))
    assert rulings == RULINGS


def test_our_rulings_are_marked_as_ours(book) -> None:  # noqa: ANN001
    marked = {r.id for r in book.rules.values() if "**Ruling (zxdeck):**" in r.body}
    assert marked == RULINGS


def test_the_rules_are_in_our_own_words() -> None:
    """No sentence of ZX_RULES.md is copied whole (ids, terms and short phrases aside)."""
    path = zx_rules_md()
    if path is None:
        pytest.skip("ZX_RULES.md is not beside this checkout")
    ours = " ".join(RULES_MD.read_text(encoding="utf-8").split())
    theirs = " ".join(path.read_text(encoding="utf-8").split())
    sentences = [s for s in re.split(r"(?<=[.:;])\s+", theirs) if len(s) > 60]
    copied = [s for s in sentences if s in ours]
    assert not copied, copied[:5]


def test_the_text_ships_in_the_wheel_and_is_found_there(tmp_path: Path) -> None:
    """`pip install .` puts docs/RULES.md at zxdeck/data/RULES.md (pyproject force-include), and
    the installed package reads it from there."""
    wheel_builder = pytest.importorskip("hatchling.builders.wheel")
    (wheel,) = wheel_builder.WheelBuilder(str(REPO)).build(directory=str(tmp_path / "dist"),
                                                            versions=["standard"])
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as zf:
        assert zf.read("zxdeck/data/RULES.md") == RULES_MD.read_bytes()
        assert zf.read("zxdeck/data/rule_terms.yaml") == (REPO / "data" / "rule_terms.yaml").read_bytes()
        # MOZ's reference too (zxdeck/games/moz/rules.py), and its synonyms under data/moz/
        assert zf.read("zxdeck/data/MOZ_RULES.md") == (REPO / "docs" / "MOZ_RULES.md").read_bytes()
        assert zf.read("zxdeck/data/moz/rule_terms.yaml") == (REPO / "data" / "moz" / "rule_terms.yaml").read_bytes()
        zf.extractall(site)
    probe = ("import json, zxdeck.rules as r, zxdeck.games.moz.rules as m; b = r.load_rules(); "
             "print(json.dumps([str(r.rules_path()), list(b.rules), str(m.rules_path()), "
             "str(m.terms_path()), len(m.load_rules().rules)]))")
    done = subprocess.run([sys.executable, "-I", "-c", f"import sys; sys.path.insert(0, {str(site)!r}); {probe}"],
                          capture_output=True, text=True, check=True, cwd=tmp_path)
    where, ids, moz_where, moz_terms, moz_count = json.loads(done.stdout)
    assert Path(where) == site / "zxdeck" / "data" / "RULES.md"
    assert ids == all_ids()
    assert Path(moz_where) == site / "zxdeck" / "data" / "MOZ_RULES.md"
    assert Path(moz_terms) == site / "zxdeck" / "data" / "moz" / "rule_terms.yaml" and moz_count == 128


def test_a_source_checkout_reads_docs_rules_md() -> None:
    assert rules_path() == RULES_MD
    assert load_rules().rules == parse_rules(RULES_MD.read_text(encoding="utf-8")).rules


def test_every_rule_id_zxdeck_cites_is_in_the_reference(book) -> None:  # noqa: ANN001
    """Reports and game messages cite ids (`[D-4]`, `(P-5)`): each must answer `zxdeck rules ID`."""
    cited = set()
    moz = REPO / "zxdeck" / "games" / "moz"  # MOZ cites the ids of its own rules (MOZ_RULES.md)
    for path in (REPO / "zxdeck").rglob("*.py"):
        if moz in path.parents:
            continue
        cited |= set(re.findall(r"\b([A-Z]-\d+)\b", path.read_text(encoding="utf-8")))
    for path in (REPO / "data" / "regulations").glob("*.yaml"):
        cited |= set(re.findall(r"\b([A-Z]-\d+)\b", path.read_text(encoding="utf-8")))
    assert cited, "the scan found no id at all"
    assert sorted(cited - set(book.rules)) == []


# --- looking rules up ---------------------------------------------------------------------------

@pytest.mark.parametrize("query", ["B-6", "b6", "b-6", " B6 ", "Ｂ－６", "B 6", "B–6"])
def test_an_id_is_read_leniently(book, query: str) -> None:  # noqa: ANN001
    assert [r.id for r in book.select(query)] == ["B-6"]


@pytest.mark.parametrize(("query", "ids"), [
    ("D-1..D-4", ["D-1", "D-2", "D-3", "D-4"]),
    ("d1..d4", ["D-1", "D-2", "D-3", "D-4"]),
    ("D-1..4", ["D-1", "D-2", "D-3", "D-4"]),
    ("D-4..D-2", ["D-2", "D-3", "D-4"]),
    ("r", ["R-1", "R-2"]),
    ("E", ["E-1", "E-2", "E-3"]),
])
def test_ranges_and_sections_select_several_rules(book, query: str, ids: list[str]) -> None:  # noqa: ANN001
    assert [r.id for r in book.select(query)] == ids


@pytest.mark.parametrize(("query", "message"), [
    ("B-10", "no rule 'B-10': section B (Battle) has B-1..B-9; did you mean B-1?"),
    ("B-66", "did you mean B-6?"),
    ("W-9", "section W (Winning) has W-1..W-3"),
    ("Q-1", "there is no section Q (sections: T D Z S P C L B X O H E A R W)"),
    ("D-1..D-20", "no rule 'D-1..D-20': section D (Deck construction) has D-1..D-16"),
    ("D-1..E-2", "spans two sections"),
])
def test_an_unknown_id_is_an_error_with_a_suggestion(book, query: str, message: str) -> None:  # noqa: ANN001
    with pytest.raises(ZxError) as info:
        book.select(query)
    assert message in info.value.message
    assert info.value.exit_code == 2


@pytest.mark.parametrize(("text", "is_id"), [
    ("B-6", True), ("b6", True), ("D-1..D-4", True), ("x", True), ("Ｂ６", True),
    ("life", False), ("降臨", False), ("B-6x", False), ("ZX01-001", False),
])
def test_ids_are_told_from_words(text: str, is_id: bool) -> None:
    assert looks_like_id(text) is is_id


# --- searching ----------------------------------------------------------------------------------

def test_search_needs_every_word_and_ranks_titles_first(book) -> None:  # noqa: ANN001
    found = [r.id for r, _ in book.search(["LIFE", "recovery"])]
    assert found[:2] == ["D-5", "B-6"]
    for rid in found:
        rule = book.rules[rid]
        text = f"{rule.title} {rule.body}".lower()
        assert "life" in text and "recovery" in text
    assert "D-6" not in found  # Void Bringer limit: no "life recovery" in it


def test_search_finds_japanese_terms_and_folds_kana(book) -> None:  # noqa: ANN001
    assert [r.id for r, _ in book.search(["降臨"])][0] == "X-2"
    assert {r.id for r, _ in book.search(["りぶーと"])} == {r.id for r, _ in book.search(["リブート"])}
    assert "Z-7" in {r.id for r, _ in book.search(["りぶーと"])}


@pytest.mark.parametrize(("words", "expected"), [
    (["アタック"], "B-1"), (["破壊"], "B-5"), (["手札"], "S-6"), (["先攻"], "S-5"), (["後攻"], "S-5"),
    (["going", "first"], "S-5"), (["Going", "First"], "P-2"), (["あたっく"], "B-1"),
])
def test_search_knows_the_words_of_the_game_screen_and_english_synonyms(book, words, expected) -> None:  # noqa: ANN001
    """The words the terminal game shows (アタック, 破壊, 手札, 先攻, 後攻) and English ways of
    saying the rules' words (going first) find the rules, through data/rule_terms.yaml."""
    assert expected in [r.id for r, _ in book.search(words)]


def test_the_synonym_table_ships_and_every_word_it_gives_occurs_in_the_rules(book) -> None:  # noqa: ANN001
    from zxdeck.games.zx.rules import synonyms, terms_path
    from zxdeck.text import fold

    assert terms_path() == REPO / "data" / "rule_terms.yaml"
    table = synonyms()
    assert len(table) >= 10
    text = " ".join(fold(f"{r.title} {plain(r.body)}") for r in book.rules.values())
    dead = sorted({w for words in table.values() for w in words if w not in text})
    assert dead == []  # a synonym for a word the rules never use finds nothing


def test_rules_command_finds_going_first(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "going", "first")
    assert code == 0 and out.startswith("S-5   Who goes first")
    assert out.splitlines()[-1] == "2 rules mention 'going first'; zxdeck rules ID prints one in full."


def test_search_with_no_match_suggests_close_words(book) -> None:  # noqa: ANN001
    assert book.search(["ignitoin"]) == []
    assert "ignition" in book.suggest_words(["ignitoin"])


# --- the command --------------------------------------------------------------------------------

def test_rules_id_prints_the_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rules", "b6")
    assert code == 0 and err == ""
    assert out.startswith("B-6  Attacking the player (life damage)\nThe attacker chooses")
    assert "Ruling (zxdeck): Void Bringer" in out and "**" not in out and "`" not in out


def test_rules_several_ids_print_each_once(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "D-1..D-3", "d2", "P-5")
    assert code == 0
    assert re.findall(r"^([A-Z]-\d+)  ", out, re.M) == ["D-1", "D-2", "D-3", "P-5"]


def test_rules_alone_lists_the_sections(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules")
    assert code == 0
    assert "100 rules in 15 sections" in out
    assert "  B  Battle               B-1..B-9" in out


def test_rules_unknown_id_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rules", "B-10")
    assert (code, out) == (2, "")
    assert err == ("zxdeck: error: no rule 'B-10': section B (Battle) has B-1..B-9; "
                   "did you mean B-1?\n")


def test_rules_words_list_the_ranked_matches(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "life", "recovery")
    assert code == 0
    assert out.splitlines()[0] == "D-5   Life Recovery limit"
    assert out.splitlines()[-1].startswith("5 rules mention 'life recovery'")
    code, out, _ = run(capsys, "rules", "trash", "--limit", "2")
    assert len(re.findall(r"^[A-Z]-\d+ ", out, re.M)) == 2 and "(the first 2 shown" in out


def test_rules_word_found_once_prints_the_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "summoning")
    assert code == 0 and out.startswith("L-5  No waiting to attack\n")


def test_rules_no_match_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "ignitoin")
    assert (code, out) == (0, "no rule mentions 'ignitoin'; did you mean 'ignition'?\n")


# --- the reports point at it --------------------------------------------------------------------

BROKEN = str(REPO / "examples" / "decks" / "illegal" / "blue_wrong_counts.txt")


def test_validate_report_ends_with_the_command_for_its_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", BROKEN)
    assert code == 1
    cited = re.findall(r"\[([A-Z]-\d+)\]", out)
    last = out.splitlines()[-1]
    assert last == "Rules: zxdeck rules D-1 D-2 D-4 D-6 D-7"
    assert last.split()[3:] == sorted(set(cited), key=lambda r: int(r[2:]))
    code, out, _ = run(capsys, "rules", *last.split()[3:])
    assert code == 0 and out.count("\n\n") == 4


def test_validate_json_is_unchanged_by_the_pointer(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", "--format", "json", BROKEN)
    assert code == 1
    data = json.loads(out)
    assert set(data) == {"deck", "valid", "regulation", "counts", "errors", "warnings"}
    assert "zxdeck rules" not in out


def test_a_valid_deck_report_has_no_rules_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "validate", str(REPO / "examples" / "decks" / "red.txt"))
    assert code == 0 and "zxdeck rules" not in out
