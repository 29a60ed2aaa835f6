"""Reading a user's data file with a size limit: never `read()` of a stream without end.

`catalog import /dev/zero`, `--cards /dev/zero` or a regulation that is a FIFO fed without end
once read until memory ran out. `read_file(path, limit, what)` opens the file without blocking
(a FIFO with no writer does not hang), refuses what is not a regular file (a device, a pipe, a
socket) and a file over `limit` bytes, and reads in chunks of at most 1 MiB, stopping one byte
past the limit whatever the file's size claims. Problems raise `FileRefused` (an OSError, so the
callers' handling of unreadable files applies) with a one-line `problem`.
"""

from __future__ import annotations

import os
import stat

CHUNK = 1024 * 1024


class FileRefused(OSError):
    """A file that is not read: not a regular file, or larger than the limit."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem
        self.strerror = problem


def size_text(limit: int) -> str:
    """64 MiB, 1 MiB, 512 KiB, 100 bytes."""
    for unit, size in (("MiB", 1024 * 1024), ("KiB", 1024)):
        if limit >= size and limit % size == 0:
            return f"{limit // size} {unit}"
    return f"{limit:,} bytes"


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_fd(fd: int, limit: int, what: str) -> bytes:
    """At most `limit` bytes from an open file, in chunks; `FileRefused` past the limit."""
    parts: list[bytes] = []
    total = 0
    while True:
        chunk = os.read(fd, min(CHUNK, limit + 1 - total))
        if not chunk:
            return b"".join(parts)
        parts.append(chunk)
        total += len(chunk)
        if total > limit:
            raise FileRefused(f"more than {size_text(limit)}; a {what} may be at most {size_text(limit)}")


def open_regular(path: str | os.PathLike[str], what: str) -> tuple[int, os.stat_result]:
    """(a descriptor, its status) of a regular file opened for reading without blocking;
    `FileRefused` for a folder, device, pipe or socket. The caller closes the descriptor."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except IsADirectoryError:
        raise FileRefused(f"is a folder, not a {what} file") from None
    try:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            raise FileRefused(f"is a folder, not a {what} file")
        if not stat.S_ISREG(st.st_mode):
            raise FileRefused(f"is {_kind(st.st_mode)}, not a {what} file; save it to a file first")
    except BaseException:
        os.close(fd)
        raise
    return fd, st


def read_file(path: str | os.PathLike[str], limit: int, what: str) -> tuple[bytes, os.stat_result]:
    """(the bytes of a regular file of at most `limit` bytes, its status after reading)."""
    fd, st = open_regular(path, what)
    try:
        if st.st_size > limit:
            raise FileRefused(f"is {st.st_size:,} bytes; a {what} may be at most {size_text(limit)}")
        data = read_fd(fd, limit, what)
        return data, os.fstat(fd)
    finally:
        os.close(fd)


__all__ = ["CHUNK", "FileRefused", "open_regular", "read_fd", "read_file", "size_text"]
