"""``carcnb render FILE -o OUT``: a picture of the position (PNG or SVG)."""
from __future__ import annotations

import argparse

from ..position import load


def run(args: argparse.Namespace) -> int:
    from ..render import save_picture
    save_picture(load(args.file), args.output)
    print(f"wrote {args.output}")
    return 0


def register(sub) -> None:
    p = sub.add_parser("render", help="a picture of the position (PNG or SVG)")
    p.add_argument("file")
    p.add_argument("-o", "--output", required=True)
    p.set_defaults(run=run)
