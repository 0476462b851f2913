"""Finding the position files a command was given (directories recursively)."""
from __future__ import annotations

import os
import stat
from pathlib import Path

from carcnb.storage.files import check_regular, files_under


def puzzle_files(paths: list[str]) -> tuple[list[Path], list[str]]:
    """The files named and the ``.toml`` files in the folders named, with the sub-folders that could not be
    read (one line each: the command reports them and checks the rest). A named path that cannot be used
    raises ``OSError``, before any work starts."""
    files: list[Path] = []
    unread: list[str] = []
    for name in paths:
        if stat.S_ISDIR(os.stat(name).st_mode):
            with os.scandir(name):  # a folder named that cannot be read stops the command too
                pass
            found, bad = files_under(name, ".toml")
            files += found
            unread += bad
        else:
            check_regular(name)
            with open(name, "rb"):  # readable: a file that is not stops the command here, with its name
                pass
            files.append(Path(name))
    return files, unread
