"""`--backend ray`: the same games as the local backend, on a local Ray and on a two-node cluster
(`ray.cluster_utils.Cluster` on this machine). Ray takes seconds to start: marked slow, still
run by plain `pytest` (CI installs the `ray` extra with `test`)."""

from __future__ import annotations

import json

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
