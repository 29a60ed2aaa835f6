"""`zxdeck gauntlet` (and `optimize`) of Z/X: click only, over `zxdeck.analysis` and the shared
runners of zxdeck.cli.analysis (every game's commands are the same).

Exit status: 0 done, 1 an illegal deck (without --allow-illegal), 2 could not run, 130
interrupted (the partial result is printed, with the command that resumes the run when it has
an --out folder).
"""

from __future__ import annotations

from typing import Any

import click

from zxdeck.cli import AppContext, examples_epilog, pass_app
from zxdeck.cli.analysis import card_stats_option, html_option, resumed_card_stats
from zxdeck.cli.app import PlayCommand
from zxdeck.cli.runs import run_options
from zxdeck.errors import ZxError
from zxdeck.games.zx.cli.play_cmds import deck_check_options

GAUNTLET_EPILOG = examples_epilog([
    "zxdeck gauntlet examples/decks/red.txt examples/decks -n 200",
    "zxdeck gauntlet red.txt field.yaml --precision 0.03 --out runs/g   # field.yaml: decks with share",
    "zxdeck gauntlet --resume runs/g",
], "FIELD: a folder of decks (equal shares) or a YAML file: `decks:` with `- deck: FILE` and "
   "`share: 0.3` (docs/ANALYSIS.md). Exit status: 0 done, 1 an illegal deck, 2 could not run or "
   "a game failed, 130 interrupted.")


def _load(app: AppContext, path: str, allow_illegal: bool, label: str, allow_unscripted: bool,
          regulation: str | None) -> Any:
    from zxdeck.games.zx.cli.play_cmds import load_deck_spec
    from zxdeck.games.zx.sim import LoadedDeck

    return LoadedDeck(path, load_deck_spec(app, path, allow_illegal, label, allow_unscripted,
                                           regulation))


@click.command("gauntlet", cls=PlayCommand, epilog=GAUNTLET_EPILOG,
               short_help="One deck against a field of decks: win rate against each and overall.")
@click.argument("deck", required=False, metavar="DECK")
@click.argument("field", required=False, metavar="FIELD")
@click.option("-n", "--games", type=int, default=200, show_default=True,
              help="Games against each deck of the field (in pairs, seats swapped).")
@click.option("--ai", default="greedy", show_default=True, help="The agent of DECK.")
@click.option("--field-ai", default=None, metavar="AGENT", help="The agent of the field's decks (default: --ai).")
@run_options("gauntlet")
@click.option("--format", "fmt", type=click.Choice(["table", "json", "csv"]), default="table",
              show_default=True, help="csv: one row per field deck, then the field.")
@click.option("--turn-limit", type=click.IntRange(1), default=100, show_default=True,
              help="A longer game ends as a draw (W-3).")
@deck_check_options
@click.option("--precision", type=float, default=None, metavar="P",
              help="Stop a match once its 95 % interval's half-width is at most P.")
@card_stats_option
@html_option
@pass_app
@click.pass_context
def gauntlet_cmd(ctx: click.Context, app: AppContext, deck: str | None, field: str | None,
                 games: int, ai: str, field_ai: str | None, seed: int, jobs: str, backend: str,
                 out_dir: str | None, resume_dir: str | None, fmt: str, turn_limit: int,
                 allow_illegal: bool, regulation: str | None, allow_unscripted: bool,
                 precision: float | None, card_stats: bool, html_path: str | None = None) -> None:
    """Play DECK against every deck of FIELD: the win rate against each, and the expected win
    rate against the field (weighted by each deck's share) with its 95 % interval."""
    from pathlib import Path

    from zxdeck.agents import parse_agent
    from zxdeck.analysis.field import FieldDeck, read_field
    from zxdeck.cli.analysis import gauntlet_manifest, run_gauntlet
    from zxdeck.cli.runs import check_common, even_games, given, resume_manifest, resumed_agent
    from zxdeck.games.zx.sim import ZxCardEvents, ZxGames, base_manifest

    n_jobs = check_common(games, precision, backend, jobs)
    stored = store = None
    if resume_dir:
        if deck or field:
            raise ZxError("--resume takes the deck and the field from the run's manifest: give neither")
        store, stored = resume_manifest(resume_dir, out_dir, "gauntlet")
        games = games if given(ctx, "games") else stored["games"]
        seed = seed if given(ctx, "seed") else stored["seed"]
        turn_limit = turn_limit if given(ctx, "turn_limit") else stored["turn_limit"]
        precision = precision if given(ctx, "precision") else stored["precision"]
        allow_illegal = allow_illegal if given(ctx, "allow_illegal") else stored["allow_illegal"]
        allow_unscripted = (allow_unscripted if given(ctx, "allow_unscripted")
                            else stored["allow_unscripted"])
        regulation = regulation if given(ctx, "regulation") else stored["regulation"]
        ai = resumed_agent(ctx, "ai", ai, stored["deck"]["agent"], resume_dir)  # a bot: typed again
        field_ai = resumed_agent(ctx, "field_ai", field_ai or ai, stored["field"][0]["agent"], resume_dir)
        card_stats = resumed_card_stats(stored, card_stats, resume_dir)
        name = stored["deck"]["name"]
        deck_path = stored["deck"]["path"]
        fdecks = [FieldDeck(f["path"], f["name"], f["share"]) for f in stored["field"]]
        shown = {f["name"]: f["deck"] for f in stored["field"]}
    elif not deck or not field:
        raise ZxError("give a deck and a field: zxdeck gauntlet DECK FIELD (or --resume DIR)")
    else:
        games = even_games(games)
        name, deck_path = Path(deck).stem, deck
        fdecks = read_field(field)
        shown = {f.name: f.path for f in fdecks}
    agent = parse_agent(ai)
    opp_agent = parse_agent(field_ai or ai)
    for spec in (agent, opp_agent):
        spec.make(0)  # a bot's program not found: exit 2 before any game
    loaded = _load(app, deck_path, allow_illegal, name, allow_unscripted, regulation)
    if stored is not None:
        loaded = type(loaded)(stored["deck"]["deck"], loaded.spec)
    field_loaded = []
    for f in fdecks:
        d = _load(app, f.path, allow_illegal, f.name, allow_unscripted, regulation)
        field_loaded.append((f, type(d)(shown[f.name], d.spec)))
    base = base_manifest("gauntlet", app.cards_path, seed, turn_limit, allow_illegal, regulation,
                         allow_unscripted)
    manifest = gauntlet_manifest(base, (name, loaded), field_loaded, games, precision, agent,
                                 opp_agent, card_stats)
    run_gauntlet((name, loaded), field_loaded, agent=agent, field_agent=opp_agent, games=games,
                 seed=seed, factory=ZxGames(turn_limit), manifest=manifest, backend=backend,
                 n_jobs=n_jobs, out_dir=out_dir, resume_dir=resume_dir, stored=stored,
                 store=store, fmt=fmt, precision=precision, debug=app.debug,
                 card_events=ZxCardEvents() if card_stats else None, html_path=html_path,
                 deck_list=ZxCardEvents().copies)


OPTIMIZE_EPILOG = examples_epilog([
    "zxdeck optimize examples/decks/red.txt --try \"-2 火の粉払い +2 紅蓮の業火\" --try \"-1 焼却炉の火 +1 紅蓮解放\"",
    "zxdeck optimize red.txt --candidates changes.txt --field field.yaml -n 400 --jobs auto",
], "Each candidate is DECK with a change: -COUNT NAME removes copies, +COUNT NAME adds them "
   "(names or card numbers). The field defaults to DECK itself. The answer is the same for any "
   "--jobs and backend (docs/ANALYSIS.md). Exit status: 0 done, 1 the deck is illegal, 2 could "
   "not run, 130 interrupted.")


@click.command("optimize", cls=PlayCommand, epilog=OPTIMIZE_EPILOG,
               short_help="Which change of a deck is best against a field: raced, ranked, with intervals.")
@click.argument("deck", required=False, metavar="DECK")
@click.option("--try", "tries", multiple=True, metavar="CHANGE",
              help="A candidate: \"-2 NAME +2 NAME\" (repeat for more).")
@click.option("--candidates", "candidates_file", metavar="FILE",
              help="Candidates from a file, one change a line (# comments).")
@click.option("--field", "field", metavar="FIELD",
              help="A folder of decks or a YAML field file with shares (default: DECK itself).")
@click.option("-n", "--games", type=int, default=200, show_default=True,
              help="The most games a candidate plays against each field deck (the budget of the "
                   "last round; earlier rounds play fewer).")
@click.option("--confidence", type=float, default=0.95, show_default=True,
              help="Stop once the leader is ahead of every other candidate with this confidence.")
@click.option("--ai", default="greedy", show_default=True, help="The agent of DECK and its candidates.")
@click.option("--field-ai", default=None, metavar="AGENT", help="The agent of the field's decks (default: --ai).")
@click.option("--seed", type=int, default=0, show_default=True, help="Master seed (the same for every candidate).")
@click.option("--jobs", default="auto", show_default=True, metavar="K|auto",
              help="Worker processes (Ray tasks with --backend ray); auto: one per CPU.")
@click.option("--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="local processes, or Ray (zxdeck[ray]).")
@click.option("--out", "out_dir", metavar="DIR", help="Write manifest.json and games.jsonl here.")
@click.option("--resume", "resume_dir", metavar="DIR",
              help="Finish the interrupted race in DIR (the same ranking as a race never stopped).")
@click.option("--format", "fmt", type=click.Choice(["table", "json"]), default="table", show_default=True)
@click.option("--turn-limit", type=click.IntRange(1), default=100, show_default=True,
              help="A longer game ends as a draw (W-3).")
@deck_check_options
@card_stats_option(csv=False)
@html_option
@pass_app
@click.pass_context
def optimize_cmd(ctx: click.Context, app: AppContext, deck: str | None, tries: tuple[str, ...],
                 candidates_file: str | None, field: str | None, games: int, confidence: float,
                 ai: str, field_ai: str | None, seed: int, jobs: str, backend: str,
                 out_dir: str | None, resume_dir: str | None, fmt: str, turn_limit: int,
                 allow_illegal: bool, regulation: str | None, allow_unscripted: bool,
                 card_stats: bool = False, html_path: str | None = None) -> None:
    """Race changes of DECK against a field: every candidate checked (illegal ones listed and
    left out), all played on the same seeds, the weaker half left out each round; ranked with
    each one's win rate and its difference from DECK with the interval of that difference."""
    from pathlib import Path

    from zxdeck.agents import parse_agent
    from zxdeck.analysis.field import FieldDeck, read_field
    from zxdeck.analysis.optimize import parse_change
    from zxdeck.cli.analysis import candidate_changes, optimize_manifest, run_optimize
    from zxdeck.cli.runs import check_common, even_games, given, resume_manifest, resumed_agent
    from zxdeck.games.zx.deck import read_deck, validate
    from zxdeck.games.zx.deck.variant import changed_deck
    from zxdeck.games.zx.engine.decks import spec_from_deck, unscripted_cards
    from zxdeck.games.zx.sim import ZxCardEvents, ZxGames, base_manifest

    n_jobs = check_common(games, None, backend, jobs)
    stored = store = None
    if resume_dir:
        if deck or tries or candidates_file or field:
            raise ZxError("--resume takes the deck, the candidates and the field from the run's "
                          "manifest: give none of them")
        store, stored = resume_manifest(resume_dir, out_dir, "optimize")
        games = games if given(ctx, "games") else stored["games"]
        seed = seed if given(ctx, "seed") else stored["seed"]
        confidence = confidence if given(ctx, "confidence") else stored["confidence"]
        turn_limit = turn_limit if given(ctx, "turn_limit") else stored["turn_limit"]
        allow_illegal = allow_illegal if given(ctx, "allow_illegal") else stored["allow_illegal"]
        allow_unscripted = (allow_unscripted if given(ctx, "allow_unscripted")
                            else stored["allow_unscripted"])
        regulation = regulation if given(ctx, "regulation") else stored["regulation"]
        ai = resumed_agent(ctx, "ai", ai, stored["deck"]["agent"], resume_dir)
        field_ai = resumed_agent(ctx, "field_ai", field_ai or ai, stored["field"][0]["agent"], resume_dir)
        card_stats = resumed_card_stats(stored, card_stats, resume_dir)
        changes = list(stored["changes"])
        shown, deck_path = stored["deck"]["deck"], stored["deck"]["path"]
        fdecks = [FieldDeck(f["path"], f["name"], f["share"]) for f in stored["field"]]
        field_shown = {f["name"]: f["deck"] for f in stored["field"]}
    elif not deck:
        raise ZxError("give a deck: zxdeck optimize DECK --try \"-2 NAME +2 NAME\" (or --resume DIR)")
    else:
        games = even_games(games)
        changes = candidate_changes(tries, candidates_file)
        shown = deck_path = deck
        fdecks = read_field(field) if field else [FieldDeck(deck, Path(deck).stem, 1.0)]
        field_shown = {f.name: f.path for f in fdecks}
    if not 0.5 <= confidence < 1:
        raise ZxError(f"--confidence must be at least 0.5 and below 1, not {confidence}")
    agent = parse_agent(ai)
    opp_agent = parse_agent(field_ai or ai)
    for spec in (agent, opp_agent):
        spec.make(0)
    original = _load(app, deck_path, allow_illegal, "the", allow_unscripted, regulation)
    original = type(original)(shown, original.spec)
    source = app.card_source()
    parsed = read_deck(deck_path, source)
    legal: list[tuple[str, Any]] = []
    illegal: list[dict[str, Any]] = []
    for text in changes:
        try:
            variant = changed_deck(parsed, parse_change(text), source)
        except ZxError as exc:
            illegal.append({"candidate": text, "errors": [str(exc)]})
            continue
        errors = [f"{p.code}: {p.message}" for p in validate(variant, regulation).errors]
        spec = spec_from_deck(variant, name=Path(shown).name)
        blank = unscripted_cards(spec)
        if blank and not allow_unscripted:
            errors.append("zxdeck cannot run " + ", ".join(f"{c.id} {c.name}" for c in blank[:4]))
        if errors and not allow_illegal:
            illegal.append({"candidate": text, "errors": errors})
        else:
            legal.append((text, spec))
    field_loaded = []
    for f in fdecks:
        d = _load(app, f.path, allow_illegal, f.name, allow_unscripted, regulation)
        field_loaded.append((f, type(d)(field_shown[f.name], d.spec)))
    field_decks = [(f.name, d.spec, f.share) for f, d in field_loaded]
    base = base_manifest("optimize", app.cards_path, seed, turn_limit, allow_illegal,
                         regulation, allow_unscripted)
    manifest = optimize_manifest(base, original, changes, legal, field_loaded, games, confidence,
                                 agent, opp_agent)
    lists = ZxCardEvents().copies
    run_optimize(original.spec, legal, illegal, field_decks, agent=agent, field_agent=opp_agent,
                 factory=ZxGames(turn_limit), seed=seed, games=games, confidence=confidence,
                 backend=backend, n_jobs=n_jobs, fmt=fmt, manifest=manifest, html_path=html_path,
                 deck_lists={f"{Path(shown).stem} (original)": lists(original.spec),
                             **{f"{n} (field)": lists(spec) for n, spec, _ in field_decks}},
                 out_dir=out_dir, resume_dir=resume_dir, stored=stored, store=store,
                 card_events=ZxCardEvents() if card_stats else None)


def register(group: click.Group) -> None:
    """Add this module's commands to `group`."""
    group.add_command(gauntlet_cmd)
    group.add_command(optimize_cmd)
