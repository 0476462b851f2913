"""``carcnb notebooks DIR``: copy the shipped notebooks and puzzles into DIR, for someone who installed with pip.

The notebooks open their puzzles as ``../puzzles/...``, so DIR gets ``notebooks/`` and ``puzzles/`` side by
side. Existing files are never overwritten unless ``--force``; nothing is written when one would be.
"""
from __future__ import annotations

import argparse
import shutil
from pathlib import Path

from ..collection import notebook_root, puzzle_root
from ..errors import CarcnbError

PATTERNS = {"notebooks": "*.ipynb", "puzzles": "*.toml"}


def run(args: argparse.Namespace) -> int:
    out = Path(args.dir)
    if out.exists() and not out.is_dir():
        raise CarcnbError(f"{out}: not a directory")
    copies = []
    for name, root in (("notebooks", notebook_root()), ("puzzles", puzzle_root())):
        copies += [(source, out / name / source.relative_to(root)) for source in sorted(root.rglob(PATTERNS[name]))
                   if ".ipynb_checkpoints" not in source.parts]
    there = [target for _, target in copies if target.exists()]
    if there and not args.force:
        raise CarcnbError(f"{len(there)} of the files are already in {out} (the first: {there[0]}): nothing was "
                          f"written; add --force to overwrite them, or choose another folder")
    for source, target in copies:
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
    notebooks = sum(1 for _, t in copies if t.suffix == ".ipynb")
    print(f"wrote {notebooks} notebooks to {out / 'notebooks'} and {len(copies) - notebooks} puzzles to "
          f"{out / 'puzzles'}" + (f" ({len(there)} overwritten)" if there else ""))
    print(f"start with: jupyter lab {out / 'notebooks' / '00-start-here.ipynb'}")
    return 0


def register(sub) -> None:
    p = sub.add_parser("notebooks", help="copy the notebooks and puzzles into a folder, to open in JupyterLab")
    p.add_argument("dir", metavar="DIR")
    p.add_argument("--force", action="store_true", help="overwrite files already there")
    p.set_defaults(run=run)
