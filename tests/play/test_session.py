"""The terminal game driven through typed lines: numbers, commands, wrong input, stop and resume."""

from __future__ import annotations

import json
import re

from play_kit import Person, capture_console, choices_in

from zxdeck.engine.rng import Rng
from zxdeck.play import new_session, open_session
from zxdeck.play.savefile import read_save

JUNK = ["", "   ", "abc", "0", "999", "-1", "1.5", "card", "card 999", "card zzz", "help", "board",
        "zones",
        "hand", "log 3", "ｘｙｚ", "\x1b[2J", "card #1", "c 2", "?", "2 3", "🐉"]


def session(tmp_path, specs, person, seed=1, ai="greedy", budget=None, name="game.json", **kw):
    console, buf = capture_console()
    s = new_session(specs["red"], specs["blue"], ai=ai, seed=seed, budget=budget,
                    save_path=tmp_path / name, console=console, input_fn=person, **kw)
    return s, buf


def random_person(seed: int, junk_every: int = 0, first: tuple[str, ...] = ()) -> Person:
    """Answers a valid random number (and, every `junk_every` prompts, a wrong line first)."""
    rng = Rng(seed)
    count = 0

    def answer(prompt: str) -> str:
        nonlocal count
        count += 1
        n = choices_in(prompt)
        if junk_every and count % junk_every == 0:
            return rng.choice(JUNK)
        return str(1 + rng.randbelow(n)) if n else "n"

    return Person(first, fallback=answer)


def test_whole_game_by_typing_numbers_commands_and_junk(tmp_path, specs):
    """A full game typed line by line, one wrong line or command in three: it ends, never crashes."""
    person = random_person(7, junk_every=3, first=("help", "abc", "999", "zones", "log 2"))
    s, buf = session(tmp_path, specs, person)
    assert s.run() == 0
    out = buf.getvalue()
    assert s.g.is_over()
    assert "対戦終了" in out
    assert "は選択肢でもコマンドでもありません" in out  # 'abc' etc. got the hint
    assert "という選択肢はありません" in out  # 999 / 0 got the hint
    assert "遊び方" in out  # help
    # the saved file is the finished game, replayable
    data = read_save(tmp_path / "game.json")
    assert len(data["actions"]) == len(s.g.history)


def test_the_greeting_names_the_whole_path_of_the_save(tmp_path, specs):
    """A new player is told where the game is saved: the save's whole path (the data folder's
    saves/ by default), not its bare name, which reads as a file of the working directory."""
    s, buf = session(tmp_path, specs, Person(("quit",)))
    s.run()
    out = "".join(buf.getvalue().split())  # the greeting is wrapped to the terminal's width
    assert f"対戦は{tmp_path / 'game.json'}に自動保存されます" in out


def test_every_prompt_offers_exactly_the_engine_actions(tmp_path, specs):
    """The person is offered the same actions the engine offers computer players, numbered 1..N
    (copies of one card in one zone, interchangeable, are one choice), and decides everything
    the rules let a player decide (S-7 mulligan, S-2/S-3 start and gate cards, P-3 resource, P-4
    ignition and Over Drive, P-5 main, B-3 battle events, B-6 which life card to hit and playing
    a life card, optional abilities, targets, Z-5 charge overflow...)."""
    from zxdeck.play.session import _zone_of

    seen: dict[str, int] = {}
    holder: list = []
    rng = Rng(1)

    def answer(prompt: str) -> str:
        s = holder[0]
        g = s.g
        n = choices_in(prompt)
        if "0 で戻る" in prompt:  # the square of a play chosen by a collapsed menu
            return str(1 + rng.randbelow(n))
        if "(y/n)" in prompt:  # ending the turn while a Z/X could attack
            return "y"
        assert n == len(s.menu) > 1
        assert g.current_player() == 0
        offered = [a for acts in s.menu for a in acts]
        assert len(offered) == len(set(offered))
        legal = g.legal_actions()
        assert set(offered) <= set(legal)
        for a in set(legal) - set(offered):  # left out only as a copy of an offered card
            assert a.kind == "pick" and any(
                b.kind == "pick" and g.cards[b.a].id == g.cards[a.a].id
                and _zone_of(g, b.a) == _zone_of(g, a.a) != "field" for b in offered), a
        seen[g.decision_kind()] = seen.get(g.decision_kind(), 0) + 1
        return str(1 + rng.randbelow(n))

    colors = ("red", "blue", "white", "black", "green")
    for k in range(10):
        console, _ = capture_console()
        s = new_session(specs[colors[k % 5]], specs[colors[(k + 1) % 5]], seed=k,
                        save_path=tmp_path / f"g{k}.json", console=console,
                        input_fn=Person(fallback=answer), size=(80, 30) if k % 2 else None)
        holder[:] = [s]
        assert s.run() == 0 and s.g.is_over()
    for k in ("mulligan", "resource", "ignite", "main", "battle", "confirm:optional",
              "pick:start_card", "pick:life_hit", "pick:life_play", "pick:overdrive"):
        assert k in seen, sorted(seen)
    assert sum(1 for k in seen if k.startswith("pick:")) >= 8, sorted(seen)


def test_paying_with_two_colors_is_asked(tmp_path):
    """C-1: with resources of two colors the person chooses which to sleep."""
    from zxdeck.engine import DeckSpec, Game
    from zxdeck.engine.actions import KEEP
    from zxdeck.engine.synth import zx
    from zxdeck.play.savefile import PlaySetup
    from zxdeck.play.session import PlaySession

    filler = DeckSpec(main=(zx("F-1", "フィラー", "green", 9, 1000),) * 40)
    g = Game(filler, filler, seed=0, first=0)
    while g.decision_kind() == "mulligan":
        g.apply(KEEP)
    for color in ("red", "blue", "red"):
        g.add_card(zx(f"R-{color}", f"{color}資源", color, 1, 1000), 0, "resources")
    hero = g.add_card(zx("H-1", "赤の勇者", "red", 2, 5000), 0, "hand")
    holder: list = []

    def answer(prompt: str) -> str:
        game = holder[0].g
        if game.decision_kind() == "main":
            acts = game.legal_actions()
            return str(next(i for i, a in enumerate(acts, 1) if a.kind == "play" and a.a == hero))
        if game.decision_kind() == "pay":
            raise EOFError
        return "1"

    console, buf = capture_console()
    from zxdeck.agents.greedy import GreedyAgent

    s = PlaySession(g, GreedyAgent(0), PlaySetup(), tmp_path / "pay.json", console=console,
                    input_fn=Person(fallback=answer))
    holder.append(s)
    s.run()
    out = buf.getvalue()
    assert g.decision_kind() == "pay"
    assert "コストの支払い" in out
    # the #N tag right after the card's name
    assert re.search(r"「red資源」 #\d+ をスリープして支払う", out)
    assert re.search(r"「blue資源」 #\d+ をスリープして支払う", out)


def test_choices_are_grouped_and_fit(tmp_path, specs):
    """Plays of one card to several squares share a line; every line fits 80 columns."""
    from wcwidth import wcswidth

    person = Person(["1", "1"] + ["2"] * 3)  # keep, (no resource), then play something
    s, buf = session(tmp_path, specs, person, seed=2)
    assert s.run() == 0  # end of input: saved, status 0
    out = buf.getvalue()
    for line in out.splitlines():
        if str(tmp_path) not in line:  # the resume command is one line, whatever the path
            assert wcswidth(line) <= 80, line
    assert "を登場 (コスト" in out


def test_eof_saves_and_resume_continues_exactly(tmp_path, specs, catalog):
    """Ctrl-D stops and saves; --resume continues exactly: same moves as a game never stopped."""
    rng = Rng(5)
    script = [str(rng.choice([1, 2])) for _ in range(400)]

    def answer_from(script_iter):
        def answer(prompt: str) -> str:
            n = choices_in(prompt)
            v = int(next(script_iter))
            return str(min(v, n))
        return answer

    # the whole game in one go
    s1, _ = session(tmp_path, specs, Person(fallback=answer_from(iter(script))), name="full.json",
                    ai="mcts", budget=3)
    assert s1.run() == 0
    full = list(s1.g.history)
    assert s1.g.is_over()

    # the same, stopped after 12 answers by end of input, then resumed
    it = iter(script)
    first = Person([answer_from(it)("選択 1-2") for _ in range(12)])
    s2, buf2 = session(tmp_path, specs, first, name="part.json", ai="mcts", budget=3)
    assert s2.run() == 0
    assert not s2.g.is_over()
    out = buf2.getvalue()
    assert "zxdeck play --resume" in out and "part.json" in out

    console, buf3 = capture_console()
    s3 = open_session(tmp_path / "part.json", catalog, console=console,
                      input_fn=Person(fallback=answer_from(it)))
    assert s3.agent.budget == 3
    assert s3.run() == 0
    assert s3.g.history == full


def test_ctrl_c_saves_with_status_130(tmp_path, specs, catalog):
    person = Person(["1", "^C"])
    s, buf = session(tmp_path, specs, person)
    assert s.run() == 130
    out = buf.getvalue()
    assert "Ctrl-C" in out and "--resume" in out
    data = json.loads((tmp_path / "game.json").read_text(encoding="utf-8"))
    assert data["play"]["ai"] == "greedy" and data["play"]["human"] == 0
    s2 = open_session(tmp_path / "game.json", catalog, input_fn=Person())
    assert s2.g.history == s.g.history


def test_quit_and_concede(tmp_path, specs):
    s, buf = session(tmp_path, specs, Person(["quit"]))
    assert s.run() == 0
    assert "続きから" in buf.getvalue()
    s, buf = session(tmp_path, specs, Person(["concede", "n", "concede", "y"]), name="c.json")
    assert s.run() == 0
    out = buf.getvalue()
    assert "投了しません" in out and "投了しました" in out
    assert read_save(tmp_path / "c.json")["play"]["conceded"] is True


def test_card_command_shows_full_text(tmp_path, specs):
    """card N prints the card tagged #N on the screen in full (text included)."""
    s, buf = session(tmp_path, specs, Person(["card 1"]), seed=4)
    s.run()
    iid = s.screen.refs[0]
    card = s.g.cards[iid]
    out = buf.getvalue()
    assert f"{card.name}  ({card.id})" in out
    first_text_line = card.text.splitlines()[0][:10] if card.text else "(テキストなし)"
    assert first_text_line in out


def test_zones_lists_charge_and_trash(tmp_path, specs):
    holder: list = []

    def answer(prompt: str) -> str:
        g = holder[0].g
        if g.players[0].trash and g.players[1].trash:
            raise EOFError
        return "2"

    person = Person(fallback=answer)
    s, buf = session(tmp_path, specs, person, seed=3)
    holder.append(s)
    s.run()
    person.lines = ["zones"]
    s.ask(s.g.legal_actions()) if not s.g.is_over() else None
    out = buf.getvalue()
    g = s.g
    assert f"あなた トラッシュ {len(g.players[0].trash)}枚: 「{g.cards[g.players[0].trash[0]].name}」" in out
    assert f"相手 トラッシュ {len(g.players[1].trash)}枚" in out


def test_news_shows_what_the_computer_did(tmp_path, specs):
    """After the computer's turn the person sees its moves as short log lines."""
    holder: list = []
    seen_news: list[str] = []

    def answer(prompt: str) -> str:
        s = holder[0]
        if s.g.turn >= 3:
            raise EOFError
        return "2" if choices_in(prompt) >= 2 else "1"

    s, buf = session(tmp_path, specs, Person(fallback=answer), seed=6)
    holder.append(s)
    s.run()
    out = buf.getvalue()
    seen_news = [ln for ln in out.splitlines() if ln.startswith("P2 ") or "相手:" in ln]
    assert "-- 前回の選択から" in out
    assert seen_news, "no line tells what the computer (P2) did"


def test_no_typed_line_crashes_the_game(tmp_path_factory, specs):
    """Whatever a person types (any Unicode, control characters, huge numbers, commands with odd
    arguments), the game asks again or acts; it never raises."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    line = st.one_of(st.text(max_size=30), st.integers(-10**30, 10**30).map(str),
                     st.sampled_from(["card", "card 0", "card -1", "card ９", "log x", "log 0",
                                      "hand", "board", "help", "１", "２", "concede"]),
                     st.sampled_from(["1", "2", "3"]))

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(st.lists(line, max_size=40))
    def check(lines):
        path = tmp_path_factory.mktemp("fuzz") / "g.json"
        console, _ = capture_console()
        s = new_session(specs["green"], specs["black"], seed=len(lines), save_path=path,
                        console=console, input_fn=Person(lines))
        assert s.run() == 0
        assert read_save(path)["actions"] == [a.to_json() for a in s.g.history]

    check()


def test_effects_are_narrated_too(specs, tmp_path):
    """Bounce, power, counters, search, mill... become log lines of the terminal UI: the engine's
    one narration (zxdeck.engine.log), the same `zxdeck play --auto` prints."""
    from zxdeck.agents.greedy import GreedyAgent
    from zxdeck.engine import Game
    from zxdeck.engine.log import narrate

    told: dict[str, str] = {}
    effects = {"bounce", "power", "counter", "search", "mill", "move", "ramp", "retrieve",
               "to_resource", "deck_bottom", "alter_force", "refresh_life"}
    def listener(g, event, data):
        if event in effects:
            line = narrate(g, event, data)
            assert line is not None, event
            told.setdefault(event, line)

    colors = ("red", "blue", "white", "black", "green")
    for k in range(15):
        g = Game(specs[colors[k % 5]], specs[colors[k // 5 + 1]], seed=k, listener=listener)
        agents = (GreedyAgent(1), GreedyAgent(2))
        while not g.is_over():
            g.apply(agents[g.current_player()].choose(g))
    assert {"bounce", "power", "counter"} <= set(told), told
    assert "手札に戻る" in told["bounce"] and "パワー+" in told["power"]
    # the session's log uses that narration
    s = new_session(specs["red"], specs["blue"], seed=1, save_path=tmp_path / "g.json",
                    console=capture_console()[0], input_fn=Person([]))
    s.listener(s.g, "bounce", {"player": 1, "card": 0, "name": "紅蓮"})
    assert s.log[-1] == "  P2の「紅蓮」が手札に戻る"


def test_s2_s10_the_computers_start_card_stays_hidden_until_setup_ends(tmp_path, specs):
    """S-2, S-10, hidden information: while the person decides on the mulligan, neither the screen
    nor the log ("相手: ...") names the start card the computer put face down; after S-10 it shows."""
    person = Person(["1"])  # the person's own start card; then end of input at the mulligan
    s, buf = session(tmp_path, specs, person)
    s.run()
    assert s.g.decision_kind() == "mulligan" and len(person.prompts) == 2
    theirs = s.g.squares[7]
    assert theirs >= 0 and s.g.cards[theirs].name == "蒼雷機兵シオノス"
    assert "蒼雷機兵シオノス" not in buf.getvalue()
    assert not any("蒼雷機兵シオノス" in line for line in s.log)
    assert "裏向きのカード" in buf.getvalue()
