"""Run by test_sim_ray.py::test_early_connection in a fresh process (Ray not imported yet):
python link_check.py RAY_ADDRESS. Prints the name of each check that passed."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def main(address: str) -> None:
    from zxdeck.agents import parse_agent
    from zxdeck.catalog import load_catalog
    from zxdeck.sim import Match, ray_link, run_matches
    from zxdeck.sim.backends import InlineBackend, RayBackend
    from zxdeck.sim.zx import load_deck, sim_contest

    cat = load_catalog(ROOT / "data" / "cards.yaml")
    red, blue = (load_deck(str(ROOT / "examples" / "decks" / f"{c}.txt"), cat) for c in ("red", "blue"))
    greedy = parse_agent("greedy")
    matches = [Match(sim_contest(red, blue, greedy, greedy, 100), 27, 30)]

    def play(backend, precision=None):
        out: list[dict] = []
        tallies, outcome = run_matches(matches, backend, on_records=lambda m, r: out.extend(r),
                                       precision=precision, chunk_seconds=0.05)
        return out, tallies, outcome

    local, t_local, _ = play(InlineBackend())
    assert ray_link.connect_early(2, address=address, keep_warm=0)
    assert "ray" not in sys.modules  # the child connects; this process never imports Ray
    backend = RayBackend(2, address=address, keep_warm=0)
    link = backend._link
    assert link is not None
    remote, t_ray, outcome = play(backend)
    assert outcome.status == "complete" and remote == local and t_ray == t_local
    assert backend.workers == 2 and "ray.init" in backend.phases
    assert "waiting for the early connection" in backend.phases and "pool" not in backend.phases
    assert not link.proc.is_alive() and "ray" not in sys.modules
    print("tasks")

    want, _, _ = play(InlineBackend(), precision=0.2)
    assert ray_link.connect_early(2, address=address, keep_warm=5)
    backend = RayBackend(2, address=address, keep_warm=5)
    got, _, outcome = play(backend, precision=0.2)
    assert outcome.status == "complete" and got == want and len(got) < 30
    assert "pool" in backend.phases
    print("pool")

    assert ray_link.connect_early(1, address=address, keep_warm=0)
    other = ray_link._EARLY
    backend = RayBackend(2, address=address, keep_warm=0)
    assert backend._link is None and ray_link._EARLY is None and not other.proc.is_alive()
    print("other")

    assert ray_link.connect_early(2, address=address, keep_warm=0)
    backend = RayBackend(2, address=address, keep_warm=0)
    big = [Match(matches[0].contest, 28, 400)]
    sent: list[int] = []
    plain = backend.submit

    def submit(chunk):  # the child dies with the third chunk in flight
        sent.append(plain(chunk))
        if len(sent) == 3:
            backend._link.proc.kill()
        return sent[-1]

    backend.submit = submit
    out: list[dict] = []
    _, outcome = run_matches(big, backend, on_records=lambda m, r: out.extend(r))
    assert outcome.status == "failed", outcome
    assert "the process connected to Ray ended" in outcome.failure.error
    assert outcome.failure.last is not None  # a range of games: those it had
    print("lost")


if __name__ == "__main__":
    main(sys.argv[1])
