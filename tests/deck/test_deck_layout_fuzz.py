"""Property tests of the layout reader (docs/DECKS.md): any deck written in any layout, with the
brackets, rarities, markers and count forms players paste, reads back to the same cards; random
pasted text never crashes it and never puts a line in a section silently."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zxdeck.deck import parse_text, validate

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture])

MAIN_CARDS = ["T01-001", "T01-002", "T01-003", "T01-004", "T01-005", "T01-010", "T01-011", "T01-012",
              "T01-013", "T01-014", "T01-018", "T01-019", "T01-016", "T01-030"]
DUNAMIS_CARDS = ["T05-001", "T05-002", "T05-003", "T05-005", "T05-010", "T05-011", "T05-020"]
PLAYERS = ["P01-001", "P01-002"]
OPEN_CLOSE = [("‹", ">"), ("‹", "›"), ("〈", "〉"), ("＜", "＞"), ("<", ">"), ("《", "》"), ("「", "」")]
RARITIES = ["", "C", "UC", "R", "SR", "PR", "Z/XR", "IGR"]
MARKERS = ["", "■", "◆", "● ", "・"]
MAIN_HEADERS = ["メインデッキ", "■メインデッキ", "メイン枠", "【メイン】", "Main:", "IG", "◆イグニッション", "スタートカード",
                "ノーマル枠"]
DUNAMIS_HEADERS = ["ZXEX", "■ZXEX", "エクストラ枠", "デュナミス", "[Dunamis]", "Z/X EX", "エクストラ"]
PLAYER_HEADERS = ["プレイヤー", "■プレイヤー", "Player", "プレイヤー枠"]


@st.composite
def card_line(draw, catalog, card_id: str, count: int) -> str:
    """One entry as a player may paste it: number, name or English name, in brackets or not."""
    card = catalog.get(card_id)
    name = draw(st.sampled_from([card.id, card.name] + ([card.name_en] if card.name_en else [])))
    n = draw(st.sampled_from([str(count), chr(0xFF10 + count) if count < 10 else str(count)]))
    marker = draw(st.sampled_from(MARKERS))
    if draw(st.booleans()) and name == card.name:  # bracketed with a rarity
        left, right = draw(st.sampled_from(OPEN_CLOSE))
        entry = f"{left}{draw(st.sampled_from(RARITIES))}{name}{right}"
        form = draw(st.sampled_from(["{n} {e}", "{e} ×{n}", "{e}x{n}", "{n}x {e}", "{e} {n}枚"]))
        text = form.format(n=n, e=entry)
    else:
        form = draw(st.sampled_from(["{n} {e}", "{n}x {e}", "x{n} {e}", "{e} x{n}", "{e}×{n}", "{e} ×{n}"]))
        if name != card.name and form in ("{e}×{n}",):
            form = "{e} ×{n}"
        text = form.format(n=n, e=name)
    return marker + text + draw(st.sampled_from(["", " ", "  ", "\t", "  # memo"]))


@st.composite
def pasted_deck(draw, catalog):
    """(text, expected {section: {card: count}}) of a random deck in a random mix of layouts."""
    main = draw(st.dictionaries(st.sampled_from(MAIN_CARDS), st.integers(1, 4), min_size=1, max_size=8))
    dunamis = draw(st.dictionaries(st.sampled_from(DUNAMIS_CARDS), st.integers(1, 4), max_size=4))
    player = draw(st.sampled_from([None, *PLAYERS]))
    blocks: list[list[str]] = []
    if player is not None:
        card = catalog.get(player)
        if draw(st.booleans()):
            blocks.append([f"{draw(st.sampled_from(PLAYER_HEADERS))}",
                           f"■‹PR{card.name}>" if draw(st.booleans()) else card.name])
        else:
            blocks.append([draw(st.sampled_from([f"Player: {card.name}", f"プレイヤー：{card.name}"]))])
    items = list(main.items())
    cut = draw(st.integers(0, len(items)))
    for part in (items[:cut], items[cut:]):
        if part:
            lines = [draw(st.sampled_from(MAIN_HEADERS))]
            lines += [draw(card_line(catalog, cid, n)) for cid, n in part]
            blocks.append(lines)
    if dunamis:
        lines = [draw(st.sampled_from(DUNAMIS_HEADERS))]
        lines += [draw(card_line(catalog, cid, n)) for cid, n in dunamis.items()]
        blocks.append(lines)
    order = draw(st.permutations(range(len(blocks))))
    sep = draw(st.sampled_from(["\n", "\r\n"]))
    blank = draw(st.sampled_from(["", sep]))
    text = (sep + blank).join(sep.join(blocks[i]) for i in order) + sep
    expected = {"main": main, "dunamis": dunamis, "player": {player: 1} if player else {}}
    return text, expected


@SETTINGS
@given(data=st.data())
def test_any_deck_in_any_layout_reads_back_to_its_cards(catalog, data) -> None:
    text, expected = data.draw(pasted_deck(catalog))
    deck = parse_text(text, catalog, "pasted.txt")
    got = {s: {cid: n for cid, (_, n) in deck.counted(s).items()} for s in ("main", "dunamis", "player")}
    assert got == expected, text
    assert [p for p in deck.problems if p.severity == "error"] == [], text


_FRAGMENTS = st.sampled_from([
    "■", "◆", "‹", ">", "〈", "〉", "<", "＞", "R", "SR", "PR", "Z/XR", "4 ", "×4", "x2", " 3枚", "（20枚）", "(3)",
    "プレイヤー", "IG", "イグニッション", "メインデッキ", "メイン枠", "エクストラ枠", "ZXEX", "スタートカード", "サイド",
    "枠", ":", "：", "デッキ名：", "[", "]", "【", "】", "紅蓮の剣士ジーク", "炎の竜", "T01-002", "青葉千歳", "\n", "\r\n",
    "#", "・", "　", "４",
])
_PASTE = st.lists(st.one_of(_FRAGMENTS, st.text(max_size=6)), max_size=50).map("".join)


@SETTINGS
@given(text=_PASTE)
def test_random_pasted_text_reads_cleanly_and_every_line_is_accounted_for(catalog, text) -> None:
    """Never a crash; every error has a line; a line is a card entry, a header, blank, or a
    problem, never dropped silently; the player section holds at most one line per header."""
    deck = parse_text(text, catalog, "pasted.txt")
    lines = text.splitlines()
    entry_lines = {e.line for e in deck.entries}
    problem_lines = {p.line for p in deck.problems}
    for p in deck.problems:
        assert p.message and "\n" not in p.message
        if p.severity == "error" and not p.message.startswith("... and"):
            assert p.line is not None and 1 <= p.line <= len(lines)
    for e in deck.entries:
        assert e.line is not None and 1 <= e.count <= 999 and e.section in ("main", "dunamis", "player")
    player_lines = [e.line for e in deck.entries if e.section == "player"]
    assert len(player_lines) == len(set(player_lines))
    result = validate(deck)
    assert result.valid == (not result.errors)
    if len(deck.problems) < 100:  # below the cap, a line that is not blank is accounted for
        from zxdeck.deck.layout import parse_header, strip_markers
        from zxdeck.deck.parse import clean_line

        for number, raw in enumerate(lines, start=1):
            line = strip_markers(clean_line(raw))[0] if clean_line(raw) else ""
            if not line or parse_header(line) is not None:
                continue
            assert number in entry_lines or number in problem_lines or _under_unknown(deck, number), (
                number, raw)


def _under_unknown(deck, number: int) -> bool:
    """True when line `number` is under a header that was not understood (read, not counted)."""
    return any("not counted" in p.message and p.line is not None and p.line < number
               for p in deck.problems)
