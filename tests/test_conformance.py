"""One conformance suite for every game (after OpenSpiel's RandomSimTest and ResampleInfostateTest).

Parametrized over every game of the registry `zxdeck.games.GAMES`: a new game is tested by adding
it there, nothing else. What a game must supply for it is the conformance part of its
`GameAdapter` (zxdeck/game_api.py, `CONFORMANCE_METHODS`; docs/ARCHITECTURE.md).

Over seeded matches between random agents and the game's heuristic, at every decision: legal
actions are non-empty until the end; `clone()` is equal to the original and independent of it;
`observation(p)` is JSON and shows nothing p cannot see (a state that differs only in what p
cannot see, `determinize(p, rng)`, gives p the same observation), and the determinized state is
playable; every player's cards are conserved over all zones. After each match: `replay(seed,
decks, actions)` gives the same state, and so do a save and a log read back; the log alone is
enough to rebuild every zone count (the game's referee); the match ended within the game's turn
limit. The same seed gives the same match in another process. And every command of every game with
its example decks (INTERFACES §3-§7): exit codes, JSON shapes, a missing file, an empty file, a
binary file (one line naming the file, never a traceback); and every command any game has answers
`--help` for a game that has it, or says in one line that it is not available (exit 2).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from zxdeck.game_api import CONFORMANCE_METHODS, check_state
from zxdeck.games import GAMES, adapter
from zxdeck.referee import LogRefereeError
from zxdeck.rng import Rng

REPO = Path(__file__).resolve().parent.parent
KEYS = list(GAMES)


class Kit:
    """A game's adapter, built-in catalog and example decks (loaded once)."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.rules = adapter(key)
        missing = [m for m in CONFORMANCE_METHODS if not callable(getattr(self.rules, m, None))]
        assert not missing, f"{key}: the adapter lacks {missing} (zxdeck.game_api.CONFORMANCE_METHODS)"
        self.catalog = self.rules.open_catalog()
        self.paths = [str(REPO / p) for p in self.rules.example_decks()]
        assert len(self.paths) >= 2, f"{key}: at least two example decks"
        self.setups = [self.rules.load_deck(p, self.catalog).setup for p in self.paths]
        names = self.rules.agent_names()
        self.heuristic = "heuristic" if "heuristic" in names else "greedy"

    def play(self, seed: int, agents: tuple[str, str], decks: tuple[int, int], check: Any = None) -> Any:
        rules = self.rules
        p1, p2 = self.setups[decks[0]], self.setups[decks[1]]
        game = rules.new_game(p1, p2, seed, rules.default_turn_limit)
        players = [rules.parse_agent(agents[0]).make(seed), rules.parse_agent(agents[1]).make(seed + 7)]
        while not game.is_over():
            if check is not None:
                check(game)
            game.apply(players[game.current_player()].choose(game))
        return game, (p1, p2)


_KITS: dict[str, Kit] = {}


@pytest.fixture(params=KEYS)
def kit(request: pytest.FixtureRequest) -> Kit:
    key = request.param
    if key not in _KITS:
        _KITS[key] = Kit(key)
    return _KITS[key]


def _totals(counts: dict[str, dict[str, int]]) -> dict[str, int]:
    return {who: sum(c.values()) for who, c in counts.items()}


class DecisionChecks:
    """The checks made at every decision of a match (RandomSimTest, ResampleInfostateTest)."""

    def __init__(self, kit: Kit, seed: int) -> None:
        self.kit = kit
        self.rng = Rng(seed + 99)
        self.totals: dict[str, int] | None = None
        self.decisions = 0
        self.resampled = 0  # determinized states in which the other player's view changed

    def __call__(self, game: Any) -> None:
        rules = self.kit.rules
        self.decisions += 1
        p = game.current_player()
        assert p in (0, 1)
        legal = game.legal_actions()
        assert legal, f"no legal action at decision {self.decisions}"
        # conservation: every player's cards over every zone
        totals = _totals(rules.zone_counts(game))
        if self.totals is None:
            self.totals = totals
        assert totals == self.totals, (self.decisions, totals, self.totals)
        # clone: equal, and independent
        before = rules.fingerprint(game)
        copy = game.clone()
        assert rules.fingerprint(copy) == before
        copy.apply(legal[-1])
        assert rules.fingerprint(game) == before and len(game.history) + 1 == len(copy.history)
        # observation: JSON; what p cannot see is dealt again -> p's observation is the same
        for viewer in (0, 1):
            seen = game.observation(viewer)
            json.dumps(seen, ensure_ascii=False)
            other = game.determinize(viewer, self.rng)
            assert other.observation(viewer) == seen, f"determinize({viewer}) changed what {viewer} sees"
            assert rules.fingerprint(game) == before  # the original untouched
            if other.observation(1 - viewer) != game.observation(1 - viewer):
                self.resampled += 1
        # the determinized state is a game a search can play on
        again = game.determinize(p, self.rng)
        assert again.current_player() == p and again.legal_actions()
        again.apply(again.legal_actions()[0])


def _matches(kit: Kit) -> list[tuple[int, tuple[str, str], tuple[int, int]]]:
    n = len(kit.setups)
    h = kit.heuristic
    return [(1, ("random", "random"), (0, 1)), (2, (h, "random"), (1 % n, 2 % n)),
            (3, ("random", h), (2 % n, 3 % n))]


def test_every_game_is_in_the_registry_with_the_conformance_part_of_its_adapter(kit: Kit) -> None:
    assert kit.rules.key == kit.key
    game = kit.rules.new_game(kit.setups[0], kit.setups[1], 0, kit.rules.default_turn_limit)
    assert check_state(game) == []


@pytest.mark.parametrize("match", range(3))
def test_random_and_heuristic_matches_keep_the_game_api_at_every_decision(kit: Kit, match: int,
                                                                       tmp_path: Path) -> None:
    seed, agents, decks = _matches(kit)[match]
    checks = DecisionChecks(kit, seed)
    game, setups = kit.play(seed, agents, decks, checks)
    rules = kit.rules
    assert checks.decisions > 10 and checks.resampled > 0  # the checks ran on hidden information
    assert game.is_over() and game.legal_actions() == [] and game.current_player() == -1
    assert game.turn <= rules.default_turn_limit + 1  # ended within the game's limit
    end = rules.fingerprint(game)
    # replay(seed, decks, actions)
    assert rules.fingerprint(rules.replay(setups[0], setups[1], seed, list(game.history),
                                          rules.default_turn_limit)) == end
    # a save and a log, written and read back
    save = tmp_path / "game.json"
    rules.save(game, setups, str(save), kit.catalog)
    assert rules.fingerprint(rules.load(str(save), kit.catalog)) == end
    lines = rules.log_lines(game, setups, kit.catalog)
    log = tmp_path / "game.jsonl"
    log.write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), encoding="utf-8")
    assert rules.fingerprint(rules.read_log(str(log), kit.catalog)) == end
    # the log alone rebuilds every zone count (the game's referee), ending at the final counts
    lines = [json.loads(x) for x in log.read_text(encoding="utf-8").splitlines()]
    ref = rules.referee(lines)
    assert ref.moves > 0 and ref.lines > checks.decisions // 2
    assert lines[-1]["state"] == {k: {z: n for z, n in v.items()} for k, v in rules.zone_counts(game).items()}
    assert _totals(rules.zone_counts(game)) == checks.totals


def test_the_referee_fails_a_log_that_loses_a_card(kit: Kit) -> None:
    """The referee is no check that cannot fail: one move dropped breaks it."""
    game, setups = kit.play(5, ("random", "random"), (0, 1))
    lines = kit.rules.log_lines(game, setups, kit.catalog)
    kit.rules.referee(lines)
    k = next(n for n, x in enumerate(lines) if isinstance(x.get("moves"), list) and x["moves"])
    del lines[k]["moves"]
    with pytest.raises(LogRefereeError):
        kit.rules.referee(lines)


_OTHER_PROCESS = """
import sys
sys.path.insert(0, {tests!r})
from test_conformance import Kit
kit = Kit({key!r})
game, _ = kit.play(4, ("random", kit.heuristic), (0, 1))
print(kit.rules.fingerprint(game), len(game.history))
"""


def test_the_same_seed_gives_the_same_game_in_another_process(kit: Kit) -> None:
    game, _ = kit.play(4, ("random", kit.heuristic), (0, 1))
    env = {**os.environ, "PYTHONHASHSEED": "123"}  # another hash seed: no dependence on set order
    out = subprocess.run([sys.executable, "-c", _OTHER_PROCESS.format(tests=str(REPO / "tests"), key=kit.key)],
                         capture_output=True, text=True, timeout=300, cwd=REPO, env=env)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [kit.rules.fingerprint(game), str(len(game.history))]


# --- every command of every game with its example decks ----------------------------------------


def zxdeck(key: str, *args: str, cwd: Path = REPO) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "zxdeck", "--game", key, *args], capture_output=True,
                          text=True, timeout=300, cwd=cwd)


def _commands(key: str) -> set[str]:
    from zxdeck.games import game_module

    return set(game_module(key).COMMANDS)


def test_the_deck_commands_with_the_example_decks_exit_0_with_their_json_shapes(kit: Kit) -> None:
    """INTERFACES §3 (validate), §5 (play), §6 (sim, tournament) for every game."""
    a, b = kit.paths[0], kit.paths[1]
    have = _commands(kit.key)
    assert {"validate", "play", "sim", "tournament"} <= have
    r = zxdeck(kit.key, "validate", a, "--format", "json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert {"deck", "valid", "counts", "errors", "warnings"} <= set(out) and out["valid"] is True
    r = zxdeck(kit.key, "play", "--auto", "--seed", "1", "--p1", a, "--p2", b)
    assert r.returncode == 0 and r.stdout.strip(), r.stderr
    r = zxdeck(kit.key, "sim", a, b, "-n", "2", "--ai1", "random", "--ai2", "random", "--format", "json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert {"games", "draws", "a", "b", "win_rate", "interval", "first", "seed", "manifest"} <= set(out)
    assert out["games"] == 2 and {"deck", "agent", "wins"} <= set(out["a"])
    r = zxdeck(kit.key, "tournament", a, b, "-n", "2", "--ai", "random", "--format", "json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert {"entrants", "matrix", "games", "ranking"} <= set(out) and len(out["entrants"]) == 2


@pytest.fixture(scope="module")
def bad_files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("bad")
    (d / "empty.txt").write_bytes(b"")
    (d / "binary.txt").write_bytes(bytes(range(256)) * 4)
    return {"missing": d / "missing.txt", "empty": d / "empty.txt", "binary": d / "binary.txt"}


@pytest.mark.parametrize("bad", ["missing", "empty", "binary"])
def test_a_missing_empty_or_binary_deck_is_refused_in_one_line(kit: Kit, bad: str, bad_files: dict) -> None:
    """Bad input: a clear error naming the file, the documented exit status, never a traceback."""
    path = str(bad_files[bad])
    good = kit.paths[0]
    runs = {
        "validate": zxdeck(kit.key, "validate", path, "--format", "json"),
        "play": zxdeck(kit.key, "play", "--auto", "--seed", "1", "--p1", path, "--p2", good),
        "sim": zxdeck(kit.key, "sim", good, path, "-n", "2", "--format", "json"),
    }
    for name, r in runs.items():
        assert "Traceback" not in r.stderr, (name, r.stderr)
        if bad == "empty" and name == "validate":  # a deck read, and invalid (INTERFACES §3)
            assert r.returncode == 1, (name, r.stderr)
            assert json.loads(r.stdout)["valid"] is False
            continue
        if bad == "empty":  # an illegal deck: exit 1 with the deck's report, or 2 in one line
            assert r.returncode in (1, 2) and Path(path).name in r.stderr, (name, r.returncode, r.stderr)
            continue
        assert r.returncode == 2, (name, r.returncode, r.stderr)
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and Path(path).name in lines[0], (name, r.stderr)


def test_every_command_of_every_game_answers_or_says_in_one_line_it_is_not_available(kit: Kit) -> None:
    """Every command any game has: `--help` works for a game that has it; for one that has not,
    one line naming the command and the game, exit 2 (never a traceback)."""
    from click.testing import CliRunner

    from zxdeck.cli import cli

    every = set().union(*(_commands(k) for k in KEYS))
    have = _commands(kit.key)
    for name in sorted(every):
        r = CliRunner().invoke(cli, ["--game", kit.key, name, "--help"])
        assert r.exception is None or isinstance(r.exception, SystemExit), (name, r.exception)
        if name in have:
            assert r.exit_code == 0 and "Usage:" in r.output, (kit.key, name, r.output)
        else:
            lines = r.output.strip().splitlines()
            assert r.exit_code == 2 and len(lines) == 1, (kit.key, name, r.output)
            assert f"`{name}`" in lines[0] and kit.key in lines[0]


def test_every_game_with_a_rules_reference_looks_a_rule_up_and_refuses_an_unknown_id(kit: Kit) -> None:
    """`rules`: the sections (exit 0), a rule by its id, an unknown id in one line (exit 2)."""
    if "rules" not in _commands(kit.key):
        pytest.skip(f"{kit.key} has no rules reference")
    r = zxdeck(kit.key, "rules")
    assert r.returncode == 0 and " rules in " in r.stdout.splitlines()[0], r.stderr
    r = zxdeck(kit.key, "rules", "D-1")
    assert r.returncode == 0 and r.stdout.startswith("D-1  "), r.stderr
    r = zxdeck(kit.key, "rules", "Q-99")
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1 and "no rule 'Q-99'" in lines[0] and "Traceback" not in r.stderr


@pytest.mark.parametrize("bad", ["missing", "empty", "binary"])
def test_stats_and_deck_diff_refuse_a_missing_or_binary_deck_in_one_line(kit: Kit, bad: str,
                                                                       bad_files: dict) -> None:
    """`stats DECK` and `deck diff A B` for every game that has them: a missing or binary file is
    one line naming it (exit 2); an empty file is a deck with no cards (stats warns that it is not
    legal, naming it; diff lists what the other deck adds, exit 1); never a traceback."""
    path, good = str(bad_files[bad]), kit.paths[0]
    runs = {}
    if "stats" in _commands(kit.key):
        runs["stats"] = zxdeck(kit.key, "stats", path)
    if "deck" in _commands(kit.key):
        runs["diff"] = zxdeck(kit.key, "deck", "diff", path, good)
    if not runs:
        pytest.skip(f"{kit.key} has neither stats nor deck")
    for name, r in runs.items():
        assert "Traceback" not in r.stderr, (name, r.stderr)
        if bad == "empty":
            assert r.returncode == (0 if name == "stats" else 1), (name, r.returncode, r.stderr)
            if name == "stats":
                assert Path(path).name in r.stderr and "not a legal deck" in r.stderr, r.stderr
            continue
        lines = r.stderr.strip().splitlines()
        assert r.returncode == 2 and len(lines) == 1 and Path(path).name in lines[0], (name, r.stderr)


def test_every_game_with_regulations_lists_them(kit: Kit) -> None:
    if "regulations" not in _commands(kit.key):
        pytest.skip(f"{kit.key} has no regulations command")
    r = zxdeck(kit.key, "regulations", "--format", "json")
    assert r.returncode == 0, r.stderr
    regs = json.loads(r.stdout)
    assert regs and all({"name", "title", "source"} <= set(reg) for reg in regs)
    r = zxdeck(kit.key, "regulations", "no-such-regulation")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr


@pytest.mark.parametrize("bad", ["missing", "empty", "binary"])
def test_catalog_check_refuses_a_missing_empty_or_binary_file_in_one_line(kit: Kit, bad: str,
                                                                         bad_files: dict) -> None:
    """`catalog check FILE` for every game that has it: exit 2, one line naming the file."""
    if "catalog" not in _commands(kit.key):
        pytest.skip(f"{kit.key} has no catalog command")
    path = str(bad_files[bad])
    for name in (path, path.replace(".txt", ".yaml")):
        if bad != "missing" and name != path:
            Path(name).write_bytes(Path(path).read_bytes())  # the same content as YAML
        r = zxdeck(kit.key, "catalog", "check", name)
        lines = r.stderr.strip().splitlines()
        assert "Traceback" not in r.stderr, r.stderr
        assert r.returncode == 2 and len(lines) == 1 and Path(name).name in lines[0], (name, r.stderr)
