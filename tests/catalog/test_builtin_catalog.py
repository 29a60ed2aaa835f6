"""The built-in catalog data/cards.yaml: quotas, coverage of the ability schema, example decks.

Rule ids (ZX_RULES.md) are cited in test names or docstrings.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from zxdeck.catalog import abilities as schema
from zxdeck.catalog.abilities import check_abilities
from zxdeck.catalog.loader import Catalog, builtin_catalog_path, load_catalog
from zxdeck.catalog.model import COLORS, TYPES, Card

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "examples" / "decks"
MONO = ("red", "blue", "white", "black", "green")


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog(builtin_catalog_path())


def main_cards(catalog: Catalog, color: str) -> list[Card]:
    return [c for c in catalog if c.color == color and c.type in ("zx", "event")]


def effects_of(ability: dict[str, Any]) -> list[dict[str, Any]]:
    return list(ability.get("effects", ()))


def uses(card: Card, do: str) -> bool:
    return any(e.get("do") == do for a in card.abilities or () for e in effects_of(a))


def walk(card: Card) -> Iterator[tuple[str, str]]:
    """(category, name) of every schema element a card uses: kind, trigger, via, condition, cost,
    primitive, target word, selector key, filter key."""
    def filt(f: dict[str, Any] | None) -> Iterator[tuple[str, str]]:
        for key in f or {}:
            yield "filter", key

    def target(t: Any) -> Iterator[tuple[str, str]]:
        if isinstance(t, str):
            yield "target", t
            return
        for key in t:
            yield "selector", key
        yield from filt(t.get("filter"))

    for a in card.abilities or ():
        yield "kind", a["kind"]
        if "trigger" in a:
            yield "trigger", a["trigger"]
        if "via" in a:
            yield "via", a["via"]
        for key, value in (a.get("condition") or {}).items():
            yield "condition", key
            if key == "own_zx":
                yield from filt(value.get("filter"))
        for key in a.get("cost") or {}:
            yield "cost", key
        if a["kind"] == "descent":
            yield from filt(a["filter"])
        if a["kind"] == "shift":
            yield from filt(a["target"])
        for e in effects_of(a):
            yield "primitive", e["do"]
            if "target" in e:
                yield from target(e["target"])
            yield from filt(e.get("filter"))


# --- size, colors, types (T-1..T-9) ------------------------------------------------------

def test_catalog_has_at_least_250_cards(catalog: Catalog) -> None:
    assert len(catalog) >= 250


def test_t9_every_color_and_colorless_present(catalog: Catalog) -> None:
    """T-9: the five colors and colorless."""
    assert {c.color for c in catalog if c.type != "player"} == set(COLORS)


def test_t1_t7_every_type_present(catalog: Catalog) -> None:
    """T-1..T-7: zx, event, player, zx_ex, zx_ob, shift, event_ex."""
    assert set(TYPES) == {c.type for c in catalog}


@pytest.mark.parametrize("color", MONO)
def test_d4_each_color_has_20_ignition_main_cards(catalog: Catalog, color: str) -> None:
    """D-4: a single-color deck can hold exactly 20 ignition cards."""
    assert sum(c.ignition for c in main_cards(catalog, color)) >= 20


@pytest.mark.parametrize("color", MONO)
def test_d1_each_color_has_30_non_ignition_main_cards(catalog: Catalog, color: str) -> None:
    """D-1 / D-4: the other 30 cards of a single-color deck exist too."""
    assert sum(not c.ignition for c in main_cards(catalog, color)) >= 30


def test_d5_at_least_6_life_recovery_ignition_cards(catalog: Catalog) -> None:
    """D-5 / B-6: Life Recovery works when played from life, so these cards carry the ignition icon."""
    lr = [c for c in catalog if c.life_recovery]
    assert len(lr) >= 6 and all(c.ignition and c.type in ("zx", "event") for c in lr)
    assert len({c.color for c in lr}) >= 4


def test_d6_at_least_6_void_bringer_ignition_cards(catalog: Catalog) -> None:
    """D-6 / B-6: Void Bringer cards, with the ignition icon, spread over colors."""
    vb = [c for c in catalog if c.void_bringer]
    assert len(vb) >= 6 and all(c.ignition and c.type in ("zx", "event") for c in vb)
    assert len({c.color for c in vb}) >= 4


@pytest.mark.parametrize("color", MONO)
def test_s2_start_card_zx_in_every_color(catalog: Catalog, color: str) -> None:
    """S-2 / D-7: a Start Card Z/X in each color."""
    assert any(c.start_card and c.type == "zx" for c in main_cards(catalog, color))


def test_s3_at_least_two_gate_card_events(catalog: Catalog) -> None:
    """S-3: Gate Card events."""
    assert sum(c.gate_card and c.type == "event" for c in catalog) >= 2


def test_t3_t5_t7_players_own_two_ob_and_an_event_ex(catalog: Catalog) -> None:
    """T-3 / T-5 / T-7 / D-14: at least 5 player cards, each with >= 2 Z/X OB and >= 1 Event EX."""
    players = catalog.players()
    assert len(players) >= 5
    for p in players:
        obs = [c for c in catalog if c.type == "zx_ob" and c.player == p.name]
        exs = [c for c in catalog if c.type == "event_ex" and c.player == p.name]
        assert len(obs) >= 2 and len(exs) >= 1, p.name


def test_every_ob_and_event_ex_names_an_existing_player(catalog: Catalog) -> None:
    """D-14: `player:` of a Z/X OB / Event EX is the name of a player card."""
    names = {p.name for p in catalog.players()}
    assert all(c.player in names for c in catalog if c.type in ("zx_ob", "event_ex"))


@pytest.mark.parametrize("color", MONO)
def test_o2_ig_over_boost_event_in_every_color(catalog: Catalog, color: str) -> None:
    """O-2: a main-deck event with {do: over_boost} puts a Z/X OB onto the field."""
    assert any(c.type == "event" and uses(c, "over_boost") for c in main_cards(catalog, color))


def test_x1_x4_zx_ex_cover_descent_awakening_idealize(catalog: Catalog) -> None:
    """X-2..X-4: at least 15 Z/X EX, each entry condition used."""
    exs = [c for c in catalog if c.type == "zx_ex"]
    kinds = Counter(a["kind"] for c in exs for a in c.abilities or () if a["kind"] in schema.EX_KINDS)
    assert len(exs) >= 15 and set(kinds) == set(schema.EX_KINDS)


def test_h2_at_least_five_shifts(catalog: Catalog) -> None:
    """H-2: Shift cards with 剣臨条件 / 剣臨器."""
    shifts = [c for c in catalog if c.type == "shift"]
    assert len(shifts) >= 5 and all(any(a["kind"] == "shift" for a in c.abilities) for c in shifts)


def test_t8_every_counter_spent_by_idealize_is_gained_somewhere(catalog: Catalog) -> None:
    """T-8 / X-4: idealize spends counters that other cards gain."""
    spent = {a["counter"] for c in catalog for a in c.abilities or () if a["kind"] == "idealize"}
    gained = {e["counter"] for c in catalog for a in c.abilities or () for e in effects_of(a)
              if e["do"] == "gain_counter"}
    assert spent and spent <= gained and gained == set(schema.COUNTERS)


def test_a7_evol_seed_cards_trigger_when_milled(catalog: Catalog) -> None:
    """A-7: cards with the evol_seed icon and a `milled` trigger."""
    seeds = [c for c in catalog if c.evol_seed]
    assert len(seeds) >= 3
    assert all(any(a.get("trigger") == "milled" for a in c.abilities) for c in seeds)


def test_a5_zero_optima_cards(catalog: Catalog) -> None:
    """A-5: Zero Optima."""
    assert sum(any("zero_optima" in (a.get("condition") or {}) for a in c.abilities or ()) for c in catalog) >= 3


def test_a6_lv_races_exist_on_dunamis_cards(catalog: Catalog) -> None:
    """A-6: a [race]Lv.X card counts face-up dunamis cards of a race some dunamis card has."""
    dunamis_races = {r for c in catalog if c.type in ("zx_ex", "zx_ob", "shift", "event_ex") for r in c.races}
    lv = [a["condition"]["lv"] for c in catalog for a in c.abilities or () if "lv" in (a.get("condition") or {})]
    assert len(lv) >= 3 and all(any(x["race"] in r for r in dunamis_races) for x in lv)


def test_a8_alter_force_cards(catalog: Catalog) -> None:
    """A-8 / Z-6: Alter Force, with cards that use forces (condition or cost)."""
    assert sum(uses(c, "alter_force") for c in catalog) >= 3
    assert ("cost", "force") in {pair for c in catalog for pair in walk(c)}
    assert ("condition", "has_force") in {pair for c in catalog for pair in walk(c)}


# --- names, numbers, balance ---------------------------------------------------------------

ID = re.compile(r"^(ZX01|EX01|OB01|PR01)-\d{3}$")


def test_t10_card_numbers_follow_one_scheme(catalog: Catalog) -> None:
    """T-10: card numbers are SET-NNN: ZX01 main deck, EX01 Z/X EX / Shift / Event EX, OB01, PR01."""
    prefix = {"zx": "ZX01", "event": "ZX01", "zx_ex": "EX01", "shift": "EX01", "event_ex": "EX01",
              "zx_ob": "OB01", "player": "PR01"}
    assert all(ID.match(c.id) and c.id.startswith(prefix[c.type]) for c in catalog)


def test_d3_names_are_unique_japanese_with_english_names(catalog: Catalog) -> None:
    """D-3 counts copies by name: each built-in card has its own (NFKC) name, a Japanese one, and name_en."""
    names = Counter(unicodedata.normalize("NFKC", c.name) for c in catalog)
    assert max(names.values()) == 1
    assert all(c.name_en and re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", c.name) for c in catalog)


def test_balance_costs_and_power(catalog: Catalog) -> None:
    """Costs 0..9, events 1..4, power of about 1000-2000 per cost point for Z/X."""
    for c in catalog:
        if c.type == "player":
            continue
        assert 0 <= c.cost <= 9, c.id
        if c.type in ("event", "event_ex"):
            assert 1 <= c.cost <= 4 and c.timing in ("main", "battle", "any"), c.id
        if c.type == "event_ex":  # E-2: no timing of its own, the rules' main phase or battle
            assert c.timing == "any" and "timing" not in c.to_dict(), c.id
        if c.type == "zx":
            assert 1000 <= c.power <= 1000 + 2000 * max(c.cost, 1), c.id
            assert c.power >= 1000 * c.cost - 1000 or c.cost <= 1, c.id


def test_ignition_zx_weaker_than_non_ignition_on_average(catalog: Catalog) -> None:
    """Balance: the ignition icon is paid for with power."""
    def avg(ig: bool) -> float:
        zx = [c.power / max(c.cost, 1) for c in catalog if c.type == "zx" and c.ignition == ig and c.cost >= 2]
        return sum(zx) / len(zx)
    assert avg(True) < avg(False)


def test_many_abilities_are_simple_and_some_cards_are_vanilla(catalog: Catalog) -> None:
    zx = [c for c in catalog if c.type == "zx"]
    vanilla = [c for c in zx if c.abilities == () and not c.keywords]
    one = [c for c in zx if c.abilities is not None and len(c.abilities) == 1]
    assert 5 <= len(vanilla) <= len(zx) // 4 and len(one) >= len(zx) // 2


# --- the ability schema ---------------------------------------------------------------------

def test_every_card_has_an_abilities_key(catalog: Catalog) -> None:
    """ABILITIES.md: every built-in card states its behaviour (vanilla cards: `abilities: []`)."""
    assert all(c.abilities is not None for c in catalog)


def test_no_card_has_text_without_abilities(catalog: Catalog) -> None:
    """Text beyond the keyword lines comes from abilities only."""
    keyword_lines = {"スタートカード", "ゲートカード", "ライフリカバリー", "ヴォイドブリンガー"}
    for c in catalog:
        rest = [line for line in c.text.splitlines() if line not in keyword_lines]
        assert not rest or c.abilities, c.id


def test_every_builtin_card_passes_the_schema_check(catalog: Catalog) -> None:
    problems = [p for c in catalog for p in check_abilities(c)]
    assert problems == []


def test_every_event_card_does_something(catalog: Catalog) -> None:
    """T-2 / A-4: each event has at least one ★ ability."""
    for c in catalog:
        if c.type == "event":
            assert any(a["kind"] == "event" for a in c.abilities), c.id


@pytest.fixture(scope="module")
def used(catalog: Catalog) -> dict[str, Counter[str]]:
    out: dict[str, Counter[str]] = {}
    for card in catalog:
        for category, name in set(walk(card)):
            out.setdefault(category, Counter())[name] += 1
    return out


@pytest.mark.parametrize(("category", "vocabulary"), [
    ("kind", schema.KINDS), ("trigger", schema.TRIGGERS), ("via", schema.VIA),
    ("condition", schema.CONDITIONS), ("cost", schema.COSTS), ("primitive", schema.PRIMITIVES),
    ("target", schema.TARGET_WORDS), ("selector", schema.SELECTOR_KEYS), ("filter", schema.FILTER_KEYS),
])
def test_every_schema_element_is_used_by_a_card(used: dict[str, Counter[str]], category: str,
                                                vocabulary: Any) -> None:
    """Each kind, trigger, condition, cost, primitive, target and filter key of ABILITIES.md is used."""
    assert set(vocabulary) - set(used[category]) == set()


def test_every_primitive_is_used_by_several_cards(used: dict[str, Counter[str]]) -> None:
    rare = {name: n for name, n in used["primitive"].items() if n < 2}
    assert rare == {}


# --- the example decks (D-1..D-14), counted the simplest way ---------------------------------

LINE = re.compile(r"^(?:(\d+)x?\s+(.+?)|(.+?)\s+x(\d+))$", re.IGNORECASE)


def read_deck(path: Path, catalog: Catalog) -> tuple[str, list[Card], list[Card]]:
    """(player name, main cards, dunamis cards) of a deck file; every line must name a known card."""
    player, section = "", "main"
    main: list[Card] = []
    dunamis: list[Card] = []
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = re.sub(r"(^|\s)#.*$", "", raw).strip()
        if not line:
            continue
        if line.lower().startswith("player:"):
            player = line.split(":", 1)[1].strip()
            continue
        if line.lower().rstrip(":") == "dunamis":
            section = "dunamis"
            continue
        m = LINE.match(line)
        assert m, f"{path.name}: not a card line: {raw!r}"
        count = int(m.group(1) or m.group(4))
        ref = (m.group(2) or m.group(3)).strip()
        card = catalog.find(ref)
        assert card is not None, f"{path.name}: unknown card {ref!r}"
        (main if section == "main" else dunamis).extend([card] * count)
    return player, main, dunamis


@pytest.mark.parametrize("color", MONO)
def test_example_deck_is_legal(catalog: Catalog, color: str) -> None:
    """D-1, D-2, D-3, D-4, D-5, D-6, D-7, D-9..D-14 for examples/decks/<color>.txt."""
    player, main, dunamis = read_deck(DECKS / f"{color}.txt", catalog)
    names = Counter(unicodedata.normalize("NFKC", c.name) for c in main)
    assert len(main) == 50  # D-1
    assert all(c.type in ("zx", "event") for c in main)  # D-2
    assert max(names.values()) <= 4  # D-3
    assert sum(c.ignition for c in main) == 20  # D-4
    assert sum(c.life_recovery for c in main) <= 4  # D-5
    assert sum(c.void_bringer for c in main) <= 4  # D-6
    assert any(c.start_card for c in main)  # D-7
    assert any(uses(c, "over_boost") for c in main)  # O-2: the IG Over Boost event
    assert {c.color for c in main} == {color}
    obs = [c for c in dunamis if c.type == "zx_ob"]
    assert len(dunamis) <= 16 and len(obs) <= 4 and len(dunamis) - len(obs) <= 12  # D-9, D-12, D-13
    assert all(c.type in ("zx_ex", "zx_ob", "shift", "event_ex") for c in dunamis)  # D-10
    assert max(Counter(c.name for c in dunamis).values()) <= 4  # D-11
    assert player in {p.name for p in catalog.players()}  # D-15
    assert obs and all(c.player == player for c in obs)  # D-14
    assert {c.type for c in dunamis} == {"zx_ex", "zx_ob", "shift", "event_ex"}


@pytest.mark.parametrize("name", ["red_broken.txt", "dunamis_overflow.txt", "blue_wrong_counts.txt"])
def test_illegal_example_decks_break_several_rules(catalog: Catalog, name: str) -> None:
    """The illegal examples stay illegal: each breaks at least three of D-1, D-3, D-4, D-5, D-6, D-12, D-14."""
    path = DECKS / "illegal" / name
    lines = [re.sub(r"(^|\s)#.*$", "", raw).strip() for raw in path.read_text(encoding="utf-8").splitlines()]
    main: list[Card | None] = []
    for line in lines[: lines.index("Dunamis:")]:
        m = LINE.match(line)
        if m and not line.lower().startswith("player"):
            main.extend([catalog.find((m.group(2) or m.group(3)).strip())] * int(m.group(1) or m.group(4)))
    known = [c for c in main if c is not None]
    broken = [
        len(main) != 50,
        max(Counter(c.name for c in known).values()) > 4,
        sum(c.ignition for c in known) != 20,
        sum(c.life_recovery for c in known) > 4,
        sum(c.void_bringer for c in known) > 4,
        None in main,
        any(c.type not in ("zx", "event") for c in known),
    ]
    assert sum(broken) >= 3


def test_names_inside_abilities_exist(catalog: Catalog) -> None:
    """`player:` conditions name a player card; `name:` filters name a card of the catalog."""
    players = {p.name for p in catalog.players()}
    names = {c.name for c in catalog}

    def names_in(value: Any) -> Iterator[tuple[str, str]]:
        if isinstance(value, dict):
            for key, item in value.items():
                if key in ("player", "name") and isinstance(item, str):
                    yield key, item
                yield from names_in(item)
        elif isinstance(value, list):
            for item in value:
                yield from names_in(item)

    found = [pair for c in catalog for pair in names_in(list(c.abilities or ()))]
    assert {k for k, _ in found} == {"player", "name"}
    assert all(v in (players if k == "player" else names) for k, v in found)
