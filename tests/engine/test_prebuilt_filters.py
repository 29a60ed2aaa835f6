"""The generated filters and conditions (abilities.py `_build`) and the compiled build's `_prebuilt`
module of them (scripts/build_compiled.py `write_prebuilt`), issue 13.

A filter's generated source names its values instead of containing them, so filters with the same
keys share one factory; the build compiles the factories of every filter and condition of the
built-in catalog ahead of time. These tests check that the prebuilt module covers the catalog
(no filter or condition is compiled at run time when it is used) and plays the same games.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

from zxdeck.agents.random_agent import RandomAgent
from zxdeck.catalog import load_catalog
from zxdeck.deck import read_deck
from zxdeck.engine import Game
from zxdeck.engine.decks import spec_from_deck
from zxdeck.games.zx.engine import abilities

ROOT = Path(__file__).resolve().parents[2]
COLORS = ("red", "blue", "white", "black", "green")
COMPILED = bool(os.environ.get("ZXDECK_EXPECT_COMPILED"))


def _games(n: int) -> list[list]:
    cat = load_catalog(ROOT / "data" / "cards.yaml")
    specs = {c: spec_from_deck(read_deck(ROOT / "examples" / "decks" / f"{c}.txt", cat)) for c in COLORS}
    out = []
    for s in range(n):
        g = Game(specs[COLORS[s % 5]], specs[COLORS[(s // 5) % 5]], seed=s)
        agents = (RandomAgent(2 * s), RandomAgent(2 * s + 1))
        while not g.is_over():
            g.apply(agents[g.current_player()].choose(g))
        out.append([tuple(a) for a in g.history] + [(g.winner, g.reason)])
    return out


def test_same_keys_share_one_factory() -> None:
    """The values of a filter are the factory's arguments: red and blue make the same source."""
    red = abilities.unit_filter({"color": "red", "min_cost": 2})
    blue = abilities.unit_filter({"color": "blue", "min_cost": 5})
    assert red is not blue
    assert abilities.unit_filter(None) is None and abilities.unit_filter({}) is None
    sources = [s for s in {**abilities.GENERATED, **abilities.PREBUILT}
               if "COLORS" in s and "MIN_COST" in s and "MAX_COST" not in s and "RACE" not in s
               and "TYPES" not in s and "NAME" not in s]
    assert len(sources) == 1
    assert "'red'" not in sources[0] and "'blue'" not in sources[0]


@pytest.mark.skipif(COMPILED, reason="the compiled copy has its own _prebuilt module")
def test_prebuilt_module_covers_the_catalog_and_plays_the_same_games(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import build_compiled
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    path = tmp_path / "_prebuilt.py"
    n = build_compiled.write_prebuilt(path)
    spec = importlib.util.spec_from_file_location("zx_prebuilt_test", path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    assert len(mod.PREBUILT) == n > 10

    monkeypatch.setattr(abilities, "_UNIT_FILTERS", {})
    monkeypatch.setattr(abilities, "_CONDITIONS", {})
    monkeypatch.setattr(abilities, "GENERATED", {})
    want = _games(15)  # compiled here at run time
    compiled_here = set(abilities.GENERATED)
    assert compiled_here <= set(mod.PREBUILT)

    monkeypatch.setattr(abilities, "_UNIT_FILTERS", {})
    monkeypatch.setattr(abilities, "_CONDITIONS", {})
    monkeypatch.setattr(abilities, "GENERATED", {})
    monkeypatch.setattr(abilities, "PREBUILT", mod.PREBUILT)
    assert _games(15) == want
    assert abilities.GENERATED == {}  # every filter and condition came from the prebuilt module


@pytest.mark.skipif(not COMPILED, reason="scripts/build_compiled.py --test only")
def test_compiled_build_uses_its_prebuilt_filters() -> None:
    assert len(abilities.PREBUILT) > 10
    card = next(c for c in load_catalog(ROOT / "data" / "cards.yaml") if c.id == "EX01-016")
    flt = abilities.script_for(card).descent_filter
    fn = abilities.unit_filter(flt)
    assert type(fn).__name__ != "function"  # a compiled function, not one made by exec()
