"""``carcnb check PATH...``: recompute every puzzle's answer and grade and compare them with the file's."""
from __future__ import annotations

import argparse
from pathlib import Path

from ..errors import CarcnbError, PositionFormatError
from ..grade import stale
from ..position import ANSWER_FORMS, load
from ..questions import answer, same_answer, show_answer
from ._budget import add_max_nodes
from ._files import puzzle_files


def run(args: argparse.Namespace) -> int:
    files, unread = puzzle_files(args.paths)
    if not files and not unread:
        raise CarcnbError(f"no .toml files under {' '.join(args.paths)}")
    for folder in unread:
        print(f"FAIL {folder}", flush=True)
    passed, failed = 0, len(unread)
    for path in files:
        ok, detail = check_file(path)
        passed += ok
        failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {path}  {detail}", flush=True)
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def check_file(path: str | Path) -> tuple[bool, str]:
    """Whether a puzzle file's answer and grade are the engine's, and what was found."""
    try:
        p = load(path)
        if p.question is None:
            raise CarcnbError("no [question] in the file")
        kind = p.question.kind
        if p.question.answer is None:
            raise PositionFormatError(str(path), p.question.line, "[question]",
                                      f"no answer: a puzzle of the collection needs one; add "
                                      f"{ANSWER_FORMS[kind]} under [question] (carcnb solve FILE prints the "
                                      "engine's)")
        got = answer(p)
        if not same_answer(kind, p.question.answer, got):
            return False, (f"{kind}: file says {show_answer(kind, p.question.answer)}, engine says "
                           f"{show_answer(kind, got)}")
        why = stale(p)
        if why is not None:
            return False, why
        return True, f"{kind}: {show_answer(kind, got)}"
    except CarcnbError as e:
        return False, str(e).replace("\n", " ")


def register(sub) -> None:
    p = sub.add_parser("check", help="validate puzzle files (directories recursively)")
    p.add_argument("paths", nargs="+")
    p.set_defaults(run=run)
    add_max_nodes(p)
