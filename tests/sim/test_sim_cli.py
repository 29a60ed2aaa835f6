"""`zxdeck sim` and `zxdeck tournament` (INTERFACES.md section 6): output, determinism across
--jobs, resume after a real Ctrl-C, the progress bar, and every kind of bad input."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from zxdeck.cli import main

ROOT = Path(__file__).resolve().parents[2]
DECKS = ROOT / "examples" / "decks"
RED, BLUE, GREEN = (str(DECKS / f"{c}.txt") for c in ("red", "blue", "green"))


def zx(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "zxdeck", *args], capture_output=True, text=True,
                          timeout=300, cwd=kw.pop("cwd", ROOT), **kw)


def no_timing(text: str) -> dict:
    data = json.loads(text)
    data.pop("timing")
    return data


def test_sim_json_has_the_interface_fields_and_does_not_depend_on_jobs() -> None:
    r1 = zx("sim", RED, BLUE, "-n", "40", "--seed", "7", "--jobs", "1", "--format", "json")
    r2 = zx("sim", RED, BLUE, "-n", "40", "--seed", "7", "--jobs", "2", "--format", "json")
    assert r1.returncode == 0 and r2.returncode == 0, r1.stderr + r2.stderr
    assert r1.stderr == "" and r2.stderr == ""  # no progress bar when stderr is not a terminal
    d = json.loads(r1.stdout)
    assert no_timing(r1.stdout) == no_timing(r2.stdout)
    assert d["games"] == 40 and d["seed"] == 7
    assert d["a"]["deck"] == RED and d["b"]["deck"] == BLUE
    assert d["a"]["agent"] == d["b"]["agent"] == "greedy"
    assert d["a"]["wins"] + d["b"]["wins"] + d["draws"] == 40
    assert d["win_rate"] == round((d["a"]["wins"] + d["draws"] / 2) / 40, 4)
    lo, hi = d["interval"]
    assert lo < d["win_rate"] < hi
    assert d["first"]["games"] == 40 and 0 <= d["first"]["wins"] <= 40
    assert d["a"]["first"]["games"] == d["a"]["second"]["games"] == 20  # paired seats
    assert d["manifest"]["zxdeck"] and len(d["manifest"]["catalog_sha256"]) == 64
    assert sum(row[2] for row in d["turns"]["histogram"]) == 40
    assert set(d["timing"]) >= {"seconds", "games_per_second"}
    assert json.loads(r2.stdout)["timing"]["workers"] == 2


def test_sim_table_and_csv() -> None:
    r = zx("sim", RED, BLUE, "-n", "10", "--seed", "1", "--jobs", "1")
    assert r.returncode == 0, r.stderr
    assert "A win rate" in r.stdout and "95 % interval" in r.stdout and "Turns: mean" in r.stdout
    r = zx("sim", RED, BLUE, "-n", "10", "--seed", "1", "--jobs", "1", "--format", "csv")
    rows = r.stdout.splitlines()
    assert rows[0] == "index,seed,a_seat,first,winner,reason,turns,decisions" and len(rows) == 11
    assert [row.split(",")[2] for row in rows[1:5]] == ["1", "2", "1", "2"]


def test_sim_odd_games_are_rounded_up_to_pairs() -> None:
    r = zx("sim", RED, BLUE, "-n", "3", "--jobs", "1", "--format", "json")
    assert r.returncode == 0 and json.loads(r.stdout)["games"] == 4
    assert "playing 4 games, not 3" in r.stderr


def test_sim_precision_stops_early_the_same_way_for_any_jobs() -> None:
    args = ("sim", RED, BLUE, "-n", "2000", "--ai1", "greedy", "--ai2", "random", "--precision",
            "0.06", "--format", "json")
    r1, r2 = zx(*args, "--jobs", "1"), zx(*args, "--jobs", "2")
    d = json.loads(r1.stdout)
    assert r1.returncode == 0 and d["stopped_early"] and d["games"] < 2000 and d["games"] % 2 == 0
    assert (d["interval"][1] - d["interval"][0]) / 2 <= 0.06
    assert no_timing(r1.stdout) == no_timing(r2.stdout)


def _wait_for_lines(path: Path, n: int, proc: subprocess.Popen, limit: float = 120) -> None:
    end = time.monotonic() + limit
    while time.monotonic() < end:
        if path.exists() and path.read_text().count("\n") >= n:
            return
        assert proc.poll() is None, proc.communicate()
        time.sleep(0.02)
    raise AssertionError("no games written")


def test_ctrl_c_stops_cleanly_and_resume_gives_the_same_run(tmp_path) -> None:
    """A real SIGINT to the process group (as Ctrl-C at a terminal) in the middle of a run with
    two workers, then --resume: games.jsonl and the JSON (minus timing) are byte for byte those
    of a run that was never interrupted."""
    out = tmp_path / "run"
    args = ["sim", RED, BLUE, "-n", "600", "--seed", "3", "--format", "json"]
    proc = subprocess.Popen([sys.executable, "-m", "zxdeck", *args, "--jobs", "2", "--out",
                             str(out)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    _wait_for_lines(out / "games.jsonl", 20, proc)
    os.killpg(proc.pid, signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stderr
    assert f"resume with: zxdeck sim --resume {out}" in stderr and "Traceback" not in stderr
    partial = json.loads(stdout)
    lines = (out / "games.jsonl").read_text().splitlines()
    assert not partial["complete"] and 20 <= partial["games"] == len(lines) < 600
    assert [json.loads(x)["index"] for x in lines] == list(range(len(lines)))
    assert not (out / "result.json").exists()

    resumed = zx("sim", "--resume", str(out), "--format", "json", "--jobs", "2")
    assert resumed.returncode == 0, resumed.stderr
    whole = zx(*args, "--jobs", "1", "--out", str(tmp_path / "whole"))
    assert whole.returncode == 0, whole.stderr
    assert (out / "games.jsonl").read_bytes() == (tmp_path / "whole" / "games.jsonl").read_bytes()
    assert no_timing(resumed.stdout) == no_timing(whole.stdout)
    assert json.loads(resumed.stdout)["timing"]["played"] == 600 - len(lines)
    assert (out / "manifest.json").read_bytes() == (tmp_path / "whole" / "manifest.json").read_bytes()
    again = zx("sim", "--resume", str(out), "--format", "json")  # a finished run: just the result
    assert again.returncode == 0 and no_timing(again.stdout) == no_timing(whole.stdout)


def test_progress_bar_on_a_terminal_only() -> None:
    import pty

    master, slave = pty.openpty()
    proc = subprocess.Popen([sys.executable, "-m", "zxdeck", "sim", RED, BLUE, "-n", "300",
                             "--jobs", "1", "--format", "json"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=slave, env={**os.environ, "COLUMNS": "120"})
    os.close(slave)
    stdout, _ = proc.communicate(timeout=300)
    seen = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
    os.close(master)
    text = seen.decode(errors="replace")
    assert proc.returncode == 0 and json.loads(stdout)["games"] == 300
    assert "games" in text and "ETA" in text and "A " in text  # the running win rate


def test_resume_refuses_a_run_that_changed(tmp_path) -> None:
    deck = tmp_path / "mine.txt"
    shutil.copy(RED, deck)
    out = tmp_path / "run"
    r = zx("sim", str(deck), BLUE, "-n", "4", "--jobs", "1", "--out", str(out))
    assert r.returncode == 0, r.stderr
    r = zx("sim", "--resume", str(out), "--seed", "5")
    assert r.returncode == 2 and "seed: was 0, now 5" in r.stderr and "cannot resume" in r.stderr
    text = deck.read_text(encoding="utf-8").replace("Player:", "# Player:", 1)
    deck.write_text(text, encoding="utf-8")
    r = zx("sim", "--resume", str(out), "--allow-illegal")
    assert r.returncode == 2 and "a.cards.player: was \"PR01-001\", now null" in r.stderr
    r = zx("sim", RED, BLUE, "-n", "4", "--out", str(out))
    assert r.returncode == 2 and "already holds a run" in r.stderr
    r = zx("sim", "--resume", str(tmp_path))
    assert r.returncode == 2 and "no manifest.json" in r.stderr


def test_out_and_resume_name_a_file_or_a_missing_folder_in_one_line(tmp_path) -> None:
    """--out or --resume given a file, or --resume a folder that is not there: one line saying
    so (exit 2), not the system's errno text."""
    afile = tmp_path / "notes.txt"
    afile.write_text("x\n", encoding="utf-8")
    cases = [
        (("sim", RED, BLUE, "-n", "2", "--out", str(afile)), "is a file, not a folder (--out"),
        (("sim", "--resume", str(afile)), "is a file, not a folder: --resume takes"),
        (("sim", "--resume", str(tmp_path / "nothing")), "no such folder, so no manifest.json"),
        (("tournament", "--resume", str(afile)), "is a file, not a folder: --resume takes"),
    ]
    for args, message in cases:
        r = _bad(*args)
        assert r.returncode == 2 and message in r.stderr, (args, r.stderr)
        assert "Errno" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    assert afile.read_text(encoding="utf-8") == "x\n"


def test_resume_names_the_game_and_command_of_another_games_run(tmp_path) -> None:
    """A MOZ run resumed without --game moz (and a Z/X run with it): one line naming the command
    that resumes it, not an internal KeyError on a key only Z/X's manifests have."""
    moz = DECKS.parent / "moz"
    mrun, zrun = tmp_path / "moz", tmp_path / "zx"
    r = zx("--game", "moz", "sim", str(moz / "dusk_minus.txt"), str(moz / "shell_dragons.txt"), "-n", "2",
           "--jobs", "1", "--out", str(mrun))
    assert r.returncode == 0, r.stderr
    assert zx("sim", RED, BLUE, "-n", "2", "--jobs", "1", "--out", str(zrun)).returncode == 0
    for args, line in [
        (("sim", "--resume", str(mrun)), f"holds a MOZ sim run: use zxdeck --game moz sim --resume {mrun}"),
        (("tournament", "--resume", str(mrun)), "holds a MOZ sim run: use zxdeck --game moz sim --resume"),
        (("--game", "moz", "sim", "--resume", str(zrun)), f"holds a Z/X sim run: use zxdeck sim --resume {zrun}"),
        (("--game", "moz", "tournament", "--resume", str(mrun)), "holds a MOZ sim run"),
    ]:
        r = _bad(*args)
        assert r.returncode == 2 and line in r.stderr and "internal error" not in r.stderr, (args, r.stderr)


def _bad(*args: str) -> subprocess.CompletedProcess:
    r = zx(*args)
    assert "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 or r.returncode == 1, r.stderr
    return r


def test_bad_input_is_one_line_and_its_exit_status(tmp_path) -> None:
    illegal = str(DECKS / "illegal" / "red_broken.txt")
    r = zx("sim", illegal, BLUE, "-n", "2")
    assert r.returncode == 1 and "main-size" in r.stderr and "--allow-illegal" in r.stderr
    assert "Traceback" not in r.stderr
    cases = [
        (("sim", RED, BLUE, "-n", "0"), "-n/--games must be at least 1, not 0"),
        (("sim", RED, BLUE, "-n", "-4"), "-n/--games must be at least 1, not -4"),
        (("sim", RED, BLUE, "--ai1", "greedyy"), "unknown agent 'greedyy' (did you mean 'greedy'?"),
        (("sim", RED, BLUE, "--ai2", "mcts --budjet 5"), "agent mcts has no setting 'budjet'"),
        (("sim", RED, BLUE, "--ai2", "mcts:lots"), "budget must be an integer, not 'lots'"),
        (("sim", RED, BLUE, "--jobs", "0"), "--jobs must be a number of workers"),
        (("sim", RED, BLUE, "--precision", "2"), "--precision must be between 0 and 0.5"),
        (("sim", RED, "missing.txt"), "missing.txt"),
        (("sim", RED), "give two decks"),
        (("sim", RED, BLUE, "-n", "2", "--out", str(Path(RED) / "sub")), "cannot create the output folder"),
        (("tournament", RED), "at least 2 entrants"),
        (("tournament", str(tmp_path)), "no deck file"),
        (("tournament", "--agents", "random,greedy"), "--agents needs --deck"),
        (("tournament", RED, BLUE, "--plot", "m.pdf"), "--plot writes .png or .svg"),
    ]
    for args, message in cases:
        r = _bad(*args)
        assert r.returncode == 2 and message in r.stderr, (args, r.stderr)
    r = zx("sim", illegal, BLUE, "-n", "2", "--allow-illegal", "--jobs", "1", "--format", "json")
    assert r.returncode == 0 and json.loads(r.stdout)["manifest"]["allow_illegal"] is True


@pytest.mark.parametrize(("module", "args", "message"), [
    ("ray", ["sim", RED, BLUE, "--backend", "ray"], "pip install 'zxdeck[ray]'"),
    ("matplotlib", ["tournament", RED, BLUE, "--plot", "m.png"], "pip install 'zxdeck[plot]'"),
])
def test_missing_extra_says_how_to_install_it(monkeypatch, capsys, module, args, message) -> None:
    monkeypatch.setitem(sys.modules, module, None)  # as if it were not installed
    with pytest.raises(SystemExit) as info:
        main(args)
    assert info.value.code == 2
    assert capsys.readouterr().err == f"zxdeck: error: {message.join(_extra_line(module))}\n"


def _extra_line(module: str) -> tuple[str, str]:
    if module == "ray":
        return ("the ray backend needs Ray: ", "")
    return ("--plot needs matplotlib: ", "")


class _Crashy:
    """An agent that raises in the games of one seed (registered for the test below)."""

    def __init__(self, seed: int, bad: int = 0) -> None:
        from zxdeck.agents.greedy import GreedyAgent

        self.inner, self.bad = GreedyAgent(seed), seed in bad_agent_seeds()

    def choose(self, game):
        if self.bad:
            raise ValueError("crashy agent")
        return self.inner.choose(game)


def bad_agent_seeds() -> set[int]:
    from zxdeck.agents.match import agent_seed
    from zxdeck.sim.seeds import game_seed

    return {agent_seed(game_seed(0, 10), 0), agent_seed(game_seed(0, 10), 1)}


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_crash_names_the_game_and_seed_and_keeps_only_whole_games(tmp_path, capsys, jobs) -> None:
    from zxdeck.agents import AGENTS, register
    from zxdeck.sim.seeds import game_seed

    register("crashy", _Crashy)
    try:
        with pytest.raises(SystemExit) as info:
            main(["sim", RED, BLUE, "-n", "40", "--ai1", "crashy", "--jobs", jobs,
                  "--out", str(tmp_path / "run")])
    finally:
        del AGENTS["crashy"]
    err = capsys.readouterr().err
    seed = game_seed(0, 10)
    assert info.value.code == 2
    assert err.startswith(f"zxdeck: error: game 10 (seed {seed}) failed: ValueError: crashy agent")
    assert f"replay it with: zxdeck play --auto --seed {seed} --first p{(seed & 1) + 1}" in err
    assert err.count("\n") == 1
    lines = (tmp_path / "run" / "games.jsonl").read_text().splitlines()
    assert [json.loads(x)["index"] for x in lines] == list(range(10))


def test_tournament_matrix_ranking_and_jobs(tmp_path) -> None:
    folder = tmp_path / "decks"
    folder.mkdir()
    for deck in (RED, BLUE, GREEN):
        shutil.copy(deck, folder)
    (folder / "notes.md").write_text("not a deck")
    args = ("tournament", str(folder), "-n", "10", "--seed", "2", "--format", "json")
    r1, r2 = zx(*args, "--jobs", "1"), zx(*args, "--jobs", "2")
    assert r1.returncode == 0, r1.stderr
    assert no_timing(r1.stdout) == no_timing(r2.stdout)
    d = json.loads(r1.stdout)
    assert d["entrants"] == ["blue", "green", "red"]
    m, g = d["matrix"], d["games"]
    for i in range(3):
        assert m[i][i] is None and g[i][i] == 0
        for j in range(3):
            if i != j:
                assert g[i][j] == g[j][i] == 10 and m[i][j] + m[j][i] == pytest.approx(1)
    ranking = d["ranking"]
    assert sorted(x["name"] for x in ranking) == d["entrants"]
    assert [x["rating"] for x in ranking] == sorted((x["rating"] for x in ranking), reverse=True)
    for x in ranking:
        assert x["interval"][0] < x["rating"] < x["interval"][1]
    table = zx("tournament", str(folder), "-n", "10", "--seed", "2", "--jobs", "1")
    assert "Win % of row against column" in table.stdout and "Bradley-Terry" in table.stdout
    assert "\x1b[" not in table.stdout  # no colors when stdout is not a terminal
    csv = zx("tournament", str(folder), "-n", "10", "--seed", "2", "--format", "csv").stdout
    assert len(csv.splitlines()) == 1 + 6


def test_agent_ladder_ranks_greedy_above_random() -> None:
    r = zx("tournament", "--agents", "random,greedy", "--deck", RED, "-n", "40", "--format", "json")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout)
    assert d["entrants"] == ["random", "greedy"] and d["ranking"][0]["name"] == "greedy"
    assert d["matrix"][1][0] > 0.8


def test_tournament_plot_png_and_svg(tmp_path) -> None:
    pytest.importorskip("matplotlib")
    png, svg = tmp_path / "m.png", tmp_path / "m.svg"
    for path in (png, svg):
        r = zx("tournament", RED, BLUE, GREEN, "-n", "6", "--plot", str(path), "--format", "json")
        assert r.returncode == 0, r.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    d = json.loads(r.stdout)
    text = svg.read_text()
    for name in d["entrants"]:
        assert name in text
    for row in d["matrix"]:  # every cell's percentage is drawn
        for v in row:
            if v is not None:
                assert f"{100 * v:.0f}%" in text
    from matplotlib.image import imread

    image = imread(png)
    assert image.shape[0] > 200 and image.shape[1] > 200


def test_tournament_resume_continues_across_pairings(tmp_path) -> None:
    """An interrupted tournament's games.jsonl is a prefix of the whole run's: cut it in the
    middle of the second pairing, resume, and get the same file and result."""
    out = tmp_path / "t"
    args = ("tournament", RED, BLUE, GREEN, "-n", "8", "--seed", "5", "--format", "json",
            "--jobs", "1")
    whole = zx(*args, "--out", str(out))
    assert whole.returncode == 0, whole.stderr
    games = out / "games.jsonl"
    full = games.read_bytes()
    lines = full.splitlines(keepends=True)
    assert len(lines) == 24 and json.loads(lines[11])["match"] == "red vs green"
    games.write_bytes(b"".join(lines[:11]) + lines[11][:20])  # and half a line
    (out / "result.json").unlink()
    r = zx("tournament", "--resume", str(out), "--format", "json", "--jobs", "2")
    assert r.returncode == 0, r.stderr
    assert games.read_bytes() == full and no_timing(r.stdout) == no_timing(whole.stdout)
    assert json.loads(r.stdout)["timing"]["played"] == 13
    r = zx("tournament", "--resume", str(out), RED)
    assert r.returncode == 2 and "give no decks" in r.stderr


def test_decks_are_checked_as_play_checks_them_regulation_and_deck_codes(tmp_path) -> None:
    """The same deck loading as `play --auto`: --regulation (v2 allows a dunamis of 10: the red
    deck's 16 are refused, D-16), and a deck code in place of a file (recorded as such; its
    cards come in card-number order, so its digest, which covers the order the engine gets
    the cards in, differs from the file's)."""
    r = zx("sim", RED, BLUE, "-n", "2", "-r", "v2")
    assert r.returncode == 1 and "dunamis" in r.stderr and "Traceback" not in r.stderr
    code = zx("deck", "code", RED).stdout.strip().splitlines()[-1]
    assert code.startswith("zxd1_")
    out = tmp_path / "run"
    by_code = zx("sim", code, BLUE, "-n", "4", "--jobs", "1", "--format", "json", "--out", str(out))
    by_file = zx("sim", RED, BLUE, "-n", "4", "--jobs", "1", "--format", "json")
    assert by_code.returncode == 0, by_code.stderr
    d, f = json.loads(by_code.stdout), json.loads(by_file.stdout)
    assert d["manifest"]["a"]["path"] == code
    assert d["manifest"]["a"]["cards"] == f["manifest"]["a"]["cards"]  # the same cards, but in
    assert d["manifest"]["a"]["digest"] != f["manifest"]["a"]["digest"]  # another order: other games
    resumed = zx("sim", "--resume", str(out), "--format", "json")
    assert resumed.returncode == 0 and no_timing(resumed.stdout) == no_timing(by_code.stdout)
