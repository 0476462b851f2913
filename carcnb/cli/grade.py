"""``carcnb grade PATH...``: write each puzzle's difficulty and topics into its ``[question]`` table."""
from __future__ import annotations

import argparse

from ..errors import CarcnbError
from ..grade import grade_file
from ._budget import add_max_nodes
from ._files import puzzle_files


def run(args: argparse.Namespace) -> int:
    files = puzzle_files(args.paths)
    if not files:
        raise CarcnbError(f"no .toml files under {' '.join(args.paths)}")
    changed = failed = 0
    for path in files:
        try:
            g, wrote = grade_file(path)
        except CarcnbError as e:
            failed += 1
            print(f"FAIL {path}  {str(e).replace(chr(10), ' ')}", flush=True)
            continue
        changed += wrote
        print(f"{'graded' if wrote else 'same  '} {path}  {g}", flush=True)
    print(f"{len(files) - failed} graded ({changed} changed), {failed} failed")
    return 0 if failed == 0 else 1


def register(sub) -> None:
    p = sub.add_parser("grade", help="write each puzzle's difficulty (1-5) and topics into the file")
    p.add_argument("paths", nargs="+", metavar="PATH", help="puzzle files or directories (searched recursively)")
    p.set_defaults(run=run)
    add_max_nodes(p)
