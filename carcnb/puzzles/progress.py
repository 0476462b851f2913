"""Which puzzles a player has solved, and the Glicko-2 ratings of the player and the puzzles tried,
remembered from one day to the next.

A small JSON file in the user's data folder (``platformdirs``; the ``CARCNB_DATA_DIR`` environment variable
points it elsewhere), never inside the package or the repository. A puzzle is known by its path inside its
collection (``disasters/meteor-point-beside.toml``), so the same puzzle keeps its mark whether it is read
from the repository or from an installed package.

Nothing in the file is ever lost. Several notebooks (or processes) may mark puzzles at once: each write takes
a lock, reads the file again and adds its marks to what is there, the first result of a puzzle standing (a
notebook opened earlier that reveals a puzzle another one solved leaves it solved). A file that cannot be read at all starts
fresh with a message, and is set aside at the first write under a name that no earlier set-aside copy has;
a file written by a newer carcnb, or with entries or keys this one does not know, is read as far as it can
be, and what it cannot read stays in the file as it was.

A puzzle's first mark is its first try's result (``carcnb.puzzles.rating``): ``solved`` when the first answer was
right with no hint or reveal before it, a win for the player; ``missed`` when the first answer was wrong or a
hint came first, and ``revealed`` when the answer was shown before a right answer, both a loss. Both ratings
move once, at that first result, under the same lock, so that two notebooks never count one try twice. The
first result stands: a right answer later adds nothing, and only a miss may become a reveal (the answer seen
after a wrong answer).
"""
from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Callable

from filelock import FileLock, Timeout

from carcnb.puzzles.rating import Rating, first_try, puzzle_start
from carcnb.storage.files import read_text
from carcnb.storage.safewrite import ReadOnlyFileError, write_file
from carcnb.storage.userdata import data_dir

FILENAME = "progress.json"
VERSION = 2  # 2: a ``missed`` mark, and ``solved`` only for a right first answer
SOLVED = "solved"
MISSED = "missed"
REVEALED = "revealed"
RESULTS = (REVEALED, MISSED, SOLVED)  # what an entry says when it holds more than one: the first listed
MAX_DEPTH = 32  # a progress file nests 4 deep; far deeper would not even be written back
LOCK_WAIT = 10  # seconds a write waits for another one to finish before giving up with a message

RATINGS = "ratings"
Marks = dict[str, dict[str, str]]
Change = Callable[[dict], None]  # an edit of the progress document, made under the lock


def default_path() -> Path:
    return data_dir() / FILENAME


@dataclass
class Progress:
    """Puzzle marks (``solved``, ``missed`` or ``revealed``, with the day), the ratings, and what happened to the file,
    in words."""

    path: Path
    marks: Marks = field(default_factory=dict)
    message: str = ""
    player: Rating = field(default_factory=Rating)
    puzzles: dict[str, Rating] = field(default_factory=dict)  # the ratings of the puzzles tried

    @classmethod
    def load(cls, path: str | Path | None = None) -> Progress:
        """The progress kept at ``path`` (default: the user's data folder); never raises, never writes."""
        target = Path(path) if path is not None else default_path()
        try:
            doc = _read(target)
        except FileNotFoundError:
            return cls(target, message=f"no progress kept yet: solved puzzles will be remembered in {target}")
        except (OSError, ValueError) as e:
            return cls(target, message=(f"could not read the progress file {target} ({e}): starting fresh; the "
                                        f"file will be set aside as {target.name}.broken-<date> at the first "
                                        f"mark, never over an earlier one"))
        marks, unread = _marks(doc)
        player, puzzles, unusable = _ratings(doc)
        said = "; ".join(filter(None, [_partly_read(target, doc, unread), _reset_note(target, unusable)]))
        return cls(target, marks, said, player, puzzles)

    def mark(self, key: str) -> str | None:
        """The first try's result for the puzzle ``key``: ``solved``, ``missed``, ``revealed``, or None when
        it was not tried."""
        return _result(self.marks.get(key, {}))

    def rating(self, key: str, difficulty: int | None = None) -> Rating:
        """The puzzle's rating: from its tries, or from its ``difficulty`` when nobody tried it here."""
        return self.puzzles.get(key) or puzzle_start(difficulty)

    def solved(self, key: str) -> bool:
        return self.mark(key) == SOLVED

    def mark_solved(self, key: str, day: date | None = None, difficulty: int | None = None) -> bool:
        """Remember that the first answer to ``key`` was right, with no hint or reveal before it: a win for the
        player (``difficulty``: the puzzle's, for its first rating). True when it was saved."""
        return self.mark_result(key, SOLVED, day, difficulty)

    def mark_missed(self, key: str, day: date | None = None, difficulty: int | None = None) -> bool:
        """Remember that the first answer to ``key`` was wrong, or came after a hint: a first try lost."""
        return self.mark_result(key, MISSED, day, difficulty)

    def mark_revealed(self, key: str, day: date | None = None, difficulty: int | None = None) -> bool:
        """Remember that the answer of ``key`` was shown before it was solved: a first try lost (or, after a
        miss, the same try, now with the answer seen)."""
        return self.mark_result(key, REVEALED, day, difficulty)

    def mark_result(self, key: str, what: str, day: date | None = None, difficulty: int | None = None) -> bool:
        """Add the mark ``what`` (one of ``RESULTS``) unless it would change a result already recorded (here or,
        see ``_save``, in the file); the first result moves both ratings. True when nothing was left unsaved."""
        entry = self.marks.get(key, {})
        joined = _joined(entry, {what: (day or date.today()).isoformat()})
        if joined == entry:
            return True
        self.marks[key] = joined
        first = _result(entry) is None
        return self._save(_rated(key, what == SOLVED, difficulty) if first else None)

    def _save(self, change: Change | None = None) -> bool:
        """Add these marks to the file as it is now, under a lock, and take in the marks other notebooks
        saved meanwhile. On failure the marks stay in memory and ``message`` says why; no exception reaches
        the player."""
        aside = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            lock = FileLock(self.path.with_name(self.path.name + ".lock"))
            with lock.acquire(timeout=LOCK_WAIT, poll_interval=0.005):  # a write takes about a millisecond
                try:
                    doc = _read(self.path)
                except FileNotFoundError:
                    doc = {}
                except (OSError, ValueError):
                    aside = _set_aside(self.path)
                    doc = {}
                _reset_unusable(doc)
                if change is not None:
                    change(doc)
                doc = _merged(doc, self.marks)
                write_file(self.path, json.dumps(doc, indent=1) + "\n")
        except Timeout:
            self._change_in_memory(change)
            self.message = (f"progress not saved to {self.path}: another notebook kept it locked for "
                            f"{LOCK_WAIT} s; it is kept until this notebook closes")
            return False
        except (OSError, ReadOnlyFileError) as e:
            self._change_in_memory(change)
            self.message = f"progress not saved to {self.path}: {e}; it is kept until this notebook closes"
            return False
        self.marks = _marks(doc)[0]
        self.player, self.puzzles, _ = _ratings(doc)
        self.message = (f"the progress file that could not be read is kept as {aside}; your marks are saved "
                        f"in {self.path}") if aside else ""
        return True


    def _change_in_memory(self, change: Change | None) -> None:
        """A rating change that could not be saved still counts for this notebook."""
        if change is not None:
            doc = {RATINGS: {"player": self.player.as_dict(),
                             "puzzles": {k: r.as_dict() for k, r in self.puzzles.items()}}}
            change(doc)
            self.player, self.puzzles, _ = _ratings(doc)


def _rated(key: str, solved: bool, difficulty: int | None) -> Change:
    """The change a first try of ``key`` makes: both ratings move, unless the file already holds a mark of
    ``key`` (another notebook counted the first try) or ratings this version cannot read (left as they are)."""
    def change(doc: dict) -> None:
        entry = doc.get("puzzles", {}).get(key)
        if isinstance(entry, dict) and entry:
            return
        table = doc.setdefault(RATINGS, {})
        if not isinstance(table, dict) or not isinstance(table.setdefault("puzzles", {}), dict):
            return
        player, puzzles, _ = _ratings(doc)
        puzzle = puzzles.get(key) or puzzle_start(difficulty)
        player, puzzle = first_try(player, puzzle, solved)
        table["player"] = player.as_dict()
        table["puzzles"][key] = puzzle.as_dict()
    return change


def _ratings(doc: dict) -> tuple[Rating, dict[str, Rating], list[tuple[str, str]]]:
    """The player's rating and the puzzles' that the document holds, and the ones it holds that cannot be used
    (whose, and why): those count as none, and start again."""
    table = doc.get(RATINGS)
    if not isinstance(table, dict):
        return Rating(), {}, []
    unusable: list[tuple[str, str]] = []

    def read(rating: object, whose: str) -> Rating | None:
        try:
            return Rating.from_dict(rating)
        except ValueError as e:
            unusable.append((whose, str(e)))
            return None

    player = read(table["player"], "your") if "player" in table else None
    puzzles = table.get("puzzles")
    found = {k: read(v, f"puzzle {k}'s") for k, v in puzzles.items()} if isinstance(puzzles, dict) else {}
    return player or Rating(), {k: r for k, r in found.items() if r is not None}, unusable


def _reset_note(path: Path, unusable: list[tuple[str, str]]) -> str:
    """What the player is told about the ratings in ``path`` that start again (empty when there are none)."""
    if not unusable:
        return ""
    whose, why = unusable[0]
    if len(unusable) == 1:
        return f"{whose} rating in {path} could not be used and starts again ({why})"
    return f"{len(unusable)} ratings in {path} could not be used and start again (the first, {whose}: {why})"


def _reset_unusable(doc: dict) -> None:
    """Drop the ratings that are tables but no usable rating (a value out of range, say): they start again.
    What is no table at all (perhaps a newer carcnb's) stays as it is."""
    table = doc.get(RATINGS)
    if not isinstance(table, dict):
        return
    if _unusable(table.get("player")):
        del table["player"]
    puzzles = table.get("puzzles")
    if isinstance(puzzles, dict):
        for key in [k for k, v in puzzles.items() if _unusable(v)]:
            del puzzles[key]


def _unusable(rating: object) -> bool:
    """Whether ``rating`` is a table that holds no usable rating."""
    if not isinstance(rating, dict):
        return False
    try:
        Rating.from_dict(rating)
    except ValueError:
        return True
    return False


def _read(path: Path) -> dict:
    """The progress document at ``path``: OSError when it cannot be read, ValueError when it is no progress
    file at all (not JSON, or without a ``version`` number and a ``puzzles`` table)."""
    try:
        doc = json.loads(read_text(path))  # a FIFO is refused, not waited on
    except RecursionError:
        raise ValueError("nested too deeply to be a progress file") from None
    if _depth(doc) > MAX_DEPTH:
        raise ValueError(f"nested more than {MAX_DEPTH} deep: no progress file is")
    version = doc.get("version") if isinstance(doc, dict) else None
    if (not isinstance(version, int) or isinstance(version, bool) or version < 1
            or not isinstance(doc.get("puzzles"), dict)):
        raise ValueError(f'expected {{"version": {VERSION}, "puzzles": {{...}}}}')
    return doc


def _depth(doc: object) -> int:
    """How deeply lists and tables nest in ``doc`` (counted without recursion: it may be very deep)."""
    deepest, todo = 0, [(doc, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, depth)
            todo += [(x, depth + 1) for x in (item.values() if isinstance(item, dict) else item)]
    return deepest


def _marks(doc: dict) -> tuple[Marks, list[str]]:
    """The marks this version can read, and the keys of the puzzle entries it cannot."""
    marks: Marks = {}
    unread = []
    for key, entry in doc["puzzles"].items():
        known = {k: v for k, v in entry.items() if k in RESULTS and isinstance(v, str)} \
            if isinstance(entry, dict) else {}
        if known:
            marks[key] = known
        else:
            unread.append(key)
    return marks, unread


def _partly_read(path: Path, doc: dict, unread: list[str]) -> str:
    """What a file that was read only in part says to the player (empty when it was read whole)."""
    said = []
    if doc["version"] > VERSION:
        said.append(f"the progress file {path} was written by a newer carcnb (version {doc['version']}; this "
                    f"one reads version {VERSION}): the marks it can read are shown, and the file keeps the rest")
    if unread:
        said.append(f"{len(unread)} puzzle entr{'y' if len(unread) == 1 else 'ies'} in {path} could not be read "
                    f"(the first: {unread[0]!r}): they stay in the file as they are")
    return "; ".join(said)


def _merged(doc: dict, marks: Marks) -> dict:
    """``doc`` with ``marks`` added as ``_joined`` adds them, and everything else in the file (keys and entries
    this version does not know, a newer version number) kept."""
    out = {**doc, "version": max(doc.get("version", VERSION), VERSION)}
    puzzles = dict(doc.get("puzzles", {}))
    for key, entry in marks.items():
        puzzles[key] = _joined(puzzles.get(key), entry)
    out["puzzles"] = dict(sorted(puzzles.items()))
    return out


def _result(entry: object) -> str | None:
    """What an entry says of its puzzle's first try (``RESULTS``), or None."""
    if not isinstance(entry, dict):
        return None
    return next((what for what in RESULTS if isinstance(entry.get(what), str)), None)


def _joined(old: object, mine: dict[str, str]) -> dict:
    """The entry ``old`` (as the file has it) with the marks ``mine`` added, the first result standing: a mark
    joins an entry that has no result yet, and a reveal one that says ``missed``; a solve is never turned
    into a miss or a reveal, nor a miss into a solve. A mark already there keeps the earlier day."""
    kept = dict(old) if isinstance(old, dict) else {}
    first = _result(kept)
    for what, day in mine.items():
        if isinstance(kept.get(what), str):
            kept[what] = min(kept[what], day)
        elif first is None or (first == MISSED and what == REVEALED):
            kept[what] = day
    return kept


def _set_aside(path: Path) -> Path:
    """Rename the unreadable file at ``path`` to a name no file has (the caller holds the lock)."""
    stem = f"{path.name}.broken-{time.strftime('%Y%m%d-%H%M%S')}"
    aside, n = path.with_name(stem), 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{stem}-{n}")
    path.rename(aside)
    return aside
