"""The recap after the computer's turn (issue 20): when the narration does not fit, the screen
says, per player, every card that arrived on the field, left it (and where it went) or changed
there, the public cards added to the trash and the charge, and every change of life, resources,
hand and deck; a card that went only to a hidden zone is counted, never named."""

from __future__ import annotations

import io
import random

import pytest
from play_kit import Person, choices_in
from rich.console import Console
from scenario import Table, zx

from zxdeck.games.zx.play.recap import recap_lines, snapshot
from zxdeck.play import new_session

RED = zx("R-1", "赤の剣士", "red", 0, 5000)
BLUE = zx("B-1", "青の兵", "blue", 0, 6000)


@pytest.mark.rule("B-5")
def test_b5_recap_names_what_arrived_what_left_and_where_it_went() -> None:
    """B-5: a destroyed Z/X goes to its owner's charge; the recap says so by name, with the
    square it left, and names the opponent's Z/X that arrived, with its square."""
    t = Table()
    t.to_main()
    mine = t.add(RED, 0, "field", 0)
    before = snapshot(t.g)
    t.add(BLUE, 1, "field", 6)
    t.cast({"do": "destroy", "target": {"side": "self", "all": True}})
    assert t.g.square_of(mine) < 0
    opp, me = recap_lines(t.g, before, human=0)
    assert opp == "相手: 登場 「青の兵」(P2左)"
    assert me.startswith("あなた: 場を離れた 「赤の剣士」(P1左→チャージ) / トラッシュ+1 「テスト」")


def test_recap_counts_life_resources_and_hand_without_naming_hidden_cards() -> None:
    t = Table()
    t.to_main()
    g = t.g
    before = snapshot(g)
    opp = g.players[1]
    hidden = opp.deck.pop()
    opp.hand.append(hidden)  # a draw: the opponent's card is not for the person to see
    opp.life.pop()
    (line,) = recap_lines(g, before, human=0)
    assert line == (f"相手: ライフ {len(opp.life) + 1}→{len(opp.life)}、手札 {len(opp.hand) - 1}→{len(opp.hand)}、"
                    f"デッキ {len(opp.deck) + 1}→{len(opp.deck)}")
    assert g.cards[hidden].name not in line


def screens_with_recaps(specs, size, games):
    out = []
    for k in range(games):
        rng = random.Random(k)
        buf = io.StringIO()
        console = Console(file=buf, width=300, force_terminal=False, color_system=None,
                          highlight=False, soft_wrap=True)

        held: list = []

        def answer(prompt: str, buf=buf, rng=rng, held=held) -> str:
            text = buf.getvalue()
            buf.seek(0)
            buf.truncate()
            s = held[0]
            if "行省略: log で全部" in text and s.recap_from is not None \
                    and recap_lines(s.g, s.recap_from, s.setup.human):  # something to recap
                out.append(text.rstrip("\n").split("\n"))
            n = choices_in(prompt)
            return "y" if "(y/n)" in prompt else str(rng.randint(1, n))

        s = new_session(specs["red"], specs["green"], seed=k, console=console,
                        input_fn=Person(fallback=answer), size=size)
        held.append(s)
        assert s.run() == 0
    return out


@pytest.mark.parametrize("size", [(100, 40), (80, 30)])
def test_every_cut_narration_comes_with_a_recap_that_fits(specs, size) -> None:
    screens = screens_with_recaps(specs, size, 2)
    assert screens  # whole computer turns do not fit in the news
    for lines in screens:
        top = next((i for i, x in enumerate(lines) if x.startswith("== ")), 0)
        shown = lines[top:]
        assert len(shown) <= size[1] - 1, "\n".join(shown)
        news = shown[next(i for i, x in enumerate(shown) if x.startswith("-- 前回の選択から")) + 1:]
        assert news[0].startswith(("  相手: ", "  あなた: ")), "\n".join(shown)
