"""Autosave: every change an editor makes is written to the user's data folder, so that a position being
built survives a lost cell, a closed tab or a restarted kernel.

Each editor writes one file (created at its first change, rewritten at each change); the folder keeps the
20 most recently written. A file is an ordinary position file (``carcnb score FILE`` reads it) whose first
line, a comment, records the editor's mode. Writes are atomic: a file is either the old position or the new
one, never half of each. A restored editor goes on writing its own autosave; an editor opened from any other
file (a puzzle, a position of the user's) never rewrites that file and autosaves apart. The folder is
``platformdirs.user_data_dir("carcnb")/autosave``, or ``$CARCNB_DATA_DIR/autosave`` when that variable is set.
"""
from __future__ import annotations

import fnmatch
import re
import secrets
import stat
import time
from pathlib import Path

from carcnb.engine.errors import CarcnbError
from carcnb.positions.dump import dump
from carcnb.positions.model import Position
from carcnb.positions.parse import load
from carcnb.storage.safewrite import ReadOnlyFileError, write_file
from carcnb.storage.userdata import data_dir
from carcnb.widgets.editor.model import MODES, PLAY, EditorModel

KEPT = 20
_HEADER = "# carcnb editor autosave: mode = {mode}"
_MODE = re.compile(r"^# carcnb editor autosave: mode = (\w+)")
_NAME = "editor-*.toml"


def folder() -> Path:
    """Where autosaves go (not created until the first one is written)."""
    return data_dir() / "autosave"


def saved(directory: Path | None = None) -> list[Path]:
    """The autosave files, the most recently written first. Editors in other kernels write and prune the same
    folder: a file gone between the listing and the look at its time is left out, not an error."""
    directory = directory or folder()
    if not directory.is_dir():
        return []
    found = []
    for p in directory.glob(_NAME):
        try:
            st = p.stat()
        except FileNotFoundError:  # pruned by another editor meanwhile
            continue
        if stat.S_ISREG(st.st_mode):
            found.append((st.st_mtime_ns, p.name, p))
    return [p for _, _, p in sorted(found, reverse=True)]


class Autosave:
    """Writes ``model``'s position after each change that it makes (not on a pointer move or a refusal)."""

    def __init__(self, model: EditorModel, directory: Path | None = None):
        self.model = model
        self.directory = directory or folder()
        self.path: Path | None = None
        self.error: str | None = None
        self._version = model.version
        model.on_change(self._changed)

    def _changed(self) -> None:
        m = self.model
        if m.version == self._version:
            return
        self._version = m.version
        try:
            self.write()
        except (OSError, ReadOnlyFileError) as e:
            if self.error is None:  # said once; the editor goes on working
                m.status += f" (autosave failed: {e}; save to a file to keep this position)"
            self.error = str(e)
        else:
            self.error = None

    def write(self) -> Path:
        """Write the position now; returns the file."""
        if self.path is None:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            self.path = self.directory / f"editor-{stamp}-{secrets.token_hex(3)}.toml"
        self.directory.mkdir(parents=True, exist_ok=True)
        write_file(self.path, _HEADER.format(mode=self.model.mode) + "\n" + dump(self.model.value))
        self._prune()
        return self.path

    def _prune(self) -> None:
        for old in saved(self.directory)[KEPT:]:
            if old != self.path:
                old.unlink(missing_ok=True)


def is_autosave(path: Path, directory: Path | None = None) -> bool:
    """Whether ``path`` is an editor's own autosave (in the autosave folder, with its header line), which a
    restored editor may go on writing, rather than a file of the user's, which it must never rewrite."""
    try:
        in_folder = path.resolve().parent == (directory or folder()).resolve()
        with path.open(encoding="utf-8") as f:
            header = _MODE.match(f.readline())
    except (OSError, UnicodeDecodeError):
        return False
    return in_folder and fnmatch.fnmatch(path.name, _NAME) and header is not None


def read(which: int | str | Path = 0, directory: Path | None = None) -> tuple[Position, str, Path]:
    """An autosave: ``which`` = 0 the latest, 1 the one before, ...; or a file. Returns the position, the
    editor's mode and the file."""
    if isinstance(which, int):
        files = saved(directory)
        if not files:
            raise CarcnbError(f"no autosaved editor in {directory or folder()}: an editor saves itself there "
                              f"at its first change")
        if not 0 <= which < len(files):
            raise CarcnbError(f"autosave {which} does not exist: there are {len(files)} (0 is the latest, "
                              f"{len(files) - 1} the oldest)")
        path = files[which]
    else:
        path = Path(which)
    position = load(path)
    with path.open(encoding="utf-8") as f:
        m = _MODE.match(f.readline())
    mode = m.group(1) if m and m.group(1) in MODES else PLAY
    return position, mode, path
