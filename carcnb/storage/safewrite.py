"""Writing files so that nothing a user has is lost: one way for every command and widget that writes.

``write_file`` puts the new bytes in a temporary file of a unique name beside the file, then replaces the
file in one rename, so a reader (or a crash) sees the old file or the new one, never half of each, and no
file of the user's is taken for a temporary one. A symlink stays a symlink (the file it points at is
written), a file keeps its permissions, and a read-only file is refused with a message rather than replaced
behind its owner's back. On a full disk the write fails before the rename: the file is as it was, the
temporary one is removed, and the error names the file. ``refuse_overwrite``, ``check_writable`` and
``check_folder`` let a command say no before it starts work (or writes its first file) that would end in a lost
file, a file it cannot replace or a folder it cannot write.
"""
from __future__ import annotations

import os
import secrets
import stat
from collections.abc import Iterable
from pathlib import Path

from carcnb.engine.errors import CarcnbError

_WRITE_BITS = stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH


class ReadOnlyFileError(CarcnbError):
    """The file to write is read-only: its owner made it so, and it is not replaced."""


class ExistingFileError(CarcnbError):
    """A file to write is already there and the command was not told to overwrite it."""


class FolderError(CarcnbError):
    """The folder to write into cannot be used: a file is in the way, or it is not writable."""


def write_file(path: str | Path, data: str | bytes) -> None:
    """Replace ``path``'s content with ``data`` (text is written as UTF-8, newlines as given) in one step."""
    target = Path(os.path.realpath(path))  # through any symlink: the link itself stays as it is
    mode = _writable_mode(path, target)
    data = data.encode("utf-8") if isinstance(data, str) else data
    tmp = None
    try:
        fd, tmp = _temporary(target)
        with os.fdopen(fd, "wb") as out:
            if mode is not None:
                os.fchmod(out.fileno(), mode)
            out.write(data)  # a full disk fails here or in the flush: the file named is still as it was
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, target)
    except BaseException as e:
        if tmp is not None:
            tmp.unlink(missing_ok=True)
        if isinstance(e, OSError) and e.errno is not None and e.filename2 is None:  # ours: name the user's file
            e.filename = str(path)
        raise


def _writable_mode(path: str | Path, target: Path) -> int | None:
    """The permissions of the file ``path`` leads to (None when there is none yet); ``ReadOnlyFileError``
    when it is read-only."""
    try:
        st = target.stat()
    except FileNotFoundError:
        return None
    mode = stat.S_IMODE(st.st_mode)
    if not mode & _WRITE_BITS or not os.access(target, os.W_OK):
        shown = f"{path} (a link to {target})" if Path(path).is_symlink() else f"{path}"
        raise ReadOnlyFileError(f"{shown} is read-only: nothing was written; make it writable "
                                f"(chmod u+w {target}) or write elsewhere")
    return mode


def check_writable(paths: Iterable[str | Path]) -> None:
    """Raise ``ReadOnlyFileError`` when any of ``paths`` that is already there is read-only: a command that
    writes several files checks them all before it writes the first, so that it writes all or none."""
    for path in paths:
        _writable_mode(path, Path(os.path.realpath(path)))


def _temporary(target: Path) -> tuple[int, Path]:
    """A new file of a unique name in ``target``'s folder, opened for writing (the umask sets its mode)."""
    while True:
        tmp = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
        try:
            return os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666), tmp
        except FileExistsError:
            continue


def refuse_overwrite(paths: Iterable[Path]) -> None:
    """Raise ``ExistingFileError`` when any of ``paths`` is already there (a link too, even a broken one)."""
    there = [p for p in paths if os.path.lexists(p)]
    if len(there) == 1:
        raise ExistingFileError(f"{there[0]} is already there: nothing was written; add --force to overwrite "
                                f"it, or choose another folder")
    if there:
        raise ExistingFileError(f"{len(there)} of the files are already there (the first: {there[0]}): nothing "
                                f"was written; add --force to overwrite them, or choose another folder")


def _name_max(folder: Path) -> int:
    """The longest name, in bytes, the file system of ``folder`` allows."""
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (OSError, ValueError):
        return 255


def check_folder(folder: Path) -> None:
    """Raise ``FolderError`` unless files can be written into ``folder``: it is a writable folder, or it can
    be made (its nearest existing parent is a writable folder, and no name to make is too long for it). Nothing
    is created here: a command asks before its work, so that a place it cannot write costs no wait."""
    existing = Path(os.path.abspath(folder))
    to_make: list[str] = []
    while not os.path.lexists(existing) and existing != existing.parent:
        to_make.append(existing.name)
        existing = existing.parent
    os.stat(existing)  # a link that leads back to itself or nowhere: its OSError names it
    longest = max(to_make, key=lambda name: len(os.fsencode(name)), default="")
    size, most = len(os.fsencode(longest)), _name_max(existing)
    if size > most:
        raise FolderError(f"cannot write into {folder}: the name {longest[:16]}… is {size} bytes long, more than "
                          f"the {most} a name may have here: choose a shorter name")
    if not existing.is_dir():
        made = f", so {folder} cannot be made" if existing != Path(os.path.abspath(folder)) else ""
        raise FolderError(f"{existing} is a file, not a folder{made}: choose another folder to write into")
    if not os.access(existing, os.W_OK | os.X_OK):
        raise FolderError(f"{existing} is not writable: choose another folder to write into, or make it "
                          f"writable")
