"""``carcnb quiz``: solve puzzles in a terminal.

``carcnb quiz FILE --answer TEXT`` prints the verdict on one answer (exit 0 right, 1 wrong, 2 bad input).
``carcnb quiz [PATH]`` plays the puzzles of a file or folder (the shipped collection by default): it writes
each picture to a PNG, asks the question in words and reads answers, ``hint``, ``reveal``, ``next`` and
``quit`` from standard input. The explanation is shown only after a right answer or a reveal.
"""
from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from ..account import Account
from ..duplicates import board_of, boards_apart
from ..questions import reading_of, readings_asked
from ..errors import CarcnbError, IllegalPositionError
from ..game_io import problems
from ..position import Position, load
from ..verdict import AnswerSyntaxError, Verdict, check_answer, expected_form, hints, parse_answer, reveal
from ..wording import question_text
from ._budget import add_max_nodes
from ._files import puzzle_files

COMMANDS = "Type your answer, or: hint, reveal, next, quit."


def run(args: argparse.Namespace) -> int:
    if args.answer is not None:
        return _answer_once(args)
    from ..collection import puzzle_root

    files = puzzle_files([args.file] if args.file else [str(puzzle_root())])
    if not files:
        raise CarcnbError(f"no .toml files under {args.file}")
    questions = [(path, part) for path in files for part in _readings(path)]
    questions = boards_apart(questions, lambda q: board_of(q[1]) if q[1] is not None else q[0])
    pictures = Path(args.picture_dir) if args.picture_dir else Path(tempfile.mkdtemp(prefix="carcnb-quiz-"))
    pictures.mkdir(parents=True, exist_ok=True)
    Session(questions, pictures).play()
    return 0


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
    verdict = check_answer(p, given)
    print(verdict_text(verdict))
    if verdict.right and p.question.explanation:
        print("\n" + p.question.explanation.strip())
    return 0 if verdict.right else 1


def _readings(path: Path) -> list[Position | None]:
    """The questions a puzzle file asks (one per reading for a question ``under`` a ruling); None for a file
    that does not load, which the session skips saying why."""
    try:
        return readings_asked(load(path))
    except CarcnbError:
        return [None]


def _puzzle(p: Position) -> Position:
    if p.question is None:
        raise CarcnbError(f"{p.path}: no [question] in the file: nothing to answer")
    return p


def verdict_text(verdict: Verdict) -> str:
    return "\n".join([verdict.headline, *(f"  {line}" for line in verdict.details)])


class Session:
    """One sitting at the terminal: puzzles in turn, answers and commands read line by line."""

    def __init__(self, questions: list[tuple[Path, Position | None]], pictures: Path):
        self.questions = questions
        self.pictures = pictures
        self.solved = self.revealed = 0
        self.picture = pictures / "puzzle.png"  # the picture of the puzzle being asked

    def play(self) -> None:
        try:
            for number, (path, p) in enumerate(self.questions, 1):
                if not self._puzzle(number, path, p):
                    break
        except (EOFError, KeyboardInterrupt):
            print()
        print(f"Solved {self.solved} of {len(self.questions)}" + (f", {self.revealed} revealed." if self.revealed
                                                               else "."))

    def _puzzle(self, number: int, path: Path, p: Position | None) -> bool:
        """Ask one puzzle until it is solved, revealed or skipped; False when the player quits."""
        try:
            p = _puzzle(p or load(path))
            found = problems(p)
            if found:
                raise IllegalPositionError(found)
            question = question_text(p)
            picture = self._picture(p, self.pictures / f"{number:03d}-{path.stem}.png")
        except CarcnbError as e:
            print(f"Skipping {path}: {e}")
            return True
        self.picture = picture
        print(f"\nPuzzle {number} of {len(self.questions)}: {p.title or path.stem}  ({path})")
        print(f"Picture: {picture}")
        print(question)
        print(f"Answer with {expected_form(p)}.")
        print(COMMANDS)
        try:
            return self._ask(p)
        except CarcnbError as e:  # a puzzle the engine cannot answer (nothing to decide, ...)
            print(f"This puzzle cannot be played: {e}")
            return True

    def _ask(self, p: Position) -> bool:
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
                    tips = hints(p)
                if told < len(tips):
                    told += 1
                    print(f"Hint {told} of {len(tips)}: {tips[told - 1]}")
                else:
                    print("No more hints: type reveal to see the answer.")
            elif command == "reveal":
                self._reveal(p)
                self.revealed += 1
                return True
            elif self._answer(p, text):
                self.solved += 1
                return True

    def _answer(self, p: Position, text: str) -> bool:
        try:
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
        from ..render.result import result_png

        out = self.picture.with_name(f"{self.picture.stem}-result.png")
        out.write_bytes(result_png(told))
        return out

    @staticmethod
    def _picture(p: Position, out: Path) -> Path:
        from ..render import save_picture

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
    p.set_defaults(run=run)
    add_max_nodes(p)
