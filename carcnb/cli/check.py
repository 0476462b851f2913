"""``carcnb check PATH...``: recompute every puzzle's answer and grade and compare them with the file's, and
refuse a board that could not arise in play, and two puzzles on one position or under one title."""
from __future__ import annotations

import argparse
from pathlib import Path

from carcnb.cli._budget import add_max_nodes, file_budget
from carcnb.cli._files import files_to_work_on
from carcnb.engine.errors import CarcnbError, PositionFormatError
from carcnb.positions.model import ANSWER_FORMS
from carcnb.positions.parse import load
from carcnb.puzzles.duplicates import DUPLICATE_FIX, duplicate_files
from carcnb.puzzles.grade import stale
from carcnb.puzzles.listing import same_titles
from carcnb.puzzles.playable import unplayable
from carcnb.search.openvalue import open_valued_loss
from carcnb.search.questions import answer, readings_asked, same_answer, show_answer


def run(args: argparse.Namespace) -> int:
    files, failed = files_to_work_on(args.paths)
    passed = 0
    for path in files:
        with file_budget(args):
            ok, detail = check_file(path)
        passed += ok
        failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {path}  {detail}", flush=True)
    for group in duplicate_files(files):
        failed += 1
        print(f"FAIL {' = '.join(group)}  the same position in {len(group)} puzzles: {DUPLICATE_FIX}", flush=True)
    for group in same_titles(files):
        failed += 1
        print(f"FAIL {' = '.join(group)}  one title for {len(group)} puzzles: give each a title that tells them "
              "apart", flush=True)
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def check_file(path: str | Path) -> tuple[bool, str]:
    """Whether a puzzle file's answer and grade are the engine's, and what was found."""
    try:
        p = load(path)
        if p.question is None:
            raise CarcnbError("no [question] in the file")
        kind, under = p.question.kind, p.question.under
        cannot = unplayable(p)
        if cannot:
            return False, f"a board that could not arise in play: {'; '.join(cannot)}"
        if p.question.answer is None:
            raise PositionFormatError(str(path), p.question.line, "[question]",
                                      f"no answer: a puzzle of the collection needs one; add "
                                      f"{ANSWER_FORMS[kind]} under [question] (carcnb solve FILE prints the "
                                      "engine's)")
        if kind == "best" and p.question.horizon == "game":
            from carcnb.puzzles.midgame import checked  # the look-ahead analysis: loaded only when asked

            ok, detail = checked(p)
            why = stale(p) if ok else None
            return (False, why) if why is not None else (ok, detail)
        got = answer(p)
        if not same_answer(kind, p.question.answer, got, under):
            return False, (f"{kind}: file says {show_answer(kind, p.question.answer, under)}, engine says "
                           f"{show_answer(kind, got, under)}")
        loss = next(filter(None, map(open_valued_loss, readings_asked(p))), None) if kind == "best" else None
        if loss is not None:
            return False, f"best: {loss}: choose a position where the answer is also best in the long run"
        why = stale(p)
        if why is not None:
            return False, why
        return True, f"{kind}: {show_answer(kind, got, under)}"
    except CarcnbError as e:
        return False, str(e).replace("\n", " ")


def register(sub) -> None:
    p = sub.add_parser("check", help="validate puzzle files (directories recursively)")
    p.add_argument("paths", nargs="+")
    p.set_defaults(run=run, verdict=True)
    add_max_nodes(p, per_file=True)
