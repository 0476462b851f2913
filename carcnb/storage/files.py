"""Reading a user's files without waiting or tracing back, and naming files in messages.

``read_text`` looks at what stands at a path before opening it: a FIFO would keep the reader waiting for a
writer that may never come, so anything but a regular file is refused. ``problem`` turns an ``OSError`` into
the line a user reads (``puzzles/x.toml: permission denied``). A file name whose bytes are not UTF-8 is printed
through ``engine.errors.printable``.
"""
from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from carcnb.engine.errors import printable

# errors whose message says more than the system's own words (which are used, lower-case, for the rest:
# "no such file or directory", "permission denied", "file name too long", ...)
WORDS = {
    errno.EISDIR: "is a directory, expected a file",
    errno.ENOTDIR: "not a directory: a file stands where a folder is expected",
    errno.ELOOP: "too many levels of symbolic links (a link that leads back to itself?)",
    errno.EROFS: "read-only file system: choose another place to write",
}
KINDS = ((stat.S_ISDIR, errno.EISDIR, WORDS[errno.EISDIR]),
         (stat.S_ISFIFO, errno.EINVAL, "is a named pipe (FIFO), not a file: name a regular file"),
         (stat.S_ISSOCK, errno.EINVAL, "is a socket, not a file: name a regular file"),
         (stat.S_ISCHR, errno.EINVAL, "is a device, not a file: name a regular file"),
         (stat.S_ISBLK, errno.EINVAL, "is a device, not a file: name a regular file"))


class NotAFileError(OSError):
    """What stands at the path is not a regular file; opening it could wait for ever (a FIFO) or fail."""


def check_regular(path: str | Path) -> None:
    """Raise ``OSError`` unless ``path`` is a regular file (symlinks followed); opens nothing."""
    mode = os.stat(path).st_mode
    for test, code, said in KINDS:
        if test(mode):
            raise (IsADirectoryError if code == errno.EISDIR else NotAFileError)(code, said, str(path))


def read_text(path: str | Path) -> str:
    """The text of a regular file, read as UTF-8 (a byte-order mark, which some editors write first, is not
    part of it). Raises ``OSError`` when it cannot be read (a FIFO is refused before it is opened) and
    ``UnicodeDecodeError`` when it is not UTF-8."""
    check_regular(path)
    with open(path, "rb") as f:
        return f.read().decode("utf-8-sig")


def words(e: OSError) -> str:
    """What went wrong, lower-case, without the file's name."""
    if isinstance(e, NotAFileError):
        return e.strerror
    return WORDS.get(e.errno) or (e.strerror or str(e)).lower()


def problem(e: OSError) -> str:
    """``PATH: what went wrong`` (both paths of a rename), one line."""
    names = [printable(os.fsdecode(n) if isinstance(n, (str, bytes, os.PathLike)) else str(n))
             for n in (e.filename, e.filename2) if n is not None]
    return ": ".join([" -> ".join(names), words(e)] if names else [words(e)])


def files_under(folder: str | Path, suffix: str) -> tuple[list[Path], list[str]]:
    """Every file under ``folder`` whose name ends in ``suffix`` (sub-folders too, symlinked folders not
    followed), sorted; and the folders that could not be read, each as a ``problem`` line, so that a caller
    can report them and go on with the rest."""
    found: list[Path] = []
    unread: list[str] = []
    for top, _, names in os.walk(folder, onerror=lambda e: unread.append(problem(e))):
        found += [Path(top, n) for n in names if n.endswith(suffix)]
    return sorted(found), unread
