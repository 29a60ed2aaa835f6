"""The screen: the 3x3 field from the player's side, counts of both players, 80 columns, colors."""

from __future__ import annotations

import io
import re

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from wcwidth import wcswidth

from zxdeck.agents.greedy import GreedyAgent
from zxdeck.agents.random_agent import RandomAgent
from zxdeck.engine import Game
from zxdeck.engine.state import SQUARE_NAMES
from zxdeck.play.screen import CELL, card_text, render
from zxdeck.play.text import crop, fit, shorten, width, wrap


def positions(specs, pairs=(("red", "blue"), ("white", "black"), ("green", "red")), every=3):
    """Game positions along a few greedy/random games (every `every` decisions)."""
    for k, (a, b) in enumerate(pairs):
        g = Game(specs[a], specs[b], seed=k)
        agents = (RandomAgent(k), GreedyAgent(k))
        n = 0
        while not g.is_over():
            if n % every == 0:
                yield g
            g.apply(agents[g.current_player()].choose(g))
            n += 1
        yield g


def grid_rows(text: str) -> list[list[str]]:
    """The 12 content lines of the field, split into their 3 cells."""
    rows = [line for line in text.splitlines() if line.startswith("  |")]
    return [line[3:-1].split("|") for line in rows]


def test_every_line_fits_80_columns_and_the_grid_lines_up(specs):
    for g in positions(specs):
        scr = render(g, 0)
        for line in scr.lines:
            assert wcswidth(line.plain) <= 80, line.plain
        for cells in grid_rows(scr.plain):
            assert len(cells) == 3
            assert all(wcswidth(c) == CELL for c in cells), cells


def test_field_seen_from_the_players_side(specs):
    """Z-1: row 2 (the opponent's area) on top, the player's own row at the bottom; each Z/X with
    its name, power, damage, rebooted/slept state and owner in its square; player squares marked."""
    checked = 0
    for g in positions(specs):
        scr = render(g, 0)
        rows = grid_rows(scr.plain)
        assert len(rows) == 12
        for i, r in enumerate((2, 1, 0)):
            for c in range(3):
                sq = r * 3 + c
                cell = [rows[i * 4 + k][c] for k in range(4)]
                assert cell[0].startswith(SQUARE_NAMES[sq])
                assert ("[P]" in cell[0]) == (sq in (1, 7))
                u = g.squares[sq]
                if u < 0:
                    continue
                checked += 1
                if not g.started and g.owner[u] == 1:  # S-2, S-10: the opponent's start card, face down
                    assert "裏向きのカード" in cell[1] and shorten(g.name(u), 10)[:4] not in scr.plain
                    continue
                assert shorten(g.name(u), 10)[:4] in cell[1]
                assert f"P{g.power(u)}" in cell[2]
                assert ("スリープ" if g.slept[u] else "リブート") in cell[2]
                dmg = g.damage.get(u, 0)
                assert (f"ダメ{dmg}" in cell[2]) == bool(dmg)
                assert cell[0].rstrip().endswith("自分" if g.owner[u] == 0 else "相手")
    assert checked > 50


def test_s1_s2_s10_setup_screen_hides_the_opponents_start_card_and_player_card(specs):
    """S-1, S-2, S-10: at the mulligan (S-7) the opponent's start card and player card are face
    down: the screen shows a face-down card on their player square and no name; after S-10 both
    are drawn face up. The viewer's own start card is shown by name."""
    from dataclasses import replace

    from zxdeck.engine import DeckSpec
    from zxdeck.engine.synth import synthetic_deck

    base = synthetic_deck("red", "R")
    start = replace(base.main[0], id="T-ST", name="始まりの竜", keywords=frozenset({"start_card"}))
    pc = replace(base.main[0], id="T-PC", name="アカネ", type="player", cost=0, power=0, icons=frozenset())
    deck = DeckSpec(main=(start,) + tuple(base.main[1:]), player=pc)
    g = Game(deck, deck, seed=2, first=0)
    while g.decision_kind() == "pick:start_card":
        g.apply(next(a for a in g.legal_actions() if a.kind == "pick"))
    assert g.decision_kind() == "mulligan"
    v = g.current_player()
    text = render(g, v).plain
    assert text.count("始まりの竜") == 1 and "裏向きのカード" in text
    assert text.count("アカネ") == 1 and "裏向きのプレイヤーカード" in text
    assert "裏向き(S-10で表)" in text  # the viewer's own start card: known to them, face down
    while g.decision_kind() == "mulligan":
        g.apply(g.legal_actions()[0])
    text = render(g, v).plain
    assert text.count("始まりの竜") == 2 and "裏向き" not in text and text.count("アカネ") == 2


def test_counts_of_both_players(specs):
    """Life, hand, deck, resources (rebooted/total), charge, trash, dunamis face down/up."""
    for g in positions(specs, every=7):
        text = render(g, 0).plain
        blocks = re.findall(r"(相手|あなた)\s+P(\d) .*?ライフ (\d+)  手札 (\d+)  デッキ (\d+)\n"
                            r"\s+リソース (\d+)/(\d+).*?チャージ (\d+)  トラッシュ (\d+)\n"
                            r"\s+デュナミス 裏(\d+)/表(\d+)", text)
        assert [b[0] for b in blocks] == ["相手", "あなた"]
        for b in blocks:
            ps = g.players[int(b[1]) - 1]
            up = sum(1 for d in ps.dunamis if g.face_up[d])
            rebooted = sum(1 for r in ps.resources if not g.slept[r])
            assert [int(x) for x in b[2:]] == [
                len(ps.life), len(ps.hand), len(ps.deck), rebooted, len(ps.resources),
                len(ps.charge), len(ps.trash), len(ps.dunamis) - up, up]


def test_hand_and_dunamis_listed_and_nothing_hidden_shown(specs):
    """Your hand and dunamis with cost, color, power, icons; never the opponent's hidden cards."""
    for g in positions(specs, every=11):
        scr = render(g, 0)
        text = scr.plain
        for iid in g.players[0].hand:
            card = g.cards[iid]
            line = next(x for x in text.splitlines() if shorten(card.name, 30) in x and "C" in x)
            assert f"C{card.cost}" in line
            if card.power:
                assert f"P{card.power}" in line
            if card.ignition:
                assert "IG" in line
        opp = g.players[1]
        hidden = set(opp.hand) | set(opp.deck) | set(opp.life) | set(g.players[0].deck) \
            | set(g.players[0].life) | {d for d in opp.dunamis if not g.face_up[d]}
        assert not hidden & set(scr.refs)
        assert f"手札 {len(g.players[0].hand)}枚" in text


def test_colors_on_a_terminal_plain_otherwise(specs, monkeypatch):
    g = next(iter(positions(specs)))
    scr = render(g, 0)

    def out(**kw) -> str:
        buf = io.StringIO()
        con = Console(file=buf, width=80, **kw)
        for line in scr.lines:
            con.print(line)
        return buf.getvalue()

    monkeypatch.delenv("NO_COLOR", raising=False)
    assert "\x1b[" in out(force_terminal=True)
    assert "\x1b[" not in out()  # not a terminal
    monkeypatch.setenv("NO_COLOR", "1")
    colored = out(force_terminal=True)
    assert not re.search(r"\x1b\[[0-9;]*3[0-7]m", colored)  # no color codes under NO_COLOR


def test_card_text_wraps_to_80(specs):
    for spec in specs.values():
        for card in {c.id: c for c in spec.main + spec.dunamis}.values():
            lines = card_text(card)
            assert lines[0].startswith(card.name)
            assert all(width(x) <= 80 for x in lines)


@given(st.text(alphabet=st.sampled_from("aあア漢1 ー・「」ｶ\u0301"), max_size=60),
       st.integers(min_value=2, max_value=40))
def test_width_helpers(text, cols):
    """East Asian width: wide characters take 2 columns and are never split."""
    assert width(crop(text, cols)) <= cols
    assert width(fit(text, cols)) == cols
    assert width(shorten(text, cols)) <= cols
    for line in wrap(text, cols, "  "):
        assert width(line) <= cols
    assert width("紅蓮") == 4 and width("abc") == 3


def test_counters_shown_by_name(specs):
    """T-8: counters (Dream Key, Memory Piece, ...) of both players are on the screen."""
    g = Game(specs["red"], specs["blue"], seed=0)
    g.players[0].counters["dream_key"] = 2
    g.players[1].counters["memory_piece"] = 1
    text = render(g, 0).plain
    assert "カウンター ドリーム・キー2" in text and "カウンター メモリーピース1" in text
