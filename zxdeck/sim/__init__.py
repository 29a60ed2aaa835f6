"""Many games at once: `zxdeck sim` (one paired match) and `zxdeck tournament` (a round robin).

The machinery is generic over the engine's agent API (`legal_actions` /
`apply` / `current_player` / `is_over`, agents with `choose(game)`: the game API of
`zxdeck.game_api`); only `zx.py`, Z/X's adapter, knows Z/X decks.

- `seeds.py`: each game's seed from (master seed, game index) by blake2b; pairs
  of games share a seed with the seats swapped.
- `core.py`: `Contest` (a game factory and two sides), `Match`, `play_chunk`.
- `backends.py`: where chunks run: this process, worker processes, Ray.
- `runner.py`: the scheduler (chunks out, records back in game order, early
  stop at pair boundaries, Ctrl-C, failures) and `run_matches`.
- `store.py`: the run folder (`manifest.json`, `games.jsonl`) and resuming.
- `stats.py`: Wilson intervals, tallies, Bradley-Terry ratings.
- `report.py`: the JSON results, tables and CSV; `plot.py`: the heat map.

A library use, with any game built on the same API::

    from zxdeck.sim import Contest, Match, Side, make_backend, run_matches

    contest = Contest(new_game, Side("A", setup_a, agent_a), Side("B", setup_b, agent_b))
    (tally,), outcome = run_matches([Match(contest, seed=7, games=1000)], make_backend("local", 2))
    print(tally.win_rate(), tally.interval())

where `new_game(seat0_setup, seat1_setup, seed)` returns a new game and
`agent_a.make(seed)` an agent (an `AgentSpec` from `zxdeck.agents.parse_agent`
is one). For worker processes on platforms without fork the factories must
be importable (module level) and the calling script needs a main guard.
"""

from zxdeck.sim.backends import InlineBackend, ProcessBackend, RayBackend, make_backend
from zxdeck.sim.core import Contest, GameFailed, Match, Side, play_chunk, play_one
from zxdeck.sim.runner import RunOutcome, Scheduler, run_matches
from zxdeck.sim.seeds import game_seed, pair_seed
from zxdeck.sim.stats import Tally, bradley_terry, wilson

__all__ = [
    "Contest", "GameFailed", "InlineBackend", "Match", "ProcessBackend", "RayBackend",
    "RunOutcome", "Scheduler", "Side", "Tally", "bradley_terry", "game_seed", "make_backend",
    "pair_seed", "play_chunk", "play_one", "run_matches", "wilson",
]
