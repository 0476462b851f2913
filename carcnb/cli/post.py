"""``carcnb post FILE``: a forum post of the position, ready to paste, with its picture beside it."""
from __future__ import annotations

import argparse
from pathlib import Path

from carcnb.cli._budget import add_max_nodes
from carcnb.cli._files import output_folder
from carcnb.positions.parse import load
from carcnb.storage.safewrite import check_folder, check_writable, refuse_overwrite
from carcnb.telling.post import FORMATS, PictureOptions, post_paths, write_post


def run(args: argparse.Namespace) -> int:
    p = load(args.file)
    check_folder(Path(args.output))
    paths = post_paths(p, args.output, args.format)
    if args.force:
        check_writable(paths)  # every file replaceable, or none is written
    else:
        refuse_overwrite(paths)
    files = write_post(p, args.output, args.format, picture=PictureOptions(args.coords, args.caption, args.legend))
    print(f"wrote {files.text_path} and {files.picture_path}")
    return 0


def register(sub) -> None:
    p = sub.add_parser("post", help="a forum post of the position: the question, the pictures, the verdict, what "
                                    "happens, the readings that change the answer and the position text")
    p.add_argument("file")
    p.add_argument("-o", "--output", default=".", type=output_folder, metavar="DIR", help="the folder to write into (default: here)")
    p.add_argument("--format", choices=FORMATS, default="markdown",
                   help="markdown, bbcode (the tags every forum reads), bgg (BoardGameGeek) or html (a page of "
                        "its own)")
    p.add_argument("--no-coords", dest="coords", action="store_false", help="hide the column and row numbers")
    p.add_argument("--caption", metavar="TEXT", help="a caption under the position's picture")
    p.add_argument("--legend", action="store_true", help="the legend beside the board")
    p.add_argument("--force", action="store_true", help="overwrite a post of the same name already there")
    p.set_defaults(run=run)
    add_max_nodes(p)
