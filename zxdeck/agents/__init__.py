"""Computer players: a registry of agents with declared settings, and agent specs.

An agent has `choose(game) -> Action` returning one of `game.legal_actions()`
for `game.current_player()`. Agents are deterministic for a given seed.

Agents are named by a *spec* string, the same everywhere (`play --ai1`, `sim
--ai1`, `tournament --agents`):

- `greedy` : an agent with its default settings;
- `mcts:200` : the agent's primary setting (for mcts, the budget);
- `mcts:budget=200,epsilon=0.2` : settings by name;
- `mcts --budget 200 --epsilon 0.2` : the same, command-line style (one string);
- `bot:python3 mybot.py` : for an agent registered with `raw=True` (the `bot` agent, a program
  speaking JSON Lines, docs/BOTS.md), all the text after `name:` is its primary setting.

`parse_agent(text)` turns a spec into an `AgentSpec` (a picklable factory:
`spec.make(seed)`), with one clear error for an unknown agent, setting or
value. Add an agent with `register(name, factory, settings=(...), primary=...)`
where `factory(seed, **settings) -> agent`; its settings are declared with
`Setting` so that specs are checked before any game is played.

The agents of the core (`random`, `mcts`, `bot`) work on the game API alone; a game adds its
own (Z/X: `greedy`, `heuristic`, the levels `easy` / `normal` / `hard`). `AGENTS` is the
registry of the default game (`zxdeck.games.DEFAULT_GAME`): the game module's `AGENT_REGISTRY`
(`"module:function"`, the function given the core's agents and returning the game's list, in
the order `--help` shows them) is imported the first time the registry is read, never before.
"""

from __future__ import annotations

import re
import shlex
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from zxdeck.action import Action
from zxdeck.errors import ZxError
from zxdeck.games import DEFAULT_GAME


class Agent(Protocol):
    name: str

    def choose(self, game: Any) -> Action: ...


@dataclass(frozen=True)
class Setting:
    """One setting an agent takes: its type (int, float or str), default and allowed range."""

    name: str
    type: type = int
    default: Any = None
    help: str = ""
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] = ()  # the values a str setting may take (empty: any)

    def convert(self, agent: str, text: object) -> Any:
        """`text` as this setting's value; ZxError naming the agent, the setting and the range."""
        kind = {int: "an integer", float: "a number", str: "a string"}.get(self.type, self.type.__name__)
        try:
            value = self.type(text)
        except (TypeError, ValueError):
            raise ZxError(f"agent {agent}: {self.name} must be {kind}, not {text!r}") from None
        if self.type is float and value != value:  # NaN
            raise ZxError(f"agent {agent}: {self.name} must be {kind}, not {text!r}")
        if (self.minimum is not None and value < self.minimum) or (
                self.maximum is not None and value > self.maximum):
            raise ZxError(f"agent {agent}: {self.name} must be {self._range()}, not {text!r}")
        if self.choices and value not in self.choices:
            raise ZxError(f"agent {agent}: {self.name} must be one of {', '.join(self.choices)}, "
                          f"not {text!r}")
        return value

    def _range(self) -> str:
        lo, hi = self.minimum, self.maximum
        fmt = (lambda x: str(int(x))) if self.type is int else str
        if lo is not None and hi is not None:
            return f"between {fmt(lo)} and {fmt(hi)}"
        return f">= {fmt(lo)}" if lo is not None else f"<= {fmt(hi)}"


@dataclass(frozen=True)
class AgentInfo:
    """A registered agent: `factory(seed, **settings)`, its declared settings, a one-line help."""

    name: str
    factory: Callable[..., Agent]
    settings: tuple[Setting, ...] = ()
    primary: str | None = None  # the setting `name:VALUE` sets
    help: str = ""
    raw: bool = False  # `name:TEXT` gives all of TEXT to the primary setting (a command line)

    def setting(self, key: str) -> Setting:
        for s in self.settings:
            if s.name == key:
                return s
        if not self.settings:
            raise ZxError(f"agent {self.name} takes no settings (got {key!r})")
        names = ", ".join(s.name.replace("_", "-") for s in self.settings)
        raise ZxError(f"agent {self.name} has no setting {key!r} (its settings: {names})")


class AgentRegistry(dict[str, AgentInfo]):
    """The agents of one game by name: the core's and the game's own, in the order the game lists
    them (`zxdeck play --help`). Filled the first time it is read (the game's `AGENT_REGISTRY`),
    so that importing the core's agents loads no game."""

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game
        self.loaded = False

    def load(self) -> None:
        """Fill the registry now (once): the core's agents, listed by the game's function."""
        if self.loaded:
            return
        self.loaded = True
        import importlib

        from zxdeck.games import game_module

        core = _core_agents()
        target = getattr(game_module(self.game), "AGENT_REGISTRY", None)
        listed: list[AgentInfo] = []
        if target:
            module_name, _, attr = target.partition(":")
            listed = list(getattr(importlib.import_module(module_name), attr)(dict(core)))
        for info in [*listed, *(i for name, i in core.items() if name not in {x.name for x in listed})]:
            dict.__setitem__(self, info.name, info)

    def __getitem__(self, name: str) -> AgentInfo:
        self.load()
        return super().__getitem__(name)

    def __setitem__(self, name: str, info: AgentInfo) -> None:
        self.load()
        super().__setitem__(name, info)

    def __contains__(self, name: object) -> bool:
        self.load()
        return super().__contains__(name)

    def __iter__(self):  # noqa: ANN204 - dict's iterator
        self.load()
        return super().__iter__()

    def __len__(self) -> int:
        self.load()
        return super().__len__()

    def __repr__(self) -> str:
        self.load()
        return super().__repr__()

    def get(self, name: str, default: Any = None) -> Any:
        self.load()
        return super().get(name, default)

    def keys(self):  # noqa: ANN201 - dict's view
        self.load()
        return super().keys()

    def values(self):  # noqa: ANN201 - dict's view
        self.load()
        return super().values()

    def items(self):  # noqa: ANN201 - dict's view
        self.load()
        return super().items()


AGENTS: AgentRegistry = AgentRegistry(DEFAULT_GAME)


def register(name: str, factory: Callable[..., Agent], settings: tuple[Setting, ...] = (),
             primary: str | None = None, help: str = "", raw: bool = False) -> None:
    """Add an agent: `factory(seed, **settings) -> Agent` under `name`.

    For `sim --jobs N` the factory must be importable (a module-level class or
    function): specs travel to the worker processes by pickling.
    """
    AGENTS[name] = make_info(name, factory, settings, primary, help, raw)


def make_info(name: str, factory: Callable[..., Agent], settings: tuple[Setting, ...] = (),
              primary: str | None = None, help: str = "", raw: bool = False) -> AgentInfo:
    """An `AgentInfo`, its primary setting checked (what `register` and a game's list use)."""
    if primary is not None and primary not in {s.name for s in settings}:
        raise ValueError(f"primary setting {primary!r} is not among the settings of {name!r}")
    if raw and primary is None:
        raise ValueError(f"agent {name!r}: raw=True needs a primary setting")
    return AgentInfo(name, factory, tuple(settings), primary, help, raw)


@dataclass(frozen=True)
class AgentSpec:
    """An agent and the settings given for it: a picklable factory, `make(seed) -> Agent`."""

    name: str
    settings: tuple[tuple[str, Any], ...] = ()
    factory: Callable[..., Agent] | None = field(default=None, compare=False, repr=False)

    def make(self, seed: int = 0) -> Agent:
        factory = self.factory if self.factory is not None else _info(self.name).factory
        return factory(seed, **dict(self.settings))

    @property
    def label(self) -> str:
        """The canonical spec string: `greedy`, `mcts:200`, `mcts:budget=200,epsilon=0.2`."""
        if not self.settings:
            return self.name
        info = AGENTS.get(self.name)
        if info is not None and len(self.settings) == 1 and self.settings[0][0] == info.primary:
            value = str(self.settings[0][1])
            if info.raw or not any(c.isspace() or c in ",=" for c in value):
                return f"{self.name}:{value}"
        if any(isinstance(v, str) and (not v or any(c.isspace() or c in ",=:" for c in v))
               for _, v in self.settings):  # command-line style, which parse_agent reads back
            return " ".join([self.name, *(f"--{k.replace('_', '-')} {shlex.quote(str(v))}"
                                          for k, v in self.settings)])
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in self.settings)

    def __str__(self) -> str:
        return self.label

    def to_json(self) -> dict[str, Any]:
        """The spec, the name and every setting, defaults included (what a run's manifest records)."""
        info = AGENTS.get(self.name)
        values = {s.name: s.default for s in info.settings} if info is not None else {}
        values.update(dict(self.settings))
        return {"spec": self.label, "name": self.name, "settings": values}


def _info(name: str) -> AgentInfo:
    info = AGENTS.get(name)
    if info is None:
        import difflib

        close = difflib.get_close_matches(name, list(AGENTS), n=1)
        hint = f"did you mean {close[0]!r}? " if close else ""
        raise ZxError(f"unknown agent {name!r} ({hint}known: {', '.join(sorted(AGENTS))})")
    return info


def _key(text: str) -> str:
    return text.strip().lstrip("-").replace("-", "_")


def parse_agent(text: str) -> AgentSpec:
    """An `AgentSpec` from `greedy`, `mcts:200`, `mcts:budget=200` or `mcts --budget 200`.

    Every problem (unknown agent or setting, a value of the wrong type or out
    of range, a setting given twice) is a ZxError (exit 2) naming it.
    """
    text = text.strip()
    if not text:
        raise ZxError("empty agent name (known: " + ", ".join(sorted(AGENTS)) + ")")
    pairs: list[tuple[str, str]] = []
    head, colon, tail = text.partition(":")
    raw = AGENTS.get(head.strip())
    if colon and raw is not None and raw.raw and raw.primary is not None:
        if not tail.strip():
            raise ZxError(f"agent {text!r}: nothing after ':'")
        setting = raw.setting(raw.primary)
        return AgentSpec(raw.name, ((setting.name, setting.convert(raw.name, tail.strip())),),
                         raw.factory)
    if any(c.isspace() for c in text):
        try:
            words = shlex.split(text)
        except ValueError as exc:
            raise ZxError(f"agent {text!r}: {exc}") from None
        name, rest = words[0], words[1:]
        info = _info(name)
        i = 0
        while i < len(rest):
            word = rest[i]
            if not word.startswith("--"):
                raise ZxError(f"agent {text!r}: expected --SETTING VALUE, got {word!r}")
            if "=" in word:
                key, value = word.split("=", 1)
                i += 1
            else:
                if i + 1 >= len(rest):
                    raise ZxError(f"agent {text!r}: {word} needs a value")
                key, value = word, rest[i + 1]
                i += 2
            pairs.append((_key(key), value))
    else:
        name, colon, rest_text = text.partition(":")
        info = _info(name)
        if colon and not rest_text:
            raise ZxError(f"agent {text!r}: nothing after ':'")
        for n, item in enumerate(rest_text.split(",") if rest_text else []):
            if "=" in item:
                key, value = item.split("=", 1)
                pairs.append((_key(key), value))
            elif n == 0 and info.primary is not None:
                pairs.append((info.primary, item))
            elif info.settings:
                raise ZxError(f"agent {text!r}: write settings as NAME=VALUE after the first")
            else:
                raise ZxError(f"agent {info.name} takes no settings (got {item!r})")
    values: dict[str, Any] = {}
    for key, value in pairs:
        setting = info.setting(key)
        if setting.name in values:
            raise ZxError(f"agent {info.name}: {setting.name} given twice")
        values[setting.name] = setting.convert(info.name, value)
    order = [s.name for s in info.settings]
    settings = tuple(sorted(values.items(), key=lambda kv: order.index(kv[0])))
    return AgentSpec(info.name, settings, info.factory)


def parse_agents(text: str) -> list[AgentSpec]:
    """A comma-separated list of specs (`random,greedy,mcts:200`); `mcts:budget=50,epsilon=0.2`
    stays one spec (a piece `NAME=VALUE` continues the spec before it)."""
    pieces: list[str] = []
    for piece in text.split(","):
        if pieces and "=" in piece and ":" not in piece and " " not in piece.strip() and \
                not _is_raw(pieces[-1]):
            pieces[-1] += "," + piece
        else:
            pieces.append(piece)
    return [parse_agent(p) for p in pieces]


def _is_raw(piece: str) -> bool:
    info = AGENTS.get(piece.partition(":")[0].strip())
    return info is not None and info.raw and ":" in piece


def make_agent(spec: str | AgentSpec, seed: int = 0) -> Agent:
    """An agent from a spec string (`greedy`, `mcts:50`, ...) or an `AgentSpec` (ZxError if unknown)."""
    if isinstance(spec, str):
        spec = parse_agent(spec)
    return spec.make(seed)


def agent_summary(name: str) -> str:
    """One line about agent `name`, for `zxdeck play --help`: the first line of its module's
    docstring when that line is "The `name` agent: ..." (without that prefix), else of its
    factory's own docstring (or the help it was registered with)."""
    info = AGENTS[name]
    factory = info.factory
    module_doc = getattr(sys.modules.get(factory.__module__), "__doc__", None) or ""
    first = module_doc.strip().split("\n")[0].strip()
    m = re.match(r"The `([^`]+)` agent:\s*(.+)", first)
    if m and (m.group(1) == name or not info.help):  # another agent's module (greedy-v1): its own help
        return m.group(2)
    own = factory.__dict__.get("__doc__") if isinstance(factory, type) else factory.__doc__
    return (own or info.help or module_doc).strip().split("\n")[0].strip()


BOT_TIMEOUT_MS = 5000  # the `bot` agent's default deadline of one answer


def bot_agent(seed: int = 0, cmd: str = "", timeout: int = BOT_TIMEOUT_MS) -> Agent:
    """A program in any language, playing over JSON Lines on its stdin/stdout (docs/BOTS.md)."""
    from zxdeck.agents.bot import BotAgent  # subprocess and threads only when a bot plays

    return BotAgent(seed, cmd, timeout)


def _core_agents() -> dict[str, AgentInfo]:
    """The agents every game has, over the game API alone: random, mcts (its model comes from the
    game, zxdeck.games.search_model) and bot."""
    from zxdeck.agents.mcts import DEFAULT_BUDGET, DEFAULT_MARGIN, SEARCHES, MctsAgent
    from zxdeck.agents.random_agent import RandomAgent

    infos = [
        make_info("random", RandomAgent, help="uniform over the legal actions"),
        make_info("mcts", MctsAgent, primary="budget", help="determinized Monte Carlo tree search",
                  settings=(
            Setting("budget", int, DEFAULT_BUDGET, "simulations per decision", minimum=1),
            Setting("epsilon", float, 0.1, "chance of a random rollout move", minimum=0, maximum=1),
            Setting("exploration", float, 0.7, "UCB1 exploration constant", minimum=0),
            Setting("horizon", int, 2, "turns a rollout looks ahead", minimum=0),
            Setting("rollout_limit", int, 2000, "most actions in a rollout", minimum=1),
            Setting("search", str, "ucb", "ucb: the UCB1 tree; halving: the guided search; race: the "
                    "guided search with early cut-offs, level hard", choices=SEARCHES),
            Setting("width", int, 6, "root actions the guided search compares", minimum=1),
            Setting("margin", float, DEFAULT_MARGIN, "race: a chance of winning below which two "
                    "moves count as equal", minimum=0, maximum=1),
        )),
        make_info("bot", bot_agent, primary="cmd", raw=True, settings=(
            Setting("cmd", str, "", "the program's command line"),
            Setting("timeout", int, BOT_TIMEOUT_MS, "milliseconds per answer, 0 for none",
                    minimum=0),
        )),
    ]
    return {info.name: info for info in infos}


__all__ = ["AGENTS", "Agent", "AgentInfo", "AgentRegistry", "AgentSpec", "Setting", "make_info", "agent_summary", "make_agent",
           "parse_agent", "parse_agents", "register"]
