"""Game records for any game: the header discipline of saves and JSON Lines logs, over the game API.

Every save (`zxdeck-game`) and log (`zxdeck-log`) begins with a header saying who wrote it:

    {"format": "zxdeck-log", "format_version": 2, "game": "moz", "zxdeck": "0.1.0",
     "catalog_sha256": "58b8...", "rules_revision": 1}

and with the fingerprints of the cards of the game (`cards`: card id -> fingerprint). A record
replays (seed + decks + actions, `GameAdapter.replay`) only when `check_header` accepts it: a
newer or older format, another game, another rules revision, or a card of the game that is
missing or changed in the catalog is refused with the reason (`IncompatibleRecord`, exit 2);
what differs harmlessly (another catalog whose cards of this game are the same, another zxdeck
with the same rules revision) comes back as notes. Z/X's own records (zxdeck.engine.replay,
zxdeck.engine.log) follow the same rules, with `check_version` and `card_verdict` of this module.

A log is JSON Lines: the `header` line (`header` and `game`: seed, turn limit, decks, cards),
then one `action` line per move (`player`, `action` as `[kind, a, b]`, its `text`), then
`game_over`. `read_log` gives back the header line and the actions.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from zxdeck import __version__
from zxdeck.errors import EXIT_USAGE, ZxError

SAVE_FORMAT = "zxdeck-game"
LOG_FORMAT = "zxdeck-log"
FORMAT_VERSION = 2  # the version of Z/X's records (zxdeck.engine.replay) too


class IncompatibleRecord(ZxError):
    """A save or log this zxdeck cannot replay faithfully (exit status 2); the message says why."""

    exit_code = EXIT_USAGE


def make_header(kind: str, game: str, rules_revision: int, catalog_digest: str | None) -> dict[str, Any]:
    """The header of a save (`kind` zxdeck-game) or a log (zxdeck-log) of `game` written now."""
    return {"format": kind, "format_version": FORMAT_VERSION, "game": game, "zxdeck": __version__,
            "catalog_sha256": catalog_digest or None, "rules_revision": rules_revision}


def check_header(header: Any, cards: Any, *, game: str, rules_revision: int,
                 fingerprint: Callable[[str], str | None], catalog_digest: str | None,
                 kinds: tuple[str, ...] = (SAVE_FORMAT, LOG_FORMAT)) -> list[str]:
    """Refuse (`IncompatibleRecord`) a record of `game` this zxdeck cannot replay faithfully;
    return notes on harmless differences. `fingerprint(card_id)`: the fingerprint of that card
    in the catalog in use (None when it is not there)."""
    if not isinstance(header, dict) or header.get("format") not in kinds:
        raise IncompatibleRecord("not a zxdeck game record (no header)")
    recorded = header.get("game", "zx")  # Z/X's records predate the key
    if recorded != game:
        raise IncompatibleRecord(f"a record of the game {recorded!r}, not {game!r} "
                                 f"(choose it with --game {recorded})")
    try:
        version = int(header.get("format_version"))
    except (TypeError, ValueError):
        raise IncompatibleRecord("damaged header (format_version)") from None
    by = check_version(header, version, rules_revision)
    if not isinstance(cards, dict) or not cards:
        raise IncompatibleRecord("damaged record: the fingerprints of its cards are missing")
    changed = []
    for cid, fp in cards.items():
        now = fingerprint(cid)
        if now is None:
            raise IncompatibleRecord(f"card {cid} of this game is not in the catalog")
        if now != fp:
            changed.append(cid)
    return card_verdict(header, changed, len(cards), catalog_digest, by, rules_revision)


def check_version(header: dict[str, Any], version: int, rules_revision: int) -> str:
    """Refuse a record written in another format version or under another rules revision;
    return who wrote it ("zxdeck 0.1.0") for the messages that follow. Z/X's records
    (zxdeck.games.zx.engine.replay) use it too."""
    by = f"zxdeck {header.get('zxdeck', '?')}"
    if version > FORMAT_VERSION:
        raise IncompatibleRecord(f"written by {by} in format {version}; this zxdeck "
                                 f"({__version__}) reads format {FORMAT_VERSION} and older: upgrade zxdeck")
    if version < FORMAT_VERSION:
        raise IncompatibleRecord(f"written by {by} in format {version}; this zxdeck reads format "
                                 f"{FORMAT_VERSION}")
    rev = header.get("rules_revision")
    if rev != rules_revision:
        raise IncompatibleRecord(
            f"played by {by} under rules revision {rev}; this zxdeck ({__version__}) plays rules "
            f"revision {rules_revision}, where the same moves make another game")
    return by


def card_verdict(header: dict[str, Any], changed: list[str], count: int,
                 catalog_digest: str | None, by: str, rules_revision: int) -> list[str]:
    """Refuse a record some of whose `count` cards `changed` in the catalog in use (the message
    names the first three and, when the catalog differs from the recorded one, both digests);
    else return the notes on harmless differences (another catalog, another zxdeck)."""
    saved = header.get("catalog_sha256")
    other = bool(saved and catalog_digest and saved != catalog_digest)
    if changed:
        more = f" and {len(changed) - 3} more" if len(changed) > 3 else ""
        where = (f"the catalog (sha256 {catalog_digest[:12]}…) is not the one it was played with "
                 f"(sha256 {saved[:12]}…): " if other and catalog_digest and saved else "")
        raise IncompatibleRecord(f"{where}card{'s' if len(changed) > 1 else ''} "
                                 f"{', '.join(changed[:3])}{more} changed since the game was played")
    notes = []
    if other and saved and catalog_digest:
        notes.append(f"played with another catalog (sha256 {saved[:12]}…, this one "
                     f"{catalog_digest[:12]}…); the {count} cards of this game are unchanged")
    if header.get("zxdeck") != __version__:
        notes.append(f"written by {by}, this is zxdeck {__version__} (same rules revision "
                     f"{rules_revision})")
    return notes


def dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False)


def read_log(path: str | Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The header line and the other lines of a JSON Lines log; ZxError naming the file and line
    for what is not a log."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ZxError(f"{path}: cannot read: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise ZxError(f"{path}: not a zxdeck log (not UTF-8 text)") from None
    lines = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except ValueError:
            raise ZxError(f"{path}: line {n}: not JSON (a zxdeck log has one JSON object a line)") from None
        if not isinstance(rec, dict):
            raise ZxError(f"{path}: line {n}: not a JSON object")
        lines.append(rec)
    if not lines or lines[0].get("event") != "header":
        raise ZxError(f"{path}: not a zxdeck log with a header (written by `play --log`)")
    return lines[0], lines[1:]


def saves_dir() -> Path:
    """Where terminal games are saved: `$ZXDECK_DATA_DIR/saves`, else the user's data folder
    (platformdirs)."""
    import os

    base = os.environ.get("ZXDECK_DATA_DIR")
    if not base:
        import platformdirs

        base = platformdirs.user_data_dir("zxdeck", appauthor=False)
    return Path(base) / "saves"


def new_save_path(stem: str) -> Path:
    """A save file of `saves_dir()` that does not exist yet: STEM-YYYYMMDD-HHMMSS[-N].json (a new
    game never overwrites another game's save)."""
    import datetime as dt

    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    path = saves_dir() / f"{stem}-{stamp}.json"
    n = 2
    while path.exists():
        path = saves_dir() / f"{stem}-{stamp}-{n}.json"
        n += 1
    return path


def write_atomic(path: str | Path, text: str) -> None:
    """Write `text` to `path` through a temporary file and a rename: a crash or Ctrl-C never
    leaves half a file. OSError as it comes."""
    import os

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def check_record_target(path: str | Path, option: str) -> None:
    """Before a game: a one-line ZxError (exit 2) when `path` (of `option`: --save, --log) is a
    folder, is in a folder that is not there, or is a file other than a zxdeck save or log
    (a deck list typed after --save by mistake): a record never writes over another file."""
    target = Path(path)
    if target.is_dir():
        raise ZxError(f"{path}: is a folder, not a file ({option} FILE)")
    if not target.parent.is_dir():
        raise ZxError(f"{path}: no folder {str(target.parent)!r} to write it in ({option})")
    if not target.exists() or target.stat().st_size == 0:
        return
    try:
        with open(target, "rb") as fh:
            head = fh.read(4096).decode("utf-8", errors="replace")
    except OSError as exc:
        raise ZxError(f"{path}: cannot read it to check it ({option}): {exc.strerror}") from None
    if not any(f'"format": "{kind}"' in head for kind in (SAVE_FORMAT, LOG_FORMAT)):
        raise ZxError(f"{path}: exists and is not a zxdeck save or log: {option} never writes "
                      "over another file (choose another name)")


__all__ = ["FORMAT_VERSION", "IncompatibleRecord", "LOG_FORMAT", "SAVE_FORMAT", "check_header",
           "check_record_target", "dumps", "make_header", "new_save_path", "read_log", "saves_dir",
           "write_atomic"]
