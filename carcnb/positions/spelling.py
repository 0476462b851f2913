"""Which legal action a player's action means: answers are compared as game actions, not as text.

The legal actions name each feature of a tile by one port (its anchor) and a ferry's ends in one order, but a
player may name the feature by any of its ports (``deploy 0,1 NNE`` for the field ``NNW`` names) and the ends
in either order (``ferry 1,0 W-S`` for ``S-W``). Both mean the same decision and are the same answer.
"""
from __future__ import annotations

from carcnb.engine.actions import Action, Deploy, Drop, Ferry, Pick, Remove
from carcnb.engine.state import GameState

_ON_A_FEATURE = (Deploy, Remove, Pick, Drop)


def meant(state: GameState, given: Action) -> Action | None:
    """The legal action at ``state`` that ``given`` means (None when it means none of them)."""
    legal = state.legal_actions()
    if given in legal:
        return given
    sense = _sense(state, given)
    if sense is None:
        return None
    return next((a for a in legal if _sense(state, a) == sense), None)


def _sense(state: GameState, a: Action) -> tuple | None:
    """What an action does, whatever port spells it: the feature (segment) each of its ports stands for."""
    board = state.board
    if isinstance(a, _ON_A_FEATURE):
        node = board.node_at(a.pos, a.port)
        return None if node is None else (type(a), getattr(a, "color", None), node)
    if isinstance(a, Ferry):
        ends = [board.node_at(a.pos, port) or (a.pos, -1 - port) for port in (a.a, a.b)]
        return (Ferry, a.pos, frozenset(ends))
    return None
