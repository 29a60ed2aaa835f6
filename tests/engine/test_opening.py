"""`zxdeck draw` (zxdeck.engine.opening): openings dealt by the game's own setup, S-2..S-9."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from zxdeck.catalog.loader import builtin_catalog_path, load_catalog
from zxdeck.deck import read_deck
from zxdeck.engine.actions import KEEP, MULLIGAN
from zxdeck.engine.decks import spec_from_deck
from zxdeck.engine.game import Game
from zxdeck.engine.opening import deal_opening, deal_openings

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def blue():
    deck = read_deck(ROOT / "examples" / "decks" / "blue.txt", load_catalog(builtin_catalog_path()))
    return spec_from_deck(deck)


def _ids(cards) -> list[str]:
    return [c.id for c in cards]


@pytest.mark.parametrize("seed", [0, 1, 7, 123])
def test_s6_s8_s9_opening_sizes_and_cards_come_from_the_deck(blue, seed) -> None:
    """S-6 four cards, S-8 four life cards, S-9 two resources, S-2 the Start Card, S-3 the Gate Card."""
    o = deal_opening(blue, seed)
    assert len(o.hand) == 4 and len(o.life) == 4 and len(o.resources) == 2
    assert o.start_card is not None and o.start_card.start_card  # S-2
    assert o.gate_card is not None and o.gate_card.gate_card  # S-3
    dealt = Counter(_ids(o.hand + o.life + o.resources + [o.start_card, o.gate_card]))
    deck = Counter(_ids(blue.main))
    assert all(deck[k] >= n for k, n in dealt.items())


@pytest.mark.parametrize("mulligan", [False, True])
def test_s4_s7_opening_is_what_the_engine_deals_with_the_same_seed(blue, mulligan) -> None:
    """S-4/S-7: the same seed in a real Game, with player 1 making the same choices, deals the same."""
    for seed in range(5):
        o = deal_opening(blue, seed, mulligan)
        seen = {}

        def listener(g, event, data, seen=seen) -> None:
            if event == "setup_done":
                ps = g.players[0]
                seen["zones"] = ([g.cards[i].id for i in ps.hand], [g.cards[i].id for i in ps.life],
                                 [g.cards[i].id for i in ps.resources])

        g = Game(blue, blue, seed=seed, first=0, listener=listener)
        while "zones" not in seen:
            kind = g.decision_kind()
            if kind == "mulligan":
                g.apply(MULLIGAN if mulligan and g.current_player() == 0 else KEEP)
            else:
                g.apply(g.legal_actions()[0])
        assert seen["zones"] == (_ids(o.hand), _ids(o.life), _ids(o.resources))
        assert o.mulligan is mulligan and len(o.first_hand) == (4 if mulligan else 0)


def test_openings_are_reproducible_and_seeded_one_by_one(blue) -> None:
    three = deal_openings(blue, 10, 3)
    assert [o.seed for o in three] == [10, 11, 12]
    assert _ids(three[1].hand) == _ids(deal_opening(blue, 11).hand)
    assert _ids(deal_opening(blue, 10).life) == _ids(three[0].life)
    assert len({tuple(_ids(o.hand)) for o in deal_openings(blue, 0, 20)}) > 1


def test_cli_draw_text_and_json(tmp_path) -> None:
    from click.testing import CliRunner

    from zxdeck.cli import cli

    env = {"ZXDECK_CACHE_DIR": str(tmp_path / "cache")}
    deck = str(ROOT / "examples" / "decks" / "blue.txt")
    result = CliRunner().invoke(cli, ["draw", deck, "--seed", "3", "-n", "2"], env=env)
    assert result.exit_code == 0, result.output
    assert "seed 3" in result.stdout and "seed 4" in result.stdout and "life" in result.stdout
    doc = json.loads(CliRunner().invoke(cli, ["draw", deck, "--format", "json", "--mulligan"], env=env).stdout)
    opening = doc["openings"][0]
    assert len(opening["hand"]) == 4 and len(opening["mulligan"]["returned"]) == 4
    assert opening["ignition_in_life"] == sum(1 for c in opening["life"]
                                              if c["card"] in {x.id for x in read_deck(deck, load_catalog()).cards("main") if x.ignition})
