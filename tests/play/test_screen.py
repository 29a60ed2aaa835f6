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
from zxdeck.play.screen import Layout, card_text, render
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


def grid_rows(text: str) -> list[list[list[str]]]:
    """The field's 3 rows, top to bottom: for each row its 3 cells, each a list of lines."""
    rows: list[list[list[str]]] = []
    for line in text.splitlines():
        if line.startswith("  +"):
            rows.append([[], [], []])
        elif line.startswith("  |"):
            for cell, part in zip(rows[-1], line[3:-1].split("|")):
                cell.append(part)
    return [r for r in rows if r[0]]


LAYOUTS = [Layout(100), Layout(80), Layout(80, True, "columns", "count"), Layout(60, True, "flow"),
           Layout(60, True, "count", "count"), Layout(100, False, "columns", "count")]


def test_every_line_fits_and_the_grid_lines_up(specs):
    """At 100, 80 and 60 columns, full and compact: no line is wider than the screen and the
    field's borders line up (every cell the same width: the grid never wraps)."""
    for k, g in enumerate(positions(specs)):
        layout = LAYOUTS[k % len(LAYOUTS)]
        scr = render(g, 0, layout=layout)
        for line in scr.lines:
            assert wcswidth(line.plain) <= layout.width, (layout, line.plain)
        grid = [x.plain for x in scr.lines if x.plain.startswith(("  +", "  |"))]
        assert len({wcswidth(x) for x in grid}) == 1, grid
        for row in grid_rows(scr.plain):
            assert len({len(cell) for cell in row}) == 1
            assert len({wcswidth(x) for cell in row for x in cell}) == 1, row


def test_field_seen_from_the_players_side(specs):
    """Z-1: row 2 (the opponent's area) on top, the player's own row at the bottom; each Z/X with
    its name, power, damage, rebooted/slept state and owner in its square; player squares named."""
    checked = 0
    for g in positions(specs):
        scr = render(g, 0, layout=Layout(100))
        rows = grid_rows(scr.plain)
        assert len(rows) == 3
        for i, r in enumerate((2, 1, 0)):
            for c in range(3):
                sq = r * 3 + c
                cell = rows[i][c]
                assert cell[0].startswith(SQUARE_NAMES[sq])
                assert ("プレイヤー" in cell[0]) == (sq in (1, 7))
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


def test_compact_field_keeps_name_power_and_owner(specs):
    """The compact field (small terminals): 2 lines a square, the Z/X's tag and name, its power,
    slept state and owner; empty squares show their short name (the choices use the same)."""
    from zxdeck.play.screen import SHORT_SQUARES

    checked = 0
    for g in positions(specs, every=5):
        if not g.started:
            continue
        scr = render(g, 0, layout=Layout(80, True, "count", "count"))
        rows = grid_rows(scr.plain)
        for i, r in enumerate((2, 1, 0)):
            for c in range(3):
                sq = r * 3 + c
                cell = rows[i][c]
                assert len(cell) == 2
                u = g.squares[sq]
                if u < 0:
                    assert cell[0].startswith(SHORT_SQUARES[sq])
                    continue
                checked += 1
                assert shorten(g.name(u), 8)[:3] in cell[0] and "#" in cell[0]
                assert f"P{g.power(u)}" in cell[1]
                assert ("スリープ" in cell[1]) == bool(g.slept[u])
                assert cell[1].rstrip().endswith("自分" if g.owner[u] == 0 else "相手")
    assert checked > 20


def test_s1_s2_s10_setup_screen_hides_the_opponents_start_card_and_player_card(specs):
    """S-1, S-2, S-10: at the mulligan (S-7) the opponent's start card and player card are face
    down: the screen shows a face-down card on their player square and no name; after S-10 both
    are drawn face up. The viewer's own start card is shown by name."""
    from zxdeck.engine import DeckSpec
    from zxdeck.engine.synth import synthetic_deck

    base = synthetic_deck("red", "R")
    start = base.main[0].replace(id="T-ST", name="始まりの竜", keywords=frozenset({"start_card"}))
    pc = base.main[0].replace(id="T-PC", name="アカネ", type="player", cost=0, power=0, icons=frozenset())
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


def player_blocks(text: str) -> dict[str, str]:
    """The status lines of each player ('相手', 'あなた'), joined."""
    blocks: dict[str, str] = {}
    current = None
    for line in text.splitlines():
        if line.startswith(("相手", "あなた")):
            current = line.split()[0]
            blocks[current] = line
        elif current and line.startswith("     ") and not line.startswith("  +"):
            blocks[current] += " " + line
        else:
            current = None
    return blocks


def test_counts_of_both_players(specs):
    """Life, hand, deck, resources (rebooted/total), charge, trash, dunamis face down/up, in the
    full and the compact status lines."""
    for k, g in enumerate(positions(specs, every=7)):
        layout = (Layout(100), Layout(80), Layout(60, True))[k % 3]
        blocks = player_blocks(render(g, 0, layout=layout).plain)
        assert list(blocks) == ["相手", "あなた"]
        for label, p in (("相手", 1), ("あなた", 0)):
            text = blocks[label]
            ps = g.players[p]
            up = sum(1 for d in ps.dunamis if g.face_up[d])
            rebooted = sum(1 for r in ps.resources if not g.slept[r])

            def num(word: str, text: str = text) -> str:
                m = re.search(word + r" ?(\d+(?:/\d+)?)", text)
                assert m, (word, text)
                return m.group(1)

            assert num("ライフ") == str(len(ps.life))
            assert num("手札") == str(len(ps.hand))
            assert num("デッキ") == str(len(ps.deck))
            assert num("リソース") == f"{rebooted}/{len(ps.resources)}"
            assert num("チャージ") == str(len(ps.charge))
            assert num("トラッシュ") == str(len(ps.trash))
            assert re.search(rf"デュナミス ?(裏)?{len(ps.dunamis) - up}\b", text), text
            if up or not layout.compact:
                assert f"表{up}" in text


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


def test_card_text_wraps_to_the_screen(specs):
    for spec in specs.values():
        for card in {c.id: c for c in spec.main + spec.dunamis}.values():
            for cols in (60, 80):
                lines = card_text(card, cols)
                assert lines[0].startswith(card.name)
                assert all(width(x) <= cols for x in lines)


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
