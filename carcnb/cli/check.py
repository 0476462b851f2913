"""``carcnb check PATH...``: recompute every puzzle's answer and grade and compare them with the file's."""
from __future__ import annotations

import argparse

from ..errors import CarcnbError
from ..grade import stale
from ..position import load
from ..questions import answer, same_answer, show_answer
from ._files import puzzle_files


def run(args: argparse.Namespace) -> int:
    files = puzzle_files(args.paths)
    if not files:
        raise CarcnbError(f"no .toml files under {' '.join(args.paths)}")
    passed = failed = 0
    for path in files:
        try:
            p = load(path)
            if p.question is None:
                raise CarcnbError("no [question] in the file")
            got = answer(p)
            ok = same_answer(p.question.kind, p.question.answer, got)
            detail = (f"{p.question.kind}: {show_answer(p.question.kind, got)}" if ok else
                      f"{p.question.kind}: file says {show_answer(p.question.kind, p.question.answer)}, "
                      f"engine says {show_answer(p.question.kind, got)}")
            why = stale(p) if ok else None
            if why is not None:
                ok, detail = False, why
        except CarcnbError as e:
            ok, detail = False, str(e).replace("\n", " ")
        passed += ok
        failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {path}  {detail}", flush=True)
    print(f"{passed} passed, {failed} failed")
    return 0 if failed == 0 else 1


def register(sub) -> None:
    p = sub.add_parser("check", help="validate puzzle files (directories recursively)")
    p.add_argument("paths", nargs="+")
    p.set_defaults(run=run)
