"""The puzzle browser's state and logic, apart from any widget: a collection filtered by topic, difficulty
and solved marks, the puzzle open on its board, next and previous, and the player's progress.

The open puzzle's first try is marked in the progress file as soon as its result is known: solved (the first
Check right, with no hint or reveal before it, ✓), missed (a wrong first Check, or a hint first, ○) or revealed
(the answer shown before a right Check, ◐; a miss becomes one when the answer is then shown). That result moves
the player's rating and the puzzle's, and stands: a later try, here or in another notebook, never changes it.
``open_near_rating`` opens the untried puzzle of the topic chosen nearest the player's rating. Problems with the
collection or the progress file are messages, never exceptions.
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from carcnb.engine.errors import CarcnbError
from carcnb.puzzles.collection import puzzle_root
from carcnb.puzzles.duplicates import boards_apart
from carcnb.puzzles.progress import MISSED, REVEALED, SOLVED, Progress
from carcnb.puzzles.listing import AREAS, Collection, PuzzleEntry, by_rating, is_ruling, question_of, read_collection
from carcnb.widgets.listening import Listened
from carcnb.widgets.puzzleboard.model import PuzzleModel

ALL = None
MARKS = {SOLVED: "✓", MISSED: "○", REVEALED: "◐", None: "·"}


class BrowserModel(Listened):
    """A collection of puzzles to pick from, one open at a time, with the player's solved marks."""

    def __init__(self, root: str | Path | None = None, *, progress: Progress | str | Path | None = None,
                 seed: int | None = None):
        """``root``: a folder of puzzle files (default: the collection that comes with carcnb);
        ``progress``: where solved marks are kept (default: the user's data folder)."""
        self.collection: Collection = read_collection(puzzle_root() if root is None else root)
        self.progress = progress if isinstance(progress, Progress) else Progress.load(progress)
        self.seed = seed
        self.topic: str | None = ALL
        self.difficulty: int | None = ALL
        self.unsolved_only = False
        self.current: PuzzleEntry | None = None
        self.board: PuzzleModel | None = None
        self._recorded: tuple[PuzzleModel, str] | None = None  # the open board's result last kept
        self.status = ""
        self.version = 0
        self._listeners: list[Callable[[], None]] = []
        first = self.visible()
        if first:
            self.open(first[0].key)

    # ----- what the browser lists ---------------------------------------------------------------------------
    @property
    def entries(self) -> tuple[PuzzleEntry, ...]:
        return self.collection.entries

    @property
    def messages(self) -> list[str]:
        """What the player should know about the collection and the progress file."""
        out = [self.progress.message] if self.progress.message else []
        problems = self.collection.problems
        if problems:
            out.append(f"{len(problems)} file(s) in {self.collection.root} could not be read and are left out: "
                       + "; ".join(problems[:3]) + (" …" if len(problems) > 3 else ""))
        return out

    def mark(self, entry: PuzzleEntry) -> str | None:
        """``solved``, ``missed``, ``revealed`` or None (not tried)."""
        return self.progress.mark(entry.key)

    def topics(self) -> list[tuple[str, int]]:
        """Every topic of the collection with its number of puzzles: rule areas first, then the rest."""
        counts: dict[str, int] = {}
        for e in self.entries:
            for t in e.topics:
                counts[t] = counts.get(t, 0) + 1
        order = [t for t in AREAS if t in counts] + sorted((t for t in counts if t not in AREAS),
                                                          key=lambda t: (is_ruling(t), t))
        return [(t, counts[t]) for t in order]

    def difficulties(self) -> list[int]:
        """The difficulties present in the collection (puzzles not graded yet have none)."""
        return sorted({e.difficulty for e in self.entries if e.difficulty is not None})

    def visible(self) -> list[PuzzleEntry]:
        """The puzzles the filters let through, easiest first (ungraded ones last), then in path order, never two
        on one board in a row."""
        shown = [e for e in self.entries
                 if (self.topic is ALL or self.topic in e.topics)
                 and (self.difficulty is ALL or e.difficulty == self.difficulty)
                 and not (self.unsolved_only and self.progress.solved(e.key))]
        return boards_apart(sorted(shown, key=_order), lambda e: e.board)

    def summary(self) -> str:
        """How far the player has come: solved of all, and of those shown."""
        solved = sum(self.progress.solved(e.key) for e in self.entries)
        shown = self.visible()
        return (f"{solved} of {len(self.entries)} puzzles solved; {len(shown)} shown"
                + (f", {sum(self.progress.solved(e.key) for e in shown)} of them solved" if shown else "")
                + f"; your rating {self.progress.player}")

    def label(self, entry: PuzzleEntry) -> str:
        """One line for a list: the mark, the title, the kind, the difficulty and the puzzle's rating."""
        stars = f" {'★' * entry.difficulty}" if entry.difficulty else ""
        return f"{MARKS[self.mark(entry)]} {entry.title} ({entry.kind}{stars}, rated {self.rating(entry):.0f})"

    def rating(self, entry: PuzzleEntry) -> float:
        """The puzzle's rating: from its tries, else from its difficulty."""
        return self.progress.rating(entry.key, entry.difficulty).rating

    # ----- filters ------------------------------------------------------------------------------------------
    def set_topic(self, topic: str | None) -> None:
        if topic is not ALL and topic not in dict(self.topics()):
            raise CarcnbError(f"unknown topic {topic!r} (known: {', '.join(t for t, _ in self.topics())})")
        self.topic = topic
        self._filtered()

    def set_difficulty(self, difficulty: int | None) -> None:
        if difficulty is not ALL and difficulty not in range(1, 6):
            raise CarcnbError(f"difficulty {difficulty!r}: expected 1 to 5, or None for any")
        self.difficulty = difficulty
        self._filtered()

    def set_unsolved_only(self, on: bool) -> None:
        self.unsolved_only = bool(on)
        self._filtered()

    def _filtered(self) -> None:
        """After a filter changed: the open puzzle stays if it is still listed, else the first listed opens."""
        shown = self.visible()
        if shown and self.current not in shown:
            self.open(shown[0].key)
        self.status = f"{len(shown)} puzzle(s) shown" if shown else "no puzzle matches: widen the filters"
        self._notify(changed=True)

    # ----- moving through the list --------------------------------------------------------------------------
    def open(self, key: str) -> bool:
        """Show the puzzle ``key`` on the board; a puzzle that cannot be played is a message."""
        entry = next((e for e in self.entries if e.key == key), None)
        if entry is None:
            self.status = f"no puzzle {key!r} in {self.collection.root}"
            self._notify(changed=True)
            return False
        try:
            board = PuzzleModel(question_of(entry), seed=self.seed)
        except CarcnbError as e:
            self.status = f"cannot open {key}: {e}"
            self._notify(changed=True)
            return False
        self.current, self.board = entry, board
        board.on_change(self._board_changed)
        shown = self.visible()
        where = f"puzzle {shown.index(entry) + 1} of {len(shown)} shown" if entry in shown else "not in the list shown"
        mark = self.progress.marks.get(key, {})
        self.status = (where + f"; rated {self.rating(entry):.0f}, you {self.progress.player.rating:.0f}"
                       + "".join(f"; {what} on {day}" for what, day in mark.items()))
        self._notify(changed=True)
        return True

    def next(self) -> bool:
        return self._step(1)

    def near_rating(self) -> PuzzleEntry | None:
        """The puzzle to offer next: of the chosen topic, not the open one, untried first, rated nearest the
        player (None when no other puzzle is listed)."""
        others = [e for e in self.entries if (self.topic is ALL or self.topic in e.topics) and e != self.current]
        offered = by_rating(others, self.progress)
        return offered[0] if offered else None

    def open_near_rating(self) -> bool:
        """Open the puzzle ``near_rating`` offers, saying how it compares with the player's rating."""
        entry = self.near_rating()
        if entry is None:
            self.status = "no other puzzle of this topic"
            self._notify(changed=True)
            return False
        return self.open(entry.key)

    def previous(self) -> bool:
        return self._step(-1)

    def _step(self, delta: int) -> bool:
        shown = self.visible()
        if not shown:
            self.status = "no puzzle matches: widen the filters"
            self._notify(changed=True)
            return False
        here = self.current
        if here is None:
            after = shown if delta > 0 else shown[::-1]
        elif here in shown:
            i = shown.index(here)
            after = shown[i + 1:] if delta > 0 else shown[:i][::-1]
        elif delta > 0:
            after = [e for e in shown if _order(e) > _order(here)]
        else:
            after = [e for e in shown[::-1] if _order(e) < _order(here)]
        if not after:
            self.status = f"this is the {'last' if delta > 0 else 'first'} puzzle shown"
            self._notify(changed=True)
            return False
        return self.open(after[0].key)

    def _board_changed(self) -> None:
        """Keep the open board's first-try result as soon as it is known (or grows from a miss to a reveal)."""
        board, entry = self.board, self.current
        if board is None or entry is None or board.result is None or self._recorded == (board, board.result):
            return
        self._recorded = (board, board.result)
        self.progress.mark_result(entry.key, board.result, difficulty=entry.difficulty)
        mark = self.mark(entry)
        if mark not in (None, board.result):
            day = self.progress.marks[entry.key][mark]
            self.status = f"{mark} on {day} before this try: that first result stands, and the ratings stay"
        self._notify(changed=True)


def _order(e: PuzzleEntry) -> tuple:
    """Easiest first, ungraded last, then by path."""
    return (e.difficulty is None, e.difficulty or 0, e.key)
