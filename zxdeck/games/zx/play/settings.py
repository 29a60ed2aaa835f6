"""Settings of the terminal game, kept between games in the user's config folder.

`zxdeck play` reads them at start; the in-game command `set NAME on|off` changes
one and writes the file again (`$ZXDECK_CONFIG_DIR/play.json`, else the
platformdirs user config folder). A missing or damaged file means the defaults.
"""

from __future__ import annotations

import json
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path

# name -> what it does (for `set` without arguments and the help)
DESCRIPTIONS = {
    "confirm_end": "アタックできるゼクスがいるのにターン終了を選んだ時、確認する",
}


@dataclass
class Settings:
    """The settings (see DESCRIPTIONS); every one is on or off."""

    confirm_end: bool = True


def settings_path() -> Path:
    base = os.environ.get("ZXDECK_CONFIG_DIR")
    if not base:
        import platformdirs

        base = platformdirs.user_config_dir("zxdeck", appauthor=False)
    return Path(base) / "play.json"


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, or the defaults (a missing or unreadable file is not an error)."""
    path = path or settings_path()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return Settings()
    known = {f.name for f in fields(Settings)}
    if not isinstance(data, dict):
        return Settings()
    return Settings(**{k: bool(v) for k, v in data.items() if k in known})


def save_settings(settings: Settings, path: Path | None = None) -> str | None:
    """Write the settings; the reason (one line) when they could not be written, else None."""
    path = path or settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(asdict(settings), indent=1) + "\n", encoding="utf-8")
    except OSError as exc:
        return f"{path}: {exc.strerror}"
    return None


__all__ = ["DESCRIPTIONS", "Settings", "load_settings", "save_settings", "settings_path"]
