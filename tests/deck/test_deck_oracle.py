"""D-1..D-15 against a second, deliberately plain implementation, on random decks of the test catalog."""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zxdeck.deck import deck_from_cards, validate
from zxdeck.text import name_key


def expected_codes(main, dunamis, player) -> tuple[set[str], set[str]]:
    """The error and warning codes ZX_RULES section 2 asks for, computed the obvious way."""
    errors: set[str] = set()
    warnings: set[str] = set()
    cards = [c for c, n in main for _ in range(n)]
    dcards = [c for c, n in dunamis for _ in range(n)]
    if len(cards) != 50:
        errors.add("main-size")  # D-1
    if any(c.type not in ("zx", "event") for c in cards):
        errors.add("main-card-type")  # D-2
    if any(n > 4 for n in Counter(name_key(c.name) for c in cards).values()):
        errors.add("copy-limit")  # D-3
    if sum(c.ignition for c in cards) != 20:
        errors.add("ignition-count")  # D-4
    if sum(c.life_recovery for c in cards) > 4:
        errors.add("life-recovery-limit")  # D-5
    if sum(c.void_bringer for c in cards) > 4:
        errors.add("void-bringer-limit")  # D-6
    if cards and not any(c.start_card and c.type == "zx" for c in cards):
        warnings.add("no-start-card")  # D-7
    if len(dcards) > 16:
        errors.add("dunamis-size")  # D-9
    if any(c.type not in ("zx_ex", "zx_ob", "shift", "event_ex") for c in dcards):
        errors.add("dunamis-card-type")  # D-10
    if any(n > 4 for n in Counter(name_key(c.name) for c in dcards).values()):
        errors.add("dunamis-copy-limit")  # D-11
    if sum(c.type == "zx_ob" for c in dcards) > 4:
        errors.add("dunamis-ob-limit")  # D-12
    if sum(c.type != "zx_ob" for c in dcards) > 12:
        errors.add("dunamis-non-ob-limit")  # D-13
    owner = player.name if player else None
    if any(c.type == "zx_ob" and c.player and c.player != owner for c in dcards):
        errors.add("ob-player-mismatch")  # D-14
    if any(c.type == "event_ex" and c.player and c.player != owner for c in dcards):
        warnings.add("event-ex-player-mismatch")  # D-14 ruling
    if player is not None and player.type != "player":
        errors.add("player-card")  # D-15
    return errors, warnings


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_d1_to_d15_agree_with_a_plain_oracle(catalog, data) -> None:
    """D-1..D-15: random main decks near the limits, random dunamis and player: same error codes."""
    cards = list(catalog)
    main_pool = [c for c in cards if c.type in ("zx", "event")] + data.draw(
        st.lists(st.sampled_from(cards), max_size=2))
    main = data.draw(st.lists(st.tuples(st.sampled_from(main_pool), st.integers(1, 5)), max_size=16))
    dunamis = data.draw(st.lists(st.tuples(st.sampled_from(cards), st.integers(1, 5)), max_size=7))
    player = data.draw(st.none() | st.sampled_from([c for c in cards if c.type == "player"] + cards[:2]))
    result = validate(deck_from_cards(main, dunamis, player))
    errors, warnings = expected_codes(main, dunamis, player)
    assert {p.code for p in result.errors} == errors
    assert {p.code for p in result.warnings} == warnings
    assert result.valid == (not errors)
