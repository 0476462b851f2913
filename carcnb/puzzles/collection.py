"""Where the shipped puzzle collection and notebooks live.

The repository's ``puzzles/`` and ``notebooks/`` are the source. A wheel carries copies of both inside the
package (``carcnb/data/puzzles``, ``carcnb/data/notebooks``: see ``setup.py``), so that ``pip install carcnb`` has
them; a checkout of the repository (or an editable install of it) finds them next to the package.
"""
from __future__ import annotations

from pathlib import Path

from carcnb.engine.errors import CarcnbError

PACKAGE = Path(__file__).resolve().parents[1]  # the carcnb package


def puzzle_root() -> Path:
    """The folder of the puzzle collection."""
    return _shipped("puzzles", "give a puzzle file or folder")


def notebook_root() -> Path:
    """The folder of the notebooks."""
    return _shipped("notebooks", "reinstall carcnb, or open the notebooks of a checkout of the repository")


def _shipped(name: str, fix: str) -> Path:
    installed, checkout = PACKAGE / "data" / name, PACKAGE.parent / name
    if installed.is_dir():
        return installed
    if checkout.is_dir() and (PACKAGE.parent / "pyproject.toml").is_file():
        return checkout
    raise CarcnbError(f"no {name} shipped with carcnb (looked in {installed} and {checkout}): {fix}")
