"""The board editor: ``EditorModel`` (state and logic, no widgets) and ``BoardEditor`` (its ipywidgets view).

``BoardEditor`` is imported on first use, so the model stays usable where ipywidgets is not installed.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from carcnb.widgets.editor.model import EditorModel

if TYPE_CHECKING:
    from carcnb.widgets.editor.widget import BoardEditor

__all__ = ["BoardEditor", "EditorModel"]


def __getattr__(name: str):
    if name == "BoardEditor":
        from carcnb.widgets.editor.widget import BoardEditor
        return BoardEditor
    raise AttributeError(f"module 'carcnb.widgets.editor' has no attribute {name!r}")
