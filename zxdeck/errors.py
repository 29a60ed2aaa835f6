"""Errors that reach the user as one clear line and a documented exit status."""

from __future__ import annotations

# Exit statuses shared by every command (INTERFACES.md section 3).
EXIT_OK = 0
EXIT_INVALID = 1  # the input was read but is not valid (an illegal deck)
EXIT_USAGE = 2  # the command could not run (missing file, refused catalog, bad query or option)


class ZxError(Exception):
    """An error for the user: a message naming the file, line or card, and an exit status."""

    exit_code: int = EXIT_USAGE

    def __init__(self, message: str, exit_code: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        if exit_code is not None:
            self.exit_code = exit_code

    def __str__(self) -> str:
        return self.message


class CatalogError(ZxError):
    """The card catalog file was refused (INTERFACES.md section 1)."""

    def __init__(self, message: str, problems: list[str] | None = None) -> None:
        import sys

        # A catalog that $ZXDECK_CARDS named (not --cards): the message names the variable, which
        # the user may have set long ago and forgotten (zxdeck.catalog.paths.ENV_PATHS).
        paths = sys.modules.get("zxdeck.catalog.paths")
        from_env = getattr(paths, "ENV_PATHS", ())
        if from_env and "$ZXDECK_CARDS" not in message and any(p in message for p in from_env):
            message = f"$ZXDECK_CARDS: {message}"
        super().__init__(message, EXIT_USAGE)
        self.problems = problems or [message]

    @classmethod
    def refused(cls, problems: list[str], shown: int = 20) -> CatalogError:
        """"catalog refused:" and the first `shown` problems, one a line (`problems` keeps all)."""
        message = "catalog refused:\n  " + "\n  ".join(problems[:shown])
        if len(problems) > shown:
            message += f"\n  ... and {len(problems) - shown} more problems"
        return cls(message, problems)


class QueryError(ZxError):
    """A search query could not be parsed (INTERFACES.md section 4)."""


class DeckFileError(ZxError):
    """A deck file could not be read at all (exit 2)."""
