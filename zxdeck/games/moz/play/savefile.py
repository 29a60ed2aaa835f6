"""MOZ's save files: what a save holds (the header of zxdeck.gamelog, the seed, the decks, the
agents and seats, the actions so far), writing one, and resuming from one (N-4)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from zxdeck.errors import ZxError
from zxdeck.games.moz.catalog.model import MozCard
from zxdeck.games.moz.engine import Game


def save_data(game: Game, decks: Sequence[Sequence[str]], agents: Sequence[str], human: int | None,
              catalog_digest: str | None = None, players: Sequence[Any] | None = None) -> dict[str, Any]:
    """A save: the header of zxdeck.gamelog (who wrote it, the catalog's sha256, the rules
    revision), the seed, turn limit, decks (card ids), the cards' fingerprints, the agents and
    seats, and the actions so far; with `players` (the agent objects), the state of each agent's
    generator (`agent_rng`), so that a resumed match goes on as it would have. Called between
    whole moves only."""
    from zxdeck.gamelog import SAVE_FORMAT, make_header
    from zxdeck.games.moz.adapter import ADAPTER
    from zxdeck.games.moz.engine.log import SAVE_VERSION, game_setup

    setup = game_setup(game, decks)
    return {"format": SAVE_VERSION, "game": "moz",
            "header": make_header(SAVE_FORMAT, "moz", ADAPTER.rules_revision, catalog_digest),
            "seed": game.seed, "turn_limit": game.turn_limit, "decks": setup["decks"],
            "cards": setup["cards"], "agents": list(agents), "human": human,
            "actions": [a.to_json() for a in game.history],
            "agent_rng": [_rng_state(x) for x in players] if players is not None else None}


def _rng_state(agent: Any) -> int | None:
    from zxdeck.rng import Rng

    rng = getattr(agent, "rng", None)
    return rng.getstate() if isinstance(rng, Rng) else None


def set_agent_states(where: str | Path, players: Sequence[Any], states: Any) -> None:
    """Give each agent the generator state its save recorded (`agent_rng`; absent: as made)."""
    from zxdeck.rng import Rng

    if states is None:
        return
    if not isinstance(states, list) or len(states) != len(players):
        raise ZxError(f"{where}: damaged save (agent_rng must be a list of {len(players)})")
    for agent, state in zip(players, states, strict=True):
        rng = getattr(agent, "rng", None)
        if state is None or not isinstance(rng, Rng):
            continue
        try:
            rng.setstate(state)
        except (TypeError, ValueError) as exc:
            raise ZxError(f"{where}: damaged save (agent_rng: {exc})") from None


def write_save(path: str | Path, data: dict[str, Any]) -> None:
    """Write a save's JSON (atomically: a crash or Ctrl-C never leaves half a file;
    zxdeck.terminal.saves, the same for every game)."""
    from zxdeck.terminal.saves import write_save as write

    write(path, data)


def save_summary(path: Path, catalog: Any) -> dict[str, Any]:
    """What `zxdeck --game moz play --saves` shows of a MOZ save: the decks (their first
    summoners), the opponent, the moves, the turn and how the match stands; the save is checked
    and replayed (`load_save`), and a ZxError says why a file is not a MOZ save."""
    game, data = load_save(path, catalog)
    agents, human = saved_setup(path, data)
    ai = next((a for n, a in enumerate(agents) if n != human), None) if human is not None else None
    decks = [next((catalog.by_id[c].name for c in deck if c in catalog.by_id), "?")
             for deck in data["decks"]]
    if not game.is_over():
        status = "in progress"
    elif game.winner is None:
        status = f"draw ({game.reason})"
    elif human is None:
        status = f"p{game.winner + 1} won ({game.reason})"
    else:
        status = f"{'you won' if game.winner == human else 'you lost'} ({game.reason})"
    return dict(decks=decks, ai=ai, moves=len(game.history), turn=game.turn, status=status)


def save_game(path: str | Path, game: Game, decks: Sequence[Sequence[str]], agents: Sequence[str],
              human: int | None, catalog_digest: str | None = None,
              players: Sequence[Any] | None = None) -> None:
    write_save(path, save_data(game, decks, agents, human, catalog_digest, players))


def saved_setup(where: str | Path, data: dict[str, Any]) -> tuple[list[str], int | None]:
    """The agents (two specs, "human" for the person) and the person's seat of a save, checked
    (ZxError naming the file otherwise)."""
    agents, human = data.get("agents"), data.get("human")
    if not (isinstance(agents, list) and len(agents) == 2 and all(isinstance(a, str) for a in agents)):
        raise ZxError(f"{where}: damaged save (agents must be a list of two agent names)")
    if human not in (0, 1, None) or isinstance(human, bool):
        raise ZxError(f"{where}: damaged save (human must be 0, 1 or null)")
    if any((a == "human") != (n == human) for n, a in enumerate(agents)):
        raise ZxError(f"{where}: damaged save (the agents and the human seat disagree)")
    return list(agents), human


class _Cards:
    """A card mapping as the catalog a save is checked against (no known digest)."""

    def __init__(self, cards: Mapping[str, MozCard]) -> None:
        self.by_id = cards
        self.digest = ""


def load_save(path: str | Path, cards: Any, notes: list[str] | None = None) -> tuple[Game, dict[str, Any]]:
    """The game of a save, checked (zxdeck.gamelog: a changed card or another rules revision is
    refused, exit 2) and replayed (N-4); `cards`: the catalog (`MozCatalog`) or a mapping of
    card ids to cards. ZxError naming the file and the problem."""
    from zxdeck.games.moz.engine.log import read_save_record

    catalog = cards if hasattr(cards, "by_id") else _Cards(cards)
    record = read_save_record(path, catalog, notes)
    game = record.start(record=True)
    for n, a in enumerate(record.actions):
        try:
            game.apply(a)
        except (ZxError, ValueError, TypeError) as exc:
            raise ZxError(f"{path}: action {n + 1} ({a.to_json()}) does not replay: {exc}") from None
    assert record.data is not None
    return game, record.data


# --- a session -------------------------------------------------------------------------------


