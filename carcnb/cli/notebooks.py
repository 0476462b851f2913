"""``carcnb notebooks DIR``: copy the shipped notebooks and puzzles into DIR, for someone who installed with pip.

The notebooks open their puzzles as ``../puzzles/...``, so DIR gets ``notebooks/`` and ``puzzles/`` side by
side. Existing files are never overwritten unless ``--force``, nothing is ever written through a symlink to
a place outside DIR, and nothing is written when either would be.
"""
from __future__ import annotations

import argparse
import os
from pathlib import Path

from carcnb.cli._files import output_folder
from carcnb.engine.errors import CarcnbError
from carcnb.puzzles.collection import notebook_root, puzzle_root
from carcnb.storage.safewrite import check_folder, refuse_overwrite, write_file

PATTERNS = {"notebooks": "*.ipynb", "puzzles": "*.toml"}


def run(args: argparse.Namespace) -> int:
    out = Path(args.dir)
    check_folder(out)
    copies = []
    for name, root in (("notebooks", notebook_root()), ("puzzles", puzzle_root())):
        copies += [(source, out / name / source.relative_to(root)) for source in sorted(root.rglob(PATTERNS[name]))
                   if ".ipynb_checkpoints" not in source.parts]
    _refuse_links_out(out, [target for _, target in copies])
    there = [target for _, target in copies if os.path.lexists(target)]
    if not args.force:
        refuse_overwrite(there)
    for source, target in copies:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_file(target, source.read_bytes())
    notebooks = sum(1 for _, t in copies if t.suffix == ".ipynb")
    print(f"wrote {notebooks} notebooks to {out / 'notebooks'} and {len(copies) - notebooks} puzzles to "
          f"{out / 'puzzles'}" + (f" ({len(there)} overwritten)" if there else ""))
    print(f"start with: jupyter lab {out / 'notebooks' / '00-start-here.ipynb'}")
    return 0


def _refuse_links_out(out: Path, targets: list[Path]) -> None:
    """Raise when a symlink (a file's or a folder's) would take a copy out of ``out``."""
    inside = Path(os.path.realpath(out))
    for target in targets:
        lands = Path(os.path.realpath(target))
        if not lands.is_relative_to(inside):
            raise CarcnbError(f"{target} leads through a symlink to {lands}, outside {out}: nothing was written; "
                              f"remove the link, or choose another folder")


def register(sub) -> None:
    p = sub.add_parser("notebooks", help="copy the notebooks and puzzles into a folder, to open in JupyterLab")
    p.add_argument("dir", metavar="DIR", type=output_folder)
    p.add_argument("--force", action="store_true", help="overwrite files already there")
    p.set_defaults(run=run)
