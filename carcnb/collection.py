"""Where the shipped puzzle collection lives."""
from __future__ import annotations

from pathlib import Path

from .errors import CarcnbError


def puzzle_root() -> Path:
    """The folder of the puzzle collection: the repository's ``puzzles/`` next to the package."""
    root = Path(__file__).resolve().parent.parent / "puzzles"
    if not root.is_dir():
        raise CarcnbError(f"no puzzle collection at {root}: give a puzzle file or folder")
    return root
