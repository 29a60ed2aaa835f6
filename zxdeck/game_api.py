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

`RunParts` is what a game supplies for the core's run commands (`sim`, `tournament`,
`gauntlet`, `optimize`, `bot`: zxdeck.cli.run_cmds): the commands' words and defaults, how a
deck is read and checked, agents, games, the run manifest and the sim report; the object the
game's `RUNS` names.

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


class RunParts(Protocol):
    """What a game supplies for the core's run commands `sim`, `tournament`, `gauntlet`,
    `optimize` and `bot` (zxdeck.cli.run_cmds): the object its package names in `RUNS`
    (`"module:name"`, imported when a command is made; Z/X: zxdeck/games/zx/runs.py, MOZ:
    zxdeck/games/moz/runs.py). Its module imports nothing heavy at module level (the commands'
    summaries are read for `zxdeck --help`): the engine is imported by the methods.

    Words and defaults (data): `turn_limit` and `default_agent` (--turn-limit, --ai/--ai1/--ai2);
    `texts[command]` with `summary`, `doc`, `examples` and `note` (the command's --help; and
    optionally `agents`, the title of its list of agents);
    `words` (an option's help, keyed `"COMMAND.PARAM"` or `"PARAM"`, over the core's own);
    `defaults` (`"COMMAND.games"`, `"jobs"` or `"COMMAND.jobs"`); `deck_options` (the options
    that say how decks are checked, each a dict: `decls`, `name`, `help`, `flag` or `metavar`,
    and `commands` when not all five take it: their values reach `load_deck`, `base_manifest` and
    `candidates` as `checks`, and a manifest keeps them for --resume); `game_word`, `tie_word` (the
    bot's summary: "game"/"drawn", "match"/"tied"); `change_example` (an optimize change, for
    messages); `replays_games` (whether `replay_command` names a failed game).

    A command the parts cannot serve (`load_deck` or `factory` missing; `candidates` for
    `optimize`) says so in one line, exit 2."""

    key: str
    turn_limit: int
    default_agent: str
    texts: dict[str, dict[str, Any]]
    words: dict[str, str]
    defaults: dict[str, Any]
    deck_options: Sequence[dict[str, Any]]
    game_word: str
    tie_word: str
    change_example: str
    replays_games: bool

    def agent_rows(self) -> list[tuple[str, str]]:
        """The game's agents for --help: (name, one sentence)."""
        ...

    def parse_agent(self, spec: str) -> AgentMaker:
        """An agent spec of this game; ZxError if unknown (the core then calls `make(0)`)."""
        ...

    def parse_agents(self, text: str) -> list[AgentMaker]:
        """A comma-separated list of specs (`tournament --agents`)."""
        ...

    def catalog(self, app: Any) -> Any:
        """The catalog a command reads its decks with (`app`: zxdeck.cli.AppContext), or None."""
        ...

    def load_deck(self, app: Any, catalog: Any, path: str, label: str,
                  checks: dict[str, Any]) -> LoadedDeck:
        """A deck read and checked (a frozen dataclass with `path`: the core shows it under
        another name with `dataclasses.replace`); a `ZxError` with the game's exit status when it
        cannot be read or is illegal (`label` names it in a report: "A", the deck's name, ...)."""
        ...

    def deck_name(self, path: str) -> str:
        """How sim names a deck in its report and manifest."""
        ...

    def factory(self, turn_limit: int) -> GameFactory: ...

    def card_events(self) -> Any:
        """As `GameAdapter.card_events` (--card-stats, and the deck lists of --html)."""
        ...

    def base_manifest(self, kind: str, app: Any, catalog: Any, seed: int, turn_limit: int,
                      checks: dict[str, Any]) -> dict[str, Any]:
        """What a run's manifest holds besides its entrants (versions, catalog, rules, checks)."""
        ...

    def replay_command(self, failure: Any, paths: dict[str, tuple[str, str]],
                       turn_limit: int) -> str | None:
        """The command line that replays a failed sim game (`paths`: side -> (deck, agent))."""
        ...

    def render_sim(self, result: dict[str, Any]) -> str:
        """sim's table report of `result` (zxdeck.sim.report.render_sim and what matters for the
        game: MOZ adds how the first player of round 1, by speed, did)."""
        ...

    def candidates(self, app: Any, catalog: Any, deck_path: str, shown: str, changes: list[str],
                   checks: dict[str, Any]) -> tuple[list[tuple[str, Any]], list[dict[str, Any]]]:
        """optimize's changes applied to the deck: (legal `(change, setup)`s, illegal
        `{"candidate": change, "errors": [...]}`s)."""
        ...


# The attributes and methods `RunParts` asks for (tests check each game's run parts has them all).
RUN_PARTS_ATTRIBUTES = ("key", "turn_limit", "default_agent", "texts", "words", "defaults",
                        "deck_options", "game_word", "tie_word", "change_example", "replays_games")
RUN_PARTS_METHODS = ("agent_rows", "parse_agent", "parse_agents", "catalog", "load_deck", "deck_name",
                     "factory", "card_events", "base_manifest", "replay_command", "render_sim",
                     "candidates")


# What the conformance suite asks of every game's adapter besides `GameAdapter` (module docstring).
CONFORMANCE_METHODS = ("example_decks", "open_catalog", "load_deck", "zone_counts", "fingerprint",
                       "log_lines", "read_log", "save", "load", "start_zones", "referee")


def check_state(game: Any) -> list[str]:
    """What `game` lacks of `GameState` (names of missing methods and attributes; [] if none)."""
    missing = [m for m in STATE_METHODS if not callable(getattr(game, m, None))]
    missing += [a for a in STATE_ATTRIBUTES if not hasattr(game, a)]
    return missing


# --------------------------------------------------------------------------- DECKS
# The deck, catalog and search parts of a game: what the core's `validate`, `stats`,
# `regulations`, `deck export|code|diff`, `draw`, `search`, `card`, `db`, `catalog` and `rules`
# (zxdeck/cli/deck_cmds.py, search_cmds.py, catalog_cmds.py, rules_cmds.py) need of it. A game
# names the object in its module's `DECKS` (`"module:name"`, imported when one of these commands
# is made; Z/X: zxdeck.games.zx.deck_parts:DECKS, MOZ: zxdeck.games.moz.deck_parts:DECKS). The
# object's module must stay light (the standard library and zxdeck.cli at module level), since
# `zxdeck --help` reads the commands' summaries from it.


@runtime_checkable
class DeckParts(Protocol):
    """A game's parts for the deck and catalog commands.

    Words and shape:

    - `key`: the game's key; `texts`: command path (`validate`, `deck code`, `db info`,
      `catalog import`, `rules`, ...) -> `{"short_help", "help", "epilog"}` (the help's summary,
      text and examples; zxdeck.cli.app.examples_epilog);
    - `features`: the optional options and sub-commands the game's commands have beyond the common
      ones: `validate --date`, `regulations --date`, `regulations --history`, `stats --card`,
      `draw openings` (`-n` openings dealt as the game deals them; without it `draw` is `--odds`
      only), `draw --mulligan`, `draw --second`, `draw --allow-illegal`, `db path`;
    - `option_help`: `"command --option"` -> the game's help of that option, where it differs;
    - `search_sorts` (the `search --sort` keys, `id` first), `stats_many` (`stats DECK...` rather
      than one DECK), `deck_commands` (of `export`, `code`, `diff`), `catalog_commands` (of
      `import`, `template`, `check`), `catalog_import_formats` (`auto` first);
    - `rules_loader` (`"module:function"` returning its `zxdeck.rulebook.RuleBook`), `rules_prog`
      (`zxdeck --game moz rules`), `rules_hints` (the id and words examples of the listing).

    Bodies (a missing one makes its command say in one line that the game cannot serve it, exit
    2); `app` is the command's `zxdeck.cli.context.AppContext`, `warn` writes a warning line,
    `echo` prints; user errors are `zxdeck.errors.ZxError` with their exit status:

    - `read_deck(app, path, deck_format)`: a deck file, `-` or a deck code of the game;
    - `validate(app, decks, fmt, regulation, day, deck_format, color, echo)`: the reports (the
      same body as the game's click-free `FASTPATH`), exit 0 / 1 / 2;
    - `stats(app, path, fmt, card, deck_format, warn)`: a JSON-able dict (`fmt == "json"`) or text;
    - `regulations(names, fmt, history, day)`: the listing (text or JSON);
    - `export(app, path, fmt, deck_format)`, `encode(app, path, deck_format)` (the deck code);
    - `diff_read(app, path, deck_format, warn)` and `diff(a, b)`: a `zxdeck.decks.diff.DeckDiff`
      over the game's sections;
    - `draw(app, path, options, warn)`: the openings or odds as text or JSON (`options`: seed,
      fmt, deck_format, odds, by_turn, sims, count, mulligan, second, allow_illegal);
    - `search(app, query, fmt, sort, reverse, limit, echo)`, `cards(app, text)` (the cards of a
      number or name; none is a `ZxError` with suggestions), `card_dict(card)`, `card_text(card)`;
    - `db_path(app)`, `db_build(app)` (the line printed), `db_info(app)` (`(info, text)`);
    - `import_cards(source, fmt, maps)` (`(warnings, YAML chunks, summary)`; problems raise
      `CatalogError`, exit 1), `template()`, `check_catalog(source, fmt, maps, warn)` (the
      summary of a list or catalog that is fine).
    """

    key: str
    texts: dict[str, dict[str, str]]
    features: frozenset[str]

    def read_deck(self, app: Any, path: str, deck_format: str) -> Any: ...

    def validate(self, app: Any, decks: tuple[str, ...], fmt: str, regulation: str | None, day: Any,
                 deck_format: str, color: str, echo: Any) -> None: ...


DECK_PARTS_METHODS = ("read_deck", "validate", "stats", "regulations", "diff_read", "diff", "draw", "search",
                      "cards", "card_dict", "card_text", "db_build", "db_info", "check_catalog")


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

    The person's session behind `play` is built on the core's pieces (zxdeck.terminal.session),
    so that the commands read the same in every game: the game adds its handlers to a
    `CommandTable` under the shared `COMMAND_WORDS` (help ? h, board b, hand, card c, log, hint,
    more m, quit q exit save; its own commands under other words), plays through
    `play_moves(over, persons_turn, computer_move, person_move, moved)`, asks each decision through
    `ask_choice(read, count, commands, choose, notice, ...)` (the game gives how many choices,
    what choice k does, how a one-line notice is shown), keeps each whole move with `Autosave`
    and runs inside `guarded(loop, on_interrupt)`. It draws its board at the terminal's size,
    narrates, and answers the commands (card text, hints, the log).
    """

    command: str
    play_help: CommandHelp
    replay_help: CommandHelp
    play_options: Mapping[str, Mapping[str, Any]]
    replay_options: Mapping[str, Mapping[str, Any]]

    def play(self, app: Any, request: PlayRequest) -> int | None: ...

    def save_summary(self, app: Any, path: Path) -> Mapping[str, Any]: ...

    def replay(self, app: Any, path: str, show_all: bool, at: int | None, viewer: int | None) -> None: ...


__all__ = ["Action", "Agent", "AgentMaker", "CONFORMANCE_METHODS", "DECK_PARTS_METHODS",
           "DeckParts", "GameAdapter", "GameScreen", "GameFactory", "GameState", "LoadedDeck",
           "RUN_PARTS_ATTRIBUTES", "RUN_PARTS_METHODS", "RunParts", "STATE_ATTRIBUTES",
           "STATE_METHODS", "check_state"]
