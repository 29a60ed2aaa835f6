"""`zxdeck --game moz catalog import|template|check` of a card list: a CSV / TSV / JSON list of MOZ
cards read with MOZ's schema (zxdeck.games.moz.catalog.importer over the core's
zxdeck.catalog.cardlist), checked by MOZ's checker, written as a catalog YAML that MOZ's loader
reads back (issue 21 section 3). Rules: Y-1 (a catalog is a mapping with a `cards` list), Y-3
(the fields of each type), Y-4 (sub-attributes in Japanese or English), Y-5 (every problem is
listed with its card and line)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_main import run_main

from zxdeck.games.moz.catalog.importer import import_cards, template_csv
from zxdeck.games.moz.catalog.loader import load_catalog, open_catalog

REPO = Path(__file__).resolve().parents[2]

HEADER = "カード番号,カード名,英語名,種類,レベル,スピード,年齢,性別,上,左,右,属性,サブ属性,パワー,制限グループ,テキスト,読み\n"
ROWS = [
    "MOZ-S901,試しの召喚師,Trial Summoner,召喚師,3,5,20,男,貝,風,雷,,,,,,ためしのしょうかんし\n",
    "MOZ-B901,試しの竜,Trial Dragon,召喚獣,,,,,,,,炎,竜,100,,,ためしのりゅう\n",
    "MOZ-B902,試しの魚,,beast,,,,,,,,水,fish,-50,,,\n",
    "MOZ-P901,試しの封印,,スペシャルカード,,,,,,,,,,,SP封じ,相手はこのラウンドスペシャルを使えない。,\n",
    "MOZ-P902,試しの変化,,attribute_change,,,,,,,,光,,,,,\n",
]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """(exit code, stdout, stderr) of `zxdeck --game moz catalog ARGS`, in process (tests/support/cli_main.py)."""
    return run_main("--game", "moz", "catalog", *args)


def write(tmp_path: Path, text: str, name: str = "cards.csv") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.rule("Y-1", "Y-3", "Y-4")
def test_a_japanese_csv_becomes_a_catalog_moz_reads_back(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = write(tmp_path, HEADER + "".join(ROWS))
    out_file = tmp_path / "cards.yaml"
    code, out, err = run(capsys, "import", str(source), "-o", str(out_file))
    assert code == 0 and out == ""
    assert err == (f"{out_file}: 5 cards (attribute_change 1, beast 2, special 1, summoner 1)\n")
    cards = {c.id: c for c in load_catalog(str(out_file)).cards}
    assert sorted(cards) == ["MOZ-B901", "MOZ-B902", "MOZ-P901", "MOZ-P902", "MOZ-S901"]
    summoner = cards["MOZ-S901"]
    assert (summoner.type, summoner.level, summoner.speed, summoner.age, summoner.sex) == \
        ("summoner", 3, 5, 20, "male")
    assert summoner.summon_attributes == ("貝", "風", "雷")
    assert (cards["MOZ-B901"].attribute, cards["MOZ-B901"].sub_attribute, cards["MOZ-B901"].power) == \
        ("炎", "dragon", 100)  # Y-4: 竜 is the key dragon
    assert (cards["MOZ-B902"].sub_attribute, cards["MOZ-B902"].power) == ("fish", -50)
    assert cards["MOZ-P901"].limit_group == "sp_seal" and cards["MOZ-P901"].type == "special"
    assert cards["MOZ-P902"].attribute == "光"
    assert dict(cards["MOZ-S901"].extra)["reading"] == "ためしのしょうかんし"  # an extra key, kept


def test_the_imported_catalog_is_used_with_the_builtin_one(capsys: pytest.CaptureFixture[str],
                                                           tmp_path: Path) -> None:
    source = write(tmp_path, HEADER + "".join(ROWS))
    out_file = tmp_path / "cards.yaml"
    assert run(capsys, "import", str(source), "-o", str(out_file))[0] == 0
    catalog = open_catalog(["builtin", str(out_file)])
    assert catalog.find("試しの竜")[0].id == "MOZ-B901" and catalog.find("MOZ-S001")
    code, out, _ = run(capsys, "check", str(out_file))
    assert code == 0 and out.startswith(f"{out_file}: OK, 5 cards")


@pytest.mark.rule("Y-5")
def test_y5_every_problem_is_listed_with_its_line_and_nothing_is_written(capsys: pytest.CaptureFixture[str],
                                                                         tmp_path: Path) -> None:
    source = write(tmp_path, "id,name,type,attribute,sub_attribute,power,top,left,right\n"
                             "X-1,a,beast,炎,竜,many,,,\n"
                             "X-2,b,wizard,,,,,,\n"
                             "X-3,c,summoner,,,,貝,,\n"
                             "X-4,d,beast,炎,竜,10,,,\n"
                             "X-4,e,beast,炎,竜,10,,,\n")
    out_file = tmp_path / "cards.yaml"
    code, out, err = run(capsys, "import", str(source), "-o", str(out_file))
    assert code == 1 and out == "" and not out_file.exists()
    lines = err.strip().splitlines()
    assert lines[0] == f"zxdeck: error: {source}: 4 problems, nothing imported:"
    assert lines[1].endswith("line 2: card X-1: power 'many' is not a whole number")
    assert "line 3: card X-2: type 'wizard' is not one of" in lines[2]
    assert "line 4: card X-3:" in lines[3] and "summon_attributes" in lines[3]
    assert lines[4].endswith("line 6: card X-4: card id used twice in this file (also line 5)")
    code, out, err = run(capsys, "check", str(source))  # check says the same, writes nothing
    assert code == 1 and out == "" and "4 problems" in err


def test_an_unreadable_or_unknown_file_is_one_line_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "import", str(tmp_path / "missing.csv"))
    assert code == 2 and out == "" and err.strip().endswith("missing.csv: file not found")
    binary = tmp_path / "cards.csv"
    binary.write_bytes(b"\x00\xff\xfe\x00" * 64)
    code, out, err = run(capsys, "import", str(binary))
    assert code == 2 and out == "" and err.count("\n") == 1
    code, _, err = run(capsys, "import", str(write(tmp_path, "id,name\n", "cards.txt")))
    assert code == 2 and "--format csv" in err


def test_a_column_without_a_field_needs_map(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    source = write(tmp_path, "No,Card,Kind,Attr,Sub,Pow,Memo\nMOZ-B950,試し,beast,炎,竜,100,memo\n")
    code, _, err = run(capsys, "import", str(source))
    assert code == 1 and "no column for the field 'name'" in err and "--map 'COLUMN=name'" in err
    code, out, err = run(capsys, "import", str(source), "--map", "Card=name", "--map", "Kind=type",
                         "--map", "Memo=ignore", "--map", "Sub=sub_attribute")
    assert code == 0 and "- id: MOZ-B950" in out and "memo" not in out
    assert "sub_attribute: 竜" in out and "power: 100" in out
    code, _, err = run(capsys, "import", str(source), "--map", "No=wizardry")
    assert code == 2 and "unknown field 'wizardry'" in err


def test_a_json_list_is_read_with_its_lines(tmp_path: Path) -> None:
    cards = [{"id": "MOZ-B960", "name": "試しの鳥", "type": "beast", "attribute": "風", "sub_attribute": "bird",
              "power": 50, "abilities": []},
             {"id": "MOZ-S960", "name": "試しの師", "type": "summoner", "level": 1, "speed": 3,
              "summon_attributes": {"top": "風", "left": "風", "right": "風"}}]
    result = import_cards(json.dumps({"cards": cards}, ensure_ascii=False, indent=1).encode(), "list.json", "json")
    assert [c.id for c in result.cards] == ["MOZ-B960", "MOZ-S960"]
    assert result.cards[1].summon_attributes == ("風", "風", "風")


def test_the_template_documents_every_column_and_its_examples_import(capsys: pytest.CaptureFixture[str],
                                                                     tmp_path: Path) -> None:
    code, out, _ = run(capsys, "template")
    assert code == 0 and out == template_csv()
    header = next(line for line in out.splitlines() if not line.startswith("#"))
    for column in header.split(","):
        assert f"#   {column}: " in out
    examples = [line[2:] for line in out.splitlines() if line.startswith("# MOZ-")]
    source = write(tmp_path, header + "\n" + "\n".join(examples) + "\n")
    code, out, _ = run(capsys, "check", str(source))
    assert code == 0 and out == f"{source}: OK, 3 cards (beast 1, special 1, summoner 1)\n"
    target = tmp_path / "t.csv"
    assert run(capsys, "template", "-o", str(target))[0] == 0 and target.read_text(encoding="utf-8") == template_csv()
    code, _, err = run(capsys, "template", "-o", str(target))
    assert code == 2 and "already exists (use --force" in err


def test_the_builtin_catalog_round_trips_through_a_csv(tmp_path: Path) -> None:
    """Every built-in card written as a CSV row (abilities as JSON) imports to the same card."""
    import csv

    builtin = load_catalog(None).cards
    columns = ["id", "name", "name_en", "type", "level", "speed", "age", "sex", "top", "left", "right", "attribute",
               "sub_attribute", "power", "limit_group", "text", "abilities", "set", "reading"]
    path = tmp_path / "all.csv"
    with path.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.writer(fh)
        writer.writerow(columns)
        for card in builtin:
            m = card.to_mapping()
            faces = m.get("summon_attributes") or {}
            row = {**m, **faces, "abilities": json.dumps(m.get("abilities") or [], ensure_ascii=False)}
            writer.writerow(["" if row.get(c) is None else row.get(c) for c in columns])
    result = import_cards(path.read_bytes(), str(path), "csv")
    assert [c.to_mapping() for c in result.cards] == [c.to_mapping() for c in builtin]
