"""`zxdeck --game moz gauntlet`: a MOZ deck against a field, over `zxdeck.analysis` and the
shared runner of zxdeck.cli.analysis (the same command as Z/X's).

Exit status: 0 done, 2 could not run (a bad option, a deck that cannot be read or breaks a D
rule without --allow-illegal, a game that failed), 130 interrupted.
"""

from __future__ import annotations

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
@click.option("--turn-limit", type=int, default=400, show_default=True, help="A longer match is a tie (W-3).")
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
    from zxdeck.cli.runs import check_common, even_games, given, resume_manifest
    from zxdeck.games import adapter
    from zxdeck.games.moz.agents import AgentFactory
    from zxdeck.games.moz.catalog import open_catalog
    from zxdeck.games.moz.run_cmds import run_manifest

    rules = adapter("moz")
    n_jobs = check_common(games, precision, backend, jobs)
    if turn_limit < 1:
        raise ZxError(f"--turn-limit must be at least 1, not {turn_limit}")
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
        ai = ai if given(ctx, "ai") else stored["deck"]["agent"]["spec"]
        field_ai = field_ai if given(ctx, "field_ai") else stored["field"][0]["agent"]["spec"]
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


def register(group: click.Group) -> None:
    """Add the MOZ gauntlet command to `group`."""
    group.add_command(gauntlet_cmd)
