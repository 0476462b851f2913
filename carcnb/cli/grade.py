"""``carcnb grade PATH...``: write each puzzle's difficulty and topics into its ``[question]`` table;
``--calibration`` writes nothing and says how the simple players fare at each difficulty (docs/grading.md)."""
from __future__ import annotations

import argparse

from carcnb.cli._budget import add_max_nodes, file_budget
from carcnb.cli._files import files_to_work_on
from carcnb.engine.errors import CarcnbError
from carcnb.positions.parse import load
from carcnb.puzzles.grade import calibration, grade_file
from carcnb.storage.files import problem


def run(args: argparse.Namespace) -> int:
    files, failed = files_to_work_on(args.paths)
    if args.calibration:
        for level in calibration([load(path) for path in files]):
            print(level)
        return 0 if failed == 0 else 1
    graded = changed = 0
    for path in files:
        try:
            with file_budget(args):
                g, wrote = grade_file(path)
        except (CarcnbError, OSError) as e:  # a file that cannot be read or written: the others are graded
            failed += 1
            why = problem(e) if isinstance(e, OSError) else str(e).replace(chr(10), ' ')
            print(f"FAIL {path}  {why}", flush=True)
            continue
        graded += 1
        changed += wrote
        print(f"{'graded' if wrote else 'same  '} {path}  {g}", flush=True)
    print(f"{graded} graded ({changed} changed), {failed} failed")
    return 0 if failed == 0 else 1


def register(sub) -> None:
    p = sub.add_parser("grade", help="write each puzzle's difficulty (1-5) and topics into the file")
    p.add_argument("paths", nargs="+", metavar="PATH", help="puzzle files or directories (searched recursively)")
    p.add_argument("--calibration", action="store_true", help="write nothing: show, for each difficulty, how many "
                   "best puzzles the greedy and the reply-aware players solve")
    p.set_defaults(run=run, verdict=True)
    add_max_nodes(p, per_file=True)
