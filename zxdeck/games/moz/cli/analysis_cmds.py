"""`zxdeck --game moz gauntlet`: a MOZ deck against a field, over `zxdeck.analysis` and the
shared runner of zxdeck.cli.analysis (the same command as Z/X's).

Exit status: 0 done, 2 could not run (a bad option, a deck that cannot be read or breaks a D
rule without --allow-illegal, a game that failed), 130 interrupted.
"""

from __future__ import annotations

from typing import Any

import click

from zxdeck.cli import AppContext, examples_epilog, pass_app
from zxdeck.cli.analysis import card_stats_option, html_option, resumed_card_stats
from zxdeck.cli.runs import run_options
from zxdeck.errors import ZxError

GAUNTLET_EPILOG = examples_epilog([
    "zxdeck --game moz gauntlet examples/moz/shell_dragons.txt examples/moz -n 20",
    "zxdeck --game moz gauntlet A.txt field.yaml --out runs/g   # then --resume runs/g",
], "FIELD: a folder of decks (equal shares) or a YAML file: `decks:` with `- deck: FILE` and "
   "`share: 0.3` (docs/ANALYSIS.md). Exit status: 0 done, 2 could not run or a game failed, "
   "130 interrupted.")


def _user_errors(func):  # noqa: ANN001, ANN202 - the decorator of zxdeck.cli.app
    from zxdeck.cli.app import user_errors as wrap

    return wrap(func)


@click.command("gauntlet", epilog=GAUNTLET_EPILOG,
               short_help="One MOZ deck against a field of decks: win rate against each and overall.")
@click.argument("deck", required=False, metavar="DECK")
@click.argument("field", required=False, metavar="FIELD")
@click.option("-n", "--games", type=int, default=100, show_default=True,
              help="Games against each deck of the field (in pairs, seats swapped).")
@click.option("--ai", default="heuristic", show_default=True, help="The agent of DECK.")
@click.option("--field-ai", default=None, metavar="AGENT", help="The agent of the field's decks (default: --ai).")
@run_options("gauntlet", jobs="1")
@click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]), default="table",
              show_default=True, help="csv: one row per field deck, then the field.")
@click.option("--turn-limit", type=click.IntRange(1), default=400, show_default=True, help="A longer match is a tie (W-3).")
@click.option("--precision", type=float, default=None, metavar="P",
              help="Stop a match once its 95 % interval's half-width is at most P.")
@click.option("--allow-illegal", is_flag=True, help="Play decks that break the deck rules (D).")
@card_stats_option
@html_option
@pass_app
@click.pass_context
@_user_errors
def gauntlet_cmd(ctx: click.Context, app: AppContext, deck: str | None, field: str | None,
                 games: int, ai: str, field_ai: str | None, seed: int, jobs: str, backend: str,
                 out_dir: str | None, resume_dir: str | None, fmt: str, turn_limit: int,
                 precision: float | None, allow_illegal: bool, card_stats: bool,
                 html_path: str | None = None) -> None:
    """Play DECK against every deck of FIELD: the win rate against each, and the expected win
    rate against the field (weighted by each deck's share) with its 95 % interval."""
    from pathlib import Path

    from zxdeck.analysis.field import FieldDeck, read_field
    from zxdeck.cli.analysis import gauntlet_manifest, run_gauntlet
    from zxdeck.cli.runs import check_common, even_games, given, resume_manifest, resumed_agent
    from zxdeck.games import adapter
    from zxdeck.games.moz.agents import AgentFactory
    from zxdeck.games.moz.catalog.loader import open_catalog
    from zxdeck.games.moz.cli.run_cmds import run_manifest

    rules = adapter("moz")
    n_jobs = check_common(games, precision, backend, jobs)
    stored = store = None
    if resume_dir:
        if deck or field:
            raise ZxError("--resume takes the deck and the field from the run's manifest: give neither")
        store, stored = resume_manifest(resume_dir, out_dir, "gauntlet", "moz")
        games = games if given(ctx, "games") else stored["games"]
        seed = seed if given(ctx, "seed") else stored["seed"]
        turn_limit = turn_limit if given(ctx, "turn_limit") else stored["turn_limit"]
        precision = precision if given(ctx, "precision") else stored["precision"]
        allow_illegal = allow_illegal if given(ctx, "allow_illegal") else stored["allow_illegal"]
        ai = resumed_agent(ctx, "ai", ai, stored["deck"]["agent"], resume_dir)  # a bot: typed again
        field_ai = resumed_agent(ctx, "field_ai", field_ai or ai, stored["field"][0]["agent"], resume_dir)
        card_stats = resumed_card_stats(stored, card_stats, resume_dir)
        name, deck_path = stored["deck"]["name"], stored["deck"]["path"]
        fdecks = [FieldDeck(f["path"], f["name"], f["share"]) for f in stored["field"]]
        shown = {f["name"]: f["deck"] for f in stored["field"]}
        shown_deck = stored["deck"]["deck"]
    elif not deck or not field:
        raise ZxError("give a deck and a field: zxdeck --game moz gauntlet DECK FIELD (or --resume DIR)")
    else:
        games = even_games(games)
        name, deck_path, shown_deck = Path(deck).stem, deck, deck
        fdecks = read_field(field)
        shown = {f.name: f.path for f in fdecks}
    agent, opp_agent = AgentFactory(ai), AgentFactory(field_ai or ai)
    catalog = open_catalog(app.cards or None)
    d = rules.load_deck(deck_path, catalog, allow_illegal)
    loaded = type(d)(shown_deck, d.cards)
    field_loaded = []
    for f in fdecks:
        fd = rules.load_deck(f.path, catalog, allow_illegal)
        field_loaded.append((f, type(fd)(shown[f.name], fd.cards)))
    base = run_manifest("gauntlet", catalog, seed, turn_limit, allow_illegal)
    manifest = gauntlet_manifest(base, (name, loaded), field_loaded, games, precision, agent,
                                 opp_agent, card_stats)
    run_gauntlet((name, loaded), field_loaded, agent=agent, field_agent=opp_agent, games=games,
                 seed=seed, factory=rules.factory(turn_limit), manifest=manifest, backend=backend,
                 n_jobs=n_jobs, out_dir=out_dir, resume_dir=resume_dir, stored=stored,
                 store=store, fmt=fmt, precision=precision, debug=app.debug,
                 command="--game moz gauntlet",
                 card_events=rules.card_events() if card_stats else None, html_path=html_path,
                 deck_list=rules.card_events().copies)


OPTIMIZE_EPILOG = examples_epilog([
    "zxdeck --game moz optimize examples/moz/shell_dragons.txt --try \"-1 NAME +1 NAME\" --field examples/moz",
], "Each candidate is DECK with a change: -COUNT NAME removes copies, +COUNT NAME adds them. The "
   "field defaults to DECK itself. The same answer for any --jobs (docs/ANALYSIS.md). Exit status: "
   "0 done, 2 could not run, 130 interrupted.")


@click.command("optimize", epilog=OPTIMIZE_EPILOG,
               short_help="Which change of a MOZ deck is best against a field: raced, ranked.")
@click.argument("deck", required=False, metavar="DECK")
@click.option("--try", "tries", multiple=True, metavar="CHANGE",
              help="A candidate: \"-1 NAME +1 NAME\" (repeat for more).")
@click.option("--candidates", "candidates_file", metavar="FILE",
              help="Candidates from a file, one change a line (# comments).")
@click.option("--field", "field", metavar="FIELD",
              help="A folder of decks, a deck or a YAML field file with shares (default: DECK).")
@click.option("-n", "--games", type=int, default=100, show_default=True,
              help="The most games a candidate plays against each field deck.")
@click.option("--confidence", type=float, default=0.95, show_default=True,
              help="Stop once the leader is ahead of every other candidate with this confidence.")
@click.option("--ai", default="heuristic", show_default=True, help="The agent of DECK and its candidates.")
@click.option("--field-ai", default=None, metavar="AGENT", help="The agent of the field's decks (default: --ai).")
@click.option("--seed", type=int, default=0, show_default=True, help="Master seed (the same for every candidate).")
@click.option("--jobs", default="1", show_default=True, metavar="K|auto", help="Worker processes.")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="local processes, or Ray (zxdeck[ray]).")
@click.option("--out", "out_dir", metavar="DIR", help="Write manifest.json and games.jsonl here.")
@click.option("--resume", "resume_dir", metavar="DIR",
              help="Finish the interrupted race in DIR (the same ranking as a race never stopped).")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
@click.option("--turn-limit", type=click.IntRange(1), default=400, show_default=True, help="A longer match is a tie (W-3).")
@click.option("--allow-illegal", is_flag=True, help="Play decks that break the deck rules (D).")
@card_stats_option(csv=False)
@html_option
@pass_app
@click.pass_context
@_user_errors
def optimize_cmd(ctx: click.Context, app: AppContext, deck: str | None, tries: tuple[str, ...],
                 candidates_file: str | None, field: str | None, games: int, confidence: float,
                 ai: str, field_ai: str | None, seed: int, jobs: str, backend: str,
                 out_dir: str | None, resume_dir: str | None, fmt: str, turn_limit: int,
                 allow_illegal: bool, card_stats: bool = False,
                 html_path: str | None = None) -> None:
    """Race changes of a MOZ deck against a field (the same as Z/X's `optimize`)."""
    from pathlib import Path

    from zxdeck.analysis.field import FieldDeck, read_field
    from zxdeck.analysis.optimize import parse_change
    from zxdeck.cli.analysis import candidate_changes, optimize_manifest, run_optimize
    from zxdeck.cli.runs import check_common, even_games, given, resume_manifest, resumed_agent
    from zxdeck.decks.variant import changed_deck
    from zxdeck.games import adapter
    from zxdeck.games.moz.agents import AgentFactory
    from zxdeck.games.moz.catalog.loader import open_catalog
    from zxdeck.games.moz.catalog.model import Summoner
    from zxdeck.games.moz.cli.run_cmds import run_manifest
    from zxdeck.games.moz.deck.parse import read_deck, validate

    rules = adapter("moz")
    n_jobs = check_common(games, None, backend, jobs)
    stored = store = None
    if resume_dir:
        if deck or tries or candidates_file or field:
            raise ZxError("--resume takes the deck, the candidates and the field from the run's "
                          "manifest: give none of them")
        store, stored = resume_manifest(resume_dir, out_dir, "optimize", "moz")
        games = games if given(ctx, "games") else stored["games"]
        seed = seed if given(ctx, "seed") else stored["seed"]
        confidence = confidence if given(ctx, "confidence") else stored["confidence"]
        turn_limit = turn_limit if given(ctx, "turn_limit") else stored["turn_limit"]
        allow_illegal = allow_illegal if given(ctx, "allow_illegal") else stored["allow_illegal"]
        ai = resumed_agent(ctx, "ai", ai, stored["deck"]["agent"], resume_dir)
        field_ai = resumed_agent(ctx, "field_ai", field_ai or ai, stored["field"][0]["agent"], resume_dir)
        card_stats = resumed_card_stats(stored, card_stats, resume_dir)
        changes = list(stored["changes"])
        shown, deck_path = stored["deck"]["deck"], stored["deck"]["path"]
        fdecks = [FieldDeck(f["path"], f["name"], f["share"]) for f in stored["field"]]
        field_shown = {f["name"]: f["deck"] for f in stored["field"]}
    elif not deck:
        raise ZxError("give a deck: zxdeck --game moz optimize DECK --try \"-1 NAME +1 NAME\" "
                      "(or --resume DIR)")
    else:
        games = even_games(games)
        changes = candidate_changes(tries, candidates_file)
        shown = deck_path = deck
        fdecks = read_field(field) if field else [FieldDeck(deck, Path(deck).stem, 1.0)]
        field_shown = {f.name: f.path for f in fdecks}
    if not 0.5 <= confidence < 1:
        raise ZxError(f"--confidence must be at least 0.5 and below 1, not {confidence}")
    agent, opp_agent = AgentFactory(ai), AgentFactory(field_ai or ai)
    catalog = open_catalog(app.cards or None)
    d = rules.load_deck(deck_path, catalog, allow_illegal)
    original = type(d)(shown, d.cards)
    parsed = read_deck(deck_path, catalog)
    legal: list[tuple[str, Any]] = []
    illegal: list[dict[str, Any]] = []
    for text in changes:
        try:
            variant = changed_deck(parsed, parse_change(text), catalog.find,
                                   lambda card: "summoners" if isinstance(card, Summoner) else "zone",
                                   catalog)
        except ZxError as exc:
            illegal.append({"candidate": text, "errors": [str(exc)]})
            continue
        errors = [f"{p.code}: {p.message}" for p in validate(variant).errors]
        if errors and not allow_illegal:
            illegal.append({"candidate": text, "errors": errors})
        else:
            legal.append((text, tuple(e.card for e in variant.entries if e.card is not None
                                      for _ in range(e.count))))
    field_loaded = []
    for f in fdecks:
        fd = rules.load_deck(f.path, catalog, allow_illegal)
        field_loaded.append((f, type(fd)(field_shown[f.name], fd.cards)))
    field_decks = [(f.name, fd.setup, f.share) for f, fd in field_loaded]
    base = run_manifest("optimize", catalog, seed, turn_limit, allow_illegal)
    manifest = optimize_manifest(base, original, changes, legal, field_loaded, games, confidence,
                                 agent, opp_agent)
    lists = rules.card_events().copies
    run_optimize(original.setup, legal, illegal, field_decks, agent=agent, field_agent=opp_agent,
                 factory=rules.factory(turn_limit), seed=seed, games=games, confidence=confidence,
                 backend=backend, n_jobs=n_jobs, fmt=fmt, manifest=manifest, html_path=html_path,
                 deck_lists={f"{Path(shown).stem} (original)": lists(original.setup),
                             **{f"{n} (field)": lists(st) for n, st, _ in field_decks}},
                 out_dir=out_dir, resume_dir=resume_dir, stored=stored, store=store,
                 card_events=rules.card_events() if card_stats else None,
                 command="--game moz optimize")


def register(group: click.Group) -> None:
    """Add the MOZ gauntlet and optimize commands to `group`."""
    group.add_command(gauntlet_cmd)
    group.add_command(optimize_cmd)
