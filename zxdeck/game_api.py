"""The game API: what every game of zxdeck implements, and what the tools need of a game.

Two parts, after OpenSpiel's split between a *state* and a *game*:

`GameState` is one game in progress (Z/X: `zxdeck.engine.Game`; MOZ:
`zxdeck.games.moz.engine.Game`). A state is its seed and the list of actions
applied to it: `replay(seed, decks, actions)` gives the same state again.

- `legal_actions()`: the `zxdeck.action.Action`s the current player may take (empty when over);
- `apply(action)`: take one of them (anything else raises a `ZxError`);
- `clone()`: an independent copy; `current_player()`: the seat deciding now (0 or 1; -1 when
  over); `is_over()`; `winner`: 0, 1 or None (a draw, or not over);
- `observation(player)`: a JSON-able dict of what `player` may see, and nothing more (the
  opponent's hand and hidden cards are left out);
- `determinize(viewer, rng)`: a clone in which what `viewer` cannot see is dealt again at
  random (for search agents); `returns()`: each seat's outcome;
- `seed`, `history` (the actions applied), `turn`, `reason` (why it ended),
  `decision_kind()` (what is being decided, a short string).

`GameAdapter` is a game as the tools see it (`sim`, `tournament`, the bot protocol, saves and
logs): it loads a deck, makes a state from (decks, seed), replays (decks, seed, actions), makes
agents from a spec string, describes an action in words, and gives the identity a manifest or a
log header records (rules revision, a catalog's sha256, a deck's digest). Each game registers
one (`zxdeck.games.adapter(key)`); the tools import the adapter they are given, never a game.

What the conformance suite (tests/test_conformance.py, one suite parametrized over every game
of the registry) needs of a game is the rest of the adapter (`CONFORMANCE_METHODS`):
`example_decks()` (legal deck files, relative to the repository), `open_catalog()` (the built-in
catalog) and `load_deck(path, catalog)`; `zone_counts(state)` (each player's cards by zone, as
a log line's `state`: their sum per player never changes); `fingerprint(state)` (the whole
position, hashed: equal states, equal fingerprints); `log_lines(state, setups, catalog)` (the
game's log, INTERFACES §5: a `setup` line, then `seq`, `turn`, `active`, `phase`, `event`,
`state` on every line and the card `moves`), `read_log(path, catalog)`, `save(state, setups,
path, catalog)` and `load(path, catalog)` (a log and a save read back and replayed);
`start_zones(setup_line)` (instance -> (owner, starting zone, card id)) and `referee(lines)`,
which checks a log from the log alone (`zxdeck.referee.follow_zones` and the game's own
invariants) and raises `zxdeck.referee.LogRefereeError` naming the line.

Agents, for every game: anything with `choose(state) -> Action`, returning one of
`state.legal_actions()` for `state.current_player()`; `zxdeck.agents.random_agent` and
`zxdeck.agents.bot` work on `GameState` alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from zxdeck.action import Action
from zxdeck.rng import Rng
from zxdeck.terminal.words import CommandHelp, PlayRequest


@runtime_checkable
class GameState(Protocol):
    """One game in progress (see the module docstring)."""

    seed: int
    history: list[Action]
    winner: int | None
    turn: int
    reason: str

    def legal_actions(self) -> list[Action]: ...

    def apply(self, action: Action) -> None: ...

    def clone(self) -> GameState: ...

    def current_player(self) -> int: ...

    def is_over(self) -> bool: ...

    def observation(self, player: int) -> dict[str, Any]: ...

    def determinize(self, viewer: int, rng: Rng) -> GameState: ...

    def returns(self) -> tuple[float, float]: ...

    def decision_kind(self) -> str: ...


# The methods and attributes `GameState` asks for (tests check each game's state has them all).
STATE_METHODS = ("legal_actions", "apply", "clone", "current_player", "is_over", "observation",
                 "determinize", "returns", "decision_kind")
STATE_ATTRIBUTES = ("seed", "history", "winner", "turn", "reason")


class Agent(Protocol):
    """A player of any game: `choose(state)` returns one of `state.legal_actions()`."""

    def choose(self, game: Any) -> Action: ...


class AgentMaker(Protocol):
    """An agent spec as the tools keep it (picklable): `make(seed)`, its `label`, its JSON."""

    @property
    def label(self) -> str: ...

    def make(self, seed: int = 0) -> Agent: ...

    def to_json(self) -> dict[str, Any]: ...


class LoadedDeck(Protocol):
    """A deck read and checked, ready to play: what `new_game` takes (`setup`), and its identity."""

    path: str

    @property
    def setup(self) -> Any: ...

    @property
    def digest(self) -> str: ...

    def describe(self) -> dict[str, Any]: ...


class GameFactory(Protocol):
    """`factory(seat0_setup, seat1_setup, seed, first)` -> a new `GameState` (picklable: it travels
    to the worker processes of `sim --jobs`)."""

    def __call__(self, p1: Any, p2: Any, seed: int, first: int | None = None) -> GameState: ...


class GameAdapter(Protocol):
    """What the tools need of a game (see the module docstring). One per game, stateless."""

    key: str  # `--game` key
    rules_revision: int  # raised with every change that makes the same moves give another game
    default_turn_limit: int

    def factory(self, turn_limit: int) -> GameFactory:
        """The picklable maker of new games with this turn limit."""
        ...

    def new_game(self, p1: Any, p2: Any, seed: int, turn_limit: int) -> GameState: ...

    def replay(self, p1: Any, p2: Any, seed: int, actions: Sequence[Action],
               turn_limit: int) -> GameState:
        """The state after `actions` from the start of (decks, seed)."""
        ...

    def parse_agent(self, spec: str) -> AgentMaker:
        """An agent spec of this game (`random`, `mcts:50`, `bot:CMD`, ...); ZxError if unknown."""
        ...

    def agent_names(self) -> list[str]: ...

    def describe_action(self, game: Any, action: Action) -> str:
        """`action` (legal in `game` now) in words, for menus, bots and logs."""
        ...

    def prompt(self, game: Any) -> str:
        """The current decision of `game` as a question ('' when over)."""
        ...

    def card_events(self) -> Any:
        """What "drawn" and "played" mean for this game's card statistics: a picklable
        `zxdeck.analysis.cards.CardEvents` (`start(factory, p1, p2, seed, first)` -> the game
        and its probe; `copies(setup)` -> the deck list by name)."""
        ...


# What the conformance suite asks of every game's adapter besides `GameAdapter` (module docstring).
CONFORMANCE_METHODS = ("example_decks", "open_catalog", "load_deck", "zone_counts", "fingerprint",
                       "log_lines", "read_log", "save", "load", "start_zones", "referee")


def check_state(game: Any) -> list[str]:
    """What `game` lacks of `GameState` (names of missing methods and attributes; [] if none)."""
    missing = [m for m in STATE_METHODS if not callable(getattr(game, m, None))]
    missing += [a for a in STATE_ATTRIBUTES if not hasattr(game, a)]
    return missing


__all__ = ["CONFORMANCE_METHODS", "Action", "Agent", "AgentMaker", "GameAdapter", "GameFactory", "GameState",
           "LoadedDeck", "STATE_ATTRIBUTES", "STATE_METHODS", "check_state"]


# --- SCREEN: the terminal game and the replay viewer (zxdeck play, zxdeck replay) --------------


# `PlayRequest` (what the person asked of `play`) and `CommandHelp` (a command's words) are in
# zxdeck.terminal.words, light enough for `zxdeck --help`.


@runtime_checkable
class GameScreen(Protocol):
    """A game at the terminal: what the core's `play` and `replay` (zxdeck.cli.play_cmds) need of
    it. A game names its object in its descriptor's `SCREEN` (`"module:name"`, imported when one
    of these commands runs; Z/X: zxdeck.games.zx.play.parts:SCREEN, MOZ:
    zxdeck.games.moz.play.parts:SCREEN).

    The core owns the commands and their options (one set, in one order, for every game), the
    saves folder, a new save's unique name, finding a save by name, `--saves`, the resume command
    (zxdeck.terminal.saves) and the replay viewer's loop (zxdeck.terminal.viewer). The game
    supplies its words and its game:

    - `command`: how the game is typed (`zxdeck`, `zxdeck --game moz`), for the resume command
      and the saves listing;
    - `play_help`, `replay_help`: the commands' words (`CommandHelp`);
    - `play_options`, `replay_options`: the options of the core's command this game takes,
      option name -> its help text and, where it has one, `default` and `metavar` (an option
      left out is not offered for this game);
    - `agents_in_help` (optional, default False): --help lists the agents of zxdeck.agents
      with their settings (Z/X's registry; a game whose option help names its agents leaves it
      out);
    - `play(app, request)`: a game by `request` (`PlayRequest`: computer players with `--auto`,
      the person against the computer without, a `--replay`, a `--resume`); returns the exit
      status (None: 0). It draws the board for a viewer at the terminal's size, narrates actions
      and events, shows card text on demand, gives hints from its agents, saves after every
      move in its own save format, and on Ctrl-C / Ctrl-D saves and prints the resume command;
    - `save_summary(app, path)`: what `--saves` lists of one of its saves (decks, ai, moves,
      turn, status; a ZxError when the file is not one);
    - `replay(app, path, show_all, at, viewer)`: `zxdeck replay FILE` (frames for the core's
      viewer, or the board at one move).

    A game without a SCREEN, or whose parts lack `play` or `replay`, is refused by that command
    in one line (exit 2).
    """

    command: str
    play_help: CommandHelp
    replay_help: CommandHelp
    play_options: Mapping[str, Mapping[str, Any]]
    replay_options: Mapping[str, Mapping[str, Any]]

    def play(self, app: Any, request: PlayRequest) -> int | None: ...

    def save_summary(self, app: Any, path: Path) -> Mapping[str, Any]: ...

    def replay(self, app: Any, path: str, show_all: bool, at: int | None, viewer: int | None) -> None: ...


__all__ += ["CommandHelp", "GameScreen", "PlayRequest"]
