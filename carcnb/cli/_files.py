"""Finding the position files a command was given (directories recursively), and the shape of the commands
that read one position file and may print JSON."""
from __future__ import annotations

import argparse
import os
from collections.abc import Callable
import stat
from pathlib import Path

from carcnb.engine.errors import CarcnbError
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


def files_to_work_on(paths: list[str]) -> tuple[list[Path], int]:
    """The files ``check`` and ``grade`` go through, each folder that could not be read reported as a failure
    (``FAIL folder: why``) before the work starts; with how many such failures there were. Nothing to work on
    at all is bad input."""
    files, unread = puzzle_files(paths)
    if not files and not unread:
        raise CarcnbError(f"no .toml files under {' '.join(paths)}")
    for folder in unread:
        print(f"FAIL {folder}", flush=True)
    return files, len(unread)


def output_folder(text: str) -> str:
    """An argparse type: the folder a command writes into. An empty name is refused: it would write into the
    current folder without anyone having said so."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty name: name the folder to write into ('.' for the current one)")
    return text


def output_file(text: str) -> str:
    """An argparse type: the file a command writes, never an empty name."""
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty name: name the file to write")
    return text


def file_command(sub, name: str, help: str, run: Callable[[argparse.Namespace], int]) -> argparse.ArgumentParser:
    """``carcnb NAME FILE [--json]``: the parser of a command that answers about one position file."""
    p = sub.add_parser(name, help=help)
    p.add_argument("file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=run)
    return p
