"""Puzzles to solve: ``PuzzleModel`` and ``BrowserModel`` (state and logic, no widgets), and their
ipywidgets views ``PuzzleBoard`` and ``PuzzleBrowser``.

The views are imported on first use, so the models stay usable where ipywidgets is not installed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from carcnb.widgets.puzzleboard.browser_model import BrowserModel
from carcnb.widgets.puzzleboard.model import PuzzleModel

if TYPE_CHECKING:
    from carcnb.widgets.puzzleboard.browser import PuzzleBrowser
    from carcnb.widgets.puzzleboard.widget import PuzzleBoard

__all__ = ["BrowserModel", "PuzzleBoard", "PuzzleBrowser", "PuzzleModel"]


def __getattr__(name: str):
    if name == "PuzzleBoard":
        from carcnb.widgets.puzzleboard.widget import PuzzleBoard
        return PuzzleBoard
    if name == "PuzzleBrowser":
        from carcnb.widgets.puzzleboard.browser import PuzzleBrowser
        return PuzzleBrowser
    raise AttributeError(f"module 'carcnb.widgets.puzzleboard' has no attribute {name!r}")
