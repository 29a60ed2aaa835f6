"""What the person reads (issue 11): choices and narration in plain words, no internal codes; an
effect that can do nothing says why; dunamis choices show cost, color and entry condition; copies
of a card are one choice; ending the turn with an attacker left asks once; the end of the game says
what happened, who won and why."""

from __future__ import annotations

import random
import re

from dunamis_cards import EX_AWAKE, EX_DESCENT, IG_OB, OB, OB2, PC, RED2, RED3
from play_kit import Person, capture_console, choices_in
from scenario import FILLER, DeckSpec, Table, event, zx

from zxdeck.agents.greedy import GreedyAgent
from zxdeck.engine import Action
from zxdeck.play import new_session
from zxdeck.play.savefile import PlaySetup
from zxdeck.play.session import PlaySession
from zxdeck.play.settings import Settings, load_settings

KILL = event("T-KILL", "焼却の炎", "red", 1, ignition=True, abilities=[
    {"kind": "event", "effects": [{"do": "destroy", "target": {"side": "opponent"}}]}])


def flat(text: str) -> str:
    """Output with wrapped lines joined again (a newline and the next line's indent removed)."""
    return re.sub(r"\n *", "", text)


def session_on(g, tmp_path, answer, size=(100, 40), **kw) -> tuple[PlaySession, object]:
    console, buf = capture_console()
    s = PlaySession(g, GreedyAgent(0), PlaySetup(), tmp_path / "t.json", console=console,
                    input_fn=Person(fallback=answer), size=size, **kw)
    g.listener = s.listener
    return s, buf


def number_of(s: PlaySession, wanted) -> str:
    """The number the person types for the first menu entry holding an action `wanted(a)`."""
    return str(next(i for i, acts in enumerate(s.menu, 1) if any(wanted(a) for a in acts)))


def test_an_event_that_can_do_nothing_says_why_when_offered_and_when_played(tmp_path):
    """A choice whose event has nothing to act on says so; played anyway, the narration says
    what happened: nothing, and why."""
    t = Table()
    t.to_main()
    t.resources(0, "red", 2)
    kill = t.add(KILL, 0, "hand")
    holder: list = []

    def answer(prompt: str) -> str:
        s = holder[0]
        if s.g.decision_kind() == "main" and kill in s.g.players[0].hand:
            return number_of(s, lambda a: a == Action("play", kill, -1))
        raise EOFError

    s, buf = session_on(t.g, tmp_path, answer)
    holder.append(s)
    s.run()
    out = flat(buf.getvalue())
    assert re.search(r"2\) 「焼却の炎」 #\d+ をプレイ \(コスト1\): ★相手のゼクス1体を破壊する。 \(何も起きません: "
                     r"対象にできるゼクスがいない\)", out), out
    assert "  「焼却の炎」の効果では何も起きない: 対象にできるゼクスがいない" in s.log


def test_an_over_drive_that_can_do_nothing_says_why(tmp_path):
    """P-4: the revealed event is offered with the reason it would do nothing, next to
    'しない' that says where the card goes."""
    t = Table()
    t.add(FILLER, 0, "charge")
    t.add(KILL, 0, "deck")  # the top of the deck
    holder: list = []

    def answer(prompt: str) -> str:
        g = holder[0].g
        if g.decision_kind() == "ignite":
            return "2"
        raise EOFError

    s, buf = session_on(t.g, tmp_path, answer)
    holder.append(s)
    s.run()
    assert s.g.decision_kind() == "pick:overdrive_event"
    out = flat(buf.getvalue())
    assert re.search(r"1\) プレイする: 「焼却の炎」 #\d+: ★相手のゼクス1体を破壊する。 \(何も起きません: "
                     r"対象にできるゼクスがいない\)", out), out
    assert "2) しない (「焼却の炎」はトラッシュへ)" in out
    assert "P1 イグニッション: デッキの上の「焼却の炎」を公開 (イグニッションアイコンあり)" in out


def test_dunamis_choices_show_cost_color_and_entry_condition(tmp_path):
    """X-2, X-3: a Z/X EX choice shows its color, cost, power and entry condition, like a card
    in the hand."""
    t = Table(deck1=DeckSpec(main=(FILLER,) * 40, dunamis=(EX_AWAKE, EX_AWAKE, EX_DESCENT)))
    t.to_main()
    t.resources(0, "red", 6)
    t.add(RED2, 0, "hand")
    t.add(RED3, 0, "field", 0)
    t.add(RED3, 0, "field", 2)
    s, buf = session_on(t.g, tmp_path, lambda prompt: (_ for _ in ()).throw(EOFError))
    s.run()
    out = flat(buf.getvalue())
    assert re.search(r"\d\) デュナミスから「覚醒の剣士」 #\d+ を登場 \(赤C3 P8000 EX\): 覚醒条件：手札を1枚"
                     "捨てる", out), out
    assert re.search(r"\d\) デュナミスから「天焦竜」 #\d+ を登場 \(赤C6 P12000 EX\): 降臨条件：コストの合計が6"
                     "以上になるように、あなたのリブート状態の赤のゼクス2体を破壊する", out), out
    assert out.count("デュナミスから「覚醒の剣士」") == 1  # two copies, one choice


def test_copies_of_a_card_are_one_choice(tmp_path):
    """O-2: IG Over Boost with two copies of one Z/X OB in the dunamis: one choice for the two
    copies (and one for the other OB), not two identical lines."""
    deck = DeckSpec(main=(FILLER,) * 40, dunamis=(OB, OB, OB2), player=PC)
    t = Table(deck1=deck)
    t.to_main()
    ig = t.add(IG_OB, 0, "hand")
    holder: list = []

    def answer(prompt: str) -> str:
        s = holder[0]
        if s.g.decision_kind() == "main":
            return number_of(s, lambda a: a.a == ig)
        raise EOFError

    s, buf = session_on(t.g, tmp_path, answer)
    holder.append(s)
    s.run()
    assert s.g.decision_kind() == "pick:over_boost"
    assert len(s.g.legal_actions()) == 3 and len(s.menu) == 2
    question = buf.getvalue().split("IGオーバーブースト: 登場させるゼクス オーバーブーストを選んでください")[1]
    assert question.count("「紅蓮皇竜」") == 1 and question.count("「焔刃覇王」") == 1
    assert "(赤C0 P10000 OB)" in question


def attack_table():
    t = Table()
    t.to_main()
    attacker = t.add(zx("T-A", "突撃竜", "red", 1, 3000), 0, "field", 4)
    return t, attacker


def test_ending_the_turn_with_an_attacker_left_asks_once(tmp_path):
    """P-5 / B-9: 'end turn' while a Z/X can still attack asks for confirmation (once per
    choice): 'n' goes back to the same question, 'y' ends the turn."""
    t, attacker = attack_table()
    answers = ["1", "n", "1", "y"]
    s, buf = session_on(t.g, tmp_path, lambda p: answers.pop(0) if answers else (_ for _ in ()).throw(EOFError))
    s.run()
    out = buf.getvalue()
    assert out.count("「突撃竜」がまだアタックできます (set confirm_end off でこの確認をしない)。") == 2
    assert "ターンを続けます。" in out
    assert s.g.turn >= 2  # the turn ended
    assert not answers


def test_the_confirmation_is_a_setting_kept_between_games(tmp_path):
    t, _ = attack_table()
    path = tmp_path / "config" / "play.json"
    answers = ["set", "set confirm_end off", "1"]
    s, buf = session_on(t.g, tmp_path, lambda p: answers.pop(0) if answers else (_ for _ in ()).throw(EOFError),
                        settings=Settings(), settings_file=path)
    s.run()
    out = buf.getvalue()
    assert "  confirm_end on: アタックできるゼクスがいるのにターン終了を選んだ時、確認する" in out
    assert "confirm_end を off にしました。" in out
    assert "まだアタックできます" not in out and s.g.active == 1 or s.g.turn > 1
    assert load_settings(path) == Settings(confirm_end=False)
    t2, _ = attack_table()
    s2, buf2 = session_on(t2.g, tmp_path, lambda p: "1" if "y/n" not in p else "y",
                          settings=load_settings(path))
    s2.g.listener = None
    assert s2.confirm_end([Action("end"), Action("attack", 80, -2)]) is True
    assert "まだアタックできます" not in buf2.getvalue()


INTERNAL = re.compile(r"target:|\(destroy\)|\bn=\d|\bp[12]\b|\b[a-z]+_[a-z_]+\b|\((life|turn_limit|card)\)"
                      r"|\b(ramp|counter|mill|bounce|game_over|life_damage|ignition|overdrive)\b")


def test_no_internal_codes_in_what_the_person_reads(tmp_path, specs):
    """Whole games at 100x40 and 80x30: no effect name, event name, pick purpose or 'n=' in
    the screens, choices, narration or end screen (only the command names typed at the
    prompt, like confirm_end, are ASCII words)."""
    colors = ("red", "blue", "white", "black", "green")
    for k in range(6):
        rng = random.Random(k)
        console, buf = capture_console()

        def answer(prompt: str, rng=rng) -> str:
            return "y" if "(y/n)" in prompt else str(rng.randint(1, choices_in(prompt)))

        s = new_session(specs[colors[k % 5]], specs[colors[(k + 3) % 5]], seed=k,
                        save_path=tmp_path / f"g{k}.json", console=console,
                        input_fn=Person(fallback=answer), size=((100, 40), (80, 30))[k % 2])
        assert s.run() == 0
        text = "\n".join(x for x in buf.getvalue().split("\n") + s.log if str(tmp_path) not in x)
        text = text.replace("confirm_end", "")
        found = [m.group(0) for m in INTERNAL.finditer(text)]
        assert not found, (found, [x for x in text.split("\n") if INTERNAL.search(x)][:5])


def test_the_end_shows_the_last_moves_who_won_and_why(tmp_path, specs):
    """The last screen: the header says the game is over (not whose turn it is), the moves since
    the person's last decision (the attacks that ended it), who won and why (W-1), where it is
    saved and how to replay it."""
    for k in range(3):
        rng = random.Random(k)
        console, buf = capture_console()
        prompts: list[int] = []

        def answer(prompt: str, rng=rng, buf=buf, prompts=prompts) -> str:
            prompts.append(len(buf.getvalue()))
            return "y" if "(y/n)" in prompt else str(rng.randint(1, choices_in(prompt)))

        s = new_session(specs["red"], specs["green"], seed=k, save_path=tmp_path / f"e{k}.json",
                        console=console, input_fn=Person(fallback=answer), size=(100, 40))
        assert s.run() == 0 and s.g.over
        last = buf.getvalue()[prompts[-1]:]
        lines = last.split("\n")
        head = next(x for x in lines if x.startswith("== "))
        assert "対戦終了" in head and "のターン" not in head
        who = "あなたの勝ち!" if s.g.winner == 0 else "相手の勝ち"
        assert f"対戦終了: {who} (" in last and "W-1" in last and f"ターン {s.g.turn}" in last
        assert "-- 最後の手" in last
        news = last.split("-- 最後の手")[1]
        assert "ライフダメージ" in news or "ライフ" in news  # the damage that ended it
        assert f"再生: zxdeck replay {tmp_path / f'e{k}.json'}" in last
