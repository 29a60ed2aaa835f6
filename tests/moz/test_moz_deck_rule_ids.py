"""Every deck rule (D-1..D-18) and catalog rule (Y-1..Y-5) of MOZ_RULES.md is cited by a test
under tests/moz (the engine's sections are checked by test_moz_rule_ids.py)."""

from __future__ import annotations

from test_moz_rule_ids import missing


def test_every_deck_and_catalog_rule_id_is_cited() -> None:
    assert missing(("D", "Y")) == []
