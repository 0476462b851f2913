"""The editor's files: the title that Save and Post write, saving and loading a position file, and writing a
forum post that answers the editor's question (``asking``). A failure leaves the editor (and any file already
there) as it was, and the status says why; a post already there is written over only when the user says so.

A part of ``EditorModel`` (a mixin) kept apart so the model reads as its state and what it shows; it works
on the model's own attributes, named below.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from carcnb.engine.errors import CarcnbError, IllegalPositionError, printable
from carcnb.positions.dump import save
from carcnb.positions.game_io import state_from_position
from carcnb.positions.parse import load
from carcnb.widgets.editor.modes import EDIT, PLAY
from carcnb.widgets.editor.views import as_it_stands

if TYPE_CHECKING:
    from collections.abc import Callable

    from carcnb.engine.actions import Action
    from carcnb.engine.state import GameState
    from carcnb.positions.model import Position


@dataclass(frozen=True)
class Replacing:
    """A post Post found already there: it writes over it only when asked again (``confirm_post``) with the
    position unchanged (``version``)."""

    folder: Path
    fmt: str
    files: tuple[Path, ...]
    version: int


def _already(paths: list[Path]) -> str:
    if len(paths) == 1:
        return f"{paths[0]} is already there"
    return f"{len(paths)} of the post's files are already there (the first: {paths[0]})"


class FilesMixin:
    """``EditorModel``'s title, Save, Load and Post."""

    replacing: Replacing | None = None  # the post already there that Post asks whether to replace

    # kept by EditorModel (each mixin lists what it uses, so the lists overlap)
    state: GameState
    position: Position
    origin: Position
    seed: int | None
    mode: str
    status: str
    color: str
    value: Position
    version: int
    posted: Callable[[], Position]
    refusal: Callable[[], str | None]
    _pending: list[Action]
    _redo: list[Action]
    _notify: Callable[..., None]
    _prompt: Callable[[], str]
    _commit: Callable[[Position, str], bool]
    _relabel: Callable[..., bool]

    @property
    def title(self) -> str:
        """The title that Post and Save write (empty: none)."""
        return (self.position.title if self.mode == EDIT else self.origin.title) or ""

    def set_title(self, text: str) -> bool:
        """Title the position (blank: no title); Post and Save use it."""
        title = " ".join(text.split()) or None
        if title == (self.title or None):
            return True
        return self._relabel(f"title: {title}" if title else "no title", title=title)

    def save(self, path: str | Path) -> bool:
        """Write the current position; on failure the editor and any existing file are left as they were."""
        target = Path(path)
        try:
            if target.is_dir():
                raise IsADirectoryError(f"{str(path)!r} is a directory")
            save(self.value, target)
        except (OSError, CarcnbError) as e:
            self.status = f"not saved: {e}; nothing was changed"
            self._notify()
            return False
        self.status = f"saved {len(self.value.board)} tiles to {path}"
        self._notify()
        return True

    def post(self, directory: str | Path, fmt: str = "markdown",
             progress: Callable[[int, int, str], None] | None = None, overwrite: bool = False):
        """Write a forum post of the position into ``directory`` answering the editor's question
        (``carcnb.telling.post.write_post``: the text, with the verdict under each reading that matters, and
        its pictures); ``progress`` hears (done, total, what) as the readings are worked out. A post of the
        same name already there is replaced only with ``overwrite``; without it Post asks first
        (``replacing``, ``confirm_post``). Returns the written files, or None when nothing was written (the
        status says why; the editor is left as it was)."""
        from carcnb.telling.post import post_paths, write_post

        self.replacing = None
        target = Path(directory)
        p = self.posted()
        refusal = self.refusal()
        if refusal is not None:
            return self._not_posted(f"no post written: {refusal}")
        try:
            if target.exists() and not target.is_dir():
                raise NotADirectoryError(f"{str(directory)!r} is a file: posts go into a folder")
            there = [path for path in post_paths(p, target, fmt) if os.path.lexists(path)]
            if there and not overwrite:
                self.replacing = Replacing(target, fmt, tuple(there), self.version)
                return self._not_posted(f"not posted yet: {_already(there)}; press 'replace' to write over "
                                        f"{'it' if len(there) == 1 else 'them'}, or choose another folder")
            files = write_post(p, target, fmt, progress=progress)
        except IllegalPositionError as e:
            first = e.problems[0]
            return self._not_posted(
                f"no post written: the position breaks {len(e.problems)} rule(s), first {first}; fix "
                f"{'it' if len(e.problems) == 1 else 'them'} in free edit (the problems list names each) or undo "
                "the change that made it, then post again")
        except (OSError, CarcnbError) as e:
            return self._not_posted(f"no post written: {e}; nothing was changed")
        self.status = f"post written: {files.text_path} and {files.picture_path}"
        self._notify()
        return files

    def confirm_post(self, progress: Callable[[int, int, str], None] | None = None):
        """Write over the post Post asked about (``replacing``), when the position is still the one asked
        about; returns the written files, or None (the status says why)."""
        asked = self.replacing
        if asked is None or asked.version != self.version:
            self.replacing = None
            return self._not_posted("nothing to replace: the position changed since Post asked; post again")
        return self.post(asked.folder, asked.fmt, progress, overwrite=True)

    def keep_post(self) -> None:
        """Leave the post already there as it is (Post asked whether to replace it)."""
        if self.replacing is not None:
            self.replacing = None
            self.status = "the post already there is kept; nothing was written"
            self._notify()

    def _not_posted(self, message: str) -> None:
        self.status = message
        self._notify()
        return None

    def load(self, path: str | Path) -> bool:
        """Open a position file: an undoable edit in free edit, a new game from it in play."""
        try:
            p = load(path)
            st = state_from_position(p, self.seed, allow_problems=True) if self.mode == PLAY else None
        except CarcnbError as e:
            self.status = f"not loaded: {e}"
            self._notify()
            return False
        if self.color not in p.players:
            self.color = p.players[0]
        if self.mode == EDIT:
            return self._commit(as_it_stands(p), f"loaded {printable(str(path))}")
        self.origin, self.state, self.position = p, st, p
        self._redo.clear()
        self._pending = []
        self.status = f"loaded {printable(str(path))}. {self._prompt()}"
        self._notify(changed=True)
        return True
