"""What the many-games commands of every game share for the deck-building analyses of
`zxdeck.analysis`: the `--card-stats` option, its resume rule and its output.

Click only at module level; `zxdeck.analysis` is imported when a run reports.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from zxdeck.errors import ZxError

F = TypeVar("F", bound=Callable[..., Any])

CARD_STATS_HELP = ("Per card of the deck(s): games in which it was drawn and played, the win rate "
                   "then and when not drawn, with 95 % intervals (docs/ANALYSIS.md)")
CARD_STATS_CSV_HELP = "; with --format csv, one row per card instead of the usual rows."


def card_stats_option(command: F | None = None, *, csv: bool = True) -> Any:
    """`--card-stats` (the parameter `card_stats`); `csv=False` for a command without
    `--format csv`, whose help then does not promise its CSV rows."""
    if command is None:
        return lambda c: card_stats_option(c, csv=csv)
    text = CARD_STATS_HELP + (CARD_STATS_CSV_HELP if csv else ".")
    return click.option("--card-stats", "card_stats", is_flag=True, help=text)(command)


def resumed_card_stats(stored: dict[str, Any], asked: bool, resume_dir: str) -> bool:
    """Whether a resumed run keeps card statistics: those of its manifest; asking for them on a
    run played without is a one-line error (its games have no card record)."""
    had = bool(stored.get("card_stats", False))
    if asked and not had:
        raise ZxError(f"{resume_dir}: the run was played without --card-stats: its games have no "
                      "card record (start a new run with --card-stats)")
    return had


def cards_keep(cards: Any, keep: Callable[[list[dict[str, Any]]], None] | None
               ) -> Callable[[list[dict[str, Any]]], None]:
    """A records sink that feeds `cards` (`zxdeck.analysis.cards.RunCards`), then `keep`."""

    def sink(records: list[dict[str, Any]]) -> None:
        cards.feed(0, records)
        if keep is not None:
            keep(records)

    return sink


def emit_card_stats(decks: list[dict[str, Any]], fmt: str) -> None:
    """Print card statistics (the `card_stats` of a result) as a table or CSV."""
    from zxdeck.analysis.cards import card_stats_csv, render_card_stats

    text = card_stats_csv(decks) if fmt == "csv" else render_card_stats(decks)
    click.echo(text.rstrip("\n"))


def gauntlet_manifest(base: dict[str, Any], deck: Any, field: list[tuple[Any, Any]], games: int,
                      precision: float | None, agent: Any, field_agent: Any,
                      card_stats: bool) -> dict[str, Any]:
    """The manifest of a gauntlet: `base` (the game's run manifest: versions, catalog, seed,
    settings) with the deck under study, the field (each deck with its share) and the agents.
    `deck` is `(name, loaded deck)`; `field`, `(FieldDeck, loaded deck)` pairs."""
    name, loaded = deck
    out = dict(base)
    out.update({
        "games": games, "precision": precision,
        "deck": {"name": name, "deck": loaded.path, **loaded.describe(), "agent": agent.to_json()},
        "field": [{"name": f.name, "deck": d.path, **d.describe(), "share": f.share,
                   "agent": field_agent.to_json()} for f, d in field],
    })
    if card_stats:
        out["card_stats"] = True
    return out


def run_gauntlet(deck: tuple[str, Any], field: list[tuple[Any, Any]], *, agent: Any,
                 field_agent: Any, games: int, seed: int, factory: Any, manifest: dict[str, Any],
                 backend: str, n_jobs: int | None, out_dir: str | None, resume_dir: str | None,
                 stored: dict[str, Any] | None, store: Any, fmt: str, precision: float | None,
                 debug: bool, command: str = "gauntlet", card_events: Any = None,
                 html_path: str | None = None, deck_list: Any = None) -> None:
    """Play a deck against a field (any game: `factory` makes its games) and print the result
    (`zxdeck.analysis.field`); `manifest` is written to --out or compared with the `stored` one
    of --resume. Exit status as `sim`: 0 done, 2 a game failed, 130 interrupted."""
    import json

    from zxdeck.analysis.field import field_matches, gauntlet_csv, gauntlet_result, render_gauntlet
    from zxdeck.cli.runs import TimeoutCount, emit, finish, run_all
    from zxdeck.sim.progress import tournament_description
    from zxdeck.sim.store import open_run

    name, loaded = deck
    opponents = [(f.name, d.setup, field_agent) for f, d in field]
    if len({o[0] for o in opponents}) != len(opponents):
        raise ZxError("two decks of the field have the same name")
    matches = field_matches([(name, loaded.setup, agent)], opponents, seed, games, factory, card_events)
    keep_command(manifest, stored)
    manifest, out = open_run(manifest, stored, store, out_dir, resume_dir)
    cards = None
    if card_events is not None:
        from zxdeck.analysis.cards import RunCards

        cards = RunCards({name: card_events.copies(loaded.setup)},
                         matches={m.key: {"a": name} for m in matches})
        if stored is not None:
            cards.feed(0, out.records())
    late = TimeoutCount(cards_keep(cards, None) if cards is not None else None)
    tallies, outcome, be = run_all(matches, backend, n_jobs, out, stored is not None, precision,
                                   tournament_description, late)
    late.report()
    result = gauntlet_result(name, [f for f, _ in field], tallies, manifest, outcome, be.name,
                             be.workers)
    if cards is not None:
        result["card_stats"] = cards.result()
    if out is not None and outcome.status == "complete":
        out.write_result(result)
    if outcome.status != "failed":
        if html_path:
            lists = ({name: deck_list(loaded.setup), **{f.name: deck_list(d.setup) for f, d in field}}
                     if deck_list else None)
            emit_html(html_path, "gauntlet", result, lists)
        if fmt == "json":
            emit(json.dumps(result, ensure_ascii=False, indent=2))
        elif fmt == "csv" and cards is not None:
            emit_card_stats(result["card_stats"], "csv")
        elif fmt == "csv":
            emit(gauntlet_csv(result))
        else:
            emit(render_gauntlet(result))
            if cards is not None:
                emit_card_stats(result["card_stats"], "table")
    finish(outcome, out_dir or resume_dir, command, None, debug)


def _check_html(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None and not ctx.resilient_parsing:
        from zxdeck.outputs import check_output_file

        check_output_file(value, "the HTML report")
    return value


def html_option(command: F) -> F:
    """`--html FILE` (the parameter `html_path`), checked to be writable before any game."""
    return click.option("--html", "html_path", metavar="FILE.html", callback=_check_html,
                        help="Also write the result as one self-contained HTML page "
                             "(docs/ANALYSIS.md).")(command)


# options that change where a run is kept, how fast or how it is printed, never its games
NOT_THE_GAMES = ("--html", "--out", "--resume", "--jobs", "--backend", "--format")


def reproduce_command(argv: list[str] | None = None) -> str:
    """The command line of this run without the options that do not change its games (--html,
    --out, --resume, --jobs, --backend, --format): the one that plays the same games again, on
    any machine."""
    import shlex
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    out: list[str] = []
    skip = False
    for a in args:
        if skip:
            skip = False
            continue
        if a in NOT_THE_GAMES:
            skip = True
            continue
        if a.startswith(tuple(f"{o}=" for o in NOT_THE_GAMES)):
            continue
        out.append(a)
    return shlex.join(["zxdeck", *out])


def keep_command(manifest: dict[str, Any], stored: dict[str, Any] | None) -> None:
    """Put the command that plays the run's games again in a new run's manifest (`command`), or
    the stored one in a resumed run's (`zxdeck X --resume DIR` does not say what it plays)."""
    if stored is None:
        manifest["command"] = reproduce_command()
    elif "command" in stored:
        manifest["command"] = stored["command"]


def emit_html(path: str | None, kind: str, result: dict[str, Any],
              decks: dict[str, dict[str, int]] | None = None) -> None:
    """Write the HTML page of a result when --html was given."""
    if not path:
        return
    from zxdeck.analysis.html import render_html, write_html

    command = (result.get("manifest") or {}).get("command")
    write_html(path, render_html(kind, result, command if isinstance(command, str) else
                                 reproduce_command(), decks))


def run_optimize(original: Any, legal: list[tuple[str, Any]], illegal: list[dict[str, Any]],
                 field_decks: list[tuple[str, Any, float]], *, agent: Any, field_agent: Any,
                 factory: Any, seed: int, games: int, confidence: float, backend: str,
                 n_jobs: int | None, fmt: str, manifest: dict[str, Any],
                 html_path: str | None = None, deck_lists: dict[str, dict[str, int]] | None = None,
                 out_dir: str | None = None, resume_dir: str | None = None,
                 stored: dict[str, Any] | None = None, store: Any = None,
                 card_events: Any = None, command: str = "optimize") -> None:
    """Race the legal candidates (`(change, setup)`) of a deck against a field (any game:
    `factory` makes its games) and print the ranking (`zxdeck.analysis.optimize`). `manifest` is
    written to --out (`out_dir`) or compared with the `stored` one of --resume (`store`: its
    folder, whose games are taken again instead of played: the same ranking as a run that was
    never stopped). `card_events` (the game adapter's `card_events()`): with card statistics of
    the original and every candidate. Exit status: 0 done, 2 a game failed, 130 interrupted."""
    import json
    import sys

    from zxdeck.analysis.optimize import RoundRunner, race, race_result, render_race
    from zxdeck.cli.runs import EXIT_INTERRUPTED, _release_at_end, emit
    from zxdeck.sim.store import open_run

    if not legal:
        for bad in illegal:
            click.echo(f"zxdeck: left out (illegal): {bad['candidate']}: {'; '.join(bad['errors'])}",
                       err=True)
        raise ZxError("no legal candidate to play")
    if card_events is not None:
        manifest["card_stats"] = True
    keep_command(manifest, stored)
    manifest, out = open_run(manifest, stored, store, out_dir, resume_dir)
    records: list[dict[str, Any]] = []
    if out is not None:
        _release_at_end(out)
        if stored is not None:
            records = list(out.records())
            out.open_for_resume()
    cards = None
    if card_events is not None:
        from zxdeck.analysis.cards import RunCards

        names = ["original", *(t for t, _ in legal)]
        setups = [original, *(s for _, s in legal)]
        cards = RunCards({n: card_events.copies(s) for n, s in zip(names, setups)},
                         matches={f"{n} vs {f}": {"a": n} for n in names for f, _, _ in field_decks})
    runner = RoundRunner(backend, n_jobs, out=out, stored=records,
                         on_records=(lambda recs: cards.feed(0, recs)) if cards is not None else None)
    try:
        res = race(original, legal, field_decks, agent=agent, field_agent=field_agent,
                   factory=factory, seed=seed, games=games, run_round=runner,
                   confidence=confidence, cards=card_events)
    finally:
        if out is not None:
            out.close()
    if res.stopped != "interrupted" and (extra := runner.leftover()) is not None:
        raise ZxError(f"{extra}: a game this race does not play (the folder holds another run)")
    result = race_result(res, field_decks, illegal, manifest, confidence)
    if cards is not None:
        result["card_stats"] = cards.result()
    if out is not None and res.stopped != "interrupted":
        out.write_result(result)
    emit_html(html_path, "optimize", result, deck_lists)
    if fmt == "json":
        emit(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        emit(render_race(result))
        if cards is not None:
            emit_card_stats(result["card_stats"], "table")
    if res.stopped == "interrupted":
        import shlex

        where = out_dir or resume_dir
        hint = (f"; resume with: zxdeck {command} --resume {shlex.quote(where)}" if where
                else " (run with --out DIR to be able to resume)")
        click.echo(f"zxdeck: interrupted after {res.games_played} games{hint}", err=True)
        sys.exit(EXIT_INTERRUPTED)


def optimize_manifest(base: dict[str, Any], original: Any, changes: list[str],
                      legal: list[tuple[str, Any]], field: list[tuple[Any, Any]], games: int,
                      confidence: float, agent: Any, field_agent: Any) -> dict[str, Any]:
    """The manifest of an optimize race: `base` (the game's run manifest) with the deck (a loaded
    deck: `path`, `describe()`), every change as given (`changes`, the illegal ones too: a resumed
    race lists them again), the legal candidates, the field (`(FieldDeck, loaded deck)` pairs,
    each with its share) and the agents. --resume reads the deck, changes and field from it."""
    out = dict(base)
    out.update({
        "games": games, "confidence": confidence,
        "deck": {"deck": original.path, **original.describe(), "agent": agent.to_json()},
        "changes": list(changes),
        "candidates": [t for t, _ in legal],
        "field": [{"name": f.name, "deck": d.path, **d.describe(), "share": f.share,
                   "agent": field_agent.to_json()} for f, d in field],
        "field_agent": field_agent.to_json(),
    })
    return out


def candidate_changes(tries: tuple[str, ...], candidates_file: str | None) -> list[str]:
    """The changes of `--try` and `--candidates FILE`, checked: at least one, no repeats."""
    from zxdeck.analysis.optimize import read_candidates

    changes = list(tries) + (read_candidates(candidates_file) if candidates_file else [])
    if not changes:
        raise ZxError("give candidates: --try \"-2 NAME +2 NAME\" (repeatable) or --candidates FILE")
    if len(set(changes)) != len(changes):
        raise ZxError("the same candidate is given twice: " + next(c for c in changes if changes.count(c) > 1))
    return changes
