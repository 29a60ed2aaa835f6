"""The computer players that know Z/X: `greedy`, `heuristic` and its evaluation, and the
difficulty levels of the terminal game (the agent registry is zxdeck.agents)."""
