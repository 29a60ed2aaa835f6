"""Z/X as a PettingZoo AEC environment, for reinforcement learning (`pip install 'zxdeck[rl]'`).

    from zxdeck.games.zx.rl import env
    e = env()                      # two built-in synthetic decks; env(decks=("a.txt", "b.txt"))
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are `player_0` (p1) and `player_1` (p2); the engine decides who acts next (the same agent
may act several times in a row, and answers the opponent's battle event step). An observation is
a dict: `observation`, a float32 vector of `OBSERVATION_SIZE` numbers computed from what that
player may see (`zxdeck.engine.observation.observe`; the layout is `LAYOUT`, docs/RL.md), and
`action_mask`, an int8 vector of `MAX_ACTIONS`: action `i` is the `i`-th entry of the engine's
`Game.legal_actions()` (the order the bot protocol numbers them, docs/BOTS.md), legal when
`i < len(legal_actions)`. A decision with more than `MAX_ACTIONS` legal actions (none in the
example decks' games so far: at most 44) offers only the first `MAX_ACTIONS`. The reward is +1
for the winner, -1 for the loser, 0 for a draw, given at the end. A game that reaches the turn
limit (W-3) is truncated; any other end terminates it. `reset(seed=S)` replays the same game
for the same actions (the engine's one seeded generator).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

try:
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ImportError as exc:  # pragma: no cover - without the extra
    from zxdeck.errors import ZxError

    raise ZxError(f"zxdeck.rl needs the rl extra: pip install 'zxdeck[rl]' ({exc.name} is "
                  "missing)") from None

from zxdeck.games.zx.engine import Game
from zxdeck.games.zx.engine.observation import observe
from zxdeck.games.zx.engine.state import DeckSpec

MAX_ACTIONS = 128
MAX_HAND = 10  # hand cards described one by one (the rest only counted)
PHASES = ("setup", "reboot", "draw", "resource", "ignition", "main", "battle", "end")
DECISIONS = ("mulligan", "resource", "ignite", "main", "battle", "pick", "pay", "confirm")
PLAYER_FEATURES = ("life", "deck", "hand", "resources", "resources_slept", "charge", "trash",
                   "dunamis", "dunamis_face_up", "player_face_up")
SQUARE_FEATURES = ("occupied", "mine", "power", "damage", "slept", "forces", "shifted")
HAND_FEATURES = ("present", "cost", "power", "zx", "event", "ignition")
# (name, size) in order: the vector is their concatenation (docs/RL.md explains each)
LAYOUT: tuple[tuple[str, int], ...] = (
    ("turn", 1), ("my_turn", 1), ("phase", len(PHASES)), ("decision", len(DECISIONS)),
    ("me", len(PLAYER_FEATURES)), ("opponent", len(PLAYER_FEATURES)),
    ("field", 9 * len(SQUARE_FEATURES)), ("hand", MAX_HAND * len(HAND_FEATURES)),
    ("legal_actions", 1),
)
OBSERVATION_SIZE = sum(n for _, n in LAYOUT)
AGENTS = ("player_0", "player_1")


def _deck(deck: DeckSpec | str | Path) -> DeckSpec:
    if isinstance(deck, DeckSpec):
        return deck
    from zxdeck.catalog import open_catalog
    from zxdeck.games.zx.engine.decks import load_game_deck

    return load_game_deck(deck, open_catalog(()))[0]


def default_decks() -> tuple[DeckSpec, DeckSpec]:
    """Two built-in 50-card decks made in code (no catalog needed): red and blue."""
    from zxdeck.games.zx.engine.synth import synthetic_deck

    return synthetic_deck("red", "R"), synthetic_deck("blue", "B")


def encode(game: Game, viewer: int) -> np.ndarray:
    """The observation vector of `viewer` (0 or 1), from `observe(game, viewer)` and the cards of
    the viewer's own hand. Squares are seen from the viewer's side: index 0-2 is the viewer's
    own row (left to right as the viewer sees it), 3-5 the middle, 6-8 the opponent's row."""
    view = observe(game, viewer)
    out: list[float] = [view["turn"] / 100, float(view["active"] == viewer)]
    out += [float(view["phase"] == p) for p in PHASES]
    kind = (view["decision"] or "").split(":")[0]
    out += [float(kind == d) for d in DECISIONS]
    for p in (viewer, 1 - viewer):
        ps = view["players"][p]
        hand = ps["hand"] if isinstance(ps["hand"], int) else len(ps["hand"])
        dunamis = ps["dunamis"]
        out += [ps["life"] / 10, ps["deck"] / 50, hand / 10, len(ps["resources"]) / 10,
                sum(r["slept"] for r in ps["resources"]) / 10, len(ps["charge"]) / 10,
                len(ps["trash"]) / 50, len(dunamis) / 16,
                sum(bool(d["face_up"]) for d in dunamis) / 16, float(ps["player_face_up"])]
    field = view["field"]
    order = range(9) if viewer == 0 else range(8, -1, -1)
    for sq in order:
        u = field[sq]
        if u is None:
            out += [0.0] * len(SQUARE_FEATURES)
        else:
            out += [1.0, float(u["owner"] == viewer), u["power"] / 10000, u["damage"] / 10000,
                    float(u["slept"]), u["forces"] / 4, float(u["shift"] is not None)]
    mine = view["players"][viewer]["hand_iids"] or []
    for i in range(MAX_HAND):
        if i < len(mine):
            card = game.cards[mine[i]]
            out += [1.0, card.cost / 10, card.power / 10000, float(card.type.startswith("zx")),
                    float(card.type.startswith("event")), float("ignition" in card.icons)]
        else:
            out += [0.0] * len(HAND_FEATURES)
    n = len(game.legal_actions()) if view["decision"] else 0
    out.append(min(n, MAX_ACTIONS) / MAX_ACTIONS)
    return np.asarray(out, dtype=np.float32)


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's naming
    """The AEC environment without PettingZoo's safety wrappers (`env()` adds them)."""

    metadata = {"render_modes": ["ansi", "human"], "name": "zxdeck_v0",
                "is_parallelizable": False}

    def __init__(self, decks: tuple[DeckSpec | str | Path, DeckSpec | str | Path] | None = None,
                 turn_limit: int = 100, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}")
        pair = default_decks() if decks is None else (_deck(decks[0]), _deck(decks[1]))
        self.decks = pair
        self.turn_limit = turn_limit
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        box = spaces.Box(low=0.0, high=np.inf, shape=(OBSERVATION_SIZE,), dtype=np.float32)
        mask = spaces.Box(low=0, high=1, shape=(MAX_ACTIONS,), dtype=np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": box, "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(MAX_ACTIONS) for a in self.possible_agents}
        self.game: Game | None = None
        self._next_seed = 0

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game: seed `seed`, else one more than the last game's."""
        if seed is None:
            seed = self._next_seed
        self._next_seed = seed + 1
        self.game = Game(self.decks[0], self.decks[1], seed=seed, turn_limit=self.turn_limit)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.game.current_player()]
        self._update_infos()

    def _update_infos(self) -> None:
        assert self.game is not None
        for i, a in enumerate(self.possible_agents):
            legal = len(self.game.legal_actions()) if (
                not self.game.is_over() and self.game.current_player() == i) else 0
            self.infos[a] = {"legal_actions": legal, "turn": self.game.turn}

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        assert self.game is not None, "call reset() first"
        player = self.possible_agents.index(agent)
        mask = np.zeros(MAX_ACTIONS, dtype=np.int8)
        if not self.game.is_over() and self.game.current_player() == player:
            mask[:min(len(self.game.legal_actions()), MAX_ACTIONS)] = 1
        return {"observation": encode(self.game, player), "action_mask": mask}

    def legal_action_texts(self) -> list[str]:
        """The current player's legal actions in words, index by index (as the mask counts)."""
        from zxdeck.games.zx.engine.describe import describe

        assert self.game is not None
        return [describe(a, self.game) for a in self.game.legal_actions()[:MAX_ACTIONS]]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.game is not None
        legal = self.game.legal_actions()
        if action is None or not 0 <= int(action) < min(len(legal), MAX_ACTIONS):
            raise ValueError(f"{agent}: action {action} is not legal (the mask allows 0-"
                             f"{min(len(legal), MAX_ACTIONS) - 1})")
        self._cumulative_rewards[agent] = 0
        self.rewards = dict.fromkeys(self.agents, 0)
        self.game.apply(legal[int(action)])
        g = self.game
        if g.is_over():
            if g.winner is not None:
                self.rewards[self.possible_agents[g.winner]] = 1
                self.rewards[self.possible_agents[1 - g.winner]] = -1
            if g.reason == "turn_limit":  # W-3: a draw by the clock, not by the game
                self.truncations = dict.fromkeys(self.agents, True)
            else:
                self.terminations = dict.fromkeys(self.agents, True)
            for a in self.agents:
                self.infos[a] = {"legal_actions": 0, "turn": g.turn, "winner": g.winner,
                                 "reason": str(g.reason or "")}
        else:
            self.agent_selection = self.possible_agents[g.current_player()]
            self._update_infos()
        self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def render(self) -> str | None:
        """One line: turn, phase, who acts, both players' life, hand and field counts."""
        if self.game is None:
            return None
        g = self.game
        view = observe(g, 0)
        parts = []
        for p in (0, 1):
            ps = view["players"][p]
            units = sum(1 for u in view["field"] if u is not None and u["owner"] == p)
            hand = ps["hand"] if isinstance(ps["hand"], int) else len(ps["hand"])
            parts.append(f"p{p + 1} life {ps['life']} hand {hand} field {units}")
        state = (f"over: {'draw' if g.winner is None else f'p{g.winner + 1} wins'} ({g.reason})"
                 if g.is_over() else f"{self.agent_selection} to act ({g.decision_kind()})")
        return f"turn {g.turn} {g.phase}: {state}; " + "; ".join(parts)

    def close(self) -> None:
        self.game = None


def env(**kwargs: Any) -> AECEnv:
    """`raw_env(**kwargs)` in PettingZoo's usual wrappers: an illegal action ends the game with
    -1 for the agent that played it, actions outside the space are refused, and the API's
    order (reset first) is enforced."""
    e: AECEnv = raw_env(**kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


__all__ = ["AGENTS", "LAYOUT", "MAX_ACTIONS", "MAX_HAND", "OBSERVATION_SIZE", "default_decks",
           "encode", "env", "raw_env"]
