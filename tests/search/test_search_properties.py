"""Property tests of the search language (hypothesis).

- Any string at all gives results or a clean `QueryError`, never another exception.
- Any query built from the grammar gives the same cards with the FTS5 index, with instr()
  only, and with the plain-Python evaluator.
- Matching ignores case, width and katakana/hiragana (section 4).
"""

from __future__ import annotations

from pathlib import Path

import jaconv
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from search_data import FIXTURE_YAML

from zxdeck.catalog.db import open_db
from zxdeck.catalog.query import filter_cards, parse, search_ids
from zxdeck.catalog.synthetic import synthetic_catalog_yaml
from zxdeck.errors import QueryError

SETTINGS = settings(max_examples=300, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def shared_db(tmp_path_factory: pytest.TempPathFactory):
    """The fixture catalog plus 300 synthetic cards, built once for the module."""
    folder = tmp_path_factory.mktemp("props")
    path = folder / "cards.yaml"
    synthetic = synthetic_catalog_yaml(300, seed=11).split("\n", 1)[1]  # drop its "cards:" line
    path.write_text(FIXTURE_YAML + synthetic, encoding="utf-8")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("ZXDECK_CACHE_DIR", str(folder / "cache"))
        db = open_db(path)
    yield db
    db.close()


SYNTAX = list('()-!"/:<>= ') + ["or", "OR", "c:", "t:", "is:", "n:", "o:", "r:", "id:", "cost", "power",
                                "red", "zx", "ig", "ドラゴン", "どら", "Ａ", "\\", "\u3000", "\x00", "竜"]


@SETTINGS
@given(st.one_of(st.text(), st.lists(st.sampled_from(SYNTAX), max_size=12).map("".join)))
def test_any_string_gives_results_or_a_clean_query_error(shared_db, query: str) -> None:
    try:
        found = search_ids(shared_db, query)
    except QueryError as exc:
        assert str(exc).startswith("bad query: ") and exc.exit_code == 2
        return
    assert isinstance(found, list) and all(isinstance(i, str) for i in found)


ATOMS = [
    "c:red", "c:u", "c:colorless", "t:zx", "t:ex", "t:player", "cost<=2", "cost>4", "cost!=3",
    "power>=6000", "power<2000", "r:ドラゴン", "r:ぎあ", "is:ig", "is:lr", "is:es", "not:vb",
    "player:プレイヤー1", "o:カード", "o:ダメージ", 'o:"draw a card"', "o:か", "n:の", "n:紅",
    "n:/^紅/", "o:/ライフ|void/", "n:/^$/", "o:/^$/", "n!=/の/", "id:S00-1", "id:t01", "id=T01-001", "ドラゴン", "dragon",
    "knight", "ab", '"sky dragon"', '!"どらごん"', "竜", "1枚", "カードを1枚",
]


def _query(depth: int = 3) -> st.SearchStrategy[str]:
    atom = st.sampled_from(ATOMS)
    return st.recursive(
        atom,
        lambda inner: st.one_of(
            st.tuples(inner, inner).map(" ".join),
            st.tuples(inner, inner).map(" or ".join),
            inner.map(lambda q: f"-({q})"),
            inner.map(lambda q: f"({q})"),
        ),
        max_leaves=6,
    )


@SETTINGS
@given(_query())
def test_fts_instr_and_python_agree(shared_db, query: str) -> None:
    node = parse(query)
    fts = search_ids(shared_db, node)
    assert search_ids(shared_db, node, fts=False) == fts
    assert sorted(c.id for c in filter_cards(shared_db.cards(), node)) == fts


@SETTINGS
@given(st.data())
def test_kana_width_and_case_are_ignored(shared_db, data: st.DataObject) -> None:
    """Section 4: ドラゴン finds どらごん and the reverse; full-width and case do not matter."""
    card = data.draw(st.sampled_from([c for c in shared_db.cards() if c.type != "player"]))
    name_part = data.draw(st.integers(1, len(card.name))) if len(card.name) > 1 else 1
    piece = card.name[:name_part]
    for variant in (piece, jaconv.kata2hira(piece), jaconv.hira2kata(piece), jaconv.h2z(piece, ascii=True, digit=True)):
        assert card.id in search_ids(shared_db, f'n:"{variant}"'), variant
    if card.name_en:
        for variant in (card.name_en.upper(), card.name_en.lower(), jaconv.h2z(card.name_en, ascii=True, digit=True)):
            assert card.id in search_ids(shared_db, f'"{variant}"'), variant
    assert search_ids(shared_db, f"id={card.id.lower()}") == [card.id]


def test_shared_db_has_the_fixture_and_synthetic_cards(shared_db) -> None:
    assert len(shared_db.cards()) == 315
    assert Path(shared_db.path).is_file()
