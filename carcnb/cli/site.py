"""``carcnb site [PATH ...] -o DIR``: the notebooks as a static website, readable with no Python."""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from carcnb.cli._files import output_folder
from carcnb.storage.safewrite import check_folder

COLOUR = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")  # a terminal's colour and cursor codes (ANSI CSI sequences)


def notebooks_in(paths: list[str]) -> list[Path]:
    """The notebooks named, and those in the folders named (sorted by name, checkpoints left out)."""
    found = []
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found += sorted(p for p in path.glob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
        else:
            found.append(path)
    return found


def run(args: argparse.Namespace) -> int:
    check_folder(Path(args.output))  # before the notebook tools are loaded, which takes seconds
    from carcnb.site import NotebookFailed, build_site

    try:
        written = build_site(notebooks_in(args.paths), Path(args.output), force=args.force)
    except NotebookFailed as e:  # the kernel's traceback is coloured for a terminal: plain text elsewhere
        said = str(e) if sys.stderr.isatty() else COLOUR.sub("", str(e))
        print(f"carcnb site: {said}", file=sys.stderr)
        return 1
    print(f"wrote {len(written)} pages; open {written[-1]}")
    return 0


def register(sub) -> None:
    p = sub.add_parser("site", help="the notebooks as a static website (executed, code hidden)")
    p.add_argument("paths", nargs="*", default=["notebooks"], help="notebooks or folders (default: notebooks)")
    p.add_argument("-o", "--output", default="site", type=output_folder, help="the folder to write (default: site)")
    p.add_argument("--force", action="store_true", help="overwrite pages already there")
    p.set_defaults(run=run)
