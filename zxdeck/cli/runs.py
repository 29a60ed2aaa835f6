"""What the many-games commands of every game share (`sim` and `tournament` of Z/X and of MOZ):
the run options (`run_options`), their checks, the run over a backend with its progress bar, the
stderr line and exit status of a run that did not complete, the note about late external agents
(`TimeoutCount`) and the round robin of any game's entrants (`run_tournament`).

Click only at module level; `zxdeck.sim` is imported when a run starts. Exit status of a run:
0 done, 2 a game failed, 130 interrupted (the partial result is printed, with the command that
resumes the run when it has an --out folder).
"""

from __future__ import annotations

import os
import shlex
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import click

from zxdeck.errors import ZxError

EXIT_INTERRUPTED = 130


F = TypeVar("F", bound=Callable[..., Any])


def run_options(what: str, jobs: str = "auto") -> Callable[[F], F]:
    """The options every many-games command shares (sim and tournament of each game): --seed
    (the master seed of the `what`), --jobs (default `jobs`), --backend, --out, --resume."""
    options = [
        click.option("--seed", type=int, default=0, show_default=True, help=f"Master seed of the {what}."),
        click.option("--jobs", default=jobs, show_default=True, metavar="K|auto",
                     help="Worker processes (Ray tasks with --backend ray); auto: one per CPU."),
        click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
                     help="local processes, or Ray (zxdeck[ray]; a cluster when RAY_ADDRESS is set)."),
        click.option("--out", "out_dir", metavar="DIR", help="Write manifest.json and games.jsonl here."),
        click.option("--resume", "resume_dir", metavar="DIR", help="Finish the interrupted run in DIR."),
    ]

    def apply(command: F) -> F:
        for option in reversed(options):
            command = option(command)
        return command

    return apply


def parse_jobs(text: str) -> int | None:
    if text == "auto":
        return None
    try:
        n = int(text)
    except ValueError:
        n = 0
    if n < 1:
        raise ZxError(f"--jobs must be a number of workers (1 or more) or 'auto', not {text!r}")
    return n


def given(ctx: click.Context, name: str) -> bool:
    from click.core import ParameterSource

    return ctx.get_parameter_source(name) not in (ParameterSource.DEFAULT, None)


def check_common(games: int | None, precision: float | None, backend: str, jobs: str) -> int | None:
    if games is not None and games < 1:
        raise ZxError(f"-n/--games must be at least 1, not {games}")
    if precision is not None and not 0 < precision < 0.5:
        raise ZxError(f"--precision must be between 0 and 0.5 (a half-width), not {precision}")
    n = parse_jobs(jobs)
    if backend == "ray":
        from zxdeck.sim.backends import require_ray
        from zxdeck.sim.ray_link import connect_early

        require_ray()
        connect_early(n)  # a running Ray (RAY_ADDRESS): connect while the decks are read
    return n


def resume_manifest(resume_dir: str, out_dir: str | None, kind: str, game: str | None = None) -> tuple[Any, dict]:
    """The run folder (`zxdeck.sim.store.RunDir`) and manifest that `--resume DIR` continues; a
    `ZxError` for `--out` beside it, or for a run of another kind (`sim`, `tournament`) or game."""
    from zxdeck.sim.store import RunDir

    if out_dir:
        raise ZxError("give --out or --resume, not both (--resume continues in its folder)")
    store = RunDir(resume_dir)
    if store.manifest_path.is_file():
        store.lock()  # one writer per folder: a run going on there is named (exit 2)
        _release_at_end(store)
    stored = store.read_manifest()
    recorded, asked = stored.get("game", "zx"), game or "zx"  # Z/X's manifests predate the key
    if stored.get("kind") != kind or recorded != asked:
        what, command = stored.get("kind"), f"zxdeck {stored.get('kind')} --resume"
        if not isinstance(recorded, str) or not isinstance(what, str):
            raise ZxError(f"{resume_dir}: not a {asked.upper()} {kind} run")
        if recorded != "zx":
            command = f"zxdeck --game {recorded} {what} --resume"
        label = "Z/X" if recorded == "zx" else recorded.upper()
        raise ZxError(f"{resume_dir}: holds a {label} {what} run: use {command} {resume_dir}")
    check_shape(stored, kind, str(store.manifest_path))
    return store, stored


def check_shape(stored: dict[str, Any], kind: str, where: str) -> None:
    """ZxError naming the first key of a run's manifest that `--resume` reads and that is
    missing or of the wrong type (the commands then read it without a second look)."""

    def want(value: Any, kinds: tuple[type, ...], key: str, what: str) -> None:
        ok = isinstance(value, kinds) and not (isinstance(value, bool) and bool not in kinds)
        if ok and isinstance(value, int) and not isinstance(value, bool) and int in kinds:
            ok = 0 <= value < 2**63
        if not ok:
            raise ZxError(f"{where}: not a {kind} run manifest: {key} must be {what}")

    integer, flag = (int,), (bool,)
    for key in ("seed", "games", "turn_limit"):
        want(stored.get(key), integer, key, "a whole number")
    want(stored.get("allow_illegal"), flag, "allow_illegal", "true or false")
    if "allow_unscripted" in stored:
        want(stored.get("allow_unscripted"), flag, "allow_unscripted", "true or false")
    if "regulation" in stored:
        want(stored.get("regulation"), (str,), "regulation", "a name")

    def side(value: Any, key: str, named: str) -> None:
        want(value, (dict,), key, "an object")
        for k in ("deck", "path", named):
            want(value.get(k), (str,), f"{key}.{k}", "text")
        want(value.get("agent"), (dict,), f"{key}.agent", "an object")
        want(value["agent"].get("spec"), (str,), f"{key}.agent.spec", "text")

    def decks(value: Any, key: str) -> None:
        want(value, (list,), key, "a list")
        if not value:
            raise ZxError(f"{where}: not a {kind} run manifest: {key} is empty")
        for i, f in enumerate(value):
            side(f, f"{key}[{i}]", "name")
            want(f.get("share"), (float, int), f"{key}[{i}].share", "a number")

    if kind == "sim":
        want(stored.get("precision"), (float, int, type(None)), "precision", "a number or null")
        side(stored.get("a"), "a", "deck")
        side(stored.get("b"), "b", "deck")
    elif kind == "gauntlet":
        want(stored.get("precision"), (float, int, type(None)), "precision", "a number or null")
        side(stored.get("deck"), "deck", "name")
        decks(stored.get("field"), "field")
    elif kind == "optimize":
        want(stored.get("confidence"), (float, int), "confidence", "a number")
        side(stored.get("deck"), "deck", "deck")
        decks(stored.get("field"), "field")
        changes = stored.get("changes")
        want(changes, (list,), "changes", "a list")
        for i, c in enumerate(changes):
            want(c, (str,), f"changes[{i}]", "text")
    else:
        entrants = stored.get("entrants")
        want(entrants, (list,), "entrants", "a list")
        for i, e in enumerate(entrants):
            side(e, f"entrants[{i}]", "name")


def runs_program(agent: Any) -> bool:
    """Whether a manifest's agent (`{"spec": ...}`) runs a program (`bot:COMMAND`, `bot --cmd
    ...`): such a command line is run only when the person typing the command gives it."""
    from zxdeck.untrusted import PROGRAM_AGENTS, program_agent

    return isinstance(agent, dict) and (agent.get("name") in PROGRAM_AGENTS
                                        or program_agent(agent.get("spec")))


def resumed_agent(ctx: click.Context, option: str, value: str, stored_agent: Any,
                  resume_dir: str) -> str:
    """The agent `--OPTION` (sim's ai1 / ai2) plays on `--resume DIR`: the one given on the
    command line, else the run's, unless that one runs a program (a bot): a command line of a
    file is never run, the run asks for it again (exit 2). The one given must match the run's
    (the manifests are compared before any game). A seat's agent given with `--ai` (every
    seat, `zxdeck.cli.app.seat_agents`) counts as given."""
    if given(ctx, option):
        return value
    if option in ("ai1", "ai2") and ctx.params.get("ai_all") is not None:
        return ctx.params["ai_all"]
    flag = "--" + option.replace("_", "-")
    if not isinstance(stored_agent, dict) or not isinstance(stored_agent.get("spec"), str):
        raise ZxError(f"{os.path.join(resume_dir, 'manifest.json')}: no agent for {flag}")
    spec = stored_agent["spec"]
    if runs_program(stored_agent):
        raise ZxError(f"{resume_dir}: the run's {flag} is a bot, which runs a command: give "
                      f"{flag} {shlex.quote(spec)} again to resume it (a command line is run "
                      "only when you type it)")
    return spec


def resumed_entrant_agents(ctx: click.Context, stored_agents: list[Any], ai: str,
                           agents: str | None, resume_dir: str,
                           parse_one: Callable[[str], Any],
                           parse_many: Callable[[str], list[Any]]) -> list[str]:
    """The agent spec of each entrant of a tournament resumed from `stored_agents` (the
    manifest's): given again with `--agents LIST` (or `--ai SPEC` for a round robin of decks),
    which must then match the run's, or the run's own, unless one runs a program (a bot):
    then the run asks for the option again (exit 2)."""
    specs = [a.get("spec") if isinstance(a, dict) else None for a in stored_agents]
    if any(not isinstance(s, str) for s in specs):
        raise ZxError(f"{os.path.join(resume_dir, 'manifest.json')}: an entrant without an agent")
    one_agent = len(set(specs)) == 1 and len(specs) > 1
    flag = "--ai" if one_agent else "--agents"
    if agents is not None or given(ctx, "ai"):
        if agents is not None:
            typed = [str(getattr(a, "label", a)) for a in parse_many(agents)]
            flag = "--agents"
        else:
            typed = [str(getattr(parse_one(ai), "label", ai))] * len(specs)
            flag = "--ai"
        if [t.strip() for t in typed] != [str(s).strip() for s in specs]:
            raise ZxError(f"{resume_dir}: {flag} does not match the run's agents "
                          f"({', '.join(specs)}); give the run's agents or none")
        return typed
    if any(runs_program(a) for a in stored_agents):
        want = specs[0] if one_agent else ",".join(specs)
        raise ZxError(f"{resume_dir}: the run has a bot, which runs a command: give {flag} "
                      f"{shlex.quote(want)} again to resume it (a command line is run only "
                      "when you type it)")
    return specs


def _release_at_end(store: Any) -> None:
    """Let go of a run folder's lock when the command ends (and at the latest with the process)."""
    ctx = click.get_current_context(silent=True)
    if ctx is not None:
        ctx.call_on_close(store.release)


def even_games(games: int) -> int:
    if games % 2:
        click.echo(f"zxdeck: games come in pairs: playing {games + 1} games, not {games}", err=True)
        return games + 1
    return games


def run_all(matches: list[Any], backend_name: str, jobs: int | None, out: Any, resume: bool,
         precision: float | None, describe: Callable[..., str],
         on_records: Callable[..., None] | None) -> tuple[list[Any], Any, Any]:
    from zxdeck.sim.backends import make_backend
    from zxdeck.sim.progress import ProgressBar
    from zxdeck.sim.runner import run_matches

    if out is not None:
        _release_at_end(out)
    backend = make_backend(backend_name, jobs)
    bar = ProgressBar(describe) if ProgressBar.wanted() else None
    try:
        tallies, outcome = run_matches(matches, backend, out, resume, precision, bar, on_records)
    finally:
        if bar is not None:
            bar.close()
    return tallies, outcome, backend


def finish(outcome: Any, out_dir: str | None, command: str,
            replay: Callable[[Any], str] | None, debug: bool) -> None:
    """The stderr line and exit status of a run that did not complete."""
    if outcome.status == "interrupted":
        where = (f"; resume with: zxdeck {command} --resume {shlex.quote(out_dir)}" if out_dir
                 else " (run with --out DIR to be able to resume)")
        click.echo(f"zxdeck: interrupted after {outcome.played} new games{where}", err=True)
        sys.exit(EXIT_INTERRUPTED)
    if outcome.status == "failed":
        f = outcome.failure
        if debug and f.detail:
            click.echo(f.detail.rstrip("\n"), err=True)
        kept = f"; the games before it are in {os.path.join(out_dir, 'games.jsonl')}" if out_dir else ""
        match = f" of {f.key}" if getattr(f, "key", "") else ""
        if f.last is not None:
            raise ZxError(f"{f.error} while playing one of games {f.index}-{f.last}{match}{kept}")
        again = f"; replay it with: {replay(f)}" if replay is not None else ""
        raise ZxError(f"game {f.index}{match} (seed {f.seed}) failed: {f.error}{kept}{again}")


class TimeoutCount:
    """Counts the answers external agents (`bot:`) did not give in time, from the games'
    records (`timeouts`), and says so on stderr after the run (docs/BOTS.md)."""

    def __init__(self, keep: Callable[[list[dict[str, Any]]], None] | None = None) -> None:
        self.keep = keep
        self.counts: dict[tuple[str, str], list[int]] = {}

    def __call__(self, match: int, records: list[dict[str, Any]]) -> None:
        for r in records:
            for side, n in (r.get("timeouts") or {}).items():
                c = self.counts.setdefault((str(r.get("match", "")), side), [0, 0])
                c[0] += n
                c[1] += 1
        if self.keep is not None:
            self.keep(records)

    def report(self, names: dict[str, str] | None = None) -> None:
        for (match, side), (n, games) in sorted(self.counts.items()):
            if names is not None:
                who = f"the agent of {names[side]}"
            else:  # a tournament: the match "X vs Y", side a is X
                a, _, b = match.partition(" vs ")
                who = f"the agent of {a if side == 'a' else b} (in {match})"
            click.echo(f"zxdeck: note: {who} did not answer in time {n} time"
                       f"{'s' if n != 1 else ''} in {games} game{'s' if games != 1 else ''}: "
                       f"the first legal action was played instead", err=True)


def emit(text: str) -> None:
    click.echo(text.rstrip("\n"))


def run_tournament(entrants: list[Any], *, games: int, seed: int, factory: Any,
                   manifest: dict[str, Any], backend: str, n_jobs: int | None,
                   out_dir: str | None, resume_dir: str | None, stored: dict[str, Any] | None,
                   store: Any, fmt: str, plot_path: str | None, debug: bool,
                   command: str = "tournament", card_events: Any = None,
                   html_path: str | None = None, deck_list: Any = None) -> None:
    """Play a round robin of `entrants` (any game: `factory` makes its games, see
    zxdeck.game_api) and print the result; `manifest` describes the run (written to --out, or
    compared with the `stored` one of --resume). `command` is how the resume hint names it.
    `card_events` (the game adapter's `card_events()`): with card statistics (--card-stats);
    `html_path`: also the HTML page (--html), with the deck lists of `deck_list(setup)`."""
    from zxdeck.sim.progress import tournament_description
    from zxdeck.sim.report import render_tournament, tournament_csv, tournament_result
    from zxdeck.sim.store import open_run
    from zxdeck.sim.tournament import tournament_matches

    pairs, matches = tournament_matches(entrants, seed, games, factory, card_events)
    if card_events is not None:
        manifest["card_stats"] = True
    manifest, out = open_run(manifest, stored, store, out_dir, resume_dir)
    cards = None
    if card_events is not None:
        from zxdeck.analysis.cards import tournament_cards
        from zxdeck.cli.analysis import cards_keep

        cards = tournament_cards([e.name for e in entrants],
                                 [card_events.copies(e.spec) for e in entrants])
        if stored is not None:
            cards.feed(0, out.records())
    late = TimeoutCount(cards_keep(cards, None) if cards is not None else None)
    tallies, outcome, be = run_all(matches, backend, n_jobs, out, stored is not None, None,
                                tournament_description, late)
    late.report()
    result = tournament_result([e.name for e in entrants], pairs, tallies, manifest, outcome,
                               be.name, be.workers)
    if cards is not None:
        result["card_stats"] = cards.result()
    if out is not None and outcome.status == "complete":
        out.write_result(result)
    if outcome.status != "failed":
        if html_path:
            from zxdeck.cli.analysis import emit_html

            lists = {e.name: deck_list(e.spec) for e in entrants} if deck_list else None
            emit_html(html_path, "tournament", result, lists)
        if plot_path:
            from zxdeck.sim.plot import plot_matrix

            plot_matrix(result, plot_path)
        if fmt == "json":
            import json

            emit(json.dumps(result, ensure_ascii=False, indent=2))
        elif fmt == "csv" and cards is not None:
            from zxdeck.cli.analysis import emit_card_stats

            emit_card_stats(result["card_stats"], "csv")
        elif fmt == "csv":
            emit(tournament_csv(result))
        else:
            emit(render_tournament(result, color=use_color()))
            if cards is not None:
                from zxdeck.cli.analysis import emit_card_stats

                emit_card_stats(result["card_stats"], "table")
    finish(outcome, out_dir or resume_dir, command, None, debug)


def use_color() -> bool:
    """Colors when stdout is a terminal and NO_COLOR is not set."""
    if os.environ.get("NO_COLOR"):
        return False
    try:
        return sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False
