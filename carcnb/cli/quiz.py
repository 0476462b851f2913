"""``carcnb quiz``: solve puzzles in a terminal.

``carcnb quiz FILE --answer TEXT`` prints the verdict on one answer (exit 0 right, 1 wrong, 2 bad input).
``carcnb quiz [PATH]`` plays the puzzles of a file or folder (the shipped collection by default), the next one
always the untried puzzle nearest the player's rating (``--topic`` keeps one topic): it draws the board in
the terminal (``_terminal``: the picture inline where the terminal can show it, else text) with the tile in
hand, writes the picture to a PNG, asks the question in words and reads answers, ``hint``, ``reveal``,
``next`` and ``quit`` from standard input. A first try moves the same ratings and marks as the notebooks'
(``carcnb.puzzles.progress``); a streak counts the puzzles solved in a row without a reveal. The explanation is shown
only after a right answer or a reveal. ``--rating`` shows the player's rating and progress, and plays nothing.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import replace
from pathlib import Path

from carcnb.cli import _terminal
from carcnb.cli._budget import add_max_nodes, file_budget
from carcnb.cli._files import puzzle_files
from carcnb.engine.errors import CarcnbError, IllegalPositionError
from carcnb.positions.game_io import position_as_it_stands, problems, state_from_position
from carcnb.positions.model import Position, TileLine
from carcnb.positions.parse import load
from carcnb.puzzles.progress import Progress
from carcnb.search.questions import reading_of
from carcnb.telling.account import Account
from carcnb.telling.verdict import AnswerSyntaxError, Verdict, check_answer, expected_form, hints, parse_answer, reveal
from carcnb.telling.wording import question_text
from carcnb.puzzles.listing import PuzzleEntry, by_rating, entries_of, question_of, read_collection

COMMANDS = "Type your answer, or: hint, reveal, next, quit."
BOARDS = ("auto", "text", *_terminal.PROTOCOLS)


def run(args: argparse.Namespace) -> int:
    if args.answer is not None:
        return _answer_once(args)
    progress = Progress.load()
    if args.rating:
        print(rating_text(progress))
        return 0
    entries, skipped = _entries(args.file)
    if args.topic:
        known = sorted({t for e in entries for t in e.topics})
        entries = [e for e in entries if args.topic in e.topics]
        if not entries:
            raise CarcnbError(f"--topic {args.topic!r}: no puzzle here has that topic; known: {', '.join(known)}")
    if not entries and not skipped:
        raise CarcnbError(f"no .toml puzzle files under {args.file}")
    if progress.message:
        print(progress.message)
    for problem in skipped:
        print(f"Skipping {problem}")
    if args.picture_dir:
        pictures = Path(args.picture_dir)
        pictures.mkdir(parents=True, exist_ok=True)
        interrupted = Session(entries, pictures, progress, args.board, lambda: file_budget(args)).play()
    else:  # the pictures are the session's: gone with it
        with tempfile.TemporaryDirectory(prefix="carcnb-quiz-") as folder:
            interrupted = Session(entries, Path(folder), progress, args.board, lambda: file_budget(args)).play()
    if interrupted:
        print("carcnb quiz: interrupted", file=sys.stderr)
        return 130
    return 0


def _entries(name: str | None) -> tuple[list[PuzzleEntry], list[str]]:
    """The puzzles to play, each known by its path in the shipped collection when it lies inside it (so that
    its marks and rating are the notebooks'), else by its path in the folder given; and the files that are
    no puzzles, with their reasons."""
    from carcnb.puzzles.collection import puzzle_root

    try:
        shipped: Path | None = puzzle_root().resolve()
    except CarcnbError:
        if name is None:
            raise
        shipped = None
    target = Path(name) if name is not None else shipped
    puzzle_files([str(target)])  # a path that cannot be used stops the command here, as in every command

    def key(path: Path, base: Path) -> str:
        full = path.resolve()
        if shipped is not None and full.is_relative_to(shipped):
            return full.relative_to(shipped).as_posix()
        return path.relative_to(base).as_posix()

    if target.is_dir():
        found = read_collection(target)
        return [replace(e, key=key(e.path, target)) for e in found.entries], list(found.problems)
    try:
        return entries_of(target, key(target, target.parent)), []
    except CarcnbError as e:
        return [], [str(e)]


def rating_text(progress: Progress) -> str:
    """The player's rating and how many puzzles were tried, in words."""
    marks = [progress.mark(k) for k in progress.marks]
    solved, revealed = marks.count("solved"), marks.count("revealed")
    if not marks:
        return f"Your rating: {progress.player} (no puzzle tried yet: it settles as you play)."
    return (f"Your rating: {progress.player} after {len(marks)} puzzle(s) tried: {solved} solved, {revealed} "
            f"revealed first. Kept in {progress.path}.")


def _answer_once(args: argparse.Namespace) -> int:
    if not args.file:
        raise CarcnbError("--answer needs the puzzle file: carcnb quiz FILE --answer TEXT")
    p = _puzzle(load(args.file))
    if p.question.under is not None and args.reading is None:
        options = ", ".join(option for option, _ in p.question.answer)
        raise CarcnbError(f"{args.file}: the puzzle asks under each reading of {p.question.under}: say which one "
                          f"you answer with --reading ({options})")
    p = reading_of(p, args.reading)
    try:
        given = parse_answer(p, args.answer)
    except AnswerSyntaxError as e:
        raise AnswerSyntaxError(f"{args.file}: {e}") from None
    with file_budget(args):
        verdict = check_answer(p, given)
    print(verdict_text(verdict))
    if verdict.right and p.question.explanation:
        print("\n" + p.question.explanation.strip())
    return 0 if verdict.right else 1


def _puzzle(p: Position) -> Position:
    if p.question is None:
        raise CarcnbError(f"{p.path}: no [question] in the file: nothing to answer")
    return p


def verdict_text(verdict: Verdict) -> str:
    return "\n".join([verdict.headline, *(f"  {line}" for line in verdict.details)])


class Session:
    """One sitting at the terminal: puzzles near the player's rating in turn, answers and commands read line
    by line, each first try marked and rated in the player's progress."""

    def __init__(self, entries: list[PuzzleEntry], pictures: Path, progress: Progress, board: str = "auto",
                 within: Callable[[], AbstractContextManager] = nullcontext):
        self.entries = entries
        self.within = within  # a search budget for each puzzle shown and each answer, hint or reveal
        self.pictures = pictures
        self.progress = progress
        self.board = board
        self.solved = self.revealed = self.streak = self.best_streak = 0
        self.picture = pictures / "puzzle.png"  # the picture of the puzzle being asked

    def play(self) -> bool:
        """Ask the puzzles until they run out or the player stops; True when stopped by Ctrl-C (the session's
        tally is printed all the same)."""
        left = list(self.entries)
        interrupted = False
        try:
            number, board = 0, None
            while left:
                offered = by_rating(left, self.progress)  # nearest the rating; never two on one board in a row
                entry = next((e for e in offered if e.board != board), offered[0])
                left.remove(entry)
                board = entry.board
                number += 1
                if not self._puzzle(number, entry):
                    break
        except EOFError:
            print()
        except KeyboardInterrupt:
            print()
            interrupted = True
        if self.solved or self.revealed:
            print(f"Your rating: {self.progress.player}"
                  + (f"; best streak {self.best_streak}." if self.best_streak > 1 else "."))
        print(f"Solved {self.solved} of {len(self.entries)}" + (f", {self.revealed} revealed." if self.revealed
                                                                 else "."))
        return interrupted

    def _puzzle(self, number: int, entry: PuzzleEntry) -> bool:
        """Ask one puzzle until it is solved, revealed or skipped; False when the player quits."""
        path = entry.path
        try:
            p = _puzzle(question_of(entry))
            found = problems(p)
            if found:
                raise IllegalPositionError(found)
            question = question_text(p)
            with self.within():
                picture = self._picture(p, self.pictures / f"{number:03d}-{path.stem}.png")
        except CarcnbError as e:
            print(f"Skipping {path}: {e}")
            return True
        self.picture = picture
        rated = self.progress.rating(entry.key, entry.difficulty)
        stars = f", {'★' * entry.difficulty}" if entry.difficulty else ""
        mark = self.progress.mark(entry.key)
        print(f"\nPuzzle {number} of {len(self.entries)}: {p.title or path.stem}  ({path})")
        print(f"Rated {rated.rating:.0f}{stars}; you: {self.progress.player.rating:.0f}"
              + (f"; {mark} before: the ratings move only on a first try" if mark else ""))
        self._show_board(p, picture)
        print(f"Picture: {picture}")
        print(question)
        print(f"Answer with {expected_form(p)}.")
        print(COMMANDS)
        try:
            return self._ask(p, entry)
        except CarcnbError as e:  # a puzzle the engine cannot answer (nothing to decide, ...)
            print(f"This puzzle cannot be played: {e}")
            return True

    def _show_board(self, p: Position, picture: Path) -> None:
        """The board as the terminal can show it: the picture inline, else text with the tile in hand."""
        protocol = self.board if self.board in _terminal.PROTOCOLS else None
        if self.board == "auto" and sys.stdout.isatty():
            protocol = _terminal.image_protocol()
        if protocol is not None:
            sys.stdout.write(_terminal.inline_image(picture.read_bytes(), protocol))
            return
        print(_terminal.text_board(position_as_it_stands(state_from_position(p))))  # mid-turn: as played so far
        if p.hand and not p.played:
            cell = _terminal.tile_cell(TileLine(0, 0, p.hand, 0))
            print("\n".join([f"In hand: {p.hand}, as drawn (turned 0):"] + [f"  {row}" for row in cell]))

    def _ask(self, p: Position, entry: PuzzleEntry) -> bool:
        tips: list[str] | None = None  # worked out at the first "hint": it may search
        told = 0
        while True:
            text = input("> ").strip()
            command = text.lower()
            if not text:
                continue
            if command in ("quit", "exit", "q"):
                return False
            if command in ("next", "skip"):
                return True
            if command in ("help", "?"):
                print(f"Answer with {expected_form(p)}.\n{COMMANDS}")
            elif command == "hint":
                if tips is None:
                    print("(working out the hints...)", flush=True)
                    with self.within():
                        tips = hints(p)
                if told < len(tips):
                    told += 1
                    print(f"Hint {told} of {len(tips)}: {tips[told - 1]}")
                else:
                    print("No more hints: type reveal to see the answer.")
            elif command == "reveal":
                with self.within():
                    self._reveal(p)
                self.revealed += 1
                self._tried(entry, solved=False)
                return True
            elif self._answer(p, text):
                self.solved += 1
                self._tried(entry, solved=True)
                return True

    def _tried(self, entry: PuzzleEntry, solved: bool) -> None:
        """Mark the puzzle as the notebooks do (a first try moves both ratings) and keep the streak."""
        before = self.progress.player.rating
        if solved:
            self.progress.mark_solved(entry.key, difficulty=entry.difficulty)
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        else:
            self.progress.mark_revealed(entry.key, difficulty=entry.difficulty)
            if self.streak > 1:
                print(f"Streak ended at {self.streak}.")
            self.streak = 0
        moved = self.progress.player.rating - before
        said = [f"Streak: {self.streak}."] if solved else []
        said.append(f"Your rating: {self.progress.player.rating:.0f} ({moved:+.0f})." if round(moved)
                    else f"Your rating stays {self.progress.player.rating:.0f}.")
        print(" ".join(said))
        if self.progress.message:
            print(self.progress.message)

    def _answer(self, p: Position, text: str) -> bool:
        try:
            with self.within():
                verdict = check_answer(p, parse_answer(p, text))
        except AnswerSyntaxError as e:
            print(e)
            return False
        print(verdict_text(verdict))
        if verdict.right:
            if p.question.explanation:
                print("\n" + p.question.explanation.strip())
            return True
        print("Try again, or type hint or reveal.")
        return False

    def _reveal(self, p: Position) -> None:
        shown = reveal(p)
        print(f"Answer: {shown.answer_text}")
        for row in shown.rows:
            print(f"  {row}")
        if shown.told is not None:
            print("What happens:")
            for n, line in enumerate(shown.told.lines(), 1):
                print(f"  {n}. {line}")
            print(f"Picture after it: {self._result_picture(shown.told)}")
        if shown.explanation:
            print("\n" + shown.explanation.strip())

    def _result_picture(self, told: Account) -> Path:
        """The board after the answer, what it changed marked, written beside the question's picture."""
        from carcnb.telling.render.result import result_png

        out = self.picture.with_name(f"{self.picture.stem}-result.png")
        out.write_bytes(result_png(told))
        return out

    @staticmethod
    def _picture(p: Position, out: Path) -> Path:
        from carcnb.telling.render import save_picture

        save_picture(p, out, coords=True, decision=True)  # answers name positions: the picture labels them
        return out


def register(sub) -> None:
    p = sub.add_parser("quiz", help="solve puzzles: the verdict on an answer, or an interactive session")
    p.add_argument("file", nargs="?", metavar="PATH",
                   help="a puzzle file or folder (default: the shipped collection)")
    p.add_argument("--answer", metavar="TEXT", help="check this answer to the puzzle FILE and exit "
                   "(0 right, 1 wrong, 2 bad input)")
    p.add_argument("--reading", metavar="OPTION", help="with --answer, for a puzzle asked under each reading "
                   "of a ruling: the reading answered")
    p.add_argument("--picture-dir", metavar="DIR", help="where to write the pictures (default: a temporary "
                   "folder)")
    p.add_argument("--topic", metavar="TOPIC", help="only the puzzles of this topic (meteor, farms, "
                   "tornado.drop, ...: the topics of the notebooks' puzzle browser)")
    p.add_argument("--rating", action="store_true", help="show your rating and how many puzzles you tried, "
                   "and play nothing")
    p.add_argument("--board", choices=BOARDS, default="auto", help="how to draw the board: auto (the picture "
                   "inline in kitty or iTerm2, else text), text, or a picture protocol (default: auto)")
    p.set_defaults(run=run)
    add_max_nodes(p, per_file=True)
