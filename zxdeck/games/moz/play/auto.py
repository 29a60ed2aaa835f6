"""MOZ at the terminal, plainly: the screen, the action menu and the loop of `--auto`
(the saves are savefile.py).

Everything here works from `Game.observation(viewer)`, so the screen never shows what the
viewer's seat may not see (N-3). A save is JSON: the game key, the seed, the turn limit, both
decks as card ids, the agents and seats, and the actions so far; resuming replays them (N-4).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from zxdeck.games.moz.catalog.model import FACES, SUB_ATTRIBUTES
from zxdeck.games.moz.engine import Action, Game

SEATS = ("p1", "p2")


# --- the screen ------------------------------------------------------------------------------


# How a card the observation shows is written, in each language of the screens: a face-down card
# whose name the viewer may not see, and the mark of a face-down card the viewer may see.
FACE_DOWN = {"en": ("[face down]", " (face down)"), "ja": ("[裏向き]", " (裏向き)")}


def card_short(c: Mapping[str, Any], lang: str = "en") -> str:
    """A card of the battlefield as the observation shows it (name, attribute/sub-attribute and
    power, face down), for the plain `--auto` board (`en`) and the person's screen (`ja`, the
    sub-attributes in Japanese): one writing for both."""
    down, mark = FACE_DOWN[lang]
    if not c.get("face_up", True) and "name" not in c:
        return down
    text = c["name"]
    if "power" in c:
        sub = c["sub_attribute"] if lang == "en" else \
            SUB_ATTRIBUTES.get(c.get("sub_attribute") or "", c.get("sub_attribute") or "")
        text += f" {c['attribute']}/{sub} {c['power']:+d}"
    if not c.get("face_up", True):
        text += mark
    return text


def render(game: Game, viewer: int) -> str:
    """The board as `viewer` sees it: VP, held pile, both summoners' four faces, hands, totals."""
    obs = game.observation(viewer)
    lines = [f"round {obs['round']}  turn {obs['turn']}  VP p1 {obs['players'][0]['vp']} - "
             f"p2 {obs['players'][1]['vp']}  held {len(obs['held'])}"]
    for p in (1 - viewer, viewer):
        pl = obs["players"][p]
        who = "you" if p == viewer else "opponent"
        s = pl["summoner"]
        head = f"{SEATS[p]} ({who})"
        if s is not None:
            head += f": {s['name']} speed {s['speed']}  total {pl['total']}"
            if pl["combo"]:
                head += f"  combo {pl['combo']}"
        lines.append(head)
        for face in pl["faces"]:
            attr = f" [{face['attribute']}]" if face["attribute"] else ""
            cards = " + ".join(card_short(c) for c in face["cards"]) or "-"
            lines.append(f"  {face['face']:<6}{attr:<6} {cards}")
        if pl["specials"]:
            lines.append("  special: " + ", ".join(card_short(c) for c in pl["specials"]))
        hand = pl["hand"]
        hand_text = f"{hand} cards" if isinstance(hand, int) else f"{len(hand)} cards"
        lines.append(f"  hand {hand_text}, zone {pl['zone']}, hole {len(pl['hole'])}, "
                     f"summoners left {pl['pile'] if isinstance(pl['pile'], int) else len(pl['pile'])}"
                     + ("  (folded)" if pl["folded"] else ""))
    me = obs["players"][viewer]
    if isinstance(me["hand"], list) and me["hand_iids"]:
        lines.append("your hand: " + ", ".join(game.cards[i].name for i in me["hand_iids"]))
    if obs["last_result"] and obs["last_result"]["round"] != obs["round"]:
        r = obs["last_result"]
        won = "tie" if r["winner"] is None else f"{SEATS[r['winner']]} won"
        lines.append(f"last round: {won}, {r['totals'][0]} vs {r['totals'][1]}, +{r['vp']} VP")
    return "\n".join(lines)


def describe(game: Game, action: Action) -> str:
    """An action in words, for the menu and the move list."""
    k, a, b = action
    name = game.cards[a].name if a >= 0 and k not in ("pick",) else ""
    if k == "order":
        return f"next summoner: {name}"
    if k in ("place", "face_down"):
        return f"{'place' if k == 'place' else 'place face down'} {name} on {FACES[b]}"
    if k == "pair":
        return f"place {name} with a beast on {FACES[b]}"
    if k == "special":
        return f"use {name}"
    if k == "pick":
        if game.decision_kind() == "partner" or (game.picking and game.picking["purpose"] == "exchange_hand"):
            return f"choose {game.cards[a].name}"
        q, f = divmod(a, 4)
        cards = game.faces[q][f]
        shown = "a face-down card" if cards and cards[-1] in game.down and game.owner[cards[-1]] != \
            game.current_player() else (game.cards[cards[-1]].name if cards else "-")
        return f"choose {SEATS[q]}'s {FACES[f]} ({shown})"
    return {"fold": "fold (F-1: once per match)", "go": "go on", "draw": "draw", "skip": "skip the draw",
            "none": "use no special"}.get(k, str(action))


def menu(game: Game) -> list[tuple[Action, str]]:
    return [(a, describe(game, a)) for a in game.legal_actions()]


def play_session(game: Game, agents: Sequence[Any | None], ask: Callable[[str], str],
                 say: Callable[[str], None], on_save: Callable[[Game], str] | None = None,
                 on_move: Callable[[Game], None] | None = None) -> Game:
    """Play to the end: seats whose agent is None are asked (`ask(prompt)` -> a line); the others
    choose by themselves. A person types a menu number, `s` to save (when `on_save` is given)
    or `q` to stop (the game is returned as it stands). `on_move(game)` is called before the
    first decision and after every whole move (the autosave)."""
    shown = 0
    if on_move is not None:
        on_move(game)
    while not game.is_over():
        p = game.current_player()
        agent = agents[p]
        if game.events is not None and shown < len(game.events):
            for line in game.events[shown:]:
                say(line)
            shown = len(game.events)
        if agent is not None:
            game.apply(agent.choose(game))
            if on_move is not None:
                on_move(game)
            continue
        say(render(game, p))
        options = menu(game)
        for n, (_, text) in enumerate(options, 1):
            say(f"  {n}. {text}")
        while True:
            line = ask(f"{SEATS[p]} ({game.decision_kind()}) > ").strip().lower()
            if line == "q":
                return game
            if line == "s" and on_save is not None:
                say(on_save(game))
                continue
            if line in ("hint", "ヒント"):
                for text in hint_lines(game, options):
                    say(text)
                continue
            if line.isdigit() and 1 <= int(line) <= len(options):
                game.apply(options[int(line) - 1][0])
                if on_move is not None:
                    on_move(game)
                break
            say(f"type a number from 1 to {len(options)}" + (", s to save" if on_save else "") + " or q to quit")
    if game.events is not None:
        for line in game.events[shown:]:
            say(line)
    return game


def hint_lines(game: Game, options: Sequence[tuple[Action, str]], budget: int | None = None,
               words: Callable[[Game, Action], str] | None = None) -> list[str]:
    """`hint` (ヒント): the three best choices with their menu numbers and estimated chances of
    winning, from what the player to decide sees (zxdeck.games.moz.agents.hint). Ctrl-C during
    the search cancels the hint only: the game is unchanged and the question is asked again."""
    from zxdeck.games.moz.agents.hint import HINT_BUDGET, hint
    from zxdeck.terminal.session import CANCELLED, cancellable

    found = cancellable(lambda: hint(game, top=3, budget=budget))  # SIGTERM / SIGHUP still stop it
    if found is None:
        return [CANCELLED]
    out = [f"ヒント (強さ hard の AI の読み: {budget or HINT_BUDGET} 回の先読み、見えない札は配り直して):"]
    for rank, c in enumerate(found, 1):
        number = next((n for n, (a, _) in enumerate(options, 1) if a == c.action), 0)
        out.append(f"  {rank}. 番号 {number}  勝つ見込み 約{round(100 * c.win)}%: {(words or describe)(game, c.action)}")
    return out


def summary(game: Game) -> str:
    who = "tie" if game.winner is None else f"{SEATS[game.winner]} wins"
    return f"{who} ({game.reason}) after {game.turn} turns, {game.round} rounds: VP {game.vp[0]} - {game.vp[1]}"
