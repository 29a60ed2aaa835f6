"""MOZ's deck rules as data (MOZ_RULES.md section 2, D-1..D-17): the built-in regulation file,
other regulation files through `--regulation`, bad files refused in one line, and the checked
file kept as JSON (zxdeck.kept)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from zxdeck.games.moz.catalog.model import LIMIT_GROUPS
from zxdeck.games.moz.deck import parse as mozdeck
from zxdeck.games.moz.deck import regulation as reg

ROOT = Path(__file__).resolve().parents[2]
HOUSE = ROOT / "examples" / "moz" / "regulations" / "no_big_dragons.yaml"
DECK = ROOT / "examples" / "moz" / "shell_dragons.txt"


@pytest.fixture()
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("ZXDECK_CACHE_DIR", str(folder))
    return folder


def test_builtin_regulation_states_every_deck_rule(cache: Path) -> None:
    """D-1..D-17: every rule of MOZ_RULES section 2 (except D-18, a ruling on how groups are
    read) is one limit of the built-in file, and every limit group (D-11..D-17) is limited."""
    rules = reg.load_regulation()
    assert rules.name == "glyphwar"
    assert sorted({lim.rule for lim in rules}, key=lambda r: int(r[2:])) == [f"D-{n}" for n in range(1, 18)]
    assert {g for lim in rules for g in lim.match.get("limit_group", [])} == set(LIMIT_GROUPS)
    d1 = next(lim for lim in rules if lim.rule == "D-1")
    assert (d1.code, d1.minimum, d1.maximum, d1.match) == ("summoner-count", 5, 5, {"type": ["summoner"]})
    d10 = next(lim for lim in rules if lim.rule == "D-10")
    assert (d10.per, d10.maximum) == ("power", 12)
    assert rules.limits == mozdeck.REGULATION  # the module's old name reads the file


def test_house_regulation_changes_the_verdict(cache: Path) -> None:
    """D-9 replaced by a house rule (no power-100 dragon): the same legal deck becomes illegal,
    and the result names the regulation it was checked with."""
    catalog = _catalog()
    deck = mozdeck.read_deck(str(DECK), catalog)
    assert mozdeck.validate(deck).valid
    result = mozdeck.validate(deck, reg.load_regulation(HOUSE))
    assert not result.valid
    assert [(p.code, p.rule) for p in result.errors] == [("dragon100-limit", "house-1")]
    assert result.to_dict()["regulation"] == "no_big_dragons"


def _catalog():  # noqa: ANN202
    from zxdeck.games.moz.catalog.loader import open_catalog

    return open_catalog(None)


def _cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "zxdeck", *args], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, **(env or {})}, timeout=120)


@pytest.mark.parametrize("how", ["option", "env"])
def test_regulation_option_on_both_cli_paths(cache: Path, how: str) -> None:
    """`--game moz validate --regulation FILE` (the click-free path) and `ZXDECK_GAME=moz validate
    --regulation FILE --debug` (click's path) give the same JSON."""
    args = ["validate", "--regulation", str(HOUSE), "--format", "json", str(DECK)]
    done = (_cli("--game", "moz", *args) if how == "option"
            else _cli("--debug", *args, env={"ZXDECK_GAME": "moz"}))
    assert done.returncode == 1, done.stderr
    doc = json.loads(done.stdout)
    assert doc["regulation"] == "no_big_dragons" and doc["errors"][0]["rule"] == "house-1"


def test_unknown_regulation_name_is_one_line(cache: Path) -> None:
    done = _cli("--game", "moz", "validate", "--regulation", "nope", str(DECK))
    assert done.returncode == 2
    assert done.stderr.strip() == "zxdeck: error: unknown MOZ regulation 'nope' (known: glyphwar; or give a YAML file)"
    assert done.stdout == ""


GOOD = ("name: r\nlimits:\n  - {rule: D-1, code: summoner-count, what: summoners, match: {type: [summoner]},"
        " minimum: 5, maximum: 5}\n")


@pytest.mark.parametrize(("text", "problem"), [
    ("- 1\n", "a MOZ regulation is a mapping with a 'name'"),
    ("name: r\n", "'limits' must be a non-empty list"),
    ("name: r\nlimits: []\n", "'limits' must be a non-empty list"),
    (GOOD + "colour: red\n", "unknown key 'colour'"),
    (GOOD + "  - 7\n", "limit 2: a limit is a mapping"),
    (GOOD.replace("minimum: 5, maximum: 5", "minimum: 5, maximum: 5, size: 3"), "limit 1 (D-1): unknown key 'size'"),
    (GOOD.replace("match: {type: [summoner]}", "match: {colour: red}"), "limit 1 (D-1): cannot match on 'colour'"),
    (GOOD.replace("match: {type: [summoner]}", "match: {type: {a: 1}}"), "match 'type' must be a value or a list"),
    (GOOD.replace("minimum: 5, maximum: 5", "per: name"), "needs a 'minimum' or a 'maximum'"),
    (GOOD.replace("minimum: 5, maximum: 5", "minimum: 6, maximum: 5"), "'minimum' is above 'maximum'"),
    (GOOD.replace("maximum: 5", "maximum: -1"), "'maximum' must be a whole number >= 0"),
    (GOOD.replace("maximum: 5", "maximum: true"), "'maximum' must be a whole number >= 0"),
    (GOOD.replace("maximum: 5", "maximum: 5, per: colour"), "'per' must be one of name, power"),
    (GOOD.replace("what: summoners", "what: '{colour}'"), "'what' may only use {name} and {power}"),
    (GOOD.replace("code: summoner-count, ", ""), "'code' must be non-empty text"),
    (GOOD.replace("maximum: 5", "maximum: 5, point_lines: maybe"), "'point_lines' must be true or false"),
    ("name: &n r\nlimits: [*n]\n", "anchor"),
    ("name: r\nlimits: [\n", "YAML error"),
])
def test_bad_regulation_file_is_refused_in_one_line(tmp_path: Path, cache: Path, text: str, problem: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(reg.RegulationError) as caught:
        reg.load_regulation(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and problem in message and "\n" not in message
    done = _cli("--game", "moz", "validate", "--regulation", str(path), str(DECK))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.strip() == f"zxdeck: error: {message}"


def test_checked_file_is_kept_and_damage_is_ignored(tmp_path: Path, cache: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The second read uses the kept JSON (no YAML parse); a damaged kept file is parsed again."""
    path = tmp_path / "r.yaml"
    path.write_text(GOOD, encoding="utf-8")
    first = reg.load_regulation(path)
    kept = list((cache / "moz-regulations").glob("*.json"))
    assert len(kept) == 1

    def no_parse(data: bytes, source: str = "") -> reg.MozRegulation:
        raise AssertionError("parsed again")

    monkeypatch.setattr(reg, "parse_regulation", no_parse)
    assert reg.load_regulation(path) == first
    kept[0].write_text(kept[0].read_text(encoding="utf-8").replace('"maximum": 5', '"maximum": 9'), encoding="utf-8")
    monkeypatch.undo()
    monkeypatch.setenv("ZXDECK_CACHE_DIR", str(cache))
    again = reg.load_regulation(path)
    assert again == first and again.limits[0].maximum == 5
