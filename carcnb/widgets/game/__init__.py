"""Play a game against the computer: ``GameModel`` (the table, the turns told in words, Undo, a hint, saving and
loading; no widget library) and ``PlayGame`` (its ipywidgets view: the editor's board to click on, the turn log
and the buttons).

Uses the board editor's model for a person's clicks, the computer players (``carcnb.players``), the telling
(the account of each turn, the rule pages) and the position files; ``PlayGame`` is imported on first use, so
the model (and ``carcnb play``, which drives it from a terminal) loads no drawing or widget library.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from carcnb.widgets.game.model import HUMAN, GameModel, Turn

if TYPE_CHECKING:
    from carcnb.widgets.game.widget import PlayGame

__all__ = ["HUMAN", "GameModel", "PlayGame", "Turn"]


def __getattr__(name: str):
    if name == "PlayGame":
        from carcnb.widgets.game.widget import PlayGame
        return PlayGame
    raise AttributeError(f"module 'carcnb.widgets.game' has no attribute {name!r}")
