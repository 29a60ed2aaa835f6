"""Every file zxdeck reads is read with a limit (zxdeck.bounded): `catalog import /dev/zero`,
`--cards /dev/zero` and a regulation FIFO once read until memory ran out. A device, pipe or
folder is refused in one line, a file over the limit too, and a stream is read in chunks that
stop one byte past the limit. JSON card lists are read strictly and in linear time."""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path

import pytest
from cli_main import run_main as run

from zxdeck import bounded

ROOT = Path(__file__).resolve().parents[2]
RED = ROOT / "examples" / "decks" / "red.txt"
DEV_ZERO = Path("/dev/zero")


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("ZXDECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("ZXDECK_CARDS", raising=False)




needs_dev_zero = pytest.mark.skipif(not DEV_ZERO.exists(), reason="no /dev/zero here")
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


@needs_dev_zero
@pytest.mark.parametrize("args", [
    ("catalog", "import", "/dev/zero", "--format", "csv"),
    ("catalog", "check", "/dev/zero", "--format", "json"),
    ("--cards", "/dev/zero", "search", "c:red"),
    ("--cards", "/dev/zero", "validate", str(RED)),
    ("validate", "--regulation", "/dev/zero", str(RED)),
    ("--game", "moz", "--cards", "/dev/zero", "search", "sub:dragon"),
])
def test_a_device_is_refused_in_one_line_never_read(args: tuple[str, ...]) -> None:
    code, out, err = run(*args)
    assert (code, out) == (2, "")
    assert err.startswith("zxdeck: error: /dev/zero: is a device, not a ") and err.count("\n") == 1


@needs_fifo
def test_a_regulation_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    """A FIFO named like a regulation: refused at once (it is opened without blocking)."""
    fifo = tmp_path / "store.yaml"
    os.mkfifo(fifo)
    code, out, err = run("validate", "--regulation", str(fifo), str(RED))
    assert (code, out) == (2, "")
    assert err == f"zxdeck: error: {fifo}: is a pipe (FIFO), not a regulation file; save it to a file first\n"


@needs_fifo
def test_a_catalog_fifo_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "cards.yaml"
    os.mkfifo(fifo)
    code, _, err = run("--cards", str(fifo), "search", "c:red")
    assert code == 2 and err == f"zxdeck: error: {fifo}: is a pipe (FIFO), not a catalog file; save it to a file first\n"


def test_a_file_over_the_limit_is_refused_before_reading(tmp_path: Path, monkeypatch) -> None:
    from zxdeck.catalog import cardlist  # every game's card-list reading (catalog import|check)

    monkeypatch.setattr(cardlist, "MAX_BYTES", 1024)
    path = tmp_path / "big.csv"
    path.write_text("id,name,type\n" + "B01-001,a,zx\n" * 200, encoding="utf-8")
    code, _, err = run("catalog", "check", str(path))
    assert code == 2
    assert err == f"zxdeck: error: {path}: is 2,613 bytes; a card list may be at most 1 KiB\n"


def test_a_regulation_over_1_mib_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "huge.yaml"
    path.write_text("name: huge\n" + "#" * (1024 * 1024) + "\n", encoding="utf-8")
    code, _, err = run("validate", "--regulation", str(path), str(RED))
    assert code == 2 and err == f"zxdeck: error: {path}: is 1,048,588 bytes; a regulation may be at most 1 MiB\n"


def test_a_stream_without_end_is_read_in_chunks_up_to_the_limit() -> None:
    """A pipe fed without end (as a FIFO or a growing file would be): reading stops one byte past
    the limit, in chunks, with the one-line refusal."""
    read_end, write_end = os.pipe()
    stop = threading.Event()

    def feed() -> None:
        try:
            while not stop.is_set():
                os.write(write_end, b"\0" * 65536)
        except OSError:
            pass

    writer = threading.Thread(target=feed, daemon=True)
    writer.start()
    try:
        with pytest.raises(bounded.FileRefused) as info:
            bounded.read_fd(read_end, 3 * 1024 * 1024, "catalog")
        assert info.value.problem == "more than 3 MiB; a catalog may be at most 3 MiB"
    finally:
        stop.set()
        os.close(read_end)
        writer.join(timeout=5)
        os.close(write_end)


def test_a_folder_is_refused(tmp_path: Path) -> None:
    code, _, err = run("catalog", "import", str(tmp_path), "--format", "csv")
    assert code == 2 and err == f"zxdeck: error: {tmp_path}: is a folder, not a card list file\n"


# ---------------------------------------------------------------- JSON card lists, read strictly


def test_json_nested_400_levels_is_one_clear_line(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text('[{"id": "B01-001", "name": "a", "type": "zx",\n "abilities": '
                    + "[" * 400 + "]" * 400 + "}]", encoding="utf-8")
    code, out, err = run("catalog", "import", str(path))
    assert (code, out) == (2, "")
    assert err == f"zxdeck: error: {path}: line 2: JSON nested more than 64 levels deep\n"


def test_abilities_cell_nested_400_levels_is_a_problem_of_that_card(tmp_path: Path) -> None:
    path = tmp_path / "deep.csv"
    path.write_text('id,name,type,abilities\nB01-001,a,zx,"' + "[" * 400 + "]" * 400 + '"\n', encoding="utf-8")
    code, _, err = run("catalog", "check", str(path))
    assert code == 1 and "internal error" not in err
    assert f"{path}: line 2: card B01-001: abilities is not JSON (line 1: JSON nested more than 64" in err


def test_a_key_given_twice_in_a_json_card_list_names_both_lines(tmp_path: Path) -> None:
    path = tmp_path / "twice.json"
    path.write_text('[{"id": "B01-001", "name": "a",\n  "type": "zx",\n  "name": "b"}]', encoding="utf-8")
    code, _, err = run("catalog", "import", str(path))
    assert code == 2
    assert err == f"zxdeck: error: {path}: line 3: key 'name' given twice in one object (lines 1 and 3); keep one\n"


def test_json_card_lines_are_counted_right_for_many_cards(tmp_path: Path) -> None:
    """The line of each card (counted on from the previous one, linear in the file) in errors."""
    from zxdeck.games.zx.catalog.importer import CardListError, import_cards

    cards = [{"id": f"B01-{i:03d}", "name": f"c{i}", "type": "zx"} for i in range(300)]
    cards[250]["cost"] = "many"
    text = json.dumps({"cards": cards}, indent=1)
    line = 1 + text[:text.index('"B01-250"')].count("\n") - 1  # the `{` above the id
    with pytest.raises(CardListError) as info:
        import_cards(text.encode(), "list.json", "json")
    assert info.value.problems == [f"list.json: line {line}: card B01-250: cost 'many' is not a whole number >= 0"]


def test_imported_yaml_reads_back_exactly(tmp_path: Path) -> None:
    """The catalog written card by card reads back as the same cards, tricky text included."""
    from zxdeck.catalog.loader import parse_catalog
    from zxdeck.games.zx.catalog.importer import catalog_yaml, import_cards

    texts = ["yes", "010", "1_000", "a: b", " lead", "x !", "line1\nline2", "行1\n\n  行3", "tab\there", "trail \nx",
             "【自】登場時", "#x", "null", "1e3", "\u3000全角", "\\back", '"q"', "NaN", ".inf"]
    rows = [{"id": f"B01-{i:03d}", "name": f"n{i}", "type": "zx", "text": t, "races": [t.strip() or "x"],
             "rarity": t} for i, t in enumerate(texts)]
    result = import_cards(json.dumps(rows, ensure_ascii=False).encode(), "list.json", "json")
    written = catalog_yaml(result)
    assert parse_catalog(written.encode(), "out.yaml") == result.cards
    assert [c.text for c in result.cards] == [t.strip().replace("\r\n", "\n") for t in texts]
