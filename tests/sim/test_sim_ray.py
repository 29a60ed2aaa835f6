"""`--backend ray`: the same games as the local backend, on a local Ray and on a two-node cluster
(`ray.cluster_utils.Cluster` on this machine). Ray takes seconds to start: marked slow, still
run by plain `pytest` (CI installs the `ray` extra with `test`)."""

from __future__ import annotations

import json
import time

import pytest

ray = pytest.importorskip("ray")

from zxdeck.cli import main  # noqa: E402
from zxdeck.sim import Match, run_matches  # noqa: E402
from zxdeck.sim.backends import InlineBackend, RayBackend  # noqa: E402

pytestmark = pytest.mark.slow


def records(matches, backend):
    out: list[dict] = []
    tallies, outcome = run_matches(matches, backend, on_records=lambda m, r: out.extend(r),
                                   chunk_seconds=0.05)
    assert outcome.status == "complete"
    return out, tallies


def test_local_ray_plays_the_same_games(zx_contest) -> None:
    matches = [Match(zx_contest, 21, 30)]
    local, t_local = records(matches, InlineBackend())
    backend = RayBackend(2)
    remote, t_ray = records(matches, backend)
    assert not ray.is_initialized()  # the Ray it started is shut down
    assert backend.workers == 2 and remote == local and t_ray == t_local


def test_private_ray_even_when_another_ray_runs(zx_contest, monkeypatch) -> None:
    """Without an address the run starts its own Ray of `workers` CPUs; it does not join a Ray
    that happens to run on the machine (here one of 1 CPU)."""
    from ray.cluster_utils import Cluster

    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    other = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    try:
        matches = [Match(zx_contest, 26, 8)]
        backend = RayBackend(2)
        remote, _ = records(matches, backend)
        assert backend.workers == 2 and remote == records(matches, InlineBackend())[0]
    finally:
        if ray.is_initialized():
            ray.shutdown()
        other.shutdown()


def test_two_node_cluster_plays_the_same_games(zx_contest, monkeypatch, capsys) -> None:
    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    try:
        cluster.add_node(num_cpus=1)
        cluster.wait_for_nodes()
        matches = [Match(zx_contest, 22, 24)]
        local, _ = records(matches, InlineBackend())
        backend = RayBackend(None, address=cluster.address)
        remote, _ = records(matches, backend)
        assert backend.workers == 2  # one CPU on each node: both nodes play
        assert remote == local
        # the CLI on the cluster through RAY_ADDRESS, against the local backend
        red, blue = (str(zx_contest.a.name), str(zx_contest.b.name))
        args = ["sim", red, blue, "-n", "20", "--seed", "4", "--format", "json"]
        monkeypatch.setenv("RAY_ADDRESS", cluster.address)
        main([*args, "--backend", "ray", "--jobs", "auto"])
        on_ray = json.loads(capsys.readouterr().out)
        monkeypatch.delenv("RAY_ADDRESS")
        main([*args, "--jobs", "1"])
        on_local = json.loads(capsys.readouterr().out)
        assert on_ray.pop("timing")["backend"] == "ray"
        on_local.pop("timing")
        assert on_ray == on_local
    finally:
        if ray.is_initialized():
            ray.shutdown()
        cluster.shutdown()


# --- the warm pool (ZXDECK_RAY_KEEP_WARM): detached actors that outlive a run


def _pool_pids(digest: str, n: int) -> list[int]:
    from zxdeck.sim.ray_pool import NAMESPACE, pool_name

    actors = [ray.get_actor(pool_name(digest, i), namespace=NAMESPACE) for i in range(n)]
    return [ray.get(a.hello.remote(30.0))[1] for a in actors]


class OneChunkEach(RayBackend):
    """The most chunks any warm worker had at once."""

    most = 0

    def submit(self, chunk):
        handle = super().submit(chunk)
        self.most = max(self.most, *self._load)
        return handle


def test_warm_pool_plays_the_same_games_and_stays_for_the_next_run(zx_contest) -> None:
    from ray.cluster_utils import Cluster

    from zxdeck.sim.ray_pool import code_digest

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 2})
    try:
        matches = [Match(zx_contest, 23, 40)]
        local, t_local = records(matches, InlineBackend())
        first = OneChunkEach(2, address=cluster.address, keep_warm=30)
        remote, t_ray = records(matches, first)
        assert "pool" in first.phases  # played by the pool, not by tasks
        # a warm worker plays its calls one after another: a chunk is only ever sent to an idle
        # one (none waits behind another chunk while the other worker idles)
        assert first.slots == 2 and first.most == 1
        assert remote == local and t_ray == t_local
        assert not ray.is_initialized()  # the driver left; the pool did not
        ray.init(address=cluster.address)
        pids = _pool_pids(code_digest(), 2)
        ray.shutdown()
        # a second run (another driver) finds the same warm processes; early stop works there
        out: list[dict] = []
        _, outcome = run_matches(matches, RayBackend(2, address=cluster.address, keep_warm=30),
                                 on_records=lambda m, r: out.extend(r), precision=0.2,
                                 chunk_seconds=0.05)
        want: list[dict] = []
        run_matches(matches, InlineBackend(), on_records=lambda m, r: want.extend(r),
                    precision=0.2)
        assert outcome.status == "complete" and out == want and len(out) < 40
        ray.init(address=cluster.address)
        assert _pool_pids(code_digest(), 2) == pids
    finally:
        if ray.is_initialized():
            ray.shutdown()
        cluster.shutdown()


def test_warm_pool_ends_after_its_idle_time(zx_contest) -> None:
    from ray.cluster_utils import Cluster

    from zxdeck.sim.ray_pool import NAMESPACE, code_digest, pool_name

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    try:
        backend = RayBackend(1, address=cluster.address, keep_warm=1)
        records([Match(zx_contest, 24, 4)], backend)
        assert "pool" in backend.phases
        ray.init(address=cluster.address)
        name = pool_name(code_digest(), 0)
        for _ in range(120):  # it ends, and gives its CPU back, once idle for a second
            try:
                ray.get_actor(name, namespace=NAMESPACE)
            except ValueError:
                if ray.available_resources().get("CPU") == 1:
                    break
            time.sleep(0.25)
        else:
            raise AssertionError("the idle warm worker did not end")
    finally:
        if ray.is_initialized():
            ray.shutdown()
        cluster.shutdown()


def test_warm_pool_refuses_workers_of_other_code(zx_contest, monkeypatch) -> None:
    """A worker whose install differs from the driver's (here: the driver claims another code
    digest) is refused before any game, with a clear error."""
    from ray.cluster_utils import Cluster

    from zxdeck.errors import ZxError
    from zxdeck.sim import ray_pool

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 1})
    try:
        monkeypatch.setattr(ray_pool, "_DIGEST", "0123456789abcdef")
        backend = RayBackend(1, address=cluster.address, keep_warm=5)
        with pytest.raises(ZxError, match="other zxdeck code"):
            backend.open([Match(zx_contest, 25, 2)])
    finally:
        if ray.is_initialized():
            ray.shutdown()
        cluster.shutdown()


def test_pool_only_for_zxdeck_code(zx_contest) -> None:
    """The code digest covers zxdeck only: matches that refer to other code use plain tasks."""
    from dataclasses import replace

    from zxdeck.sim.ray_pool import pool_eligible

    assert pool_eligible([Match(zx_contest, 1, 2)])
    assert not pool_eligible([Match(replace(zx_contest, new_game=lambda *a: None), 1, 2)])
    assert not pool_eligible([Match(replace(zx_contest, new_game=ForeignGames()), 1, 2)])


class ForeignGames:  # defined outside zxdeck (and not the standard library)
    def __call__(self, *args: object) -> None:
        return None


def test_keep_warm_setting(monkeypatch) -> None:
    from zxdeck.errors import ZxError
    from zxdeck.sim.backends import KEEP_WARM_ENV, keep_warm_setting

    monkeypatch.delenv(KEEP_WARM_ENV, raising=False)
    assert keep_warm_setting() == 0
    monkeypatch.setenv(KEEP_WARM_ENV, "600")
    assert keep_warm_setting() == 600 and RayBackend(2).keep_warm == 600
    for bad in ("soon", "-1", "inf", "nan"):
        with pytest.raises(ZxError, match=KEEP_WARM_ENV):
            keep_warm_setting(bad)


def test_quiet_driver_only_while_connecting_to_a_running_ray(zx_contest, monkeypatch) -> None:
    """A driver connecting to a running Ray turns its own task events and metrics off (Ray reads
    them in ray.init; ray.shutdown waits for their threads), unless the user set them; the process
    keeps its environment; a private Ray is started with the user's environment as it is."""
    import os

    from zxdeck.errors import ZxError
    from zxdeck.sim.backends import QUIET_DRIVER

    seen: list[dict] = []

    def init(**kwargs):
        seen.append({k: os.environ.get(k) for k in QUIET_DRIVER})
        raise ConnectionError("no cluster here")

    monkeypatch.setattr(ray, "init", init)
    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    for k in QUIET_DRIVER:
        monkeypatch.delenv(k, raising=False)
    monkeypatch.setenv("RAY_enable_metrics_collection", "1")  # the user's own choice
    matches = [Match(zx_contest, 1, 2)]
    with pytest.raises(ZxError, match="cannot start or reach Ray"):
        RayBackend(2, address="127.0.0.1:1").open(matches)
    with pytest.raises(ZxError, match="cannot start or reach Ray"):
        RayBackend(2, address=None).open(matches)  # private: nothing changed
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    assert seen == [{"RAY_task_events_report_interval_ms": "0", "RAY_enable_metrics_collection": "1"},
                    {"RAY_task_events_report_interval_ms": None, "RAY_enable_metrics_collection": "1"}]
    events, metrics = QUIET_DRIVER
    assert events not in os.environ and os.environ.get(metrics) == "1"


# --- connecting early: the Ray driver in a child process (ray_link.py)


def test_early_connection(zx_contest) -> None:
    """`connect_early` forks a child that connects to the running Ray while the command reads its
    decks; the backend made for the same setup takes it over and the child plays the chunks (plain
    tasks; the warm pool with an early stop): the same games as locally, the child ends with the
    run; a connection made for another setup is not used (and ends); a child that dies fails the
    run with the games it had. In a fresh process (link_check.py): forking is only safe before
    Ray is imported, which this test process did."""
    import subprocess
    import sys
    from pathlib import Path

    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 2})
    try:
        script = Path(__file__).with_name("link_check.py")
        r = subprocess.run([sys.executable, str(script), cluster.address], capture_output=True,
                           text=True, timeout=300)
        assert r.returncode == 0, r.stderr[-3000:]
        assert r.stdout.split() == ["tasks", "pool", "other", "lost"]
    finally:
        cluster.shutdown()


def test_cli_on_a_running_ray_connects_early_and_plays_the_same_games(zx_contest) -> None:
    """The whole command in a fresh process (where it connects early: Ray not imported yet) on a
    running Ray (RAY_ADDRESS), with and without the warm pool, against --backend local."""
    import os
    import subprocess
    import sys

    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": 2})
    try:
        args = [sys.executable, "-m", "zxdeck", "sim", str(zx_contest.a.name),
                str(zx_contest.b.name), "-n", "30", "--seed", "5", "--format", "json", "--jobs", "2"]
        env = {k: v for k, v in os.environ.items() if k != "ZXDECK_RAY_KEEP_WARM"}
        outs = []
        for extra, more in (([], {}), (["--backend", "ray"], {"RAY_ADDRESS": cluster.address}),
                            (["--backend", "ray"], {"RAY_ADDRESS": cluster.address,
                                                    "ZXDECK_RAY_KEEP_WARM": "5"})):
            r = subprocess.run([*args, *extra], capture_output=True, text=True, timeout=300,
                               env={**env, **more})
            assert r.returncode == 0, r.stderr
            data = json.loads(r.stdout)
            assert data.pop("timing")["backend"] == (extra[1] if extra else "local")
            outs.append(data)
        assert outs[0] == outs[1] == outs[2]
    finally:
        cluster.shutdown()
