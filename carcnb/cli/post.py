"""``carcnb post FILE``: a forum post of the position, ready to paste, with its picture beside it."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..position import load
from ..post import FORMATS, post_paths, write_post
from ..safewrite import check_folder, refuse_overwrite
from ._budget import add_max_nodes
from .readings import clear_progress, show_progress


def run(args: argparse.Namespace) -> int:
    p = load(args.file)
    check_folder(Path(args.output))
    if not args.force:
        refuse_overwrite(post_paths(p, args.output, args.format))
    on_terminal = sys.stderr.isatty()
    try:
        files = write_post(p, args.output, args.format, show_progress if on_terminal else None, args.max_nodes)
    finally:
        if on_terminal:
            clear_progress()
    print(f"wrote {files.text_path} and {files.picture_path}")
    return 0


def register(sub) -> None:
    p = sub.add_parser("post", help="a forum post of the position: picture, position text, question, verdict "
                                    "and the answer under each reading of the rules")
    p.add_argument("file")
    p.add_argument("-o", "--output", default=".", metavar="DIR", help="the folder to write into (default: here)")
    p.add_argument("--format", choices=FORMATS, default="markdown")
    p.add_argument("--force", action="store_true", help="overwrite a post of the same name already there")
    p.set_defaults(run=run)
    add_max_nodes(p)
