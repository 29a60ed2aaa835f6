"""Checks of a path a command writes its result to at the end of a run (`--html`, `--plot`),
made before any game is played: found only after hours of games, the result would be lost."""

from __future__ import annotations

from typing import Any

from zxdeck.errors import ZxError


def check_output_file(path: str, what: str) -> None:
    """Before any game is played: a one-line ZxError when `path` cannot be the file a run writes
    at its end (`what`: "the HTML report", "the plot"): a folder, or in a folder that is not
    there or not writable. Found only after hours of games, the result would be lost."""
    import os
    from pathlib import Path

    target = Path(path)
    folder = target.parent
    if target.is_dir():
        problem = "is a folder, not a file"
    elif not folder.is_dir():
        problem = f"no folder {str(folder)!r} to write it in"
    elif not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        problem = "not writable"
    elif target.is_file() and target.stat().st_size and not _is_kind(target, what):
        kind = "an HTML page" if what == "the HTML report" else "a PNG or SVG image"
        problem = f"it exists and is not {kind}, so it is not written over (choose another name)"
    else:
        return
    raise ZxError(f"{path}: cannot write {what}: {problem} (checked before the games are played)")


def _is_kind(target: Any, what: str) -> bool:
    """Whether the existing file `target` is one zxdeck writes as `what` (so writing over it loses
    nothing that was not zxdeck's): an HTML page, a PNG or SVG image."""
    try:
        with open(target, "rb") as fh:
            head = fh.read(512).lstrip().lower()
    except OSError:
        return False
    if what == "the HTML report":
        return head.startswith((b"<!doctype html", b"<html"))
    return head.startswith((b"\x89png", b"<?xml", b"<svg"))


__all__ = ["check_output_file"]
