"""Two copies of one card triggering at once (A-9): the terminal game says where each one is, so
the person can tell which resolves first (the friction: `1) 誘発順: 「萌黄花姫レオキア」
2) 誘発順: 「萌黄花姫レオキア」`)."""

from __future__ import annotations

import pytest
from play_kit import capture_console
from scenario import Table, zx

from zxdeck.games.zx.play.savefile import PlaySetup
from zxdeck.games.zx.play.session import PlaySession

TWIN = zx("TW-1", "萌黄花姫レオキア", "green", 1, 3000, abilities=[
    {"kind": "auto", "trigger": "destroyed", "effects": [{"do": "draw", "n": 1}]}])
ENTER = zx("TW-2", "双葉の戦士", "green", 0, 3000, abilities=[
    {"kind": "auto", "trigger": "enter", "effects": [{"do": "draw", "n": 1}]},
    {"kind": "auto", "trigger": "enter", "effects": [{"do": "draw", "n": 2}]}])


def session(t: Table, tmp_path) -> PlaySession:
    console, _ = capture_console()
    return PlaySession(t.g, None, PlaySetup(human=0), tmp_path / "s.json", console=console, size=(100, 40))


@pytest.mark.rule("A-9")
def test_a9_two_copies_triggering_at_once_say_where_each_is(tmp_path) -> None:
    t = Table()
    t.to_main()
    for sq in (0, 2):
        t.add(TWIN, 0, "field", sq)
    s = session(t, tmp_path)
    t.g.listener = s.listener
    t.cast({"do": "destroy", "target": {"side": "any", "all": True}})
    assert t.kind == "pick:trigger_order"
    texts = sorted(s.choice_text(a) for a in t.g.legal_actions())
    from zxdeck.games.zx.play.screen import square_name

    # destroyed, both went to the charge (B-5): each is told by the square it stood on
    assert texts == sorted(f"誘発順: 「萌黄花姫レオキア」 ({square_name(sq)}にいた、今はあなたのチャージ)"
                           for sq in (0, 2))


@pytest.mark.rule("A-9")
def test_a9_triggers_of_cards_on_the_field_name_their_square(tmp_path) -> None:
    t = Table()
    t.to_main()
    k = t.add(ENTER, 0, "hand")
    t.act("play", k, 3)
    assert t.kind == "pick:trigger_order"
    s = session(t, tmp_path)
    texts = [s.choice_text(a) for a in t.g.legal_actions()]
    from zxdeck.games.zx.play.screen import square_name

    # one card, two abilities: told apart by their number, and it stands on its square
    assert sorted(texts) == [f"誘発順: 「双葉の戦士」 能力{n} ({square_name(3)}、あなた)" for n in (1, 2)]
