"""Which puzzles a player has solved, remembered from one day to the next.

A small JSON file in the user's data folder (``platformdirs``; the ``CARCNB_DATA_DIR`` environment variable
points it elsewhere), never inside the package or the repository. A puzzle is known by its path inside its
collection (``disasters/meteor-point-beside.toml``), so the same puzzle keeps its mark whether it is read
from the repository or from an installed package. A missing or unreadable file starts fresh with a message
(the unreadable one is kept aside, not overwritten); every write is atomic.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path

from .files import read_text
from .userdata import data_dir, write_atomic

FILENAME = "progress.json"
VERSION = 1
SOLVED = "solved"
REVEALED = "revealed"


def default_path() -> Path:
    return data_dir() / FILENAME


@dataclass
class Progress:
    """Puzzle marks (``solved`` or ``revealed``, with the day), and what happened to the file, in words."""

    path: Path
    marks: dict[str, dict[str, str]] = field(default_factory=dict)
    message: str = ""
    _broken: bool = False  # the file on disk could not be read: set it aside before the first write

    @classmethod
    def load(cls, path: str | Path | None = None) -> Progress:
        """The progress kept at ``path`` (default: the user's data folder); never raises."""
        target = Path(path) if path is not None else default_path()
        try:
            text = read_text(target)  # a FIFO is refused, not waited on
        except FileNotFoundError:
            return cls(target, message=f"no progress kept yet: solved puzzles will be remembered in {target}")
        except (OSError, UnicodeDecodeError) as e:
            return cls(target, message=_broken_message(target, str(e)), _broken=True)
        try:
            marks = _marks(json.loads(text))
        except (ValueError, RecursionError) as e:  # not JSON, or nested too deeply to read
            return cls(target, message=_broken_message(target, str(e)), _broken=True)
        return cls(target, marks)

    def mark(self, key: str) -> str | None:
        """``solved``, ``revealed`` or None for the puzzle ``key``."""
        entry = self.marks.get(key)
        if entry is None:
            return None
        return SOLVED if SOLVED in entry else REVEALED

    def solved(self, key: str) -> bool:
        return self.mark(key) == SOLVED

    def mark_solved(self, key: str, day: date | None = None) -> bool:
        """Remember that ``key`` was solved (the first day counts); True when it was saved."""
        entry = self.marks.setdefault(key, {})
        if SOLVED in entry:
            return True
        entry[SOLVED] = (day or date.today()).isoformat()
        return self._save()

    def mark_revealed(self, key: str, day: date | None = None) -> bool:
        """Remember that the answer of ``key`` was shown before it was solved."""
        entry = self.marks.setdefault(key, {})
        if entry:
            return True
        entry[REVEALED] = (day or date.today()).isoformat()
        return self._save()

    def _save(self) -> bool:
        """Write the file atomically (a temporary file in the same folder, then a rename). On failure the
        marks stay in memory and ``message`` says why; no exception reaches the player."""
        doc = {"version": VERSION, "puzzles": {k: self.marks[k] for k in sorted(self.marks)}}
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self._broken and self.path.exists():
                self.path.replace(self.path.with_name(self.path.name + ".broken"))
            write_atomic(self.path, json.dumps(doc, indent=1) + "\n")
        except OSError as e:
            self.message = f"progress not saved to {self.path}: {e}; it is kept until this notebook closes"
            return False
        self._broken = False
        self.message = ""
        return True


def _broken_message(path: Path, reason: str) -> str:
    return (f"could not read the progress file {path} ({reason}): starting fresh; the old file will be kept "
            f"as {path.name}.broken")


def _marks(doc: object) -> dict[str, dict[str, str]]:
    """The marks of a progress document; ValueError for anything that is not one."""
    if not isinstance(doc, dict) or doc.get("version") != VERSION or not isinstance(doc.get("puzzles"), dict):
        raise ValueError(f'expected {{"version": {VERSION}, "puzzles": {{...}}}}')
    marks: dict[str, dict[str, str]] = {}
    for key, entry in doc["puzzles"].items():
        if (not isinstance(entry, dict) or not entry or set(entry) - {SOLVED, REVEALED}
                or not all(isinstance(v, str) for v in entry.values())):
            raise ValueError(f'puzzle {key!r}: expected {{"solved": "YYYY-MM-DD"}} or {{"revealed": ...}}')
        marks[key] = dict(entry)
    return marks
