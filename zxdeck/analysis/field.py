"""A deck against a field (`zxdeck gauntlet DECK FIELD`), for any game on the game API.

A field is the decks a player expects to meet, each with its share of the field: a folder of
decks (equal shares), one deck file, or a small YAML file::

    decks:
      - deck: blue.txt      # relative to the YAML file's folder
        share: 0.3
      - deck: green.txt
        share: 0.7

Shares are normalized to sum to 1 (a deck without `share` gets an equal part of what the others
leave, or of 1 when none has one). The deck under study plays a paired match against each field
deck, every match on the same master seed: game i against every opponent has the same seed
(common random numbers), so differences between opponents are not luck of the deal.

The expected win rate against the field is the share-weighted mean of the win rates against
each deck. Its interval: each match's Wilson interval gives a standard error (its half-width
over 1.96); the field's standard error is the square root of the share-weighted sum of their
squares (the matches are independent), and the interval is the mean ± 1.96 of it, kept
inside [0, 1].
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zxdeck.csvsafe import writer as csv_writer
from zxdeck.errors import ZxError
from zxdeck.sim.core import Contest, Match, Side
from zxdeck.sim.stats import Z95, Tally, wilson

FIELD_SUFFIXES = (".yaml", ".yml")
MAX_FIELD_BYTES = 1 << 20


@dataclass(frozen=True)
class FieldDeck:
    """One deck of a field: its file, its name in reports, its share (the shares sum to 1)."""

    path: str
    name: str
    share: float


def _error(text: str) -> ZxError:
    return ZxError(text)


def _head(path: Path) -> bytes:
    """The first bytes of a file (enough to tell an empty one); b"x" when it cannot be read (the
    reader that follows says why)."""
    try:
        with path.open("rb") as fh:
            return fh.read(1 << 16)
    except OSError:
        return b"x"


def read_field(field: str) -> list[FieldDeck]:
    """The decks of FIELD: a folder of deck files (equal shares) or a YAML field file."""
    from zxdeck.sim.tournament import DECK_SUFFIXES, deck_files, entrant_names

    path = Path(field)
    if not path.exists():
        raise ZxError(f"{field}: no such file or folder (a field is a folder of decks, a deck file "
                      "or a YAML file naming decks with their share)")
    if path.is_file() and not _head(path).strip():
        raise ZxError(f"{field}: the file is empty (a field is a folder of decks, a deck file or a "
                      "YAML file: `decks:` with `- deck: FILE` and `share: 0.3`)")
    if path.is_dir():
        files = deck_files([field])
        names = entrant_names(files)
        return [FieldDeck(f, n, 1 / len(files)) for f, n in zip(files, names)]
    if path.suffix.lower() not in FIELD_SUFFIXES:
        if path.suffix.lower() in DECK_SUFFIXES:  # one deck file: a field of one deck
            return [FieldDeck(field, path.stem, 1.0)]
        raise ZxError(f"{field}: a field is a folder of decks, a deck file or a YAML file "
                      "(*.yaml) naming decks with their share")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ZxError(f"{field}: cannot read: {exc.strerror or exc}") from None
    if len(data) > MAX_FIELD_BYTES:
        raise ZxError(f"{field}: too large for a field file ({len(data)} bytes)")
    from zxdeck.safeyaml import load_small

    doc = load_small(data, field, _error)
    if doc is None:  # only comments
        raise ZxError(f"{field}: no decks in the file (a field file holds `decks:` with "
                      "`- deck: FILE` and `share: 0.3`)")
    if not isinstance(doc, dict) or "decks" not in doc:  # a deck in YAML: a field of one deck
        return [FieldDeck(field, path.stem, 1.0)]
    rows = doc.get("decks")
    if not isinstance(rows, list) or not rows:
        raise ZxError(f"{field}: expected `decks:`, a list of `- deck: FILE` with `share: 0.3`")
    files: list[str] = []
    shares: list[float | None] = []
    for n, row in enumerate(rows, 1):
        if isinstance(row, str):
            row = {"deck": row}
        if not isinstance(row, dict) or not isinstance(row.get("deck"), str) or not row["deck"]:
            raise ZxError(f"{field}: deck {n}: expected `deck: FILE` (and `share: 0.3`)")
        unknown = sorted(set(row) - {"deck", "share"})
        if unknown:
            raise ZxError(f"{field}: deck {n} ({row['deck']}): unknown key {unknown[0]!r} "
                          "(a field deck has `deck` and `share`)")
        share = row.get("share")
        if share is not None and (isinstance(share, bool) or not isinstance(share, (int, float))
                                  or not math.isfinite(share) or share <= 0):
            raise ZxError(f"{field}: deck {n} ({row['deck']}): share must be a number above 0, "
                          f"not {share!r}")
        deck = Path(row["deck"])
        where = deck if deck.is_absolute() else path.parent / deck
        if not where.is_file():
            raise ZxError(f"{field}: deck {n}: {where}: "
                          + ("is a folder, not a deck file" if where.is_dir() else "deck file not found")
                          + " (a deck's path is relative to the field file's folder)")
        files.append(str(where))
        shares.append(None if share is None else float(share))
    given = sum(s for s in shares if s is not None)
    missing = sum(1 for s in shares if s is None)
    if missing:
        rest = max(0.0, 1.0 - given) if given < 1 else 0.0
        fill = (rest if rest > 0 else (given / (len(shares) - missing) if given else 1.0)) / missing
        shares = [fill if s is None else s for s in shares]
    total = sum(s for s in shares if s is not None)
    names = entrant_names(files)
    return [FieldDeck(f, nm, (s or 0.0) / total) for f, nm, s in zip(files, names, shares)]


def field_matches(decks: Sequence[tuple[str, Any, Any]], field: Sequence[tuple[str, Any, Any]],
                  seed: int, games: int, factory: Any, cards: Any = None) -> list[Match]:
    """A match of every deck under study (`(name, setup, agent)`, side a) against every field
    deck (side b), all on the master seed `seed` (common random numbers), in the order deck by
    deck, opponent by opponent; keys "DECK vs OPPONENT"."""
    out = []
    for name, setup, agent in decks:
        for opp, opp_setup, opp_agent in field:
            contest = Contest(factory, Side(name, setup, agent, getattr(agent, "label", "")),
                              Side(opp, opp_setup, opp_agent, getattr(opp_agent, "label", "")),
                              cards=cards)
            out.append(Match(contest, seed, games, f"{name} vs {opp}"))
    return out


def field_rate(tallies: Sequence[Tally], shares: Sequence[float]) -> tuple[float | None, tuple[float, float] | None]:
    """The expected win rate against a field (share-weighted) and its 95 % interval (see the
    module docstring); (None, None) while a field deck with a share has no game."""
    if any(t.games == 0 for t, s in zip(tallies, shares) if s > 0):
        return None, None
    mean = 0.0
    var = 0.0
    for t, s in zip(tallies, shares):
        if s <= 0:
            continue
        lo, hi = wilson(t.points, t.games)
        mean += s * t.points / t.games
        var += (s * (hi - lo) / (2 * Z95)) ** 2
    half = Z95 * math.sqrt(var)
    return mean, (max(0.0, mean - half), min(1.0, mean + half))


def _r(x: float | None, digits: int = 4) -> float | None:
    return None if x is None else round(x, digits)


def gauntlet_result(deck: str, field: Sequence[FieldDeck], tallies: Sequence[Tally],
                    manifest: dict[str, Any], outcome: Any = None, backend: str = "local",
                    workers: int = 1) -> dict[str, Any]:
    """The JSON object of `zxdeck gauntlet --format json`."""
    from zxdeck.sim.report import timing

    rows = []
    for f, t in zip(field, tallies):
        lo, hi = t.interval()
        rows.append({"deck": f.name, "path": f.path, "share": _r(f.share, 6), "games": t.games,
                     "wins": t.wins["a"], "losses": t.wins["b"], "draws": t.draws,
                     "win_rate": _r(t.win_rate()), "interval": [_r(lo), _r(hi)] if t.games else None})
    rate, iv = field_rate(tallies, [f.share for f in field])
    complete = outcome is None or outcome.status == "complete"
    return {"deck": deck, "field": rows, "win_rate": _r(rate),
            "interval": [_r(iv[0]), _r(iv[1])] if iv else None,
            "games": sum(t.games for t in tallies), "seed": manifest["seed"],
            "games_per_opponent": manifest["games"], "precision": manifest.get("precision"),
            "complete": complete, "manifest": manifest, "timing": timing(outcome, backend, workers)}


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}"


def render_gauntlet(result: dict[str, Any]) -> str:
    from tabulate import tabulate

    k = len(result["field"])
    lines = [f"{result['deck']} against a field of {k} deck{'s' if k != 1 else ''}, "
             f"{result['games_per_opponent']} games each (paired seats, the same seeds for every "
             f"opponent), seed {result['seed']}" + ("" if result["complete"] else ", incomplete")]
    rows = []
    for r in result["field"]:
        iv = r["interval"]
        rows.append([r["deck"], f"{100 * r['share']:.1f}", r["games"], _pct(r["win_rate"]),
                     "-" if iv is None else f"{_pct(iv[0])}-{_pct(iv[1])}"])
    lines.append(tabulate(rows, ["opponent", "share %", "games", "win %", "95 % interval"],
                          tablefmt="simple", disable_numparse=True))
    iv = result["interval"]
    if result["win_rate"] is not None and iv is not None:
        lines.append(f"Expected win rate against the field: {_pct(result['win_rate'])} % "
                     f"(95 % interval {_pct(iv[0])}-{_pct(iv[1])} %)")
    else:
        lines.append("Expected win rate against the field: - (a deck of the field has no game yet)")
    tm = result["timing"]
    rate = f", {tm['games_per_second']} games/s" if tm["games_per_second"] else ""
    lines.append(f"Time: {tm['seconds']:.1f} s for {tm['played']} games{rate} "
                 f"({tm['workers']} worker{'s' if tm['workers'] != 1 else ''}, {tm['backend']})")
    return "\n".join(lines)


def gauntlet_csv(result: dict[str, Any]) -> str:
    """One row per field deck, then the field's row."""
    buf = io.StringIO()
    w = csv_writer(buf, lineterminator="\n")  # names stay text (zxdeck.csvsafe)
    w.writerow(["opponent", "share", "games", "win_rate", "low", "high"])
    for r in result["field"]:
        lo, hi = r["interval"] or ("", "")
        w.writerow([r["deck"], r["share"], r["games"], "" if r["win_rate"] is None else r["win_rate"], lo, hi])
    lo, hi = result["interval"] or ("", "")
    w.writerow(["(field)", 1.0, result["games"], "" if result["win_rate"] is None else result["win_rate"],
                lo, hi])
    return buf.getvalue()


LoadDeck = Callable[[str, str], Any]

__all__ = ["FieldDeck", "field_matches", "field_rate", "gauntlet_csv", "gauntlet_result",
           "read_field", "render_gauntlet"]
