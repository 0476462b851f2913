"""``carcnb render FILE -o OUT``: a picture of the position (PNG or SVG), with coordinates, an optional
caption and legend; a puzzle (or a position with a tile in hand) is a decision picture, with who moves, the
points, supplies and rulings over the board and the tile in hand beside it; ``--compare RULING`` draws it
under each option of a ruling side by side; with no FILE, ``--legend`` writes the legend alone."""
from __future__ import annotations

import argparse
import sys
import warnings
from pathlib import Path

from carcnb.cli._budget import add_max_nodes
from carcnb.cli._files import output_file
from carcnb.engine.errors import CarcnbError, printable
from carcnb.positions.parse import load
from carcnb.storage.safewrite import check_folder, write_file


def run(args: argparse.Namespace) -> int:
    from carcnb.telling.render import PictureScaled

    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always", PictureScaled)
        _draw(args)
    for warning in said:
        print(f"carcnb render: {warning.message}", file=sys.stderr)
    print(f"wrote {args.output}")
    return 0


def _draw(args: argparse.Namespace) -> None:
    from carcnb.telling.render import compare_png, legend_png, save_picture

    out = Path(args.output)
    check_folder(out.parent)  # before the drawing: a picture that cannot be written is not drawn
    suffix = out.suffix.lower()
    if args.file is None:
        if not args.legend:
            raise CarcnbError("render needs a position FILE (or --legend without a FILE, for the legend alone)")
        if suffix != ".png":
            raise CarcnbError(f"the legend alone is written as PNG: name the output *.png, not {out.name!r}")
        _write(out, legend_png(px_per_tile=args.px))
    elif args.compare:
        if suffix != ".png":
            raise CarcnbError(f"a ruling comparison is written as PNG: name the output *.png, not {out.name!r}")
        if args.caption:
            raise CarcnbError("--caption does not go with --compare: each panel's caption is its verdict")
        _write(out, compare_png(load(args.file), args.compare, px_per_tile=args.px, coords=args.coords,
                                legend=args.legend))
    else:
        p = load(args.file)
        decision = args.decision and (p.question is not None or p.hand is not None or bool(p.played))
        try:
            save_picture(p, out, px_per_tile=args.px, coords=args.coords, caption=args.caption,
                         legend=args.legend, at_end=args.at_end, decision=decision)
        except OSError as e:
            raise CarcnbError(f"cannot write {str(out)!r}: {e.strerror}") from None


def _write(path: Path, data: bytes) -> None:
    try:
        write_file(path, data)
    except OSError as e:
        raise CarcnbError(f"cannot write {str(path)!r}: {e.strerror}") from None


def _px(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of pixels per tile, got {text!r}") from None
    if not 16 <= value <= 400:
        raise argparse.ArgumentTypeError(f"pixels per tile must be between 16 and 400, got {value}")
    return value


def register(sub) -> None:
    p = sub.add_parser("render", help="a picture of the position (PNG or SVG)",
                       description="A picture of the position, with column and row numbers. --compare draws it "
                                   "under each option of a ruling side by side, marking what scores differently; "
                                   "--legend without FILE writes the legend alone.")
    p.add_argument("file", nargs="?", help="the position or puzzle file")
    p.add_argument("-o", "--output", required=True, type=output_file, help="the picture to write: .png or .svg")
    p.add_argument("--no-coords", dest="coords", action="store_false", help="hide the column and row numbers")
    p.add_argument("--caption", metavar="TEXT", type=printable, help="a caption under the picture")
    p.add_argument("--legend", action="store_true", help="the legend beside the board (alone without FILE)")
    p.add_argument("--compare", metavar="RULING", help="the position under each option of RULING, side by side")
    p.add_argument("--at-end", action="store_true",
                   help="the board as the final scoring sees it (the earthquake's tokens down)")
    p.add_argument("--board-only", dest="decision", action="store_false",
                   help="a puzzle or a position with a tile in hand without its header (who moves, points, supplies, "
                        "rulings) and the tile in hand beside the board")
    p.add_argument("--px", type=_px, default=80, metavar="N", help="pixels per tile (default 80)")
    p.set_defaults(run=run)
    add_max_nodes(p)
