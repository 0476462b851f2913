"""``carcnb quiz``: solve puzzles in a terminal.

``carcnb quiz FILE --answer TEXT`` prints the verdict on one answer (exit 0 right, 1 wrong, 2 bad input).
``carcnb quiz [PATH]`` plays the puzzles of a file or folder (the shipped collection by default), the next one
always the untried puzzle nearest the player's rating (``--topic`` keeps one topic): it draws the board in
the terminal (``_terminal``: the picture inline where the terminal can show it, else text) with the tile in
hand, writes the picture to a PNG, asks the question in words and reads answers, ``hint``, ``reveal``,
``next`` and ``quit`` from standard input. A puzzle is solved when the first answer is right with no hint or
reveal before it; a wrong first answer, or a hint first, is a miss, and a right answer after it finishes the
puzzle without a win. That first result moves the same ratings and marks as the notebooks'
(``carcnb.puzzles.progress``); a streak counts the puzzles solved in a row. A line that cannot be played (an
illegal or incomplete one) is no answer yet: it is refused, as the notebooks' board refuses an illegal click.
The explanation is shown only after a right answer or a reveal. ``--rating`` shows the player's rating and
progress, and plays nothing.
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
from carcnb.cli._files import output_folder, puzzle_files
from carcnb.engine.errors import CarcnbError, IllegalPositionError
from carcnb.positions.game_io import position_as_it_stands, problems, state_from_position
from carcnb.positions.model import Position, TileLine
from carcnb.positions.parse import load
from carcnb.puzzles.progress import MISSED, REVEALED, SOLVED, Progress
from carcnb.search.questions import reading_of
from carcnb.storage.safewrite import write_file
from carcnb.telling.account import Account
from carcnb.telling.verdict import AnswerSyntaxError, Verdict, check_answer, expected_form, hints, parse_answer, reveal
from carcnb.telling.wording import question_text
from carcnb.puzzles.listing import PuzzleEntry, by_rating, entries_of, question_of, read_collection

COMMANDS = "Type your answer, or: hint, reveal, next, quit."
HONEST = "A puzzle counts as solved when your first answer is right, with no hint before it."
BOARDS = ("auto", "text", *_terminal.PROTOCOLS)


def run(args: argparse.Namespace) -> int:
    if args.answer is not None:
        args.verdict = True  # the exit code says whether the answer is right
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
    if not marks:
        return f"Your rating: {progress.player} (no puzzle tried yet: it settles as you play)."
    counts = ", ".join(f"{marks.count(what)} {what}" for what in (SOLVED, MISSED, REVEALED)
                       if what == SOLVED or what in marks)
    return (f"Your rating: {progress.player} after {len(marks)} puzzle(s) tried: {counts} (solved: right at the "
            f"first answer). Kept in {progress.path}.")


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
    except AnswerSyntaxError as e:  # one line here: the session shows the expected form on a line of its own
        raise AnswerSyntaxError(f"{args.file}: {str(e).replace(chr(10) + '  ', ': ')}") from None
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
        self.solved = self.later = self.revealed = self.tried = self.streak = self.best_streak = 0
        self.picture = pictures / "puzzle.png"  # the picture of the puzzle being asked
        self.result: str | None = None  # the first try's result for the puzzle being asked, once known
        self.hinted = False  # a hint came before the first answer

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
        if self.tried:
            print(f"Your rating: {self.progress.player}"
                  + (f"; best streak {self.best_streak}." if self.best_streak > 1 else "."))
        left = self.tried - self.solved - self.later - self.revealed  # missed, then skipped or stopped
        more = [f"{n} {what}" for n, what in ((self.later, "more on a later try"), (self.revealed, "revealed"),
                                              (left, "missed")) if n]
        print(f"Solved {self.solved} of {len(self.entries)}" + (f"; {', '.join(more)}." if more else "."))
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
        print(f"\nPuzzle {number} of {len(self.entries)}: {entry.title}  ({path})")
        print(f"Rated {rated.rating:.0f}{stars}; you: {self.progress.player.rating:.0f}"
              + (f"; {mark} before: the ratings move only on a first try" if mark else ""))
        self._show_board(p, picture)
        print(f"Picture: {picture}")
        print(question)
        print(f"Answer with {expected_form(p)}.")
        print(COMMANDS if number > 1 else f"{COMMANDS} {HONEST}")
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
        self.result, self.hinted = None, False
        before = self.progress.player.rating
        while True:
            text = input("> ").strip()
            command = text.lower()
            if not text:
                continue
            if command in ("quit", "exit", "q"):
                return False
            if command in ("next", "skip"):
                if self.result is not None:
                    self._rating_said(before, "Counted as a miss.")
                return True
            if command in ("help", "?"):
                print(f"Answer with {expected_form(p)}.\n{COMMANDS} {HONEST}")
            elif command == "hint":
                if tips is None:
                    print("(working out the hints...)", flush=True)
                    with self.within():
                        tips = hints(p)
                if told < len(tips):
                    told += 1
                    print(f"Hint {told} of {len(tips)}: {tips[told - 1]}")
                    if self.result is None:
                        self.hinted = True
                        self._first_result(entry, MISSED)
                else:
                    print("No more hints: type reveal to see the answer.")
            elif command == "reveal":
                with self.within():
                    self._reveal(p)
                self.revealed += 1
                self._first_result(entry, REVEALED)
                self._rating_said(before)
                return True
            else:
                verdict = self._answer(p, text)
                if verdict is None or not verdict.judged:
                    continue
                if verdict.right:
                    self._solved(p, entry, verdict, before)
                    return True
                self._first_result(entry, MISSED)
                print("Try again, or type hint or reveal.")

    def _solved(self, p: Position, entry: PuzzleEntry, verdict: Verdict, before: float) -> None:
        """A right answer: a win when it is the first, else the puzzle finished on a later try."""
        first = self.result is None
        if first:
            print(verdict_text(verdict))
        else:
            why = "with a hint" if self.hinted else "solved on a later try"
            print(verdict_text(replace(verdict, headline=f"Right — {why}, so it counts as a miss for your "
                                                         f"rating.")))
        if p.question.explanation:
            print("\n" + p.question.explanation.strip())
        if first:
            self.solved += 1
            self._first_result(entry, SOLVED)
        else:
            self.later += 1
        self._rating_said(before)

    def _first_result(self, entry: PuzzleEntry, result: str) -> None:
        """Mark the puzzle as the notebooks do, at once (a first result moves both ratings; a reveal after a
        miss only tells more), and keep the streak."""
        if self.result not in (None, MISSED) or result == self.result:
            return
        first = self.result is None
        self.result = result
        self.tried += first
        self.progress.mark_result(entry.key, result, difficulty=entry.difficulty)
        if result == SOLVED:
            self.streak += 1
            self.best_streak = max(self.best_streak, self.streak)
        elif first:
            if self.streak > 1:
                print(f"Streak ended at {self.streak}.")
            self.streak = 0
        if self.progress.message:
            print(self.progress.message)

    def _rating_said(self, before: float, lead: str = "") -> None:
        """How the rating moved with this puzzle (it moves only on a first try), and the streak after a solve."""
        moved = self.progress.player.rating - before
        said = [lead] if lead else []
        said += [f"Streak: {self.streak}."] if self.result == SOLVED else []
        said.append(f"Your rating: {self.progress.player.rating:.0f} ({moved:+.0f})." if round(moved)
                    else f"Your rating stays {self.progress.player.rating:.0f}.")
        print(" ".join(said))

    def _answer(self, p: Position, text: str) -> Verdict | None:
        """The verdict on ``text``, said when it is wrong (None when it does not spell an answer)."""
        try:
            with self.within():
                verdict = check_answer(p, parse_answer(p, text))
        except AnswerSyntaxError as e:
            print(e)
            return None
        if not verdict.right:
            print(verdict_text(verdict))
        if not verdict.judged:
            print("That line cannot be played to the end of the turn, so it is not counted as an answer: "
                  "try again.")
        return verdict

    def _reveal(self, p: Position) -> None:
        """The idea first, then the answer, what it does (once), the rows it scores, and the file's words."""
        shown = reveal(p)
        if shown.idea:
            print(shown.idea)
        print(f"Answer: {shown.answer_text}")
        if shown.told is not None:
            print("What happens:")
            for n, (said, rest) in enumerate(shown.happened(), 1):
                print(f"  {n}. {said}" + (f": {'; '.join(rest)}" if rest else ""))
            print(f"Picture after it: {self._result_picture(shown.told)}")
        if shown.rows:
            print("Scored:")
        for row in shown.rows:
            print(f"  {row}")
        if shown.explanation:
            print("\nMore:\n" + shown.explanation.strip())

    def _result_picture(self, told: Account) -> Path:
        """The board after the answer, what it changed marked, written beside the question's picture."""
        from carcnb.telling.render.result import result_png

        out = self.picture.with_name(f"{self.picture.stem}-result.png")
        write_file(out, result_png(told))
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
    p.add_argument("--picture-dir", metavar="DIR", type=output_folder, help="where to write the pictures (default: a temporary "
                   "folder)")
    p.add_argument("--topic", metavar="TOPIC", help="only the puzzles of this topic (meteor, farms, "
                   "tornado.drop, ...: the topics of the notebooks' puzzle browser)")
    p.add_argument("--rating", action="store_true", help="show your rating and how many puzzles you tried, "
                   "and play nothing")
    p.add_argument("--board", choices=BOARDS, default="auto", help="how to draw the board: auto (the picture "
                   "inline in kitty or iTerm2, else text), text, or a picture protocol (default: auto)")
    p.set_defaults(run=run)
    add_max_nodes(p, per_file=True)
