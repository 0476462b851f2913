"""``carcnb notation -o DIR``: the page that teaches the notation and the pictures' marks (``notation.md``)
and its pictures, written into DIR (docs/ of the repository holds the result); files already there are
overwritten only with ``--force``."""
from __future__ import annotations

import argparse
from pathlib import Path

from carcnb.cli._files import output_folder
from carcnb.engine.errors import CarcnbError


def run(args: argparse.Namespace) -> int:
    from carcnb.puzzles.collection import puzzle_root
    from carcnb.telling.notation import write_notation

    root = Path(args.puzzles) if args.puzzles else puzzle_root()
    if not root.is_dir():
        raise CarcnbError(f"no puzzle folder {str(root)!r}: name the folder whose puzzles give the examples")
    try:
        written = write_notation(Path(args.output), root, args.force)
    except OSError as e:
        raise CarcnbError(f"cannot write into {args.output!r}: {e.strerror}") from None
    print(f"wrote {written[-1]} and {len(written) - 1} pictures")
    return 0


def register(sub) -> None:
    p = sub.add_parser("notation", help="the notation page (ports, decisions, every tile) with its pictures",
                       description="Writes notation.md and its pictures into DIR: the port names on a tile, one "
                                   "example of each decision from the puzzles, the legend and every tile.")
    p.add_argument("-o", "--output", required=True, type=output_folder, metavar="DIR", help="the folder to write into (made if missing)")
    p.add_argument("--force", action="store_true", help="overwrite the page and pictures already in DIR")
    p.add_argument("--puzzles", metavar="DIR", help="the puzzles to take the examples from (default: the collection)")
    p.set_defaults(run=run)
